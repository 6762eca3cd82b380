#!/usr/bin/env bash
# Tumble against LAMMPS serial on the benchmark family of issue 18: the dense lattice (issue 7's
# files), a frictional pour, an agitated dense pack, the pour with Hertz-Mindlin and rolling
# resistance, and a pile of clumps; every system >= 10000 bodies, generated from one seed for
# both programs (scripts/bench_family_systems.py) into a temporary directory.
#
#   scripts/bench-family.sh [--systems a,b] [--steps-scale F] [--repeats R] [--threads 1,2]
#                           [--seed S] [--json PATH] [--check] [--verify] [--tolerance T]
#                           [--no-timing] [--workdir DIR]
#
# Installs lammps (Debian package, command lmp) when it is missing, builds tumble-cli unless
# TUMBLE_CLI names one, then runs LAMMPS serial (OMP_NUM_THREADS=1) and Tumble at each thread
# count alternately, R rounds (default 3), and prints the median rates (bodies x steps / loop
# wall time) and ratios per system. --check exits 1 unless on every system 1 thread >= 1.5 x
# LAMMPS, 2 threads >= 2.5 x LAMMPS and >= 1.7 x 1 thread. --verify first compares both programs'
# kinetic energy over a short run (friction off: round-off; on: within --tolerance, default 0.05)
# and measures the share of bodies that touched another, and exits 1 when the energies disagree.
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in -h|--help) sed -n 2,17p "$0"; exit 0 ;; esac

. scripts/bench-prelude.sh bench-family

export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in scripts/
exec python3 scripts/bench_family.py --cli "$cli" "$@"
