#!/usr/bin/env bash
# Replays every reproducer and seed through the libFuzzer binaries in their
# non-fuzzing mode (each file is one run): what the normal test suite calls.
#
#   fuzz/regressions/<target>/*        must pass (fixed findings)
#   fuzz/regressions/<target>/known/*  open findings (fuzz/known-issues.txt):
#                                      expected to fail until fixed; reported, not fatal
#   fuzz/seeds/<target>/*              must pass
#
# Needs no corpus state. Builds the harnesses first unless FUZZ_NO_BUILD=1.
#   bash fuzz/replay.sh
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/build-fuzz
if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
  bash fuzz/build.sh > "$OUT.build.log" 2>&1 || { cat "$OUT.build.log"; echo "fuzz/replay.sh: build failed" >&2; exit 1; }
  mv -f "$OUT.build.log" "$OUT/build.log"
fi
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1:allocator_may_return_null=1}
unset FRAMES_FUZZ_KNOWN
failed=0
for target in $(grep -v '^#' fuzz/targets.txt | awk 'NF {print $1}'); do
  bin=$OUT/bin/$target
  files=()
  for dir in "fuzz/seeds/$target" "fuzz/regressions/$target"; do
    [ -d "$dir" ] || continue
    while IFS= read -r f; do files+=("$f"); done < <(find "$dir" -maxdepth 1 -type f ! -name '*.md' | sort)
  done
  if [ ${#files[@]} -gt 0 ]; then
    if "$bin" -runs=1 "${files[@]}" > "$OUT/replay-$target.log" 2>&1; then
      printf '%-18s %3d inputs  ok\n' "$target" "${#files[@]}"
    else
      printf '%-18s %3d inputs  FAILED\n' "$target" "${#files[@]}"
      grep -E 'Running: |==fuzz harness==|ERROR: |SUMMARY: ' "$OUT/replay-$target.log" | tail -n 12 | sed 's/^/    /'
      failed=1
    fi
  fi
  if [ -d "fuzz/regressions/$target/known" ]; then
    for f in $(find "fuzz/regressions/$target/known" -type f ! -name '*.md' | sort); do
      if "$bin" -runs=1 "$f" > "$OUT/replay-known.log" 2>&1; then
        printf '%-18s known finding %s now passes: fixed? move it up and drop its line in fuzz/known-issues.txt\n' "$target" "$f"
      else
        printf '%-18s known finding %s still fails (open, fuzz/known-issues.txt)\n' "$target" "$(basename "$f")"
      fi
    done
  fi
done
[ $failed -eq 0 ] && echo "fuzz/replay.sh: all passed" || echo "fuzz/replay.sh: FAILED"
exit $failed
