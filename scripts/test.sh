#!/usr/bin/env bash
# Set up (install, configure, build) and run every test: CTest over the Qt Test executables.
# GUI tests need a display; without one the whole run goes under Xvfb. Benchmarks (label
# "benchmark") are excluded; run them with: ctest --test-dir build -L benchmark
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
if [ -z "${DISPLAY:-}" ]; then
    exec xvfb-run -a -s "-screen 0 1600x1000x24" ctest --preset default -j "$jobs" "$@"
fi
exec ctest --preset default -j "$jobs" "$@"
