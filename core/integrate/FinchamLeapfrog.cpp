#include "integrate/FinchamLeapfrog.h"

#include "math/QuaternionOps.h"

namespace tumble {

void FinchamLeapfrog::beginStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    for (std::size_t i = begin; i < end; ++i) {
        const Quat q = w.orientation[i];
        const Vec3& j = w.inertia[i];
        if (j.x() == j.y() && j.y() == j.z()) {
            // isotropic (every sphere): q (0, w_body) = (0, w_world) q for any q, so the same
            // scheme runs in the world frame without rotating L into the body frame and back
            const Vec3 lNext = w.angularMomentum[i] + w.torque[i] * dt;
            const Vec3 wNow = (w.angularMomentum[i] + w.torque[i] * (0.5 * dt)) / j.x();
            const Vec3 wHalf = lNext / j.x();
            const Quat qHalf = quaternionAxpy(q, 0.5 * dt, quaternionRate(wNow, q));
            w.orientation[i] = quaternionAxpy(q, dt, quaternionRate(wHalf, qHalf)).normalized();
            w.angularMomentum[i] = lNext;
            w.angularVelocity[i] = wHalf;
            continue;
        }
        // on-step estimate and the rate of q at t
        const Vec3 lNow = w.angularMomentum[i] + w.torque[i] * (0.5 * dt);
        const Vec3 wNowBody = (q.conjugate() * lNow).cwiseQuotient(j);
        const Quat qHalf =
            quaternionAxpy(q, 0.5 * dt, q * Quat(0.0, 0.5 * wNowBody.x(), 0.5 * wNowBody.y(), 0.5 * wNowBody.z()));
        // mid-step momentum, turned into the body frame with the mid-step orientation
        const Vec3 lNext = w.angularMomentum[i] + w.torque[i] * dt;
        const Quat halfUnit = qHalf.normalized();
        const Vec3 wHalfBody = (halfUnit.conjugate() * lNext).cwiseQuotient(j);
        const Quat rateHalf = qHalf * Quat(0.0, 0.5 * wHalfBody.x(), 0.5 * wHalfBody.y(), 0.5 * wHalfBody.z());
        w.orientation[i] = quaternionAxpy(q, dt, rateHalf).normalized();
        w.angularMomentum[i] = lNext;
        w.angularVelocity[i] = halfUnit * wHalfBody; // w(t + dt/2), world frame
    }
}

void FinchamLeapfrog::endStep(World&, double, std::size_t, std::size_t) const
{
}

} // namespace tumble
