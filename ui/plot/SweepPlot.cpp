#include "plot/SweepPlot.h"

#include <QFontInfo>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

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

void drawMarker(QPainter& p, int k, const QPointF& c, double r)
{
    switch (k % 5) {
    case 0:
        p.drawEllipse(c, r, r);
        break;
    case 1:
        p.drawRect(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r));
        break;
    case 2: {
        const QPointF tri[3] = {
            {c.x(), c.y() - 1.2 * r}, {c.x() + 1.1 * r, c.y() + 0.9 * r}, {c.x() - 1.1 * r, c.y() + 0.9 * r}};
        p.drawPolygon(tri, 3);
        break;
    }
    case 3: {
        const QPointF dia[4] = {
            {c.x(), c.y() - 1.3 * r}, {c.x() + 1.3 * r, c.y()}, {c.x(), c.y() + 1.3 * r}, {c.x() - 1.3 * r, c.y()}};
        p.drawPolygon(dia, 4);
        break;
    }
    default: {
        const QPointF tri[3] = {
            {c.x(), c.y() + 1.2 * r}, {c.x() + 1.1 * r, c.y() - 0.9 * r}, {c.x() - 1.1 * r, c.y() - 0.9 * r}};
        p.drawPolygon(tri, 3);
        break;
    }
    }
}

// label every decade up to 6, then every 2nd, beyond 10 every 3rd
int labelStride(int decades)
{
    return decades > 10 ? 3 : decades > 6 ? 2 : 1;
}

QString decadeLabel(int d)
{
    return QStringLiteral("1e%1").arg(d);
}

} // namespace

SweepPlot::SweepPlot(QWidget* parent) : QWidget(parent)
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

void SweepPlot::setResult(const SweepResult& result)
{
    m_result = result;
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

QStringList SweepPlot::legendLabels() const
{
    QStringList out;
    const std::vector<Series> series = seriesOf(m_result);
    for (std::size_t k = 0; k < m_result.orders.size(); ++k) {
        const double order = m_result.orders[k].order;
        QString s = QString::fromStdString(m_result.orders[k].scheme) + QStringLiteral("  order ") +
                    (std::isfinite(order) ? QString::number(order, 'f', 2) : QStringLiteral("-"));
        if (series[k].unstable > 0)
            s += tr(" (%n unstable)", nullptr, series[k].unstable);
        out << s;
    }
    return out;
}

void SweepPlot::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    paintPlot(p, QRectF(rect()));
}

void SweepPlot::paintPlot(QPainter& p, const QRectF& rect) const
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    QFont f = font();
    const double screenPx = QFontInfo(f).pixelSize();
    const double px = std::max(screenPx, std::min(rect.width(), rect.height()) / 40.0);
    const double scale = px / screenPx;
    f.setPixelSize(int(std::lround(px)));
    p.setFont(f);
    const QFontMetricsF fm(f, p.device());
    const QColor text = palette().color(QPalette::Text);

    // legend to the right of the plot area, so it never covers a point
    const QStringList labels = legendLabels();
    double legendW = 0.0;
    for (const QString& s : labels)
        legendW = std::max(legendW, fm.horizontalAdvance(s));
    const double marker = 0.32 * fm.height();
    if (!labels.isEmpty())
        legendW += 4.0 * marker + 16.0 * scale;

    const double left = fm.horizontalAdvance(QStringLiteral("1e-16")) + fm.height() + 10.0 * scale;
    const double top = fm.height() + 8.0 * scale;
    const double bottom = 2.0 * fm.height() + 10.0 * scale;
    const QRectF area(rect.left() + left, rect.top() + top, rect.width() - left - legendW - 12.0 * scale,
                      rect.height() - top - bottom);
    if (area.width() < 40 || area.height() < 40) {
        p.restore();
        return;
    }
    const bool angle = m_result.measure == AnalyticMeasure::Angle;
    const QString reference =
        m_result.reference == SweepReference::Analytic ? tr("analytic solution") : tr("rk4 at dt_min/16");
    p.setPen(text);
    p.drawText(QRectF(rect.left(), rect.top(), rect.width(), fm.height() + 2.0), Qt::AlignCenter,
               (angle ? tr("RMS angle error (rad)") : tr("RMS position error (m)")) + tr(" at T against ") + reference);

    const int xd = m_xHi - m_xLo, yd = m_yHi - m_yLo;
    const auto xOf = [&](double dt) { return area.left() + (std::log10(dt) - m_xLo) / xd * area.width(); };
    const auto yOf = [&](double e) { return area.bottom() - (std::log10(e) - m_yLo) / yd * area.height(); };

    // grid: decades labelled, 2..9 as faint minor lines where a decade is wide enough
    QPen major(palette().color(QPalette::Mid), scale);
    major.setStyle(Qt::DotLine);
    QColor faint = palette().color(QPalette::Mid);
    faint.setAlpha(70);
    const QPen minor(faint, scale);
    const int yStride = labelStride(yd);
    for (int d = m_yLo; d <= m_yHi; ++d) {
        const double y = yOf(std::pow(10.0, d));
        p.setPen(major);
        p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
        if ((d - m_yLo) % yStride == 0) {
            p.setPen(text);
            p.drawText(
                QRectF(rect.left() + fm.height(), y - fm.height() / 2.0, left - fm.height() - 5.0 * scale, fm.height()),
                Qt::AlignRight | Qt::AlignVCenter, decadeLabel(d));
        }
        if (d < m_yHi && area.height() / yd > 6.0 * fm.height()) {
            p.setPen(minor);
            for (int m = 2; m <= 9; ++m) {
                const double ym = yOf(m * std::pow(10.0, d));
                p.drawLine(QPointF(area.left(), ym), QPointF(area.right(), ym));
            }
        }
    }
    for (int d = m_xLo; d <= m_xHi; ++d) {
        const double x = xOf(std::pow(10.0, d));
        p.setPen(major);
        p.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
        p.setPen(text);
        p.drawText(QRectF(x - 40.0 * scale, area.bottom() + 3.0 * scale, 80.0 * scale, fm.height()), Qt::AlignCenter,
                   decadeLabel(d));
        if (d < m_xHi) {
            p.setPen(minor);
            for (int m = 2; m <= 9; ++m) {
                const double xm = xOf(m * std::pow(10.0, d));
                p.drawLine(QPointF(xm, area.top()), QPointF(xm, area.bottom()));
            }
        }
    }
    p.setPen(QPen(text, scale));
    p.drawRect(area);
    p.drawText(QRectF(area.left(), area.bottom() + fm.height() + 5.0 * scale, area.width(), fm.height()),
               Qt::AlignCenter, tr("dt (s)"));
    p.save();
    p.translate(rect.left() + 2.0 * scale, area.center().y());
    p.rotate(-90.0);
    p.drawText(QRectF(-area.height() / 2.0, 0.0, area.height(), fm.height()), Qt::AlignCenter,
               angle ? tr("error (rad)") : tr("error (m)"));
    p.restore();

    // curves: lines through each scheme's points by dt, markers on the points
    const std::vector<Series> series = seriesOf(m_result);
    for (std::size_t k = 0; k < series.size(); ++k) {
        const QColor c = schemeColour(int(k));
        std::vector<std::size_t> idx(series[k].dt.size());
        for (std::size_t i = 0; i < idx.size(); ++i)
            idx[i] = i;
        std::sort(idx.begin(), idx.end(),
                  [&](std::size_t a, std::size_t b) { return series[k].dt[a] < series[k].dt[b]; });
        QPainterPath path;
        for (std::size_t j = 0; j < idx.size(); ++j) {
            const QPointF pt(xOf(series[k].dt[idx[j]]), yOf(series[k].error[idx[j]]));
            if (j == 0)
                path.moveTo(pt);
            else
                path.lineTo(pt);
        }
        p.setPen(QPen(c, 1.6 * scale));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        p.setBrush(c);
        p.setPen(QPen(c.darker(130), scale));
        for (std::size_t i = 0; i < series[k].dt.size(); ++i)
            drawMarker(p, int(k), QPointF(xOf(series[k].dt[i]), yOf(series[k].error[i])), marker);
    }

    // legend
    double y = area.top() + 2.0 * scale;
    const double lx = area.right() + 12.0 * scale;
    for (int k = 0; k < labels.size(); ++k) {
        const QColor c = schemeColour(k);
        const double cy = y + fm.height() / 2.0;
        p.setPen(QPen(c, 1.6 * scale));
        p.drawLine(QPointF(lx, cy), QPointF(lx + 3.0 * marker, cy));
        p.setBrush(c);
        p.setPen(QPen(c.darker(130), scale));
        drawMarker(p, k, QPointF(lx + 1.5 * marker, cy), marker);
        p.setPen(text);
        p.drawText(QPointF(lx + 4.0 * marker, y + fm.ascent()), labels[k]);
        y += fm.height() + 3.0 * scale;
    }
    if (m_result.cancelled) {
        p.setPen(QColor(200, 40, 40));
        p.drawText(QPointF(lx, y + fm.ascent()), tr("cancelled"));
    }
    p.restore();
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
