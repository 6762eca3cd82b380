#!/usr/bin/env bash
# Regenerates docs/images/screenshot.png: builds if needed, runs the GUI on the default scene
# under Xvfb for a few seconds of simulation and grabs the whole window (widgets plus the VTK
# views' frames) through `tumble --screenshot`.
#
#   scripts/screenshot.sh [SECONDS] [OUTPUT.png]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
after="${1:-2}"
out="${2:-$root/docs/images/screenshot.png}"

cd "$root"
if [ ! -f build/build.ninja ]; then
    cmake --preset default
fi
cmake --build build --target tumble

mkdir -p "$(dirname "$out")"
xvfb-run -a -s "-screen 0 1600x1000x24" \
    build/app/tumble --size 1500x940 --after "$after" --screenshot "$out"
echo "screenshot: $out"
