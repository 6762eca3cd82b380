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
#include <algorithm>
#include <cstddef>
#include <vector>

#include "contact/NeighbourList.h"
#include "model/World.h"

namespace tumble {

struct ContactSums {
    double elasticNormal = 0.0;     ///< energy stored in normal springs, J
    double elasticTangential = 0.0; ///< in tangential springs, J
    double elasticRolling = 0.0;    ///< in rolling springs, J
    // bonds (the bond stage's sums): elastic energy per mode (BondMode), J
    double bondNormal = 0.0;
    double bondShear = 0.0;
    double bondTwist = 0.0;
    double bondBend = 0.0;
    // committed evaluations only: bonds that broke
    std::size_t bondsBroken = 0;
    // committed evaluations only: spring energy taken out this step, J
    double friction = 0.0;  ///< Coulomb slip, and springs emptied when a contact opens
    double rolling = 0.0;   ///< rolling springs capped or emptied
    double stiffness = 0.0; ///< Hertz-Mindlin: lost as stiffnesses follow the overlap (< 0: gained)
    std::size_t active = 0; ///< contacts with positive overlap
    // in a periodic cell only (else zero): the contacts' virial sum_c f_c (x) l_c, f_c the load
    // on the first body, l_c the branch from the second body's (image's) centre to the first's,
    // N m; and the same for the dashpot part of f_c (docs/PERIODIC.md "Stress and the cell's work")
    Mat3 virial = Mat3::Zero();
    Mat3 dashpotVirial = Mat3::Zero();
    /// in a periodic cell only (else zero): the longest bond, from its first body to its second
    /// body's nearest image, m (the step keeps it under half the cell's width: Simulation)
    double longestBond = 0.0;

    /// Adds another (chunk's) sums to these.
    void add(const ContactSums& o)
    {
        elasticNormal += o.elasticNormal;
        elasticTangential += o.elasticTangential;
        elasticRolling += o.elasticRolling;
        bondNormal += o.bondNormal;
        bondShear += o.bondShear;
        bondTwist += o.bondTwist;
        bondBend += o.bondBend;
        bondsBroken += o.bondsBroken;
        friction += o.friction;
        rolling += o.rolling;
        stiffness += o.stiffness;
        active += o.active;
        virial += o.virial;
        dashpotVirial += o.dashpotVirial;
        longestBond = std::max(longestBond, o.longestBond);
    }
};

/// Body motion since the step began: displacement (m) and rotation vector (rad), (n) each.
struct StepMotion {
    const std::vector<Vec3>& displacement;
    const std::vector<Vec3>& rotation;
};

/// The loads a contact puts on a body outside the block being evaluated, kept until that body's
/// block adds them (Simulation: in the second body pass, in list order).
struct DeferredLoad {
    Vec3 force;              ///< N
    Vec3 torque;             ///< N m, about the body's centre (valid with kDeferredTorque)
    Vec3 dashpot;            ///< N, the dashpot part of force
    Vec3 dashTorque;         ///< N m, the dashpot part of torque (valid with kDeferredDashTorque)
    unsigned char flags = 0; ///< kDeferred* bits; 0: the pair did not touch
};
enum DeferredFlag : unsigned char { kDeferredLoad = 1, kDeferredTorque = 2, kDeferredDashTorque = 4 };

/// One block of contacts: the pair candidates [pairBegin, pairEnd) (their member i's bodies all in
/// body chunk [bodyBegin, bodyEnd), kBodyChunk) and wall candidates [wallBegin, wallEnd)
/// (likewise). Loads on bodies in the block are added to world.force/torque and the dashpot
/// channel at once; with deferred set, a pair that crosses chunks (PairCandidate::crossesChunk)
/// gets the next slot of deferred (in list order, touching or not) and leaves its member j's
/// body's loads there. Blocks with disjoint body ranges can thus run on
/// different threads, and each body's loads are added in one fixed order.
struct ContactBlock {
    std::size_t pairBegin = 0;
    std::size_t pairEnd = 0;
    std::size_t wallBegin = 0;
    std::size_t wallEnd = 0;
    int bodyBegin = 0;
    int bodyEnd = 0;
    DeferredLoad* deferred = nullptr; ///< this block's slots (null: no pair leaves the block)
    /// the bonds (World::bonds) whose lower body lies in the block, [bondBegin, bondEnd); a bond
    /// whose other body lies in another chunk leaves that body's loads in the next of bondDeferred
    std::size_t bondBegin = 0;
    std::size_t bondEnd = 0;
    DeferredLoad* bondDeferred = nullptr;
};

/// Which code evaluates a touching contact. Specialised: a pair of centred members (every pair of
/// spheres, and a sphere on a wall) with one of the commonest laws (ContactParams::law: linear
/// with friction, with or without rolling resistance; Hertz-Mindlin likewise) runs a kernel
/// compiled for that law's parts only. Generic: every contact reads its law at run time (the
/// reference the specialised kernels must match bit for bit).
enum class ContactKernels { Specialised, Generic };

/// Whether an evaluation sums the springs' elastic energy (ContactSums::elasticNormal,
/// elasticTangential, elasticRolling). Skipped: they stay zero, for a step whose energy nobody
/// reads (Simulation::run's joined steps). The losses (friction, rolling, stiffness) and the
/// contact count are summed either way: the ledger books every step's.
enum class ElasticSums { Summed, Skipped };

/// Evaluates one block (see ContactBlock): its pairs, then its walls (the sums of both); commits
/// history when commit is true.
ContactSums addBlockContacts(World& world, NeighbourList& list, const StepMotion& motion, bool commit,
                             const ContactBlock& block, ContactKernels kernels = ContactKernels::Specialised,
                             ElasticSums elastic = ElasticSums::Summed);
/// The pair candidates of one block alone (its wall range is not read).
ContactSums addBlockPairContacts(World& world, NeighbourList& list, const StepMotion& motion, bool commit,
                                 const ContactBlock& block, ContactKernels kernels = ContactKernels::Specialised,
                                 ElasticSums elastic = ElasticSums::Summed);
/// The wall candidates of one block alone (its pair range is not read; nothing is deferred).
ContactSums addBlockWallContacts(World& world, NeighbourList& list, const StepMotion& motion, bool commit,
                                 const ContactBlock& block, ContactKernels kernels = ContactKernels::Specialised,
                                 ElasticSums elastic = ElasticSums::Summed);

/// Every contact in list order, as one block holding every body. Adds loads to
/// world.force/torque and the dashpot channel (which the caller reset).
ContactSums addContactForces(World& world, NeighbourList& list, const StepMotion& motion, bool commit,
                             ContactKernels kernels = ContactKernels::Specialised);

} // namespace tumble
