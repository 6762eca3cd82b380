#pragma once
// ContactStage: member-member contacts, the pair candidates of a contact block (springs,
// dashpots, Coulomb friction, rolling resistance; contact/ContactForces.h). Loads on bodies of
// other blocks go to the block's deferred slots. Its energy terms are the springs' elastic energy
// and the friction, rolling and stiffness losses (ContactSums).
#include <string_view>

#include "contact/ContactForces.h"

namespace tumble {

struct ContactStage {
    static constexpr std::string_view kName = "contacts";

    /// whether the springs' elastic energy is summed (Simulation: not in a step nobody samples)
    ElasticSums elastic = ElasticSums::Summed;

    ContactSums block(World& w, NeighbourList& list, const StepMotion& motion, bool commit, const ContactBlock& b) const
    {
        return addBlockPairContacts(w, list, motion, commit, b, ContactKernels::Specialised, elastic);
    }
};

} // namespace tumble
