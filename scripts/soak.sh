#!/usr/bin/env bash
# Soak (issue 21): runs Tumble for a long time and samples its resident memory (VmRSS) every few
# seconds, to show that memory is flat once warmed up.
#
#   scripts/soak.sh [--minutes M] [--interval S] [--warmup MIN] [--bound MB] [--modes LIST]
#                   [--cli-steps N] [--parallel] [--out DIR] [--check]
#
# Modes (comma-separated, default gui,compare,cli):
#   gui      the GUI on the default scene, playing, for M minutes (default 60) under Xvfb
#   compare  the GUI in compare mode (six lanes, every preset) on the default scene, likewise
#   cli      tumble-cli run of the default scene for --cli-steps steps (default 1000000) with an
#            energy CSV every 1000 steps (its length is the run's, not M minutes)
# Each mode writes DIR/<mode>.csv (elapsed_s,rss_mb) and a line to DIR/summary.txt: RSS at the
# end of the warm-up (default 5 min; the CLI: 10 % of its run), at the end, its peak, and the
# growth after the warm-up: the mean of the last tenth of the samples minus the mean of the
# first tenth after the warm-up, MB. --check makes the script fail when any mode grew by more
# than --bound MB (default 16: one energy plot full of envelopes is ~1.5 MB and the compare drift
# plot's six lanes ~5 MB, so 16 MB leaves room for the allocator's arenas, yet the leak of issue
# 21, ~17 MB a minute, broke it within the first minute after warm-up). Modes run one after the
# other unless --parallel. The soak CTest (label "soak", outside the default run) runs
# `soak.sh --check`; `ctest --preset soak` runs it.
# BUILD_DIR (default build) names the build directory; TUMBLE_GUI / TUMBLE_CLI override the
# binaries.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
minutes=60
interval=5
warmup=5
bound=16
modes="gui,compare,cli"
cli_steps=1000000
parallel=0
out=""
check=0
while [ $# -gt 0 ]; do
    case "$1" in
        --minutes) minutes="$2"; shift 2 ;;
        --interval) interval="$2"; shift 2 ;;
        --warmup) warmup="$2"; shift 2 ;;
        --bound) bound="$2"; shift 2 ;;
        --modes) modes="$2"; shift 2 ;;
        --cli-steps) cli_steps="$2"; shift 2 ;;
        --parallel) parallel=1; shift ;;
        --out) out="$2"; shift 2 ;;
        --check) check=1; shift ;;
        -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
        *) echo "soak.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
build="${BUILD_DIR:-build}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac
gui="${TUMBLE_GUI:-$build/app/tumble}"
cli="${TUMBLE_CLI:-$build/app/tumble-cli}"
out="${out:-$(mktemp -d /tmp/tumble-soak.XXXXXX)}"
mkdir -p "$out"
: > "$out/summary.txt"
seconds=$(python3 -c "print(int(float('$minutes') * 60))")

# the pids this script started, ended (by pid) when it exits early
started=()
pids=()
cleanup() {
    for p in "${started[@]}" "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
}
trap cleanup EXIT INT TERM

rss_mb() { # VmRSS of pid $1 in MB, empty once it is gone
    awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status" 2>/dev/null || true
}

# samples pid $2 into $out/$1.csv until it exits or $3 seconds have passed (0: until it exits)
sample() {
    local mode="$1" pid="$2" limit="$3" t0 now r
    t0=$(date +%s)
    echo "elapsed_s,rss_mb" > "$out/$mode.csv"
    while kill -0 "$pid" 2>/dev/null; do
        now=$(date +%s)
        r=$(rss_mb "$pid")
        [ -n "$r" ] && echo "$((now - t0)),$r" >> "$out/$mode.csv"
        if [ "$limit" -gt 0 ] && [ $((now - t0)) -ge "$limit" ]; then
            break
        fi
        sleep "$interval"
    done
}

# the GUI's own pid under xvfb-run (its child, or a grandchild through the shell)
gui_pid() {
    local parent="$1" p
    for _ in $(seq 1 100); do
        p=$(pgrep -P "$parent" -x tumble || true)
        if [ -z "$p" ]; then
            for c in $(pgrep -P "$parent" || true); do
                p=$(pgrep -P "$c" -x tumble || true)
                [ -n "$p" ] && break
            done
        fi
        [ -n "$p" ] && { echo "$p"; return; }
        sleep 0.1
    done
}

run_gui() { # mode, extra args...
    local mode="$1"; shift
    xvfb-run -a -s "-screen 0 1600x1000x24" "$gui" --fresh --size 1280x800 "$@" > "$out/$mode.log" 2>&1 &
    local wrapper=$!
    local pid
    pid=$(gui_pid "$wrapper")
    if [ -z "$pid" ]; then
        echo "soak.sh: $mode: the GUI did not start (see $out/$mode.log)" >&2
        return 1
    fi
    # only the GUI is ended: xvfb-run then ends its X server itself
    started+=("$pid")
    sample "$mode" "$pid" "$seconds"
    kill "$pid" 2>/dev/null || true
    wait "$wrapper" 2>/dev/null || true
}

run_cli() {
    "$cli" run "builtin:settling-box" --steps "$cli_steps" --energy-csv "$out/cli-energy.csv" --every 1000 \
        > "$out/cli.log" 2>&1 &
    local pid=$!
    started+=("$pid")
    sample cli "$pid" 0
    wait "$pid"
}

# what one mode's samples say, appended to summary.txt; fails (exit 1) over the bound
summarise() {
    local mode="$1" warm="$2"
    python3 - "$out/$mode.csv" "$mode" "$warm" "$bound" >> "$out/summary.txt" <<'EOF'
import sys
path, mode, warm, bound = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
rows = [tuple(map(float, l.split(','))) for l in open(path).read().split('\n')[1:] if l]
if len(rows) < 4:
    print(f"{mode}: too few samples ({len(rows)})"); sys.exit(1)
end = rows[-1][0]
if warm < 0:  # a fraction of the run (the CLI's length is its steps)
    warm = -warm * end
after = [r for r in rows if r[0] >= warm] or rows[len(rows) // 2:]
k = max(1, len(after) // 10)
first = sum(r[1] for r in after[:k]) / k
last = sum(r[1] for r in after[-k:]) / k
growth = last - first
print(f"{mode}: {end / 60:.1f} min, {len(rows)} samples; RSS after warm-up ({warm / 60:.1f} min) "
      f"{after[0][1]:.1f} MB, at the end {rows[-1][1]:.1f} MB, peak {max(r[1] for r in rows):.1f} MB; "
      f"growth after warm-up {growth:+.1f} MB (bound {bound:g} MB)")
sys.exit(0 if growth <= bound else 1)
EOF
}

IFS=',' read -ra list <<< "$modes"
for mode in "${list[@]}"; do
    case "$mode" in
        gui) job() { run_gui gui; } ;;
        compare) job() { run_gui compare --compare; } ;;
        cli) job() { run_cli; } ;;
        *) echo "soak.sh: unknown mode $mode" >&2; exit 2 ;;
    esac
    if [ "$parallel" = 1 ]; then
        # a subshell ends what it started when it is ended
        (trap cleanup EXIT INT TERM; job) &
        pids+=($!)
    else
        job
    fi
done
for p in "${pids[@]}"; do wait "$p"; done

status=0
for mode in "${list[@]}"; do
    warm=$(python3 -c "print(float('$warmup') * 60)")
    [ "$mode" = cli ] && warm=-0.1
    summarise "$mode" "$warm" || status=1
done
cat "$out/summary.txt"
echo "samples in $out"
if [ "$check" = 1 ]; then
    exit "$status"
fi
