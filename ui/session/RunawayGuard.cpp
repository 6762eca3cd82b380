#include "session/RunawayGuard.h"

#include <cmath>

#include "energy/EnergyLedger.h"
#include "energy/EnergyTerms.h"
#include "sim/Simulation.h"

namespace tumble::ui {

void RunawayGuard::reset(const Simulation& sim)
{
    // the scale as the Simulation's ledger took it at construction: from the state and the
    // springs' energy of the first force evaluation
    const EnergySample e = sim.energy();
    EnergyLedger ledger;
    ledger.reset(sim.world(), ElasticEnergy{e.elasticNormal, e.elasticTangential, e.elasticRolling, e.elasticBond},
                 sim.params().dt);
    m_scale = ledger.scale();
}

bool RunawayGuard::plausible(const EnergySample& e) const
{
    for (const EnergyTerm& t : kEnergyTerms)
        if (!std::isfinite(energyTermValue(e, t.id)))
            return false;
    if (!std::isfinite(e.time) || !std::isfinite(e.balanceError))
        return false;
    return !(m_scale > 0.0) || std::abs(e.balanceError) <= kFactor * m_scale;
}

} // namespace tumble::ui
