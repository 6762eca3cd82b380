#pragma once
// BodyState: one body's mass properties and on-step state, copied out for the GUI.
//
// Design note. A snapshot carries this for every clump (triads, w and L arrows, trails, the
// torque-free ghost and the Poinsot view need orientation and momentum) and for the selected
// body (the inspector), never for every sphere: at 100k spheres a per-body copy would cost the
// worker more than the members it already publishes. Values are on-step (OnStepKinematics)
// whatever the integrator keeps, in double precision so the inspector shows what core holds.
#include "math/Types.h"
#include "model/World.h"

namespace tumble::ui {

struct BodyState {
    int id = -1; ///< scene id: the body's index in the scene's body list
    BodyType type = BodyType::Sphere;
    BodyMotion motion = BodyMotion::Free; ///< free, or held fixed or driven (World::motion)
    double mass = 0.0;                    ///< kg
    Vec3 moments = Vec3::Zero();          ///< principal moments J1 <= J2 <= J3, kg m^2
    double boundingRadius = 0.0;          ///< m: the sphere's radius, or the clump's extent about its centre of mass

    Vec3 position = Vec3::Zero();        ///< m, centre of mass, world frame
    Vec3 velocity = Vec3::Zero();        ///< m/s, world frame
    Quat orientation = Quat::Identity(); ///< rotates the principal (body) frame into the world frame
    Vec3 angularVelocity = Vec3::Zero(); ///< rad/s, world frame
    Vec3 angularMomentum = Vec3::Zero(); ///< kg m^2/s, about the centre of mass, world frame

    /// w in the body's principal frame, rad/s.
    Vec3 angularVelocityBody() const { return orientation.conjugate() * angularVelocity; }
    /// L in the body's principal frame, kg m^2/s.
    Vec3 angularMomentumBody() const { return orientation.conjugate() * angularMomentum; }
    /// 1/2 m v^2, J.
    double translationalEnergy() const { return 0.5 * mass * velocity.squaredNorm(); }
    /// 1/2 w . L, J.
    double rotationalEnergy() const { return 0.5 * angularVelocity.dot(angularMomentum); }
};

/// True when every state value is finite (after a blow-up some are not).
bool isFinite(const BodyState& b);

/// Body i of world w; dt (s) turns half-step values into on-step ones.
BodyState bodyState(const World& w, std::size_t i, double dt);

} // namespace tumble::ui
