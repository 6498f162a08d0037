#!/usr/bin/env bash
# Runs the libFuzzer targets: fuzz/run.sh SECONDS [TARGET...]   (default: every target of fuzz/targets.txt)
#
# Each target runs SECONDS seconds from its seeds (fuzz/seeds/<target>, the
# regressions and the corpus kept in build-fuzz/corpus/<target>, which grows)
# with its dictionary, -max_len from fuzz/targets.txt, -timeout=10 per input,
# -rss_limit_mb=2048, ASan with leak detection, SWIFT_BACKTRACE=enable=no. It
# prints executions/s, total executions and coverage per target, and exits 1
# when any target found a crash, a leak, a timeout or an out-of-memory (the
# input is in build-fuzz/findings/<target>/; minimize it with
# `build-fuzz/bin/<target> -minimize_crash=1 -runs=100000 FILE` and keep it
# under fuzz/regressions/<target>/).
#
# Needs fuzz/build.sh first. Env: FUZZ_JOBS (parallel targets, default 1),
# FUZZ_FRESH=1 (start from the seeds only, ignoring build-fuzz/corpus).
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/build-fuzz
SECONDS_PER_TARGET=${1:?usage: fuzz/run.sh SECONDS [TARGET...]}
shift
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  mapfile -t TARGETS < <(grep -v '^#' fuzz/targets.txt | awk 'NF {print $1}')
fi
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1:allocator_may_return_null=1}
# Open findings are tolerated while fuzzing (fuzz/known-issues.txt).
FRAMES_FUZZ_KNOWN=$(grep -v '^#' fuzz/known-issues.txt | awk 'NF {print $1}' | paste -sd, -)
export FRAMES_FUZZ_KNOWN

run_one() {
  local target=$1 max_len corpus findings log
  max_len=$(awk -v t="$target" '$1 == t {print $2}' fuzz/targets.txt)
  [ -n "$max_len" ] || { echo "fuzz/run.sh: unknown target $target" >&2; return 2; }
  [ -x "$OUT/bin/$target" ] || { echo "fuzz/run.sh: $OUT/bin/$target missing: run fuzz/build.sh" >&2; return 2; }
  corpus=$OUT/corpus/$target
  findings=$OUT/findings/$target
  log=$OUT/logs/$target.log
  [ "${FUZZ_FRESH:-0}" = 1 ] && rm -rf "$corpus"
  mkdir -p "$corpus" "$findings" "$OUT/logs"
  local extra=()
  [ -d "fuzz/regressions/$target" ] && extra+=("fuzz/regressions/$target")
  "$OUT/bin/$target" "$corpus" "fuzz/seeds/$target" "${extra[@]}" \
    -dict="fuzz/dict/$target.dict" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 -artifact_prefix="$findings/" \
    > "$log" 2>&1
  local rc=$?
  local execs speed cov ft
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | awk '{print $2}')
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | awk '{print $2}')
  printf '%-18s %6s s  exec/s %7s  execs %10s  cov %6s  ft %6s  corpus %5s  %s\n' "$target" "$SECONDS_PER_TARGET" \
    "${speed:-?}" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$(ls "$corpus" | wc -l)" \
    "$([ $rc -eq 0 ] && echo ok || echo "FAILED (rc $rc)")"
  if [ $rc -ne 0 ]; then
    grep -E '==fuzz harness==|ERROR: |SUMMARY: |Test unit written|#[0-9]+ +in ' "$log" | head -n 30 | sed 's/^/    /'
    echo "    full log: $log"
    return 1
  fi
}

status=0
if [ "${FUZZ_JOBS:-1}" -le 1 ]; then
  for t in "${TARGETS[@]}"; do run_one "$t" || status=1; done
else
  pids=()
  for t in "${TARGETS[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$FUZZ_JOBS" ]; do wait -n || status=1; done
    run_one "$t" & pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p" || status=1; done
fi
[ $status -eq 0 ] && echo "fuzz/run.sh: no findings" || echo "fuzz/run.sh: FINDINGS (see above)"
exit $status
