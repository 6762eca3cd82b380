#pragma once
// PhasePoint: the selected body's state at one energy sample, as the schemes store it, for the
// phase portrait (PhasePortrait).
//
// Design note. Stored, not on-step: a symplectic scheme's points lie on its shadow orbit in the
// variables it steps (analysis/ShadowOrbit.h), a half-step velocity for the central difference,
// so the portrait shows what the scheme keeps. The timing flags say which it is. One point per
// energy sample (EnergyChunk), so the sample stride sets how densely the orbit is drawn.
#include "math/Types.h"

namespace tumble {
class Simulation;
}

namespace tumble::ui {

struct PhasePoint {
    int id = -1;                         ///< the body's scene id; -1: no body was selected at this sample
    double time = 0.0;                   ///< s
    long long step = 0;                  ///< the step of the sample
    Vec3 position = Vec3::Zero();        ///< centre of mass, m, world frame
    Vec3 velocity = Vec3::Zero();        ///< m/s, world frame, as stored (velocityHalfStep)
    Quat orientation = Quat::Identity(); ///< principal frame -> world
    Vec3 angularVelocity = Vec3::Zero(); ///< rad/s, world frame, as stored (angularHalfStep)
    bool velocityHalfStep = false;       ///< v is taken half a step before time
    bool angularHalfStep = false;        ///< w is taken half a step before time
};

/// Body `id`'s (scene id) state in sim as stored; a point with id -1 when there is no such body.
PhasePoint phasePoint(const Simulation& sim, int id);

} // namespace tumble::ui
