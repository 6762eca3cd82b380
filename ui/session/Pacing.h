#pragma once
// Pacing: what a SimulationRunner's two uses do differently, and nothing else: how far a playing
// run may step now, how long it sleeps otherwise, and when it records an energy sample.
//
// Design note. The runner (thread, queue, live changes, snapshots, the last-finite fallback) is
// one piece of code; a pacing policy answers its few questions on the runner's thread:
//   RealTimePacing  the main view: simulated time follows the wall clock at most at the speed
//                   asked for (real time by default, down to 0.001x, or unpaced), re-synchronised
//                   when it falls behind, never a sprint to catch up; a sample every K steps,
//                   K = round(interval / dt), so samples stay uniform in time.
//   LockstepPacing  a compare lane: steps to exactly stepsAt(T) = anchorStep +
//                   floor((T - anchorTime) / dt) for the shared target T its coordinator (LaneSet)
//                   raises, never past it; a dt change moves the anchor to the step it lands on;
//                   sample k at the last step at or before k x interval (the lanes' shared grid);
//                   says when it reached T (after publishing: the snapshot shows the state at T).
// Rejected: a pacing flag inside the runner (every branch in two places again) and a runner
// template over the policy (the GUI holds runners of both kinds through one type).
#include <atomic>
#include <chrono>
#include <functional>

namespace tumble {
class Simulation;
}

namespace tumble::ui {

class Pacing {
public:
    virtual ~Pacing() = default;

    /// A run starts at sim's state (construction, load, reset); interval: s between samples.
    virtual void restart(const Simulation& sim, double sampleInterval) = 0;
    /// The run starts playing (play, resume).
    virtual void resume(const Simulation&) {}
    /// A live change moved dt at the current step; oldDt is the timestep before it.
    virtual void dtChanged(const Simulation& sim, double oldDt) = 0;
    /// The speed asked for: simulated s per wall-clock s; 0: as fast as possible. Only a
    /// real-time pacing has one; it never touches dt or the physics.
    virtual void setSpeed(const Simulation*, double) {}
    /// Before a batch of steps while playing.
    virtual void beginBatch(const Simulation&) {}
    /// While playing: may one more step be taken now?
    virtual bool mayStep(const Simulation& sim) const = 0;
    /// While playing and mayStep() is false: how long to sleep before asking again, s; a
    /// negative value sleeps until a command arrives.
    virtual double idleSeconds(const Simulation& sim) const = 0;
    /// The energy samples the current state owes (after a step, or at a restart); they are
    /// taken of this state and numbered on.
    virtual int samplesDue(const Simulation& sim) = 0;
    /// Publish now, whatever the publishing throttle says.
    virtual bool mustPublish(const Simulation&) const { return false; }
    /// After the runner published (or had nothing new): a lockstep lane reports its target.
    virtual void settled(const Simulation&) {}

    // the coordinator's shared time (lockstep only; others ignore it)
    /// Runner thread: the new shared target time, s.
    virtual void setTarget(double) {}
    /// Any thread: the target last reached exactly (-1 before the first, or after a dt change).
    virtual double reachedTarget() const { return -1.0; }
};

/// The main view's pacing: at most the speed asked for, real time unless told otherwise.
class RealTimePacing : public Pacing {
public:
    /// The speed a run starts at: real time (simulated s per wall-clock s).
    static constexpr double kDefaultSpeed = 1.0;
    /// The slowest speed there is, for slow motion on a projector; below it: this.
    static constexpr double kMinSpeed = 1e-3;
    /// Behind the wall clock by more than this (s of wall time), the pacing re-synchronises.
    static constexpr double kResyncLag = 0.1;

    /// framePeriod: s, the longest sleep while ahead of the clock.
    explicit RealTimePacing(double framePeriod) : m_framePeriod(framePeriod) {}

    void restart(const Simulation& sim, double sampleInterval) override;
    void resume(const Simulation& sim) override { resync(sim); }
    void dtChanged(const Simulation& sim, double oldDt) override;
    /// factor: simulated s per wall-clock s, clamped to [kMinSpeed, 1]; 0 (or less): as fast
    /// as possible. Re-anchors to sim's time (when given), so the new speed counts from now.
    void setSpeed(const Simulation* sim, double factor) override;
    /// The speed in force: simulated s per wall-clock s; 0: as fast as possible.
    double speed() const { return m_speed; }
    /// The speed a factor asks for: clamped to [kMinSpeed, 1], or 0 for 0 or less.
    static double speedFor(double factor);
    void beginBatch(const Simulation& sim) override;
    bool mayStep(const Simulation& sim) const override;
    double idleSeconds(const Simulation& sim) const override;
    int samplesDue(const Simulation& sim) override;

private:
    using Clock = std::chrono::steady_clock;
    void resync(const Simulation& sim);
    void updateSampleEvery(const Simulation& sim);

    const double m_framePeriod;
    double m_speed = kDefaultSpeed; // 0: unpaced
    Clock::time_point m_anchorWall;
    double m_anchorSim = 0.0;
    double m_sampleInterval = 0.0;
    long long m_sampleEvery = 1;
    long long m_lastSampleStep = 0;
    bool m_firstSample = true;
};

/// A compare lane's pacing: in lockstep with the other lanes towards a shared target time.
class LockstepPacing : public Pacing {
public:
    /// reached (may be empty) is called on the runner's thread each time the run reaches a
    /// target, and after a blow-up (so the coordinator stops waiting for it).
    explicit LockstepPacing(std::function<void()> reached = {}) : m_onReached(std::move(reached)) {}

    void restart(const Simulation& sim, double sampleInterval) override;
    void dtChanged(const Simulation& sim, double oldDt) override;
    bool mayStep(const Simulation& sim) const override;
    double idleSeconds(const Simulation& sim) const override;
    int samplesDue(const Simulation& sim) override;
    bool mustPublish(const Simulation& sim) const override;
    void settled(const Simulation& sim) override;
    void setTarget(double t) override { m_target = t; }
    double reachedTarget() const override { return m_reached.load(); }

    /// The step count the run has at shared time t (never behind the anchor).
    long long stepsAt(const Simulation& sim, double t) const;

private:
    const std::function<void()> m_onReached;
    long long m_anchorStep = 0; // the step the current dt started at
    double m_anchorTime = 0.0;  // its nominal time, s
    double m_sampleInterval = 0.0;
    long long m_nextSample = 0; // index k of the next energy sample (time k x interval)
    double m_target = 0.0;
    std::atomic<double> m_reached{-1.0};
};

} // namespace tumble::ui
