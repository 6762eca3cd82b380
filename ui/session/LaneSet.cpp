#include "session/LaneSet.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "session/SnapshotBuilder.h"
#include "sim/Simulation.h"

namespace tumble::ui {

namespace {

using Clock = std::chrono::steady_clock;
using Seconds = std::chrono::duration<double>;

// the target runs at most this much faster than the wall clock
constexpr double kMaxRealTimeFactor = 1.0;
// behind the paced clock by more than this (s), the pacing re-synchronises instead of sprinting
constexpr double kResyncLag = 0.1;
constexpr double kFrame = 1.0 / 60.0; // s
// the coordinator looks at the lanes at least this often (s), e.g. for a pause
constexpr double kPoll = 0.005;
// the target rises at most this often (s of wall time): each rise wakes every lane and makes it
// publish, so rising every dt (~1e-4 s) would spend the CPU the GUI's views need
constexpr double kMinRaise = 0.5 * kFrame;

long long nextRevision()
{
    // compare scenes get revisions far from the single view's, so a view never mistakes one
    static std::atomic<long long> revision{1'000'000'000};
    return ++revision;
}

} // namespace

LaneSet::LaneSet(Scene scene, QObject* parent) : QObject(parent)
{
    m_scene = std::make_shared<const Scene>(std::move(scene));
    m_sampleInterval = kStepsPerSample * m_scene->params.dt;
    // the initial world as a Simulation sets it up (members placed), for the bounds
    const Simulation probe(m_scene->world, m_scene->params);
    m_criticalDt = probe.criticalDt();
    m_info = makeSceneInfo(*m_scene, probe.world(), nextRevision(), m_sampleInterval);
    m_thread = std::thread([this]() { coordinate(); });
}

LaneSet::~LaneSet()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_cv.notify_all();
    if (m_thread.joinable())
        m_thread.join();
    for (auto& l : m_lanes)
        l->requestStop();
    for (auto& l : m_stopping)
        l->requestStop();
    m_lanes.clear(); // joins
    m_stopping.clear();
}

void LaneSet::wake()
{
    {
        std::lock_guard lock(m_mutex);
        m_wake = true;
    }
    m_cv.notify_one();
}

std::shared_ptr<SimulationRunner> LaneSet::makeLane(int id, const SimParams& params, bool playing)
{
    return std::make_shared<SimulationRunner>(id, m_scene, m_info, params,
                                              std::make_unique<LockstepPacing>([this]() { wake(); }), playing);
}

int LaneSet::addLane(const LaneSettings& settings)
{
    if (laneCount() >= kMaxLanes)
        return -1;
    const int id = m_nextId;
    auto lane = makeLane(id, settings.over(m_scene->params, m_criticalDt), true);
    ++m_nextId;
    {
        // under the lock the coordinator raises the target with: the lane gets the one in force
        std::lock_guard lock(m_mutex);
        lane->setTarget(m_target.load());
        m_lanes.push_back(std::move(lane));
        ++m_epoch;
        m_wake = true;
    }
    m_cv.notify_one();
    emit lanesChanged();
    return id;
}

bool LaneSet::removeLane(int id)
{
    {
        std::lock_guard lock(m_mutex);
        auto it = std::find_if(m_lanes.begin(), m_lanes.end(),
                               [id](const std::shared_ptr<SimulationRunner>& l) { return l->id() == id; });
        if (it == m_lanes.end())
            return false;
        (*it)->requestStop();
        m_stopping.push_back(std::move(*it));
        m_lanes.erase(it);
        ++m_epoch;
        m_wake = true;
    }
    m_cv.notify_one();
    emit lanesChanged();
    return true;
}

bool LaneSet::restartLane(int id, const LaneSettings& settings)
{
    if (!lane(id))
        return false;
    auto fresh = makeLane(id, settings.over(m_scene->params, m_criticalDt), true); // may throw: nothing changed
    {
        std::lock_guard lock(m_mutex);
        auto it = std::find_if(m_lanes.begin(), m_lanes.end(),
                               [id](const std::shared_ptr<SimulationRunner>& l) { return l->id() == id; });
        if (it == m_lanes.end())
            return false;
        fresh->setTarget(m_target.load());
        (*it)->requestStop();
        m_stopping.push_back(std::move(*it));
        *it = std::move(fresh); // same place in the order
        ++m_epoch;
        m_wake = true;
    }
    m_cv.notify_one();
    emit lanesChanged();
    return true;
}

void LaneSet::restart()
{
    // the new runners are built before the old ones go (each publishes its first sample)
    std::vector<std::shared_ptr<SimulationRunner>> fresh;
    for (const auto& l : lanes())
        fresh.push_back(makeLane(l->id(), l->params(), !l->paused() || l->unstable()));
    {
        std::lock_guard lock(m_mutex);
        for (auto& l : m_lanes) {
            l->requestStop();
            m_stopping.push_back(std::move(l));
        }
        m_lanes = std::move(fresh);
        m_target = 0.0;
        for (auto& l : m_lanes)
            l->setTarget(0.0);
        m_resync = true;
        ++m_epoch;
        m_wake = true;
        std::lock_guard history(m_historyMutex);
        m_history.clear();
    }
    m_cv.notify_one();
    emit lanesChanged();
}

SimulationRunner* LaneSet::lane(int id) const
{
    std::lock_guard lock(m_mutex);
    for (const auto& l : m_lanes)
        if (l->id() == id)
            return l.get();
    return nullptr;
}

std::vector<std::shared_ptr<SimulationRunner>> LaneSet::lanes() const
{
    std::lock_guard lock(m_mutex);
    return m_lanes;
}

int LaneSet::laneCount() const
{
    std::lock_guard lock(m_mutex);
    return int(m_lanes.size());
}

void LaneSet::setPlaying(bool playing)
{
    m_resync = true; // resumes from the target, not from when it was paused
    {
        // under the lock the coordinator copies the lanes with: once it sees playing, it sees
        // every lane added before
        std::lock_guard lock(m_mutex);
        m_playing = playing;
        m_wake = true;
    }
    m_cv.notify_one();
}

std::vector<LockstepRecord> LaneSet::history() const
{
    std::lock_guard lock(m_historyMutex);
    return {m_history.begin(), m_history.end()};
}

// ------------------------------------------------------------------------------------------------
void LaneSet::coordinate()
{
    Clock::time_point anchorWall, lastRaise;
    double anchorSim = 0.0;
    double wait = kPoll;
    std::vector<std::shared_ptr<SimulationRunner>> lanes;
    std::vector<std::shared_ptr<SimulationRunner>> finished;
    bool playing = false;
    long long epoch = 0;
    for (;;) {
        {
            std::unique_lock lock(m_mutex);
            m_cv.wait_for(lock, Seconds(wait), [&] { return m_stop || m_wake; });
            if (m_stop)
                return;
            m_wake = false;
            lanes = m_lanes;
            epoch = m_epoch;
            playing = m_playing;
            // removed lanes whose threads are done are joined here (at once), not on the GUI
            auto done = std::stable_partition(m_stopping.begin(), m_stopping.end(),
                                              [](const auto& l) { return l->isRunning(); });
            finished.assign(std::make_move_iterator(done), std::make_move_iterator(m_stopping.end()));
            m_stopping.erase(done, m_stopping.end());
        }
        finished.clear();
        wait = kPoll;
        if (!playing)
            continue;

        const double target = m_target.load();
        double largestDt = 0.0;
        bool anyRunning = false, allReached = true;
        LockstepRecord record{target, {}};
        for (const auto& l : lanes) {
            if (l->paused() || l->unstable())
                continue;
            anyRunning = true;
            if (l->reachedTarget() != target) {
                allReached = false; // someone is still on its way: the target waits
                break;
            }
            largestDt = std::max(largestDt, l->dt());
            record.steps.emplace_back(l->id(), l->steps());
        }
        if (!anyRunning || !allReached)
            continue;
        {
            std::lock_guard lock(m_mutex);
            if (m_epoch != epoch) // the lanes changed since they were looked at: look again
                continue;
            std::lock_guard history(m_historyMutex);
            if (m_history.empty() || m_history.back().time != target) {
                m_history.push_back(std::move(record));
                if (m_history.size() > kHistory)
                    m_history.pop_front();
            }
        }

        const Clock::time_point now = Clock::now();
        if (m_resync.exchange(false)) {
            anchorWall = now;
            anchorSim = target;
        }
        double paced = anchorSim + kMaxRealTimeFactor * Seconds(now - anchorWall).count();
        if (paced - target > kResyncLag) { // the lanes are slower than real time: no sprint
            anchorWall = now;
            anchorSim = target + kFrame;
            paced = anchorSim;
        }
        // a multiple of the largest dt, so every lane whose dt divides it lands on T exactly
        const double next = largestDt * std::floor(paced / largestDt + 1e-9);
        if (next <= target || now - lastRaise < Seconds(kMinRaise)) {
            // ahead of the wall clock: sleep until the next multiple is due
            wait = std::clamp((target + largestDt - paced) / kMaxRealTimeFactor, 1e-4, kFrame);
            wait = std::max(wait, kMinRaise - Seconds(now - lastRaise).count());
            continue;
        }
        lastRaise = now;
        {
            // every lane in the set now gets the target, and a restart cannot be overtaken by it
            std::lock_guard lock(m_mutex);
            if (m_epoch != epoch)
                continue;
            m_target = next;
            for (const auto& l : m_lanes)
                l->setTarget(next);
        }
    }
}

} // namespace tumble::ui
