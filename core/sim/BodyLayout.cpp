#include "sim/BodyLayout.h"

#include "contact/ContactParams.h"
#include "integrate/Buss2ndOrder.h"

namespace tumble {

void BodyLayout::analyse(const World& w, const ContactTable& table)
{
    const std::size_t n = w.size();
    membersByBody = true;
    for (std::size_t k = 1; k < w.memberCount(); ++k)
        membersByBody = membersByBody && w.memberBody[k - 1] <= w.memberBody[k];
    membersAreBodies = w.memberCount() == n;
    for (std::size_t k = 0; k < w.memberCount() && membersAreBodies; ++k)
        membersAreBodies = w.memberBody[k] == static_cast<int>(k) && w.memberOffset[k].isZero(0.0);
    // dashpots exert moments only off centre or through a tangential dashpot; whether a material
    // pair's law has one does not depend on the pair's effective radius and mass (1 m, 1 kg here)
    dashMoments = !membersAreBodies;
    for (std::size_t a = 0; a < table.materialCount(); ++a)
        for (std::size_t b = 0; b < table.materialCount(); ++b)
            dashMoments =
                dashMoments || (makeContactParams(table.law(static_cast<int>(a), static_cast<int>(b)), 1.0, 1.0).law &
                                kLawShearDashpot) != 0;
    spheres = membersAreBodies;
    for (std::size_t i = 0; i < n && spheres; ++i)
        spheres = Buss2ndOrder::isotropic(w.inertia[i]);
    findMemberStarts(w);
}

void BodyLayout::findMemberStarts(const World& w)
{
    const std::size_t n = w.size();
    memberStart.assign(n + 1, 0);
    for (int b : w.memberBody)
        ++memberStart[static_cast<std::size_t>(b) + 1];
    for (std::size_t b = 0; b < n; ++b)
        memberStart[b + 1] += memberStart[b];
}

} // namespace tumble
