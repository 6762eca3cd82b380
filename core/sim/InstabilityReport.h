#pragma once
// InstabilityReport: why and when a run became unstable, in the one message every check gives:
// "unstable at step S, t = T s: <what>; <advice>". Once set it stays (Simulation then steps no
// more). Besides the message it keeps the step, time and body as fields, so a GUI can point at
// them, and the advice: dt against the critical dt and the stiffest contact that sets it.
#include <cstddef>
#include <string>

#include "model/World.h"
#include "sim/LiveliestBody.h"

namespace tumble {

class InstabilityReport {
public:
    /// A sample is a runaway once |balance error| exceeds this many times the scene's energy
    /// scale (EnergyLedger::scale): sum of the energies present at the start plus the work
    /// gravity could do across the body cloud. A stable run stays within a few per cent of it.
    static constexpr double kRunawayFactor = 100.0;

    bool empty() const { return m_message.empty(); }
    /// The message, empty while stable.
    const std::string& message() const { return m_message; }
    /// The step at which the run failed (the step being taken for a non-finite position).
    long long step() const { return m_step; }
    /// s, at that step.
    double time() const { return m_time; }
    /// Scene id of the body that went wrong (for a runaway: the one with the most kinetic
    /// energy), -1 when none is known.
    long long body() const { return m_body; }
    /// What to try, e.g. "reduce dt: dt = 2e-05 s is 10 x the critical dt 2e-06 s (stiffest
    /// contact: material 'glass', kn = 1e+05 N/m, kt = ...); try dt <= 0.3 x the critical dt ...".
    const std::string& advice() const { return m_advice; }

    /// Body i has a non-finite position in the step being taken (step w.step + 1, which would
    /// end at t = w.time + dt, s).
    void nonFinitePosition(const World& w, std::size_t i, double dt);
    /// Body i has a non-finite velocity, angular momentum or force after step w.step (dt in s).
    void nonFiniteVelocity(const World& w, std::size_t i, double dt);
    /// After step w.step the balance error (J) is non-finite or exceeds factor x the scene's
    /// energy scale (J); names the body with the most kinetic energy and advises on dt (s)
    /// against the critical one (s).
    void runaway(const World& w, double balanceError, double factor, double scale, double dt, double criticalDt);
    /// The same with the liveliest body as the step's end pass found it (the bodies may have
    /// moved on since: Simulation::run's joined steps).
    void runaway(const World& w, const LiveliestBody& lively, double balanceError, double factor, double scale,
                 double dt, double criticalDt);

    /// After step w.step a periodic cell is narrower (width, m) than twice the reach (m): the
    /// contacts' (2 x the largest radius + skin: a body could meet two images of another), or with
    /// bond set, the bonds' (the longest bond + skin: a bond could reach two images of its partner).
    void cellTooNarrow(const World& w, double width, double reach, bool bond = false);

    /// The advice for a run of dt (s) on world w: dt against the critical dt (s) and the
    /// stiffest material's contact stiffness.
    static std::string adviceFor(const World& w, double dt, double criticalDt);

private:
    void report(const World& w, long long step, double time, std::size_t slot, const std::string& what, double dt,
                double criticalDt);

    std::string m_message;
    std::string m_advice;
    long long m_step = 0;
    double m_time = 0.0;
    long long m_body = -1;
};

} // namespace tumble
