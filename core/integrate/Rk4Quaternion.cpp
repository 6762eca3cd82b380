#include "integrate/Rk4Quaternion.h"

#include "math/QuaternionOps.h"

namespace tumble {

void Rk4Quaternion::beginStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    for (std::size_t i = begin; i < end; ++i) {
        w.angularMomentum[i] += w.torque[i] * (0.5 * dt);
        const Vec3& l = w.angularMomentum[i];
        const Vec3& j = w.inertia[i];
        const Quat q = w.orientation[i];
        // eqs. 27-33: k = 1/2 (q J^-1 q* L) q at q, q + k1 dt/2, q + k2 dt/2, q + k3 dt
        const Quat k1 = quaternionRate(angularVelocity(j, q, l), q);
        const Quat q1 = quaternionAxpy(q, 0.5 * dt, k1);
        const Quat k2 = quaternionRate(angularVelocity(j, q1, l), q1);
        const Quat q2 = quaternionAxpy(q, 0.5 * dt, k2);
        const Quat k3 = quaternionRate(angularVelocity(j, q2, l), q2);
        const Quat q3 = quaternionAxpy(q, dt, k3);
        const Quat k4 = quaternionRate(angularVelocity(j, q3, l), q3);
        Quat next;
        next.coeffs() = q.coeffs() + (dt / 6.0) * (k1.coeffs() + 2.0 * k2.coeffs() + 2.0 * k3.coeffs() + k4.coeffs());
        w.orientation[i] = next.normalized(); // eq. 26, then back onto the unit sphere
        w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
    }
}

void Rk4Quaternion::endStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    for (std::size_t i = begin; i < end; ++i) {
        w.angularMomentum[i] += w.torque[i] * (0.5 * dt);
        w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
    }
}

} // namespace tumble
