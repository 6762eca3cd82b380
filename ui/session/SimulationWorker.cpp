#include "session/SimulationWorker.h"

#include "session/SnapshotBuilder.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <deque>
#include <exception>

#include <time.h>

#include "sim/Simulation.h"

namespace tumble::ui {

namespace {

using Clock = std::chrono::steady_clock;
using Seconds = std::chrono::duration<double>;

// a batch of steps may take this fraction of the frame period, so commands land within a frame
constexpr double kBatchFraction = 0.5;
// snapshots are published at most this often while playing (commands publish at once)
constexpr double kPublishInterval = SimulationWorker::kFramePeriod * 0.5;
// and never so often that building them takes more than this share of the worker's time: at
// 100k spheres a snapshot costs milliseconds, and the GUI takes one per rendered frame anyway
constexpr double kMaxPublishShare = 0.02;
// the share reported in snapshots is measured over this much wall time, s
constexpr double kShareWindow = 5.0;

// CPU time of the calling thread, s: what building a snapshot costs the worker, without the
// time it was preempted (on a loaded machine a 1 ms build could read 100 ms of wall time and
// hold the next snapshot back by 5 s)
double threadCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}
// stepping may run this much faster than the wall clock, at most
constexpr double kMaxRealTimeFactor = 1.0;
// behind the wall clock by more than this (s of wall time), the pacing re-synchronises
constexpr double kResyncLag = 0.1;

std::string formatNumber(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

WorkerCommand command(WorkerCommand::Kind kind)
{
    WorkerCommand c;
    c.kind = kind;
    return c;
}

} // namespace

// ------------------------------------------------------------------------------------------------
// Everything the worker thread owns; no other thread reads it.
struct SimulationWorker::Run {
    std::unique_ptr<Simulation> sim;
    std::shared_ptr<const Scene> scene; // as loaded, for reset
    std::shared_ptr<const SceneInfo> info;
    long long revision = 0;
    bool playing = false;
    long long pendingSteps = 0;
    bool dirty = false;      // something changed since the last publish
    bool publishNow = false; // a command was applied: publish without waiting

    // energy sampling: every sampleEvery steps, chunks kept until the GUI acknowledges them
    long long sampleEvery = 1;
    long long lastSampleStep = 0;
    long long nextSeq = 0;
    std::vector<EnergySample> current; // samples since the last publish
    std::deque<std::shared_ptr<const EnergyChunk>> retained;
    std::shared_ptr<std::vector<ParameterMarker>> markers = std::make_shared<std::vector<ParameterMarker>>();
    std::shared_ptr<const std::vector<ParameterMarker>> publishedMarkers =
        std::make_shared<const std::vector<ParameterMarker>>();
    bool markersChanged = false;
    std::string instability;

    // pacing: simulated time anchored to the wall clock
    Clock::time_point anchorWall;
    double anchorSim = 0.0;
    Clock::time_point lastPublish;
    double lastBuildSeconds = 0.0; // what the last snapshot cost to build, s of the worker's CPU time
    long long serial = 0;
    SnapshotPtr lastFinite;        // bodies to keep on screen after a blow-up
    int selected = -1;             // body published in detail, -1: none
    PublishScratch publishScratch; // buffers reused while publishing

    // stepping rate over a window of about half a second
    Clock::time_point rateStart = Clock::now();
    long long rateSteps = 0;
    double stepsPerSecond = 0.0;
    // share of the worker's time spent building snapshots, over windows of kShareWindow
    // (long enough to hold several publishes even at 100k spheres)
    Clock::time_point shareStart = Clock::now();
    double sharePublishSeconds = 0.0;
    double publishShare = 0.0;

    void resync()
    {
        anchorWall = Clock::now();
        anchorSim = sim ? sim->world().time : 0.0;
    }
    void updateSampleEvery()
    {
        const double dt = sim->params().dt;
        const double interval = info ? info->sampleInterval : dt;
        sampleEvery = std::max<long long>(1, std::llround(interval / dt));
    }
    void addMarker(const std::string& label)
    {
        markers->push_back({sim->world().time, sim->world().step, label});
        markersChanged = true;
    }
};

// ------------------------------------------------------------------------------------------------
SimulationWorker::SimulationWorker(QObject* parent) : QObject(parent)
{
    m_running = true;
    m_thread = std::thread([this]() { threadMain(); });
}

SimulationWorker::~SimulationWorker()
{
    stop();
}

void SimulationWorker::stop()
{
    {
        std::lock_guard lock(m_queueMutex);
        m_stopRequested = true;
    }
    m_queueCv.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

// ------------------------------------------------------------------------------------------------
void SimulationWorker::post(WorkerCommand command)
{
    {
        std::lock_guard lock(m_queueMutex);
        if (m_stopRequested)
            return;
        m_queue.push_back(std::move(command));
    }
    m_queueCv.notify_one();
}

void SimulationWorker::loadScene(Scene scene)
{
    WorkerCommand c = command(WorkerCommand::Kind::LoadScene);
    c.scene = std::make_shared<const Scene>(std::move(scene));
    post(std::move(c));
}
void SimulationWorker::setDt(double dt)
{
    WorkerCommand c = command(WorkerCommand::Kind::SetDt);
    c.value = dt;
    post(std::move(c));
}
void SimulationWorker::setTranslationScheme(const std::string& name)
{
    WorkerCommand c = command(WorkerCommand::Kind::SetTranslation);
    c.name = name;
    post(std::move(c));
}
void SimulationWorker::setRotationScheme(const std::string& name)
{
    WorkerCommand c = command(WorkerCommand::Kind::SetRotation);
    c.name = name;
    post(std::move(c));
}
void SimulationWorker::setSchemes(const std::string& translation, const std::string& rotation, const std::string& label)
{
    WorkerCommand c = command(WorkerCommand::Kind::SetSchemes);
    c.name = translation;
    c.rotation = rotation;
    c.label = label;
    post(std::move(c));
}
void SimulationWorker::setLocalDamping(double alpha, LocalDampingVariant variant)
{
    WorkerCommand c = command(WorkerCommand::Kind::SetLocalDamping);
    c.value = alpha;
    c.variant = variant;
    post(std::move(c));
}
void SimulationWorker::setViscousDamping(double beta)
{
    WorkerCommand c = command(WorkerCommand::Kind::SetViscousDamping);
    c.value = beta;
    post(std::move(c));
}
void SimulationWorker::play()
{
    post(command(WorkerCommand::Kind::Play));
}
void SimulationWorker::pause()
{
    post(command(WorkerCommand::Kind::Pause));
}
void SimulationWorker::step()
{
    post(command(WorkerCommand::Kind::Step));
}
void SimulationWorker::reset()
{
    post(command(WorkerCommand::Kind::Reset));
}
void SimulationWorker::selectBody(int b)
{
    WorkerCommand c = command(WorkerCommand::Kind::SelectBody);
    c.value = b;
    post(std::move(c));
}

// ------------------------------------------------------------------------------------------------
SnapshotPtr SimulationWorker::latestSnapshot()
{
    SnapshotPtr s;
    {
        std::lock_guard lock(m_snapshotMutex);
        s = m_latest;
    }
    m_signalPending = false;
    // acknowledge the samples it carries; only this thread writes, so load + store is enough
    if (s && s->energySeqEnd() > m_acknowledgedSeq.load())
        m_acknowledgedSeq.store(s->energySeqEnd());
    return s;
}

// ------------------------------------------------------------------------------------------------
void SimulationWorker::threadMain()
{
    Run run;
    std::vector<WorkerCommand> commands;
    for (;;) {
        // wait for work: idle when paused, or ahead of the wall clock when playing
        {
            std::unique_lock lock(m_queueMutex);
            const bool canStep = run.sim && !run.sim->isUnstable() && (run.playing || run.pendingSteps > 0);
            if (!canStep && !run.dirty) {
                m_queueCv.wait(lock, [&] { return m_stopRequested || !m_queue.empty(); });
            } else if (run.playing && run.pendingSteps == 0 && run.sim) {
                const double ahead = run.sim->world().time - run.anchorSim -
                                     kMaxRealTimeFactor * Seconds(Clock::now() - run.anchorWall).count();
                if (ahead > 0.0) {
                    const double wait = std::min(ahead / kMaxRealTimeFactor, kFramePeriod);
                    m_queueCv.wait_for(lock, Seconds(wait), [&] { return m_stopRequested || !m_queue.empty(); });
                }
            }
            if (m_stopRequested)
                break;
            commands.swap(m_queue);
        }

        // commands land between steps, and show in a snapshot before the next batch
        for (const WorkerCommand& c : commands)
            if (apply(run, c))
                run.dirty = run.publishNow = true;
        commands.clear();
        if (run.sim && run.publishNow)
            publish(run);

        if (run.sim && !run.sim->isUnstable() && (run.playing || run.pendingSteps > 0))
            runBatch(run);

        const double interval = std::max(kPublishInterval, run.lastBuildSeconds / kMaxPublishShare);
        const bool due = Seconds(Clock::now() - run.lastPublish).count() >= interval;
        if (run.sim && run.dirty && (run.publishNow || due || !run.playing))
            publish(run);
    }
    m_running = false;
}

// ------------------------------------------------------------------------------------------------
bool SimulationWorker::apply(Run& run, const WorkerCommand& c)
{
    using Kind = WorkerCommand::Kind;
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
            auto info = makeSceneInfo(*scene, sim->world(), ++run.revision, kStepsPerSample * scene->params.dt);
            if (c.kind == Kind::LoadScene)
                run.selected = -1;

            run.sim = std::move(sim);
            run.scene = scene;
            run.info = info;
            run.pendingSteps = 0;
            run.instability.clear();
            run.lastFinite.reset();
            run.current.clear();
            run.retained.clear();
            run.markers = std::make_shared<std::vector<ParameterMarker>>();
            run.markersChanged = true;
            run.updateSampleEvery();
            recordSample(run); // t = 0
            run.resync();
            return true;
        }
        if (!run.sim)
            return false;
        Simulation& sim = *run.sim;
        const SimParams& p = sim.params();
        switch (c.kind) {
        case Kind::SetDt:
            if (c.value == p.dt)
                return false;
            sim.setDt(c.value);
            run.updateSampleEvery();
            run.addMarker("dt " + formatNumber(c.value) + " s");
            return true;
        case Kind::SetTranslation:
            if (c.name == p.translation)
                return false;
            sim.setTranslationScheme(c.name);
            run.addMarker(c.name);
            return true;
        case Kind::SetRotation:
            if (c.name == p.rotation)
                return false;
            sim.setRotationScheme(c.name);
            run.addMarker("rot. " + c.name);
            return true;
        case Kind::SetSchemes:
            if (c.name == p.translation && c.rotation == p.rotation)
                return false;
            // one switch, one state conversion and one marker, whatever the old pair was
            sim.setSchemes(c.name, c.rotation);
            run.addMarker(!c.label.empty() ? c.label : c.name + " + " + c.rotation);
            return true;
        case Kind::SetLocalDamping:
            if (c.value == p.localDamping && c.variant == p.localDampingVariant)
                return false;
            sim.setLocalDamping(c.value, c.variant);
            run.addMarker("local " + formatNumber(c.value) + " (" + toString(c.variant) + ")");
            return true;
        case Kind::SetViscousDamping:
            if (c.value == p.viscousDamping)
                return false;
            sim.setViscousDamping(c.value);
            run.addMarker("viscous " + formatNumber(c.value) + " 1/s");
            return true;
        case Kind::Play:
            if (sim.isUnstable()) {
                emit errorOccurred(tr("The run is unstable; reset it or load a scene."));
                return false;
            }
            if (run.playing)
                return false;
            run.playing = true;
            run.resync();
            return true;
        case Kind::Pause:
            run.pendingSteps = 0;
            if (!run.playing)
                return false;
            run.playing = false;
            return true;
        case Kind::SelectBody: {
            const int b = static_cast<int>(c.value);
            const int chosen = b >= 0 && std::size_t(b) < sim.world().size() ? b : -1;
            if (chosen == run.selected)
                return false;
            run.selected = chosen;
            return true;
        }
        case Kind::Step:
            if (sim.isUnstable())
                return false;
            run.playing = false;
            ++run.pendingSteps;
            return true;
        default:
            return false;
        }
    } catch (const ParameterError& e) {
        emit errorOccurred(QString::fromStdString(e.what()));
    } catch (const std::exception& e) {
        emit errorOccurred(QString::fromStdString(e.what()));
    }
    return false;
}

// ------------------------------------------------------------------------------------------------
void SimulationWorker::runBatch(Run& run)
{
    Simulation& sim = *run.sim;
    const Clock::time_point start = Clock::now();
    const double budget = kBatchFraction * kFramePeriod;

    // behind the wall clock by much: re-synchronise instead of sprinting to catch up
    if (run.playing) {
        const double lag =
            Seconds(start - run.anchorWall).count() - (sim.world().time - run.anchorSim) / kMaxRealTimeFactor;
        if (lag > kResyncLag)
            run.resync();
    }
    long long steps = 0;
    for (;;) {
        if (run.pendingSteps > 0) {
            --run.pendingSteps;
        } else if (run.playing) {
            const double target = run.anchorSim + kMaxRealTimeFactor * Seconds(Clock::now() - run.anchorWall).count();
            if (sim.world().time >= target)
                break;
        } else {
            break;
        }
        sim.step();
        ++steps;
        if (sim.isUnstable()) {
            // pause and say why; the last finite bodies stay on screen
            run.playing = false;
            run.pendingSteps = 0;
            run.instability = sim.instabilityMessage();
            run.publishNow = true;
            emit becameUnstable(QString::fromStdString(run.instability));
            break;
        }
        if (sim.world().step - run.lastSampleStep >= run.sampleEvery)
            recordSample(run);
        if (Seconds(Clock::now() - start).count() >= budget)
            break;
    }
    if (steps > 0)
        run.dirty = true;

    // stepping rate
    run.rateSteps += steps;
    const double window = Seconds(Clock::now() - run.rateStart).count();
    if (window >= 0.5) {
        run.stepsPerSecond = double(run.rateSteps) / window;
        run.rateSteps = 0;
        run.rateStart = Clock::now();
    }
}

// ------------------------------------------------------------------------------------------------
void SimulationWorker::recordSample(Run& run)
{
    const EnergySample e = run.sim->energy();
    run.lastSampleStep = run.sim->world().step;
    run.current.push_back(e);
}

// ------------------------------------------------------------------------------------------------
void SimulationWorker::publish(Run& run)
{
    const double start = threadCpuSeconds();
    const Simulation& sim = *run.sim;
    auto s = std::make_shared<FrameSnapshot>();
    s->scene = run.info;
    s->serial = ++run.serial;
    fillRunState(*s, sim);
    s->playing = run.playing;
    s->stepsPerSecond = run.playing ? run.stepsPerSecond : 0.0;
    s->publishShare = run.playing ? run.publishShare : 0.0;
    s->instabilityMessage = run.instability;

    bool finite = fillBodies(*s, sim, run.selected, run.publishScratch);
    // after a blow-up the screen keeps the last finite bodies
    if (!finite && !run.instability.empty() && run.lastFinite) {
        s->positions = run.lastFinite->positions;
        s->radii = run.lastFinite->radii;
        s->speeds = run.lastFinite->speeds;
        s->memberBody = run.lastFinite->memberBody;
        s->clumps = run.lastFinite->clumps;
        s->selected = run.lastFinite->selected;
        finite = true;
    }

    // energy: this batch's samples become a chunk; chunks the GUI took are dropped
    if (!run.current.empty()) {
        auto chunk = std::make_shared<EnergyChunk>();
        chunk->seqBegin = run.nextSeq;
        chunk->samples.swap(run.current);
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
