#pragma once
// BodyLayout: what the step's passes may assume of a scene's bodies and members, found once at
// construction (a re-sort keeps every flag and renews memberStart).
//   membersByBody: members are sorted by body (every scene builds them so): the begin pass
//     moves each chunk's members with its bodies, and contacts run in one block per chunk;
//   membersAreBodies: member k is body k, at its centre (every all-sphere scene): the pass
//     copies positions instead of transforming offsets;
//   spheres: that, and every body isotropic (its inertia is a constant, its turning simpler);
//   dashMoments: some contact may exert a dashpot moment (else that array stays zero).
#include <cstddef>
#include <vector>

#include "contact/ContactLaw.h"
#include "model/World.h"

namespace tumble {

struct BodyLayout {
    bool membersByBody = false;
    bool membersAreBodies = false;
    bool spheres = false;
    bool dashMoments = true;
    std::vector<std::size_t> memberStart; // (n + 1) first member of each body when sorted

    /// Finds every flag and memberStart for the world and its contact laws.
    void analyse(const World& w, const ContactTable& table);
    /// Renews memberStart (after the bodies were put in a new order).
    void findMemberStarts(const World& w);
};

} // namespace tumble
