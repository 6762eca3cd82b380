#pragma once
// InstabilityNotice: what the GUI says when a run blows up (issue 21): what happened, at which
// step and time, which body first went wrong, and what to try.
//
// Design note. The core's report ("unstable at step S, t = T s: <what>", InstabilityReport)
// names the body for a non-finite value; for a runaway, and for the check of every sample the runner
// records (Simulation::checkEnergySample), the body named is the one with the most kinetic energy, where the energy
// went. The advice compares dt with dt_crit and the translation scheme's stability limit on a
// linear contact (stabilityLimitInCriticalSteps), or says that the scheme is unstable at any dt
// without damping (explicit Euler). Text only: no widgets, the runner builds it on its thread
// and the snapshot carries it (FrameSnapshot::instabilityMessage).
#include <string>

#include "energy/EnergySample.h"

namespace tumble {
class Simulation;
struct World;
} // namespace tumble

namespace tumble::ui {

struct InstabilityNotice {
    /// The whole message: the core's report, or for a sample the runner refused (coreMessage
    /// empty) "unstable at step S, t = T s: runaway energy ..." from e and the scale (J); then
    /// the body and the advice.
    static std::string compose(const Simulation& sim, const std::string& coreMessage, const EnergySample& e,
                               double scale, double factor);
    /// Scene id of the body with the most kinetic energy (translational + rotational, J; the
    /// state's velocities as stored) among those whose energy is finite, -1 when none is.
    static int mostEnergeticBody(const World& w, double* energy = nullptr);
    /// What to try: dt (s) against dt_crit (s) and the translation scheme's stable range.
    static std::string advice(const Simulation& sim);
};

} // namespace tumble::ui
