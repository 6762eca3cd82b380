#pragma once
// Narrow phase and contact law: every candidate of the neighbour list that overlaps gets a normal
// spring-dashpot, a tangential spring with Coulomb's limit and a rolling-resistance spring.
//
// Members i, j of bodies a, b (a wall for b: at rest); n the unit vector from j to i; overlap
// d = R_i + R_j - |p_i - p_j|; contact point c halfway through the overlap; lever arms
// r_a = c - x_a, r_b = c - x_b (for a sphere body r_a = -(R_i - d/2) n). Then
//   v_rel = (v_a + w_a x r_a) - (v_b + w_b x r_b),  v_n = v_rel . n,  v_t = v_rel - v_n n
// Normal: F_n = (kn d - cn v_n) n (linear) or (kn d^(3/2) - cn d^(1/4) v_n) n (Hertz), not clipped.
// Tangential (dem-overview: continuous u_s = int v_t dt, discrete update): the stored u_s is
// turned into the current tangent plane (projected, then rescaled to its length) and the relative
// displacement of the contact point since the step began, (dx_a + phi_a x r_a) - (same for b), is
// added, its normal part removed. phi is each body's rotation vector over the step: so the
// increment is the one the integrator actually took (exact for every scheme, RK4 stages too).
// F_t = -kt u_s (- ct d^(1/4) v_t for Hertz); if kt |u_s| > mu F_n,el the spring slips: u_s is
// set to the limit and the spring energy it loses, 1/2 kt (|u_trial|^2 - |u_s|^2), is booked as
// friction. If only the tangential dashpot takes |F_t| past the limit, the dashpot is cut back.
// Rolling (Ai et al. 2011, type C): theta_r accumulates (phi_a - phi_b) in the tangent plane, the
// couple M = -kr theta_r on a (and -M on b) is capped at mu_r R* F_n,el the same way.
// F_n,el is the spring part of the normal force (PFC's linear model); it is never negative.
//
// Loads go to World::force/torque; dashpot parts also to the kDashpot dissipative channel. A
// contact's history changes only when `commit` is true (the evaluation at the end of a step):
// RK4's trial stages see the springs they would have, and leave them as they were.
#include <cstddef>
#include <vector>

#include "contact/NeighbourList.h"
#include "model/World.h"

namespace tumble {

struct ContactSums {
    double elasticNormal = 0.0;     ///< energy stored in normal springs, J
    double elasticTangential = 0.0; ///< in tangential springs, J
    double elasticRolling = 0.0;    ///< in rolling springs, J
    // committed evaluations only: spring energy taken out this step, J
    double friction = 0.0;   ///< Coulomb slip, and springs emptied when a contact opens
    double rolling = 0.0;    ///< rolling springs capped or emptied
    double stiffness = 0.0;  ///< Hertz-Mindlin: lost as stiffnesses follow the overlap (< 0: gained)
    std::size_t active = 0;  ///< contacts with positive overlap

    /// Adds another (chunk's) sums to these.
    void add(const ContactSums& o)
    {
        elasticNormal += o.elasticNormal;
        elasticTangential += o.elasticTangential;
        elasticRolling += o.elasticRolling;
        friction += o.friction;
        rolling += o.rolling;
        stiffness += o.stiffness;
        active += o.active;
    }
};

/// Body motion since the step began: displacement (m) and rotation vector (rad), (n) each.
struct StepMotion {
    const std::vector<Vec3>& displacement;
    const std::vector<Vec3>& rotation;
};

/// What one member-member contact puts on its bodies: on the first (member i's) body force, its
/// dashpot part and a couple at the lever arms armA, armB from the bodies' centres; the second
/// body gets the opposite loads. kind: 0 no load (not touching), 1 normal force only, 2 with
/// springs. Parallel evaluation stores these per pair and adds them per body in pair order.
struct PairLoad {
    Vec3 force;   ///< N
    Vec3 dashpot; ///< N
    Vec3 couple;  ///< N m
    Vec3 armA;    ///< m
    Vec3 armB;    ///< m
    unsigned char kind = 0;
};

/// Likewise for a member-wall contact (the wall takes nothing).
struct WallLoad {
    Vec3 force;   ///< N
    Vec3 dashpot; ///< N
    Vec3 couple;  ///< N m
    Vec3 arm;     ///< m
    unsigned char kind = 0;
};

/// Contacts of candidates [begin, end) of list.pairs(): their loads are added to world.force and
/// torque and the dashpot channel (which the caller reset), or, when loads is not null, stored in
/// loads[k] for applyPairLoad (world's loads untouched). Commits history when commit is true.
ContactSums addPairContacts(World& world, NeighbourList& list, const StepMotion& motion, bool commit,
                            std::size_t begin, std::size_t end, PairLoad* loads);
/// Likewise for wall candidates [begin, end) of list.wallPairs().
ContactSums addWallContacts(World& world, NeighbourList& list, const StepMotion& motion, bool commit,
                            std::size_t begin, std::size_t end, WallLoad* loads);

/// Adds a stored pair load to one of its bodies (side 0: member i's, 1: member j's), with exactly
/// the arithmetic addPairContacts uses, so stored and direct evaluation agree bit for bit.
void applyPairLoad(World& world, const PairCandidate& pair, const PairLoad& load, int side);
/// Adds a stored wall load to its body.
void applyWallLoad(World& world, const WallCandidate& wall, const WallLoad& load);

/// Every contact, in fixed chunks (kPairChunk) whose sums are added in order: the same sums
/// as a parallel evaluation. Adds loads to world.force/torque and the dashpot channel (which
/// the caller reset).
ContactSums addContactForces(World& world, NeighbourList& list, const StepMotion& motion, bool commit);

} // namespace tumble
