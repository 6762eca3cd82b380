#pragma once
// WallStage: members touching walls (at rest), the wall candidates of a contact block, with the
// contact laws of ContactStage. A wall contact loads only its member's body, so nothing is
// deferred. Its energy terms go with the contacts' (ContactSums).
#include <string_view>

#include "contact/ContactForces.h"

namespace tumble {

struct WallStage {
    static constexpr std::string_view kName = "walls";

    /// whether the springs' elastic energy is summed (Simulation: not in a step nobody samples)
    ElasticSums elastic = ElasticSums::Summed;

    ContactSums block(World& w, NeighbourList& list, const StepMotion& motion, bool commit, const ContactBlock& b) const
    {
        return addBlockWallContacts(w, list, motion, commit, b, ContactKernels::Specialised, elastic);
    }
};

} // namespace tumble
