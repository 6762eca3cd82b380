#pragma once
// LaneSet: the compare lanes of one scene and the coordinator that keeps them in lockstep.
//
// Design note. Each lane is a SimulationRunner paced by LockstepPacing (Pacing.h): it steps to
// exactly the step count it has at the shared target time T, and never past it. A coordinator
// thread raises T. When every running lane (not paused, not unstable) has reached T, it records
// the lanes' step counts (history()) and raises T towards the paced clock (at most real time,
// re-synchronised when the lanes fall behind, as the main view's RealTimePacing does), rounded
// down to a multiple of the largest running dt, so T / dt is whole for that lane and for every
// lane whose dt divides it: a lane at dt / 2 has then taken exactly twice the steps. Lanes wake
// the coordinator when they reach T, so it never waits on the GUI thread (six software-GL views
// may keep that busy). A lane added while running starts at t = 0 and the target waits until it
// has caught up; a paused lane is left behind and catches up when resumed. A removed lane is
// asked to stop and joined by the coordinator once its thread has finished, so the GUI never
// waits on a batch.
// Identity. A lane's id is its number for its whole life: restart() and restartLane() give a
// lane a fresh runner under the same id, in the same place in the order, so the GUI's number,
// colour and name for it never move. Ids are never reused within a LaneSet: a new lane gets the
// next one. Every change of the lanes bumps an epoch under the lock; the coordinator raises the
// target and records history only for the epoch it looked at, so a restart cannot be overtaken
// by a target raised for the lanes it replaced.
// Rejected: a GUI-thread QTimer as coordinator (measured: with six views painting at ~85 ms
// each on llvmpipe the lanes ran at 6 % of real time, waiting for ticks).
#include <QObject>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "scene/Scene.h"
#include "session/LaneSettings.h"
#include "session/SceneInfo.h"
#include "session/SimulationRunner.h"

namespace tumble::ui {

/// Every running lane's step count at a shared time the coordinator saw them all reach.
struct LockstepRecord {
    double time = 0.0;                            ///< s
    std::vector<std::pair<int, long long>> steps; ///< (lane id, steps), running lanes only
};

class LaneSet : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxLanes = 6;
    /// Energy samples per scene timestep interval: interval = kStepsPerSample x scene dt.
    static constexpr int kStepsPerSample = 50;
    /// Lockstep records kept (newest last).
    static constexpr std::size_t kHistory = 4096;

    explicit LaneSet(Scene scene, QObject* parent = nullptr);
    /// Stops the coordinator and every lane, and joins them.
    ~LaneSet() override;

    /// A new lane from the scene's initial state, with settings over the scene's parameters (a
    /// dt factor is taken of the scene's critical timestep); its id, or -1 when kMaxLanes run
    /// already. Throws ParameterError (or std::invalid_argument) for invalid settings. GUI thread.
    int addLane(const LaneSettings& settings);
    /// Stops lane id (no wait) and forgets it; false when there is none. GUI thread.
    bool removeLane(int id);
    /// Lane id again from the scene's initial state with settings over the scene's parameters,
    /// under the same id and in the same place; it catches up with the shared target. False when
    /// there is no lane id; throws as addLane (the old lane then runs on). GUI thread.
    bool restartLane(int id, const LaneSettings& settings);
    /// Every lane again from the scene's initial state with the parameters in force, under the
    /// same ids and in the same order; the shared target and the history start again at 0. A
    /// lane paused by the user stays paused; one that blew up runs again. GUI thread.
    void restart();
    /// Lane id, valid until it is removed (GUI thread), or nullptr.
    SimulationRunner* lane(int id) const;
    /// The lanes in the order they were added.
    std::vector<std::shared_ptr<SimulationRunner>> lanes() const;
    int laneCount() const;

    void setPlaying(bool playing);
    bool playing() const { return m_playing.load(); }
    /// The shared target time, s.
    double targetTime() const { return m_target.load(); }
    /// The shared times every running lane reached, with their step counts, oldest first.
    std::vector<LockstepRecord> history() const;

    const Scene& scene() const { return *m_scene; }
    std::shared_ptr<const SceneInfo> sceneInfo() const { return m_info; }
    /// Simulated time between energy samples, s.
    double sampleInterval() const { return m_sampleInterval; }
    /// The critical timestep of a Simulation of the scene, s (what a dt factor multiplies).
    double criticalDt() const { return m_criticalDt; }

signals:
    /// A lane was added or removed.
    void lanesChanged();

private:
    void coordinate();
    void wake();
    std::shared_ptr<SimulationRunner> makeLane(int id, const SimParams& params, bool playing);

    std::shared_ptr<const Scene> m_scene;
    std::shared_ptr<const SceneInfo> m_info;
    double m_sampleInterval = 0.0;
    double m_criticalDt = 0.0;
    int m_nextId = 0;

    mutable std::mutex m_mutex; // lanes, stopping, wake, stop
    std::condition_variable m_cv;
    std::vector<std::shared_ptr<SimulationRunner>> m_lanes;
    std::vector<std::shared_ptr<SimulationRunner>> m_stopping; // removed, thread still finishing
    bool m_wake = false;
    bool m_stop = false;
    long long m_epoch = 0; // bumped whenever the lanes change
    std::atomic<bool> m_playing{false};
    std::atomic<bool> m_resync{true};  // the pacing restarts from the target
    std::atomic<double> m_target{0.0}; // written under m_mutex

    mutable std::mutex m_historyMutex; // taken after m_mutex when both are
    std::deque<LockstepRecord> m_history;

    std::thread m_thread;
};

} // namespace tumble::ui
