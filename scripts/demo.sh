#!/usr/bin/env bash
# The main job: set up and build what it needs (scripts/setup.sh --library:
# the library only), then run the demos with the frames command: the App
# Frames home screen — two App Frames in a vertical stack — against the
# bundled campaigns folder (frames demo); modal messages arriving by silent
# push (frames demo-messages, the last one drawn); inline messages (frames
# demo-inline); banner places at run time, a carousel and a list playing and
# counting views (frames demo-banners); then the banner layouts a designer
# cares about (frames layout). Each prints its timeline; pictures go to out/
# (FRAMES_DEMO_OUT: elsewhere). FRAMES_DEMO_RECORD=DIR records every engine
# of the stories into DIR (--record; XC-12), for `python3 -m frames replay
# FILE` (XC-13). scripts/setup.sh lists what the set-up installs.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -e build/libframes.so.1 ]; then
    # Measured: 4 min 18 s from a fresh clone on 2 cores that other builds
    # shared (load average 1 to 7); more on a busier machine.
    printf '== First run: compiling the Swift library libframes (about 4-5 minutes on 2 cores; later runs take seconds)\n'
else
    printf '== Checking that the library libframes is up to date\n'
fi
bash scripts/setup.sh --library
source scripts/env.sh
out="${FRAMES_DEMO_OUT:-out}"
mkdir -p "$out"

# record NAME: the --record option of a story when FRAMES_DEMO_RECORD is set.
record() {
    rec=()
    if [ -n "${FRAMES_DEMO_RECORD:-}" ]; then rec=(--record "$FRAMES_DEMO_RECORD/$1"); fi
}

# frames ARGS...: the frames command (python3 -m frames; `pip install
# ./bindings/python` installs it as `frames`).
frames() { python3 -m frames "$@"; }

printf '\n== App Frames: the home screen of the App Frames full example (frames demo)\n'
record home.jsonl
frames demo --svg "$out/home.svg" "${rec[@]}"

printf '\n== Modal messages by silent push: an afternoon of the app (frames demo-messages)\n'
record messages.jsonl
frames demo-messages --svg "$out/message.svg" "${rec[@]}"

printf '\n== Inline messages: views, an event, the JS bridge, capping across a restart (frames demo-inline)\n'
record inline.jsonl
frames demo-inline --svg "$out/inline.svg" "${rec[@]}"

printf '\n== Banner places: a carousel and a list from a banner list, playback and views (frames demo-banners)\n'
record banners.jsonl
frames demo-banners --svg "$out/banners.svg" "${rec[@]}"

run() { printf '\n$ frames %s\n' "$*"; frames "$@"; }

printf '\n== Banner layouts (frames layout)\n'
run layout --layout tiles --container-width 390 --ratios 1.5,1,0.75 --side-inset 16 \
    --column-spacing 8 --row-spacing 12 --json --svg "$out/tiles.svg"
run layout --layout tiles --container-width 390 --ratios 1.5,1,0.75 --side-inset 16 \
    --column-spacing 8 --row-spacing 12 --rtl --svg "$out/tiles-rtl.svg"
run layout --layout carousel --container-width 390 --ratios 2,1.5,2.5,2 --side-inset 24 \
    --inter-item-spacing 16 --svg "$out/carousel.svg"
run layout --layout vertical-list --container-width 390 --ratios 2,1.2,3,1.78 --side-inset 16 \
    --inter-item-spacing 12 --max-banners-count 3 --svg "$out/vertical-list.svg"
printf '\nPictures: %s\n' "$(ls "$out"/*.svg | tr '\n' ' ')"
