#pragma once
// LammpsBox: a Tumble periodic cell as a LAMMPS box (`boundary`, the data file's xlo xhi ... xy xz
// yz) and, when the cell deforms, `fix deform ... remap v` (docs/LAMMPS.md "Periodic cells").
//
// Design note. LAMMPS's triclinic box has a along x, b in the xy plane and c anywhere: H upper
// triangular with a positive diagonal, and fix deform changes it only by x, y, z, xy, xz, yz, so
// dH/dt = L H needs L upper triangular. A cell not in that form is refused (with the JSON path)
// rather than turned: a rotation that makes H upper triangular rarely keeps L so, and turning
// gravity, walls and every velocity with it would make the export's numbers Tumble's in another
// frame. Only periodic sides are taken from H; a side that does not repeat has no images, so the
// box along it is the atoms' extent (boundary m) with no tilt, which leaves the lattice of images
// H n, all that the physics sees, unchanged. The box is Tumble's cell reduced by LAMMPS's own flip
// rule (the same lattice), so read_data accepts its tilts.
//
// Tumble moves the cell by H(t + dt) = exp(dt <L>) H(t), <L> the mean of L over the step. Where
// the L(t) commute (L diagonal at all times, or its diagonal isotropic and L_xy, L_yz never both
// non-zero) this is H(t) = exp(A(t)) (I + S(t)) H0 with A the integral of L's diagonal and S of its
// strictly upper part: written as `variable ... equal` closed forms of `time`, piecewise quadratic
// between the schedule's knots, and fix deform's `variable` style with the rate L(t) H(t) that
// remap v shifts a crossing atom's velocity by (Lees-Edwards, as Tumble's v -= L H n). Other
// schedules are refused: their box is a time-ordered exponential with no such closed form.
#include <string>
#include <vector>

#include "math/Types.h"
#include "model/PeriodicCell.h"

namespace tumble {

struct LammpsBox {
    std::string boundary;         ///< the `boundary` command's three words: p where the cell repeats, else m
    bool periodic[3] = {};        ///< which axes repeat
    Mat3 h = Mat3::Identity();    ///< side vectors as columns, upper triangular, m (open axes: set by fitOpenAxes)
    Vec3 lo = Vec3::Zero();       ///< the box's corner, m (0 along periodic axes: Tumble's cell corner)
    Mat3 gradient = Mat3::Zero(); ///< L at time 0, 1/s: an atom wrapped by H n takes v - L H n
    bool deforms = false;         ///< whether fix deform is written
    bool triclinic = false;       ///< whether the box has (or fix deform changes) a tilt
    /// Input lines: the L(t) variables (gradient_xx ... 1/s) and, when it deforms, the box's closed
    /// forms and `fix deform`; empty for a still cell
    std::string input;
    /// LAMMPS expressions of the medium's velocity (L x)_k at an atom (m/s), for atom-style
    /// variables; "0" where L's row is zero
    std::string mediumVelocity[3];
    std::vector<std::string> notes; ///< what LAMMPS will not run as Tumble does, one sentence each
};

/// The box of a cell. Throws SceneError (file: source, path /cell) for a cell LAMMPS cannot hold.
LammpsBox lammpsBox(const PeriodicCell& cell, const std::string& source);

/// The image shift n (H n, m) that puts x (m) into the box along its periodic axes.
Vec3 lammpsWrap(const LammpsBox& box, const Vec3& x);

/// Sets the box along its open axes to the extent of spheres at x (m) of radii r (m), padded by
/// pad (m) each side.
void fitOpenAxes(LammpsBox& box, const std::vector<Vec3>& x, const std::vector<double>& r, double pad);

} // namespace tumble
