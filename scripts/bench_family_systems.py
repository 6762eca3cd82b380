"""The benchmark family's systems (issue 18): one seeded generator writes each system for both
programs, a Tumble scene with explicit bodies and a LAMMPS data file plus input deck, so both start
from the same positions, radii and velocities to the last bit (floats written with repr).

Units are LAMMPS `lj` read as SI by Tumble: mean sphere diameter 1, density 1, gravity 1 along -z.
Every contact constant is mapped from the Tumble material by `lammps_model`; what does not map
exactly is said there and in docs/PERFORMANCE.md (issue 18).
"""
import json
import math
import os
import random

R_MEAN = 0.5  # mean sphere radius of the sphere systems (diameter 1)
KN = 20000.0  # linear normal stiffness, same as the lattice benchmark
RESTITUTION = 0.75
FRICTION = 0.5
HERTZ_YOUNG = 5e5  # tangent stiffness at 1% overlap of two mean spheres ~ KN (2 E* sqrt(R* d))
HERTZ_POISSON = 0.3
ROLLING_FRICTION = 0.1
DT_FACTOR = 0.15  # dt / Tumble's critical timestep


def linear_material():
    return {"name": "grain", "density": 1.0,
            "contact": {"model": "linear", "kn": KN, "kt": KN * 2.0 / 7.0, "restitution": RESTITUTION,
                        "friction": FRICTION, "rolling_friction": 0.0}}


def hertz_material():
    return {"name": "grain", "density": 1.0,
            "contact": {"model": "hertz_mindlin", "young": HERTZ_YOUNG, "poisson": HERTZ_POISSON,
                        "restitution": RESTITUTION, "friction": FRICTION, "rolling_friction": ROLLING_FRICTION}}


# LAMMPS 29Sep2021's tsuji damping coefficient from the restitution it is given (the Tsuji
# polynomial), used as eta = poly(e_in) sqrt(m* k); it does not return e_in, so we solve for the
# e_in whose coefficient equals Tumble's (exact per pair, any m*).
def _tsuji_poly(e):
    return 1.2728 - 4.2783 * e + 11.087 * e**2 - 22.348 * e**3 + 27.467 * e**4 - 18.022 * e**5 + 4.8218 * e**6


def tsuji_input_for(alpha):
    lo, hi = 0.0, 1.0  # the polynomial falls monotonically on [0, 1]
    for _ in range(100):
        mid = 0.5 * (lo + hi)
        if _tsuji_poly(mid) > alpha:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def _zeta(e):
    l = math.log(e)
    return -l / math.sqrt(l * l + math.pi * math.pi)


def lammps_model(material, wall=False):
    """The pair_style granular sub-model string equivalent to a Tumble material.

    linear: F_n = kn d - 2 zeta sqrt(m* kn) v_n -> hooke kn eta_in damping tsuji with
    poly(eta_in) = 2 zeta (exact); tangential spring kt, no tangential dashpot (xgammat 0).
    hertz_mindlin: F_n = kh d^1.5 - alpha sqrt(m* kh) d^0.25 v_n, kh = 4/3 E* sqrt(R*) ->
    hertz/material E eta_in nu damping tsuji with poly(eta_in) = alpha (exact: LAMMPS's dashpot is
    poly sqrt(m* 4/3 E* a), a = sqrt(R* d)); Tumble's tangential dashpot 2/sqrt(6) alpha sqrt(m* kt)
    with kt = 8 G* a is LAMMPS's xgammat times the normal one: xgammat = 2 sqrt(G*/E*); k_t = 8 G*.
    Rolling: LAMMPS's sds torque is k_roll R*^2 theta_r, Tumble's kr = 2.25 kn_t (mu_r R*)^2 with
    kn_t = 2 E* sqrt(R* d) varying with the overlap: k_roll = 2.25 mu_r^2 kn_t taken at two mean
    spheres (a wall: a mean sphere) at 1% overlap of the mean radius (Tumble's critical-timestep
    reference); no rolling dashpot (gamma 0).
    Both cap the rolling moment at mu_r R* F_n (LAMMPS: total F_n; Tumble: elastic F_n) and friction
    at mu F_n likewise.
    """
    c = material["contact"]
    e, mu = c["restitution"], c["friction"]
    if c["model"] == "linear":
        eta_in = tsuji_input_for(2.0 * _zeta(e))
        s = f"hooke {c['kn']!r} {eta_in:.12g} damping tsuji tangential linear_history {c['kt']!r} 0.0 {mu!r}"
        return s
    E, nu = c["young"], c["poisson"]
    # LAMMPS 29Sep2021's wall/gran takes E* = E / (2 (1 - nu)) for hertz/material (measured: a
    # sphere bouncing on the floor matches Tumble's E / (2 (1 - nu^2)) to 1e-8 only with E given
    # as E / (1 + nu)); the tangential stiffness is then given explicitly, not derived from E
    E_in = E / (1.0 + nu) if wall else E
    l = math.log(e)
    alpha = math.sqrt(5.0) * -l / math.sqrt(l * l + math.pi * math.pi)
    eta_in = tsuji_input_for(alpha)
    e_star = E / (2.0 * (1.0 - nu * nu))
    g_star = E / (4.0 * (2.0 - nu) * (1.0 + nu))
    xgammat = 2.0 * math.sqrt(g_star / e_star)
    s = (f"hertz/material {E_in!r} {eta_in:.12g} {nu!r} damping tsuji "
         f"tangential mindlin {8.0 * g_star:.12g} {xgammat:.12g} {mu!r}")
    mur = c.get("rolling_friction", 0.0)
    if mur > 0.0:
        r_star, d = (R_MEAN if wall else R_MEAN / 2.0), 0.01 * R_MEAN
        kn_t = 2.0 * e_star * math.sqrt(r_star * d)
        s += f" rolling sds {2.25 * mur * mur * kn_t:.12g} 0.0 {mur!r}"
    return s


class System:
    """Bodies in a box of five walls (floor z = 0, sides x, y in [0, L]), open at the top.

    spheres: (radius, position, velocity, angular velocity); clumps: (members [(offset from the
    centre of mass, radius)], centre of mass, velocity, angular velocity), members not overlapping
    so that LAMMPS's sum over atoms and Tumble's union give the same mass properties.
    """

    def __init__(self, name, description, material, box, steps, seed, verify_steps):
        self.name, self.description, self.material = name, description, material
        self.box = box  # (Lx, Ly, height of the data file's box)
        self.steps, self.seed, self.verify_steps = steps, seed, verify_steps
        self.spheres, self.clumps = [], []
        self.dt = None
        # friction off, the models coincide: spheres agree to round-off; clumps to the difference
        # of the rotation integrators (rigid/small's Richardson iteration against Buss), O(dt^2)
        self.exact_tolerance = 1e-9

    @property
    def bodies(self):
        return len(self.spheres) + len(self.clumps)

    @property
    def atoms(self):
        return len(self.spheres) + sum(len(c[0]) for c in self.clumps)

    def mean_radius(self):
        radii = [s[0] for s in self.spheres] + [r for c in self.clumps for _, r in c[0]]
        return sum(radii) / len(radii)

    # Tumble ---------------------------------------------------------------------------------
    def scene(self):
        lx, ly, _ = self.box
        walls = [([0, 0, 0], [0, 0, 1]), ([0, 0, 0], [1, 0, 0]), ([lx, 0, 0], [-1, 0, 0]),
                 ([0, 0, 0], [0, 1, 0]), ([0, ly, 0], [0, -1, 0])]
        bodies = [{"type": "sphere", "material": "grain", "radius": r, "position": list(x), "velocity": list(v),
                   "angular_velocity": list(w)} for r, x, v, w in self.spheres]
        for members, x, v, w in self.clumps:
            bodies.append({"type": "clump", "material": "grain",
                           "spheres": [{"center": list(o), "radius": r} for o, r in members],
                           "position": list(x), "orientation": [1, 0, 0, 0], "velocity": list(v),
                           "angular_velocity": list(w)})
        return {"format": "tumble-scene", "version": 1, "name": self.name, "description": self.description,
                "gravity": [0, 0, -1.0],
                "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order",
                                "dt": self.dt if self.dt else {"factor": DT_FACTOR}},
                "damping": {"local": 0.0, "local_variant": "pfc", "viscous": 0.0},
                "materials": [self.material],
                "walls": [{"type": "plane", "point": p, "normal": n, "material": "grain"} for p, n in walls],
                "bodies": bodies}

    # LAMMPS ---------------------------------------------------------------------------------
    def data_file(self):
        lx, ly, lz = self.box
        rows, vel, mol = [], [], []
        k = 0
        for r, x, v, w in self.spheres:
            k += 1
            rows.append(f"{k} 1 {2 * r!r} 1.0 {x[0]!r} {x[1]!r} {x[2]!r}")
            vel.append(f"{k} {v[0]!r} {v[1]!r} {v[2]!r} {w[0]!r} {w[1]!r} {w[2]!r}")
        for b, (members, x, v, w) in enumerate(self.clumps, start=1):
            for o, r in members:
                k += 1
                p = [x[i] + o[i] for i in range(3)]
                # an atom's velocity is the body's at its centre: v + w x o; rigid/small sums
                # m (o x v) + I_sphere w over the atoms, which is the body's I w exactly
                u = [v[0] + w[1] * o[2] - w[2] * o[1], v[1] + w[2] * o[0] - w[0] * o[2],
                     v[2] + w[0] * o[1] - w[1] * o[0]]
                rows.append(f"{k} 1 {2 * r!r} 1.0 {p[0]!r} {p[1]!r} {p[2]!r}")
                vel.append(f"{k} {u[0]!r} {u[1]!r} {u[2]!r} {w[0]!r} {w[1]!r} {w[2]!r}")
                mol.append(f"{k} {b}")
        out = [f"{self.name} (bench-family, seed {self.seed})", "", f"{k} atoms", "1 atom types",
               f"0.0 {lx!r} xlo xhi", f"0.0 {ly!r} ylo yhi", f"0.0 {lz!r} zlo zhi", "", "Atoms # sphere", ""]
        out += rows + ["", "Velocities", ""] + vel
        if mol:
            out += ["", "Molecules", ""] + mol
        return "\n".join(out) + "\n"

    def deck(self, steps, thermo=None, contacts_every=0):
        """The LAMMPS input: run `steps` steps; thermo: print step and kinetic energies every that
        many steps; contacts_every: sample every body's pair contacts that often and dump which
        atoms ever touched (not for timing)."""
        lx, ly, _ = self.box
        model, wall = lammps_model(self.material), lammps_model(self.material, wall=True)
        clumps = bool(self.clumps)
        skin = 0.3 * self.mean_radius()  # Tumble's skin: 0.3 x mean member radius
        # ghost cutoff >= a clump's reach (rigid/small's requirement; no ghosts in a serial fixed box)
        comm = "comm_modify vel yes" + (" cutoff 2.5" if clumps else "")
        d = ["units lj", "atom_style sphere", "atom_modify map array", "boundary f f fm", "newton off", comm]
        if clumps:
            d += ["fix prop all property/atom mol ghost yes", "read_data data.lmp fix prop NULL Molecules"]
        else:
            d += ["read_data data.lmp"]
        d += ["pair_style granular", f"pair_coeff * * {model}", f"timestep {self.dt!r}",
              f"neighbor {skin!r} bin", "neigh_modify delay 0 every 1 check yes"
              + (" exclude molecule/intra all" if clumps else "")]
        # gravity and walls before the integrator: rigid/small sums the atoms' forces in its own
        # setup, so a fix defined after it would miss the first half kick
        d += ["fix 2 all gravity 1.0 vector 0 0 -1",
              f"fix w1 all wall/gran granular {wall} xplane 0.0 {lx!r}",
              f"fix w2 all wall/gran granular {wall} yplane 0.0 {ly!r}",
              f"fix w3 all wall/gran granular {wall} zplane 0.0 NULL"]
        d += ["fix 1 all rigid/small molecule" if clumps else "fix 1 all nve/sphere"]
        if thermo:
            if clumps:
                d += ["compute kt all ke/rigid 1", "compute kr all erotate/rigid 1"]
            else:
                d += ["compute kt all ke", "compute kr all erotate/sphere"]
            d += ["thermo_style custom step c_kt c_kr", "thermo_modify norm no format float %.15g", f"thermo {thermo}"]
        else:  # no temperature: rigid/small leaves the atoms' degrees of freedom below zero
            d += ["thermo_style custom step", f"thermo {steps}"]
        if contacts_every:
            d += contacts_lines(steps, contacts_every, clumps)
        d += [f"run {steps}"]
        return "\n".join(d) + "\n"

    def write(self, directory):
        os.makedirs(directory, exist_ok=True)
        with open(os.path.join(directory, "scene.json"), "w") as f:
            json.dump(self.scene(), f)
        with open(os.path.join(directory, "data.lmp"), "w") as f:
            f.write(self.data_file())


def contacts_lines(steps, every, clumps=False):
    """LAMMPS lines that dump, at the last step, each atom's pair-contact count averaged over
    samples every `every` steps (> 0: it touched another body at some sample)."""
    return ["compute cn all contact/atom", f"fix touched all ave/atom {every} {steps // every} {steps} c_cn",
            f"dump touched all custom {steps} touched.txt id " + ("mol " if clumps else "") + "f_touched",
            f"dump_modify touched delay {steps}"]


def _gauss3(rng, sigma):
    return tuple(rng.gauss(0.0, sigma) for _ in range(3))


def _grid(n, spacing, z0):
    for k in range(n[2]):
        for j in range(n[1]):
            for i in range(n[0]):
                yield ((i + 0.5) * spacing, (j + 0.5) * spacing, z0 + k * spacing)


def pour(seed, steps, material=None, name="pour"):
    """24 x 24 x 20 = 11520 spheres, radii uniform in [0.8, 1.2] x 0.5, on a grid of spacing 1.5
    (gaps >= 0.3) jittered by up to 0.1, velocities Gaussian (sigma 1 per component), spins
    Gaussian (sigma 1 rad per time unit): a frictional granular gas collapsing into the box."""
    rng = random.Random(seed)
    n, s = (24, 24, 20), 1.5
    sysm = System(name, "frictional pour of polydisperse spheres into a five-wall box",
                  material or linear_material(), (n[0] * s, n[1] * s, n[2] * s + 2.0), steps, seed, 500)
    for c in _grid(n, s, 0.75):
        r = rng.uniform(0.8, 1.2) * R_MEAN
        x = tuple(c[i] + rng.uniform(-0.1, 0.1) for i in range(3))
        sysm.spheres.append((r, x, _gauss3(rng, 1.0), _gauss3(rng, 1.0)))
    return sysm


def agitated(seed, steps):
    """24 x 24 x 20 = 11520 spheres, radii uniform in [0.9, 1.1] x 0.5 on a grid of spacing 1.12
    (gaps >= 0.02: nearly touching), velocities Gaussian (sigma 1), spins Gaussian (sigma 1)."""
    rng = random.Random(seed)
    n, s = (24, 24, 20), 1.12
    sysm = System("agitated", "agitated dense pack of nearly touching spheres", linear_material(),
                  (n[0] * s, n[1] * s, n[2] * s + 2.0), steps, seed, 500)
    for c in _grid(n, s, 0.56):
        r = rng.uniform(0.9, 1.1) * R_MEAN
        sysm.spheres.append((r, c, _gauss3(rng, 1.0), _gauss3(rng, 1.0)))
    return sysm


def hertz(seed, steps):
    """The pour (same seed: same bodies) with Hertz-Mindlin contacts and rolling resistance."""
    return pour(seed, steps, hertz_material(), "hertz")


def _clump_members(rng, r_mean, bound):
    """2 to 5 spheres, radii uniform in [0.8, 1.2] x r_mean, each touching a random earlier one
    (gap 1e-3 x r) in a random direction, overlapping none, all within `bound` of the centre of
    mass (clumps reaching further are drawn again)."""
    while True:
        members = _clump_draw(rng, r_mean, bound)
        if max(math.sqrt(sum(x * x for x in o)) + r for o, r in members) <= bound:
            return members


def _clump_draw(rng, r_mean, bound):
    count = rng.randint(2, 5)
    members = [((0.0, 0.0, 0.0), rng.uniform(0.8, 1.2) * r_mean)]
    while len(members) < count:
        r = rng.uniform(0.8, 1.2) * r_mean
        base, rb = members[rng.randrange(len(members))]
        u = rng.uniform(-1.0, 1.0)
        phi = rng.uniform(0.0, 2.0 * math.pi)
        s = math.sqrt(1.0 - u * u)
        dist = (rb + r) * 1.001
        c = (base[0] + dist * s * math.cos(phi), base[1] + dist * s * math.sin(phi), base[2] + dist * u)
        if math.sqrt(sum(x * x for x in c)) + r > bound:
            continue
        if any(math.dist(c, o) < (r + ro) * 1.0005 for o, ro in members):
            continue
        members.append((c, r))
    # offsets from the centre of mass (density uniform: weights r^3)
    m = [r**3 for _, r in members]
    com = [sum(mi * o[i] for mi, (o, _) in zip(m, members)) / sum(m) for i in range(3)]
    return [(tuple(o[i] - com[i] for i in range(3)), r) for o, r in members]


def clumps(seed, steps):
    """22 x 22 x 21 = 10164 clumps of 2 to 5 non-overlapping spheres (radii uniform in
    [0.8, 1.2] x 0.3, each within 0.97 of its centre of mass) with centres of mass on a grid of
    spacing 1.6 jittered by 0.01; a clump is drawn again until it clears the clumps already
    placed and the walls by 0.02. Velocities Gaussian (sigma 2), spins Gaussian (sigma 2): the
    clumps' dt is a sixth of the spheres', so the gas is stirred faster to collide in 5000 steps."""
    rng = random.Random(seed)
    n, s, gap = (22, 22, 21), 1.6, 0.02
    lx, ly = n[0] * s, n[1] * s
    sysm = System("clumps", "pile of clumps of 2 to 5 spheres falling into a five-wall box", linear_material(),
                  (lx, ly, n[2] * s + 2.0), steps, seed, 1500)
    placed = {}  # grid cell -> the clump's members in world coordinates
    for k in range(n[2]):
        for j in range(n[1]):
            for i in range(n[0]):
                c = ((i + 0.5) * s, (j + 0.5) * s, 0.8 + k * s)
                near = [m for d in ((a, b, e) for a in (-1, 0, 1) for b in (-1, 0, 1) for e in (-1, 0, 1))
                        for m in placed.get((i + d[0], j + d[1], k + d[2]), [])]
                for _ in range(10000):
                    members = _clump_members(rng, 0.3, 0.97)
                    x = tuple(c[q] + rng.uniform(-0.01, 0.01) for q in range(3))
                    world = [(tuple(x[q] + o[q] for q in range(3)), r) for o, r in members]
                    if all(p[0] - r >= gap and p[1] - r >= gap and p[2] - r >= gap and p[0] + r <= lx - gap
                           and p[1] + r <= ly - gap for p, r in world) and \
                            all(math.dist(p, q) >= r + rq + gap for p, r in world for q, rq in near):
                        break
                else:
                    raise RuntimeError("clumps: no clump fits at grid cell %s" % ((i, j, k),))
                placed[(i, j, k)] = world
                sysm.clumps.append((members, x, _gauss3(rng, 2.0), _gauss3(rng, 2.0)))
    sysm.exact_tolerance = 1e-5
    return sysm


# name -> (builder, steps at --steps-scale 1)
FAMILY = {"pour": (pour, 10000), "agitated": (agitated, 5000), "hertz": (hertz, 10000), "clumps": (clumps, 5000)}
