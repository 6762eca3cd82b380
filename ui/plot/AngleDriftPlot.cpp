#include "plot/AngleDriftPlot.h"

#include <algorithm>
#include <cmath>

namespace tumble::ui {

AngleDriftPlot::AngleDriftPlot(QWidget* parent) : PlotView(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setToolTip(tr("Angle between the simulated orientation and the exact torque-free one, rad "
                  "(log axis). A good rotation scheme stays low; the slope shows how its error grows."));
}

void AngleDriftPlot::setSamples(const std::vector<double>& times, const std::vector<double>& angles)
{
    m_t = times;
    m_a = angles;
    double lo = 1.0, hi = kFloor;
    for (double a : m_a)
        if (std::isfinite(a)) {
            lo = std::min(lo, std::max(a, kFloor));
            hi = std::max(hi, std::max(a, kFloor));
        }
    m_bottom = int(std::floor(std::log10(std::max(lo, kFloor))));
    m_top = std::min(1, int(std::ceil(std::log10(hi) + 1e-9)));
    if (m_top - m_bottom < 2)
        m_bottom = m_top - 2;
    update();
}

void AngleDriftPlot::clear()
{
    m_t.clear();
    m_a.clear();
    m_note.clear();
    update();
}

void AngleDriftPlot::setNote(const QString& note)
{
    m_note = note;
    update();
}

PlotFigure AngleDriftPlot::figure() const
{
    PlotFigure fig;
    fig.title = tr("angle to exact orientation (rad)");
    fig.frame = true;
    PlotPanel panel;
    const int decades = m_top - m_bottom;
    setDecades(panel.y, m_bottom, m_top, decades > 8 ? 4 : decades > 4 ? 2 : 1, false);
    const double t0 = m_t.empty() ? 0.0 : m_t.front();
    const double t1 = m_t.empty() ? 1.0 : std::max(m_t.back(), t0 + 1e-12);
    panel.x.min = t0;
    panel.x.max = t1;
    panel.x.ticks = niceTicks(t0, t1, 4);
    if (m_t.size() >= 2) { // times only once there is a curve
        panel.x.labels = tickLabels(panel.x.ticks);
        for (QString& l : panel.x.labels)
            l += QStringLiteral(" s");
    }
    if (m_t.size() >= 2) {
        PlotSeries s;
        s.label = tr("angle (rad)");
        s.colour = QColor(230, 110, 30);
        s.width = 1.6;
        s.x = m_t;
        s.y.reserve(m_a.size());
        for (double a : m_a)
            s.y.push_back(std::isfinite(a) ? std::max(a, kFloor) : a);
        panel.series.push_back(std::move(s));
    }
    panel.note = m_note;
    fig.panels.push_back(std::move(panel));
    return fig;
}

QString AngleDriftPlot::csvText() const
{
    QString out = QStringLiteral("time,angle\n");
    for (std::size_t i = 0; i < m_t.size() && i < m_a.size(); ++i)
        out +=
            QString::number(m_t[i], 'g', 17) + QLatin1Char(',') + QString::number(m_a[i], 'g', 17) + QLatin1Char('\n');
    return out;
}

} // namespace tumble::ui
