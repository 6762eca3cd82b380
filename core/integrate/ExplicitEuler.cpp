#include "integrate/ExplicitEuler.h"

namespace tumble {

void ExplicitEuler::beginStep(World& w, double dt, std::size_t begin, std::size_t end) const
{
    // both updates use the state at t: position with the old velocity
    if (w.medium.carries) {
        // in a deforming medium the fluctuation velocity is what is held over the drift
        for (std::size_t i = begin; i < end; ++i) {
            w.medium.drift(w.position[i], w.velocity[i]);
            w.velocity[i] += w.force[i] * (w.invMass[i] * dt);
        }
        return;
    }
    for (std::size_t i = begin; i < end; ++i) {
        w.position[i] += w.velocity[i] * dt;
        w.velocity[i] += w.force[i] * (w.invMass[i] * dt);
    }
}

void ExplicitEuler::endStep(World&, double, std::size_t, std::size_t) const
{
}

} // namespace tumble
