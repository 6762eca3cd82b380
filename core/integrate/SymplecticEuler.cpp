#include "integrate/SymplecticEuler.h"

namespace tumble {

void SymplecticEuler::beginStep(World& w, double dt) const
{
    // kick first, then drift with the new velocity
    const std::size_t n = w.size();
    for (std::size_t i = 0; i < n; ++i) {
        w.velocity[i] += w.force[i] * (w.invMass[i] * dt);
        w.position[i] += w.velocity[i] * dt;
    }
}

void SymplecticEuler::endStep(World&, double) const {}

} // namespace tumble
