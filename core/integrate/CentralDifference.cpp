#include "integrate/CentralDifference.h"

namespace tumble {

void CentralDifference::beginStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    if (w.medium.carries) {
        // Woo's eq. 31 with the medium's motion solved exactly (docs/PERIODIC.md)
        for (std::size_t i = begin; i < end; ++i) {
            w.velocity[i] += w.force[i] * (w.invMass[i] * dt);
            w.medium.drift(w.position[i], w.velocity[i]);
        }
        return;
    }
    for (std::size_t i = begin; i < end; ++i) {
        w.velocity[i] += w.force[i] * (w.invMass[i] * dt); // v(t + dt/2)
        w.position[i] += w.velocity[i] * dt;               // x(t + dt)
    }
}

void CentralDifference::endStep(World&, double, std::size_t, std::size_t) const
{
}

} // namespace tumble
