#include "io/ParaViewScript.h"

#include <cstdio>

#include "io/NumberFormat.h"

namespace tumble {

namespace {

// the usage, then the imports; the scene's data follow
constexpr const char* kHead =
    R"py(# Opens Tumble's VTK output in ParaView: the spheres at their radii, coloured by speed, the walls
# and the periodic cell. Written by Tumble beside the collection it shows; finds it beside itself.
#   in the GUI:  paraview --script=THIS_FILE
#   headless:    pvpython THIS_FILE --screenshot out.png [--size 1280x800] [--frame last|first|N]
#                         [--view iso|top|front|side] [--background R,G,B]
# (--frame N: the N-th frame from 0; --view: iso looks down on the scene from the front right,
# top down -z, front along +y, side along -x). A headless run needs an X display:
#   xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" pvpython THIS_FILE --screenshot out.png
import argparse
import math
import os
import sys

from paraview.simple import *
)py";

// what reads the data and draws it
constexpr const char* kBody = R"py(

def parse_options():
    p = argparse.ArgumentParser(allow_abbrev=False,
                                description="Shows " + SPHERES + " in ParaView; --screenshot saves an image and exits.")
    p.add_argument("--screenshot", metavar="PNG", help="save the view to PNG and exit")
    p.add_argument("--size", default="1280x800", help="image size WxH in pixels (default 1280x800)")
    p.add_argument("--frame", default="last", help="frame to show: first, last or its index N from 0 (default last)")
    p.add_argument("--view", default="iso", choices=["iso", "top", "front", "side"],
                   help="camera direction: iso (default), top (down -z), front (along +y), side (along -x)")
    p.add_argument("--background", metavar="R,G,B", help="background colour, components 0..1")
    # paraview --script passes no arguments of its own; unknown ones are left alone
    return p.parse_known_args(sys.argv[1:])[0]


def bounds_of(source, time):
    source.UpdatePipeline(time)
    return list(source.GetDataInformation().GetBounds())


def grow(box, other):
    if other[0] > other[1]:  # empty
        return box
    if box is None:
        return list(other)
    return [min(box[0], other[0]), max(box[1], other[1]), min(box[2], other[2]),
            max(box[3], other[3]), min(box[4], other[4]), max(box[5], other[5])]


def corners(box):
    return [(box[i], box[2 + j], box[4 + k]) for i in (0, 1) for j in (0, 1) for k in (0, 1)]


def sub(a, b):
    return [a[0] - b[0], a[1] - b[1], a[2] - b[2]]


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def unit(a):
    n = math.sqrt(dot(a, a))
    return [a[0] / n, a[1] / n, a[2] / n]


def wall_quad(point, normal, box):
    # the plane's part under the padded scene box: in-plane axes u, v, the box's corners projected
    n = unit(normal)
    helper = [1.0, 0.0, 0.0] if abs(n[0]) < 0.9 else [0.0, 1.0, 0.0]
    u = unit(cross(n, helper))
    v = cross(n, u)
    us = [dot(sub(c, point), u) for c in corners(box)]
    vs = [dot(sub(c, point), v) for c in corners(box)]
    at = lambda a, b: [point[k] + a * u[k] + b * v[k] for k in range(3)]
    return at(min(us), min(vs)), at(max(us), min(vs)), at(min(us), max(vs))


def main():
    options = parse_options()
    view = GetActiveViewOrCreate("RenderView")
    if options.screenshot:
        # rendered at the image's size, so the legend's text keeps its proportions
        view.ViewSize = [int(s) for s in options.size.lower().split("x")]
    view.OrientationAxesVisibility = 1
    if options.background:
        view.UseColorPaletteForBackground = 0
        view.Background = [float(c) for c in options.background.split(",")]

    reader = PVDReader(registrationName=SPHERES, FileName=os.path.join(HERE, SPHERES))
    times = reader.TimestepValues
    times = list(times) if isinstance(times, (list, tuple)) or hasattr(times, "__len__") else [times]
    times = times or [0.0]
    frame = {"first": 0, "last": len(times) - 1}.get(options.frame)
    if frame is None:
        frame = int(options.frame)
    time = times[frame]
    scene = GetAnimationScene()
    scene.UpdateAnimationUsingDataTimeSteps()
    scene.AnimationTime = time

    # the scene's extent over the first and shown frames, spheres' radii included
    reader.UpdatePipeline(time)
    arrays = reader.PointData.keys()
    radius = reader.PointData["radius"].GetRange()[1] if "radius" in arrays else 0.0
    box = grow(bounds_of(reader, times[0]), bounds_of(reader, time))
    if box is None:
        box = [-0.5, 0.5, -0.5, 0.5, -0.5, 0.5]
    box = [box[k] + (radius if k % 2 else -radius) for k in range(6)]

    # spheres: Point Gaussian splats drawn as shaded spheres of exactly the radius array (m)
    shown = reader
    if "velocity" in arrays:
        shown = Calculator(registrationName="speed", Input=reader, ResultArrayName="speed", Function="mag(velocity)")
    spheres = Show(shown, view)
    spheres.SetRepresentationType("Point Gaussian")
    spheres.ShaderPreset = "Sphere"
    if "radius" in arrays:
        spheres.ScaleByArray = 1
        spheres.SetScaleArray = ["POINTS", "radius"]
        spheres.UseScaleFunction = 0  # the array is the radius itself, not mapped through a function
        spheres.GaussianRadius = 1.0  # multiplies it
    else:
        spheres.GaussianRadius = 0.01 * math.sqrt(sum((box[2 * k + 1] - box[2 * k]) ** 2 for k in range(3)))
    if "velocity" in arrays:
        ColorBy(spheres, ("POINTS", "speed"))
        lut = GetColorTransferFunction("speed")
        lut.AutomaticRescaleRangeMode = "Grow and update every timestep"
        spheres.RescaleTransferFunctionToDataRange(False, True)
        spheres.SetScalarBarVisibility(view, True)
        bar = GetScalarBar(lut, view)
        bar.Title = "speed (m/s)"
        bar.ComponentTitle = ""
        bar.WindowLocation = "Upper Right Corner"
    else:
        spheres.ColorArrayName = ["POINTS", ""]

    # the periodic cell, as the edges of its parallelepiped
    if CELL:
        cell = PVDReader(registrationName=CELL, FileName=os.path.join(HERE, CELL))
        box = grow(box, bounds_of(cell, time))
        edges = Show(cell, view)
        edges.SetRepresentationType("Wireframe")
        edges.ColorArrayName = ["POINTS", ""]
        edges.AmbientColor = edges.DiffuseColor = [0.9, 0.9, 0.9]
        edges.LineWidth = 2.0

    # the walls: infinite planes, drawn over the scene's extent and a margin, translucent grey;
    # an axis-aligned wall ends the margin on its solid side, so a box of walls closes
    size = max(box[1] - box[0], box[3] - box[2], box[5] - box[4], 1e-3)
    padded = [box[k] + (0.15 * size if k % 2 else -0.15 * size) for k in range(6)]
    for point, normal in WALLS:
        n = unit(normal)
        for k in range(3):
            if abs(n[k]) > 0.999 and padded[2 * k] < point[k] < padded[2 * k + 1]:
                padded[2 * k if n[k] > 0 else 2 * k + 1] = point[k]
    for k, (point, normal) in enumerate(WALLS):
        origin, point1, point2 = wall_quad(point, normal, padded)
        plane = Plane(registrationName="wall %d" % k, Origin=origin, Point1=point1, Point2=point2)
        quad = Show(plane, view)
        quad.ColorArrayName = ["POINTS", ""]
        quad.AmbientColor = quad.DiffuseColor = [0.75, 0.75, 0.75]
        quad.Opacity = 0.4
        # the quad faces the free side: seen from the solid side (between the camera and the
        # bodies) it is not drawn, so walls never hide what they hold
        quad.BackfaceRepresentation = "Cull Backface"
        box = grow(box, bounds_of(plane, time))

    # the camera: from the chosen direction, fitted to everything shown
    direction, up = {"iso": ((1.0, -1.6, 1.0), (0.0, 0.0, 1.0)),
                     "top": ((0.0, 0.0, 1.0), (0.0, 1.0, 0.0)),
                     "front": ((0.0, -1.0, 0.0), (0.0, 0.0, 1.0)),
                     "side": ((1.0, 0.0, 0.0), (0.0, 0.0, 1.0))}[options.view]
    centre = [0.5 * (box[2 * k] + box[2 * k + 1]) for k in range(3)]
    view.CameraFocalPoint = centre
    view.CameraPosition = [centre[k] + direction[k] for k in range(3)]
    view.CameraViewUp = up
    view.ResetCamera(box[0], box[1], box[2], box[3], box[4], box[5])
    view.ViewTime = time
    Render(view)

    if options.screenshot:
        SaveScreenshot(options.screenshot, view, ImageResolution=view.ViewSize)


main()
)py";

// a Python string literal of s (UTF-8 bytes kept; quotes, backslashes and controls escaped)
std::string pythonString(const std::string& s)
{
    std::string out = "\"";
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20 || u == 0x7f) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", u);
            out += escaped;
        } else {
            out += c;
        }
    }
    return out + '"';
}

void appendTuple(std::string& out, const Vec3& v)
{
    out += '(';
    for (int k = 0; k < 3; ++k) {
        if (k)
            out += ", ";
        appendNumber(out, v[k]);
    }
    out += ')';
}

} // namespace

std::string paraViewScript(const ParaViewScene& scene)
{
    std::string py = kHead;
    py += "\n# the scene: collections beside this file, the walls as (point on the plane, unit normal), m\n";
    py += "SPHERES = " + pythonString(scene.spheres) + "\n";
    py += "CELL = " + (scene.cell.empty() ? std::string("None") : pythonString(scene.cell)) + "\n";
    py += "WALLS = [\n";
    for (const Wall& w : scene.walls) {
        py += "    (";
        appendTuple(py, w.point);
        py += ", ";
        appendTuple(py, w.normal);
        py += "),\n";
    }
    py += "]\n";
    // paraview --script runs the text without __file__: then the directory written in, or the
    // working directory, is where the collections are
    py += "WRITTEN_IN = " + pythonString(scene.directory) + "\n";
    py += "PLACES = [WRITTEN_IN, os.getcwd()]\n"
          "if \"__file__\" in globals():\n"
          "    PLACES.insert(0, os.path.dirname(os.path.abspath(__file__)))\n"
          "HERE = next((d for d in PLACES if os.path.isfile(os.path.join(d, SPHERES))), None)\n"
          "if HERE is None:\n"
          "    raise SystemExit(SPHERES + \" is in none of \" + \", \".join(PLACES))\n";
    py += kBody;
    return py;
}

} // namespace tumble
