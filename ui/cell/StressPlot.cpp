#include "cell/StressPlot.h"

#include <algorithm>
#include <cmath>

namespace tumble::ui {

namespace {

struct CurveLook {
    const char* label;
    QColor colour;
    Qt::PenStyle style;
};
const std::array<CurveLook, StressPlot::kCurves> kLooks = {{
    {"\xcf\x83xx", QColor(214, 39, 40), Qt::SolidLine},
    {"\xcf\x83yy", QColor(44, 160, 44), Qt::SolidLine},
    {"\xcf\x83zz", QColor(31, 90, 220), Qt::SolidLine},
    {"\xcf\x83xy", QColor(230, 130, 20), Qt::SolidLine},
    {"p", QColor(40, 40, 48), Qt::DashLine},
}};

} // namespace

StressPlot::StressPlot(QWidget* parent) : PlotView(parent)
{
    setInteractive(true);
    setZoomKeepsFollowing(true);
    setHoverEnabled(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setToolTip(tr("Stress of the assembly in the periodic cell, Pa, tension positive (a compressed packing has "
                  "negative normal stresses and a positive pressure p = -tr \xcf\x83 / 3), from the contacts' "
                  "virial and the bodies' motion relative to the medium. Dashed lines mark live changes. "
                  "Wheel to zoom, drag to pan, double-click to follow the run again."));
}

QString StressPlot::curveLabel(Curve c)
{
    return QString::fromUtf8(kLooks[std::size_t(c)].label);
}

void StressPlot::clear()
{
    m_time.clear();
    m_shear.clear();
    m_volumetric.clear();
    for (auto& v : m_values)
        v.clear();
    m_volume0 = 0.0;
    m_markers.clear();
    setFollowsRun(true);
    update();
}

void StressPlot::setXAxis(XAxis axis)
{
    if (axis == m_xAxis)
        return;
    m_xAxis = axis;
    setFollowsRun(true); // the old axis' range means nothing on the new one
    update();
}

void StressPlot::appendSnapshot(const FrameSnapshot& s)
{
    const long long revision = s.scene ? s.scene->revision : 0;
    if (revision != m_revision) {
        clear();
        m_revision = revision;
        m_cutSerial = s.timeline.cutSerial;
    }
    if (s.timeline.cutSerial != m_cutSerial) {
        // the run resumed from an earlier state: what followed it goes
        m_cutSerial = s.timeline.cutSerial;
        std::size_t k = 0;
        while (k < m_time.size() && m_time[k] <= s.timeline.cutTime)
            ++k;
        m_time.resize(k);
        m_shear.resize(k);
        m_volumetric.resize(k);
        for (auto& v : m_values)
            v.resize(k);
        scheduleRepaint();
    }
    bool added = false;
    if (s.cell && (m_time.empty() || s.time > m_time.back())) {
        const CellState& c = *s.cell;
        const std::array<double, kCurves> v = {c.stress(0, 0), c.stress(1, 1), c.stress(2, 2), c.stress(0, 1),
                                               c.pressure};
        const bool finite = std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); }) &&
                            std::isfinite(c.volume) && c.strain.allFinite();
        if (finite) {
            if (m_time.size() >= kMaxSamples)
                dropEveryOther();
            if (m_time.empty())
                m_volume0 = c.volume;
            m_time.push_back(s.time);
            m_shear.push_back(c.strain(0, 1));
            m_volumetric.push_back(m_volume0 > 0.0 ? c.volume / m_volume0 - 1.0 : 0.0);
            for (std::size_t k = 0; k < v.size(); ++k)
                m_values[k].push_back(v[k]);
            added = true;
        }
    }
    if (m_markers.take(s))
        added = true;
    if (added)
        scheduleRepaint();
}

void StressPlot::dropEveryOther()
{
    // keep samples 0, 2, 4, ... and the newest
    auto thin = [](std::vector<double>& v) {
        const std::size_t n = v.size();
        std::size_t out = 0;
        for (std::size_t i = 0; i < n; i += 2)
            v[out++] = v[i];
        if (n % 2 == 0 && n > 0)
            v[out++] = v[n - 1];
        v.resize(out);
    };
    thin(m_time);
    thin(m_shear);
    thin(m_volumetric);
    for (auto& v : m_values)
        thin(v);
}

const std::vector<double>& StressPlot::xValues() const
{
    switch (m_xAxis) {
    case XAxis::ShearStrain:
        return m_shear;
    case XAxis::VolumetricStrain:
        return m_volumetric;
    case XAxis::Time:
        break;
    }
    return m_time;
}

std::vector<std::pair<double, QString>> StressPlot::markers() const
{
    if (m_xAxis == XAxis::Time)
        return m_markers.markers();
    // at the strain of the first sample at or after the marker's time
    std::vector<std::pair<double, QString>> out;
    const std::vector<double>& x = xValues();
    for (const auto& [t, label] : m_markers.markers()) {
        const auto it = std::lower_bound(m_time.begin(), m_time.end(), t);
        if (it != m_time.end())
            out.emplace_back(x[std::size_t(it - m_time.begin())], label);
    }
    return out;
}

PlotFigure StressPlot::figure() const
{
    const std::vector<double>& x = xValues();
    double xLo = 0.0, xHi = 1e-3;
    if (!x.empty()) {
        const auto [lo, hi] = std::minmax_element(x.begin(), x.end());
        xLo = *lo;
        xHi = *hi > *lo ? *hi : *lo + (m_xAxis == XAxis::Time ? 1e-3 : 1e-6);
    }
    double yLo = 0.0, yHi = 0.0;
    for (const auto& v : m_values)
        for (double y : v) {
            yLo = std::min(yLo, y);
            yHi = std::max(yHi, y);
        }
    const double pad = 0.06 * std::max(yHi - yLo, 1e-12);
    const auto [sxLo, sxHi] = shownX(xLo, xHi);
    const auto [syLo, syHi] = shownY(0, yLo - pad, yHi + pad);

    PlotFigure fig;
    fig.title = tr("stress in the cell (Pa)");
    fig.frame = true;
    PlotPanel panel;
    panel.x.min = sxLo;
    panel.x.max = sxHi;
    panel.x.ticks = niceTicks(sxLo, sxHi, 4);
    panel.x.labels = tickLabels(panel.x.ticks);
    panel.x.title = m_xAxis == XAxis::Time          ? tr("time (s)")
                    : m_xAxis == XAxis::ShearStrain ? tr("shear strain (F \xe2\x88\x92 I)xy")
                                                    : tr("volumetric strain V / V0 \xe2\x88\x92 1");
    panel.y.min = syLo;
    panel.y.max = syHi;
    panel.y.ticks = niceTicks(syLo, syHi, 5);
    panel.y.labels = tickLabels(panel.y.ticks);
    if (x.size() >= 2)
        for (std::size_t k = 0; k < kCurves; ++k) {
            PlotSeries s;
            s.label = curveLabel(Curve(k));
            s.colour = kLooks[k].colour;
            s.style = kLooks[k].style;
            s.width = 1.6;
            s.x = x;
            s.y = m_values[k];
            panel.series.push_back(std::move(s));
        }
    if (m_time.empty())
        panel.note = tr("no periodic cell in this scene");
    fig.panels.push_back(std::move(panel));
    for (std::size_t k = 0; k < kCurves; ++k)
        fig.legend.push_back(
            {curveLabel(Curve(k)), kLooks[k].colour, 1.6, kLooks[k].style, QColor(), PlotSymbol::None});
    fig.markers = markers();
    return fig;
}

QString StressPlot::csvText() const
{
    QString out = QStringLiteral("time,shear_strain,volumetric_strain,sigma_xx,sigma_yy,sigma_zz,sigma_xy,pressure\n");
    for (std::size_t i = 0; i < m_time.size(); ++i) {
        QStringList row = {QString::number(m_time[i], 'g', 17), QString::number(m_shear[i], 'g', 17),
                           QString::number(m_volumetric[i], 'g', 17)};
        for (const auto& v : m_values)
            row.push_back(QString::number(v[i], 'g', 17));
        out += row.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out;
}

} // namespace tumble::ui
