#include "integrate/CentralDifference.h"

namespace tumble {

void CentralDifference::beginStep(World& w, double dt) const
{
    const std::size_t n = w.size();
    for (std::size_t i = 0; i < n; ++i) {
        w.velocity[i] += w.force[i] * (w.invMass[i] * dt); // v(t + dt/2)
        w.position[i] += w.velocity[i] * dt;               // x(t + dt)
    }
}

void CentralDifference::endStep(World&, double) const {}

} // namespace tumble
