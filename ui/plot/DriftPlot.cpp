#include "plot/DriftPlot.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace tumble::ui {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// ticks at 1, 2 or 5 x 10^k covering [lo, hi], about target of them
std::vector<double> niceTicks(double lo, double hi, int target)
{
    std::vector<double> ticks;
    double span = hi - lo;
    if (!(span > 0.0) || !std::isfinite(span))
        return ticks;
    const double raw = span / target;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double r = raw / mag;
    const double step = (r < 1.5 ? 1.0 : r < 3.0 ? 2.0 : r < 7.0 ? 5.0 : 10.0) * mag;
    for (double v = std::ceil(lo / step) * step; v <= hi + 1e-9 * step; v += step)
        ticks.push_back(std::abs(v) < 1e-9 * step ? 0.0 : v);
    return ticks;
}

// [lo, hi] of the finite values, padded by 5 %, never empty
void linearRange(const std::vector<const std::vector<double>*>& data, bool withZero, double& lo, double& hi)
{
    lo = std::numeric_limits<double>::infinity();
    hi = -lo;
    for (const auto* v : data)
        for (double x : *v)
            if (std::isfinite(x)) {
                lo = std::min(lo, x);
                hi = std::max(hi, x);
            }
    if (lo > hi)
        lo = hi = 0.0;
    if (withZero) {
        lo = std::min(lo, 0.0);
        hi = std::max(hi, 0.0);
    }
    const double span = hi - lo;
    const double pad = span > 0.0 ? 0.05 * span : std::max(std::abs(hi) * 0.1, 1e-12);
    lo -= pad;
    hi += pad;
}

QString tickLabel(double v)
{
    return QString::number(v, 'g', 3);
}

} // namespace

DriftPlot::DriftPlot(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setMouseTracking(true);
    setToolTip(QString());
}

// ------------------------------------------------------------------------------------------------
void DriftPlot::setLane(int id, const QString& name, const QColor& colour)
{
    for (Series& s : m_series)
        if (s.id == id) {
            s.name = name;
            s.colour = colour;
            update();
            return;
        }
    Series s;
    s.id = id;
    s.name = name;
    s.colour = colour;
    m_series.push_back(std::move(s));
    update();
}

void DriftPlot::removeLane(int id)
{
    m_series.erase(std::remove_if(m_series.begin(), m_series.end(), [id](const Series& s) { return s.id == id; }),
                   m_series.end());
    update();
}

void DriftPlot::appendSamples(int id, const std::vector<LaneSample>& samples)
{
    if (samples.empty())
        return;
    for (Series& s : m_series) {
        if (s.id != id)
            continue;
        for (const LaneSample& ls : samples) {
            s.index.push_back(ls.index);
            s.samples.push_back(ls.energy);
            // E0: the lane's first sample, the scene's initial state
            const EnergySample& first = s.samples.front();
            const double e0 = first.total();
            const double scale = std::abs(e0) > 0.0 ? std::abs(e0) : 1.0;
            s.drift.push_back((ls.energy.total() + ls.energy.dissipated - e0) / scale);
        }
        update();
        return;
    }
}

void DriftPlot::clear()
{
    m_series.clear();
    update();
}

void DriftPlot::setAxis(Axis axis)
{
    m_axis = axis;
    update();
}

void DriftPlot::setTerm(Term term)
{
    m_term = term;
    update();
}

QString DriftPlot::termName(Term term)
{
    switch (term) {
    case Term::Kinetic:
        return tr("kinetic");
    case Term::Potential:
        return tr("gravity");
    case Term::Elastic:
        return tr("elastic");
    case Term::Dissipated:
        return tr("dissipated");
    case Term::Total:
        return tr("total");
    case Term::None:
        break;
    }
    return tr("none");
}

double DriftPlot::termValue(const EnergySample& e, Term term)
{
    switch (term) {
    case Term::Kinetic:
        return e.kineticTranslational + e.kineticRotational;
    case Term::Potential:
        return e.potentialGravity;
    case Term::Elastic:
        return e.elastic;
    case Term::Dissipated:
        return e.dissipated;
    case Term::Total:
        return e.total();
    case Term::None:
        break;
    }
    return kNaN;
}

// ------------------------------------------------------------------------------------------------
const DriftPlot::Series* DriftPlot::find(int id) const
{
    for (const Series& s : m_series)
        if (s.id == id)
            return &s;
    return nullptr;
}

std::vector<int> DriftPlot::laneIds() const
{
    std::vector<int> ids;
    for (const Series& s : m_series)
        ids.push_back(s.id);
    return ids;
}

std::vector<double> DriftPlot::times(int id) const
{
    std::vector<double> t;
    if (const Series* s = find(id))
        for (const EnergySample& e : s->samples)
            t.push_back(e.time);
    return t;
}

std::vector<double> DriftPlot::drift(int id) const
{
    const Series* s = find(id);
    return s ? s->drift : std::vector<double>{};
}

std::vector<double> DriftPlot::termValues(int id) const
{
    std::vector<double> v;
    if (const Series* s = find(id); s && m_term != Term::None)
        for (const EnergySample& e : s->samples)
            v.push_back(termValue(e, m_term));
    return v;
}

// ------------------------------------------------------------------------------------------------
DriftPlot::Layout DriftPlot::layout(const QRectF& rect, const QFontMetricsF& fm) const
{
    Layout l;
    const double left = rect.left() + fm.horizontalAdvance(QStringLiteral("-8.88e-88")) + 12;
    // the legend sits right of the plot, so it never hides a curve
    double legend = 0.0;
    for (const Series& s : m_series)
        legend = std::max(legend, fm.horizontalAdvance(s.name) + 52);
    const double right = rect.right() - 12 - legend;
    const double top = rect.top() + fm.height() * 1.6;
    const double bottom = rect.bottom() - fm.height() * 2.2;
    const double h = bottom - top;
    if (m_term == Term::None) {
        l.driftArea = QRectF(QPointF(left, top), QPointF(right, bottom));
    } else {
        const double gap = fm.height() * 1.6;
        const double dh = 0.62 * (h - gap);
        l.driftArea = QRectF(left, top, right - left, dh);
        l.termArea = QRectF(QPointF(left, top + dh + gap), QPointF(right, bottom));
    }
    l.t0 = 0.0;
    double t1 = 0.0;
    for (const Series& s : m_series)
        if (!s.samples.empty() && std::isfinite(s.samples.back().time))
            t1 = std::max(t1, s.samples.back().time);
    l.t1 = t1 > l.t0 ? t1 : l.t0 + std::max(m_interval, 1e-9);
    return l;
}

double DriftPlot::timeAt(double x) const
{
    const Layout l = layout(QRectF(rect()), QFontMetricsF(font()));
    if (x < l.driftArea.left() || x > l.driftArea.right())
        return kNaN;
    return l.t0 + (x - l.driftArea.left()) / l.driftArea.width() * (l.t1 - l.t0);
}

QStringList DriftPlot::hoverLines(double t) const
{
    QStringList lines;
    lines << tr("t = %1 s").arg(t, 0, 'g', 5);
    for (const Series& s : m_series) {
        if (s.samples.empty())
            continue;
        // the sample nearest to t
        auto it = std::lower_bound(s.samples.begin(), s.samples.end(), t,
                                   [](const EnergySample& e, double v) { return e.time < v; });
        std::size_t i = std::size_t(it - s.samples.begin());
        if (i == s.samples.size() || (i > 0 && std::abs(s.samples[i - 1].time - t) < std::abs(s.samples[i].time - t)))
            i = i > 0 ? i - 1 : 0;
        QString line = tr("%1: drift %2").arg(s.name).arg(s.drift[i], 0, 'e', 3);
        if (m_term != Term::None)
            line += tr(", %1 %2 J").arg(termName(m_term)).arg(termValue(s.samples[i], m_term), 0, 'g', 5);
        lines << line;
    }
    return lines;
}

// ------------------------------------------------------------------------------------------------
void DriftPlot::paintPlot(QPainter& p, const QRectF& rect) const
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect, palette().base());
    const QFontMetricsF fm(p.font());
    const Layout l = layout(rect, fm);
    const QColor text = palette().color(QPalette::Text);
    QPen grid(palette().color(QPalette::Mid));
    grid.setStyle(Qt::DotLine);
    const QRectF& a = l.driftArea;
    if (a.width() < 20 || a.height() < 20) {
        p.restore();
        return;
    }
    auto xOf = [&](double t) { return a.left() + (t - l.t0) / (l.t1 - l.t0) * a.width(); };

    p.setPen(text);
    const QString title = m_axis == Axis::Log
                              ? tr("|relative energy drift|  |total + dissipated \xe2\x88\x92 E0| / |E0|  (log)")
                              : tr("relative energy drift  (total + dissipated \xe2\x88\x92 E0) / |E0|");
    p.drawText(QRectF(a.left(), rect.top(), a.width(), fm.height() * 1.5), Qt::AlignCenter, title);

    // drift axis
    std::function<double(double)> yOf;
    if (m_axis == Axis::Log) {
        double lo = 1.0, hi = kFloor;
        for (const Series& s : m_series)
            for (double d : s.drift)
                if (std::isfinite(d) && d != 0.0) { // t = 0 is exactly 0 by definition
                    lo = std::min(lo, std::max(std::abs(d), kFloor));
                    hi = std::max(hi, std::max(std::abs(d), kFloor));
                }
        int bottom = int(std::floor(std::log10(std::max(lo, kFloor))));
        int top = int(std::ceil(std::log10(hi) + 1e-9));
        if (top - bottom < 2)
            bottom = top - 2;
        const int decades = top - bottom;
        const int stride = decades > 10 ? 3 : decades > 5 ? 2 : 1;
        yOf = [=](double d) {
            const double v = std::log10(std::max(std::abs(d), kFloor));
            return a.bottom() - (v - bottom) / decades * a.height();
        };
        for (int d = bottom; d <= top; ++d) {
            const double y = a.bottom() - double(d - bottom) / decades * a.height();
            p.setPen(grid);
            p.drawLine(QPointF(a.left(), y), QPointF(a.right(), y));
            if ((top - d) % stride == 0) {
                p.setPen(text);
                p.drawText(QRectF(rect.left(), y - fm.height() / 2, a.left() - rect.left() - 5, fm.height()),
                           Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("1e%1").arg(d));
            }
        }
    } else {
        std::vector<const std::vector<double>*> data;
        for (const Series& s : m_series)
            data.push_back(&s.drift);
        double lo = 0, hi = 0;
        linearRange(data, true, lo, hi);
        yOf = [=](double d) { return a.bottom() - (d - lo) / (hi - lo) * a.height(); };
        for (double v : niceTicks(lo, hi, 5)) {
            const double y = yOf(v);
            p.setPen(grid);
            p.drawLine(QPointF(a.left(), y), QPointF(a.right(), y));
            p.setPen(text);
            p.drawText(QRectF(rect.left(), y - fm.height() / 2, a.left() - rect.left() - 5, fm.height()),
                       Qt::AlignRight | Qt::AlignVCenter, tickLabel(v));
        }
    }
    // time axis, under the lowest panel
    const QRectF& lowest = l.termArea.isEmpty() ? a : l.termArea;
    for (double t : niceTicks(l.t0, l.t1, 8)) {
        const double x = xOf(t);
        p.setPen(grid);
        p.drawLine(QPointF(x, a.top()), QPointF(x, a.bottom()));
        if (!l.termArea.isEmpty())
            p.drawLine(QPointF(x, l.termArea.top()), QPointF(x, l.termArea.bottom()));
        p.setPen(text);
        p.drawText(QRectF(x - 40, lowest.bottom() + 2, 80, fm.height()), Qt::AlignHCenter | Qt::AlignTop, tickLabel(t));
    }
    p.drawText(QRectF(lowest.left(), lowest.bottom() + fm.height(), lowest.width(), fm.height() * 1.2),
               Qt::AlignHCenter | Qt::AlignTop, tr("simulated time (s)"));
    p.setPen(text);
    p.drawRect(a);

    // earlier lanes are drawn wider, so a curve another one covers exactly still shows
    auto widthOf = [&](const Series& s) {
        const std::size_t i = std::size_t(&s - m_series.data());
        return 1.4 + 0.35 * double(m_series.size() - 1 - i);
    };
    auto drawCurve = [&](const Series& s, const std::vector<double>& v, const std::function<double(double)>& y,
                         const QRectF& area, Qt::PenStyle style) {
        // at most four points per pixel column (first, lowest, highest, last, in sample order):
        // the same picture as every sample, at a cost bounded by the width, not the run length
        std::vector<QPolygonF> runs(1);
        int column = std::numeric_limits<int>::min();
        QPointF first, low, high, last;
        std::size_t lowAt = 0, highAt = 0;
        bool open = false;
        auto flush = [&]() {
            if (!open)
                return;
            QPolygonF& r = runs.back();
            r << first;
            if (lowAt < highAt)
                r << low << high;
            else
                r << high << low;
            r << last;
            open = false;
        };
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (!std::isfinite(v[i]) || !std::isfinite(s.samples[i].time)) {
                flush();
                if (!runs.back().isEmpty())
                    runs.emplace_back();
                continue;
            }
            const QPointF pt(xOf(s.samples[i].time), std::clamp(y(v[i]), area.top(), area.bottom()));
            const int c = int(std::floor(pt.x()));
            if (!open || c != column) {
                flush();
                column = c;
                first = low = high = last = pt;
                lowAt = highAt = i;
                open = true;
                continue;
            }
            last = pt;
            if (pt.y() > low.y()) { // screen y grows downwards
                low = pt;
                lowAt = i;
            }
            if (pt.y() < high.y()) {
                high = pt;
                highAt = i;
            }
        }
        flush();
        QPen line(s.colour, widthOf(s));
        line.setJoinStyle(Qt::RoundJoin);
        line.setStyle(style);
        p.setPen(line);
        for (const QPolygonF& r : runs)
            if (r.size() >= 2)
                p.drawPolyline(r);
    };
    p.save();
    p.setClipRect(a.adjusted(-1, -1, 1, 1));
    for (const Series& s : m_series)
        drawCurve(s, s.drift, yOf, a, Qt::SolidLine);
    p.restore();

    // the chosen term, J
    if (!l.termArea.isEmpty()) {
        const QRectF& b = l.termArea;
        std::vector<std::vector<double>> values;
        std::vector<const std::vector<double>*> data;
        for (const Series& s : m_series)
            values.push_back(termValues(s.id));
        for (const auto& v : values)
            data.push_back(&v);
        double lo = 0, hi = 0;
        linearRange(data, false, lo, hi);
        auto yTerm = [=](double v) { return b.bottom() - (v - lo) / (hi - lo) * b.height(); };
        for (double v : niceTicks(lo, hi, 3)) {
            const double y = yTerm(v);
            p.setPen(grid);
            p.drawLine(QPointF(b.left(), y), QPointF(b.right(), y));
            p.setPen(text);
            p.drawText(QRectF(rect.left(), y - fm.height() / 2, b.left() - rect.left() - 5, fm.height()),
                       Qt::AlignRight | Qt::AlignVCenter, tickLabel(v));
        }
        p.setPen(text);
        p.drawText(QRectF(b.left(), b.top() - fm.height() * 1.4, b.width(), fm.height() * 1.3), Qt::AlignCenter,
                   tr("%1 energy per lane (J), dashed").arg(termName(m_term)));
        p.drawRect(b);
        p.save();
        p.setClipRect(b.adjusted(-1, -1, 1, 1));
        for (std::size_t i = 0; i < m_series.size(); ++i)
            drawCurve(m_series[i], values[i], yTerm, b, Qt::DashLine);
        p.restore();
    }

    // legend, right of the drift panel
    if (!m_series.empty()) {
        double w = 0;
        for (const Series& s : m_series)
            w = std::max(w, fm.horizontalAdvance(s.name));
        const double rowH = fm.height() + 4;
        const QRectF box(a.right() + 8, a.top(), w + 44, rowH * double(m_series.size()) + 8);
        QColor bg = palette().color(QPalette::Base);
        bg.setAlpha(225);
        p.setBrush(bg);
        p.setPen(palette().color(QPalette::Mid));
        p.drawRect(box);
        p.setBrush(Qt::NoBrush);
        double y = box.top() + 4;
        for (const Series& s : m_series) {
            p.setPen(QPen(s.colour, 3));
            p.drawLine(QPointF(box.left() + 6, y + rowH / 2), QPointF(box.left() + 30, y + rowH / 2));
            p.setPen(text);
            p.drawText(QRectF(box.left() + 36, y, w + 4, rowH), Qt::AlignLeft | Qt::AlignVCenter, s.name);
            y += rowH;
        }
    }
    p.restore();
}

void DriftPlot::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    paintPlot(p, QRectF(rect()));
    // hover: a cursor line and the values under it (on screen only, not in exports)
    if (m_hoverX < 0 || m_series.empty())
        return;
    const double t = timeAt(m_hoverX);
    if (!std::isfinite(t))
        return;
    const Layout l = layout(QRectF(rect()), QFontMetricsF(font()));
    p.setPen(QPen(palette().color(QPalette::Dark), 1, Qt::DashLine));
    const double bottom = l.termArea.isEmpty() ? l.driftArea.bottom() : l.termArea.bottom();
    p.drawLine(QPointF(m_hoverX, l.driftArea.top()), QPointF(m_hoverX, bottom));
    const QStringList lines = hoverLines(t);
    const QFontMetricsF fm(font());
    double w = 0;
    for (const QString& s : lines)
        w = std::max(w, fm.horizontalAdvance(s));
    const double rowH = fm.height() + 1;
    QRectF box(m_hoverX + 10, l.driftArea.top() + 8, w + 12, rowH * lines.size() + 8);
    if (box.right() > l.driftArea.right())
        box.moveRight(m_hoverX - 10);
    QColor bg = palette().color(QPalette::ToolTipBase);
    bg.setAlpha(235);
    p.setBrush(bg);
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(box);
    double y = box.top() + 4;
    for (int i = 0; i < lines.size(); ++i) {
        p.setPen(i == 0 ? palette().color(QPalette::ToolTipText) : m_series[std::size_t(i - 1)].colour.darker(130));
        p.drawText(QRectF(box.left() + 6, y, w + 4, rowH), Qt::AlignLeft | Qt::AlignVCenter, lines[i]);
        y += rowH;
    }
}

void DriftPlot::mouseMoveEvent(QMouseEvent* event)
{
    m_hoverX = event->position().x();
    update();
}

void DriftPlot::leaveEvent(QEvent*)
{
    m_hoverX = -1;
    update();
}

// ------------------------------------------------------------------------------------------------
QString DriftPlot::csvText() const
{
    auto clean = [](QString s) {
        return s.replace(QLatin1Char(','), QLatin1Char(';')).replace(QLatin1Char('\n'), QLatin1Char(' '));
    };
    auto num = [](double v) { return QString::asprintf("%.17g", v); };
    QString out = QStringLiteral("time");
    long long rows = 0;
    for (const Series& s : m_series) {
        out += QLatin1Char(',') + clean(s.name + QStringLiteral(" drift"));
        if (m_term != Term::None)
            out += QLatin1Char(',') + clean(s.name + QLatin1Char(' ') + termName(m_term) + QStringLiteral(" (J)"));
        if (!s.index.empty())
            rows = std::max(rows, s.index.back() + 1);
    }
    out += QLatin1Char('\n');
    std::vector<std::size_t> at(m_series.size(), 0);
    for (long long k = 0; k < rows; ++k) {
        // the shared sample time; without an interval, the first lane's own time
        double t = double(k) * m_interval;
        if (!(m_interval > 0.0))
            for (std::size_t j = 0; j < m_series.size(); ++j)
                if (at[j] < m_series[j].index.size() && m_series[j].index[at[j]] == k) {
                    t = m_series[j].samples[at[j]].time;
                    break;
                }
        out += num(t);
        for (std::size_t j = 0; j < m_series.size(); ++j) {
            const Series& s = m_series[j];
            const bool has = at[j] < s.index.size() && s.index[at[j]] == k;
            out += QLatin1Char(',');
            if (has)
                out += num(s.drift[at[j]]);
            if (m_term != Term::None) {
                out += QLatin1Char(',');
                if (has)
                    out += num(termValue(s.samples[at[j]], m_term));
            }
            if (has)
                ++at[j];
        }
        out += QLatin1Char('\n');
    }
    return out;
}

} // namespace tumble::ui
