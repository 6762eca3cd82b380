#pragma once
// SnapshotBuilder: the parts of a FrameSnapshot read straight from a Simulation (the scene's
// fixed info, the member spheres, the clumps' and the selected body's states). Used by the
// main view's and every compare lane's SimulationRunner (one publish() for both).
// Called on the thread that owns the Simulation.
#include <memory>
#include <vector>

#include "bond/BondLoads.h"
#include "bond/BondStrength.h"
#include "model/World.h"
#include "scene/Scene.h"
#include "session/FrameSnapshot.h"
#include "session/SceneInfo.h"

namespace tumble {
class Simulation;
}

namespace tumble::ui {

/// (xmin, xmax, ymin, ymax, zmin, zmax), m: around the member spheres, the sphere a clump
/// sweeps as it turns, the walls' anchor points and a periodic cell's corners, every extent at
/// least half the largest.
void sceneBounds(const World& w, double b[6]);

/// The fixed info of scene as world (its simulation's initial world) holds it: bounds, walls,
/// up from gravity, member offsets; sampleInterval in s.
std::shared_ptr<SceneInfo> makeSceneInfo(const Scene& scene, const World& world, long long revision,
                                         double sampleInterval);

/// Fills s's run state from sim: time, step, contact count, critical dt, parameters and
/// instability message.
void fillRunState(FrameSnapshot& s, const Simulation& sim);

/// Buffers fillBodies reuses between calls (they keep their capacity).
struct PublishScratch {
    std::vector<float> speeds;            ///< per body, m/s
    std::vector<float> fluctuationSpeeds; ///< per body, |v - L x| in a periodic cell, m/s
    std::vector<Vec3> velocities;         ///< per body, on-step lab velocity, m/s
    std::vector<int> members;             ///< member indices in scene order
    std::vector<int> bodyMember;          ///< per body: its (last) member's index in the snapshot
    std::vector<float> bodyValues;        ///< per body, a MemberQuantity
    std::vector<int> memberSlot;          ///< per simulation member: its index in the snapshot
};

/// Fills s's member spheres (positions, radii, speeds, memberBody, bodies; in a periodic cell
/// also fluctuationSpeeds), every clump's state and the state of the body with scene id selected
/// (< 0: none) from sim, bodies and members in scene order (body ids are scene ids, whatever
/// order the simulation keeps them in). Returns false when some value is not finite (a blow-up).
bool fillBodies(FrameSnapshot& s, const Simulation& sim, int selected, PublishScratch& scratch);

/// Fills s's memberValues with quantity q of each member's body (MemberQuantity.h), after
/// fillBodies (it reads the members' scene order from scratch); nothing for None. O(bodies +
/// members), coordination O(contact candidates).
void fillMemberValues(FrameSnapshot& s, const Simulation& sim, MemberQuantity q, PublishScratch& scratch);

/// Fills s's force chains: every pair of members of different bodies touching at the last force
/// evaluation, with its normal spring force (kn d, or kn d^(3/2) for Hertz-Mindlin; d the stored
/// overlap) and in a periodic cell the second member's image shift. After fillBodies.
/// O(contact candidates).
void fillForceChains(FrameSnapshot& s, const Simulation& sim, PublishScratch& scratch);

/// Fills s's bonds from sim, after fillBodies (it reads the members' scene order from scratch):
/// each bond's two members, its dominant mode and its load against its strength
/// (bondLoadRatio), and the newest breaks. O(bonds + members + recent breaks).
void fillBonds(FrameSnapshot& s, const Simulation& sim, PublishScratch& scratch);

/// Fills s's periodic cell (CellState: the cell, its stress, the velocity profile) from sim, after
/// fillBodies (it reads the bodies' on-step velocities from scratch); empty without a cell.
void fillCell(FrameSnapshot& s, const Simulation& sim, const PublishScratch& scratch);

/// A bond's load against its strength (1: it breaks), from its load measures N = kn stretch,
/// S = ks slip, T = kt |psi|, B = kb theta (bond/BondStrength.h): independent, the largest of
/// N / tension, S / shear, T / twist, B / bend; linear_sum, their sum (compression counting
/// against). Never below 0; -1 for a bond that never breaks.
float bondLoadRatio(const BondLoads& l, const BondStiffness& k, const BondStrength& strength);

} // namespace tumble::ui
