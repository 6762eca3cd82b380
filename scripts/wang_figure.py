#!/usr/bin/env python3
"""Wang's (2008) figs. 6 and 7: the energy error of his slowly loaded chain (bent and twisted at
once) against time, for several timesteps, under the incremental bond law and under Wang's total
law (docs/BONDS.md, "Wang's comparison").

Runs `tumble-cli run` on the scene for each law and timestep, reads the energy CSVs and writes
  OUT      (.svg) the two panels, |relative error| on a log axis against time, one curve per dt
  --csv    law,dt,time,external_work,balance_error,relative_error  (every sample; optional)
and prints, per law and dt, the relative error at the end and the largest |balance error| (J)
over the run, with the slope of its logarithm against log(dt) from the previous timestep. The
relative error is Wang's: (kinetic + elastic - external work) / external work, the energy
CSV's balance_error / external_work.

Usage: scripts/wang_figure.py [--cli build/app/tumble-cli] [--scene PATH] [--duration S]
                              [--factors 0.025,0.05,...] [--out docs/images/wang-figs-6-7.svg]
                              [--csv PATH]
Standard library only (no numpy or matplotlib on a fresh Debian).
"""
import argparse
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

LAWS = ("incremental", "total")
TITLES = {"incremental": "incremental law (Wang's fig. 6)", "total": "Wang's total law (fig. 7)"}
COLOURS = ["#1b6ac9", "#2a9d4b", "#d98a00", "#c9341b", "#7b3fb5", "#555555"]


def run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"wang_figure: {' '.join(cmd)} failed ({proc.returncode}): {proc.stderr.strip()}")
    return proc.stdout


def scene_with_law(scene, law, folder):
    """The scene with every bond entry's "law" set (a copy in folder)."""
    with open(scene) as f:
        doc = json.load(f)
    for bond in doc.get("bonds", []):
        bond["law"] = law
    path = os.path.join(folder, f"{law}.json")
    with open(path, "w") as f:
        json.dump(doc, f)
    return path


def relative_errors(csv_path, floor):
    """(time, W, balance, balance / W) of every sample once the work exceeds floor (J)."""
    rows = []
    with open(csv_path) as f:
        for r in csv.DictReader(f):
            w = float(r["external_work"])
            if abs(w) > floor:
                b = float(r["balance_error"])
                rows.append((float(r["time"]), w, b, b / w))
    return rows


def svg_figure(curves, dts, duration, path):
    """Two panels (one per law) of |relative error| against time on a shared log axis."""
    width, height = 1100, 460
    left, right, top, bottom, gap = 80, 150, 40, 60, 70
    pw = (width - left - right - gap) / 2
    ph = height - top - bottom
    values = [abs(e) for law in LAWS for dt in dts for (_, _, _, e) in curves[law][dt] if e != 0.0]
    lo = math.floor(math.log10(min(values)))
    hi = math.ceil(math.log10(max(values)))
    lo = max(lo, hi - 12)

    def x_of(panel, t):
        return left + panel * (pw + gap) + pw * t / duration

    def y_of(e):
        v = math.log10(max(abs(e), 10.0 ** lo))
        return top + ph * (hi - v) / (hi - lo)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="DejaVu Sans, sans-serif" font-size="13">',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    for panel, law in enumerate(LAWS):
        x0 = left + panel * (pw + gap)
        out.append(f'<text x="{x0 + pw / 2:.1f}" y="{top - 14}" text-anchor="middle" font-size="15">'
                   f'{TITLES[law]}</text>')
        for p in range(lo, hi + 1):
            y = y_of(10.0 ** p)
            out.append(f'<line x1="{x0:.1f}" y1="{y:.1f}" x2="{x0 + pw:.1f}" y2="{y:.1f}" stroke="#e4e4e4"/>')
            out.append(f'<text x="{x0 - 6:.1f}" y="{y + 4:.1f}" text-anchor="end">1e{p}</text>')
        for i in range(6):
            t = duration * i / 5
            x = x_of(panel, t)
            out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + ph}" stroke="#e4e4e4"/>')
            out.append(f'<text x="{x:.1f}" y="{top + ph + 18}" text-anchor="middle">{t:g}</text>')
        out.append(f'<rect x="{x0:.1f}" y="{top}" width="{pw:.1f}" height="{ph}" fill="none" stroke="#333"/>')
        out.append(f'<text x="{x0 + pw / 2:.1f}" y="{top + ph + 42}" text-anchor="middle">time, s</text>')
        for c, dt in enumerate(dts):
            pts = " ".join(f"{x_of(panel, t):.1f},{y_of(e):.1f}" for (t, _, _, e) in curves[law][dt])
            out.append(f'<polyline points="{pts}" fill="none" stroke="{COLOURS[c % len(COLOURS)]}" '
                       f'stroke-width="1.6"/>')
    out.append(f'<text transform="translate(22 {top + ph / 2}) rotate(-90)" text-anchor="middle">'
               f'|kinetic + elastic - external work| / external work</text>')
    lx = width - right + 16
    out.append(f'<text x="{lx}" y="{top + 8}">timestep</text>')
    for c, dt in enumerate(dts):
        y = top + 30 + 22 * c
        colour = COLOURS[c % len(COLOURS)]
        out.append(f'<line x1="{lx}" y1="{y - 4}" x2="{lx + 24}" y2="{y - 4}" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{lx + 30}" y="{y}">{dt * 1e6:.3g} \u00b5s</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", default="build/app/tumble-cli")
    ap.add_argument("--scene", default="resources/scenes/wang-chain-bending-twisting.json")
    ap.add_argument("--duration", type=float, default=10.0, help="s")
    ap.add_argument("--factors", default="0.025,0.05,0.1,0.2,0.4", help="dt as fractions of the critical dt")
    ap.add_argument("--every", type=int, default=0, help="energy samples every K steps (0: 400 samples a run)")
    ap.add_argument("--out", default="docs/images/wang-figs-6-7.svg")
    ap.add_argument("--csv", default="", help="every sample of every run, as CSV")
    args = ap.parse_args()

    critical = json.loads(run([args.cli, "inspect", args.scene]))["critical_dt"]
    factors = [float(f) for f in args.factors.split(",")]
    dts = [critical * f for f in factors]
    curves = {law: {} for law in LAWS}
    with tempfile.TemporaryDirectory() as folder:
        for law in LAWS:
            scene = scene_with_law(args.scene, law, folder)
            for dt in dts:
                steps = round(args.duration / dt)
                every = args.every or max(1, steps // 400)
                energy = os.path.join(folder, f"{law}-{dt:.6g}.csv")
                run([args.cli, "run", scene, "--dt", repr(dt), "--steps", str(steps), "--energy-csv", energy,
                     "--every", str(every), "--threads", "1"])
                # the error is measured once the drive has done work beyond round-off
                curves[law][dt] = relative_errors(energy, 1e-9)

    if args.csv:
        with open(args.csv, "w") as f:
            f.write("law,dt,time,external_work,balance_error,relative_error\n")
            for law in LAWS:
                for dt in dts:
                    for (t, w, b, e) in curves[law][dt]:
                        f.write(f"{law},{dt!r},{t!r},{w!r},{b!r},{e!r}\n")
    svg_figure(curves, dts, args.duration, args.out)

    print(f"critical dt {critical:.6g} s; at t = {args.duration:g} s the relative error, and over the run the "
          f"largest |balance error| with the slope of its log against log(dt) from the previous dt")
    for law in LAWS:
        previous = None
        for f, dt in zip(factors, dts):
            rows = curves[law][dt]
            worst = max(abs(b) for (_, _, b, _) in rows)
            slope = "" if previous is None else f"  slope {math.log(worst / previous[1]) / math.log(dt / previous[0]):.2f}"
            print(f"{law:12s} dt {dt:.4g} s ({f:g} dt_crit)  end {rows[-1][3]:+.3e}  max |balance| {worst:.3e} J{slope}")
            previous = (dt, worst)


if __name__ == "__main__":
    main()
