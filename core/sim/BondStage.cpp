#include "sim/BondStage.h"

#include "bond/BondLawKernel.h"

namespace tumble {

ContactSums BondStage::block(World& w, NeighbourList&, const StepMotion&, bool commit, const ContactBlock& b)
{
    ContactSums sums;
    BondSet& bonds = w.bonds;
    DeferredLoad* slot = b.bondDeferred;
    const auto inBlock = [&](std::size_t body) {
        return static_cast<int>(body) >= b.bodyBegin && static_cast<int>(body) < b.bodyEnd;
    };
    for (std::size_t k = b.bondBegin; k < b.bondEnd; ++k) {
        const std::size_t i = static_cast<std::size_t>(bonds.bodies[k][0]);
        const std::size_t j = static_cast<std::size_t>(bonds.bodies[k][1]);
        BondLoads l;
        evaluateBondLaw(w.position[i], w.orientation[i], w.position[j], w.orientation[j], bonds.rest[k],
                        bonds.stiffness[k], l);
        // a bond breaks in a committed evaluation (the end of a step), never in a trial stage:
        // it puts no load on the state that broke it, and the energy it stored is released
        if (bonds.broken[k] || (commit && bonds.strength[k].breaks(l, bonds.stiffness[k]))) {
            if (!bonds.broken[k]) {
                bonds.broken[k] = 1;
                ++sums.bondsBroken; // (the step books what it released: Simulation::removeBrokenBonds)
            }
            if (!inBlock(i) || !inBlock(j))
                (slot++)->flags = 0; // its slot stays, empty
            continue;
        }
        sums.bondNormal += l.energy[kBondNormal];
        sums.bondShear += l.energy[kBondShear];
        sums.bondTwist += l.energy[kBondTwist];
        sums.bondBend += l.energy[kBondBend];
        const std::size_t body[2] = {i, j};
        for (int e = 0; e < 2; ++e) {
            if (inBlock(body[e])) {
                w.force[body[e]] += l.force[e];
                w.torque[body[e]] += l.torque[e];
            } else {
                // the higher body, in a later chunk: its end pass adds this (no dashpot part)
                DeferredLoad& d = *slot++;
                d.force = l.force[e];
                d.torque = l.torque[e];
                d.dashpot.setZero();
                d.flags = kDeferredLoad | kDeferredTorque;
            }
        }
    }
    return sums;
}

} // namespace tumble
