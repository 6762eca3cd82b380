#include "integrate/SymplecticEulerRotation.h"

#include "math/QuaternionOps.h"

namespace tumble {

void SymplecticEulerRotation::beginStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    for (std::size_t i = begin; i < end; ++i) {
        w.angularMomentum[i] += w.torque[i] * dt;
        const Vec3 omegaNew = w.angularVelocityFromMomentum(i); // from (q, L+)
        w.orientation[i] = (rotationQuaternion(omegaNew * dt) * w.orientation[i]).normalized();
        w.angularVelocity[i] = w.angularVelocityFromMomentum(i);
    }
}

void SymplecticEulerRotation::endStep(World&, double, std::size_t, std::size_t) const
{
}

} // namespace tumble
