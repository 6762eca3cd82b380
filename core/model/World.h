#pragma once
// World: the state of every body as structures of arrays, in double precision.
//
// Design note. Per-body constants (radius, mass, inertia, material) sit apart from the per-step
// dynamic arrays, as in Box2D's split of body data by use; every array has one entry per body
// (n = size()). Spheres are bodies with isotropic principal inertia 2/5 m R^2; rigid clumps
// are bodies with a full principal inertia and several member spheres. Contacts act on members
// (a sphere body has one, at its centre) and are reduced to one force and one torque about the
// body's centre of mass (Woo's clump model). Only integrators write poses and velocities; only
// the force evaluation writes forces and torques; member world positions follow the bodies
// through updateMemberPositions() after every position update.
//
// Velocity timing: leapfrog schemes keep half-step velocities, others on-step ones. The World
// records which (velocityTiming) so a scheme switch can convert the state (Woo's velMidstep).
#include <array>
#include <cstddef>
#include <optional>
#include <vector>

#include "bond/BondSet.h"
#include "math/QuaternionOps.h"
#include "math/Types.h"
#include "model/Material.h"
#include "model/PeriodicCell.h"
#include "model/Wall.h"

namespace tumble {

enum class VelocityTiming { OnStep, HalfStep };

enum class BodyType : unsigned char { Sphere, Clump };

/// Non-conservative loads by mechanism (indices into World::dissipativeForce/Torque): the
/// dissipative ones, whose work the ledger books as dissipated energy, and two whose work is
/// external work: kDrive, the load that holds fixed and driven bodies on their prescribed motion,
/// and kMedium, a turning medium's torque on clumps (MediumStage).
enum DissipationChannel : int {
    kDashpot = 0,
    kLocalDamping = 1,
    kViscous = 2,
    kDrive = 3,
    kMedium = 4,
    kDissipationChannels = 5
};

/// How a body moves: under its loads (Free), not at all (Fixed: a clamp, PFC's fixed velocity at
/// zero), or at its initial velocity and angular velocity for ever (Driven: a loading platen,
/// Wang's slowly loaded chain). A held (fixed or driven) body feels every load, and a constraint
/// load (channel kDrive) cancels their sum, so its momentum never changes.
enum class BodyMotion : unsigned char { Free, Fixed, Driven };

struct World {
    // per-body constants, (n) each
    std::vector<double> radius;  ///< (n) m, bounding radius used by contacts
    std::vector<double> mass;    ///< (n) kg
    std::vector<double> invMass; ///< (n) 1/kg
    std::vector<Vec3> inertia;   ///< (n) principal moments J1 <= J2 <= J3, kg m^2
    std::vector<int> material;   ///< (n) index into materials
    std::vector<BodyType> type;  ///< (n) sphere or clump
    /// (n, or 0 while every body is free) free, fixed or driven; the drive's constraint load
    /// and its work are in channel kDrive
    std::vector<BodyMotion> motion;

    // per-body dynamic state, (n) each, world frame
    std::vector<Vec3> position;        ///< (n) m, centre of mass
    std::vector<Vec3> velocity;        ///< (n) m/s, timing given by velocityTiming
    std::vector<Quat> orientation;     ///< (n) rotates the principal frame into the world frame
    std::vector<Vec3> angularVelocity; ///< (n) rad/s
    std::vector<Vec3> angularMomentum; ///< (n) kg m^2/s, about the centre of mass

    // per-body loads from the last force evaluation, (n) each
    std::vector<Vec3> force;  ///< (n) N, total: contacts + gravity + damping
    std::vector<Vec3> torque; ///< (n) N m, total about the centre of mass
    /// (channel)(n) N: the parts of force from dashpots, local damping and viscous damping, kept
    /// apart so the ledger can book each mechanism's work. A Simulation keeps a damping
    /// channel empty (size 0) while that damping has never been switched on.
    std::array<std::vector<Vec3>, kDissipationChannels> dissipativeForce;
    std::array<std::vector<Vec3>, kDissipationChannels> dissipativeTorque; ///< likewise for torque, N m

    // collision spheres ("members"), (m) each; a sphere body has one at its centre
    std::vector<int> memberBody;      ///< (m) owning body
    std::vector<Vec3> memberOffset;   ///< (m) m, centre in the body's principal frame
    std::vector<double> memberRadius; ///< (m) m
    std::vector<Vec3> memberPosition; ///< (m) m, world frame, from the body pose

    // the scene order of the bodies, once a Simulation has re-sorted them for locality
    // (permuteBodies); both empty while body i is the scene's body i
    std::vector<int> bodyIds;   ///< (n or 0) scene id (index in the scene's body list) of each body
    std::vector<int> bodySlots; ///< (n or 0) index in these arrays of each scene id

    std::vector<Material> materials;
    std::vector<Wall> walls;
    /// Wang (2008) bonds between sphere bodies, by body index (renumbered with the bodies)
    BondSet bonds;
    Vec3 gravity = Vec3(0.0, 0.0, -9.81); ///< m/s^2
    /// The periodic, possibly deforming cell the bodies live in, when the scene has one
    std::optional<PeriodicCell> cell;
    /// The medium's motion over the step being taken (set at each step's start; with carries
    /// false, as without a cell, every drift is x + dt v). Schemes drift through it.
    MediumStep medium;

    double time = 0.0;                                      ///< s
    long long step = 0;                                     ///< steps taken since the scene was loaded
    VelocityTiming velocityTiming = VelocityTiming::OnStep; ///< of velocity
    VelocityTiming angularTiming = VelocityTiming::OnStep;  ///< of angularMomentum and angularVelocity

    std::size_t size() const { return position.size(); }
    std::size_t memberCount() const { return memberBody.size(); }

    /// The scene id of body i (its index in the scene's body list; the contract's body id).
    int bodyId(std::size_t i) const { return bodyIds.empty() ? static_cast<int>(i) : bodyIds[i]; }
    /// The index in these arrays of the body with scene id `id` (0 <= id < size()).
    std::size_t bodySlot(int id) const
    {
        return bodySlots.empty() ? static_cast<std::size_t>(id)
                                 : static_cast<std::size_t>(bodySlots[static_cast<std::size_t>(id)]);
    }

    /// Reorders the bodies: body order[s] moves to index s (order is a permutation of 0..n-1).
    /// Members follow their bodies, grouped by body in the new order, each body's in their old
    /// order; memberOrder receives the same for members (new member k was old memberOrder[k]).
    /// bodyIds and bodySlots keep the scene ids. Per-body arrays of size 0 (a damping channel
    /// never loaded) stay empty. Allocates only while scratch grows (bodyIds, bodySlots once).
    struct PermuteScratch {
        std::vector<unsigned char> done;
        std::vector<int> newSlot;
        std::vector<int> start;
    };
    void permuteBodies(const std::vector<int>& order, std::vector<int>& memberOrder, PermuteScratch& scratch);

    /// The members in scene order (bodies by scene id, each body's members in order), as member
    /// indices into these arrays.
    void membersInSceneOrder(std::vector<int>& out) const;

    /// Appends a solid sphere of the given material (a body with one member); returns its index.
    /// radius in m, position in m, velocity in m/s, angularVelocity in rad/s.
    int addSphere(int materialIndex, double radius, const Vec3& position, const Vec3& velocity,
                  const Vec3& angularVelocity);

    /// Appends a rigid body with given mass properties and no members (add them with addMember);
    /// returns its body index. mass in kg,
    /// principal moments in kg m^2 (any order is accepted as given), orientation rotates the
    /// principal frame into the world frame, boundingRadius in m (display; contacts use members), position in
    /// m, velocity in m/s, angularVelocity in rad/s (world frame).
    int addRigidBody(int materialIndex, double mass, const Vec3& principalMoments, const Quat& orientation,
                     double boundingRadius, const Vec3& position, const Vec3& velocity, const Vec3& angularVelocity);

    /// In a periodic cell, the image n of body j nearest a point x (m): x_j + H n is where a bond
    /// of a body at x meets j (PeriodicCell::nearestImage); n = 0 without a cell.
    ImageShift imageNear(std::size_t j, const Vec3& x) const
    {
        return cell ? cell->nearestImage(position[j] - x) : ImageShift{0, 0, 0};
    }
    /// Body j's position, or in a periodic cell its image's nearest x (m).
    Vec3 positionNear(std::size_t j, const Vec3& x) const
    {
        return cell ? Vec3(position[j] + cell->shift(imageNear(j, x))) : position[j];
    }
    /// Where bond k's second body is seen from its first: its position, or its image's nearest
    /// the first body in a periodic cell (m).
    Vec3 bondPartnerPosition(std::size_t k) const
    {
        return positionNear(static_cast<std::size_t>(bonds.bodies[k][1]),
                            position[static_cast<std::size_t>(bonds.bodies[k][0])]);
    }

    /// Bonds sphere bodies a and b (indices) as they are now: the bond is free of stress in the
    /// current poses (BondRest), b's image nearest a in a periodic cell. Call bonds.sort(size())
    /// once every bond is in.
    void addBond(int a, int b, const BondStiffness& k, const BondStrength& s = {},
                 BondFormulation f = BondFormulation::Total);

    /// Holds body b on its current velocity and angular velocity (Driven) or at rest (Fixed: its
    /// velocities are set to zero). A driven body that turns must have isotropic inertia (a
    /// sphere): only then does a constant angular momentum keep the angular velocity constant.
    void setMotion(int b, BodyMotion m);
    /// Whether some body is fixed or driven.
    bool hasHeldBodies() const { return !motion.empty(); }

    /// Appends a collision sphere to body b: offset (m) in the body's principal frame, radius in m.
    void addMember(int b, const Vec3& offset, double radius);

    /// Gives back the spare capacity of every array (the scene is built by appending).
    void shrinkToFit();

    /// Recomputes memberPosition from the body poses.
    void updateMemberPositions() { updateMemberPositions(0, memberCount()); }
    /// The same for members [begin, end).
    void updateMemberPositions(std::size_t begin, std::size_t end);

    /// Inverse inertia tensor of body i in the world frame, 1/(kg m^2).
    Mat3 inverseInertiaWorld(std::size_t i) const;

    /// I^-1 v for body i in the world frame (v in kg m^2/s or N m gives rad/s or rad/s^2);
    /// isotropic bodies (every sphere) skip the rotation.
    Vec3 applyInverseInertia(std::size_t i, const Vec3& v) const
    {
        return tumble::angularVelocity(inertia[i], orientation[i], v);
    }

    /// Angular velocity of body i from its orientation and angular momentum, rad/s.
    Vec3 angularVelocityFromMomentum(std::size_t i) const { return applyInverseInertia(i, angularMomentum[i]); }

private:
    // appends the per-body arrays of one body (no members)
    int addBody(BodyType type, int materialIndex, double mass, const Vec3& principalMoments, const Quat& orientation,
                double boundingRadius, const Vec3& position, const Vec3& velocity, const Vec3& angularVelocity);
};

} // namespace tumble
