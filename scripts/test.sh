#!/usr/bin/env bash
# Set up (install, configure, build) and run every test: CTest over the Qt Test executables.
# GUI tests need a display; without one the whole run goes under Xvfb. Benchmarks (label
# "benchmark") are excluded; run them with: ctest --test-dir build -L benchmark
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
if [ -z "${DISPLAY:-}" ]; then
    xvfb-run -a -s "-screen 0 1600x1000x24" ctest --preset default -j "$jobs" "$@"
else
    ctest --preset default -j "$jobs" "$@"
fi
# in CI (CI=true) also a minute of each fuzz target (issue 21: builds build-fuzz/ with clang,
# several minutes on two cores; fails on any finding). Locally: bash scripts/fuzz.sh [SECONDS]
if [ "${CI:-}" = "true" ]; then
    bash scripts/fuzz.sh 60
fi
