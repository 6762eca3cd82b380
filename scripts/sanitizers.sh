#!/usr/bin/env bash
# Builds Tumble under AddressSanitizer + UndefinedBehaviorSanitizer (preset "asan", build-asan/)
# and ThreadSanitizer (preset "tsan", build-tsan/) and runs the whole default test suite under
# each, GUI tests under Xvfb (issue 21).
#
#   scripts/sanitizers.sh [asan] [tsan] [-- CTEST_ARGS...]
#
# With no preset named, both run, one after the other. Each writes its log to
# build-<preset>/sanitizers.log and the script exits non-zero when a test fails (a sanitizer
# report fails its test: halt_on_error). The suppressions (tests/sanitizers/*.supp) are for
# third-party libraries only, each with its reason; CMakePresets.json's test presets point the
# sanitizers at them. The random live-change GUI test (ui.RandomLiveChanges) gets a longer
# wall-clock cap here, since everything runs several times slower.
# A full run takes long on a small machine (the build alone, ~25 min per preset on 2 cores, the
# tests another 20-40 min): it is not part of CI's time budget (.ci/run).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
presets=()
while [ $# -gt 0 ]; do
    case "$1" in
        asan|tsan) presets+=("$1"); shift ;;
        --) shift; break ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "sanitizers.sh: unknown argument $1 (asan, tsan, -- ctest args)" >&2; exit 2 ;;
    esac
done
[ ${#presets[@]} -gt 0 ] || presets=(asan tsan)

cd "$root"
export TUMBLE_RANDOM_SECONDS="${TUMBLE_RANDOM_SECONDS:-120}"
status=0
for p in "${presets[@]}"; do
    echo "== $p: configure and build"
    cmake --preset "$p" > /dev/null
    cmake --build --preset "$p"
    echo "== $p: tests"
    log="$root/build-$p/sanitizers.log"
    run=(ctest --preset "$p" -j2 "$@")
    if [ -z "${DISPLAY:-}" ]; then
        run=(xvfb-run -a -s "-screen 0 1600x1000x24" "${run[@]}")
    fi
    if "${run[@]}" 2>&1 | tee "$log"; then
        echo "== $p: clean"
    else
        echo "== $p: FAILED (see $log)"
        status=1
    fi
done
exit "$status"
