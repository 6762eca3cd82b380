#pragma once
// InstabilityReport: why and when a run became unstable, in the one message every check gives:
// "unstable at step S, t = T s: <what>". Once set it stays (Simulation then steps no more).
#include <cstddef>
#include <string>

#include "model/World.h"

namespace tumble {

class InstabilityReport {
public:
    bool empty() const { return m_message.empty(); }
    /// The message, empty while stable.
    const std::string& message() const { return m_message; }

    /// Body i has a non-finite position in the step being taken (step w.step + 1, which would
    /// end at t = w.time + dt, s).
    void nonFinitePosition(const World& w, std::size_t i, double dt);
    /// Body i has a non-finite velocity, angular momentum or force after step w.step.
    void nonFiniteVelocity(const World& w, std::size_t i);
    /// After step w.step the balance error (J) exceeds factor x the scene's energy scale (J);
    /// the message suggests a smaller dt and gives the critical one (s).
    void runaway(const World& w, double balanceError, double factor, double scale, double criticalDt);

private:
    void report(long long step, double time, const std::string& what);

    std::string m_message;
};

} // namespace tumble
