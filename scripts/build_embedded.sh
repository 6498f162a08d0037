#!/usr/bin/env bash
# Builds libframes.so with Embedded Swift: the engine, the C shims and the
# C helpers compiled together, linked with nothing but libc and libm
# (docs/decisions.md, "Embedded Swift"). CMake calls it for the library it
# builds and installs, the Python package for the library it bundles,
# scripts/sanitizers.sh and fuzz/build.sh for their instrumented copies,
# the benchmarks for theirs — unless FRAMES_EMBEDDED_SWIFT is off (CMake's
# option, 0 in the environment for the others), the fallback to the
# standard-mode build. Tested with Swift 6.3.1 (Embedded Swift is an
# experimental feature: another version gets a warning, not a refusal).
#
#   bash scripts/build_embedded.sh OUT_DIR [--opt -Osize|-O] [--sanitize address|thread] [--fuzzer]
#
# Writes OUT_DIR/libframes.so.1 (soname libframes.so.1, only frames_*
# exported: Sources/FramesCABI/frames.map) and the link OUT_DIR/libframes.so,
# with its symbols (strip it to ship it; CMake and the Python package do).
# --sanitize instruments the Swift and the C code and links the library
# against clang's shared sanitizer runtime (scripts/sanitizers.sh);
# --fuzzer instruments for ASan with libFuzzer's coverage counters and
# leaves both runtimes to the fuzz target that loads it (fuzz/build.sh). Needs the Swift
# toolchain's Embedded standard library for this machine
# (lib/swift/embedded/<arch>-unknown-linux-gnu) and its lld; SWIFTC (the
# swiftc on PATH by default) names the toolchain; CC (gcc by
# default, the toolchain's clang with --sanitize or --fuzzer) compiles the C
# and links. Rebuilds everything when a source changed (about 2-4 minutes on
# 2 cores), nothing when OUT_DIR's library is up to date.
set -euo pipefail

usage() { echo "usage: bash scripts/build_embedded.sh OUT_DIR [--opt -Osize|-O] [--sanitize address|thread] [--fuzzer]" >&2; exit 2; }
[ $# -ge 1 ] || usage
out="$1"
shift
opt=-Osize
sanitize=""
fuzzer=false
while [ $# -gt 0 ]; do
    case "$1" in
        --opt) [ $# -ge 2 ] || usage; opt="$2"; shift 2 ;;
        --sanitize) [ $# -ge 2 ] || usage; sanitize="$2"; shift 2 ;;
        --fuzzer) fuzzer=true; shift ;;
        *) echo "build_embedded.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
case "$opt" in -Osize|-O) ;; *) echo "build_embedded.sh: --opt takes -Osize or -O, not '$opt'" >&2; exit 2 ;; esac
case "$sanitize" in ""|address|thread) ;; *) echo "build_embedded.sh: --sanitize takes address or thread, not '$sanitize'" >&2; exit 2 ;; esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
swiftc="${SWIFTC:-$(command -v swiftc || true)}"
[ -n "$swiftc" ] || { echo "build_embedded.sh: swiftc is not on PATH (the Swift toolchain) and SWIFTC is not set" >&2; exit 1; }
swift_bin="$(dirname "$(readlink -f "$swiftc")")"
arch="$(uname -m)"
embedded="$swift_bin/../lib/swift/embedded/$arch-unknown-linux-gnu"
if [ ! -d "$embedded" ]; then
    echo "build_embedded.sh: this toolchain has no Embedded Swift for $arch Linux ($embedded);" \
         "build the standard-mode library instead (cmake -DFRAMES_EMBEDDED_SWIFT=OFF, or FRAMES_EMBEDDED_SWIFT=0)" >&2
    exit 1
fi
[ -x "$swift_bin/ld.lld" ] || { echo "build_embedded.sh: no ld.lld next to swiftc ($swift_bin)" >&2; exit 1; }
if [ -n "$sanitize" ] || $fuzzer; then
    cc="${CC:-$swift_bin/clang}"
else
    cc="${CC:-gcc}"
fi

mkdir -p "$out/obj"
obj="$out/obj"

# Up to date: built with the same options from sources no newer than it
# (CMake then the Python package, or the other way round, build once).
# The compilers by version, not by name (CMake's cc is this script's gcc).
stamp="$opt ${sanitize:-plain} $fuzzer $("$cc" --version 2>&1 | head -n 1 | sed 's/^[^ ]* //') $("$swiftc" --version 2>&1 | head -n 1)"
if [ -f "$out/libframes.so.1" ] && [ "$(cat "$out/build.stamp" 2>/dev/null)" = "$stamp" ] &&
   [ -z "$(find "$root/Sources" "$root/include/frames.h" "${BASH_SOURCE[0]}" -newer "$out/libframes.so.1" -print -quit)" ]; then
    echo "build_embedded.sh: $out/libframes.so.1 is up to date"
    exit 0
fi
rm -f "$out/build.stamp"
case "$("$swiftc" --version 2>&1 | head -n 1)" in
    *"Swift version 6.3.1 "*|*"Swift version 6.3.1-"*) ;;
    *) echo "build_embedded.sh: warning: Embedded Swift is tested with Swift 6.3.1, this is" \
            "$("$swiftc" --version 2>&1 | head -n 1); if the build or a test fails," \
            "FRAMES_EMBEDDED_SWIFT=0 (CMake: -DFRAMES_EMBEDDED_SWIFT=OFF) builds the standard mode" >&2 ;;
esac

# LLVM bitcode for the link to optimize as one program (lld's LTO): only
# frames_* are exported, so everything else is internal to it, and the
# library is about 60 KB smaller than with the two modules' objects linked
# as they are. Not for the instrumented builds, whose size does not matter.
lto=(-lto=llvm-full)
if [ -n "$sanitize" ] || $fuzzer; then lto=(); fi
# Each function and datum in its own section, so that the link keeps only
# what frames_* reach (--gc-sections).
swift_flags=(-enable-experimental-feature Embedded -wmo -parse-as-library "$opt" "${lto[@]}"
             -Xfrontend -function-sections -enforce-exclusivity=unchecked
             -I "$root/Sources/CFramesSHA/include" -I "$root/Sources/CFramesNumber/include")
c_flags=(-O2 -fPIC -ffunction-sections -fdata-sections -fvisibility=hidden)
link_flags=(-Wl,-z,defs)
if $fuzzer; then
    # The fuzz targets link ASan and libFuzzer statically; the library
    # leaves their symbols for the target to supply.
    swift_flags+=(-sanitize=address -Xfrontend -sanitize=fuzzer)
    c_flags+=(-fsanitize=address,fuzzer-no-link -fno-omit-frame-pointer -g)
    link_flags=(-Wl,--unresolved-symbols=ignore-all)
elif [ -n "$sanitize" ]; then
    # Linked against clang's shared sanitizer runtime (DT_NEEDED and
    # RUNPATH), which every host then shares (scripts/sanitizers.sh).
    short=$([ "$sanitize" = address ] && echo asan || echo tsan)
    runtime="$("$cc" -print-file-name="libclang_rt.$short-$arch.so")"
    swift_flags+=(-sanitize="$sanitize")
    c_flags+=(-fsanitize="$sanitize" -fno-omit-frame-pointer -g)
    link_flags=(-Wl,-z,defs "$runtime" -Wl,-rpath,"$(dirname "$runtime")")
fi

"$cc" "${c_flags[@]}" -I "$root/Sources/CFramesSHA/include" -c "$root/Sources/CFramesSHA/sha256_cpu.c" -o "$obj/sha256_cpu.o"
"$cc" "${c_flags[@]}" -I "$root/Sources/CFramesNumber/include" -c "$root/Sources/CFramesNumber/decimal.c" -o "$obj/decimal.o"
"$cc" "${c_flags[@]}" -c "$root/Sources/CFramesEmbedded/arc4random.c" -o "$obj/arc4random.o"

core_sources=()
while IFS= read -r -d '' f; do core_sources+=("$f"); done < <(find "$root/Sources/FramesCore" -name '*.swift' -print0 | sort -z)
cabi_sources=()
while IFS= read -r -d '' f; do cabi_sources+=("$f"); done < <(find "$root/Sources/FramesCABI" -name '*.swift' -print0 | sort -z)

"$swiftc" "${swift_flags[@]}" -module-name FramesCore \
    -emit-module -emit-module-path "$obj/FramesCore.swiftmodule" \
    "${core_sources[@]}" -c -o "$obj/FramesCore.o"
"$swiftc" "${swift_flags[@]}" -module-name FramesCABI -I "$obj" \
    -Xcc -fmodule-map-file="$root/Sources/CFrames/module.modulemap" \
    "${cabi_sources[@]}" -c -o "$obj/FramesCABI.o"

# lld: link-time optimization of the bitcode; identical code folding
# (--icf=all) merges the many identical specializations Embedded Swift
# makes. No packed relative relocations (-z pack-relative-relocs): they
# save 29 KB but need glibc 2.36 to load, and the library keeps to 2.34
# (docs/decisions.md, "Embedded Swift").
"$cc" -shared -o "$out/libframes.so.1.new" \
    "$obj/FramesCore.o" "$obj/FramesCABI.o" "$obj/sha256_cpu.o" "$obj/decimal.o" "$obj/arc4random.o" \
    -B"$swift_bin" -fuse-ld=lld -Wl,--icf=all \
    -Wl,--version-script="$root/Sources/FramesCABI/frames.map" -Wl,-soname=libframes.so.1 \
    -Wl,--gc-sections "${link_flags[@]}" \
    "$embedded/libswiftUnicodeDataTables.a" -lm
mv -f "$out/libframes.so.1.new" "$out/libframes.so.1"
ln -sf libframes.so.1 "$out/libframes.so"
printf '%s' "$stamp" > "$out/build.stamp"
