#pragma once
// BondStage: the bonds of a contact block (ContactBlock::bondBegin..bondEnd, those whose lower
// body lies in the block's chunk), with Wang's (2008) six-mode law (bond/BondLoads.h) or, for a
// bond of the incremental law, its springs (bond/IncrementalBondState.h). Loads on a body of a
// later chunk go to the block's bond slots, in bond order, which that body's end pass adds
// (ContactBlocks::gather). Wang's law keeps no history (loads from the poses alone), so trial
// stages and committed evaluations are the same; an incremental bond's springs are stepped by
// the motion since the step's start, and a committed evaluation (the end of a step) keeps them,
// like the contact springs. Its energy terms are the bonds' elastic energy per mode
// (ContactSums::bond*).
#include <string_view>

#include "contact/ContactForces.h"

namespace tumble {

struct BondStage {
    static constexpr std::string_view kName = "bonds";

    static ContactSums block(World& w, NeighbourList& list, const StepMotion& motion, bool commit,
                             const ContactBlock& b);
};

} // namespace tumble
