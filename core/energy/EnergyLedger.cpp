#include "energy/EnergyLedger.h"

#include <algorithm>
#include <cmath>

#include "model/OnStepKinematics.h"

namespace tumble {

void EnergyLedger::reset(const World& world, double elastic, double dt)
{
    m_dissipated = 0.0;
    m_externalWork = 0.0;
    m_initialTotal = 0.0;
    const EnergySample s = sample(world, elastic, dt);
    m_initialTotal = s.total();
    // scale: the energies present plus the work gravity could do across the body cloud, so a
    // scene at rest still has a meaningful yardstick for a runaway
    double spread = 0.0;
    double weight = 0.0;
    if (world.size() > 0) {
        double lo = world.position[0].dot(world.gravity), hi = lo;
        for (std::size_t i = 0; i < world.size(); ++i) {
            const double h = world.position[i].dot(world.gravity);
            lo = std::min(lo, h);
            hi = std::max(hi, h);
            weight += world.mass[i];
            spread = std::max(spread, world.radius[i] * world.gravity.norm());
        }
        spread += hi - lo;
    }
    m_scale = std::abs(s.kineticTranslational) + std::abs(s.kineticRotational)
              + std::abs(s.potentialGravity) + std::abs(s.elastic) + weight * spread;
}

EnergySample EnergyLedger::sample(const World& w, double elastic, double dt) const
{
    EnergySample s;
    s.step = w.step;
    s.time = w.time;
    for (std::size_t i = 0; i < w.size(); ++i) {
        const OnStepKinematics k = onStepKinematics(w, i, dt);
        s.kineticTranslational += 0.5 * w.mass[i] * k.velocity.squaredNorm();
        s.kineticRotational += 0.5 * k.angularVelocity.dot(k.angularMomentum);
        s.potentialGravity -= w.mass[i] * w.gravity.dot(w.position[i]);
    }
    s.elastic = elastic;
    s.dissipated = m_dissipated;
    s.externalWork = m_externalWork;
    s.balanceError = s.total() + s.dissipated - s.externalWork - m_initialTotal;
    return s;
}

} // namespace tumble
