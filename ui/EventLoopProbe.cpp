#include "EventLoopProbe.h"

#include <QTimer>

#include <algorithm>
#include <cmath>

namespace tumble::ui {

EventLoopProbe::EventLoopProbe(QObject* parent) : QObject(parent), m_timer(new QTimer(this))
{
    m_timer->setTimerType(Qt::PreciseTimer);
    m_timer->setInterval(kPeriodMs);
    connect(m_timer, &QTimer::timeout, this, &EventLoopProbe::tick);
    restart();
}

void EventLoopProbe::restart()
{
    m_late.clear();
    m_clock.start();
    m_lastNs = 0;
    m_timer->start();
}

void EventLoopProbe::tick()
{
    const qint64 now = m_clock.nsecsElapsed();
    // the wake-up was due one period after the last one ran; anything beyond that is waiting
    const double late = double(now - m_lastNs) * 1e-6 - kPeriodMs;
    m_late.push_back(std::max(late, 0.0));
    m_lastNs = now;
}

double EventLoopProbe::longestMs() const
{
    return m_late.empty() ? 0.0 : *std::max_element(m_late.begin(), m_late.end());
}

double EventLoopProbe::quantileMs(double q) const
{
    if (m_late.empty())
        return 0.0;
    std::vector<double> sorted = m_late;
    std::sort(sorted.begin(), sorted.end());
    const auto k = std::size_t(std::clamp(q, 0.0, 1.0) * double(sorted.size() - 1));
    return sorted[k];
}

} // namespace tumble::ui
