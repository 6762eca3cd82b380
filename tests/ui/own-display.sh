#!/usr/bin/env bash
# Runs one GUI test on an X server of its own (Xvfb, 1600x1000x24), so tests run side by side
# under `ctest -j` never take the input focus from each other: X's focus is global to a server,
# and a window shown by one test deactivates another's, whose shortcuts then do nothing.
# Xvfb picks a free display number itself (-displayfd), so parallel starts never race for one.
# -noreset: an X server resets when its last client leaves, refusing connections meanwhile;
# pvpython closes its probe of OpenGL before it opens its window (app.ParaViewRender failed
# about one start in two without it).
# Without Xvfb the test runs on the display it was given.
set -euo pipefail
if ! command -v Xvfb > /dev/null; then
    exec "$@"
fi
dir=$(mktemp -d)
fifo="$dir/display"
mkfifo "$fifo"
# (the server without the sanitizer presets' preloaded library: it is the test's, not X's)
env -u LD_PRELOAD Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp -noreset 3> "$fifo" > "$dir/xvfb.log" 2>&1 &
server=$!
stop() {
    kill "$server" 2> /dev/null || true
    wait "$server" 2> /dev/null || true
    rm -rf "$dir"
}
trap stop EXIT
if ! read -r -t 30 number < "$fifo"; then
    echo "own-display.sh: Xvfb did not start:" >&2
    cat "$dir/xvfb.log" >&2
    exit 1
fi
status=0
DISPLAY=":$number" "$@" || status=$?
exit "$status"
