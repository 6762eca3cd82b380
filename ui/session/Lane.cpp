#include "session/Lane.h"

#include <chrono>
#include <cmath>
#include <exception>

#include "session/SnapshotBuilder.h"
#include "sim/Simulation.h"

namespace tumble::ui {

namespace {

using Clock = std::chrono::steady_clock;
using Seconds = std::chrono::duration<double>;

// a batch of steps lasts at most this long (s of wall time), so commands land within a frame
constexpr double kBatchBudget = 0.5 / 60.0;
// T / dt is a whole number up to rounding at the shared times; this keeps floor() on it
constexpr double kStepRounding = 1e-9;

SimParams paramsFor(const Scene& scene, const LaneSettings& s)
{
    SimParams p = scene.params;
    p.translation = s.translation;
    p.rotation = s.rotation;
    p.dt = s.dt;
    p.localDamping = s.localDamping;
    p.localDampingVariant = s.variant;
    p.viscousDamping = s.viscousDamping;
    return p;
}

} // namespace

// ------------------------------------------------------------------------------------------------
// Everything the lane's thread owns.
struct Lane::Run {
    std::unique_ptr<Simulation> sim;
    std::shared_ptr<const SceneInfo> info;
    long long anchorStep = 0; // the step the current dt started at
    double anchorTime = 0.0;  // its nominal time, s
    long long nextSample = 0; // index k of the next energy sample (time k x interval)
    long long serial = 0;
    bool dirty = true;
    SnapshotPtr lastFinite;
    PublishScratch publishScratch;
    std::vector<LaneSample> samples; // since the last publish

    // the step count the lane has at shared time t (never negative, never behind the anchor)
    long long stepsAt(double t) const
    {
        const double dt = sim->params().dt;
        if (t <= anchorTime)
            return anchorStep;
        return anchorStep + static_cast<long long>(std::floor((t - anchorTime) / dt + kStepRounding));
    }
    double nominalTime() const { return anchorTime + double(sim->world().step - anchorStep) * sim->params().dt; }
};

// ------------------------------------------------------------------------------------------------
Lane::Lane(int id, std::shared_ptr<const Scene> scene, std::shared_ptr<const SceneInfo> info,
           const LaneSettings& settings, double sampleInterval, std::function<void()> reached)
    : m_id(id), m_sampleInterval(sampleInterval), m_onReached(std::move(reached)), m_settings(settings)
{
    auto run = std::make_unique<Run>();
    // built here, so invalid settings throw to the caller; the thread owns it from then on
    run->sim = std::make_unique<Simulation>(scene->world, paramsFor(*scene, settings));
    run->info = std::move(info);
    m_dt = run->sim->params().dt;
    publish(*run); // t = 0, with its sample
    m_thread = std::thread([this, r = std::move(run)]() mutable { threadMain(std::move(r)); });
}

Lane::~Lane()
{
    requestStop();
    if (m_thread.joinable())
        m_thread.join();
}

void Lane::setTarget(double t)
{
    {
        std::lock_guard lock(m_mutex);
        m_target = t;
    }
    m_cv.notify_one();
}

void Lane::setPaused(bool paused)
{
    {
        std::lock_guard lock(m_mutex);
        m_paused = paused;
    }
    m_cv.notify_one();
}

void Lane::retune(const LaneSettings& settings)
{
    {
        std::lock_guard lock(m_mutex);
        m_retunes.push_back(settings);
    }
    m_cv.notify_one();
}

void Lane::requestStop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_cv.notify_one();
}

LaneSettings Lane::settings() const
{
    std::lock_guard lock(m_mutex);
    return m_settings;
}

std::string Lane::error() const
{
    std::lock_guard lock(m_mutex);
    return m_error;
}

SnapshotPtr Lane::latestSnapshot() const
{
    std::lock_guard lock(m_publishMutex);
    return m_latest;
}

std::vector<LaneSample> Lane::takeSamples()
{
    std::vector<LaneSample> out;
    std::lock_guard lock(m_publishMutex);
    out.swap(m_samples);
    return out;
}

// ------------------------------------------------------------------------------------------------
void Lane::threadMain(std::unique_ptr<Run> runPtr)
{
    Run& run = *runPtr;
    std::vector<LaneSettings> retunes;
    for (;;) {
        double target = 0.0;
        {
            std::unique_lock lock(m_mutex);
            m_cv.wait(lock, [&] {
                return m_stop || !m_retunes.empty() || run.dirty ||
                       (!m_paused && !run.sim->isUnstable() && run.sim->world().step < run.stepsAt(m_target)) ||
                       (!run.sim->isUnstable() && run.sim->world().step >= run.stepsAt(m_target) &&
                        m_reached.load() != m_target);
            });
            if (m_stop)
                break;
            retunes.swap(m_retunes);
            target = m_target;
        }

        // retunes land between steps; each setter keeps the old value when it refuses
        Simulation& sim = *run.sim;
        for (const LaneSettings& s : retunes) {
            std::string error;
            try {
                if (s.translation != sim.params().translation || s.rotation != sim.params().rotation)
                    sim.setSchemes(s.translation, s.rotation);
                if (s.dt != sim.params().dt) {
                    // the new dt counts from the step it lands on
                    const double t = run.nominalTime();
                    const long long n = sim.world().step;
                    sim.setDt(s.dt);
                    run.anchorStep = n;
                    run.anchorTime = t;
                    m_dt = s.dt;
                    m_reached = -1.0; // the target may now need more steps: not reached yet
                }
                if (s.localDamping != sim.params().localDamping || s.variant != sim.params().localDampingVariant)
                    sim.setLocalDamping(s.localDamping, s.variant);
                if (s.viscousDamping != sim.params().viscousDamping)
                    sim.setViscousDamping(s.viscousDamping);
            } catch (const std::exception& e) {
                error = e.what();
            }
            std::lock_guard lock(m_mutex);
            m_error = error;
            LaneSettings now = s;
            now.translation = sim.params().translation;
            now.rotation = sim.params().rotation;
            now.dt = sim.params().dt;
            now.localDamping = sim.params().localDamping;
            now.variant = sim.params().localDampingVariant;
            now.viscousDamping = sim.params().viscousDamping;
            now.relabel();
            m_settings = now;
            run.dirty = true;
        }
        retunes.clear();

        // step towards the target, never past it, for at most one batch
        const long long goal = run.stepsAt(target);
        const Clock::time_point start = Clock::now();
        while (!m_paused && !sim.isUnstable() && sim.world().step < goal) {
            sim.step();
            run.dirty = true;
            if (sim.isUnstable())
                break;
            // the shared sample grid: sample k at the last step at or before k x interval
            while (sim.world().step >= run.stepsAt(double(run.nextSample) * m_sampleInterval))
                run.samples.push_back({run.nextSample++, sim.energy()});
            if (Seconds(Clock::now() - start).count() >= kBatchBudget)
                break;
        }
        m_steps = sim.world().step;
        m_time = sim.world().time;
        if (sim.isUnstable())
            m_unstable = true;
        if (run.dirty)
            publish(run);
        if (!sim.isUnstable() && sim.world().step >= goal && m_reached.load() != target) {
            m_reached = target; // after publishing: a reached lane shows its state at the target
            if (m_onReached)
                m_onReached();
        } else if (sim.isUnstable() && m_onReached) {
            m_onReached(); // the coordinator stops waiting for this lane
        }
    }
    m_finished = true;
}

// ------------------------------------------------------------------------------------------------
void Lane::publish(Run& run)
{
    const Simulation& sim = *run.sim;
    const World& w = sim.world();
    if (run.serial == 0) // the initial state is sample 0
        while (w.step >= run.stepsAt(double(run.nextSample) * m_sampleInterval))
            run.samples.push_back({run.nextSample++, sim.energy()});
    auto s = std::make_shared<FrameSnapshot>();
    s->scene = run.info;
    s->serial = ++run.serial;
    fillRunState(*s, sim);
    s->playing = !m_paused;
    bool finite = fillBodies(*s, sim, -1, run.publishScratch);
    // after a blow-up the view keeps the last finite bodies
    if (!finite && run.lastFinite) {
        s->positions = run.lastFinite->positions;
        s->radii = run.lastFinite->radii;
        s->speeds = run.lastFinite->speeds;
        s->memberBody = run.lastFinite->memberBody;
        s->clumps = run.lastFinite->clumps;
        finite = true;
    }
    SnapshotPtr published = std::move(s);
    if (finite)
        run.lastFinite = published;
    {
        std::lock_guard lock(m_publishMutex);
        m_latest = std::move(published);
        m_samples.insert(m_samples.end(), run.samples.begin(), run.samples.end());
    }
    run.samples.clear();
    run.dirty = false;
}

} // namespace tumble::ui
