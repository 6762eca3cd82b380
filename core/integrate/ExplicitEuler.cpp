#include "integrate/ExplicitEuler.h"

namespace tumble {

void ExplicitEuler::beginStep(World& w, double dt) const
{
    // both updates use the state at t: position with the old velocity
    const std::size_t n = w.size();
    for (std::size_t i = 0; i < n; ++i) {
        w.position[i] += w.velocity[i] * dt;
        w.velocity[i] += w.force[i] * (w.invMass[i] * dt);
    }
}

void ExplicitEuler::endStep(World&, double) const {}

} // namespace tumble
