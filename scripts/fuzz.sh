#!/usr/bin/env bash
# Builds the libFuzzer targets (the "fuzz" preset: clang, ASan + UBSan, build-fuzz/) and runs each
# for a bounded time on a seed corpus made from the built-in scenes (resources/scenes), the
# benchmark scenes and the checked-in regression inputs (tests/data/fuzz-regressions/).
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]      (default 60 s; both targets)
# Targets: scene_loader (fuzz_scene_loader), cli_options (fuzz_cli_options). Findings are written
# to build-fuzz/findings/<target>/ (crash-*, timeout-*, oom-*); each one belongs, minimised
# (fuzz_<target> -minimize_crash=1 FILE), under tests/data/fuzz-regressions/<target>/ with the
# fix, where core.FuzzRegressions / app.CliFuzzRegressions load it in the default run. Each
# target's last line ("Done N runs in S second(s)", corpus size) is printed and summed up at the
# end; exit 1 when anything was found.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(scene_loader cli_options)

# clang and libFuzzer (Debian 12: clang 14 and its runtime), installed as scripts/setup.sh does
missing=()
command -v clang++ >/dev/null || missing+=(clang)
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || missing+=(libclang-rt-14-dev)
if [ ${#missing[@]} -gt 0 ]; then
    echo "fuzz: installing ${missing[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
fi
[ -f build-fuzz/build.ninja ] || cmake --preset fuzz >/dev/null
cmake --build build-fuzz --target $(printf 'fuzz_%s ' "${targets[@]}")

work=build-fuzz/corpus
mkdir -p "$work/scene_loader" "$work/cli_options"
for f in resources/scenes/*.json tests/bench/data/*.json tests/data/fuzz-regressions/scene_loader/*; do
    [ -f "$f" ] && cp "$f" "$work/scene_loader/seed-$(basename "$f")"
done
# argument lists, NUL-separated, as the target splits them
seed() { printf '%s\0' "$@" > "$work/cli_options/seed-$(printf '%s' "$*" | md5sum | cut -c1-12)"; }
seed run builtin:bouncing-ball --steps 100
seed run scene.json --scheme pfc --dt 1e-5 --steps 10 --energy-csv e.csv --every 5
seed run scene.json --translation rk4 --rotation rk4_quaternion --dt-factor 0.2 --duration 0.1 --track 0,1 --track-csv t.csv
seed run scene.json --local-damping 0.7 --local-damping-variant woo --viscous-damping 2 --threads 1 --summary-json s.json
seed run scene.json --vtk-dir out --vtk-every 10 --steps=5 --ledger-csv l.csv
seed sweep builtin:harmonic-oscillator --scheme pfc,rk4,symplectic_euler --dt 1e-3,5e-4 --duration 1 --csv s.csv
seed inspect builtin:dzhanibekov
seed list
seed --help
for f in tests/data/fuzz-regressions/cli_options/*; do
    [ -f "$f" ] && cp "$f" "$work/cli_options/seed-$(basename "$f")"
done

found=0
summary=()
for t in "${targets[@]}"; do
    out=build-fuzz/findings/$t
    mkdir -p "$out" "build-fuzz/corpus-grown/$t"
    log=build-fuzz/fuzz-$t.log
    echo "fuzz: $t for $seconds s (log $log)"
    # -rss_limit_mb: the loader refuses scenes over TUMBLE_MEMORY_LIMIT_MB (set by the target);
    # -timeout: one input may take 30 s under the sanitizers (a 1000-sphere scene of fully
    # overlapping spheres takes 5 to 13 s there, 0.2 s in a release build); longer is a hang
    set +e
    "build-fuzz/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2560 -max_len=65536 \
        -artifact_prefix="$out/" -print_final_stats=1 "build-fuzz/corpus-grown/$t" "$work/$t" >"$log" 2>&1
    rc=$?
    set -e
    runs=$(grep -o 'Done [0-9]* runs' "$log" | grep -o '[0-9]*' | tail -1)
    corpus=$(grep -oE 'corp: [0-9]+/[0-9]+[a-zA-Z]*' "$log" | tail -1)
    summary+=("$t: ${runs:-?} executions, ${corpus:-corpus ?} (inputs/bytes), exit $rc")
    if [ $rc -ne 0 ] || [ -n "$(ls -A "$out")" ]; then
        found=1
        echo "fuzz: $t found something: $(ls "$out")" >&2
        tail -40 "$log" >&2
    fi
done
printf 'fuzz: %s\n' "${summary[@]}"
exit $found
