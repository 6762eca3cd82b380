#pragma once
// PeriodicCell: a parallelepiped of space repeated along some of its axes, moving with a
// uniformly deforming medium (Woo, "Motion in uniformly deforming space" and "Periodic space").
//
// Design note. The cell is the matrix H whose columns are its side vectors (corner at the
// origin). The medium moves with the velocity field v_L(x) = L x; H follows it, dH/dt = L H.
// For an L that is constant over a step the medium's motion is linear and solved exactly,
// x(t + dt) = exp(dt L) x(t) (MediumStep), so H and every point carried by the medium take the
// same map and keep their fractional coordinates H^-1 x to rounding. Woo's trapezoidal update
// of H is second order; the exact map has no drift at all. The derivations are in
// docs/PERIODIC.md.
#include <array>

#include "math/Types.h"
#include "model/GradientSchedule.h"

namespace tumble {

/// How bodies move in a deforming cell (docs/PERIODIC.md "Two models"):
/// - MediumCarried: Woo's and YADE's. A body's fluctuation velocity v - L x changes only through
///   forces (and its fluctuation spin only through torques); a free body at rest in the medium
///   stays at rest in it.
/// - LeesEdwards: Newton's law in the lab frame, as LAMMPS's fix deform with remap v. The medium
///   shows only at the boundary: a body that crosses it, and a partner's image, take the image's
///   medium velocity.
enum class CellModel : unsigned char { MediumCarried, LeesEdwards };

/// The medium's motion over one step of dt with a velocity gradient L constant over it.
struct MediumStep {
    Mat3 map = Mat3::Identity();     ///< exp(dt L), -: x(t + dt) = map x(t) for a point of the medium
    Mat3 halfMap = Mat3::Identity(); ///< exp(dt L / 2), -: the map to mid-step (RK4's middle stages)
    Mat3 carry = Mat3::Zero();       ///< s: integral_0^dt exp((dt - s) L) ds, the displacement per m/s of a
                                     ///< fluctuation velocity held constant over the step
    Mat3 gradient = Mat3::Zero();    ///< L over the step, 1/s
    Vec3 spin = Vec3::Zero();        ///< the medium's angular velocity over the step, rad/s
    double dt = 0.0;                 ///< s
    /// Whether bodies drift with the medium (a deforming cell under the medium-carried model);
    /// otherwise a drift is the plain x + dt v
    bool carries = false;
    /// Whether the medium moves at all (L != 0): the ledger then counts the fluctuation motion
    bool moves = false;

    /// One body's drift over the step, for the medium-carried model: its fluctuation velocity
    /// u = v - L x is held, x(t + dt) = map x + carry u exactly, and the lab velocity v (m/s) is
    /// u + L x at the new position x (m). Every single-stage scheme's drift is this.
    void drift(Vec3& x, Vec3& v) const
    {
        const Vec3 u = v - gradient * x;
        x = map * x + carry * u;
        v = u + gradient * x;
    }

    /// A body's displacement over the step relative to the medium, m, from its position at the
    /// step's end (m) and its displacement over the step (m): x(t + dt) - map x(t).
    Vec3 fluctuationDisplacement(const Vec3& xEnd, const Vec3& displacement) const
    {
        return xEnd - map * (xEnd - displacement);
    }
    /// A body's rotation vector over the step relative to the medium, rad (the medium-carried
    /// model turns the bodies with it; Lees-Edwards rotation is Newtonian: the lab's)
    Vec3 fluctuationRotation(const Vec3& rotation) const { return carries ? Vec3(rotation - spin * dt) : rotation; }
};

/// Integer image indices along the cell's three axes.
using ImageShift = std::array<int, 3>;

/// n as a vector, for H n.
inline Vec3 imageVector(const ImageShift& n)
{
    return Vec3(n[0], n[1], n[2]);
}

class PeriodicCell {
public:
    PeriodicCell() = default;
    /// vectors: columns are the side vectors, m; periodic: which axes repeat; gradient: L, 1/s.
    PeriodicCell(const Mat3& vectors, const std::array<bool, 3>& periodic, const Mat3& gradient, CellModel model);

    const Mat3& vectors() const { return h_; }       ///< H, columns are the side vectors, m
    const Mat3& inverse() const { return inverse_; } ///< H^-1, 1/m
    const std::array<bool, 3>& periodic() const { return periodic_; }
    bool periodic(int axis) const { return periodic_[static_cast<std::size_t>(axis)]; }
    const Mat3& gradient() const { return gradient_; } ///< L, 1/s
    CellModel model() const { return model_; }
    /// The medium's deformation since the cell was made, F = H(t) H(0)^-1 over the flips (its
    /// polar decomposition gives the strain; for a diagonal L, ln F's diagonal is Hencky's strain)
    const Mat3& deformation() const { return deformation_; }

    /// The cell's volume |det H|, m^3.
    double volume() const;
    /// The distance between the two faces that axis k crosses (the cell's width along k), m.
    double width(int axis) const;
    /// The smallest width over the periodic axes, m (infinity when none is periodic).
    double narrowestPeriodicWidth() const;

    /// Fractional coordinates H^-1 x of a position x (m).
    Vec3 fractional(const Vec3& x) const { return inverse_ * x; }
    /// The image indices n that bring x into the cell: x - H n has its periodic fractional
    /// coordinates in [0, 1); n is 0 along an axis that does not repeat.
    ImageShift wrapShift(const Vec3& x) const;
    /// The image indices n that make d + H n shortest for a separation d (m): its periodic
    /// fractional coordinates rounded away. Exact (the nearest image) while |d + H n| is under half
    /// the narrowest periodic width, which the loader and the step keep for bonds (Simulation).
    ImageShift nearestImage(const Vec3& d) const;
    /// H n: the position of image n of a point relative to the point, m.
    Vec3 shift(const ImageShift& n) const;
    /// L H n: the velocity of image n of a body relative to the body, m/s (the medium's
    /// velocity at the shift; zero when the cell does not deform).
    Vec3 shiftVelocity(const ImageShift& n) const;

    /// The medium's angular velocity, the axial vector of L's skew part W = (L - L^T)/2, rad/s.
    static Vec3 spinOf(const Mat3& gradient);
    Vec3 spin() const { return spinOf(gradient_); }
    /// Whether the medium moves at all (L != 0).
    bool deforming() const { return !gradient_.isZero(0.0); }

    /// The medium's motion over a step of dt s under the current L.
    MediumStep step(double dt) const;
    /// Moves the cell by one step (H <- map H) and keeps it reduced (reduce()).
    /// Returns true when the reduction changed the cell vectors (the images were renumbered).
    bool advance(const MediumStep& s);
    /// Puts the cell where a trial state of a multi-stage step has it (side vectors h, m), without
    /// counting it as motion: the step puts it back and advance()s it once the step is done.
    void placeAt(const Mat3& h)
    {
        h_ = h;
        updateInverse();
    }
    /// A new velocity gradient from now on, 1/s (a live change, or the schedule's next step).
    void setGradient(const Mat3& gradient) { gradient_ = gradient; }
    /// L prescribed in time (a scene's "velocity_gradient_schedule"); empty: L stays as set.
    /// Each step takes its mean over the step (Simulation); a live change of L ends it.
    const GradientSchedule& schedule() const { return schedule_; }
    void setSchedule(GradientSchedule schedule) { schedule_ = std::move(schedule); }
    void setModel(CellModel model) { model_ = model; }

    /// Replaces a side vector that shear has tilted past half a period of another periodic axis
    /// by the equivalent one (the same lattice of images: H <- H M with M an integer matrix of
    /// determinant 1), as LAMMPS flips a triclinic box. Returns true when H changed.
    bool reduce();

    /// Every field, in and out of a saved state (sim/StateArchive.h).
    template <class A> void archive(A& a)
    {
        a.field("h", h_);
        a.field("inverse", inverse_);
        a.field("periodic", periodic_);
        a.field("gradient", gradient_);
        a.field("schedule", schedule_);
        a.field("model", model_);
        a.field("deformation", deformation_);
    }

private:
    void updateInverse();

    Mat3 h_ = Mat3::Identity();
    Mat3 inverse_ = Mat3::Identity();
    std::array<bool, 3> periodic_{false, false, false};
    Mat3 gradient_ = Mat3::Zero();
    GradientSchedule schedule_;
    CellModel model_ = CellModel::MediumCarried;
    Mat3 deformation_ = Mat3::Identity();
};

} // namespace tumble
