#!/usr/bin/env bash
# Builds the libFuzzer targets of libframes into build-fuzz/:
#   build-fuzz/lib/libframes.so.1   the library, instrumented
#   build-fuzz/bin/fuzz_<target>    one libFuzzer binary per target (fuzz/targets.txt)
#
# The library: the Embedded Swift build CMake ships (scripts/build_embedded.sh
# --fuzzer), or with FRAMES_EMBEDDED_SWIFT=0 the SwiftPM release build, with
# AddressSanitizer and libFuzzer's
# coverage (inline 8-bit counters, PC table, comparison tracing). Two things
# are not obvious (docs/reliability.md, "How the build works"):
#  - `swiftc -sanitize=fuzzer` is dropped by the driver in whole-module mode
#    (SwiftPM's release mode), so it is passed to the frontend directly
#    (-Xfrontend -sanitize=fuzzer). -sanitize-coverage=edge alone gives
#    trace-pc-guard, which today's libFuzzer refuses.
#  - The library is linked with `-z defs` elsewhere; the ASan and
#    coverage symbols come from the harness executable, so the link is told
#    to only warn about unresolved symbols. No sanitizer or fuzzer runtime is
#    linked into the library: libFuzzer and ASan come once, from the harness
#    link (clang -fsanitize=fuzzer,address).
#
#   bash fuzz/build.sh            # env: SWIFT (default swift), CLANG (default: the toolchain's clang)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/build-fuzz
SWIFT=${SWIFT:-swift}
if [ -z "${CLANG:-}" ]; then
  CLANG=$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/clang
  [ -x "$CLANG" ] || CLANG=clang
fi
mkdir -p "$OUT/lib" "$OUT/bin"
# build-fuzz/ ignores itself (no .gitignore change needed).
[ -f "$OUT/.gitignore" ] || echo '*' > "$OUT/.gitignore"

start=$(date +%s)
if [ "${FRAMES_EMBEDDED_SWIFT:-1}" != 0 ]; then
  # The Embedded Swift build (docs/decisions.md, "Embedded Swift").
  echo "== instrumented libframes (Embedded Swift, ASan + libFuzzer coverage)"
  CC="$CLANG" bash "$ROOT/scripts/build_embedded.sh" "$OUT/embedded" --fuzzer > "$OUT/swift-build.log" 2>&1 || {
    tail -n 40 "$OUT/swift-build.log"
    echo "fuzz/build.sh: the Embedded Swift build failed (full log: $OUT/swift-build.log)" >&2
    exit 1
  }
  LIB=$OUT/embedded/libframes.so.1
else
  echo "== instrumented libframes (swift build, ASan + libFuzzer coverage)"
  "$SWIFT" build -c release --product frames --scratch-path "$OUT/swiftpm" -j 2 \
    -Xswiftc -sanitize=address \
    -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer \
    -Xlinker --warn-unresolved-symbols > "$OUT/swift-build.log" 2>&1 || {
      grep -v 'warning: undefined reference\|warning: Cannot export' "$OUT/swift-build.log" | tail -n 40
      echo "fuzz/build.sh: swift build failed (full log: $OUT/swift-build.log)" >&2
      exit 1
    }
  LIB=$OUT/swiftpm/release/libframes.so
fi
SYMS=$(nm -D "$LIB")
if ! grep -q __sanitizer_cov_8bit_counters_init <<< "$SYMS"; then
  echo "fuzz/build.sh: $LIB has no libFuzzer coverage (inline 8-bit counters)" >&2
  exit 1
fi
if grep -q ' T LLVMFuzzer\| T __asan_init' <<< "$SYMS"; then
  echo "fuzz/build.sh: $LIB carries a fuzzer or ASan runtime of its own" >&2
  exit 1
fi
cp -f "$LIB" "$OUT/lib/libframes.so.1.new" && mv -f "$OUT/lib/libframes.so.1.new" "$OUT/lib/libframes.so.1"
ln -sf libframes.so.1 "$OUT/lib/libframes.so"

echo "== harnesses ($CLANG -fsanitize=fuzzer,address)"
CFLAGS=(-g -O1 -fsanitize=fuzzer,address -fno-omit-frame-pointer -Wall -Wextra -Werror -I"$ROOT/include" -I"$ROOT/Tests/c")
LDFLAGS=(-fuse-ld=lld -L"$OUT/lib" -lframes "-Wl,-rpath,\$ORIGIN/../lib")
"$CLANG" "${CFLAGS[@]}" -c "$ROOT/fuzz/fuzz_common.c" -o "$OUT/bin/fuzz_common.o"
"$CLANG" "${CFLAGS[@]}" -c "$ROOT/Tests/c/sha256.c" -o "$OUT/bin/sha256.o"
for target in $(grep -v '^#' "$ROOT/fuzz/targets.txt" | awk 'NF {print $1}'); do
  "$CLANG" "${CFLAGS[@]}" "$ROOT/fuzz/$target.c" "$OUT/bin/fuzz_common.o" "$OUT/bin/sha256.o" "${LDFLAGS[@]}" -o "$OUT/bin/$target"
  echo "  $OUT/bin/$target"
done
echo "fuzz/build.sh: done in $(( $(date +%s) - start )) s"
