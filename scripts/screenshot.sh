#!/usr/bin/env bash
# Regenerates docs/images/screenshot.png at 1280x800 (a projector's size): builds if needed, runs the GUI on the default scene
# under Xvfb for a few seconds of simulation and grabs the whole window (widgets plus the VTK
# views' frames) through `tumble --screenshot`.
#
#   scripts/screenshot.sh [--scene ID] [--colour MODE] [--force-chains] [--select ID [--ghost]]
#                         [--select-bond I-J] [--compare [--lanes PRESET,...]] [--show-keys]
#                         [--scrub FRACTION] [--replay DUMP]
#                         [SECONDS] [OUTPUT.png]
#
# --scene takes a built-in scene id; its default output is then docs/images/ID.png (e.g.
# `scripts/screenshot.sh --scene dzhanibekov --colour body` writes docs/images/dzhanibekov.png).
# --compare opens compare mode (lanes side by side); its default output is docs/images/compare.png.
# --select-bond I-J selects the bond between bodies I and J (the bond inspector and its frame).
# --show-keys opens the keys and mouse help (F1) over the window.
# --scrub FRACTION pauses a second before the shot and shows the timeline's state that fraction
# (0 oldest, 1 newest) of the way along it.
# --replay DUMP replays a LAMMPS run (its log.lammps and dump.bodies beside it); its default
# output is docs/images/replay.png.
# --colour takes what tumble --colour takes (speed, body, fluctuation, spin, energy, coordination,
# force, height, id); --force-chains draws the contact force chains.
# BUILD_DIR (default build) names the build directory to use.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scene=""
colour="speed"
compare=0
replay=0
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --scene) scene="$2"; shift 2 ;;
        --scene=*) scene="${1#--scene=}"; shift ;;
        --colour) colour="$2"; shift 2 ;;
        --colour=*) colour="${1#--colour=}"; shift ;;
        --select) extra+=(--select "$2"); shift 2 ;;
        --ghost) extra+=(--ghost); shift ;;
        --select-bond) extra+=(--select-bond "$2"); shift 2 ;;
        --compare) extra+=(--compare); compare=1; shift ;;
        --lanes) extra+=(--lanes "$2"); shift 2 ;;
        --show-keys) extra+=(--show-keys); shift ;;
        --scrub) extra+=(--scrub "$2"); shift 2 ;;
        --force-chains) extra+=(--force-chains); shift ;;
        --replay) extra+=(--replay "$2"); replay=1; shift 2 ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) break ;;
    esac
done
after="${1:-2}"
if [ "$compare" = 1 ]; then
    out="${2:-$root/docs/images/compare.png}"
elif [ "$replay" = 1 ]; then
    out="${2:-$root/docs/images/replay.png}"
elif [ -n "$scene" ]; then
    out="${2:-$root/docs/images/$scene.png}"
else
    out="${2:-$root/docs/images/screenshot.png}"
fi
build="${BUILD_DIR:-build}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac

cd "$root"
if [ ! -f "$build/build.ninja" ]; then
    if [ "$build" = "$root/build" ]; then
        cmake --preset default
    else
        cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
    fi
fi
cmake --build "$build" --target tumble

args=(--size 1280x800 --after "$after" --colour "$colour" --screenshot "$out" "${extra[@]}")
if [ -n "$scene" ]; then
    args+=(--scene "$scene")
fi
mkdir -p "$(dirname "$out")"
xvfb-run -a -s "-screen 0 1280x800x24" "$build/app/tumble" "${args[@]}"
echo "screenshot: $out"
