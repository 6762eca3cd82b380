#!/usr/bin/env bash
# Tumble against LAMMPS on the shared dense-packing benchmark (issue 7): 10164 touching spheres
# settling in a five-wall box, linear spring-dashpot + Coulomb friction, dt 1e-4, same step count.
#
#   scripts/bench-lammps.sh [--steps N] [--repeats R] [--threads 1,2] [--json PATH] [--check]
#
# Installs lammps (Debian package, command lmp) when it is missing, builds tumble-cli, then runs
# LAMMPS serial (OMP_NUM_THREADS=1) and Tumble at each thread count alternately, R rounds, and
# prints the median particle-steps per second of each and the ratios. Both rates count the
# stepping loop only: LAMMPS's "Loop time", Tumble's summary particle_steps_per_second (the
# scene's set-up and first force evaluation are outside both). --check exits 1 unless the
# issue's targets hold: 1 thread >= 1.5 x LAMMPS, 2 threads >= 2.5 x LAMMPS and >= 1.6 x 1 thread.
set -euo pipefail
cd "$(dirname "$0")/.."

steps=2000
repeats=5
threads=1,2
json=""
check=0
while [ $# -gt 0 ]; do
    case "$1" in
        --steps) steps="$2"; shift 2 ;;
        --repeats) repeats="$2"; shift 2 ;;
        --threads) threads="$2"; shift 2 ;;
        --json) json="$2"; shift 2 ;;
        --check) check=1; shift ;;
        -h|--help) sed -n 2,12p "$0"; exit 0 ;;
        *) echo "bench-lammps: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
done

. scripts/bench-prelude.sh bench-lammps

exec python3 - "$cli" "$steps" "$repeats" "$threads" "$json" "$check" <<'PY'
import json, os, re, statistics, subprocess, sys, tempfile

cli, steps, repeats, threads, out, check = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), \
    [int(t) for t in sys.argv[4].split(",")], sys.argv[5], sys.argv[6] == "1"
data = os.path.join("tests", "bench", "data")
scene = os.path.join(data, "dense-packing.json")
deck = os.path.abspath(os.path.join(data, "lammps-dense.in"))

def lammps():
    env = dict(os.environ, OMP_NUM_THREADS="1")
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run(["lmp", "-in", deck, "-var", "steps", str(steps), "-log", "none", "-echo", "none"],
                           cwd=tmp, env=env, capture_output=True, text=True, check=True)
    m = re.search(r"Loop time of ([0-9.eE+-]+) on \d+ procs for (\d+) steps with (\d+) atoms", r.stdout)
    if not m:
        sys.exit("bench-lammps: no 'Loop time' line in LAMMPS output:\n" + r.stdout[-2000:])
    return int(m.group(3)) * int(m.group(2)) / float(m.group(1))

def tumble(n):
    with tempfile.NamedTemporaryFile(suffix=".json") as f:
        subprocess.run([cli, "run", scene, "--steps", str(steps), "--threads", str(n), "--summary-json", f.name],
                       capture_output=True, text=True, check=True)
        s = json.load(open(f.name))
    if s.get("steps") != steps:
        sys.exit(f"bench-lammps: tumble-cli ran {s.get('steps')} of {steps} steps")
    return s["particle_steps_per_second"]

rates = {"lammps": []}
rates.update({f"tumble_{n}": [] for n in threads})
for r in range(repeats):
    rates["lammps"].append(lammps())
    for n in threads:
        rates[f"tumble_{n}"].append(tumble(n))
    print(f"round {r + 1}/{repeats}: " + ", ".join(f"{k} {v[-1] / 1e6:.2f}" for k, v in rates.items())
          + " M particle-steps/s", flush=True)

med = {k: statistics.median(v) for k, v in rates.items()}
lmp = med["lammps"]
print(f"\nmedian of {repeats}, {steps} steps, M particle-steps/s:")
print(f"  LAMMPS serial     {lmp / 1e6:8.2f}")
result = {"steps": steps, "repeats": repeats, "rates": rates, "median": med, "ratio_to_lammps": {}}
for n in threads:
    t = med[f"tumble_{n}"]
    result["ratio_to_lammps"][n] = t / lmp
    print(f"  Tumble {n} thread{'s' if n > 1 else ' '} {t / 1e6:8.2f}   x{t / lmp:.2f} LAMMPS")
ok = True
if 1 in threads:
    ok &= med["tumble_1"] >= 1.5 * lmp
if 2 in threads:
    ok &= med["tumble_2"] >= 2.5 * lmp
    if 1 in threads:
        scale = med["tumble_2"] / med["tumble_1"]
        result["two_thread_scaling"] = scale
        print(f"  2 threads / 1 thread: x{scale:.2f}")
        ok &= scale >= 1.6
result["targets_met"] = bool(ok)
print("targets (1 thread >= 1.5x, 2 threads >= 2.5x LAMMPS and >= 1.6x 1 thread): " + ("met" if ok else "NOT met"))
if out:
    with open(out, "w") as f:
        json.dump(result, f, indent=2)
sys.exit(0 if ok or not check else 1)
PY
