#!/usr/bin/env bash
# Prints a SHA-256 of everything tumble-cli writes (energy and ledger CSV, track CSV, VTK frames)
# for every built-in scene under each integrator preset, on 1 and 2 threads, plus the dense-pack
# benchmark and a jittered Hertz-Mindlin pour with rolling resistance (sorted bodies, damping).
# A refactoring that must keep every output bit for bit runs it before and after and diffs:
#   scripts/output-digests.sh build/app/tumble-cli > before.txt   (on the old build)
#   scripts/output-digests.sh build/app/tumble-cli > after.txt && diff before.txt after.txt
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build/app/tumble-cli}
steps=${STEPS:-3000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# a frictional Hertz-Mindlin pour: 1728 jittered spheres falling into a box, rolling resistance,
# woo-variant local damping; big enough that the bodies are re-sorted along the Morton curve
cat > "$work/pour.json" <<'JSON'
{ "format": "tumble-scene", "version": 1, "name": "digest pour",
  "gravity": [0, 0, -9.81],
  "integration": { "translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": 2e-6 },
  "damping": { "local": 0.05, "local_variant": "woo", "viscous": 0.5 },
  "materials": [ { "name": "grain", "density": 2500,
    "contact": { "model": "hertz_mindlin", "young": 5e7, "poisson": 0.3, "restitution": 0.6,
                 "friction": 0.5, "rolling_friction": 0.1 } } ],
  "walls": [ { "type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "grain" },
             { "type": "plane", "point": [0, 0, 0], "normal": [1, 0, 0], "material": "grain" },
             { "type": "plane", "point": [0.25, 0, 0], "normal": [-1, 0, 0], "material": "grain" },
             { "type": "plane", "point": [0, 0, 0], "normal": [0, 1, 0], "material": "grain" },
             { "type": "plane", "point": [0, 0.25, 0], "normal": [0, -1, 0], "material": "grain" } ],
  "bodies": [],
  "generators": [ { "type": "grid", "material": "grain", "radius": 0.0045, "count": [12, 12, 12],
                    "spacing": 0.0095, "origin": [0.01, 0.01, 0.006], "jitter": 0.04, "seed": 7 } ] }
JSON

run() { # label, then tumble-cli run arguments
    local label=$1; shift
    local out="$work/out"
    rm -rf "$out" && mkdir -p "$out/vtk"
    local status=0
    "$cli" run "$@" --energy-csv "$out/energy.csv" --ledger-csv "$out/ledger.csv" --every 7 \
        --track 0 --track-csv "$out/track.csv" --vtk-dir "$out/vtk" --vtk-every 150 \
        >/dev/null 2>"$out/stderr" || status=$?
    local digest
    digest=$( (cd "$out" && find . -type f ! -name stderr | sort | xargs sha256sum; cat stderr) | sha256sum | cut -c1-16)
    printf '%-44s exit %d  %s\n' "$label" "$status" "$digest"
}

scenes=$("$cli" list 2>/dev/null | awk '/^built-in scenes/{on=1; next} on && NF {sub("builtin:", "", $1); print $1}')
for scene in $scenes; do
    file=resources/scenes/$scene.json
    [ -f "$file" ] || continue
    run "$scene default 1t" "$file" --steps "$steps" --threads 1
    run "$scene default 2t" "$file" --steps "$steps" --threads 2
    for preset in euler symplectic_euler woo pfc4 rk4; do
        run "$scene $preset" "$file" --steps "$steps" --scheme "$preset"
    done
    run "$scene pfc local 0.3 woo" "$file" --steps "$steps" --scheme pfc --local-damping 0.3 --local-damping-variant woo
done
# 3 threads on a 2-core machine: tumble-cli refuses more threads than the machine has unless told
export TUMBLE_OVERSUBSCRIBE=1
for t in 1 2 3; do
    run "dense-packing ${t}t" tests/bench/data/dense-packing.json --steps 300 --threads $t
    run "pour ${t}t" "$work/pour.json" --steps 1500 --threads $t
done
run "pour woo" "$work/pour.json" --steps 600 --scheme woo
run "pour rk4" "$work/pour.json" --steps 300 --scheme rk4
