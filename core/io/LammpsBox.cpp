#include "io/LammpsBox.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "io/NumberFormat.h"
#include "scene/SceneError.h"

namespace tumble {

namespace {

const char* const kAxis = "xyz";

std::string entryName(int i, int j)
{
    return std::string(1, kAxis[i]) + kAxis[j];
}

// a number inside an expression: parenthesised when negative (LAMMPS reads "+(-2)", not "+-2")
std::string num(double v)
{
    const std::string s = formatNumber(v);
    return v < 0.0 ? "(" + s + ")" : s;
}

// L(t) as the scene prescribes it: knots (time, L), or one constant L
struct Gradients {
    std::vector<double> times; // s; empty: constant
    std::vector<Mat3> values;  // 1/s
    std::string path(std::size_t k) const
    {
        return times.empty() ? std::string("/cell/velocity_gradient")
                             : "/cell/velocity_gradient_schedule/" + std::to_string(k) + "/velocity_gradient";
    }
    bool zero(int i, int j) const
    {
        return std::all_of(values.begin(), values.end(), [&](const Mat3& l) { return l(i, j) == 0.0; });
    }
};

// one entry of L(t) from time 0 on as piecewise polynomials of `time`: L itself (linear) and its
// integral from 0 (quadratic), exact between the knots
struct Piecewise {
    std::string value, integral;
};

Piecewise piecewise(const Gradients& g, const GradientSchedule& schedule, int i, int j)
{
    if (g.times.empty()) {
        const double l = g.values[0](i, j);
        return {num(l), num(l) + "*time"};
    }
    // segment starts: 0 and every knot after it; L is linear on each and constant after the last
    std::vector<double> starts{0.0};
    for (double t : g.times)
        if (t > 0.0)
            starts.push_back(t);
    std::string value, integral;
    double accumulated = 0.0; // the integral of L from 0 to the segment's start
    for (std::size_t m = 0; m < starts.size(); ++m) {
        const double t0 = starts[m];
        const bool last = m + 1 == starts.size();
        const double l0 = schedule.at(t0)(i, j);
        const double slope = last ? 0.0 : (schedule.at(starts[m + 1])(i, j) - l0) / (starts[m + 1] - t0);
        std::string window;
        if (m > 0)
            window += "(time>=" + num(t0) + ")*";
        if (!last)
            window += "(time<" + num(starts[m + 1]) + ")*";
        const std::string dt = "(time-" + num(t0) + ")";
        if (!value.empty()) {
            value += "+";
            integral += "+";
        }
        value += window + "(" + num(l0) + "+" + num(slope) + "*" + dt + ")";
        integral +=
            window + "(" + num(accumulated) + "+" + num(l0) + "*" + dt + "+" + num(0.5 * slope) + "*" + dt + "^2)";
        if (!last)
            accumulated += 0.5 * (l0 + schedule.at(starts[m + 1])(i, j)) * (starts[m + 1] - t0);
    }
    return {value, integral};
}

// LAMMPS's own reduction of a triclinic box (its flip limits: |yz| <= ly/2, |xz| <= lx/2,
// |xy| <= lx/2), among periodic sides only: the same lattice of images
void reduceLikeLammps(Mat3& h, const bool periodic[3])
{
    auto reduce = [&](int side, int against, int row) {
        if (!periodic[side] || !periodic[against])
            return;
        const double t = h(row, side) / h(row, against);
        if (std::abs(t) > 0.5)
            h.col(side) -= std::round(t) * h.col(against);
    };
    reduce(2, 1, 1);
    reduce(2, 0, 0);
    reduce(1, 0, 0);
}

} // namespace

LammpsBox lammpsBox(const PeriodicCell& cell, const std::string& source)
{
    LammpsBox box;
    const Mat3& h = cell.vectors();
    for (int k = 0; k < 3; ++k) {
        box.periodic[k] = cell.periodic(k);
        box.boundary += std::string(k ? " " : "") + (box.periodic[k] ? "p" : "m");
    }
    // the periodic sides must be LAMMPS's: a along x, b in the xy plane, positive lengths
    box.h = Mat3::Identity();
    for (int j = 0; j < 3; ++j) {
        if (!box.periodic[j])
            continue;
        const double scale = h.col(j).norm();
        for (int i = j + 1; i < 3; ++i)
            if (std::abs(h(i, j)) > 1e-12 * scale)
                throw SceneError(source, "/cell/vectors/" + std::to_string(j),
                                 std::string("side ") + "abc"[j] + " has a " + kAxis[i] + " component (" +
                                     formatSignificant(h(i, j), 6) +
                                     " m): a LAMMPS box has its first side along x and its second in the xy plane "
                                     "(write the scene with the cell's sides so, axes renamed if need be)");
        if (!(h(j, j) > 0.0))
            throw SceneError(source, "/cell/vectors/" + std::to_string(j),
                             std::string("side ") + "abc"[j] + " points along -" + kAxis[j] +
                                 ": a LAMMPS box's sides have positive lengths");
        for (int i = 0; i <= j; ++i)
            box.h(i, j) = h(i, j);
    }
    reduceLikeLammps(box.h, box.periodic);
    box.triclinic = box.h(0, 1) != 0.0 || box.h(0, 2) != 0.0 || box.h(1, 2) != 0.0;

    Gradients g;
    const GradientSchedule& schedule = cell.schedule();
    if (schedule.empty()) {
        g.values.push_back(cell.gradient());
    } else {
        for (const GradientKnot& k : schedule.knots()) {
            g.times.push_back(k.time);
            g.values.push_back(k.gradient);
        }
    }
    box.gradient = schedule.empty() ? cell.gradient() : schedule.at(0.0);
    for (std::size_t k = 0; k < g.values.size(); ++k)
        for (int i = 1; i < 3; ++i)
            for (int j = 0; j < i; ++j)
                if (g.values[k](i, j) != 0.0)
                    throw SceneError(source, g.path(k),
                                     "L_" + entryName(i, j) + " = " + formatSignificant(g.values[k](i, j), 6) +
                                         " 1/s: LAMMPS's fix deform changes a box only by x, y, z, xy, xz and yz, so "
                                         "L must be upper triangular (a shear as L_xy, L_xz or L_yz, axes renamed if "
                                         "need be)");

    // the L entries the periodic sides feel: column j of L acts through row j of H, which is zero
    // in every periodic side when no periodic axis is j or after it
    bool relevant[3];
    for (int j = 0; j < 3; ++j) {
        relevant[j] = false;
        for (int k = j; k < 3; ++k)
            relevant[j] = relevant[j] || box.periodic[k];
    }
    auto used = [&](int i, int j) { return relevant[j] && !g.zero(i, j); };
    bool shears = false, diagonal = false, isotropic = true;
    for (int j = 0; j < 3; ++j) {
        diagonal = diagonal || used(j, j);
        for (int i = 0; i < j; ++i)
            shears = shears || used(i, j);
    }
    for (const Mat3& l : g.values)
        for (int j = 1; j < 3; ++j)
            if (relevant[j] && l(j, j) != l(0, 0))
                isotropic = false;
    if (shears && diagonal && !isotropic)
        throw SceneError(source, g.times.empty() ? "/cell/velocity_gradient" : "/cell/velocity_gradient_schedule",
                         "a shear with an anisotropic stretch: the box then follows a time-ordered exponential that "
                         "the export does not write for LAMMPS (a shear, a stretch, or a shear with an isotropic "
                         "compression are exported)");
    if (used(0, 1) && used(1, 2))
        throw SceneError(source, g.times.empty() ? "/cell/velocity_gradient" : "/cell/velocity_gradient_schedule",
                         "L_xy and L_yz both shear: the box's xz then grows with their product, which the export "
                         "does not write for LAMMPS");

    // L(t) for every entry that is ever non-zero: the medium's velocity and the box's rates read it
    std::string& s = box.input;
    bool anyGradient = false;
    for (int i = 0; i < 3; ++i)
        for (int j = i; j < 3; ++j)
            if (!g.zero(i, j)) {
                const Piecewise p = piecewise(g, schedule, i, j);
                s += "variable gradient_" + entryName(i, j) + " equal " + p.value + "\n";
                if (relevant[j])
                    s += "variable strain_" + entryName(i, j) + " equal " + p.integral + "\n";
                anyGradient = true;
            }
    for (int i = 0; i < 3; ++i) {
        std::string v;
        for (int j = i; j < 3; ++j)
            if (!g.zero(i, j))
                v += std::string(v.empty() ? "" : "+") + "v_gradient_" + entryName(i, j) + "*" + kAxis[j];
        box.mediumVelocity[i] = v.empty() ? "0" : v;
    }
    if (!anyGradient)
        return box;

    // H(t) = exp(A(t)) (I + S(t)) H0 for the periodic sides' entries, and its rate L(t) H(t)
    auto stretch = [&](int k) { return used(k, k) ? "exp(v_strain_" + entryName(k, k) + ")" : std::string(); };
    auto strain = [&](int i, int j) { return used(i, j) ? "v_strain_" + entryName(i, j) : std::string(); };
    auto times = [](const std::string& a, const std::string& b) { return a.empty() ? b : b.empty() ? a : a + "*" + b; };
    struct Component {
        int i, j;
        std::string word; // fix deform's parameter
    };
    std::vector<Component> components;
    for (int k = 0; k < 3; ++k)
        if (box.periodic[k])
            components.push_back({k, k, std::string(1, kAxis[k])});
    if (box.periodic[1])
        components.push_back({0, 1, "xy"});
    if (box.periodic[2]) {
        components.push_back({0, 2, "xz"});
        components.push_back({1, 2, "yz"});
    }
    auto boxName = [&](int i, int j) { return "box_" + (i == j ? "l" + std::string(1, kAxis[i]) : entryName(i, j)); };
    std::string fix;
    for (const Component& c : components) {
        // (I + S) H0, entry (i, j): H0(i, j) + sum over k > i of S(i, k) H0(k, j)
        std::string sum = num(box.h(c.i, c.j));
        bool moves = false;
        for (int k = c.i + 1; k <= c.j; ++k)
            if (!strain(c.i, k).empty() && box.h(k, c.j) != 0.0) {
                sum += "+" + strain(c.i, k) + "*" + num(box.h(k, c.j));
                moves = true;
            }
        const std::string e = stretch(c.i);
        moves = moves || (!e.empty() && box.h(c.i, c.j) != 0.0);
        if (!moves)
            continue; // this entry of the box stays as it is (a zero tilt under a stretch stays zero)
        s += "variable " + boxName(c.i, c.j) + " equal " + times(e, "(" + sum + ")") + "\n";
    }
    // the rates need every box entry they read, moving or not
    auto boxValue = [&](int i, int j) {
        for (const Component& c : components)
            if (c.i == i && c.j == j && s.find("variable " + boxName(i, j) + " ") != std::string::npos)
                return "v_" + boxName(i, j);
        return num(box.h(i, j));
    };
    for (const Component& c : components) {
        if (s.find("variable " + boxName(c.i, c.j) + " ") == std::string::npos)
            continue;
        std::string rate;
        for (int k = c.i; k <= c.j; ++k)
            if (!g.zero(c.i, k) && relevant[k] && (box.h(k, c.j) != 0.0 || boxValue(k, c.j).starts_with("v_")))
                rate +=
                    std::string(rate.empty() ? "" : "+") + "v_gradient_" + entryName(c.i, k) + "*" + boxValue(k, c.j);
        const std::string name = boxName(c.i, c.j);
        s += "variable " + name + "_change equal v_" + name + "-" + num(box.h(c.i, c.j)) + "\n";
        s += "variable " + name + "_rate equal " + (rate.empty() ? "0" : rate) + "\n";
        fix += " " + c.word + " variable v_" + name + "_change v_" + name + "_rate";
    }
    if (fix.empty())
        return box;
    if (fix.find(" xy ") != std::string::npos && fix.find(" yz ") != std::string::npos)
        throw SceneError(source, g.times.empty() ? "/cell/velocity_gradient" : "/cell/velocity_gradient_schedule",
                         "the box's xy and yz would both change: LAMMPS's fix deform cannot change yz by a variable "
                         "while xy changes (a flip of one would change xz continuously)");
    box.deforms = true;
    box.triclinic = box.triclinic || fix.find(" xy ") != std::string::npos || fix.find(" xz ") != std::string::npos ||
                    fix.find(" yz ") != std::string::npos;
    // remap v: an atom crossing a face takes its image's velocity v - L H n (Lees-Edwards); flip
    // yes (the default, written out): the box is re-reduced past half a period, as Tumble's cell
    s += "fix deform all deform 1" + fix + " remap v flip yes units box\n";

    box.notes.push_back(
        "periodic cell: LAMMPS moves its box at the end of a step (fix deform's end_of_step), after the step's wrap "
        "and forces, so an atom crossing a moving face is wrapped by the box of the step before, dt L H n behind "
        "Tumble's, and its ghost images are placed by that box too (measured: a sphere crossing the y face of a cell "
        "sheared at g ends dt g Ly along x off its straight line, and a pair touching across that face feels at step "
        "n the force of the box at step n - 1)");
    if (cell.model() == CellModel::MediumCarried)
        box.notes.push_back(
            "periodic cell: the scene's bodies are medium-carried (Woo), LAMMPS has Newton's law with Lees-Edwards "
            "images only (fix deform remap v), so it runs the scene as \"lees_edwards\": the two differ by the "
            "medium's drag m (dL/dt x + L v) on each body, zero only for a free body in simple shear");
    if (!g.times.empty())
        box.notes.push_back(
            "periodic cell: while L ramps, an atom crossing a sheared face takes the velocity shift L H n "
            "with L at the step's time (LAMMPS) where Tumble takes L's mean over the step: they differ "
            "by dt/2 |dL/dt| |H n|");
    return box;
}

Vec3 lammpsWrap(const LammpsBox& box, const Vec3& x)
{
    // fractional coordinates by back substitution (H upper triangular, lo 0 along periodic axes);
    // an open axis has no tilt in its side, so it never enters a periodic one's
    Vec3 s = Vec3::Zero();
    Vec3 shift = Vec3::Zero();
    for (int k = 2; k >= 0; --k) {
        if (!box.periodic[k])
            continue;
        double r = x[k];
        for (int j = k + 1; j < 3; ++j)
            r -= box.h(k, j) * s[j];
        s[k] = r / box.h(k, k);
    }
    for (int k = 0; k < 3; ++k)
        if (box.periodic[k])
            shift += std::floor(s[k]) * box.h.col(k);
    return shift;
}

void fitOpenAxes(LammpsBox& box, const std::vector<Vec3>& x, const std::vector<double>& r, double pad)
{
    for (int k = 0; k < 3; ++k) {
        if (box.periodic[k])
            continue;
        double lo = std::numeric_limits<double>::max(), hi = -lo;
        for (std::size_t a = 0; a < x.size(); ++a) {
            // the coordinate along k less the periodic sides' tilts into it
            double c = x[a][k];
            Vec3 s = Vec3::Zero();
            for (int j = 2; j > k; --j) {
                if (!box.periodic[j])
                    continue;
                double rj = x[a][j];
                for (int m = j + 1; m < 3; ++m)
                    rj -= box.h(j, m) * s[m];
                s[j] = rj / box.h(j, j);
                c -= box.h(k, j) * s[j];
            }
            lo = std::min(lo, c - r[a]);
            hi = std::max(hi, c + r[a]);
        }
        if (x.empty())
            lo = hi = 0.0;
        box.lo[k] = lo - pad;
        box.h(k, k) = hi - lo + 2.0 * pad;
    }
}

} // namespace tumble
