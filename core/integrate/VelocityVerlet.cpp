#include "integrate/VelocityVerlet.h"

namespace tumble {

void VelocityVerlet::beginStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    const double half = 0.5 * dt;
    Vec3* x = w.position.data();
    Vec3* v = w.velocity.data();
    const Vec3* f = w.force.data();
    const double* invMass = w.invMass.data();
    if (w.medium.carries) {
        for (std::size_t i = begin; i < end; ++i) {
            v[i] += f[i] * (invMass[i] * half);
            w.medium.drift(x[i], v[i]);
        }
        return;
    }
    for (std::size_t i = begin; i < end; ++i)
        kickAndDrift(x[i], v[i], f[i], invMass[i], dt, half);
}

void VelocityVerlet::endStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    const double half = 0.5 * dt;
    Vec3* v = w.velocity.data();
    const Vec3* f = w.force.data();
    const double* invMass = w.invMass.data();
    for (std::size_t i = begin; i < end; ++i)
        kick(v[i], f[i], invMass[i], half);
}

} // namespace tumble
