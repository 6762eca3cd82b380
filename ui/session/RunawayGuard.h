#pragma once
// RunawayGuard: the runner's check of every step's energy before it is recorded, so no absurd
// number reaches a plot (issue 21: at 10x the critical dt the core's own runaway test, every 64
// steps, first fired at step 128, after energies of 1e299 J had been plotted).
//
// Design note. The criterion is the core's (Simulation::checkRunaway): a sample is a runaway when
// any energy is non-finite or |balance error| exceeds kFactor x the scene's energy scale, the
// scale taken by an EnergyLedger from the run's initial state exactly as the Simulation's ledger
// takes it. The runner computes every step's energy anyway (for the envelope), so the check
// costs a few comparisons a step. Once the core checks every sample itself
// (Simulation::checkEnergySample, issue 21's core part), the runner can call that instead.
#include "energy/EnergySample.h"
#include "sim/InstabilityReport.h"

namespace tumble {
class Simulation;
}

namespace tumble::ui {

class RunawayGuard {
public:
    /// The core's runaway factor (InstabilityReport::kRunawayFactor, Simulation's check).
    static constexpr double kFactor = InstabilityReport::kRunawayFactor;

    /// Takes the scale from sim's current state: call on a fresh Simulation (step 0).
    void reset(const Simulation& sim);
    /// The scene's energy scale, J (EnergyLedger::scale at the initial state).
    double scale() const { return m_scale; }
    /// Whether sample e may be recorded: every energy finite and |balance error| within
    /// kFactor x scale() (a scene with no energy at all: finiteness alone).
    bool plausible(const EnergySample& e) const;

private:
    double m_scale = 0.0; // J
};

} // namespace tumble::ui
