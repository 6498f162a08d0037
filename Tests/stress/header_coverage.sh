#!/bin/sh
# Every function declared in frames.h is called by thread_stress.c: a new
# owner-thread function gets its wrong-thread call there, a new thread-safe
# one its call from the 8 intruder threads.
#
#   sh Tests/stress/header_coverage.sh include/frames.h Tests/stress/thread_stress.c
set -eu
header="$1"
source="$2"
missing=0
count=0
for f in $(grep -E '^[a-z].*\bframes_[a-z0-9_]+\(' "$header" | grep -oE '\bframes_[a-z0-9_]+\(' | tr -d '(' | sort -u); do
    count=$((count + 1))
    if ! grep -q "\b$f(" "$source"; then
        echo "header_coverage: $f (frames.h) is never called by $(basename "$source")"
        missing=$((missing + 1))
    fi
done
echo "header_coverage: $count functions in $(basename "$header"), $missing not called by $(basename "$source")"
[ "$count" -gt 0 ] && [ "$missing" -eq 0 ]
