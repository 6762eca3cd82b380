#pragma once
// PFC's second-order clump rotation (PFC law of motion, eqs. 18-23; Buss 2000, "augmented
// second-order"): with on-step L, q and the torque M(t),
//   w = I^-1 L,   w' = I^-1 (M - w x L),   w_mean = w + w' dt/2 + (w' x w) dt^2/12,
//   q(t + dt) = exp(w_mean dt) q(t),
// and L advances with velocity-Verlet half kicks, L += M(t) dt/2 before the force evaluation and
// L += M(t + dt) dt/2 after it; then w = I(t + dt)^-1 L (eq. 23).
#include <cmath>

#include "integrate/IsotropicTurn.h"
#include "integrate/RotationScheme.h"
#include "math/ExactZero.h"
#include "math/QuaternionOps.h"

namespace tumble {

class Buss2ndOrder final : public RotationScheme {
public:
    std::string_view name() const override { return "buss_2nd_order"; }
    void beginStep(World& world, double dt, std::size_t begin, std::size_t end) const override;
    /// Also gives the step's rotation vector, w_mean dt (exactly the rotation applied).
    bool beginStep(World& world, double dt, std::size_t begin, std::size_t end, Vec3* rotation) const override;
    void endStep(World& world, double dt, std::size_t begin, std::size_t end) const override;

    // One body's part of each, shared by the range loops and the Simulation's fused passes (the
    // same arithmetic either way); dt and half = dt/2 in s.

    /// Principal moments j (kg m^2) all equal: w x L = 0.
    static bool isotropic(const Vec3& j) { return j.x() == j.y() && j.y() == j.z(); }
    /// An isotropic body with neither angular momentum l nor torque: beginStep only zeroes its
    /// angular velocity and rotation vector (nothing turns).
    static bool still(const Vec3& j, const Vec3& l, const Vec3& torque) { return allZero(l, torque) && isotropic(j); }
    /// The step dt and its derived constants, worked out once per range.
    struct Steps {
        explicit Steps(double step) : dt(step), half(0.5 * step), twelfth(step * step / 12.0) {}
        double dt;      ///< s
        double half;    ///< dt/2, s
        double twelfth; ///< dt^2/12, s^2
    };
    /// beginStep of body i when it is not still; writes w_mean dt (rad) to rotation[i] unless
    /// rotation is null. Not marked cold: in every scene with friction the bodies turn.
    static void beginTurning(World& world, std::size_t i, const Steps& steps, Vec3* rotation);
    /// a b normalised, for unit quaternions a and b (rotations): |a b|^2 = 1 + d with d of the
    /// order of the rounding, so one Newton step for 1 / |a b| from 1, (3 - |a b|^2) / 2, is
    /// exact in double precision (its error 3/8 d^2 < 4e-17 for |d| < 1e-8), and spares the
    /// square root and division at the end of a spinning sphere's chain. Any other product is
    /// normalised the usual way.
    static Quat unitProduct(const Quat& a, const Quat& b)
    {
        // the product written out on scalars: Eigen's packet form went through the stack, and
        // reading it back as one 32-byte load stalled store forwarding in every sphere's step
        const double aw = a.w(), ax = a.x(), ay = a.y(), az = a.z();
        const double bw = b.w(), bx = b.x(), by = b.y(), bz = b.z();
        double pw = aw * bw - (ax * bx + ay * by + az * bz);
        double px = aw * bx + bw * ax + (ay * bz - az * by);
        double py = aw * by + bw * ay + (az * bx - ax * bz);
        double pz = aw * bz + bw * az + (ax * by - ay * bx);
        const double n2 = (pw * pw + px * px) + (py * py + pz * pz);
        const double k = std::abs(n2 - 1.0) < 1e-8 ? 0.5 * (3.0 - n2) : 1.0 / std::sqrt(n2);
        pw *= k;
        px *= k;
        py *= k;
        pz *= k;
        return Quat(pw, px, py, pz);
    }
    /// beginTurning's arithmetic for an isotropic body (every sphere; inverse principal moment
    /// invJ = 1/J, 1/(kg m^2)), inline for a caller's loop: updates its angular momentum l,
    /// orientation q and angular velocity w, and gives the step's rotation vector w_mean dt (rad).
    /// The arithmetic is IsotropicTurn's, as in beginTurningSpheres' lanes.
    [[gnu::always_inline]] static void beginTurningIsotropic(double invJ, const Vec3& torque, const Steps& steps,
                                                             Vec3& l, Quat& q, Vec3& w, Vec3& rotation)
    {
        const IsotropicTurn<double> t(invJ, torque.x(), torque.y(), torque.z(), l.x(), l.y(), l.z(), q.w(), q.x(),
                                      q.y(), q.z(), steps.dt, steps.half, steps.twelfth);
        rotation = Vec3(t.rx, t.ry, t.rz);
        // a body that neither turns nor feels a torque keeps its orientation exactly
        if (!allZero(rotation)) {
            if (t.halfAngle2 < kSmallHalfAngle2 && std::abs(t.norm2 - 1.0) < kUnitTolerance)
                q = Quat(t.qw, t.qx, t.qy, t.qz);
            else
                q = unitProduct(rotationQuaternion(rotation), q); // a large angle, or q far from unit
        }
        l = Vec3(t.lx, t.ly, t.lz); // (l + M dt/2, as IsotropicTurn worked it out)
        w = l * invJ;
    }
    /// beginTurningIsotropic for spheres begin..end of the world (every body isotropic), four at
    /// a time; a sphere with neither angular momentum nor torque only gets w = 0 and a zero
    /// rotation vector. rotation (rad) indexed as the bodies.
    static void beginTurningSpheres(World& world, std::size_t begin, std::size_t end, const Steps& steps,
                                    Vec3* rotation);
    /// endStep of body i when its torque is not zero (else L, q and so w are as beginStep left them).
    static void endTurning(World& world, std::size_t i, double half);
    /// endTurning's arithmetic for an isotropic body (principal moment j, kg m^2), inline.
    [[gnu::always_inline]] static void endTurningIsotropic(double j, const Vec3& torque, double half, Vec3& l, Vec3& w)
    {
        l += torque * half;
        w = l * (1.0 / j); // eq. 23 (one division, not three)
    }
};

} // namespace tumble
