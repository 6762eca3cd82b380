#include "session/SimulationRunner.h"

#include "session/InstabilityNotice.h"
#include <algorithm>
#include <array>
#include <chrono>
#include <deque>
#include <exception>
#include <filesystem>

#include <time.h>

#include "io/StateFile.h"
#include "session/PhasePoint.h"
#include "session/SnapshotBuilder.h"
#include "session/Timeline.h"
#include "sim/Simulation.h"
#include "sim/StateArchive.h"

namespace tumble::ui {

namespace {

using Clock = std::chrono::steady_clock;
using Seconds = std::chrono::duration<double>;

// a batch of steps may take this fraction of the frame period, so commands land within a frame
constexpr double kBatchFraction = 0.5;
// snapshots are published at most this often while playing (commands publish at once)
constexpr double kPublishInterval = SimulationRunner::kFramePeriod * 0.5;
// and never so often that building them takes more than this share of the runner's time: at
// 100k spheres a snapshot costs milliseconds, and the GUI takes one per rendered frame anyway
constexpr double kMaxPublishShare = 0.02;
// the share reported in snapshots is measured over this much wall time, s
constexpr double kShareWindow = 5.0;
// the timeline keeps a state at most this often while playing (wall s), and never so often
// that saving them takes more than kMaxRecordShare of the runner's time
constexpr double kRecordInterval = 1.0 / 30.0;
constexpr double kMaxRecordShare = 0.02;

// CPU time of the calling thread, s: what building a snapshot costs the runner, without the
// time it was preempted (on a loaded machine a 1 ms build could read 100 ms of wall time and
// hold the next snapshot back by 5 s)
double threadCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

} // namespace

// ------------------------------------------------------------------------------------------------
// One request from any thread, applied between steps. A plain tagged struct: a closure capturing
// the Simulation would let GUI code reach into the runner's state.
struct SimulationRunner::Command {
    enum class Kind {
        Live, ///< live: a change for Simulation::apply
        Play,
        Pause,
        Step,         ///< one step, then paused
        Reset,        ///< back to the scene's initial state, live parameters kept
        LoadScene,    ///< scene: replaces the current scene
        SelectBody,   ///< value: body index to publish in detail (-1: none); no marker
        Target,       ///< value: the lockstep target time, s
        Speed,        ///< value: simulated s per wall-clock s, 0: unpaced
        SampleStride, ///< value: steps between energy samples (0: the pacing's)
        SelectBond,   ///< pair: the scene ids of the bond's bodies to publish in detail (-1: none)
        Quantity,     ///< value: the MemberQuantity the snapshots carry
        Chains,       ///< value: 1 the snapshots carry the force chains, 0 not
        SaveState,    ///< path: write the state there
        LoadState,    ///< path: restore the state saved there
        Seek,         ///< value: timeline index to show
        SeekBy,       ///< value: timeline states to move by
        Budget,       ///< value: the timeline's memory budget, bytes
    };
    explicit Command(Kind k, double v = 0.0) : kind(k), value(v) {}

    Kind kind;
    double value;
    std::array<int, 2> pair{-1, -1};
    LiveParams live;
    std::shared_ptr<const Scene> scene;
    std::string path;
};

// ------------------------------------------------------------------------------------------------
// Everything the runner thread owns; no other thread reads it.
struct SimulationRunner::Run {
    std::unique_ptr<Simulation> sim;
    std::shared_ptr<const Scene> scene; // as loaded, for reset
    std::shared_ptr<const SceneInfo> info;
    long long revision = 0;
    bool playing = false;
    long long pendingSteps = 0;
    bool dirty = false;      // something changed since the last publish
    bool publishNow = false; // a command was applied: publish without waiting

    // energy samples: numbered chunks kept until the GUI acknowledges them
    long long nextSeq = 0;
    std::vector<EnergySample> current;     // samples since the last publish
    std::vector<EnergyEnvelope> envelopes; // theirs, one each
    std::vector<PhasePoint> phase;         // the selected body's stored state at each
    EnergyEnvelope sinceSample;            // every step since the last sample
    int stride = 0;                        // steps between samples, 0: the pacing's
    long long lastSampleSteps = 0;         // steps the newest sample stands for
    std::deque<std::shared_ptr<const EnergyChunk>> retained;
    std::shared_ptr<std::vector<ParameterMarker>> markers = std::make_shared<std::vector<ParameterMarker>>();
    std::shared_ptr<const std::vector<ParameterMarker>> publishedMarkers =
        std::make_shared<const std::vector<ParameterMarker>>();
    bool markersChanged = false;
    std::string instability; // set: the run stopped unstable (the core's report)

    Clock::time_point lastPublish;
    double lastBuildSeconds = 0.0; // what the last snapshot cost to build, s of the runner's CPU time
    long long serial = 0;
    SnapshotPtr lastFinite;                         // bodies to keep on screen after a blow-up
    int selected = -1;                              // body published in detail, -1: none
    MemberQuantity quantity = MemberQuantity::None; // per-body values published for the colours
    bool chains = false;                            // force chains published
    std::array<int, 2> selectedBond{-1, -1};        // the bond published in detail, by its bodies' scene ids
    PublishScratch publishScratch;                  // buffers reused while publishing

    // stepping rate over a window of about half a second
    Clock::time_point rateStart = Clock::now();
    long long rateSteps = 0;
    double stepsPerSecond = 0.0;
    // share of the runner's time spent building snapshots, over windows of kShareWindow
    // (long enough to hold several publishes even at 100k spheres)
    Clock::time_point shareStart = Clock::now();
    double sharePublishSeconds = 0.0;
    double publishShare = 0.0;
    double speed = RealTimePacing::kDefaultSpeed; // asked for, simulated s per wall s; 0: unpaced

    // the timeline (main view only): recent states, the one shown while scrubbed back (-1:
    // live), and the plots' history cut when a run resumed from an earlier state
    Timeline timeline;
    int shown = -1;
    long long cutSerial = 0;
    double cutTime = 0.0;
    long long cutSeq = 0;
    Clock::time_point lastRecord;
    double lastRecordSeconds = 0.0; // what saving the last state cost, s of the runner's CPU time
    std::size_t lastStateBytes = 0; // its size: room for the next

    bool stopped() const { return sim && (sim->isUnstable() || !instability.empty()); }
    bool canStep() const { return sim && !stopped() && (playing || pendingSteps > 0); }
    void addMarker(const std::string& label)
    {
        markers->push_back({sim->world().time, sim->world().step, label});
        markersChanged = true;
    }
};

// ------------------------------------------------------------------------------------------------
SimulationRunner::SimulationRunner(QObject* parent)
    : QObject(parent), m_recordsTimeline(true), m_pacing(std::make_unique<RealTimePacing>(kFramePeriod)),
      m_run(std::make_unique<Run>())
{
    startThread();
}

SimulationRunner::SimulationRunner(int id, std::shared_ptr<const Scene> scene, std::shared_ptr<const SceneInfo> info,
                                   const SimParams& params, std::unique_ptr<Pacing> pacing, bool playing,
                                   QObject* parent)
    : QObject(parent), m_id(id), m_pacing(std::move(pacing)), m_run(std::make_unique<Run>())
{
    // built here, so invalid parameters throw to the caller; the thread owns it from then on
    auto sim = std::make_unique<Simulation>(scene->world, params);
    m_run->playing = playing;
    begin(*m_run, std::move(scene), std::move(sim), std::move(info));
    if (playing)
        m_pacing->resume(*m_run->sim);
    publish(*m_run); // t = 0, with its sample
    startThread();
}

SimulationRunner::~SimulationRunner()
{
    stop();
}

void SimulationRunner::startThread()
{
    m_running = true;
    m_thread = std::thread([this]() { threadMain(); });
}

void SimulationRunner::requestStop()
{
    {
        std::lock_guard lock(m_queueMutex);
        m_stopRequested = true;
    }
    m_queueCv.notify_all();
}

void SimulationRunner::stop()
{
    requestStop();
    if (m_thread.joinable())
        m_thread.join();
}

// ------------------------------------------------------------------------------------------------
void SimulationRunner::post(Command c)
{
    {
        std::lock_guard lock(m_queueMutex);
        if (m_stopRequested)
            return;
        m_queue.push_back(std::move(c));
        m_commandsPosted.fetch_add(1);
    }
    m_queueCv.notify_one();
}

void SimulationRunner::loadScene(Scene scene)
{
    Command c(Command::Kind::LoadScene);
    c.scene = std::make_shared<const Scene>(std::move(scene));
    post(std::move(c));
}
void SimulationRunner::apply(const LiveParams& change)
{
    Command c(Command::Kind::Live);
    c.live = change;
    post(std::move(c));
}
void SimulationRunner::play()
{
    post(Command(Command::Kind::Play));
}
void SimulationRunner::pause()
{
    post(Command(Command::Kind::Pause));
}
void SimulationRunner::setPaused(bool paused)
{
    post(Command(paused ? Command::Kind::Pause : Command::Kind::Play));
}
void SimulationRunner::step()
{
    post(Command(Command::Kind::Step));
}
void SimulationRunner::reset()
{
    post(Command(Command::Kind::Reset));
}
void SimulationRunner::selectBody(int b)
{
    post(Command(Command::Kind::SelectBody, b));
}
void SimulationRunner::selectBond(int a, int b)
{
    Command c(Command::Kind::SelectBond);
    c.pair = a >= 0 && b >= 0 && a != b ? std::array<int, 2>{a, b} : std::array<int, 2>{-1, -1};
    post(std::move(c));
}
void SimulationRunner::setTarget(double t)
{
    post(Command(Command::Kind::Target, t));
}
void SimulationRunner::setSampleStride(int steps)
{
    post(Command(Command::Kind::SampleStride, std::max(0, steps)));
}
void SimulationRunner::setMemberQuantity(MemberQuantity q)
{
    post(Command(Command::Kind::Quantity, static_cast<int>(q)));
}
void SimulationRunner::setForceChains(bool on)
{
    post(Command(Command::Kind::Chains, on ? 1.0 : 0.0));
}

void SimulationRunner::saveState(const QString& path)
{
    Command c(Command::Kind::SaveState);
    c.path = path.toStdString();
    post(std::move(c));
}
void SimulationRunner::loadState(const QString& path)
{
    Command c(Command::Kind::LoadState);
    c.path = path.toStdString();
    post(std::move(c));
}
void SimulationRunner::seek(int index)
{
    post(Command(Command::Kind::Seek, index));
}
void SimulationRunner::seekBy(int delta)
{
    post(Command(Command::Kind::SeekBy, delta));
}
void SimulationRunner::setTimelineBudget(std::size_t bytes)
{
    post(Command(Command::Kind::Budget, static_cast<double>(bytes)));
}

void SimulationRunner::setSpeed(double factor)
{
    post(Command(Command::Kind::Speed, factor));
}

// ------------------------------------------------------------------------------------------------
SimParams SimulationRunner::params() const
{
    std::lock_guard lock(m_stateMutex);
    return m_params;
}

std::string SimulationRunner::lastError() const
{
    std::lock_guard lock(m_stateMutex);
    return m_error;
}

SnapshotPtr SimulationRunner::latestSnapshot() const
{
    SnapshotPtr s;
    {
        std::lock_guard lock(m_snapshotMutex);
        s = m_latest;
    }
    m_signalPending = false;
    return s;
}

void SimulationRunner::acknowledge(long long seq)
{
    // only the GUI thread writes, so load + store is enough
    if (seq > m_acknowledgedSeq.load())
        m_acknowledgedSeq.store(seq);
}

SnapshotPtr SimulationRunner::takeSnapshot()
{
    SnapshotPtr s = latestSnapshot();
    if (s)
        acknowledge(s->energySeqEnd());
    return s;
}

std::vector<LaneSample> SimulationRunner::takeSamples()
{
    std::vector<LaneSample> out;
    const SnapshotPtr s = latestSnapshot();
    if (!s)
        return out;
    for (const auto& chunk : s->energy)
        for (std::size_t i = 0; i < chunk->samples.size(); ++i) {
            const long long seq = chunk->seqBegin + static_cast<long long>(i);
            if (seq >= m_samplesTaken)
                out.push_back({seq, chunk->samples[i], chunk->envelope(i),
                               i < chunk->phase.size() ? chunk->phase[i] : PhasePoint()});
        }
    m_samplesTaken = std::max(m_samplesTaken, s->energySeqEnd());
    acknowledge(m_samplesTaken);
    return out;
}

// ------------------------------------------------------------------------------------------------
void SimulationRunner::threadMain()
{
    Run& run = *m_run;
    std::vector<Command> commands;
    for (;;) {
        // wait for work: idle when paused, or ahead of the pacing's clock when playing
        {
            std::unique_lock lock(m_queueMutex);
            const auto woken = [&] { return m_stopRequested || !m_queue.empty(); };
            if (!run.canStep() && !run.dirty) {
                m_queueCv.wait(lock, woken);
            } else if (run.playing && run.pendingSteps == 0 && run.canStep() && !m_pacing->mayStep(*run.sim)) {
                const double idle = m_pacing->idleSeconds(*run.sim);
                if (idle > 0.0)
                    m_queueCv.wait_for(lock, Seconds(idle), woken);
                else if (idle < 0.0 && !run.dirty)
                    m_queueCv.wait(lock, woken);
            }
            if (m_stopRequested)
                break;
            commands.swap(m_queue);
        }

        // commands land between steps, and show in a snapshot before the next batch
        const auto taken = static_cast<long long>(commands.size());
        bool changed = false;
        for (const Command& c : commands)
            if (execute(run, c))
                run.dirty = run.publishNow = changed = true;
        commands.clear();
        if (run.sim && run.publishNow)
            publish(run);

        if (run.canStep())
            runBatch(run);
        if (run.sim)
            mirror(run, changed);

        const double interval = std::max(kPublishInterval, run.lastBuildSeconds / kMaxPublishShare);
        const bool due = Seconds(Clock::now() - run.lastPublish).count() >= interval;
        if (run.sim && run.dirty && (run.publishNow || due || !run.playing || m_pacing->mustPublish(*run.sim)))
            publish(run);
        if (run.sim)
            m_pacing->settled(*run.sim);
        m_commandsDone.fetch_add(taken);
    }
    m_running = false;
}

// ------------------------------------------------------------------------------------------------
void SimulationRunner::mirror(const Run& run, bool params)
{
    const Simulation& sim = *run.sim;
    m_steps = sim.world().step;
    m_time = sim.world().time;
    m_dt = sim.params().dt;
    m_playing = run.playing;
    m_unstable = run.stopped();
    if (params) {
        std::lock_guard lock(m_stateMutex);
        m_params = sim.params();
    }
}

// ------------------------------------------------------------------------------------------------
void SimulationRunner::begin(Run& run, std::shared_ptr<const Scene> scene, std::unique_ptr<Simulation> sim,
                             std::shared_ptr<const SceneInfo> info)
{
    run.sim = std::move(sim);
    run.scene = std::move(scene);
    run.info = std::move(info);
    run.pendingSteps = 0;
    run.instability.clear();
    run.lastFinite.reset();
    run.current.clear();
    run.envelopes.clear();
    run.phase.clear();
    run.sinceSample = EnergyEnvelope();
    run.lastSampleSteps = 0;
    run.retained.clear();
    run.markers = std::make_shared<std::vector<ParameterMarker>>();
    run.markersChanged = true;
    run.timeline.clear();
    run.shown = -1;
    m_pacing->restart(*run.sim, run.info->sampleInterval);
    recordSamples(run, m_pacing->samplesDue(*run.sim), run.sim->energy()); // t = 0
    recordState(run, true);
    mirror(run, true);
}

bool SimulationRunner::execute(Run& run, const Command& c)
{
    using Kind = Command::Kind;
    try {
        if (c.kind == Kind::LoadScene || c.kind == Kind::Reset) {
            std::shared_ptr<const Scene> scene = c.kind == Kind::LoadScene ? c.scene : run.scene;
            if (!scene)
                return false;
            std::unique_ptr<Simulation> sim;
            if (c.kind == Kind::Reset && run.sim) {
                // a reset keeps the live parameters: compare integrators from the same start
                try {
                    sim = std::make_unique<Simulation>(scene->world, run.sim->params());
                } catch (const ParameterError&) {
                    sim = std::make_unique<Simulation>(scene->world, scene->params);
                }
            } else {
                sim = std::make_unique<Simulation>(scene->world, scene->params);
            }
            // a reset keeps the sample interval of the scene as loaded
            const double interval = kStepsPerSample * scene->params.dt;
            auto info = makeSceneInfo(*scene, sim->world(), ++run.revision, interval);
            if (c.kind == Kind::LoadScene) {
                run.selected = -1;
                run.selectedBond = {-1, -1};
            }
            begin(run, std::move(scene), std::move(sim), std::move(info));
            return true;
        }
        if (c.kind == Kind::Target) {
            m_pacing->setTarget(c.value);
            return false;
        }
        if (c.kind == Kind::Speed) {
            m_pacing->setSpeed(run.sim.get(), c.value);
            run.speed = RealTimePacing::speedFor(c.value);
            return true; // the snapshot shows the speed in force
        }
        if (c.kind == Kind::Quantity) {
            const auto q = static_cast<MemberQuantity>(static_cast<int>(c.value));
            if (q == run.quantity)
                return false;
            run.quantity = q;
            return true;
        }
        if (c.kind == Kind::Chains) {
            const bool on = c.value != 0.0;
            if (on == run.chains)
                return false;
            run.chains = on;
            return true;
        }
        if (c.kind == Kind::Budget) {
            run.timeline.setBudget(static_cast<std::size_t>(c.value));
            return true; // the snapshot shows what is kept
        }
        if (c.kind == Kind::SampleStride) {
            const int stride = static_cast<int>(c.value);
            if (stride == run.stride)
                return false;
            run.stride = stride; // counted from the previous sample
            return true;
        }
        if (!run.sim)
            return false;
        Simulation& sim = *run.sim;
        switch (c.kind) {
        case Kind::Live: {
            const double oldDt = sim.params().dt;
            // validated as a whole by the core: a refusal throws and changes nothing
            const LiveChange change = sim.apply(c.live);
            {
                std::lock_guard lock(m_stateMutex);
                m_error.clear();
            }
            if (!change.any())
                return false;
            if (change.dt)
                m_pacing->dtChanged(sim, oldDt);
            for (const std::string& label : change.markers)
                run.addMarker(label);
            return true;
        }
        case Kind::SaveState: {
            const std::vector<unsigned char> state = sim.saveState(); // StateError when unstable
            StateFile::write(c.path, state);                          // IoError names the file
            emit stateSaved(QString::fromStdString(c.path));
            return false;
        }
        case Kind::LoadState: {
            // all or nothing: a refused state leaves the run as it was
            const std::vector<unsigned char> state = StateFile::read(c.path);
            try {
                sim.restoreState(state);
            } catch (const StateError& e) {
                throw StateError("state file " + c.path + ": " + e.what());
            }
            // a new run of the scene from the state: its plots start there
            auto info = makeSceneInfo(*run.scene, sim.world(), ++run.revision, run.info->sampleInterval);
            run.playing = false;
            begin(run, run.scene, std::move(run.sim), std::move(info));
            run.addMarker("state " + std::filesystem::path(c.path).filename().string());
            emit stateLoaded(QString::fromStdString(c.path));
            return true;
        }
        case Kind::Seek:
        case Kind::SeekBy: {
            if (!m_recordsTimeline || run.timeline.empty())
                return false;
            const int from = run.shown >= 0 ? run.shown : static_cast<int>(run.timeline.size()) - 1;
            const int to = c.kind == Kind::Seek ? static_cast<int>(c.value) : from + static_cast<int>(c.value);
            showState(run, to);
            return true;
        }
        case Kind::Play:
            if (run.stopped()) {
                emit errorOccurred(tr("The run is unstable; reset it or load a scene."));
                return false;
            }
            if (run.playing)
                return false;
            resumeFromShown(run);
            run.playing = true;
            m_pacing->resume(sim);
            return true;
        case Kind::Pause:
            run.pendingSteps = 0;
            if (!run.playing)
                return false;
            run.playing = false;
            recordState(run, true); // the timeline ends where the run paused
            return true;
        case Kind::SelectBody: {
            const int b = static_cast<int>(c.value);
            const int chosen = b >= 0 && std::size_t(b) < sim.world().size() ? b : -1;
            if (chosen == run.selected)
                return false;
            run.selected = chosen;
            return true;
        }
        case Kind::SelectBond: {
            // kept by scene ids (the bond's index changes as bodies are re-sorted and bonds break)
            const auto n = static_cast<int>(sim.world().size());
            std::array<int, 2> chosen = c.pair;
            if (chosen[0] < 0 || chosen[1] < 0 || chosen[0] >= n || chosen[1] >= n)
                chosen = {-1, -1};
            if (chosen == run.selectedBond)
                return false;
            run.selectedBond = chosen;
            return true;
        }
        case Kind::Step:
            if (run.stopped())
                return false;
            resumeFromShown(run);
            run.playing = false;
            ++run.pendingSteps;
            return true;
        default:
            return false;
        }
    } catch (const std::exception& e) {
        if (c.kind == Kind::Live) {
            std::lock_guard lock(m_stateMutex);
            m_error = e.what();
        }
        emit errorOccurred(QString::fromStdString(e.what()));
    }
    return false;
}

// ------------------------------------------------------------------------------------------------
void SimulationRunner::runBatch(Run& run)
{
    Simulation& sim = *run.sim;
    const Clock::time_point start = Clock::now();
    const double budget = kBatchFraction * kFramePeriod;
    if (run.playing)
        m_pacing->beginBatch(sim);
    long long steps = 0;
    for (;;) {
        if (run.pendingSteps > 0)
            --run.pendingSteps;
        else if (!run.playing || !m_pacing->mayStep(sim))
            break;
        sim.step();
        ++steps;
        // every step's energy goes into the envelope of the sample that stands for it: the
        // energy of a single-stage step is kept from its passes (O(1) here), else one sweep
        // over the bodies (Simulation::energy); a runaway's never does: the core checks every
        // sample before it is recorded (Simulation::checkEnergySample)
        const EnergySample e = sim.isUnstable() ? EnergySample() : sim.energy();
        if (sim.isUnstable() || !sim.checkEnergySample(e)) {
            // pause and say why, where and what to try; the last finite bodies stay on screen
            run.playing = false;
            run.pendingSteps = 0;
            run.instability = InstabilityNotice::compose(sim, sim.instabilityMessage(), e, sim.energyScale(),
                                                         InstabilityReport::kRunawayFactor);
            run.publishNow = true;
            emit becameUnstable(QString::fromStdString(run.instability));
            break;
        }
        run.sinceSample.addStep(e, sim.params().dt);
        // the pacing keeps its own schedule even when a stride overrides it
        int due = m_pacing->samplesDue(sim);
        if (run.stride > 0)
            due = run.sinceSample.steps >= run.stride ? 1 : 0;
        recordSamples(run, due, e);
        if (due > 0 && run.playing)
            recordState(run, false);
        if (Seconds(Clock::now() - start).count() >= budget)
            break;
    }
    if (steps > 0)
        run.dirty = true;
    if (steps > 0 && !run.playing && !run.stopped())
        recordState(run, true); // single steps: each one can be stepped back to

    // stepping rate
    run.rateSteps += steps;
    const double window = Seconds(Clock::now() - run.rateStart).count();
    if (window >= 0.5) {
        run.stepsPerSecond = double(run.rateSteps) / window;
        run.rateSteps = 0;
        run.rateStart = Clock::now();
    }
}

void SimulationRunner::recordSamples(Run& run, int count, const EnergySample& e)
{
    if (count <= 0)
        return;
    // the first sample stands for the steps since the previous one; more samples owed by the
    // same state (a lane's grid points within one step) stand for that state alone
    const PhasePoint point = phasePoint(*run.sim, run.selected);
    for (int i = 0; i < count; ++i) {
        run.current.push_back(e);
        run.phase.push_back(point);
        run.envelopes.push_back(i == 0 && !run.sinceSample.empty() ? run.sinceSample
                                                                   : EnergyEnvelope::of(e, run.sim->params().dt));
    }
    run.lastSampleSteps = run.envelopes.back().steps;
    run.sinceSample = EnergyEnvelope();
}

// ------------------------------------------------------------------------------------------------
void SimulationRunner::recordState(Run& run, bool force)
{
    if (!m_recordsTimeline || !run.sim || run.stopped() || run.shown >= 0)
        return;
    const Clock::time_point now = Clock::now();
    const double interval = std::max(kRecordInterval, run.lastRecordSeconds / kMaxRecordShare);
    if (!force && Seconds(now - run.lastRecord).count() < interval)
        return;
    const double start = threadCpuSeconds();
    const Simulation& sim = *run.sim;
    std::vector<unsigned char> state = run.timeline.spare(sim.world().step, run.lastStateBytes);
    sim.saveState(state);
    run.lastStateBytes = state.size();
    run.timeline.record(sim.world().step, sim.world().time, std::move(state));
    run.lastRecordSeconds = threadCpuSeconds() - start;
    run.lastRecord = now;
}

void SimulationRunner::showState(Run& run, int index)
{
    Simulation& sim = *run.sim;
    // leaving the live run: keep where it is, so scrubbing forward comes back to it
    if (run.shown < 0)
        recordState(run, true);
    const int last = static_cast<int>(run.timeline.size()) - 1;
    index = std::clamp(index, 0, last);
    sim.restoreState(run.timeline.at(std::size_t(index)).state);
    run.shown = index;
    run.playing = false;
    run.pendingSteps = 0;
    run.instability.clear(); // a state before a blow-up is a stable one
    run.sinceSample = EnergyEnvelope();
    mirror(run, true);
}

void SimulationRunner::resumeFromShown(Run& run)
{
    if (run.shown < 0)
        return;
    const Simulation& sim = *run.sim;
    const bool newest = run.shown == static_cast<int>(run.timeline.size()) - 1;
    run.timeline.truncateAfter(std::size_t(run.shown));
    run.shown = -1;
    if (!newest) {
        // the run writes a new future from here: the plots drop what followed, and so do the markers
        run.cutSerial += 1;
        run.cutTime = sim.world().time;
        // samples not yet published belong to the future dropped: numbered below the cut
        run.cutSeq = run.nextSeq + static_cast<long long>(run.current.size());
        std::erase_if(*run.markers, [&](const ParameterMarker& m) { return m.step > sim.world().step; });
        run.markersChanged = true;
    }
    m_pacing->restart(sim, run.info->sampleInterval);
    run.sinceSample = EnergyEnvelope();
}

// ------------------------------------------------------------------------------------------------
void SimulationRunner::publish(Run& run)
{
    const double start = threadCpuSeconds();
    const Simulation& sim = *run.sim;
    auto s = std::make_shared<FrameSnapshot>();
    s->scene = run.info;
    s->serial = ++run.serial;
    fillRunState(*s, sim);
    s->playing = run.playing;
    s->stepsPerSecond = run.playing ? run.stepsPerSecond : 0.0;
    s->speed = run.speed;
    s->publishShare = run.playing ? run.publishShare : 0.0;
    s->instabilityMessage = run.instability;
    s->sampleStride = run.stride;
    s->sampleSteps = run.lastSampleSteps;
    if (m_recordsTimeline) {
        TimelineState& t = s->timeline;
        t.count = static_cast<int>(run.timeline.size());
        t.shown = run.shown;
        if (!run.timeline.empty()) {
            t.firstTime = run.timeline.at(0).time;
            t.firstStep = run.timeline.at(0).step;
            t.lastTime = run.timeline.back().time;
            t.lastStep = run.timeline.back().step;
        }
        t.bytes = run.timeline.bytes();
        t.budget = run.timeline.budget();
        t.cutSerial = run.cutSerial;
        t.cutTime = run.cutTime;
        t.cutSeq = run.cutSeq;
    }

    bool finite = fillBodies(*s, sim, run.selected, run.publishScratch);
    fillBonds(*s, sim, run.publishScratch);
    fillCell(*s, sim, run.publishScratch);
    fillMemberValues(*s, sim, run.quantity, run.publishScratch);
    if (run.chains)
        fillForceChains(*s, sim, run.publishScratch);
    if (run.selectedBond[0] >= 0) {
        s->selectedBond = bondState(sim, run.selectedBond[0], run.selectedBond[1]);
        finite = finite && (!s->selectedBond || isFinite(*s->selectedBond));
    }
    // after a blow-up the screen keeps the last finite bodies
    if (!finite && !run.instability.empty() && run.lastFinite) {
        s->positions = run.lastFinite->positions;
        s->radii = run.lastFinite->radii;
        s->speeds = run.lastFinite->speeds;
        s->fluctuationSpeeds = run.lastFinite->fluctuationSpeeds;
        s->cell = run.lastFinite->cell;
        s->memberBody = run.lastFinite->memberBody;
        s->clumps = run.lastFinite->clumps;
        s->selected = run.lastFinite->selected;
        s->selectedBond = run.lastFinite->selectedBond;
        s->bondMembers = run.lastFinite->bondMembers;
        s->bondShift = run.lastFinite->bondShift;
        s->bondMode = run.lastFinite->bondMode;
        s->bondLoad = run.lastFinite->bondLoad;
        s->memberValues = run.lastFinite->memberValues;
        s->chainMembers = run.lastFinite->chainMembers;
        s->chainForce = run.lastFinite->chainForce;
        s->chainShift = run.lastFinite->chainShift;
        finite = true;
    }

    // energy: this batch's samples become a chunk; chunks the GUI took are dropped
    if (!run.current.empty()) {
        auto chunk = std::make_shared<EnergyChunk>();
        chunk->seqBegin = run.nextSeq;
        chunk->samples.swap(run.current);
        chunk->envelopes.swap(run.envelopes);
        chunk->phase.swap(run.phase);
        run.nextSeq = chunk->seqEnd();
        run.retained.push_back(std::move(chunk));
    }
    const long long acknowledged = m_acknowledgedSeq.load();
    while (!run.retained.empty() && run.retained.front()->seqEnd() <= acknowledged)
        run.retained.pop_front();
    s->energy.assign(run.retained.begin(), run.retained.end());

    if (run.markersChanged) {
        run.publishedMarkers = std::make_shared<const std::vector<ParameterMarker>>(*run.markers);
        run.markersChanged = false;
    }
    s->markers = run.publishedMarkers;

    run.lastBuildSeconds = threadCpuSeconds() - start;
    run.sharePublishSeconds += run.lastBuildSeconds;
    const double shareWindow = Seconds(Clock::now() - run.shareStart).count();
    if (shareWindow >= 0.5) // the window so far, until a whole one is in
        run.publishShare = run.sharePublishSeconds / shareWindow;
    if (shareWindow >= kShareWindow) {
        run.sharePublishSeconds = 0.0;
        run.shareStart = Clock::now();
    }
    s->buildMicroseconds = run.lastBuildSeconds * 1e6;
    SnapshotPtr published = std::move(s);
    if (finite)
        run.lastFinite = published;
    {
        std::lock_guard lock(m_snapshotMutex);
        m_latest = published;
    }
    run.dirty = run.publishNow = false;
    run.lastPublish = Clock::now();
    if (!m_signalPending.exchange(true))
        emit snapshotReady();
}

} // namespace tumble::ui
