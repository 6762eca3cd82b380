"""Tumble against LAMMPS serial on the benchmark family (issue 18); run through bench-family.sh.

Per system: LAMMPS (OMP_NUM_THREADS=1) and Tumble at each thread count run alternately, R rounds;
rates are bodies x steps / wall time of the stepping loop (LAMMPS's "Loop time", Tumble's summary
wall_seconds: both exclude set-up and the first force evaluation), bodies counted the same on both
sides (a clump is one body). Each program sums its energies at the same steps: LAMMPS's thermo
steps, Tumble's energy rows (--energy-csv, --every). --verify compares both programs' kinetic energy over a short run and
measures the fraction of bodies that had a pair contact during the timed run.
"""
import argparse
import csv
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

import bench_family_systems as fam

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LATTICE_SCENE = os.path.join(ROOT, "tests", "bench", "data", "dense-packing.json")
LATTICE_DECK = os.path.join(ROOT, "tests", "bench", "data", "lammps-dense.in")
LATTICE_STEPS = 2000  # bench-lammps.sh's default
ALL = ["lattice", "pour", "agitated", "hertz", "clumps"]


def fail(msg):
    sys.exit("bench-family: " + msg)


class Case:
    """One system ready to run: its directory, scene, LAMMPS deck text maker, steps, bodies."""

    def __init__(self, name, workdir, cli, seed, scale):
        self.name, self.dir = name, os.path.join(workdir, name)
        os.makedirs(self.dir, exist_ok=True)
        if name == "lattice":
            self.system = None
            self.scene, self.steps, self.bodies, self.verify_steps = LATTICE_SCENE, max(1, round(LATTICE_STEPS * scale)), 10164, 300
            self.dt, self.seed = 1e-4, None
            with open(LATTICE_DECK) as f:
                self.lattice_text = f.read()
            m = re.search(r"^thermo\s+(\d+)", self.lattice_text, re.M)
            self.thermo = min(int(m.group(1)), self.steps) if m else self.steps
            return
        build, steps = fam.FAMILY[name]
        self.system = build(seed, max(1, round(steps * scale)))
        self.system.write(self.dir)
        self.scene = os.path.join(self.dir, "scene.json")
        crit = json.loads(run([cli, "inspect", self.scene]).stdout)["critical_dt"]
        self.system.dt = float(f"{fam.DT_FACTOR * crit:.3g}")  # both programs get this dt
        self.system.write(self.dir)
        self.critical_dt, self.dt, self.seed = crit, self.system.dt, seed
        self.steps, self.bodies, self.verify_steps = self.system.steps, self.system.bodies, self.system.verify_steps
        self.thermo = self.steps  # the generated decks print thermo at the first and last step

    def deck(self, steps, thermo=None, contacts_every=0):
        if self.system:
            return self.system.deck(steps, thermo, contacts_every)
        # the lattice's own deck as it is, with the same extra lines the generated decks get
        extra = []
        if thermo:
            extra += ["compute kt all ke", "compute kr all erotate/sphere", "thermo_style custom step c_kt c_kr",
                      "thermo_modify norm no format float %.15g", f"thermo {thermo}"]
        if contacts_every:
            extra += fam.contacts_lines(steps, contacts_every)
        return self.lattice_text.replace("run ${steps}", "\n".join(extra + [f"run {steps}"]))


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        fail(f"{' '.join(cmd)} failed ({r.returncode}):\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}")
    return r


def lammps(case, steps, thermo=None, contacts_every=0):
    """Runs LAMMPS serial in the case's directory; returns (loop seconds, stdout)."""
    deck = os.path.join(case.dir, "in.lmp")
    with open(deck, "w") as f:
        f.write(case.deck(steps, thermo, contacts_every))
    env = dict(os.environ, OMP_NUM_THREADS="1")
    r = run(["lmp", "-in", deck, "-log", "none", "-echo", "none"], cwd=case.dir, env=env)
    m = re.search(r"Loop time of ([0-9.eE+-]+) on 1 procs for (\d+) steps with (\d+) atoms", r.stdout)
    if not m or int(m.group(2)) != steps:
        fail(f"{case.name}: no 'Loop time' line for {steps} steps in LAMMPS output:\n" + r.stdout[-2000:])
    return float(m.group(1)), r.stdout


def tumble(case, cli, steps, threads, energy_csv=None, every=10):
    summary = os.path.join(case.dir, f"summary-{threads}.json")
    cmd = [cli, "run", case.scene, "--steps", str(steps), "--threads", str(threads), "--summary-json", summary]
    if energy_csv:
        cmd += ["--energy-csv", energy_csv, "--every", str(every)]
    run(cmd)
    with open(summary) as f:
        s = json.load(f)
    if s.get("steps") != steps or s.get("bodies") != case.bodies:
        fail(f"{case.name}: tumble-cli ran {s.get('steps')} steps of {s.get('bodies')} bodies, "
             f"expected {steps} of {case.bodies}")
    return s["wall_seconds"], s


def lammps_thermo(stdout):
    rows, on = {}, False
    for line in stdout.splitlines():
        f = line.split()
        if f[:3] == ["Step", "c_kt", "c_kr"]:
            on = True
        elif on and len(f) == 3 and f[0].isdigit():
            rows[int(f[0])] = float(f[1]) + float(f[2])
        elif on:
            on = False
    return rows


def frictionless(case):
    """The case with friction and rolling friction off (same bodies, same dt): there the two
    programs' models coincide exactly, so their kinetic energies must agree to round-off."""
    import copy
    f = copy.copy(case)
    f.dir = os.path.join(case.dir, "frictionless")
    f.system = copy.copy(case.system)
    f.system.material = copy.deepcopy(case.system.material)
    f.system.material["contact"].update(friction=0.0, rolling_friction=0.0)
    f.system.write(f.dir)
    f.scene = os.path.join(f.dir, "scene.json")
    return f


def verify(case, cli, every=10):
    """Kinetic energy (translational + rotational) of both over the first verify_steps steps:
    the largest |KE_tumble - KE_lammps| over rows every `every` steps, over the largest KE_lammps."""
    n = case.verify_steps
    _, out = lammps(case, n, thermo=every)
    lmp = lammps_thermo(out)
    path = os.path.join(case.dir, "energy.csv")
    tumble(case, cli, n, 1, energy_csv=path, every=every)
    tmb = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            tmb[int(row["step"])] = float(row["kinetic_translational"]) + float(row["kinetic_rotational"])
    steps = sorted(set(lmp) & set(tmb))
    if len(steps) < 2:
        fail(f"{case.name}: no common kinetic-energy rows to compare")
    scale = max(abs(lmp[s]) for s in steps)  # the lattice starts at rest: relative to the window's largest KE
    worst = max(abs(tmb[s] - lmp[s]) for s in steps) / scale
    return {"steps": n, "rows": len(steps), "max_rel_ke_diff": worst,
            "ke_start": [lmp[steps[0]], tmb[steps[0]]], "ke_end": [lmp[steps[-1]], tmb[steps[-1]]]}


def contact_fraction(case, every=10):
    """Fraction of bodies with a pair contact at some sample (every `every` steps) of the timed
    run, measured in LAMMPS (compute contact/atom); a clump counts when any member touched."""
    lammps(case, case.steps, contacts_every=every)
    touched = {}
    with open(os.path.join(case.dir, "touched.txt")) as f:
        lines = f.read().splitlines()
    start = lines.index(next(l for l in lines if l.startswith("ITEM: ATOMS"))) + 1
    for l in lines[start:]:
        f = l.split()
        body = int(f[1]) if len(f) == 3 else int(f[0])
        touched[body] = touched.get(body, False) or float(f[-1]) > 0.0
    if len(touched) != case.bodies:
        fail(f"{case.name}: contact sample has {len(touched)} bodies, expected {case.bodies}")
    return sum(touched.values()) / len(touched)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", required=True)
    ap.add_argument("--systems", default=",".join(ALL))
    ap.add_argument("--steps-scale", type=float, default=1.0)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", default="")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--verify", action="store_true")
    ap.add_argument("--no-timing", action="store_true")
    ap.add_argument("--tolerance", type=float, default=0.05,
                    help="largest relative KE difference allowed with friction on (models differ there)")
    ap.add_argument("--workdir", default="")
    a = ap.parse_args()
    names = a.systems.split(",")
    for n in names:
        if n not in ALL:
            fail(f"unknown system '{n}' (known: {', '.join(ALL)})")
    threads = [int(t) for t in a.threads.split(",")]
    tmp = None
    if not a.workdir:
        tmp = tempfile.TemporaryDirectory(prefix="bench-family-")
        a.workdir = tmp.name
    cases = [Case(n, a.workdir, a.cli, a.seed, a.steps_scale) for n in names]
    result = {"seed": a.seed, "steps_scale": a.steps_scale, "repeats": a.repeats, "threads": threads, "systems": {}}
    for c in cases:
        info = {"bodies": c.bodies, "steps": c.steps, "dt": c.dt}
        if c.system:
            info.update(atoms=c.system.atoms, critical_dt=c.critical_dt, seed=c.seed)
        result["systems"][c.name] = info
        print(f"{c.name}: {c.bodies} bodies, {c.steps} steps, dt {c.dt:g}", flush=True)

    ok_verify = True
    if a.verify:
        print(f"\nverification: largest relative KE difference over the first steps, friction off (tolerance "
              f"1e-9, clumps 1e-5) and on ({a.tolerance:g}); share of bodies that touched another in the run:")
        for c in cases:
            v = verify(c, a.cli)
            v["within_tolerance"] = v["max_rel_ke_diff"] <= a.tolerance
            line = f"  {c.name:9s} "
            if c.system:  # the lattice's own files map the dashpot approximately: no exact check
                v["frictionless"] = verify(frictionless(c), a.cli)
                v["frictionless"]["within_tolerance"] = v["frictionless"]["max_rel_ke_diff"] <= c.system.exact_tolerance
                v["within_tolerance"] &= v["frictionless"]["within_tolerance"]
                line += f"off {v['frictionless']['max_rel_ke_diff']:.1e}, "
            else:
                line += "off    -   , "
            v["contact_fraction"] = contact_fraction(c)
            ok_verify &= v["within_tolerance"]
            result["systems"][c.name]["verify"] = v
            print(line + f"on {v['max_rel_ke_diff']:.1e} over {v['steps']} steps "
                  f"({'ok' if v['within_tolerance'] else 'OFF'}); touched: {100 * v['contact_fraction']:.1f}%",
                  flush=True)

    ok = True
    if not a.no_timing:
        rates = {c.name: {"lammps": [], **{f"tumble_{n}": [] for n in threads}} for c in cases}
        heap = {c.name: 0.0 for c in cases}  # the largest heap per body at a run's end, B
        for r in range(a.repeats):
            for c in cases:
                t, _ = lammps(c, c.steps)
                rates[c.name]["lammps"].append(c.bodies * c.steps / t)
                for n in threads:
                    # Tumble's energy rows at the steps LAMMPS prints thermo: both programs sum
                    # their energies there and only there
                    t, s = tumble(c, a.cli, c.steps, n, energy_csv=os.path.join(c.dir, f"energy-{n}.csv"),
                                  every=c.thermo)
                    rates[c.name][f"tumble_{n}"].append(c.bodies * c.steps / t)
                    heap[c.name] = max(heap[c.name], s.get("heap_bytes_per_body", 0.0))
                print(f"round {r + 1}/{a.repeats} {c.name:9s} " + ", ".join(
                    f"{k} {v[-1] / 1e6:.2f}" for k, v in rates[c.name].items()) + " M body-steps/s", flush=True)
        print(f"\nmedian of {a.repeats} rounds, M body-steps/s (bodies x steps / loop wall time):")
        print(f"  {'system':9s} {'LAMMPS':>8s} " + " ".join(f"{'T' + str(n) + 't':>8s}" for n in threads)
              + " " + " ".join(f"{'T' + str(n) + '/L':>6s}" for n in threads)
              + ("  T2/T1" if 1 in threads and 2 in threads else "") + "  B/body")
        for c in cases:
            med = {k: statistics.median(v) for k, v in rates[c.name].items()}
            lmp = med["lammps"]
            res = result["systems"][c.name]
            res.update(rates=rates[c.name], median=med, ratio_to_lammps={n: med[f"tumble_{n}"] / lmp for n in threads})
            line = f"  {c.name:9s} {lmp / 1e6:8.2f} " + " ".join(f"{med[f'tumble_{n}'] / 1e6:8.2f}" for n in threads)
            line += " " + " ".join(f"{med[f'tumble_{n}'] / lmp:6.2f}" for n in threads)
            met = True
            if 1 in threads:
                met &= med["tumble_1"] >= 1.5 * lmp
            if 2 in threads:
                met &= med["tumble_2"] >= 2.5 * lmp
                if 1 in threads:
                    res["two_thread_scaling"] = med["tumble_2"] / med["tumble_1"]
                    line += f"  {res['two_thread_scaling']:5.2f}"
                    met &= res["two_thread_scaling"] >= 1.7
            # memory: the heap a run holds at its end over what tumble-cli held before loading
            res["heap_bytes_per_body"] = heap[c.name]
            line += f"  {heap[c.name]:6.0f}"
            met &= heap[c.name] < 1024.0
            res["targets_met"] = bool(met)
            ok &= met
            print(line + ("" if met else "  (targets not met)"))
        print("targets (every system: 1 thread >= 1.5x LAMMPS, 2 threads >= 2.5x LAMMPS and >= 1.7x 1 thread, "
              "heap under 1 KB per body at the end of every run): "
              + ("met" if ok else "NOT met"))
        result["targets_met"] = bool(ok)
    if a.verify:
        result["verified"] = bool(ok_verify)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(result, f, indent=2)
    if a.verify and not ok_verify:
        print("bench-family: kinetic energies disagree beyond the tolerance", file=sys.stderr)
        sys.exit(1)
    sys.exit(0 if ok or not a.check else 1)


if __name__ == "__main__":
    main()
