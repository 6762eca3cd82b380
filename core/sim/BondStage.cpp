#include "sim/BondStage.h"

#include "bond/BondLoads.h"

namespace tumble {

ContactSums BondStage::block(World& w, NeighbourList&, const StepMotion&, bool, const ContactBlock& b)
{
    ContactSums sums;
    const BondSet& bonds = w.bonds;
    DeferredLoad* slot = b.bondDeferred;
    for (std::size_t k = b.bondBegin; k < b.bondEnd; ++k) {
        const std::size_t i = static_cast<std::size_t>(bonds.bodies[k][0]);
        const std::size_t j = static_cast<std::size_t>(bonds.bodies[k][1]);
        const BondLoads l = bondLoads(w.position[i], w.orientation[i], w.position[j], w.orientation[j], bonds.rest[k],
                                      bonds.stiffness[k]);
        sums.bondNormal += l.energy[kBondNormal];
        sums.bondShear += l.energy[kBondShear];
        sums.bondTwist += l.energy[kBondTwist];
        sums.bondBend += l.energy[kBondBend];
        const std::size_t body[2] = {i, j};
        for (int e = 0; e < 2; ++e) {
            const int at = static_cast<int>(body[e]);
            if (at >= b.bodyBegin && at < b.bodyEnd) {
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
