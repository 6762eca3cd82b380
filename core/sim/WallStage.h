#pragma once
// WallStage: members touching walls (at rest), the wall candidates of a contact block, with the
// contact laws of ContactStage. A wall contact loads only its member's body, so nothing is
// deferred. Its energy terms go with the contacts' (ContactSums).
#include <string_view>

#include "contact/ContactForces.h"

namespace tumble {

struct WallStage {
    static constexpr std::string_view kName = "walls";

    static ContactSums block(World& w, NeighbourList& list, const StepMotion& motion, bool commit,
                             const ContactBlock& b)
    {
        return addBlockWallContacts(w, list, motion, commit, b);
    }
};

} // namespace tumble
