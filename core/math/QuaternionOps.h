#pragma once
// Quaternion helpers for rotation schemes. Convention: a body's q rotates its principal frame
// into the world frame (v_world = q v_body q*), so dq/dt = 1/2 (0, w_world) q = 1/2 q (0, w_body).
#include <cmath>

#include "math/Types.h"

namespace tumble {

/// rotationQuaternion for any angle, through the sine and cosine (out of line: steps rarely turn
/// so far).
[[gnu::noinline]] inline Quat rotationQuaternionLarge(const Vec3& theta)
{
    const double angle = theta.norm();
    return Quat(Eigen::AngleAxisd(angle, theta / angle));
}

/// The unit quaternion of a rotation vector theta (rad): angle |theta| about theta / |theta|.
[[gnu::always_inline]] inline Quat rotationQuaternion(const Vec3& theta)
{
    const double x2 = 0.25 * theta.squaredNorm(); // (angle / 2)^2
    if (x2 < 1e-4) {
        // a step's rotation is small: the Taylor series of cos(x) and sin(x)/x to x^6, whose
        // remainders (x^8 / 8!) are below 1e-20, so this is exact in double precision; Horner
        // form with the coefficients as constants (no division in a spinning sphere's step)
        const double c = 1.0 + x2 * (-1.0 / 2.0 + x2 * (1.0 / 24.0 - x2 * (1.0 / 720.0)));
        const double s = 0.5 + x2 * (-0.5 / 6.0 + x2 * (0.5 / 120.0 - x2 * (0.5 / 5040.0)));
        return Quat(c, s * theta.x(), s * theta.y(), s * theta.z());
    }
    return rotationQuaternionLarge(theta);
}

/// dq/dt = 1/2 (0, w) q for a world-frame angular velocity w (rad/s); not unit.
inline Quat quaternionRate(const Vec3& w, const Quat& q)
{
    Quat r = Quat(0.0, w.x(), w.y(), w.z()) * q;
    r.coeffs() *= 0.5;
    return r;
}

/// a + s b, component-wise on the four coefficients (not a rotation composition).
inline Quat quaternionAxpy(const Quat& a, double s, const Quat& b)
{
    Quat r;
    r.coeffs() = a.coeffs() + s * b.coeffs();
    return r;
}

/// Inverse inertia applied to L for principal moments J and a (possibly non-unit) orientation q,
/// using the rotation of q / |q|; rad/s for L in kg m^2/s.
inline Vec3 angularVelocity(const Vec3& principalMoments, const Quat& q, const Vec3& l)
{
    if (principalMoments.x() == principalMoments.y() && principalMoments.y() == principalMoments.z())
        return l / principalMoments.x();
    const Quat u = q.normalized();
    return u * (u.conjugate() * l).cwiseQuotient(principalMoments);
}

/// Inertia applied to w: the angular momentum (kg m^2/s) of a body of principal moments J
/// (kg m^2) and orientation q turning at the world-frame angular velocity w (rad/s).
inline Vec3 angularMomentum(const Vec3& principalMoments, const Quat& q, const Vec3& w)
{
    if (principalMoments.x() == principalMoments.y() && principalMoments.y() == principalMoments.z())
        return principalMoments.x() * w;
    const Quat u = q.normalized();
    return u * principalMoments.cwiseProduct(u.conjugate() * w);
}

} // namespace tumble
