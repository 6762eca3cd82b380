#include "plot/SweepPlot.h"

#include <algorithm>
#include <cmath>

namespace tumble::ui {

namespace {

// the points of one scheme, in the result's order, and how many were unstable
struct Series {
    std::vector<double> dt, error;
    int unstable = 0;
};

std::vector<Series> seriesOf(const SweepResult& r)
{
    std::vector<Series> out(r.orders.size());
    for (const SweepPoint& p : r.points) {
        for (std::size_t k = 0; k < r.orders.size(); ++k) {
            if (r.orders[k].scheme != p.scheme)
                continue;
            if (std::isfinite(p.error) && p.error > 0.0) {
                out[k].dt.push_back(p.dt);
                out[k].error.push_back(p.error);
            } else if (!std::isfinite(p.error)) {
                ++out[k].unstable;
            }
        }
    }
    return out;
}

PlotSymbol symbolOf(int k)
{
    static const PlotSymbol symbols[] = {PlotSymbol::Circle, PlotSymbol::Square, PlotSymbol::Triangle,
                                         PlotSymbol::Diamond, PlotSymbol::TriangleDown};
    return symbols[k % 5];
}

// label every decade up to 6, then every 2nd, beyond 10 every 3rd
int labelStride(int decades)
{
    return decades > 10 ? 3 : decades > 6 ? 2 : 1;
}

} // namespace

SweepPlot::SweepPlot(QWidget* parent) : PlotView(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setToolTip(tr("Error at the end time against the timestep, both on log axes, one line per scheme. "
                  "The slope is the observed order: p decades of error per decade of dt."));
}

QColor SweepPlot::schemeColour(int k)
{
    static const QColor colours[] = {QColor(31, 119, 180),  QColor(214, 39, 40),   QColor(44, 160, 44),
                                     QColor(255, 127, 14),  QColor(148, 103, 189), QColor(140, 86, 75),
                                     QColor(227, 119, 194), QColor(23, 190, 207)};
    return colours[k % 8];
}

void SweepPlot::setResult(const SweepResult& result, const QStringList& varied)
{
    m_result = result;
    m_varied = varied;
    double xlo = INFINITY, xhi = -INFINITY, ylo = INFINITY, yhi = -INFINITY;
    for (const SweepPoint& p : m_result.points) {
        xlo = std::min(xlo, p.dt);
        xhi = std::max(xhi, p.dt);
        if (std::isfinite(p.error) && p.error > 0.0) {
            ylo = std::min(ylo, p.error);
            yhi = std::max(yhi, p.error);
        }
    }
    // whole decades with a twentieth of a decade to spare, so no marker sits on the frame
    if (std::isfinite(xlo)) {
        m_xLo = int(std::floor(std::log10(xlo) - 0.05));
        m_xHi = std::max(m_xLo + 1, int(std::ceil(std::log10(xhi) + 0.05)));
    }
    if (std::isfinite(ylo)) {
        m_yLo = int(std::floor(std::log10(ylo) - 0.05));
        m_yHi = std::max(m_yLo + 1, int(std::ceil(std::log10(yhi) + 0.05)));
        // labels every stride decades from the bottom: widen so the top one is labelled too
        const int yd = m_yHi - m_yLo;
        m_yLo -= (labelStride(yd) - yd % labelStride(yd)) % labelStride(yd);
    }
    update();
}

void SweepPlot::clear()
{
    setResult(SweepResult{});
}

QString SweepPlot::variedText(std::size_t k) const
{
    return k < std::size_t(m_varied.size()) ? m_varied[int(k)] : QString::fromStdString(m_result.orders[k].scheme);
}

QStringList SweepPlot::legendLabels() const
{
    QStringList out;
    const std::vector<Series> series = seriesOf(m_result);
    for (std::size_t k = 0; k < m_result.orders.size(); ++k) {
        const double order = m_result.orders[k].order;
        QString s = variedText(k) + QStringLiteral("  order ") +
                    (std::isfinite(order) ? QString::number(order, 'f', 2) : QStringLiteral("-"));
        if (series[k].unstable > 0)
            s += tr(" (%n unstable)", nullptr, series[k].unstable);
        out << s;
    }
    return out;
}

PlotFigure SweepPlot::figure() const
{
    PlotFigure fig;
    fig.frame = true;
    const bool angle = m_result.measure == AnalyticMeasure::Angle;
    const QString reference =
        m_result.reference == SweepReference::Analytic ? tr("analytic solution") : tr("rk4 at dt_min/16");
    fig.title = (angle ? tr("RMS angle error (rad)") : tr("RMS position error (m)")) + tr(" at T against ") + reference;
    PlotPanel panel;
    const int yd = m_yHi - m_yLo;
    setDecades(panel.x, m_xLo, m_xHi, 1, false, true);
    setDecades(panel.y, m_yLo, m_yHi, labelStride(yd), false, yd <= 5);
    panel.x.title = tr("dt (s)");
    panel.y.title = angle ? tr("error (rad)") : tr("error (m)");

    // lines through each scheme's points by dt, symbols on the points
    const std::vector<Series> series = seriesOf(m_result);
    const QStringList labels = legendLabels();
    for (std::size_t k = 0; k < series.size(); ++k) {
        std::vector<std::size_t> idx(series[k].dt.size());
        for (std::size_t i = 0; i < idx.size(); ++i)
            idx[i] = i;
        std::sort(idx.begin(), idx.end(),
                  [&](std::size_t a, std::size_t b) { return series[k].dt[a] < series[k].dt[b]; });
        PlotSeries s;
        s.label = variedText(k);
        s.colour = schemeColour(int(k));
        s.width = 1.6;
        s.symbol = symbolOf(int(k));
        for (std::size_t i : idx) {
            s.x.push_back(series[k].dt[i]);
            s.y.push_back(series[k].error[i]);
        }
        panel.series.push_back(std::move(s));
        fig.legend.push_back({labels[int(k)], schemeColour(int(k)), 1.6, Qt::SolidLine, QColor(), symbolOf(int(k))});
    }
    if (m_result.cancelled)
        fig.legendNote = tr("cancelled");
    fig.panels.push_back(std::move(panel));
    return fig;
}

QString SweepPlot::csvText() const
{
    QString out = QStringLiteral("scheme,dt,steps,error,reference,measure\n");
    const QString tail = QLatin1Char(',') + QLatin1String(sweepReferenceName(m_result.reference)) + QLatin1Char(',') +
                         QLatin1String(sweepMeasureName(m_result.measure)) + QLatin1Char('\n');
    for (const SweepPoint& p : m_result.points)
        out += QString::fromStdString(p.scheme) + QLatin1Char(',') + QString::number(p.dt, 'g', 17) + QLatin1Char(',') +
               QString::number(p.steps) + QLatin1Char(',') +
               (std::isfinite(p.error) ? QString::number(p.error, 'g', 17) : QStringLiteral("inf")) + tail;
    return out;
}

} // namespace tumble::ui
