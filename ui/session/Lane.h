#pragma once
// Lane: one compare-mode run of a scene (its own Simulation and settings) on its own thread,
// stepped in lockstep with the other lanes towards a shared target time.
//
// Design note. The coordinator (LaneSet) raises a target time T; the lane steps until its step
// count reaches stepsAt(T) = anchorStep + floor((T - anchorTime) / dt + 1e-9), and never past
// it. With a constant dt the anchor is (0, 0), so a lane at dt / 2 has taken exactly twice the
// steps of a lane at dt at every T that is a multiple of dt (LaneSet picks such T). A dt change
// moves the anchor to the step it lands on (its nominal time anchorTime + (n - anchorStep) dt),
// so the lane goes on from where it is. Energy samples are taken on a shared grid k x interval
// (the last step at or before it), so every lane's sample k belongs to the same simulated time
// and the drift curves can be compared point by point and written to one CSV.
// Threading follows SimulationWorker: commands (retune, pause) go through a queue under a mutex
// held for push or swap; the lane publishes immutable FrameSnapshots (swapped under a mutex)
// and hands its energy samples over in a vector the GUI swaps out, so none is lost. The lane
// itself does no pacing: LaneSet paces the target to at most real time.
#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "energy/EnergySample.h"
#include "scene/Scene.h"
#include "session/FrameSnapshot.h"
#include "session/LaneSettings.h"

namespace tumble::ui {

/// Energy sample k of a lane: taken at its last step at or before k x the sample interval.
struct LaneSample {
    long long index = 0;
    EnergySample energy;
};

class Lane {
public:
    /// A run of scene with settings, from the scene's initial state; info is shared by all
    /// lanes of the scene, sampleInterval in s. Throws ParameterError for invalid settings.
    /// reached (may be empty) is called on the lane's thread each time it reaches a target.
    Lane(int id, std::shared_ptr<const Scene> scene, std::shared_ptr<const SceneInfo> info,
         const LaneSettings& settings, double sampleInterval, std::function<void()> reached = {});
    /// Stops and joins the thread.
    ~Lane();
    Lane(const Lane&) = delete;
    Lane& operator=(const Lane&) = delete;

    int id() const { return m_id; }

    // commands: any thread, they return at once
    /// Shared target time, s: the lane steps until it reaches it (never past it).
    void setTarget(double t);
    void setPaused(bool paused);
    /// New schemes, dt and damping, applied between steps; a refused value is reported by
    /// error() and the old one stays.
    void retune(const LaneSettings& settings);
    /// Asks the thread to stop without waiting for it; finished() tells when it has.
    void requestStop();

    // state, readable from any thread
    bool paused() const { return m_paused.load(); }
    bool unstable() const { return m_unstable.load(); }
    bool finished() const { return m_finished.load(); }
    long long steps() const { return m_steps.load(); }
    /// Simulated time, s.
    double time() const { return m_time.load(); }
    /// Timestep in force, s.
    double dt() const { return m_dt.load(); }
    /// The target the lane last reached exactly (-1 before the first).
    double reachedTarget() const { return m_reached.load(); }
    /// The settings in force (those of the last retune the simulation accepted).
    LaneSettings settings() const;
    /// The last refused retune's reason (empty: none).
    std::string error() const;

    /// The newest snapshot (never nullptr after construction).
    SnapshotPtr latestSnapshot() const;
    /// Energy samples recorded since the last call, oldest first (GUI thread).
    std::vector<LaneSample> takeSamples();

private:
    struct Run; // thread state
    void threadMain(std::unique_ptr<Run> run);
    void publish(Run& run);

    const int m_id;
    const double m_sampleInterval;
    const std::function<void()> m_onReached;

    mutable std::mutex m_mutex; // commands, target, paused, stop, settings, error
    std::condition_variable m_cv;
    std::vector<LaneSettings> m_retunes;
    double m_target = 0.0;
    bool m_stop = false;
    LaneSettings m_settings;
    std::string m_error;

    mutable std::mutex m_publishMutex; // snapshot and samples
    SnapshotPtr m_latest;
    std::vector<LaneSample> m_samples;

    std::atomic<bool> m_paused{false};
    std::atomic<bool> m_unstable{false};
    std::atomic<bool> m_finished{false};
    std::atomic<long long> m_steps{0};
    std::atomic<double> m_time{0.0};
    std::atomic<double> m_dt{0.0};
    std::atomic<double> m_reached{-1.0};
    std::thread m_thread;
};

} // namespace tumble::ui
