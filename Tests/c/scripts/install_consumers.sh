#!/bin/sh
# install_consumers — `cmake --install` gives a usable, relocatable prefix
# (docs/decisions.md, "Build and ABI"): installs the build into a temporary
# prefix, checks the installed file set, then builds and runs a small C
# program against it
#   1. with pkg-config:  cc $(pkg-config --cflags --libs frames)
#   2. with CMake:       find_package(Frames 1.0 REQUIRED) + Frames::frames,
#      after moving the whole prefix elsewhere (FramesConfig.cmake locates
#      everything relative to itself)
# and compares their output.
#
# usage: install_consumers.sh <cmake> <build dir> <consumer source dir> <cc>
#        <libdir> <includedir> <version> <soname>
set -eu
cmake=$1
build=$2
consumer=$3
cc=$4
libdir=$5
includedir=$6
version=$7
soname=$8
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
status=0
fail() { echo "FAIL: $*"; status=1; }

echo "== cmake --install $build --prefix $prefix"
"$cmake" --install "$build" --prefix "$prefix" > "$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; fail "install failed"; exit 1; }
(cd "$prefix" && find . \( -type f -o -type l \) | LC_ALL=C sort | sed 's/^/  /')

echo "== installed file set"
lib=$prefix/$libdir
check_file() { if [ -f "$1" ] && [ ! -L "$1" ]; then echo "  ok file $1"; else fail "missing file $1"; fi; }
check_link() {
    if [ -L "$1" ] && [ "$(readlink "$1")" = "$2" ]; then echo "  ok link $1 -> $2"
    else fail "$1 is not a symlink to $2"; fi
}
check_file "$prefix/$includedir/frames.h"
check_file "$lib/libframes.so.$version"
check_link "$lib/$soname" "libframes.so.$version"
check_link "$lib/libframes.so" "$soname"
check_file "$lib/pkgconfig/frames.pc"
check_file "$lib/cmake/Frames/FramesConfig.cmake"
check_file "$lib/cmake/Frames/FramesConfigVersion.cmake"
check_file "$prefix/share/frames/frames-inline-bridge.js"
[ -x "$lib/libframes.so.$version" ] || fail "libframes.so.$version is not executable (mode of a shared library)"
# Installed stripped: no static symbol table (the build tree keeps one).
if readelf -S "$lib/libframes.so.$version" | grep -q '\.symtab'; then
    fail "the installed libframes.so.$version is not stripped (it has .symtab)"
else
    echo "  ok stripped: $(wc -c < "$lib/libframes.so.$version") bytes installed, $(wc -c < "$build/libframes.so.$version") in the build tree"
fi
expected_output="frames $version: 2 banners, content height 571"

echo "== pkg-config"
export PKG_CONFIG_PATH="$lib/pkgconfig"
sed 's/^/  /' "$lib/pkgconfig/frames.pc"
pc_version=$(pkg-config --modversion frames) || fail "pkg-config does not find frames"
[ "$pc_version" = "$version" ] || fail "pkg-config --modversion frames is '$pc_version', expected $version"
bridge=$(pkg-config --variable=inline_bridge_script frames)
[ -f "$bridge" ] && echo "  inline_bridge_script: $bridge" || fail "pkg-config's inline_bridge_script '$bridge' is not a file"
flags=$(pkg-config --cflags --libs frames)
echo "  pkg-config --cflags --libs frames: $flags"
# shellcheck disable=SC2086
if "$cc" -std=c99 -Wall -Wextra -Werror -pedantic -o "$tmp/consumer_pc" "$consumer/consumer.c" $flags; then
    out=$(LD_LIBRARY_PATH="$lib" "$tmp/consumer_pc") || fail "the pkg-config consumer failed to run"
    echo "  output: $out"
    [ "$out" = "$expected_output" ] || fail "pkg-config consumer printed '$out', expected '$expected_output'"
    needed=$(readelf -d "$tmp/consumer_pc" | sed -n 's/.*(NEEDED).*\[\(libframes[^]]*\)\]/\1/p')
    [ "$needed" = "$soname" ] || fail "the consumer needs '$needed', expected $soname"
else
    fail "the pkg-config consumer does not compile"
fi

echo "== find_package(Frames) from a moved prefix"
moved=$tmp/moved/elsewhere
mkdir -p "$tmp/moved"
mv "$prefix" "$moved"
grep -q "$prefix" "$moved/$libdir/cmake/Frames/FramesConfig.cmake" && fail "FramesConfig.cmake contains the absolute install prefix"
if "$cmake" -S "$consumer" -B "$tmp/consumer-build" -DCMAKE_PREFIX_PATH="$moved" -DCMAKE_C_COMPILER="$cc" \
        -DCMAKE_BUILD_TYPE=Release > "$tmp/configure.log" 2>&1 &&
   "$cmake" --build "$tmp/consumer-build" > "$tmp/build.log" 2>&1; then
    grep "Found Frames" "$tmp/configure.log" | sed 's/^/  /'
    # CMake gives the consumer a build RPATH to the imported library's directory.
    out=$("$tmp/consumer-build/consumer") || fail "the CMake consumer failed to run"
    echo "  output: $out"
    [ "$out" = "$expected_output" ] || fail "CMake consumer printed '$out', expected '$expected_output'"
else
    cat "$tmp/configure.log" "$tmp/build.log" 2>/dev/null | sed 's/^/  /'
    fail "the CMake consumer does not configure/build"
fi

echo "== find_package(Frames 2.0) must not accept $version (SameMajorVersion)"
cat > "$tmp/CMakeLists.txt" <<'EOC'
cmake_minimum_required(VERSION 3.20)
project(major_check LANGUAGES C)
find_package(Frames 2.0 QUIET)
if(Frames_FOUND)
  message(FATAL_ERROR "Frames ${Frames_VERSION} accepted for a request of 2.0")
endif()
EOC
mkdir -p "$tmp/major"
cp "$tmp/CMakeLists.txt" "$tmp/major/"
"$cmake" -S "$tmp/major" -B "$tmp/major-build" -DCMAKE_PREFIX_PATH="$moved" -DCMAKE_C_COMPILER="$cc" > "$tmp/major.log" 2>&1 ||
    { sed 's/^/  /' "$tmp/major.log"; fail "find_package(Frames 2.0) accepted version $version"; }

[ $status -eq 0 ] && echo "PASS: installed prefix works with pkg-config and find_package(Frames)"
exit $status
