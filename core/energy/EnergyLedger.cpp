#include "energy/EnergyLedger.h"

#include <algorithm>
#include <cmath>

#include "energy/EnergyTerms.h"
#include "model/OnStepKinematics.h"
#include "parallel/Chunks.h"

namespace tumble {

void EnergyLedger::reset(const World& world, const ElasticEnergy& elastic, double dt)
{
    m_cumulative = EnergySample{};
    m_initialTotal = 0.0;
    m_floor = 0.0;
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
    m_scale = std::abs(s.kineticTranslational) + std::abs(s.kineticRotational) + std::abs(s.potentialGravity) +
              std::abs(s.elastic) + weight * spread;
}

void EnergyLedger::addDissipated(DissipationMechanism mechanism, double joules)
{
    EnergySample& c = m_cumulative;
    switch (mechanism) {
    case DissipationMechanism::Dashpot:
        c.dissipatedDashpot += joules;
        break;
    case DissipationMechanism::Friction:
        c.dissipatedFriction += joules;
        break;
    case DissipationMechanism::Rolling:
        c.dissipatedRolling += joules;
        break;
    case DissipationMechanism::LocalDamping:
        c.dissipatedLocalDamping += joules;
        break;
    case DissipationMechanism::Viscous:
        c.dissipatedViscous += joules;
        break;
    case DissipationMechanism::Stiffness:
        c.dissipatedStiffness += joules;
        break;
    case DissipationMechanism::BondBreaking:
        c.dissipatedBondBreaking += joules;
        break;
    }
}

void addKineticEnergy(const World& w, std::size_t begin, std::size_t end, double dt, BodyEnergy& e)
{
    if (w.cell && w.cell->deforming()) {
        // in a moving medium, the energy of the motion relative to it (docs/PERIODIC.md): the
        // fluctuation velocity, and under the medium-carried model the spin relative to the medium's
        const Mat3& l = w.cell->gradient();
        const bool carried = w.cell->model() == CellModel::MediumCarried;
        const Vec3 spin = carried ? w.cell->spin() : Vec3(Vec3::Zero());
        for (std::size_t i = begin; i < end; ++i) {
            const OnStepKinematics k = onStepKinematics(w, i, dt);
            e.kineticTranslational += 0.5 * w.mass[i] * (k.velocity - l * w.position[i]).squaredNorm();
            const Vec3 omega = k.angularVelocity - spin;
            e.kineticRotational += 0.5 * omega.dot(angularMomentum(w.inertia[i], w.orientation[i], omega));
        }
        return;
    }
    if (w.velocityTiming == VelocityTiming::OnStep && w.angularTiming == VelocityTiming::OnStep) {
        // the state holds on-step values already (what onStepKinematics returns then)
        for (std::size_t i = begin; i < end; ++i) {
            e.kineticTranslational += 0.5 * w.mass[i] * w.velocity[i].squaredNorm();
            e.kineticRotational += 0.5 * w.angularVelocity[i].dot(w.angularMomentum[i]);
        }
        return;
    }
    for (std::size_t i = begin; i < end; ++i) {
        const OnStepKinematics k = onStepKinematics(w, i, dt);
        e.kineticTranslational += 0.5 * w.mass[i] * k.velocity.squaredNorm();
        e.kineticRotational += 0.5 * k.angularVelocity.dot(k.angularMomentum);
    }
}

void addPotentialEnergy(const World& w, std::size_t begin, std::size_t end, BodyEnergy& e)
{
    for (std::size_t i = begin; i < end; ++i)
        e.potentialGravity -= w.mass[i] * w.gravity.dot(w.position[i]);
}

BodyEnergy bodyEnergy(const World& w, double dt)
{
    BodyEnergy total;
    const std::size_t n = w.size();
    for (std::size_t b = 0; b < n; b += kBodyChunk) {
        BodyEnergy chunk;
        addPotentialEnergy(w, b, std::min(n, b + kBodyChunk), chunk);
        addKineticEnergy(w, b, std::min(n, b + kBodyChunk), dt, chunk);
        total.add(chunk);
    }
    return total;
}

EnergySample EnergyLedger::sample(const World& w, const ElasticEnergy& elastic, double dt) const
{
    return sample(bodyEnergy(w, dt), elastic, w.step, w.time);
}

EnergySample EnergyLedger::sample(const BodyEnergy& bodies, const ElasticEnergy& elastic, long long step,
                                  double time) const
{
    EnergySample s = m_cumulative;
    s.step = step;
    s.time = time;
    s.kineticTranslational += bodies.kineticTranslational;
    s.kineticRotational += bodies.kineticRotational;
    s.potentialGravity += bodies.potentialGravity;
    s.elasticNormal = elastic.normal;
    s.elasticTangential = elastic.tangential;
    s.elasticRolling = elastic.rolling;
    s.elasticBondNormal = elastic.bond[0];
    s.elasticBondShear = elastic.bond[1];
    s.elasticBondTwist = elastic.bond[2];
    s.elasticBondBend = elastic.bond[3];
    s.elasticBond = ((s.elasticBondNormal + s.elasticBondShear) + s.elasticBondTwist) + s.elasticBondBend;
    // the aggregates (elastic, dissipated): their parts added up in table order
    for (const EnergyTerm& t : kEnergyTerms)
        if (t.rule == EnergyRule::Sum)
            s.*t.field = energyPartsSum(s, t.group);
    s.balanceError = s.total() + s.dissipated - s.externalWork - m_initialTotal;
    return s;
}

} // namespace tumble
