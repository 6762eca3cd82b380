#!/usr/bin/env bash
# Set up (install, configure, build) and launch the Tumble GUI on the default scene.
# Extra arguments go to tumble, e.g. a scene file: scripts/run.sh my-scene.json
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    echo "run: no display; starting tumble under xvfb-run (nothing will be visible)" >&2
    exec xvfb-run -a -s "-screen 0 1600x1000x24" ./build/app/tumble "$@"
fi
exec ./build/app/tumble "$@"
