#pragma once
// Quaternion helpers for rotation schemes. Convention: a body's q rotates its principal frame
// into the world frame (v_world = q v_body q*), so dq/dt = 1/2 (0, w_world) q = 1/2 q (0, w_body).
#include <cmath>

#include "math/Types.h"

namespace tumble {

/// The unit quaternion of a rotation vector theta (rad): angle |theta| about theta / |theta|.
inline Quat rotationQuaternion(const Vec3& theta)
{
    const double angle = theta.norm();
    if (angle < 1e-300)
        return Quat::Identity();
    return Quat(Eigen::AngleAxisd(angle, theta / angle));
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

} // namespace tumble
