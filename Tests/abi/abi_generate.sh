#!/bin/sh
# abi_generate — derives the ABI description of include/frames.h into <out>:
#   functions.json            (gen_functions.py, from the header via clang)
#   VERSION                   FRAMES_VERSION_MAJOR.MINOR.PATCH of the header
#   libframes.so.M.functions  one line per function: name, return, parameter types
#   libframes.so.M.layout     sizeof/alignof of every struct, offsetof/sizeof/type of every field
#   libframes.so.M.abi        abidw of a stub ELF object compiled (-g) from the header
#                             (abi_tool.py explains why not abidw of the Swift library)
# where M is FRAMES_VERSION_MAJOR (the soname's number).
# Used by abi_check.sh (to compare with abi/) and update_baseline.sh (to write abi/).
#
# usage: abi_generate.sh <cc> <clang> <include/frames.h> <out dir>
set -eu
cc=$1
clang=$2
header=$3
out=$4
here=$(cd "$(dirname "$0")" && pwd)
include_dir=$(cd "$(dirname "$header")" && pwd)
mkdir -p "$out"
version=$(sed -n 's/^#define FRAMES_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9][0-9]*\).*/\2/p' "$header" | paste -sd. -)
case $version in [0-9]*.[0-9]*.[0-9]*) ;; *) echo "abi_generate: no FRAMES_VERSION_MAJOR/MINOR/PATCH in $header"; exit 1 ;; esac
echo "$version" > "$out/VERSION"
so=libframes.so.${version%%.*}

python3 "$here/gen_functions.py" "$clang" "$header" > "$out/functions.json"
python3 "$here/abi_tool.py" signatures "$out/functions.json" > "$out/$so.functions"
python3 "$here/abi_tool.py" layout-c "$out/functions.json" > "$out/layout.c"
"$cc" -std=c11 -Wall -Wextra -Werror -I "$include_dir" -o "$out/layout" "$out/layout.c"
"$out/layout" > "$out/$so.layout"
python3 "$here/abi_tool.py" stub "$out/functions.json" > "$out/stub.c"
# -fno-eliminate-unused-debug-types: every struct of the header is described,
# also one no function reaches (yet).
"$cc" -std=c99 -g -O0 -fPIC -shared -fno-eliminate-unused-debug-types -Wall -Wextra -Werror \
    -I "$include_dir" -Wl,-soname,$so -o "$out/$so" "$out/stub.c"
abidw --no-show-locs --no-corpus-path --no-comp-dir-path "$out/$so" > "$out/$so.abi"
