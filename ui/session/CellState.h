#pragma once
// CellState: a periodic cell as the GUI sees it in one snapshot (issue 20): its side vectors,
// the medium's velocity gradient, the strain and stress of the assembly, and a velocity profile.
//
// Design note. The worker builds it from the Simulation's public API (World::cell,
// Simulation::cellStress) when it publishes, so the GUI never reads the core. The velocity
// profile is the one a shear-flow experiment looks at: the bodies' mean lab velocity v_x in
// kProfileBins bins of the fractional coordinate s_y along the cell's second side b, each body
// taken at its image inside the cell (x - H n with the image's velocity v - L H n, so a body
// that strayed past a face counts where its image is, moving as its image does), with the
// medium's own v_x = (L x)_x at each bin's centre beside it: a flow that follows the medium lies
// on that line. A bin's centre is the point H (1/2, s, 1/2) of the cell's mid-line, s the bin's
// middle. Rejected: binning along the lab y (a sheared cell's bins would cut across its faces)
// and a profile in the GUI (the GUI has no velocities: a snapshot carries speeds only).
#include <array>
#include <cstddef>
#include <vector>

#include "math/Types.h"
#include "model/PeriodicCell.h"

namespace tumble {
class Simulation;
}

namespace tumble::ui {

struct CellState {
    /// Bins of the velocity profile along the cell's second side.
    static constexpr std::size_t kProfileBins = 16;

    Mat3 vectors = Mat3::Identity(); ///< H, columns the side vectors a, b, c, m
    Mat3 gradient = Mat3::Zero();    ///< L, 1/s (the medium's velocity is L x)
    CellModel model = CellModel::MediumCarried;
    std::array<bool, 3> periodic{false, false, false};
    Mat3 strain = Mat3::Zero(); ///< F - I, the medium's displacement gradient since the start, -
    double volume = 0.0;        ///< |det H|, m^3

    Mat3 stress = Mat3::Zero(); ///< sigma (CellStress), Pa, tension positive
    double pressure = 0.0;      ///< -tr(sigma) / 3, Pa
    double deviator = 0.0;      ///< sqrt(3/2 s:s) of sigma's symmetric part, Pa

    // the velocity profile, (kProfileBins) each, bin k covering s_y in [k, k + 1) / kProfileBins
    std::array<double, kProfileBins> binY{};   ///< y of the bin's centre, m
    std::array<double, kProfileBins> meanVx{}; ///< mean lab v_x of its bodies, m/s (NaN: empty)
    /// the medium's (L x)_x at its centre carried at the bodies' mean velocity, m/s: the affine
    /// profile with the bodies' momentum (Lees-Edwards keeps the momentum they start with, zero in
    /// a gas, so their steady profile is L (x - <x>) + <v>, not L x; in the medium-carried model
    /// bodies at rest in the medium have <v> = L <x> and the line is L x)
    std::array<double, kProfileBins> mediumVx{};
    std::array<int, kProfileBins> binCount{}; ///< bodies in it

    /// The cell's corner H s for fractional coordinates s (each 0 or 1 for the eight corners), m.
    Vec3 corner(int i) const { return vectors * Vec3(double(i & 1), double((i >> 1) & 1), double((i >> 2) & 1)); }
    /// The medium's velocity at x, m/s.
    Vec3 mediumVelocity(const Vec3& x) const { return gradient * x; }
};

/// The cell state of sim (whose world must have a cell): its cell, the stress of the last force
/// evaluation (Simulation::cellStress) and the bodies' profile from velocity, each body's on-step
/// lab velocity (m/s) in the simulation's body order (fillBodies works them out once for both).
CellState cellState(const Simulation& sim, const std::vector<Vec3>& velocity);

/// The name of a model as the scene file spells it: "medium_carried", "lees_edwards".
const char* cellModelName(CellModel model);

} // namespace tumble::ui
