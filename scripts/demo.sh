#!/usr/bin/env bash
# The main job: set everything up, then run the App Frames home screen — two App
# Frames in a vertical stack — against the bundled campaigns folder, printing
# the timeline of statuses, callbacks and analytics records and drawing the
# screen at the end, then modal messages arriving by silent push (the last
# one drawn); inline messages; banner places at run time (a carousel and a
# list playing and counting views); then the banner layouts a designer cares about.
# Pictures go to out/ (FRAMES_DEMO_OUT: elsewhere). FRAMES_DEMO_RECORD=DIR
# records every engine of the three stories into DIR (--record; XC-12), for
# `python3 -m frames replay FILE` (XC-13). scripts/setup.sh lists what the
# set-up installs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
out="${FRAMES_DEMO_OUT:-out}"
mkdir -p "$out"

# record NAME: the --record option of a story when FRAMES_DEMO_RECORD is set.
record() {
    rec=()
    if [ -n "${FRAMES_DEMO_RECORD:-}" ]; then rec=(--record "$FRAMES_DEMO_RECORD/$1"); fi
}

printf '\n== App Frames: the home screen of the App Frames full example\n'
record home.jsonl
python3 -m frames demo --svg "$out/home.svg" --message-svg "$out/message.svg" "${rec[@]}"

printf '\n== Inline messages: views, an event, the JS bridge, capping across a restart\n'
record inline.jsonl
python3 -m frames demo-inline --svg "$out/inline.svg" "${rec[@]}"

printf '\n== Banner places: a carousel and a list from a banner list, playback and views\n'
record banners.jsonl
python3 -m frames demo-banners --svg "$out/banners.svg" "${rec[@]}"

run() { printf '\n$ python3 -m frames %s\n' "$*"; python3 -m frames "$@"; }

printf '\n== Banner layouts\n'
run layout --layout tiles --container-width 390 --ratios 1.5,1,0.75 --side-inset 16 \
    --column-spacing 8 --row-spacing 12 --json --svg "$out/tiles.svg"
run layout --layout tiles --container-width 390 --ratios 1.5,1,0.75 --side-inset 16 \
    --column-spacing 8 --row-spacing 12 --rtl --svg "$out/tiles-rtl.svg"
run layout --layout carousel --container-width 390 --ratios 2,1.5,2.5,2 --side-inset 24 \
    --inter-item-spacing 16 --svg "$out/carousel.svg"
run layout --layout vertical-list --container-width 390 --ratios 2,1.2,3,1.78 --side-inset 16 \
    --inter-item-spacing 12 --max-banners-count 3 --svg "$out/vertical-list.svg"
printf '\nPictures: %s\n' "$(ls "$out"/*.svg | tr '\n' ' ')"
