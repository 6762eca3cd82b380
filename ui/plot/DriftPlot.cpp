#include "plot/DriftPlot.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include "energy/EnergyTerms.h"

namespace tumble::ui {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// the envelope bands: translucent, so every lane's line and band show through
constexpr int kBandAlpha = 50;

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

std::vector<QString> labelsOf(const std::vector<double>& ticks)
{
    std::vector<QString> out;
    for (double v : ticks)
        out.push_back(QString::number(v, 'g', 3));
    return out;
}

// the group of the table of energy terms a term shows
EnergyGroup groupOf(DriftPlot::Term term)
{
    switch (term) {
    case DriftPlot::Term::Kinetic:
        return EnergyGroup::Kinetic;
    case DriftPlot::Term::Potential:
        return EnergyGroup::Potential;
    case DriftPlot::Term::Elastic:
        return EnergyGroup::Elastic;
    case DriftPlot::Term::Dissipated:
        return EnergyGroup::Dissipated;
    case DriftPlot::Term::Total:
    case DriftPlot::Term::None:
        break;
    }
    return EnergyGroup::Total;
}

} // namespace

DriftPlot::DriftPlot(QWidget* parent) : PlotView(parent)
{
    setHoverEnabled(true);
    setInteractive(true);
    setZoomKeepsFollowing(true);
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
    Series* s = nullptr;
    for (Series& x : m_series)
        if (x.id == id)
            s = &x;
    if (!s)
        return;
    for (const LaneSample& ls : samples) {
        // E0: the lane's first sample, the scene's initial state
        if (!s->haveE0) {
            s->haveE0 = true;
            s->e0 = ls.energy.total();
        }
        const double e0 = s->e0;
        const double scale = std::abs(e0) > 0.0 ? std::abs(e0) : 1.0;
        // the same monotone formula on the value and the range's ends: the value stays inside
        auto drift = [&](double budget) { return (budget - e0) / scale; };
        Bucket b;
        b.key = ls.index >> m_level;
        b.last = ls.index;
        b.time = ls.energy.time;
        b.drift = drift(ls.energy.total() + ls.energy.dissipated);
        const EnergyRange& r = ls.envelope.totalPlusDissipated;
        const bool ok = !ls.envelope.empty() && std::isfinite(r.min) && std::isfinite(r.max) &&
                        drift(r.min) <= b.drift && b.drift <= drift(r.max);
        b.driftLo = ok ? drift(r.min) : b.drift;
        b.driftHi = ok ? drift(r.max) : b.drift;
        // the group energies: the sample's, their ranges over the samples a bucket merges
        for (int g = 0; g < kEnergyGroupCount; ++g)
            b.group[std::size_t(g)] = b.groupLo[std::size_t(g)] = b.groupHi[std::size_t(g)] =
                energyGroupValue(ls.energy, EnergyGroup(g));
        if (!s->buckets.empty() && s->buckets.back().key == b.key)
            mergeInto(s->buckets.back(), b);
        else
            s->buckets.push_back(b);
        if (s->buckets.size() >= m_maxSamples)
            halve();
    }
    update();
}

void DriftPlot::mergeInto(Bucket& earlier, const Bucket& later)
{
    // the later sample's values, the union of the ranges
    earlier.last = later.last;
    earlier.time = later.time;
    earlier.drift = later.drift;
    earlier.driftLo = std::min(earlier.driftLo, later.driftLo);
    earlier.driftHi = std::max(earlier.driftHi, later.driftHi);
    for (std::size_t g = 0; g < earlier.group.size(); ++g) {
        earlier.group[g] = later.group[g];
        earlier.groupLo[g] = std::min(earlier.groupLo[g], later.groupLo[g]);
        earlier.groupHi[g] = std::max(earlier.groupHi[g], later.groupHi[g]);
    }
}

void DriftPlot::halve()
{
    // every lane at once, so a bucket key means the same sample numbers in every lane
    ++m_level;
    for (Series& s : m_series) {
        std::size_t n = 0;
        for (std::size_t i = 0; i < s.buckets.size(); ++i) {
            Bucket b = s.buckets[i];
            b.key >>= 1;
            if (n > 0 && s.buckets[n - 1].key == b.key)
                mergeInto(s.buckets[n - 1], b);
            else
                s.buckets[n++] = b;
        }
        s.buckets.resize(n);
    }
}

void DriftPlot::setMaxSamples(std::size_t n)
{
    m_maxSamples = std::max<std::size_t>(4, n);
    for (;;) {
        std::size_t most = 0;
        for (const Series& s : m_series)
            most = std::max(most, s.buckets.size());
        if (most < m_maxSamples)
            break;
        halve();
    }
}

std::size_t DriftPlot::storedSamples() const
{
    std::size_t n = 0;
    for (const Series& s : m_series)
        n += s.buckets.size();
    return n;
}

std::size_t DriftPlot::storedBytes() const
{
    std::size_t n = 0;
    for (const Series& s : m_series)
        n += s.buckets.capacity() * sizeof(Bucket);
    return n;
}

void DriftPlot::clear()
{
    m_series.clear();
    m_level = 0;
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
    return term == Term::None ? kNaN : energyGroupValue(e, groupOf(term));
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

std::vector<double> DriftPlot::column(int id, double Bucket::*field) const
{
    std::vector<double> out;
    if (const Series* s = find(id))
        for (const Bucket& b : s->buckets)
            out.push_back(b.*field);
    return out;
}

std::vector<double> DriftPlot::groupColumn(int id, std::array<double, kEnergyGroupCount> Bucket::*field) const
{
    std::vector<double> out;
    if (m_term == Term::None)
        return out;
    const std::size_t g = std::size_t(groupOf(m_term));
    if (const Series* s = find(id))
        for (const Bucket& b : s->buckets)
            out.push_back((b.*field)[g]);
    return out;
}

std::vector<double> DriftPlot::times(int id) const
{
    return column(id, &Bucket::time);
}

std::vector<double> DriftPlot::drift(int id) const
{
    return column(id, &Bucket::drift);
}

std::vector<double> DriftPlot::driftLow(int id) const
{
    return column(id, &Bucket::driftLo);
}

std::vector<double> DriftPlot::driftHigh(int id) const
{
    return column(id, &Bucket::driftHi);
}

std::pair<double, double> DriftPlot::magnitudeRange(double lo, double hi)
{
    const double top = std::max(std::abs(lo), std::abs(hi));
    const double bottom = lo <= 0.0 && hi >= 0.0 ? 0.0 : std::min(std::abs(lo), std::abs(hi));
    return {std::max(bottom, kFloor), std::max(top, kFloor)};
}

std::vector<double> DriftPlot::termValues(int id) const
{
    return groupColumn(id, &Bucket::group);
}

std::vector<double> DriftPlot::termLow(int id) const
{
    return groupColumn(id, &Bucket::groupLo);
}

std::vector<double> DriftPlot::termHigh(int id) const
{
    return groupColumn(id, &Bucket::groupHi);
}

// ------------------------------------------------------------------------------------------------
double DriftPlot::timeAt(double x) const
{
    const PlotLayout l = currentLayout();
    if (!l.valid() || x < l.areas[0].left() || x > l.areas[0].right())
        return kNaN;
    return plotFromPixel(figure().panels[0].x, x, l.areas[0].left(), l.areas[0].right());
}

QStringList DriftPlot::hoverLines(double t) const
{
    QStringList lines;
    lines << tr("t = %1 s").arg(t, 0, 'g', 5);
    for (const Series& s : m_series) {
        if (s.buckets.empty())
            continue;
        // the bucket nearest to t
        auto it = std::lower_bound(s.buckets.begin(), s.buckets.end(), t,
                                   [](const Bucket& b, double v) { return b.time < v; });
        std::size_t i = std::size_t(it - s.buckets.begin());
        if (i == s.buckets.size() || (i > 0 && std::abs(s.buckets[i - 1].time - t) < std::abs(s.buckets[i].time - t)))
            i = i > 0 ? i - 1 : 0;
        const Bucket& b = s.buckets[i];
        QString line = tr("%1: drift %2").arg(s.name).arg(b.drift, 0, 'e', 3);
        if (m_term != Term::None)
            line += tr(", %1 %2 J").arg(termName(m_term)).arg(b.group[std::size_t(groupOf(m_term))], 0, 'g', 5);
        lines << line;
    }
    return lines;
}

std::vector<QColor> DriftPlot::hoverColours() const
{
    std::vector<QColor> c{palette().color(QPalette::ToolTipText)};
    for (const Series& s : m_series)
        if (!s.buckets.empty())
            c.push_back(s.colour.darker(130));
    return c;
}

// ------------------------------------------------------------------------------------------------
PlotFigure DriftPlot::figure() const
{
    PlotFigure fig;
    fig.frame = true;
    // time: from 0 to the latest sample of any lane
    double t1 = 0.0;
    for (const Series& s : m_series)
        if (!s.buckets.empty() && std::isfinite(s.buckets.back().time))
            t1 = std::max(t1, s.buckets.back().time);
    const auto [x0, x1] = shownX(0.0, t1 > 0.0 ? t1 : std::max(m_interval, 1e-9));
    PlotAxis x;
    x.min = x0;
    x.max = x1;
    x.ticks = niceTicks(x0, x1, 8);

    PlotPanel drift;
    drift.weight = 0.62;
    drift.x = x;
    drift.title = m_axis == Axis::Log
                      ? tr("|relative energy drift|  |total + dissipated \xe2\x88\x92 E0| / |E0|  (log)")
                      : tr("relative energy drift  (total + dissipated \xe2\x88\x92 E0) / |E0|");
    if (m_axis == Axis::Log) {
        double lo = 1.0, hi = kFloor;
        for (const Series& s : m_series)
            for (const Bucket& b : s.buckets)
                for (double d : {b.drift, b.driftLo, b.driftHi})
                    if (std::isfinite(d) && d != 0.0) { // t = 0 is exactly 0 by definition
                        lo = std::min(lo, std::max(std::abs(d), kFloor));
                        hi = std::max(hi, std::max(std::abs(d), kFloor));
                    }
        int bottom = int(std::floor(std::log10(std::max(lo, kFloor))));
        const int top = int(std::ceil(std::log10(hi) + 1e-9));
        if (top - bottom < 2)
            bottom = top - 2;
        const int decades = top - bottom;
        setDecades(drift.y, bottom, top, decades > 10 ? 3 : decades > 5 ? 2 : 1, true);
        const auto [lo2, hi2] = shownY(0, drift.y.min, drift.y.max);
        drift.y.min = lo2;
        drift.y.max = hi2;
    } else {
        std::vector<std::vector<double>> columns;
        for (const Series& s : m_series) {
            columns.push_back(driftLow(s.id));
            columns.push_back(driftHigh(s.id));
        }
        std::vector<const std::vector<double>*> data;
        for (const auto& c : columns)
            data.push_back(&c);
        double lo = 0, hi = 0;
        linearRange(data, true, lo, hi);
        std::tie(drift.y.min, drift.y.max) = shownY(0, lo, hi);
        drift.y.ticks = niceTicks(drift.y.min, drift.y.max, 5);
        drift.y.labels = labelsOf(drift.y.ticks);
    }
    // earlier lanes are drawn wider, so a curve another one covers exactly still shows
    auto widthOf = [&](std::size_t i) { return (1.4 + 0.35 * double(m_series.size() - 1 - i)) * 13.0 / 11.0; };
    // the envelopes first, translucent, under every line
    for (const Series& s : m_series) {
        PlotSeries band;
        band.colour = Qt::transparent;
        band.fill = s.colour;
        band.fill.setAlpha(kBandAlpha);
        bool wide = false;
        for (const Bucket& b : s.buckets) {
            band.x.push_back(b.time);
            double lo = b.driftLo, hi = b.driftHi;
            wide = wide || lo != hi;
            if (m_axis == Axis::Log && std::isfinite(lo) && std::isfinite(hi))
                std::tie(lo, hi) = magnitudeRange(lo, hi);
            band.yLow.push_back(lo);
            band.y.push_back(hi);
        }
        if (wide)
            drift.series.push_back(std::move(band));
    }
    const std::size_t firstLine = drift.series.size();
    for (std::size_t i = 0; i < m_series.size(); ++i) {
        const Series& s = m_series[i];
        PlotSeries c;
        c.label = s.name;
        c.colour = s.colour;
        c.width = widthOf(i);
        c.x.reserve(s.buckets.size());
        c.y.reserve(s.buckets.size());
        for (const Bucket& b : s.buckets) {
            c.x.push_back(b.time);
            c.y.push_back(m_axis == Axis::Log && std::isfinite(b.drift) ? std::max(std::abs(b.drift), kFloor)
                                                                        : b.drift);
        }
        drift.series.push_back(std::move(c));
        fig.legend.push_back({s.name, s.colour, 4.0, Qt::SolidLine, QColor()});
    }
    fig.panels.push_back(std::move(drift));

    // the chosen term, J, dashed
    if (m_term != Term::None) {
        PlotPanel term;
        term.weight = 0.38;
        term.x = x;
        term.title = tr("%1 energy per lane (J), dashed").arg(termName(m_term));
        std::vector<std::vector<double>> values, lows, highs;
        std::vector<const std::vector<double>*> data;
        for (const Series& s : m_series) {
            values.push_back(termValues(s.id));
            lows.push_back(termLow(s.id));
            highs.push_back(termHigh(s.id));
        }
        for (std::size_t i = 0; i < values.size(); ++i) {
            data.push_back(&lows[i]);
            data.push_back(&highs[i]);
        }
        double lo = 0, hi = 0;
        linearRange(data, false, lo, hi);
        std::tie(term.y.min, term.y.max) = shownY(1, lo, hi);
        term.y.ticks = niceTicks(term.y.min, term.y.max, 3);
        term.y.labels = labelsOf(term.y.ticks);
        // merged buckets: the range of the samples each stands for, translucent, under the lines
        for (std::size_t i = 0; i < m_series.size() && m_level > 0; ++i) {
            PlotSeries band;
            band.colour = Qt::transparent;
            band.fill = m_series[i].colour;
            band.fill.setAlpha(kBandAlpha);
            band.x = fig.panels[0].series[firstLine + i].x;
            band.y = std::move(highs[i]);
            band.yLow = std::move(lows[i]);
            term.series.push_back(std::move(band));
        }
        for (std::size_t i = 0; i < m_series.size(); ++i) {
            PlotSeries c;
            c.colour = m_series[i].colour;
            c.width = widthOf(i);
            c.style = Qt::DashLine;
            c.x = fig.panels[0].series[firstLine + i].x;
            c.y = std::move(values[i]);
            term.series.push_back(std::move(c));
        }
        fig.panels.push_back(std::move(term));
    }
    PlotPanel& lowest = fig.panels.back();
    lowest.x.labels = labelsOf(lowest.x.ticks);
    lowest.x.title = tr("simulated time (s)");
    return fig;
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
        if (!s.buckets.empty())
            rows = std::max(rows, s.buckets.back().key + 1);
    }
    // appended, so scripts reading the first columns keep working: each lane's lowest and
    // highest drift over the steps the row's samples stand for
    for (const Series& s : m_series)
        out += QLatin1Char(',') + clean(s.name + QStringLiteral(" drift min")) + QLatin1Char(',') +
               clean(s.name + QStringLiteral(" drift max"));
    out += QLatin1Char('\n');
    // a row per bucket key (per shared sample before any merge); its values are each lane's
    // latest sample in the bucket
    const std::size_t g = std::size_t(groupOf(m_term));
    std::vector<std::size_t> at(m_series.size(), 0);
    auto has = [&](std::size_t j, long long k) {
        return at[j] < m_series[j].buckets.size() && m_series[j].buckets[at[j]].key == k;
    };
    for (long long k = 0; k < rows; ++k) {
        // the shared time of the bucket's latest sample; without an interval, a lane's own time
        long long last = -1;
        double own = double(k);
        for (std::size_t j = 0; j < m_series.size(); ++j)
            if (has(j, k) && m_series[j].buckets[at[j]].last > last) {
                last = m_series[j].buckets[at[j]].last;
                own = m_series[j].buckets[at[j]].time;
            }
        if (last < 0)
            last = ((k + 1) << m_level) - 1;
        out += num(m_interval > 0.0 ? double(last) * m_interval : own);
        for (std::size_t j = 0; j < m_series.size(); ++j) {
            out += QLatin1Char(',');
            if (has(j, k))
                out += num(m_series[j].buckets[at[j]].drift);
            if (m_term != Term::None) {
                out += QLatin1Char(',');
                if (has(j, k))
                    out += num(m_series[j].buckets[at[j]].group[g]);
            }
        }
        for (std::size_t j = 0; j < m_series.size(); ++j) {
            const bool in = has(j, k);
            out += QLatin1Char(',');
            if (in)
                out += num(m_series[j].buckets[at[j]].driftLo);
            out += QLatin1Char(',');
            if (in) {
                out += num(m_series[j].buckets[at[j]].driftHi);
                ++at[j];
            }
        }
        out += QLatin1Char('\n');
    }
    return out;
}

} // namespace tumble::ui
