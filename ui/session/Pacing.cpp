#include "session/Pacing.h"

#include <algorithm>
#include <cmath>

#include "sim/Simulation.h"

namespace tumble::ui {

namespace {

using Seconds = std::chrono::duration<double>;

// T / dt is a whole number up to rounding at the shared times; this keeps floor() on it
constexpr double kStepRounding = 1e-9;

} // namespace

// ------------------------------------------------------------------------------------------------
void RealTimePacing::restart(const Simulation& sim, double sampleInterval)
{
    m_sampleInterval = sampleInterval;
    m_firstSample = true;
    updateSampleEvery(sim);
    resync(sim);
}

void RealTimePacing::resync(const Simulation& sim)
{
    m_anchorWall = Clock::now();
    m_anchorSim = sim.world().time;
}

void RealTimePacing::updateSampleEvery(const Simulation& sim)
{
    const double dt = sim.params().dt;
    const double interval = m_sampleInterval > 0.0 ? m_sampleInterval : dt;
    m_sampleEvery = std::max<long long>(1, std::llround(interval / dt));
}

void RealTimePacing::dtChanged(const Simulation& sim, double)
{
    updateSampleEvery(sim);
}

double RealTimePacing::speedFor(double factor)
{
    return factor > 0.0 ? std::clamp(factor, kMinSpeed, 1.0) : 0.0;
}

void RealTimePacing::setSpeed(const Simulation* sim, double factor)
{
    m_speed = speedFor(factor);
    if (sim)
        resync(*sim);
}

void RealTimePacing::beginBatch(const Simulation& sim)
{
    if (m_speed <= 0.0)
        return;
    // behind the wall clock by much: re-synchronise instead of sprinting to catch up
    const double lag = Seconds(Clock::now() - m_anchorWall).count() - (sim.world().time - m_anchorSim) / m_speed;
    if (lag > kResyncLag)
        resync(sim);
}

bool RealTimePacing::mayStep(const Simulation& sim) const
{
    if (m_speed <= 0.0)
        return true;
    return sim.world().time < m_anchorSim + m_speed * Seconds(Clock::now() - m_anchorWall).count();
}

double RealTimePacing::idleSeconds(const Simulation& sim) const
{
    if (m_speed <= 0.0)
        return 0.0;
    const double ahead = sim.world().time - m_anchorSim - m_speed * Seconds(Clock::now() - m_anchorWall).count();
    return ahead > 0.0 ? std::min(ahead / m_speed, m_framePeriod) : 0.0;
}

int RealTimePacing::samplesDue(const Simulation& sim)
{
    const long long step = sim.world().step;
    if (!m_firstSample && step - m_lastSampleStep < m_sampleEvery)
        return 0;
    m_firstSample = false;
    m_lastSampleStep = step;
    return 1;
}

// ------------------------------------------------------------------------------------------------
long long LockstepPacing::stepsAt(const Simulation& sim, double t) const
{
    const double dt = sim.params().dt;
    if (t <= m_anchorTime)
        return m_anchorStep;
    return m_anchorStep + static_cast<long long>(std::floor((t - m_anchorTime) / dt + kStepRounding));
}

void LockstepPacing::restart(const Simulation& sim, double sampleInterval)
{
    m_anchorStep = sim.world().step;
    m_anchorTime = sim.world().time;
    m_sampleInterval = sampleInterval;
    m_nextSample = 0;
    m_reached = -1.0;
}

void LockstepPacing::dtChanged(const Simulation& sim, double oldDt)
{
    // the new dt counts from the step it lands on, at that step's nominal time
    const long long n = sim.world().step;
    m_anchorTime += double(n - m_anchorStep) * oldDt;
    m_anchorStep = n;
    m_reached = -1.0; // the target may now need more steps: not reached yet
}

bool LockstepPacing::mayStep(const Simulation& sim) const
{
    return sim.world().step < stepsAt(sim, m_target);
}

double LockstepPacing::idleSeconds(const Simulation&) const
{
    return -1.0; // until the coordinator raises the target
}

int LockstepPacing::samplesDue(const Simulation& sim)
{
    // the shared grid: sample k at the last step at or before k x interval
    int n = 0;
    while (sim.world().step >= stepsAt(sim, double(m_nextSample) * m_sampleInterval)) {
        ++m_nextSample;
        ++n;
    }
    return n;
}

bool LockstepPacing::mustPublish(const Simulation& sim) const
{
    // a lane that reached the target shows its state there
    return !sim.isUnstable() && sim.world().step >= stepsAt(sim, m_target) && m_reached.load() != m_target;
}

void LockstepPacing::settled(const Simulation& sim)
{
    if (sim.isUnstable()) {
        if (m_onReached)
            m_onReached(); // the coordinator stops waiting for this lane
        return;
    }
    if (sim.world().step >= stepsAt(sim, m_target) && m_reached.load() != m_target) {
        m_reached = m_target;
        if (m_onReached)
            m_onReached();
    }
}

} // namespace tumble::ui
