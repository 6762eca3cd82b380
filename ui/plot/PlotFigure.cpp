#include "plot/PlotFigure.h"

#include <QFontInfo>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QPolygonF>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace tumble::ui {

namespace {

// the on-screen charts' colours (EnergyPlot's styleAxis)
const QColor kGrid(215, 218, 225);
const QColor kAxis(120, 125, 135);
const QColor kLabel(51, 56, 71);
const QColor kTitle(38, 43, 56);
const QColor kMarker(90, 90, 100, 200);
const QColor kMarkerText(56, 56, 71);

// maps data to pixels along one axis of a panel
struct Scale {
    double lo, hi; // data range, log10 units for a log axis
    double p0, p1; // pixels of lo and hi
    bool log;
    Scale(const PlotAxis& a, double pixelLo, double pixelHi)
        : lo(a.log ? std::log10(a.min) : a.min), hi(a.log ? std::log10(a.max) : a.max), p0(pixelLo), p1(pixelHi),
          log(a.log)
    {
    }
    bool valid() const { return std::isfinite(lo) && std::isfinite(hi) && hi > lo; }
    // NaN for values a log axis cannot show
    double operator()(double v) const
    {
        if (log)
            v = v > 0.0 ? std::log10(v) : std::numeric_limits<double>::quiet_NaN();
        return p0 + (v - lo) / (hi - lo) * (p1 - p0);
    }
};

// Liang-Barsky: the part of segment a-b inside r, as parameters [t0, t1]; false when none
bool clipSegment(const QPointF& a, const QPointF& b, const QRectF& r, double& t0, double& t1)
{
    t0 = 0.0;
    t1 = 1.0;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {a.x() - r.left(), r.right() - a.x(), a.y() - r.top(), r.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0.0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    return true;
}

// points in pixels; non-finite ones break the line (returned as separate runs)
std::vector<QPolygonF> pixelRuns(const PlotSeries& s, const Scale& sx, const Scale& sy, const std::vector<double>& ys)
{
    std::vector<QPolygonF> runs(1);
    const std::size_t n = std::min(s.x.size(), ys.size());
    for (std::size_t i = 0; i < n; ++i) {
        const double px = sx(s.x[i]), py = sy(ys[i]);
        if (!std::isfinite(px) || !std::isfinite(py)) {
            if (!runs.back().isEmpty())
                runs.emplace_back();
            continue;
        }
        runs.back().append(QPointF(px, py));
    }
    if (runs.back().isEmpty())
        runs.pop_back();
    return runs;
}

// more points than pixel columns: per column the first, lowest, highest and last, in order
QPolygonF decimate(const QPolygonF& run, double unit)
{
    if (run.size() < 2000)
        return run;
    QPolygonF out;
    int i = 0;
    while (i < run.size()) {
        const double column = std::floor(run[i].x() / unit);
        int j = i, lo = i, hi = i;
        while (j < run.size() && std::floor(run[j].x() / unit) == column) {
            if (run[j].y() < run[lo].y())
                lo = j;
            if (run[j].y() > run[hi].y())
                hi = j;
            ++j;
        }
        std::set<int> keep{i, lo, hi, j - 1};
        for (int k : keep)
            out.append(run[k]);
        i = j;
    }
    return out;
}

void drawClippedLine(QPainter& p, const QPolygonF& run, const QRectF& area)
{
    QPolygonF piece;
    auto flush = [&]() {
        if (piece.size() >= 2)
            p.drawPolyline(piece);
        piece.clear();
    };
    for (int i = 0; i + 1 < run.size(); ++i) {
        double t0, t1;
        const QPointF a = run[i], b = run[i + 1];
        if (!clipSegment(a, b, area, t0, t1)) {
            flush();
            continue;
        }
        const QPointF c = a + t0 * (b - a), d = a + t1 * (b - a);
        if (piece.isEmpty() || t0 > 0.0)
            flush(), piece.append(c);
        piece.append(d);
        if (t1 < 1.0)
            flush();
    }
    flush();
}

QString axisLabelText(double v, int digits)
{
    QString s = QString::number(v, 'g', digits);
    // "1e-05" -> "1e-5", "2e+06" -> "2e6"
    const int e = s.indexOf(QLatin1Char('e'));
    if (e >= 0) {
        QString mant = s.left(e);
        QString exp = s.mid(e + 1);
        const bool neg = exp.startsWith(QLatin1Char('-'));
        if (exp.startsWith(QLatin1Char('+')) || neg)
            exp.remove(0, 1);
        while (exp.size() > 1 && exp.startsWith(QLatin1Char('0')))
            exp.remove(0, 1);
        s = mant + QLatin1Char('e') + (neg ? QStringLiteral("-") : QString()) + exp;
    }
    return s;
}

} // namespace

// ------------------------------------------------------------------------------------------------
std::vector<double> niceTicks(double lo, double hi, int count)
{
    std::vector<double> ticks;
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo) || count < 1)
        return ticks;
    const double raw = (hi - lo) / count;
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / decade;
    const double step = (f < 1.5 ? 1.0 : f < 3.0 ? 2.0 : f < 7.0 ? 5.0 : 10.0) * decade;
    const double k0 = std::ceil(lo / step - 1e-9), k1 = std::floor(hi / step + 1e-9);
    for (double k = k0; k <= k1 && ticks.size() < 100; k += 1.0) {
        double v = k * step;
        if (std::abs(v) < 1e-9 * step)
            v = 0.0;
        ticks.push_back(v);
    }
    return ticks;
}

std::vector<QString> tickLabels(const std::vector<double>& ticks)
{
    // the fewest digits that keep the labels apart (and each within rounding of its tick)
    for (int digits = 1; digits <= 17; ++digits) {
        std::vector<QString> labels;
        std::set<QString> seen;
        bool ok = true;
        for (double v : ticks) {
            const QString s = axisLabelText(v, digits);
            ok = ok && seen.insert(s).second;
            labels.push_back(s);
        }
        if (ok)
            return labels;
    }
    std::vector<QString> labels;
    for (double v : ticks)
        labels.push_back(axisLabelText(v, 17));
    return labels;
}

// ------------------------------------------------------------------------------------------------
void paintFigure(QPainter& p, const QRectF& rect, const PlotFigure& fig)
{
    if (fig.panels.empty() || rect.width() < 40.0 || rect.height() < 40.0)
        return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing);

    // sizes from the rectangle: a label font of ~1/55 of the smaller side, lines in proportion
    const double u = std::max(11.0, std::min(rect.width(), rect.height()) / 55.0);
    const double lu = u / 13.0; // one line-width unit
    // the family the font resolves to, by name: an SVG reader may not know Qt's aliases
    QFont labelFont = p.font();
    labelFont.setFamily(QFontInfo(labelFont).family());
    labelFont.setPixelSize(int(std::lround(u)));
    labelFont.setBold(false);
    QFont titleFont = labelFont;
    titleFont.setPixelSize(int(std::lround(1.08 * u)));
    const QFontMetricsF lm(labelFont, p.device());
    const QFontMetricsF tm(titleFont, p.device());

    // legend: rows of a symbol and a label, in columns when they do not fit the height
    const double rowH = lm.height();
    const double symbolW = 1.6 * rowH, pad = std::round(0.3 * rowH);
    double labelW = 0.0;
    for (const PlotLegendEntry& e : fig.legend)
        labelW = std::max(labelW, lm.horizontalAdvance(e.label));
    const double colW = symbolW + pad + labelW;
    const double legendH = rect.height() - 2.0 * u;
    const int perColumn = std::max(1, int(legendH / (rowH + pad)));
    const int columns = fig.legend.empty() ? 0 : (int(fig.legend.size()) + perColumn - 1) / perColumn;
    const double right = columns > 0 ? std::min(0.45 * rect.width(), columns * (colW + u) + 1.6 * u) : 1.2 * u;

    // left margin: the widest y tick label, the gap, the rotated title
    double yLabelW = 0.0;
    bool anyYTitle = false;
    for (const PlotPanel& panel : fig.panels) {
        for (const QString& s : panel.y.labels)
            yLabelW = std::max(yLabelW, lm.horizontalAdvance(s));
        anyYTitle = anyYTitle || !panel.y.title.isEmpty();
    }
    const double left = 0.5 * u + (anyYTitle ? tm.height() + 0.6 * u : 0.0) + yLabelW + 0.5 * u;
    const double top = 0.9 * u + (fig.title.isEmpty() ? 0.0 : tm.height() + 0.4 * u);
    const PlotPanel& last = fig.panels.back();
    const double bottom = 0.5 * u + (last.x.labels.empty() ? 0.0 : lm.height() + 0.3 * u) +
                          (last.x.title.isEmpty() ? 0.0 : tm.height() + 0.3 * u);
    const double gap = 1.1 * u;
    const double plotW = rect.width() - left - right;
    double weights = 0.0;
    for (const PlotPanel& panel : fig.panels)
        weights += std::max(panel.weight, 0.0);
    const double plotH = rect.height() - top - bottom - gap * double(fig.panels.size() - 1);
    if (plotW < 20.0 || plotH < 20.0 || weights <= 0.0) {
        p.restore();
        return;
    }

    if (!fig.title.isEmpty()) {
        p.setFont(titleFont);
        p.setPen(kTitle);
        p.drawText(QRectF(rect.left() + left, rect.top() + 0.5 * u, plotW, tm.height()),
                   Qt::AlignHCenter | Qt::AlignVCenter, fig.title);
    }

    double y0 = rect.top() + top;
    for (std::size_t k = 0; k < fig.panels.size(); ++k) {
        const PlotPanel& panel = fig.panels[k];
        const double h = plotH * std::max(panel.weight, 0.0) / weights;
        const QRectF area(rect.left() + left, y0, plotW, h);
        y0 += h + gap;
        const Scale sx(panel.x, area.left(), area.right());
        const Scale sy(panel.y, area.bottom(), area.top());
        if (!sx.valid() || !sy.valid())
            continue;

        // grid at the ticks
        p.setPen(QPen(kGrid, 1.0 * lu));
        for (double t : panel.y.ticks)
            if (const double py = sy(t); py >= area.top() - 0.01 && py <= area.bottom() + 0.01)
                p.drawLine(QPointF(area.left(), py), QPointF(area.right(), py));
        for (double t : panel.x.ticks)
            if (const double px = sx(t); px >= area.left() - 0.01 && px <= area.right() + 0.01)
                p.drawLine(QPointF(px, area.top()), QPointF(px, area.bottom()));

        // bands, then lines, in the panel's order
        for (const PlotSeries& s : panel.series) {
            if (s.yLow.empty())
                continue;
            const std::size_t n = std::min({s.x.size(), s.y.size(), s.yLow.size()});
            QPolygonF poly;
            for (std::size_t i = 0; i < n; ++i)
                if (const double px = sx(s.x[i]), py = sy(s.y[i]); std::isfinite(px) && std::isfinite(py))
                    poly.append(QPointF(px, py));
            for (std::size_t i = n; i-- > 0;)
                if (const double px = sx(s.x[i]), py = sy(s.yLow[i]); std::isfinite(px) && std::isfinite(py))
                    poly.append(QPointF(px, py));
            if (poly.size() < 3)
                continue;
            QPainterPath band;
            band.addPolygon(poly);
            band.closeSubpath();
            QPainterPath clip;
            clip.addRect(area);
            p.setPen(Qt::NoPen);
            p.setBrush(s.fill);
            p.drawPath(band.intersected(clip));
        }
        p.setBrush(Qt::NoBrush);
        for (const PlotSeries& s : panel.series) {
            QPen pen(s.colour, std::max(0.5, s.width * lu));
            pen.setStyle(s.style);
            pen.setCapStyle(Qt::FlatCap);
            pen.setJoinStyle(Qt::RoundJoin);
            if (!s.yLow.empty())
                pen.setWidthF(std::max(0.5, 1.0 * lu)); // a band's edge
            p.setPen(pen);
            for (const QPolygonF& run : pixelRuns(s, sx, sy, s.y))
                drawClippedLine(p, decimate(run, 0.5 * lu), area);
        }

        // parameter markers: dashed across every panel, labelled in the first
        int row = 0;
        for (const auto& [t, label] : fig.markers) {
            const double px = sx(t);
            if (!std::isfinite(px) || px < area.left() || px > area.right())
                continue;
            QPen pen(kMarker, 1.2 * lu);
            pen.setStyle(Qt::DashLine);
            p.setPen(pen);
            p.drawLine(QPointF(px, area.top()), QPointF(px, area.bottom()));
            if (k == 0 && !label.isEmpty()) {
                p.setFont(labelFont);
                p.setPen(kMarkerText);
                p.drawText(QPointF(px + 0.3 * u, area.top() + 0.3 * u + lm.ascent() + double(row) * lm.height()),
                           label);
                row = (row + 1) % 3;
            }
        }

        // axes on the left and bottom, tick labels, titles
        p.setPen(QPen(kAxis, 1.0 * lu));
        p.drawLine(area.bottomLeft(), area.topLeft());
        p.drawLine(area.bottomLeft(), area.bottomRight());
        p.setFont(labelFont);
        p.setPen(kLabel);
        for (std::size_t i = 0; i < panel.y.ticks.size() && i < panel.y.labels.size(); ++i) {
            const double py = sy(panel.y.ticks[i]);
            if (!(py >= area.top() - 0.5 && py <= area.bottom() + 0.5))
                continue;
            p.drawText(QRectF(area.left() - 0.5 * u - yLabelW - u, py - lm.height(), yLabelW + u, 2.0 * lm.height()),
                       Qt::AlignRight | Qt::AlignVCenter, panel.y.labels[i]);
        }
        for (std::size_t i = 0; i < panel.x.ticks.size() && i < panel.x.labels.size(); ++i) {
            const double px = sx(panel.x.ticks[i]);
            if (!(px >= area.left() - 0.5 && px <= area.right() + 0.5))
                continue;
            p.drawText(QRectF(px - 5.0 * u, area.bottom() + 0.3 * u, 10.0 * u, lm.height()),
                       Qt::AlignHCenter | Qt::AlignTop, panel.x.labels[i]);
        }
        p.setFont(titleFont);
        p.setPen(kTitle);
        if (!panel.y.title.isEmpty()) {
            p.save();
            p.translate(rect.left() + 0.5 * u, area.center().y());
            p.rotate(-90.0);
            p.drawText(QRectF(-area.height(), 0.0, 2.0 * area.height(), tm.height()), Qt::AlignHCenter | Qt::AlignTop,
                       panel.y.title);
            p.restore();
        }
        if (!panel.x.title.isEmpty()) {
            const double ty = area.bottom() + 0.3 * u + (panel.x.labels.empty() ? 0.0 : lm.height() + 0.3 * u);
            p.drawText(QRectF(area.left(), ty, area.width(), tm.height()), Qt::AlignHCenter | Qt::AlignTop,
                       panel.x.title);
        }
    }

    // legend right of the plot area, from its top
    if (columns > 0) {
        p.setFont(labelFont);
        const double lx0 = rect.left() + left + plotW + 1.2 * u;
        for (std::size_t i = 0; i < fig.legend.size(); ++i) {
            const PlotLegendEntry& e = fig.legend[i];
            const int c = int(i) / perColumn, r = int(i) % perColumn;
            const double lx = lx0 + c * (colW + u);
            const double ly = rect.top() + top + r * (rowH + pad);
            const QRectF symbol(lx, ly + 0.15 * rowH, symbolW, 0.7 * rowH);
            if (e.fill.isValid()) {
                p.setPen(QPen(e.colour, 1.0 * lu));
                p.setBrush(e.fill);
                p.drawRect(symbol);
                p.setBrush(Qt::NoBrush);
            } else {
                QPen pen(e.colour, std::max(0.5, e.width * lu));
                pen.setStyle(e.style);
                pen.setCapStyle(Qt::FlatCap);
                p.setPen(pen);
                p.drawLine(QPointF(symbol.left(), symbol.center().y()), QPointF(symbol.right(), symbol.center().y()));
            }
            p.setPen(kTitle);
            p.drawText(QRectF(lx + symbolW + pad, ly, labelW + 1.0, rowH), Qt::AlignLeft | Qt::AlignVCenter, e.label);
        }
    }
    p.restore();
}

} // namespace tumble::ui
