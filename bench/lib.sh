# Sourced by the bench/run*.sh scripts: the library they measure, the
# machine they run on, the compiler line, the floors, the interleaving of a
# figure with its floor and the instruction counts. Expects ROOT and NAME
# (the script's name, for messages); bench_start sets WORK (a temporary
# folder, removed at exit) and LIB (the absolute path of the library).
#
# The FIGURE line these functions print is the one bench/bench_stats.h
# describes (and bench/bench_stats.py prints):
#   FIGURE <name> | <min> <unit> min, <median> median | floor <floor>: <min> min, <median> median
#          | ratio <r> min, <r> median | target <text>: met|MISSED

# Sources may be edited while we build ("modified during the build"): retry.
bench_swiftpm_build() {
    local attempt
    for attempt in 1 2 3; do
        if (cd "$ROOT" && swift build -c release --product frames) >"$WORK/build.log" 2>&1; then
            return 0
        fi
        echo "# swift build attempt $attempt failed; retrying in 20 s" >&2
        sleep 20
    done
    return 1
}

# FRAMES_LIBRARY if set; else the library CMake builds by default, the
# Embedded Swift build (scripts/build_embedded.sh into build/embedded, with
# its symbols for callgrind; a no-op when up to date), or with
# FRAMES_EMBEDDED_SWIFT=0 the SwiftPM release build (standard mode); else
# the CMake build already there.
bench_find_library() {
    if [ -n "${FRAMES_LIBRARY:-}" ]; then
        LIB="$FRAMES_LIBRARY"
        echo "# using FRAMES_LIBRARY=$LIB (no build)"
    elif [ "${FRAMES_EMBEDDED_SWIFT:-1}" != 0 ]; then
        if ! bash "$ROOT/scripts/build_embedded.sh" "$ROOT/build/embedded" >"$WORK/build.log" 2>&1; then
            echo "$NAME: scripts/build_embedded.sh failed:" >&2
            tail -n 30 "$WORK/build.log" >&2
            exit 1
        fi
        LIB="$ROOT/build/embedded/libframes.so.1"
        echo "# built $LIB (scripts/build_embedded.sh: Embedded Swift)"
    elif bench_swiftpm_build; then
        LIB="$ROOT/.build/release/libframes.so"
        echo "# built $LIB (swift build -c release --product frames)"
    elif [ -f "$ROOT/build/libframes.so.1" ]; then
        LIB="$ROOT/build/libframes.so.1"
        echo "# swift build failed (tail of its log below); using the CMake build $LIB" >&2
        tail -n 15 "$WORK/build.log" >&2
    else
        echo "$NAME: swift build -c release --product frames failed:" >&2
        tail -n 30 "$WORK/build.log" >&2
        exit 1
    fi
    [ -f "$LIB" ] || { echo "$NAME: $LIB does not exist" >&2; exit 1; }
    LIB="$(readlink -f "$LIB")"
}

# -O2 at gcc's default x86-64 target, the same baseline the Swift build uses
# (no -march=native on either side).
CFLAGS_BENCH="-O2 -std=c11 -Wall -Wextra"

bench_print_machine() {
    echo "# machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(uname -r)"
    echo "# swift:   $(swift --version 2>/dev/null | head -n1)"
    echo "# gcc:     $(gcc --version | head -n1) ($CFLAGS_BENCH)"
    echo "# python:  $(python3 --version 2>&1)"
    bench_print_load
}

# The load average (runnable threads over 1, 5, 15 minutes): on 2 cores a
# load above 2 means the benchmark waited for a core some of the time.
bench_print_load() {
    echo "# load:    $(cut -d' ' -f1-3 /proc/loadavg) (${1:-now})"
}

# bench_start: a work folder removed at exit, the library, and
# WORK/libframes.so{,.1} linking to it so that C links by name (-lframes)
# and finds it at run time (rpath WORK).
bench_start() {
    WORK="$(mktemp -d "${TMPDIR:-/tmp}/frames-bench.XXXXXX")"
    trap 'rm -rf "$WORK"' EXIT
    bench_find_library
    ln -s "$LIB" "$WORK/libframes.so.1"
    ln -s "$LIB" "$WORK/libframes.so"
    export SWIFT_BACKTRACE=enable=no
}

# bench_need_floors: the floors' libraries (bench/floors.h), installed from
# Debian when missing: cJSON, OpenSSL, zlib.
bench_need_floors() {
    local need=()
    [ -f /usr/include/cjson/cJSON.h ] || need+=(libcjson-dev)
    [ -f /usr/include/openssl/sha.h ] || need+=(libssl-dev)
    [ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
    [ -f /usr/include/valgrind/callgrind.h ] || need+=(valgrind)
    [ ${#need[@]} -eq 0 ] && return 0
    # shellcheck source=../scripts/install.sh
    source "$ROOT/scripts/install.sh"
    apt_install "${need[@]}"
}

# bench_cc OUT SOURCE... [-- LINK_ARGS...]: compiles a C benchmark with the
# shared floors against the library (after bench_start).
bench_cc() {
    local out="$1" sources=() link=()
    shift
    while [ $# -gt 0 ] && [ "$1" != -- ]; do sources+=("$1"); shift; done
    [ "${1:-}" = -- ] && { shift; link=("$@"); }
    bench_need_floors
    # shellcheck disable=SC2086  # CFLAGS_BENCH is a list of flags
    gcc $CFLAGS_BENCH -I"$ROOT/include" -I"$ROOT/bench" -I"$ROOT/Tests/c" "${sources[@]}" "$ROOT/bench/floors.c" \
        -o "$out" -L"$WORK" -lframes -Wl,-rpath,"$WORK" "${link[@]}" -lcjson -lcrypto -lz -lpthread -lm
}

# awk that formats numbers like bench_fmt in bench_stats.h.
BENCH_AWK_FMT='function fmt(v,  a) { a = v < 0 ? -v : v
    return sprintf(a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f", v) }'

# bench_line NAME UNIT FIG_MIN FIG_MEDIAN FLOOR FLOOR_MIN FLOOR_MEDIAN [KIND LIMIT]
# prints a FIGURE line; an empty median prints a single value (an
# instruction count). KIND: below (figure < LIMIT), ratio (figure / floor
# <= LIMIT), excess (figure - floor <= LIMIT); judged on the minima.
bench_line() {
    awk -v name="$1" -v unit="$2" -v fmin="$3" -v fmed="$4" -v floor="$5" -v lmin="$6" -v lmed="$7" \
        -v kind="${8:-}" -v limit="${9:-}" "$BENCH_AWK_FMT"'
    BEGIN {
        # A count of 0 is a run that failed (callgrind found no call, the
        # program did not start): never a figure, and never a target met.
        if (!(fmin + 0 > 0) || !(lmin + 0 > 0)) {
            printf "FIGURE %s | not measured: figure %s, floor %s (%s) | %s\n", name, fmin, lmin, floor, \
                kind == "" ? "target none" : "target MISSED"
            exit
        }
        if (fmed == "") {
            side = sprintf("%s %s", fmt(fmin), unit); fl = fmt(lmin); ratio = sprintf("%.3f", fmin / lmin)
        } else {
            side = sprintf("%s %s min, %s median", fmt(fmin), unit, fmt(fmed))
            fl = sprintf("%s min, %s median", fmt(lmin), fmt(lmed))
            ratio = sprintf("%.3f min, %.3f median", fmin / lmin, fmed / lmed)
        }
        if (kind == "below") { t = sprintf("< %s %s", fmt(limit), unit); ok = fmin < limit }
        else if (kind == "ratio") { t = sprintf("ratio <= %.2f", limit); ok = fmin / lmin <= limit }
        else if (kind == "excess") { t = sprintf("figure - floor <= %s %s", fmt(limit), unit); ok = fmin - lmin <= limit }
        verdict = kind == "" ? "target none" : sprintf("target %s: %s", t, ok ? "met" : "MISSED")
        printf "FIGURE %s | %s | floor %s: %s | ratio %s | %s\n", name, side, floor, fl, ratio, verdict
    }'
}

# bench_interleave NAME UNIT REPS FLOOR FIGURE_CMD FLOOR_CMD [KIND LIMIT]:
# runs the two commands alternately REPS times (the figure first on even
# repetitions, the floor first on odd ones); the last line each prints is
# its figure in UNIT. Prints the FIGURE line of their minima and medians.
bench_interleave() {
    local name="$1" unit="$2" reps="$3" floor="$4" figure_cmd="$5" floor_cmd="$6" r f=() l=()
    shift 6
    for ((r = 0; r < reps; r++)); do
        if ((r % 2 == 0)); then
            f+=("$(bash -c "$figure_cmd" | tail -n1)"); l+=("$(bash -c "$floor_cmd" | tail -n1)")
        else
            l+=("$(bash -c "$floor_cmd" | tail -n1)"); f+=("$(bash -c "$figure_cmd" | tail -n1)")
        fi
    done
    bench_line "$name" "$unit" "$(bench_min "${f[@]}")" "$(bench_median "${f[@]}")" \
        "$floor" "$(bench_min "${l[@]}")" "$(bench_median "${l[@]}")" "$@"
}

bench_min() { printf '%s\n' "$@" | sort -g | head -n1; }
bench_median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# bench_callgrind CMD...: runs a benchmark built on bench_stats.h under
# callgrind with collection off, and prints one FIGURE line per figure in
# instructions (Ir) per operation: the smallest count over its regions
# (the first may pay one-time costs), beside its floor's, with a ratio
# target when the region named one.
bench_callgrind() {
    command -v valgrind >/dev/null 2>&1 || bench_need_floors
    local out="$WORK/callgrind.out"
    rm -f "$out" "$out".*
    local status=0 file
    # Exit status 3 is a missed target, not a failure.
    valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$out" "$@" >"$WORK/callgrind.stdout" \
        2>"$WORK/callgrind.log" || status=$?
    if [ "$status" != 0 ] && [ "$status" != 3 ]; then
        echo "$NAME: under callgrind: $* failed (status $status)" >&2
        tail -n 20 "$WORK/callgrind.log" >&2
        return 1
    fi
    # One file per region, numbered in the order the regions ended.
    for file in $(printf '%s\n' "$out".* | awk -F. '{ print $NF, $0 }' | sort -n | cut -d' ' -f2-); do
        awk '/^desc: Trigger: Client Request: / { sub(/^desc: Trigger: Client Request: /, ""); label = $0 }
             /^totals: / { print label "|" $2 }' "$file"
    done | awk -F'|' '
        { key = $1 SUBSEP $2; per = $5 / $3
          if (!(key in best) || per < best[key]) best[key] = per
          if ($2 == "figure") { last[$1] = NR; if ($4 != "") limit[$1] = $4 }
          else { floor[$1] = substr($2, 7) } }
        END { for (f in last) print last[f] "|" f "|" best[f, "figure"] "|" floor[f] "|" best[f, "floor:" floor[f]] "|" limit[f] }' |
    sort -t'|' -k1 -n | while IFS='|' read -r _ name fig floor flo limit; do
        if [ -z "$floor" ]; then
            echo "FIGURE $name.ir | $(awk -v v="$fig" "$BENCH_AWK_FMT"' BEGIN { print fmt(v) }') Ir | floor none"
        else
            bench_line "$name.ir" Ir "$fig" "" "$floor" "$flo" "" ${limit:+ratio "$limit"}
        fi
    done
}

# bench_callgrind_function FUNCTION OPS CMD...: instructions per operation
# spent in FUNCTION (and what it calls) while CMD runs OPS operations.
bench_callgrind_function() {
    local fn="$1" ops="$2" out="$WORK/callgrind.fn.out"
    shift 2
    local status=0
    valgrind --tool=callgrind --toggle-collect="$fn" --callgrind-out-file="$out" "$@" >/dev/null 2>"$WORK/callgrind.log" ||
        status=$?
    if [ "$status" != 0 ] && [ "$status" != 3 ]; then
        echo "$NAME: under callgrind: $* failed (status $status)" >&2
        return 1
    fi
    awk -v ops="$ops" '/^totals: / { printf "%.0f\n", $2 / ops }' "$out"
}

# bench_status STATUS LABEL: the exit status of one benchmark of a script;
# 3 (a missed target) sets MISSED=1, any other failure ends the script.
bench_status() {
    case "$1" in
        0) ;;
        3) MISSED=1 ;;
        *) echo "$NAME: $2 failed (status $1)" >&2; exit 1 ;;
    esac
}

# bench_run LABEL CMD...: runs one benchmark of a script and judges its exit
# status (bench_status).
bench_run() {
    local label="$1" status=0
    shift
    "$@" || status=$?
    bench_status "$status" "$label"
}
