#include "integrate/SymplecticEuler.h"

namespace tumble {

void SymplecticEuler::beginStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    // kick first, then drift with the new velocity
    if (w.medium.carries) {
        for (std::size_t i = begin; i < end; ++i) {
            w.velocity[i] += w.force[i] * (w.invMass[i] * dt);
            w.medium.drift(w.position[i], w.velocity[i]);
        }
        return;
    }
    for (std::size_t i = begin; i < end; ++i) {
        w.velocity[i] += w.force[i] * (w.invMass[i] * dt);
        w.position[i] += w.velocity[i] * dt;
    }
}

void SymplecticEuler::endStep(World&, double, std::size_t, std::size_t) const
{
}

} // namespace tumble
