#include "session/PhasePoint.h"

#include "sim/Simulation.h"

namespace tumble::ui {

PhasePoint phasePoint(const Simulation& sim, int id)
{
    const World& w = sim.world();
    PhasePoint p;
    p.time = w.time;
    p.step = w.step;
    if (id < 0 || std::size_t(id) >= w.size())
        return p;
    const std::size_t i = w.bodySlot(id);
    p.id = id;
    p.position = w.position[i];
    p.velocity = w.velocity[i];
    p.orientation = w.orientation[i];
    p.angularVelocity = w.angularVelocity[i];
    p.velocityHalfStep = w.velocityTiming == VelocityTiming::HalfStep;
    p.angularHalfStep = w.angularTiming == VelocityTiming::HalfStep;
    return p;
}

} // namespace tumble::ui
