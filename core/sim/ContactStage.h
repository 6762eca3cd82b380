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

    static ContactSums block(World& w, NeighbourList& list, const StepMotion& motion, bool commit,
                             const ContactBlock& b)
    {
        return addBlockPairContacts(w, list, motion, commit, b);
    }
};

} // namespace tumble
