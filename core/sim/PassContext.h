#pragma once
// PassContext: what a step's body passes (ChunkPasses, FusedPasses) read and write, gathered
// once per step by Simulation. A pass over chunk c touches only chunk c's bodies and members
// and its own BodyChunk, so chunks run on any thread.
#include <array>

#include "contact/NeighbourList.h"
#include "integrate/RotationScheme.h"
#include "integrate/TranslationScheme.h"
#include "model/World.h"
#include "sim/BodyLayout.h"
#include "sim/ContactBlocks.h"
#include "sim/ForceStages.h"
#include "sim/StepMotionRecord.h"

namespace tumble {

struct PassContext {
    World& world;
    double dt; ///< s
    TranslationScheme& translation;
    RotationScheme& rotation;
    StepMotionRecord& motion;
    const BodyLayout& layout;
    const NeighbourList& neighbours;
    const ContactBlocks& blocks;
    const ForceStages& stages;
    /// which dissipative channels the last force evaluation may have written (the others are zero)
    const std::array<bool, kDissipationChannels>& channelLoaded;
    /// whether the end pass sums the bodies' kinetic energies (and finds the liveliest body):
    /// a joined step nobody samples skips them and only checks that the state is finite
    bool bodyEnergy = true;
};

} // namespace tumble
