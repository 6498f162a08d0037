#!/bin/sh
# Prints, one per line and sorted, the names of the functions declared in a C
# header (only declarations written in that header itself, not in the headers
# it includes): the header is preprocessed as C, the text from the header's
# own lines is cut into statements at ';', '{' and '}', and every statement
# that is not a typedef and reads "... frames_name(" yields frames_name.
#
# usage: header_functions.sh <cc> <header>
set -eu
cc=$1
header=$2
"$cc" -E -x c "$header" | awk -v header="$(basename "$header")" '
    # Line markers: # <line> "<file>" <flags>; keep only the header own text.
    /^# [0-9]+ "/ { file = $3; gsub(/"/, "", file); n = split(file, parts, "/"); own = (parts[n] == header); next }
    own { text = text " " $0 }
    END {
        n = split(text, statements, /[;{}]/)
        for (i = 1; i <= n; i++) {
            s = statements[i]
            if (s ~ /^[ \t]*typedef[ \t]/) continue
            if (match(s, /^[^()]*[^A-Za-z0-9_]frames_[A-Za-z0-9_]+[ \t]*\(/)) {
                d = substr(s, 1, RLENGTH)
                sub(/[ \t]*\($/, "", d)
                sub(/.*[^A-Za-z0-9_]/, "", d)
                print d
            }
        }
    }' | LC_ALL=C sort -u
