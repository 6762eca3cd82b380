#include "session/BodyState.h"

#include "model/OnStepKinematics.h"

namespace tumble::ui {

BodyState bodyState(const World& w, std::size_t i, double dt)
{
    const OnStepKinematics k = onStepKinematics(w, i, dt);
    BodyState b;
    b.id = w.bodyId(i); // the scene's id, wherever the simulation keeps the body
    b.type = w.type[i];
    b.motion = w.hasHeldBodies() ? w.motion[i] : BodyMotion::Free;
    b.mass = w.mass[i];
    b.moments = w.inertia[i];
    b.boundingRadius = w.radius[i];
    b.position = w.position[i];
    b.velocity = k.velocity;
    b.orientation = w.orientation[i];
    b.angularVelocity = k.angularVelocity;
    b.angularMomentum = k.angularMomentum;
    return b;
}

bool isFinite(const BodyState& b)
{
    return b.position.allFinite() && b.velocity.allFinite() && b.orientation.coeffs().allFinite() &&
           b.angularVelocity.allFinite() && b.angularMomentum.allFinite();
}

} // namespace tumble::ui
