#pragma once
// SimulationRunner: a tumble::Simulation on its own thread, the one runner of the GUI: the main
// view's run and every compare lane are one of these, with a different Pacing.
//
// Design note (DESIGN.md, Threads; STYLE.md 9). The runner's thread owns the Simulation and
// nothing else touches it. The GUI talks to it in two directions, and neither ever waits for
// the other to finish work:
//
//   GUI thread                                  runner thread
//   ----------                                  -------------
//   apply(), play(), ... --> command queue --> applied between steps (batches last at most
//                            (mutex held for        half a frame period, so a change lands
//                             push / swap)          within one frame)
//   latestSnapshot()     <-- latest snapshot <-- publish: shared_ptr<const FrameSnapshot>
//   on a frame timer         (mutex held for        built without a lock, swapped in,
//   render, no lock held      the swap only)        then a queued snapshotReady()
//
// A live change is one LiveParams, applied by Simulation::apply: the core validates it as a
// whole with its one set of rules, applies all of it or nothing, and says what changed; those
// labels become the plot's markers. A refused change is reported through errorOccurred() and
// lastError(), and the old values stay. Energy samples travel in chunks that stay in every
// snapshot until the GUI acknowledges them (takeSnapshot(), takeSamples()), so none is ever
// dropped. A blow-up pauses the run, and the snapshots keep the last finite bodies on screen.
//
// The Pacing says how far a playing run may step (main view: at most real time; compare lane:
// to the shared target time its LaneSet raises) and when it samples its energy (Pacing.h).
// Snapshots are published at most every half frame and never so often that building them
// takes more than 2% of the runner's time, except when a command changed something (at once)
// or the pacing asks (a lane that reached its target shows its state there).
// Rejected: QThread with queued slots for commands (a slot waits behind a whole batch and
// commands could not be coalesced between steps), and a recursive mutex held by the stepping
// loop (MuJoCo's; the GUI could stall behind it).
#include <QObject>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "scene/Scene.h"
#include "session/FrameSnapshot.h"
#include "session/LaneSample.h"
#include "session/MemberQuantity.h"
#include "session/Pacing.h"
#include "sim/LiveParams.h"
#include "sim/SimParams.h"

namespace tumble {
class Simulation;
}

namespace tumble::ui {

class SimulationRunner : public QObject {
    Q_OBJECT
public:
    /// The GUI's frame period, s: batches of steps last at most half of it.
    static constexpr double kFramePeriod = 1.0 / 60.0;
    /// Energy samples per scene timestep interval: interval = kStepsPerSample x the scene's dt.
    static constexpr int kStepsPerSample = 50;

    /// The main view's runner: no scene until loadScene(), paced to at most real time, paused.
    explicit SimulationRunner(QObject* parent = nullptr);
    /// A run of scene with params from its initial state, paced by pacing (a compare lane:
    /// LockstepPacing), published with its first energy sample before this returns; info is
    /// shared by the caller (every lane of a scene); id names the run; playing or paused.
    /// Throws ParameterError for invalid params.
    SimulationRunner(int id, std::shared_ptr<const Scene> scene, std::shared_ptr<const SceneInfo> info,
                     const SimParams& params, std::unique_ptr<Pacing> pacing, bool playing, QObject* parent = nullptr);
    /// Stops and joins the thread.
    ~SimulationRunner() override;

    int id() const { return m_id; }

    // commands: callable from any thread, they return at once
    /// Replaces the run with scene's (its own parameters); the selections (body, bond) go.
    void loadScene(Scene scene);
    /// A live change, applied between steps by Simulation::apply (see above).
    void apply(const LiveParams& change);
    void play();
    void pause();
    /// pause() or play().
    void setPaused(bool paused);
    /// One step, then paused.
    void step();
    /// Back to the scene's initial state, keeping the live parameters and the selections.
    void reset();
    /// Publishes body b's full state in every snapshot (FrameSnapshot::selected); -1: none.
    void selectBody(int b);
    /// Publishes the bond between the bodies with scene ids a and b in every snapshot
    /// (FrameSnapshot::selectedBond), also after it broke; a or b < 0: none.
    void selectBond(int a, int b);
    /// The shared target time of a lockstep run, s (LockstepPacing; others ignore it).
    void setTarget(double t);
    /// Slow motion: at most factor simulated s per wall-clock s (0.001 to 1); 0: as fast as
    /// possible. Throttles the stepping only: dt and the physics stay (a real-time pacing;
    /// a lockstep lane ignores it).
    void setSpeed(double factor);
    /// Steps between energy samples: 0 (the default) leaves it to the pacing (the main view:
    /// round(interval / dt), about kStepsPerSample), 1 samples every step, N every N steps,
    /// counted from the previous sample; negative values mean 0. Applied on the runner's thread
    /// between steps; FrameSnapshot::sampleStride reports the setting in force. Whatever the
    /// stride, every step's energy goes into its sample's envelope (EnergyEnvelope). A compare
    /// lane keeps 0: its samples belong to the lanes' shared time grid.
    void setSampleStride(int steps);
    /// The per-body quantity the snapshots carry for the view's colours (MemberQuantity.h;
    /// None: only the speeds). Costs a pass over the bodies per snapshot while set.
    void setMemberQuantity(MemberQuantity q);
    /// Whether the snapshots carry the force chains (FrameSnapshot::chainMembers): a pass over
    /// the contact candidates per snapshot while on.
    void setForceChains(bool on);
    /// Writes the state the run is at to path (io/StateFile.h); then stateSaved(path), or
    /// errorOccurred with the file and the reason.
    void saveState(const QString& path);
    /// Puts the run in the state saved at path, which must be of the scene that runs: it goes
    /// on from there bit for bit as the saved run would have, its plots starting at the state's
    /// time with a marker; then stateLoaded(path), or errorOccurred (the run is unchanged).
    void loadState(const QString& path);
    /// Pauses and shows timeline state index (0 the oldest; FrameSnapshot::timeline): the
    /// view, inspectors and plots show that moment. Playing or stepping resumes from it, bit
    /// for bit as the recorded run went on, and what followed it is dropped.
    void seek(int index);
    /// seek() delta states from the one shown (from the newest when live).
    void seekBy(int delta);
    /// Memory the timeline may hold, bytes (its oldest states go first).
    void setTimelineBudget(std::size_t bytes);

    /// Asks the thread to stop without waiting for it; isRunning() tells when it has.
    void requestStop();
    /// Stops the thread and joins it; commands after this are ignored. Idempotent.
    void stop();
    /// True while the runner's thread runs.
    bool isRunning() const { return m_running.load(); }

    // state, readable from any thread
    bool paused() const { return !m_playing.load(); }
    /// True when every command posted before this call has been applied and what it changed
    /// published and mirrored here (params(), steps(), latestSnapshot()): what a caller waits
    /// for before it compares what it asked for with what is shown.
    bool settled() const { return m_commandsDone.load() >= m_commandsPosted.load(); }
    bool unstable() const { return m_unstable.load(); }
    long long steps() const { return m_steps.load(); }
    /// Simulated time, s.
    double time() const { return m_time.load(); }
    /// Timestep in force, s.
    double dt() const { return m_dt.load(); }
    /// The lockstep target the run last reached exactly (-1 before the first; Pacing).
    double reachedTarget() const { return m_pacing->reachedTarget(); }
    /// The parameters in force (after the last change the simulation accepted).
    SimParams params() const;
    /// Why the last live change was refused (empty when it was accepted).
    std::string lastError() const;

    /// The newest snapshot (nullptr before the first scene), without waiting for the runner.
    SnapshotPtr latestSnapshot() const;
    /// The newest snapshot, acknowledging the energy samples it carries (the main view plots
    /// them from the snapshots). GUI thread.
    SnapshotPtr takeSnapshot();
    /// The energy samples published since the last call, oldest first, acknowledged (a compare
    /// lane's drift curve). GUI thread.
    std::vector<LaneSample> takeSamples();

signals:
    /// A new snapshot is available (queued to the GUI thread; at most one is pending).
    void snapshotReady();
    /// A command failed (bad parameter, scene the simulation rejects); the state is unchanged.
    void errorOccurred(const QString& message);
    /// The run blew up and was paused; message says why and when.
    void becameUnstable(const QString& message);
    /// saveState() wrote path.
    void stateSaved(const QString& path);
    /// loadState() restored the state of path.
    void stateLoaded(const QString& path);

private:
    struct Command; // a request, defined in the .cpp
    struct Run;     // runner-thread state, defined in the .cpp

    void post(Command command);
    void startThread();
    void threadMain();
    bool execute(Run& run, const Command& command);
    void begin(Run& run, std::shared_ptr<const Scene> scene, std::unique_ptr<Simulation> sim,
               std::shared_ptr<const SceneInfo> info);
    void runBatch(Run& run);
    void recordSamples(Run& run, int count, const EnergySample& e);
    // the timeline: a state now if due (force: whatever the throttle says); back to entry i;
    // resuming from a state shown cuts what followed it
    void recordState(Run& run, bool force);
    void showState(Run& run, int index);
    void resumeFromShown(Run& run);
    void publish(Run& run);
    void mirror(const Run& run, bool params);
    void acknowledge(long long seq);

    const int m_id = 0;
    const bool m_recordsTimeline = false; // the main view's run keeps a timeline, lanes do not
    const std::unique_ptr<Pacing> m_pacing;
    std::unique_ptr<Run> m_run; // the thread's, from its start on

    // command queue
    std::mutex m_queueMutex;
    std::condition_variable m_queueCv;
    std::vector<Command> m_queue;
    bool m_stopRequested = false;
    std::atomic<long long> m_commandsPosted{0}; // counted under m_queueMutex
    std::atomic<long long> m_commandsDone{0};   // counted by the thread after it published

    // latest snapshot
    mutable std::mutex m_snapshotMutex;
    SnapshotPtr m_latest;
    mutable std::atomic<bool> m_signalPending{false};
    std::atomic<long long> m_acknowledgedSeq{0}; // samples numbered below it were taken
    long long m_samplesTaken = 0;                // takeSamples(): GUI thread only

    // state mirrored for other threads
    mutable std::mutex m_stateMutex;
    SimParams m_params;
    std::string m_error;
    std::atomic<bool> m_playing{false};
    std::atomic<bool> m_unstable{false};
    std::atomic<long long> m_steps{0};
    std::atomic<double> m_time{0.0};
    std::atomic<double> m_dt{0.0};

    std::atomic<bool> m_running{false};
    std::thread m_thread;
};

} // namespace tumble::ui
