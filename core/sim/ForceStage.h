#pragma once
// ForceStage: what a force stage is. A stage is one source of loads (forces, N; torques, N m)
// in a step; ForceStages lists them in the order they add their loads. A stage is a type with a
// name (kName) and hooks of one or more of these kinds, each walked in its own phase of the step:
//
//   body(World&).start(i)     a load body i has on its own (gravity). body(w) binds the term to
//                             the world once per pass (its arrays and constants in locals);
//                             start(i) is walked per body in the begin pass, right after the
//                             body moved. The first such stage sets the force (the load reset);
//                             later ones add to it.
//   block(World&, NeighbourList&, const StepMotion&, bool commit, const ContactBlock&)
//                             loads of interactions (contacts, walls; bonds), one contact block
//                             at a time (ContactBlocks); returns the block's sums (ContactSums).
//   finishing(World&).finish(i)
//                             a load that depends on body i's total load and velocity (damping),
//                             bound to the world once per pass like body(); walked per body in
//                             the end pass, after every other load; on() says whether the stage
//                             is on this step.
//
// To keep results the same for any thread count, a block hook writes only the block's own bodies
// (ContactBlock::bodyBegin..bodyEnd), its own candidates' history and its deferred slots (in list
// order), and returns partial sums, which the step adds per block in chunk order; a body hook
// writes only body i. To fit the fused velocity-Verlet + Buss passes (FusedPasses), a body hook
// is a small inline function of body i's own state: those passes inline it into their one sweep
// per chunk. A new force source (bonds, a periodic cell's terms) is one more stage in the list,
// plus its row in the energy terms (energy/EnergyLedger.h) when it stores or dissipates energy.
#include <concepts>
#include <cstddef>

#include "contact/ContactForces.h"
#include "contact/NeighbourList.h"
#include "model/World.h"

namespace tumble {

template <class S>
concept BodyTermStage = requires(const S& s, World& w, std::size_t i)
{
    s.body(w).start(i);
};

template <class S>
concept BlockStage = requires(const S& s, World& w, NeighbourList& list, const StepMotion& m, const ContactBlock& b)
{
    {
        s.block(w, list, m, true, b)
        } -> std::same_as<ContactSums>;
};

template <class S>
concept FinishingStage = requires(const S& s, World& w, std::size_t i)
{
    s.finishing(w).finish(i);
    {
        s.on()
        } -> std::same_as<bool>;
};

} // namespace tumble
