#!/usr/bin/env bash
# Two builds of tumble-cli on the same systems, alternating, in one run: the way a change that
# must not cost speed is measured (docs/PERFORMANCE.md). Prints the median particle-steps/s of
# each build per system and thread count, and the ratio new / old.
#
#   scripts/bench-versions.sh OLD_CLI NEW_CLI [ROUNDS]
#
# Systems: the dense-packing benchmark (a still lattice, tests/bench/data) and a frictional
# Hertz-Mindlin pour with rolling resistance and damping (spheres collide, slide and spin), each
# on 1 and 2 threads. The rate is the summary JSON's particle_steps_per_second (the stepping loop).
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?old tumble-cli}
new=${2:?new tumble-cli}
rounds=${3:-7}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 4096 jittered spheres falling into a box: contacts open and close, spheres slide and spin
cat > "$work/pour.json" <<'JSON'
{ "format": "tumble-scene", "version": 1, "name": "bench pour",
  "gravity": [0, 0, -9.81],
  "integration": { "translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": 2e-6 },
  "damping": { "local": 0.0, "local_variant": "pfc", "viscous": 0.0 },
  "materials": [ { "name": "grain", "density": 2500,
    "contact": { "model": "hertz_mindlin", "young": 5e7, "poisson": 0.3, "restitution": 0.6,
                 "friction": 0.5, "rolling_friction": 0.1 } } ],
  "walls": [ { "type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "grain" },
             { "type": "plane", "point": [0, 0, 0], "normal": [1, 0, 0], "material": "grain" },
             { "type": "plane", "point": [0.16, 0, 0], "normal": [-1, 0, 0], "material": "grain" },
             { "type": "plane", "point": [0, 0, 0], "normal": [0, 1, 0], "material": "grain" },
             { "type": "plane", "point": [0, 0.16, 0], "normal": [0, -1, 0], "material": "grain" } ],
  "bodies": [],
  "generators": [ { "type": "grid", "material": "grain", "radius": 0.0045, "count": [16, 16, 16],
                    "spacing": 0.0095, "origin": [0.006, 0.006, 0.006], "jitter": 0.04, "seed": 3 } ] }
JSON

rate() { # cli scene steps threads
    "$1" run "$2" --steps "$3" --threads "$4" --summary-json "$work/s.json" >/dev/null
    python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['particle_steps_per_second'])" "$work/s.json"
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

printf '%-22s %8s %14s %14s %8s\n' system threads "old M/s" "new M/s" new/old
for system in dense pour; do
    if [ $system = dense ]; then scene=tests/bench/data/dense-packing.json; steps=2000; else scene=$work/pour.json; steps=3000; fi
    for t in 1 2; do
        : > "$work/old" && : > "$work/new"
        for ((r = 0; r < rounds; ++r)); do
            rate "$old" "$scene" $steps $t >> "$work/old"
            rate "$new" "$scene" $steps $t >> "$work/new"
        done
        o=$(median < "$work/old"); n=$(median < "$work/new")
        awk -v s="$system" -v t="$t" -v o="$o" -v n="$n" 'BEGIN { printf "%-22s %8d %14.2f %14.2f %8.3f\n", s, t, o / 1e6, n / 1e6, n / o }'
    done
done
