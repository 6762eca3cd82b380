#include "integrate/VelocityVerlet.h"

namespace tumble {

void VelocityVerlet::beginStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    // v(t + dt/2) = v(t) + F(t)/m dt/2 ; x(t + dt) = x(t) + v(t + dt/2) dt
    const double half = 0.5 * dt;
    for (std::size_t i = begin; i < end; ++i) {
        w.velocity[i] += w.force[i] * (w.invMass[i] * half);
        w.position[i] += w.velocity[i] * dt;
    }
}

void VelocityVerlet::endStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    // v(t + dt) = v(t + dt/2) + F(t + dt)/m dt/2
    const double half = 0.5 * dt;
    for (std::size_t i = begin; i < end; ++i)
        w.velocity[i] += w.force[i] * (w.invMass[i] * half);
}

} // namespace tumble
