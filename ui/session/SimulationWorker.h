#pragma once
// SimulationWorker: runs a tumble::Simulation on its own thread.
//
// Design note (DESIGN.md, Threads; STYLE.md 9). The worker thread owns the Simulation and
// nothing else touches it. The GUI talks to it in two directions, and neither ever waits for
// the other to finish work:
//
//   GUI thread                                  worker thread
//   ----------                                  -------------
//   setDt(), play(), ... --> command queue --> applied between steps (batches last at most
//                            (mutex held for        half a frame period, so a change lands
//                             push / swap)          within one frame)
//   latestSnapshot()     <-- latest snapshot <-- publish: shared_ptr<const FrameSnapshot>
//   on a frame timer         (mutex held for        built without a lock, swapped in,
//   render, no lock held      the swap only)        then a queued snapshotReady()
//
// Stepping is paced to at most real time (what a MuJoCo simulate user expects; a DEM run is
// usually slower anyway) and re-synchronised when it falls behind, so it never sprints to
// catch up. Energy is sampled every K steps with K = round(interval / dt), so samples stay
// uniform in simulated time when dt changes; samples travel in chunks that stay in every
// snapshot until the GUI acknowledges them by taking a snapshot, so none is ever dropped.
// A blow-up pauses the run and keeps the last finite bodies on screen; a rejected parameter
// is reported through errorOccurred() and the old value stays.
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
#include "session/WorkerCommand.h"
#include "sim/SimParams.h"

namespace tumble::ui {

class SimulationWorker : public QObject {
    Q_OBJECT
public:
    /// The GUI's frame period, s: batches of steps last at most half of it.
    static constexpr double kFramePeriod = 1.0 / 60.0;
    /// Energy samples per scene-initial timestep interval: interval = kStepsPerSample * dt0.
    static constexpr int kStepsPerSample = 50;

    explicit SimulationWorker(QObject* parent = nullptr);
    /// Stops and joins the thread.
    ~SimulationWorker() override;

    // commands: callable from any thread, they return at once
    void loadScene(Scene scene);
    void setDt(double dt);
    void setTranslationScheme(const std::string& name);
    void setRotationScheme(const std::string& name);
    /// Both schemes at once (a preset, or rk4 with its rotation), one marker labelled label
    /// (empty: "translation + rotation"); a pair the core refuses is reported, nothing changes.
    void setSchemes(const std::string& translation, const std::string& rotation, const std::string& label = {});
    void setLocalDamping(double alpha, LocalDampingVariant variant);
    void setViscousDamping(double beta);
    void play();
    void pause();
    void step();
    void reset();
    /// Publishes body b's full state in every snapshot (FrameSnapshot::selected); -1: none.
    /// A reset keeps the selection, a new scene clears it.
    void selectBody(int b);

    /// Stops the thread and joins it; commands after this are ignored. Idempotent.
    void stop();
    /// True while the worker thread runs.
    bool isRunning() const { return m_running.load(); }

    /// The newest snapshot (nullptr before the first scene), without waiting for the worker.
    /// GUI thread only: taking a snapshot acknowledges the energy samples it carries.
    SnapshotPtr latestSnapshot();

signals:
    /// A new snapshot is available (queued to the GUI thread; at most one is pending).
    void snapshotReady();
    /// A command failed (bad parameter, scene the simulation rejects); the state is unchanged.
    void errorOccurred(const QString& message);
    /// The run blew up and was paused; message says why and when.
    void becameUnstable(const QString& message);

private:
    struct Run; // worker-thread state, defined in the .cpp

    void post(WorkerCommand command);
    void threadMain();
    bool apply(Run& run, const WorkerCommand& command);
    void runBatch(Run& run);
    void recordSample(Run& run);
    void publish(Run& run);

    // command queue
    std::mutex m_queueMutex;
    std::condition_variable m_queueCv;
    std::vector<WorkerCommand> m_queue;
    bool m_stopRequested = false;

    // latest snapshot
    std::mutex m_snapshotMutex;
    SnapshotPtr m_latest;
    std::atomic<bool> m_signalPending{false};
    std::atomic<long long> m_acknowledgedSeq{0}; // samples numbered below it were taken

    std::atomic<bool> m_running{false};
    std::thread m_thread;
};

} // namespace tumble::ui
