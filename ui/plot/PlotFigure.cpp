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
// marker labels stack in at most this many rows
constexpr int kMaxMarkerRows = 4;

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

// more points than pixel columns (unit wide): per column the first, lowest, highest and last
// point, in order; the same pixels, every extreme kept
QPolygonF decimate(const QPolygonF& run, double unit, double columns)
{
    if (double(run.size()) < 2.0 * columns + 8.0)
        return run;
    QPolygonF out;
    out.reserve(int(4.0 * columns) + 8);
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
        int keep[4] = {i, std::min(lo, hi), std::max(lo, hi), j - 1};
        int last = -1;
        for (int k : keep)
            if (k != last) {
                out.append(run[k]);
                last = k;
            }
        i = j;
    }
    return out;
}

// pixelRuns and decimate in one pass, for curves much longer than the width: each pixel
// column's first, lowest, highest and last point, without building the full polygon first
std::vector<QPolygonF> reducedRuns(const PlotSeries& s, const Scale& sx, const Scale& sy, double unit, double columns)
{
    const std::size_t n = std::min(s.x.size(), s.y.size());
    if (double(n) < 2.0 * columns + 8.0) {
        std::vector<QPolygonF> runs = pixelRuns(s, sx, sy, s.y);
        return runs;
    }
    std::vector<QPolygonF> runs(1);
    runs.back().reserve(int(4.0 * columns) + 8);
    bool open = false;
    double column = 0.0;
    QPointF first, lo, hi, last;
    std::size_t loAt = 0, hiAt = 0;
    auto flush = [&]() {
        if (!open)
            return;
        QPolygonF& r = runs.back();
        r.append(first);
        const QPointF& a = loAt < hiAt ? lo : hi;
        const QPointF& b = loAt < hiAt ? hi : lo;
        if (a != first)
            r.append(a);
        if (b != a)
            r.append(b);
        if (last != b)
            r.append(last);
        open = false;
    };
    for (std::size_t i = 0; i < n; ++i) {
        const double px = sx(s.x[i]), py = sy(s.y[i]);
        if (!std::isfinite(px) || !std::isfinite(py)) {
            flush();
            if (!runs.back().isEmpty())
                runs.emplace_back();
            continue;
        }
        const QPointF q(px, py);
        const double c = std::floor(px / unit);
        if (!open || c != column) {
            flush();
            open = true;
            column = c;
            first = lo = hi = last = q;
            loAt = hiAt = i;
            continue;
        }
        last = q;
        if (py < lo.y())
            lo = q, loAt = i;
        if (py > hi.y())
            hi = q, hiAt = i;
    }
    flush();
    if (runs.back().isEmpty())
        runs.pop_back();
    return runs;
}

// a band's outline (top left to right, then bottom right to left), reduced to each column's
// envelope when it has more points than columns: the top edge's highest and the bottom edge's
// lowest pixel per column (screen y grows down)
QPolygonF bandOutline(const std::vector<QPointF>& top, const std::vector<QPointF>& low, double unit, double columns)
{
    QPolygonF poly;
    const bool reduce = double(top.size()) > 2.0 * columns + 8.0;
    auto edge = [&](const std::vector<QPointF>& pts, bool upper, QPolygonF& out) {
        if (!reduce) {
            for (const QPointF& q : pts)
                out.append(q);
            return;
        }
        std::size_t i = 0;
        while (i < pts.size()) {
            const double column = std::floor(pts[i].x() / unit);
            std::size_t j = i;
            double y = pts[i].y();
            while (j < pts.size() && std::floor(pts[j].x() / unit) == column) {
                y = upper ? std::min(y, pts[j].y()) : std::max(y, pts[j].y());
                ++j;
            }
            out.append(QPointF(pts[i].x(), y));
            if (j - 1 > i)
                out.append(QPointF(pts[j - 1].x(), y));
            i = j;
        }
    };
    edge(top, true, poly);
    QPolygonF bottom;
    edge(low, false, bottom);
    for (int k = bottom.size(); k-- > 0;)
        poly.append(bottom[k]);
    return poly;
}

// Sutherland-Hodgman: the polygon clipped to the rectangle (exact, no clip path needed)
QPolygonF clipPolygon(const QPolygonF& in, const QRectF& r)
{
    QPolygonF poly = in;
    for (int edge = 0; edge < 4 && !poly.isEmpty(); ++edge) {
        auto inside = [&](const QPointF& q) {
            switch (edge) {
            case 0:
                return q.x() >= r.left();
            case 1:
                return q.x() <= r.right();
            case 2:
                return q.y() >= r.top();
            default:
                return q.y() <= r.bottom();
            }
        };
        auto cross = [&](const QPointF& a, const QPointF& b) {
            double t = 0.0;
            switch (edge) {
            case 0:
                t = (r.left() - a.x()) / (b.x() - a.x());
                break;
            case 1:
                t = (r.right() - a.x()) / (b.x() - a.x());
                break;
            case 2:
                t = (r.top() - a.y()) / (b.y() - a.y());
                break;
            default:
                t = (r.bottom() - a.y()) / (b.y() - a.y());
                break;
            }
            return a + t * (b - a);
        };
        QPolygonF out;
        out.reserve(poly.size() + 8);
        for (int i = 0; i < poly.size(); ++i) {
            const QPointF& cur = poly[i];
            const QPointF& prev = poly[(i + poly.size() - 1) % poly.size()];
            const bool ci = inside(cur), pi = inside(prev);
            if (ci) {
                if (!pi)
                    out.append(cross(prev, cur));
                out.append(cur);
            } else if (pi) {
                out.append(cross(prev, cur));
            }
        }
        poly = out;
    }
    return poly;
}

void drawSymbol(QPainter& p, PlotSymbol symbol, const QPointF& c, double r)
{
    switch (symbol) {
    case PlotSymbol::None:
        break;
    case PlotSymbol::Circle:
        p.drawEllipse(c, r, r);
        break;
    case PlotSymbol::Square:
        p.drawRect(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r));
        break;
    case PlotSymbol::Triangle: {
        const QPointF tri[3] = {
            {c.x(), c.y() - 1.2 * r}, {c.x() + 1.1 * r, c.y() + 0.9 * r}, {c.x() - 1.1 * r, c.y() + 0.9 * r}};
        p.drawPolygon(tri, 3);
        break;
    }
    case PlotSymbol::Diamond: {
        const QPointF dia[4] = {
            {c.x(), c.y() - 1.3 * r}, {c.x() + 1.3 * r, c.y()}, {c.x(), c.y() + 1.3 * r}, {c.x() - 1.3 * r, c.y()}};
        p.drawPolygon(dia, 4);
        break;
    }
    case PlotSymbol::TriangleDown: {
        const QPointF tri[3] = {
            {c.x(), c.y() + 1.2 * r}, {c.x() + 1.1 * r, c.y() - 0.9 * r}, {c.x() - 1.1 * r, c.y() - 0.9 * r}};
        p.drawPolygon(tri, 3);
        break;
    }
    }
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
    const int e = s.indexOf(QLatin1Char('e'));
    const double a = std::abs(v);
    if (e >= 0 && a >= 1.0 && a < 1e5) {
        // plain where a reader expects it: 10, not "1e1"; 15, not "2e1" (whole numbers need no
        // exponent below 1e5; the digits asked for are then a minimum)
        const int decimals = std::max(0, digits - 1 - static_cast<int>(std::floor(std::log10(a))));
        s = QString::number(v, 'f', decimals);
        if (s.contains(QLatin1Char('.'))) {
            while (s.endsWith(QLatin1Char('0')))
                s.chop(1);
            if (s.endsWith(QLatin1Char('.')))
                s.chop(1);
        }
        return s;
    }
    // "1e-05" -> "1e-5", "2e+06" -> "2e6"
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
    // the fewest digits that keep the labels apart and read back as their ticks (to a millionth
    // of the spacing: 0.15, not "0.2", which one digit would give and is also apart)
    const double step = ticks.size() > 1 ? std::abs(ticks[1] - ticks[0]) : 0.0;
    for (int digits = 1; digits <= 17; ++digits) {
        std::vector<QString> labels;
        std::set<QString> seen;
        bool ok = true;
        for (double v : ticks) {
            const QString s = axisLabelText(v, digits);
            const double back = s.toDouble();
            ok = ok && seen.insert(s).second && std::abs(back - v) <= 1e-6 * std::max(step, std::abs(v));
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
double plotToPixel(const PlotAxis& a, double v, double p0, double p1)
{
    return Scale(a, p0, p1)(v);
}

double plotFromPixel(const PlotAxis& a, double pixel, double p0, double p1)
{
    const Scale s(a, p0, p1);
    const double v = s.lo + (pixel - p0) / (p1 - p0) * (s.hi - s.lo);
    return a.log ? std::pow(10.0, v) : v;
}

void setDecades(PlotAxis& axis, int lo, int hi, int stride, bool fromTop, bool withMinor)
{
    axis.log = true;
    axis.min = std::pow(10.0, lo);
    axis.max = std::pow(10.0, hi);
    axis.ticks.clear();
    axis.labels.clear();
    axis.minor.clear();
    stride = std::max(1, stride);
    for (int d = lo; d <= hi; ++d) {
        axis.ticks.push_back(std::pow(10.0, d));
        const bool labelled = ((fromTop ? hi - d : d - lo) % stride) == 0;
        axis.labels.push_back(labelled ? QStringLiteral("1e%1").arg(d) : QString());
        if (withMinor && d < hi)
            for (int m = 2; m <= 9; ++m)
                axis.minor.push_back(m * std::pow(10.0, d));
    }
}

namespace {

// fonts and sizes of a figure in a rectangle
struct Style {
    double u, lu;
    QFont labelFont, titleFont;
    QFontMetricsF lm, tm;
    Style(const QRectF& rect, const PlotFigure& fig, const QFont& base, QPaintDevice* device)
        : u(std::max(fig.fontPx, std::min(rect.width(), rect.height()) / 55.0)), lu(u / 13.0),
          labelFont(fontOf(base, u)), titleFont(fontOf(base, 1.08 * u)), lm(labelFont, device), tm(titleFont, device)
    {
    }
    static QFont fontOf(const QFont& base, double px)
    {
        // the family the font resolves to, by name: an SVG reader may not know Qt's aliases
        QFont f = base;
        f.setFamily(QFontInfo(base).family());
        f.setPixelSize(int(std::lround(px)));
        f.setBold(false);
        return f;
    }
};

struct Legend {
    double rowH = 0.0, symbolW = 0.0, pad = 0.0, labelW = 0.0, colW = 0.0;
    int perColumn = 1, columns = 0;
};

Legend legendOf(const QRectF& rect, const PlotFigure& fig, const Style& st)
{
    Legend l;
    l.rowH = st.lm.height();
    l.symbolW = 1.6 * l.rowH;
    l.pad = std::round(0.3 * l.rowH);
    for (const PlotLegendEntry& e : fig.legend)
        l.labelW = std::max(l.labelW, st.lm.horizontalAdvance(e.label));
    if (!fig.legendNote.isEmpty())
        l.labelW = std::max(l.labelW, st.lm.horizontalAdvance(fig.legendNote) - l.symbolW - l.pad);
    l.colW = l.symbolW + l.pad + l.labelW;
    const double legendH = rect.height() - 2.0 * st.u;
    l.perColumn = std::max(1, int(legendH / (l.rowH + l.pad)));
    l.columns = fig.legend.empty() ? 0 : (int(fig.legend.size()) + l.perColumn - 1) / l.perColumn;
    return l;
}

// marker labels in rows from the top of the first panel's area: each right of its line (else
// left of it) in the first row where it stays inside the area, clear of the legend and of the
// labels placed before it; with no room anywhere, elided into the widest gap right of its line
// (or left out when not even a few letters fit)
std::vector<PlotMarkerLabel> placeMarkerLabels(const PlotFigure& fig, const QRectF& area, const QRectF& legend,
                                               const Style& st)
{
    std::vector<PlotMarkerLabel> out;
    const PlotAxis& xAxis = fig.panels.front().x;
    const Scale sx(xAxis, area.left(), area.right());
    if (!sx.valid() || fig.markers.empty())
        return out;
    const double u = st.u, h = st.lm.height(), gap = 0.3 * u;
    const int rows = std::clamp(int((area.height() - 2.0 * gap) / h), 1, kMaxMarkerRows);
    auto free = [&](const QRectF& r) {
        if (r.left() < area.left() || r.right() > area.right() || r.bottom() > area.bottom())
            return false;
        if (!legend.isEmpty() && r.intersects(legend))
            return false;
        for (const PlotMarkerLabel& l : out)
            if (r.intersects(l.rect))
                return false;
        return true;
    };
    const double minWidth = st.lm.horizontalAdvance(QStringLiteral("dt\u2026"));
    for (std::size_t m = 0; m < fig.markers.size(); ++m) {
        const auto& [t, label] = fig.markers[m];
        const double px = sx(t);
        if (label.isEmpty() || !std::isfinite(px) || px < area.left() || px > area.right())
            continue;
        const double w = std::ceil(st.lm.horizontalAdvance(label)) + 1.0;
        bool placed = false;
        for (int r = 0; r < rows && !placed; ++r) {
            const double y = area.top() + gap + double(r) * h;
            for (const QRectF& c : {QRectF(px + gap, y, w, h), QRectF(px - gap - w, y, w, h)})
                if (!placed && free(c)) {
                    out.push_back({m, c, label});
                    placed = true;
                }
        }
        // no room: the widest stretch right of the line in any row, up to the area's edge or
        // the next label, with the text elided into it
        for (int r = 0; r < rows && !placed; ++r) {
            const double y = area.top() + gap + double(r) * h;
            double right = area.right();
            if (!legend.isEmpty() && legend.top() < y + h && legend.bottom() > y && legend.left() > px)
                right = std::min(right, legend.left());
            for (const PlotMarkerLabel& l : out)
                if (l.rect.top() < y + h && l.rect.bottom() > y && l.rect.left() >= px + gap)
                    right = std::min(right, l.rect.left());
            const double room = std::floor(right - (px + gap)) - 1.0;
            if (room < minWidth)
                continue;
            const QRectF c(px + gap, y, room, h);
            if (!free(c))
                continue;
            out.push_back({m, c, st.lm.elidedText(label, Qt::ElideRight, room)});
            placed = true;
        }
    }
    return out;
}

PlotLayout layoutWith(const QRectF& rect, const PlotFigure& fig, const Style& st, const Legend& lg)
{
    PlotLayout out;
    out.unit = st.u;
    const double u = st.u;
    if (fig.panels.empty() || rect.width() < 40.0 || rect.height() < 40.0)
        return out;
    const double right = lg.columns > 0 ? std::min(0.45 * rect.width(), lg.columns * (lg.colW + u) + 1.6 * u) : 1.2 * u;
    // left margin: the widest y tick label, the gap, the rotated title
    double yLabelW = 0.0;
    bool anyYTitle = false;
    for (const PlotPanel& panel : fig.panels) {
        for (const QString& s : panel.y.labels)
            yLabelW = std::max(yLabelW, st.lm.horizontalAdvance(s));
        anyYTitle = anyYTitle || !panel.y.title.isEmpty();
    }
    const double left = 0.5 * u + (anyYTitle ? st.tm.height() + 0.6 * u : 0.0) + yLabelW + 0.5 * u;
    const double titleH = st.tm.height() + 0.2 * u; // a panel's own title above it
    const double top = 0.9 * u + (fig.title.isEmpty() ? 0.0 : st.tm.height() + 0.4 * u);
    const PlotPanel& last = fig.panels.back();
    const double bottom = 0.5 * u + (last.x.labels.empty() ? 0.0 : st.lm.height() + 0.3 * u) +
                          (last.x.title.isEmpty() ? 0.0 : st.tm.height() + 0.3 * u);
    const double gap = 1.1 * u;
    const double plotW = rect.width() - left - right;
    double weights = 0.0, titles = 0.0;
    for (const PlotPanel& panel : fig.panels) {
        weights += std::max(panel.weight, 0.0);
        titles += panel.title.isEmpty() ? 0.0 : titleH;
    }
    const double plotH = rect.height() - top - bottom - titles - gap * double(fig.panels.size() - 1);
    if (plotW < 20.0 || plotH < 20.0 || weights <= 0.0)
        return out;
    double y0 = rect.top() + top;
    for (const PlotPanel& panel : fig.panels) {
        y0 += panel.title.isEmpty() ? 0.0 : titleH;
        const double h = plotH * std::max(panel.weight, 0.0) / weights;
        out.areas.emplace_back(rect.left() + left, y0, plotW, h);
        y0 += h + gap;
    }
    if (lg.columns > 0) {
        const int rows = std::min(lg.perColumn, int(fig.legend.size()));
        out.legend = QRectF(rect.left() + left + plotW + 1.2 * u, rect.top() + top, lg.columns * (lg.colW + u) - u,
                            rows * (lg.rowH + lg.pad));
    }
    out.markerLabels = placeMarkerLabels(fig, out.areas.front(), out.legend, st);
    return out;
}

} // namespace

PlotLayout layoutFigure(const QRectF& rect, const PlotFigure& fig, const QFont& font, QPaintDevice* device)
{
    const Style st(rect, fig, font, device);
    return layoutWith(rect, fig, st, legendOf(rect, fig, st));
}

PlotLayout paintFigure(QPainter& p, const QRectF& rect, const PlotFigure& fig)
{
    const Style st(rect, fig, p.font(), p.device());
    const Legend lg = legendOf(rect, fig, st);
    const PlotLayout layout = layoutWith(rect, fig, st, lg);
    if (!layout.valid())
        return layout;
    const double u = st.u, lu = st.lu;
    const QFontMetricsF& lm = st.lm;
    const QFontMetricsF& tm = st.tm;
    p.save();
    p.setRenderHint(QPainter::Antialiasing);

    if (!fig.title.isEmpty()) {
        const QRectF& a0 = layout.areas.front();
        p.setFont(st.titleFont);
        p.setPen(kTitle);
        p.drawText(QRectF(a0.left(), rect.top() + 0.5 * u, a0.width(), tm.height()),
                   Qt::AlignHCenter | Qt::AlignVCenter, fig.title);
    }

    for (std::size_t k = 0; k < fig.panels.size(); ++k) {
        const PlotPanel& panel = fig.panels[k];
        const QRectF& area = layout.areas[k];
        const Scale sx(panel.x, area.left(), area.right());
        const Scale sy(panel.y, area.bottom(), area.top());
        if (!sx.valid() || !sy.valid())
            continue;
        const double columns = area.width() / lu; // pixel columns

        if (!panel.title.isEmpty()) {
            p.setFont(st.titleFont);
            p.setPen(kTitle);
            p.drawText(QRectF(area.left(), area.top() - tm.height() - 0.2 * u, area.width(), tm.height()),
                       Qt::AlignHCenter | Qt::AlignVCenter, panel.title);
        }

        // grid: minor lines faint, then the ticks'
        QColor faint = kGrid;
        faint.setAlpha(110);
        for (const auto& [lines, colour] : {std::pair(&panel.y.minor, faint), std::pair(&panel.y.ticks, kGrid)}) {
            p.setPen(QPen(colour, 1.0 * lu));
            for (double t : *lines)
                if (const double py = sy(t); py >= area.top() - 0.01 && py <= area.bottom() + 0.01)
                    p.drawLine(QPointF(area.left(), py), QPointF(area.right(), py));
        }
        for (const auto& [lines, colour] : {std::pair(&panel.x.minor, faint), std::pair(&panel.x.ticks, kGrid)}) {
            p.setPen(QPen(colour, 1.0 * lu));
            for (double t : *lines)
                if (const double px = sx(t); px >= area.left() - 0.01 && px <= area.right() + 0.01)
                    p.drawLine(QPointF(px, area.top()), QPointF(px, area.bottom()));
        }

        // bands, then lines, in the panel's order
        for (const PlotSeries& s : panel.series) {
            if (s.yLow.empty())
                continue;
            const std::size_t n = std::min({s.x.size(), s.y.size(), s.yLow.size()});
            std::vector<QPointF> top, low;
            top.reserve(n);
            low.reserve(n);
            for (std::size_t i = 0; i < n; ++i) {
                const double px = sx(s.x[i]), pt = sy(s.y[i]), pl = sy(s.yLow[i]);
                if (std::isfinite(px) && std::isfinite(pt) && std::isfinite(pl)) {
                    top.emplace_back(px, pt);
                    low.emplace_back(px, pl);
                }
            }
            if (top.size() < 2)
                continue;
            const QPolygonF poly = clipPolygon(bandOutline(top, low, lu, columns), area);
            if (poly.size() < 3)
                continue;
            p.setPen(Qt::NoPen);
            p.setBrush(s.fill);
            p.drawPolygon(poly);
        }
        p.setBrush(Qt::NoBrush);
        for (const PlotSeries& s : panel.series) {
            if (s.colour.alpha() == 0 || !s.joined)
                continue; // a band without an edge, or points alone
            QPen pen(s.colour, std::max(0.5, s.width * lu));
            pen.setStyle(s.style);
            pen.setCapStyle(Qt::FlatCap);
            // bevel joins: a curve of thousands of short segments strokes several times faster
            // than with round ones, and looks the same at a pixel's size
            pen.setJoinStyle(Qt::BevelJoin);
            if (!s.yLow.empty())
                pen.setWidthF(std::max(0.5, 1.0 * lu)); // a band's edge
            p.setPen(pen);
            for (const QPolygonF& run : reducedRuns(s, sx, sy, lu, columns))
                drawClippedLine(p, decimate(run, lu, columns), area);
        }
        // point symbols
        for (const PlotSeries& s : panel.series) {
            if (s.symbol == PlotSymbol::None)
                continue;
            const double r = 0.32 * lm.height() * s.symbolSize;
            p.setBrush(s.colour);
            p.setPen(QPen(s.colour.darker(130), 1.0 * lu));
            for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
                if (const QPointF c(sx(s.x[i]), sy(s.y[i]));
                    std::isfinite(c.x()) && std::isfinite(c.y()) && area.adjusted(-r, -r, r, r).contains(c))
                    drawSymbol(p, s.symbol, c, r);
            p.setBrush(Qt::NoBrush);
        }

        // parameter markers: dashed across every panel, labelled in the first where the layout
        // placed them
        for (const auto& [t, label] : fig.markers) {
            const double px = sx(t);
            if (!std::isfinite(px) || px < area.left() || px > area.right())
                continue;
            QPen pen(kMarker, 1.2 * lu);
            pen.setStyle(Qt::DashLine);
            p.setPen(pen);
            p.drawLine(QPointF(px, area.top()), QPointF(px, area.bottom()));
        }
        if (k == 0) {
            p.setFont(st.labelFont);
            p.setPen(kMarkerText);
            for (const PlotMarkerLabel& l : layout.markerLabels)
                p.drawText(l.rect, Qt::AlignLeft | Qt::AlignVCenter, l.text);
        }

        // axes (or a frame), tick labels, titles
        p.setPen(QPen(kAxis, 1.0 * lu));
        if (fig.frame) {
            p.drawRect(area);
        } else {
            p.drawLine(area.bottomLeft(), area.topLeft());
            p.drawLine(area.bottomLeft(), area.bottomRight());
        }
        p.setFont(st.labelFont);
        p.setPen(kLabel);
        double yLabelW = 0.0;
        for (const PlotPanel& q : fig.panels)
            for (const QString& s : q.y.labels)
                yLabelW = std::max(yLabelW, lm.horizontalAdvance(s));
        for (std::size_t i = 0; i < panel.y.ticks.size() && i < panel.y.labels.size(); ++i) {
            const double py = sy(panel.y.ticks[i]);
            if (panel.y.labels[i].isEmpty() || !(py >= area.top() - 0.5 && py <= area.bottom() + 0.5))
                continue;
            p.drawText(QRectF(area.left() - 0.5 * u - yLabelW - u, py - lm.height(), yLabelW + u, 2.0 * lm.height()),
                       Qt::AlignRight | Qt::AlignVCenter, panel.y.labels[i]);
        }
        // a narrow plot labels every n-th tick, n the fewest that keeps the labels apart (at
        // 1024 px the energy plot is 300 px wide: six labels ran into one another)
        std::size_t every = 1;
        if (panel.x.ticks.size() > 1) {
            double widest = 0.0;
            for (const QString& s : panel.x.labels)
                widest = std::max(widest, double(lm.horizontalAdvance(s)));
            const double spacing = std::abs(sx(panel.x.ticks[1]) - sx(panel.x.ticks[0]));
            if (spacing > 0.0)
                every = std::max<std::size_t>(1, std::size_t(std::ceil((widest + u) / spacing)));
        }
        for (std::size_t i = 0; i < panel.x.ticks.size() && i < panel.x.labels.size(); ++i) {
            const double px = sx(panel.x.ticks[i]);
            if (panel.x.labels[i].isEmpty() || i % every != 0 || !(px >= area.left() - 0.5 && px <= area.right() + 0.5))
                continue;
            p.drawText(QRectF(px - 5.0 * u, area.bottom() + 0.3 * u, 10.0 * u, lm.height()),
                       Qt::AlignHCenter | Qt::AlignTop, panel.x.labels[i]);
        }
        p.setFont(st.titleFont);
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
        if (!panel.note.isEmpty()) {
            p.setFont(st.labelFont);
            p.setPen(panel.noteColour);
            p.drawText(area.adjusted(0.5 * u, 0.3 * u, -0.5 * u, -0.3 * u),
                       Qt::AlignTop | Qt::AlignLeft | Qt::TextWordWrap, panel.note);
        }
    }

    // legend right of the plot area, from its top
    if (lg.columns > 0) {
        p.setFont(st.labelFont);
        const double lx0 = layout.legend.left();
        for (std::size_t i = 0; i < fig.legend.size(); ++i) {
            const PlotLegendEntry& e = fig.legend[i];
            const int c = int(i) / lg.perColumn, r = int(i) % lg.perColumn;
            const double lx = lx0 + c * (lg.colW + u);
            const double ly = layout.legend.top() + r * (lg.rowH + lg.pad);
            const QRectF symbol(lx, ly + 0.15 * lg.rowH, lg.symbolW, 0.7 * lg.rowH);
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
                // on a pixel row's centre, so a thick swatch has full rows of its colour
                const double cy = std::floor(symbol.center().y()) + 0.5;
                p.drawLine(QPointF(symbol.left(), cy), QPointF(symbol.right(), cy));
                if (e.symbol != PlotSymbol::None) {
                    p.setBrush(e.colour);
                    p.setPen(QPen(e.colour.darker(130), 1.0 * lu));
                    drawSymbol(p, e.symbol, symbol.center(), 0.32 * lm.height());
                    p.setBrush(Qt::NoBrush);
                }
            }
            p.setPen(kTitle);
            p.drawText(QRectF(lx + lg.symbolW + lg.pad, ly, lg.labelW + 1.0, lg.rowH), Qt::AlignLeft | Qt::AlignVCenter,
                       e.label);
        }
        if (!fig.legendNote.isEmpty()) {
            p.setPen(fig.legendNoteColour);
            const int rows = std::min(lg.perColumn, int(fig.legend.size()));
            p.drawText(QPointF(lx0, layout.legend.top() + rows * (lg.rowH + lg.pad) + lm.ascent()), fig.legendNote);
        }
    }
    p.restore();
    return layout;
}

} // namespace tumble::ui
