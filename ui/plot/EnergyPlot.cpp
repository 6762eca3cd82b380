#include "plot/EnergyPlot.h"

#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

namespace tumble::ui {

namespace {

using Term = EnergyPlot::Term;
constexpr int kTerms = EnergyPlot::TermCount;

// |E0| below this is treated as zero energy (the relative error divides by it), J
constexpr double kTinyEnergy = 1e-30;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

constexpr const char* kTopEdgeLabel = "total + dissipated";
constexpr const char* kBudgetLabel = "E0 + external work";
const QColor kTopEdgeColour(20, 20, 20);
// the envelope bands: translucent, so the lines and other bands show through
constexpr int kBandAlpha = 55;
constexpr const char* kBandNote = "shaded: min\u2013max";
const QColor kBandNoteColour(90, 95, 110);

QColor colourOf(const EnergyTerm& t, int alpha = 255)
{
    return QColor(int((t.rgb >> 16) & 0xff), int((t.rgb >> 8) & 0xff), int(t.rgb & 0xff), alpha);
}
// the total thicker, a remainder ("other", not a mechanism) dashed
double widthOf(const EnergyTerm& t)
{
    return t.group == EnergyGroup::Total ? 3.0 : 2.0;
}
Qt::PenStyle styleOf(const EnergyTerm& t)
{
    return t.rule == EnergyRule::Remainder ? Qt::DashLine : Qt::SolidLine;
}
const char* stackedLabelOf(const EnergyTerm& t)
{
    return t.stackedLabel ? t.stackedLabel : t.label;
}

// the plotted terms in legend order: the total first, then the table's order
const std::vector<Term>& legendOrder()
{
    static const std::vector<Term> order = [] {
        std::vector<Term> o;
        for (const EnergyTerm& t : kEnergyTerms)
            if (t.plotted && t.group == EnergyGroup::Total)
                o.push_back(t.id);
        for (const EnergyTerm& t : kEnergyTerms)
            if (t.plotted && t.group != EnergyGroup::Total)
                o.push_back(t.id);
        return o;
    }();
    return order;
}

// the row the stack is measured from (its lowest value in the run at the bottom)
constexpr Term kBase = [] {
    for (const EnergyTerm& t : kEnergyTerms)
        if (t.stack == EnergyStack::Base)
            return t.id;
    return EnergyPlot::GravityPotential;
}();

// an energy range narrower than this fraction of its magnitude is widened to it: below, the
// plot would show rounding in the last few bits (and the offset label would need 17 digits)
constexpr double kRelativeSpanFloor = 1e-12;

// 1, 2 or 5 times a power of ten, near x > 0
double niceStep(double x)
{
    const double decade = std::pow(10.0, std::floor(std::log10(x)));
    const double f = x / decade;
    return (f < 1.5 ? 1.0 : f < 3.0 ? 2.0 : f < 7.0 ? 5.0 : 10.0) * decade;
}

// floor(log10(x)) for x > 0, robust to log10 landing just below an exact power of ten
int decadeOf(double x)
{
    return int(std::floor(std::log10(x) + 1e-9));
}

// x with `digits` significant digits in scientific notation, trailing zeros dropped:
// "1.681210346e-3" (no exponent when it is 0)
std::string scientific(double x, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*e", std::clamp(digits, 1, 17) - 1, x);
    std::string s(buf);
    const std::size_t e = s.find('e');
    std::string mantissa = s.substr(0, e);
    const int exponent = std::atoi(s.c_str() + e + 1);
    if (mantissa.find('.') != std::string::npos) {
        mantissa.erase(mantissa.find_last_not_of('0') + 1);
        if (mantissa.back() == '.')
            mantissa.pop_back();
    }
    return exponent == 0 ? mantissa : mantissa + "e" + std::to_string(exponent);
}

// the error axis' labelled decades, top first: every few decades, at most five labels
std::vector<int> labelledDecades(int loExp, int hiExp)
{
    const int stride = std::max(1, (hiExp - loExp + 3) / 4);
    std::vector<int> out;
    for (int e = hiExp; e >= loExp; e -= stride)
        out.push_back(e);
    return out;
}

const char* energyTitle(EnergyPlotMode mode)
{
    return mode == EnergyPlotMode::Stacked ? "stacked energy (J)" : "energy (J)";
}

} // namespace

const std::vector<Term>& EnergyPlot::stackOrder()
{
    static const std::vector<Term> order = [] {
        std::vector<Term> o;
        for (EnergyStack s : {EnergyStack::Base, EnergyStack::Band, EnergyStack::Top})
            for (const EnergyTerm& t : kEnergyTerms)
                if (t.stack == s)
                    o.push_back(t.id);
        return o;
    }();
    return order;
}

// ------------------------------------------------------------------------------------------------
EnergyPlot::EnergyPlot(QWidget* parent) : PlotView(parent)
{
    setInteractive(true);
    setZoomKeepsFollowing(true);
    setHoverEnabled(true);
    setToolTip(tr("Wheel to zoom (the view keeps following the run), drag to pan (the view stops following), "
                  "double-click to follow the whole run again."));
    clear();
}

EnergyPlot::~EnergyPlot() = default;

const char* EnergyPlot::termLabel(Term term)
{
    return energyTerm(term).label;
}
const char* EnergyPlot::topEdgeLabel()
{
    return kTopEdgeLabel;
}
const char* EnergyPlot::termCsvName(Term term)
{
    return energyTerm(term).name;
}

bool EnergyPlot::termShown(Term term) const
{
    const EnergyTerm& t = energyTerm(term);
    return t.plotted && (t.group == EnergyGroup::Total || m_seen[std::size_t(term)]);
}

// ------------------------------------------------------------------------------------------------
void EnergyPlot::clear()
{
    clearHistory();
    m_level = 0;
    m_markers.clear();
    m_haveE0 = false;
    m_externalWorkSeen = false;
    m_e0 = 0.0;
    m_seen.fill(false);
    m_potRef = m_potMin = 0.0;
    setFollowsRun(true);
    scheduleRepaint();
}

void EnergyPlot::clearHistory()
{
    m_time.clear();
    for (auto& v : m_values)
        v.clear();
    m_relError.clear();
    for (auto& v : m_lo)
        v.clear();
    for (auto* a : {&m_vLo, &m_vHi})
        for (auto& v : *a)
            v.clear();
    m_relVLo.clear();
    m_relVHi.clear();
    for (auto& v : m_hi)
        v.clear();
    m_relLo.clear();
    m_relHi.clear();
    m_steps.clear();
    m_dt.clear();
    m_hasPending = false;
    m_lastRelError = 0.0;
    m_potMin = m_potRef;
    m_tMax = 0.0;
    m_termMin.fill(kInf);
    m_termMax.fill(-kInf);
    m_stackMin.assign(stackOrder().size(), kInf);
    m_stackMax.assign(stackOrder().size(), -kInf);
    m_budgetMin = kInf;
    m_budgetMax = -kInf;
    m_rMin = kInf;
    m_rMax = -kInf;
}

void EnergyPlot::cutAfter(double t)
{
    // the plotted samples up to t (and the pending one, if it is), replayed into an empty
    // history at the same merge level; the axes' extrema are taken again from what is left
    std::vector<Row> rows;
    for (std::size_t i = 0; i < m_time.size() && m_time[i] <= t; ++i)
        rows.push_back(rowAt(i));
    if (m_hasPending && m_pending.time <= t)
        rows.push_back(m_pending);
    clearHistory();
    for (const Row& row : rows) {
        extend(row);
        push(row);
    }
    m_lastRelError = rows.empty() ? 0.0 : rows.back().rel;
    scheduleRepaint();
}

void EnergyPlot::extend(const Row& row)
{
    const std::vector<Term>& stack = stackOrder();
    m_potMin = std::min(m_potMin, row.v[kBase]);
    for (std::size_t k = 0; k < std::size_t(kTerms); ++k) {
        m_termMin[k] = std::min(m_termMin[k], row.lo[k]);
        m_termMax[k] = std::max(m_termMax[k], row.hi[k]);
    }
    double acc = 0.0;
    for (std::size_t k = 0; k < stack.size(); ++k) {
        const double x = stack[k] == kBase ? row.v[kBase] - m_potRef : row.v[std::size_t(stack[k])];
        acc = k == 0 ? x : acc + x;
        m_stackMin[k] = std::min(m_stackMin[k], acc);
        m_stackMax[k] = std::max(m_stackMax[k], acc);
    }
    const double budget = (m_e0 - m_potRef) + row.v[ExternalWork];
    m_budgetMin = std::min(m_budgetMin, budget);
    m_budgetMax = std::max(m_budgetMax, budget);
    m_rMin = std::min(m_rMin, row.relLo);
    m_rMax = std::max(m_rMax, row.relHi);
    m_tMax = std::max(m_tMax, row.time);
}

void EnergyPlot::setMode(EnergyPlotMode mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    update();
}

// ------------------------------------------------------------------------------------------------
void EnergyPlot::appendSnapshot(const FrameSnapshot& s)
{
    const long long revision = s.scene ? s.scene->revision : 0;
    if (revision != m_revision) {
        clear();
        m_revision = revision;
        m_cutSerial = s.timeline.cutSerial;
        // the new run's samples are those the snapshot carries, numbered from its first chunk
        m_nextSeq = s.energy.empty() ? 0 : s.energy.front()->seqBegin;
    }
    if (s.timeline.cutSerial != m_cutSerial) {
        // the run resumed from an earlier state: what followed it is no longer this run's
        m_cutSerial = s.timeline.cutSerial;
        cutAfter(s.timeline.cutTime);
        m_nextSeq = std::max(m_nextSeq, s.timeline.cutSeq);
    }
    // scrubbed back: a cursor at the moment shown
    const double cursor = s.timeline.scrubbed() ? s.time : kNaN;
    if (!(cursor == m_cursor || (std::isnan(cursor) && std::isnan(m_cursor)))) {
        m_cursor = cursor;
        scheduleRepaint();
    }

    const std::vector<Term>& stack = stackOrder();
    std::vector<double> sums(stack.size());
    bool added = false;
    Row row;
    for (const auto& chunk : s.energy) {
        if (chunk->seqEnd() <= m_nextSeq)
            continue; // plotted already
        for (std::size_t i = 0; i < chunk->samples.size(); ++i) {
            const long long seq = chunk->seqBegin + static_cast<long long>(i);
            if (seq < m_nextSeq)
                continue;
            m_nextSeq = seq + 1;
            const EnergySample& e = chunk->samples[i];
            const EnergyEnvelope env = chunk->envelope(i);
            std::array<double, kTerms>& v = row.v;
            for (int k = 0; k < kTerms; ++k) {
                v[std::size_t(k)] = energyTermValue(e, Term(k));
                // the envelope holds the value; without one (or a broken one) the sample alone
                const EnergyRange& r = env.terms[std::size_t(k)];
                const bool ok = r.contains(v[std::size_t(k)]) && std::isfinite(r.min) && std::isfinite(r.max);
                row.lo[std::size_t(k)] = ok ? r.min : v[std::size_t(k)];
                row.hi[std::size_t(k)] = ok ? r.max : v[std::size_t(k)];
            }
            // the first sample sets E0 and the potential the stacked sums are measured from
            const double e0 = m_haveE0 ? m_e0 : v[Total];
            const double potRef = m_haveE0 ? m_potRef : v[kBase];
            double acc = 0.0;
            for (std::size_t k = 0; k < stack.size(); ++k) {
                const double x = stack[k] == kBase ? v[kBase] - potRef : v[std::size_t(stack[k])];
                acc = k == 0 ? x : acc + x;
                sums[k] = acc;
            }
            const double budget = (e0 - potRef) + v[ExternalWork];
            // a non-finite sample (a blow-up) would poison the ranges: skip it whole
            bool finite = std::isfinite(e.time) && std::isfinite(e.balanceError) && std::isfinite(budget);
            for (double x : v)
                finite = finite && std::isfinite(x);
            for (double x : sums)
                finite = finite && std::isfinite(x);
            if (!finite)
                continue;
            if (!m_haveE0) {
                m_haveE0 = true;
                m_e0 = e0;
                m_potRef = m_potMin = potRef;
            }
            for (std::size_t k = 0; k < std::size_t(kTerms); ++k)
                m_seen[k] = m_seen[k] || v[k] != 0.0 || row.lo[k] != 0.0 || row.hi[k] != 0.0;
            // |balance error| over the interval: 0 when it changed sign; the same monotone
            // formula on the value and on the range's ends, so the value stays inside. Relative
            // to |E0| + |external work|: a drive that pumps energy into a scene at rest (E0 ~ 0)
            // is measured against the work it did (Wang's relative error); |E0| without one.
            const double work = std::abs(v[ExternalWork]);
            m_externalWorkSeen = m_externalWorkSeen || work > 0.0;
            const double scale = std::max(std::abs(m_e0) + work, kTinyEnergy);
            auto relative = [scale](double err) { return std::max(std::abs(err) / scale, kErrorFloor); };
            const double bLo = row.lo[BalanceError], bHi = row.hi[BalanceError];
            row.rel = relative(e.balanceError);
            row.vLo = row.vHi = v;
            row.relVLo = row.relVHi = row.rel;
            row.relLo = bLo <= 0.0 && bHi >= 0.0 ? kErrorFloor : std::min(relative(bLo), relative(bHi));
            row.relHi = std::max(relative(bLo), relative(bHi));
            m_lastRelError = row.rel;
            row.time = e.time;
            row.steps = env.steps;
            row.dt = env.dt;
            row.count = 1;
            extend(row);
            take(row);
            added = true;
        }
    }

    // markers: the snapshot's list is immutable and shared; take it when it is a new one
    if (m_markers.take(s))
        added = true;
    if (added)
        scheduleRepaint();
}

// ------------------------------------------------------------------------------------------------
void EnergyPlot::setBalanceShown(bool shown)
{
    if (shown == m_balanceShown)
        return;
    m_balanceShown = shown;
    scheduleRepaint();
}

void EnergyPlot::setMaxSamples(std::size_t n)
{
    m_maxSamples = std::max<std::size_t>(4, n);
    while (m_time.size() >= m_maxSamples)
        halve();
}

void EnergyPlot::mergeInto(Row& earlier, const Row& later)
{
    // the later state's values, the union of both ranges, their steps added up
    for (std::size_t k = 0; k < std::size_t(kTerms); ++k) {
        earlier.lo[k] = std::min(earlier.lo[k], later.lo[k]);
        earlier.hi[k] = std::max(earlier.hi[k], later.hi[k]);
    }
    for (std::size_t k = 0; k < std::size_t(kTerms); ++k) {
        earlier.vLo[k] = std::min(earlier.vLo[k], later.vLo[k]);
        earlier.vHi[k] = std::max(earlier.vHi[k], later.vHi[k]);
    }
    earlier.relVLo = std::min(earlier.relVLo, later.relVLo);
    earlier.relVHi = std::max(earlier.relVHi, later.relVHi);
    earlier.v = later.v;
    earlier.relLo = std::min(earlier.relLo, later.relLo);
    earlier.relHi = std::max(earlier.relHi, later.relHi);
    earlier.rel = later.rel;
    earlier.time = later.time;
    earlier.steps += later.steps;
    earlier.dt = later.dt;
    earlier.count += later.count;
}

void EnergyPlot::take(const Row& row)
{
    // at merge level L a plotted sample stands for 2^L recorded ones: collect them first
    if (m_level == 0) {
        push(row);
        return;
    }
    if (!m_hasPending) {
        m_pending = row;
        m_hasPending = true;
    } else {
        mergeInto(m_pending, row);
    }
    if (m_pending.count >= (1LL << m_level)) {
        m_hasPending = false;
        push(m_pending);
    }
}

void EnergyPlot::push(const Row& row)
{
    const std::size_t n = m_time.size();
    m_time.push_back(row.time);
    for (std::size_t k = 0; k < std::size_t(kTerms); ++k) {
        // a term's ranges are stored from its first range that is not its value on
        if (m_lo[k].empty() && (row.lo[k] != row.v[k] || row.hi[k] != row.v[k])) {
            m_lo[k].assign(m_values[k].begin(), m_values[k].end());
            m_hi[k].assign(m_values[k].begin(), m_values[k].end());
        }
        if (m_vLo[k].empty() && (row.vLo[k] != row.v[k] || row.vHi[k] != row.v[k])) {
            m_vLo[k].assign(m_values[k].begin(), m_values[k].end());
            m_vHi[k].assign(m_values[k].begin(), m_values[k].end());
        }
        m_values[k].push_back(row.v[k]);
        if (!m_lo[k].empty()) {
            m_lo[k].push_back(row.lo[k]);
            m_hi[k].push_back(row.hi[k]);
        }
        if (!m_vLo[k].empty()) {
            m_vLo[k].push_back(row.vLo[k]);
            m_vHi[k].push_back(row.vHi[k]);
        }
    }
    if (m_relVLo.empty() && (row.relVLo != row.rel || row.relVHi != row.rel)) {
        m_relVLo.assign(m_relError.begin(), m_relError.end());
        m_relVHi.assign(m_relError.begin(), m_relError.end());
    }
    if (!m_relVLo.empty()) {
        m_relVLo.push_back(row.relVLo);
        m_relVHi.push_back(row.relVHi);
    }
    if (m_relLo.empty() && (row.relLo != row.rel || row.relHi != row.rel)) {
        m_relLo.assign(m_relError.begin(), m_relError.end());
        m_relHi.assign(m_relError.begin(), m_relError.end());
    }
    m_relError.push_back(row.rel);
    if (!m_relLo.empty()) {
        m_relLo.push_back(row.relLo);
        m_relHi.push_back(row.relHi);
    }
    m_steps.push_back(row.steps);
    m_dt.push_back(row.dt);
    if (n + 1 >= m_maxSamples)
        halve();
}

EnergyPlot::Row EnergyPlot::rowAt(std::size_t i) const
{
    Row r;
    r.time = m_time[i];
    for (std::size_t k = 0; k < std::size_t(kTerms); ++k) {
        r.v[k] = m_values[k][i];
        r.lo[k] = m_lo[k].empty() ? r.v[k] : m_lo[k][i];
        r.hi[k] = m_hi[k].empty() ? r.v[k] : m_hi[k][i];
        r.vLo[k] = m_vLo[k].empty() ? r.v[k] : m_vLo[k][i];
        r.vHi[k] = m_vHi[k].empty() ? r.v[k] : m_vHi[k][i];
    }
    r.rel = m_relError[i];
    r.relLo = m_relLo.empty() ? r.rel : m_relLo[i];
    r.relHi = m_relHi.empty() ? r.rel : m_relHi[i];
    r.relVLo = m_relVLo.empty() ? r.rel : m_relVLo[i];
    r.relVHi = m_relVHi.empty() ? r.rel : m_relVHi[i];
    r.steps = m_steps[i];
    r.dt = m_dt[i];
    r.count = 1LL << m_level;
    return r;
}

void EnergyPlot::halve()
{
    // neighbours merged in pairs in place (sample i takes 2i and 2i + 1: the later values, the
    // union of the ranges); an odd last one waits as the pending sample of the next level
    const std::size_t n = m_time.size(), half = n / 2;
    std::optional<Row> odd;
    if (n % 2 == 1)
        odd = rowAt(n - 1);
    if (m_hasPending) { // recorded samples of the old level come after the odd one
        if (odd)
            mergeInto(*odd, m_pending);
        else
            odd = m_pending;
    }
    auto later = [half](std::vector<double>& v) {
        for (std::size_t i = 0; i < half; ++i)
            v[i] = v[2 * i + 1];
    };
    auto ranges = [half](std::vector<double>& lo, std::vector<double>& hi) {
        for (std::size_t i = 0; i < half; ++i) {
            lo[i] = std::min(lo[2 * i], lo[2 * i + 1]);
            hi[i] = std::max(hi[2 * i], hi[2 * i + 1]);
        }
    };
    auto moves = [half](const std::vector<double>& v) {
        for (std::size_t i = 0; i < half; ++i)
            if (v[2 * i] != v[2 * i + 1])
                return true;
        return false;
    };
    // the values' ranges first (they start from the values, which are overwritten below)
    for (std::size_t k = 0; k < std::size_t(kTerms); ++k) {
        if (m_vLo[k].empty() && moves(m_values[k])) {
            m_vLo[k] = m_values[k];
            m_vHi[k] = m_values[k];
        }
        if (!m_vLo[k].empty()) {
            ranges(m_vLo[k], m_vHi[k]);
            m_vLo[k].resize(half);
            m_vHi[k].resize(half);
        }
    }
    if (m_relVLo.empty() && moves(m_relError)) {
        m_relVLo = m_relError;
        m_relVHi = m_relError;
    }
    if (!m_relVLo.empty()) {
        ranges(m_relVLo, m_relVHi);
        m_relVLo.resize(half);
        m_relVHi.resize(half);
    }
    for (std::size_t k = 0; k < std::size_t(kTerms); ++k) {
        if (m_lo[k].empty() && moves(m_values[k])) {
            m_lo[k] = m_values[k];
            m_hi[k] = m_values[k];
        }
        if (!m_lo[k].empty()) {
            ranges(m_lo[k], m_hi[k]);
            m_lo[k].resize(half);
            m_hi[k].resize(half);
        }
        later(m_values[k]);
        m_values[k].resize(half);
    }
    if (m_relLo.empty() && moves(m_relError)) {
        m_relLo = m_relError;
        m_relHi = m_relError;
    }
    if (!m_relLo.empty()) {
        ranges(m_relLo, m_relHi);
        m_relLo.resize(half);
        m_relHi.resize(half);
    }
    later(m_relError);
    m_relError.resize(half);
    later(m_time);
    m_time.resize(half);
    later(m_dt);
    m_dt.resize(half);
    for (std::size_t i = 0; i < half; ++i)
        m_steps[i] = m_steps[2 * i] + m_steps[2 * i + 1];
    m_steps.resize(half);
    ++m_level;
    m_hasPending = bool(odd);
    if (odd)
        m_pending = *odd;
}

std::size_t EnergyPlot::storedBytes() const
{
    auto bytes = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
    std::size_t n = bytes(m_time) + bytes(m_relError) + bytes(m_relLo) + bytes(m_relHi) + bytes(m_steps) + bytes(m_dt);
    for (std::size_t k = 0; k < std::size_t(kTerms); ++k)
        n += bytes(m_values[k]) + bytes(m_lo[k]) + bytes(m_hi[k]) + bytes(m_vLo[k]) + bytes(m_vHi[k]);
    n += bytes(m_relVLo) + bytes(m_relVHi);
    return n;
}

std::vector<double> EnergyPlot::termLow(Term term) const
{
    const std::size_t k = std::size_t(term);
    return m_lo[k].empty() ? m_values[k] : m_lo[k];
}

std::vector<double> EnergyPlot::termHigh(Term term) const
{
    const std::size_t k = std::size_t(term);
    return m_hi[k].empty() ? m_values[k] : m_hi[k];
}

// ------------------------------------------------------------------------------------------------
std::vector<std::vector<double>> EnergyPlot::stackTops() const
{
    // the running sums from the bottom band up, the base measured from its lowest value
    const std::vector<Term>& stack = stackOrder();
    std::vector<std::vector<double>> tops(stack.size(), std::vector<double>(m_time.size()));
    for (std::size_t i = 0; i < m_time.size(); ++i) {
        double acc = 0.0;
        for (std::size_t k = 0; k < stack.size(); ++k) {
            const double x = m_values[std::size_t(stack[k])][i] - (stack[k] == kBase ? m_potMin : 0.0);
            acc = k == 0 ? x : acc + x;
            tops[k][i] = acc;
        }
    }
    return tops;
}

std::vector<double> EnergyPlot::stackedTopEdge() const
{
    if (m_mode != EnergyPlotMode::Stacked || stackOrder().empty())
        return {};
    return stackTops().back();
}

std::vector<double> EnergyPlot::stackedBand(Term term) const
{
    const std::vector<Term>& stack = stackOrder();
    const auto at = std::find(stack.begin(), stack.end(), term);
    if (m_mode != EnergyPlotMode::Stacked || at == stack.end())
        return {};
    const std::size_t k = std::size_t(at - stack.begin());
    const std::vector<std::vector<double>> tops = stackTops();
    std::vector<double> band = tops[k];
    if (k > 0)
        for (std::size_t i = 0; i < band.size(); ++i)
            band[i] -= tops[k - 1][i];
    return band;
}

std::vector<std::string> EnergyPlot::legendLabels() const
{
    std::vector<std::string> out;
    const PlotFigure fig = figure();
    for (const PlotLegendEntry& e : fig.legend)
        out.push_back(e.label.toStdString());
    return out;
}

std::vector<std::string> EnergyPlot::energyTickLabels() const
{
    std::vector<std::string> out;
    const PlotFigure fig = figure();
    for (const QString& l : fig.panels[0].y.labels)
        out.push_back(l.toStdString());
    return out;
}

std::string EnergyPlot::energyAxisTitle() const
{
    return figure().panels[0].y.title.toStdString();
}

// ------------------------------------------------------------------------------------------------
EnergyPlot::Ranges EnergyPlot::runRanges() const
{
    Ranges r;
    r.tLo = 0.0;
    r.tHi = (m_tMax > 0.0 ? m_tMax : 1e-3) * 1.02;

    // the shown columns' extrema: a term's line, or the bands from zero and the budget line
    double eMin = kInf, eMax = -kInf;
    if (m_mode == EnergyPlotMode::Stacked) {
        const double shift = m_potMin - m_potRef;
        eMin = 0.0;
        for (std::size_t k = 0; k < m_stackMin.size(); ++k) {
            eMin = std::min(eMin, m_stackMin[k] - shift);
            eMax = std::max(eMax, m_stackMax[k] - shift);
        }
        if (m_seen[ExternalWork]) {
            eMin = std::min(eMin, m_budgetMin - shift);
            eMax = std::max(eMax, m_budgetMax - shift);
        }
    } else {
        for (int k = 0; k < TermCount; ++k)
            if (termShown(Term(k))) {
                eMin = std::min(eMin, m_termMin[k]);
                eMax = std::max(eMax, m_termMax[k]);
            }
    }
    if (!std::isfinite(eMin) || !std::isfinite(eMax)) {
        eMin = 0.0;
        eMax = 1.0;
    }
    if (eMax - eMin <= 0.0) {
        const double pad = std::max(std::abs(eMax), 1e-12);
        eMin -= pad;
        eMax += pad;
    } else if (const double floor = kRelativeSpanFloor * std::max(std::abs(eMin), std::abs(eMax));
               eMax - eMin < floor) {
        const double mid = 0.5 * (eMin + eMax);
        eMin = mid - 0.5 * floor;
        eMax = mid + 0.5 * floor;
    }
    const double pad = 0.05 * (eMax - eMin);
    r.eLo = eMin - pad;
    r.eHi = eMax + pad;

    // whole decades around the relative error
    const double rMin = std::isfinite(m_rMin) ? m_rMin : kErrorFloor;
    const double rMax = std::isfinite(m_rMax) ? m_rMax : 1.0;
    r.loExp = int(std::floor(std::log10(std::max(rMin, kErrorFloor))));
    r.hiExp = int(std::ceil(std::log10(std::max(rMax, kErrorFloor))));
    if (r.hiExp <= r.loExp)
        r.hiExp = r.loExp + 1;
    return r;
}

EnergyPlot::EnergyTicks EnergyPlot::energyTicks(double lo, double hi) const
{
    EnergyTicks out;
    out.title = energyTitle(m_mode);
    const double span = hi - lo;
    const double magnitude = std::max(std::abs(lo), std::abs(hi));
    if (!(std::isfinite(span) && span > 0.0 && span < kOffsetLabelsBelow * magnitude))
        return out;
    // ticks at multiples of a round step from an offset that is itself a multiple of it:
    // the first sample's total when it is in view (steady while the run drifts), else the
    // middle of the range
    out.offset = true;
    const double step = niceStep(span / 5.0);
    const bool e0InView = m_mode == EnergyPlotMode::Separate && m_haveE0 && m_e0 >= lo && m_e0 <= hi;
    const double offset = std::round((e0InView ? m_e0 : 0.5 * (lo + hi)) / step) * step;
    const long long kLo = (long long)std::ceil((lo - offset) / step - 1e-9);
    const long long kHi = (long long)std::floor((hi - offset) / step + 1e-9);
    // one exponent for every label (that of the largest), as many decimals as the step needs
    const int stepExp = decadeOf(step);
    const long long kMax = std::max(std::abs(kLo), std::abs(kHi));
    const int exp = kMax > 0 ? decadeOf(double(kMax) * step) : stepExp;
    const int decimals = std::max(0, exp - stepExp);
    for (long long k = kLo; k <= kHi; ++k) {
        out.ticks.push_back(offset + double(k) * step);
        char buf[48] = "0";
        if (k != 0)
            std::snprintf(buf, sizeof buf, "%+.*fe%d", decimals, double(k) * step / std::pow(10.0, exp), exp);
        out.labels.push_back(buf);
    }
    const std::string base = m_mode == EnergyPlotMode::Stacked ? "stacked energy" : "energy";
    out.title = base + (offset < 0.0 ? " + " : " \xe2\x88\x92 ") +
                scientific(std::abs(offset), decadeOf(std::abs(offset)) - stepExp + 1) + " (J)";
    return out;
}

// ------------------------------------------------------------------------------------------------
PlotFigure EnergyPlot::figure() const
{
    const Ranges r = runRanges();
    const auto [tLo, tHi] = shownX(r.tLo, r.tHi);
    const auto [eLo, eHi] = shownY(0, r.eLo, r.eHi);
    const auto [errLo, errHi] = shownY(1, std::pow(10.0, r.loExp), std::pow(10.0, r.hiExp));
    const int loExp = int(std::floor(std::log10(errLo) + 1e-9));
    const int hiExp = int(std::ceil(std::log10(errHi) - 1e-9));

    PlotFigure fig;
    fig.fontPx = 12.0;
    const bool drawable = m_time.size() >= 2;
    const bool stacked = m_mode == EnergyPlotMode::Stacked;

    PlotPanel energy;
    energy.weight = 0.68;
    energy.x.min = tLo;
    energy.x.max = tHi;
    energy.x.ticks = niceTicks(tLo, tHi, 6);
    energy.y.min = eLo;
    energy.y.max = eHi;
    const EnergyTicks et = energyTicks(eLo, eHi);
    energy.y.title = QString::fromStdString(et.title);
    if (et.offset) {
        energy.y.ticks = et.ticks;
        for (const std::string& l : et.labels)
            energy.y.labels.push_back(QString::fromStdString(l));
    } else {
        energy.y.ticks = niceTicks(eLo, eHi, 5);
        energy.y.labels = tickLabels(energy.y.ticks);
    }

    if (drawable && !stacked) {
        // each term's envelope as a translucent band under the lines (no edge, no hover label)
        bool bands = false;
        for (const EnergyTerm& t : kEnergyTerms) {
            if (!termShown(t.id) || m_lo[t.id].empty())
                continue;
            PlotSeries band;
            band.colour = Qt::transparent;
            band.fill = colourOf(t, kBandAlpha);
            band.x = m_time;
            band.y = m_hi[t.id];
            band.yLow = m_lo[t.id];
            energy.series.push_back(std::move(band));
            bands = true;
        }
        if (bands) {
            fig.legendNote = QString::fromUtf8(kBandNote);
            fig.legendNoteColour = kBandNoteColour;
        }
        // a line per shown term in table order, the total last (on top)
        auto line = [&](const EnergyTerm& t) {
            PlotSeries s{QString::fromUtf8(t.label), colourOf(t), widthOf(t), styleOf(t), {}, {}, {}, {}};
            lineThrough(s, m_values[t.id], m_vLo[t.id], m_vHi[t.id]);
            energy.series.push_back(std::move(s));
        };
        for (const EnergyTerm& t : kEnergyTerms)
            if (termShown(t.id) && t.group != EnergyGroup::Total)
                line(t);
        for (const EnergyTerm& t : kEnergyTerms)
            if (termShown(t.id) && t.group == EnergyGroup::Total)
                line(t);
        for (Term id : legendOrder())
            if (termShown(id)) {
                const EnergyTerm& t = energyTerm(id);
                fig.legend.push_back({QString::fromUtf8(t.label), colourOf(t), widthOf(t), styleOf(t), QColor()});
            }
    } else if (drawable) {
        // bands between the running sums from the lowest potential, then the edge and budget
        const std::vector<Term>& stack = stackOrder();
        const std::vector<std::vector<double>> tops = stackTops();
        const std::vector<double> zero(m_time.size(), 0.0);
        for (std::size_t k = 0; k < stack.size(); ++k) {
            if (!m_seen[stack[k]])
                continue;
            const EnergyTerm& t = energyTerm(stack[k]);
            PlotSeries s;
            s.label = QString::fromUtf8(stackedLabelOf(t));
            s.colour = colourOf(t);
            s.fill = colourOf(t, 200);
            s.x = m_time;
            s.y = tops[k];
            s.yLow = k == 0 ? zero : tops[k - 1];
            energy.series.push_back(std::move(s));
        }
        PlotSeries edge;
        edge.label = QString::fromUtf8(kTopEdgeLabel);
        edge.colour = kTopEdgeColour;
        edge.width = 2.5;
        edge.x = m_time;
        edge.y = tops.back();
        fig.legend.push_back({edge.label, edge.colour, edge.width, Qt::SolidLine, QColor()});
        energy.series.push_back(std::move(edge));
        if (m_seen[ExternalWork]) {
            const EnergyTerm& w = energyTerm(ExternalWork);
            PlotSeries budget;
            budget.label = QString::fromUtf8(kBudgetLabel);
            budget.colour = colourOf(w);
            budget.style = Qt::DashLine;
            budget.x = m_time;
            for (double x : m_values[ExternalWork])
                budget.y.push_back((m_e0 - m_potMin) + x);
            fig.legend.push_back({budget.label, budget.colour, budget.width, budget.style, QColor()});
            energy.series.push_back(std::move(budget));
        }
        for (std::size_t k = stack.size(); k-- > 0;)
            if (m_seen[stack[k]]) {
                const EnergyTerm& t = energyTerm(stack[k]);
                fig.legend.push_back(
                    {QString::fromUtf8(stackedLabelOf(t)), colourOf(t), 1.0, Qt::SolidLine, colourOf(t, 200)});
            }
    }

    PlotPanel error;
    error.weight = 0.32;
    error.x = energy.x;
    error.x.labels = tickLabels(error.x.ticks);
    error.x.title = QStringLiteral("time (s)");
    error.y.log = true;
    error.y.min = errLo;
    error.y.max = errHi;
    error.y.title =
        m_externalWorkSeen ? QStringLiteral("|\u0394E| / (|E0| + |W|)") : QStringLiteral("|\u0394E| / |E0|");
    for (int e : labelledDecades(loExp, hiExp)) {
        error.y.ticks.push_back(std::pow(10.0, e));
        error.y.labels.push_back(QStringLiteral("1e%1").arg(e));
    }
    if (drawable && !m_relLo.empty()) {
        PlotSeries band;
        band.colour = Qt::transparent;
        band.fill = colourOf(energyTerm(BalanceError), kBandAlpha);
        band.x = m_time;
        band.y = m_relHi;
        band.yLow = m_relLo;
        error.series.push_back(std::move(band));
    }
    if (drawable) {
        PlotSeries s;
        s.label = m_externalWorkSeen ? QStringLiteral("|balance error| / (|E0| + |external work|)")
                                     : QStringLiteral("|balance error| / |E0|");
        s.colour = colourOf(energyTerm(BalanceError));
        lineThrough(s, m_relError, m_relVLo, m_relVHi);
        error.series.push_back(std::move(s));
    }

    if (m_balanceShown) {
        fig.panels.push_back(std::move(energy));
        fig.panels.push_back(std::move(error));
    } else {
        // (a replayed LAMMPS log: no dissipation by mechanism, so no balance to show)
        energy.weight = 1.0;
        energy.x.labels = tickLabels(energy.x.ticks);
        energy.x.title = QStringLiteral("time (s)");
        fig.panels.push_back(std::move(energy));
    }
    fig.markers = m_markers.markers();
    if (!std::isnan(m_cursor))
        fig.markers.emplace_back(m_cursor, QStringLiteral("\u25B6 shown")); // the timeline's moment
    return fig;
}

void EnergyPlot::lineThrough(PlotSeries& s, const std::vector<double>& v, const std::vector<double>& vLo,
                             const std::vector<double>& vHi) const
{
    if (vLo.empty()) {
        s.x = m_time;
        s.y = v;
        return;
    }
    s.x.reserve(2 * m_time.size());
    s.y.reserve(2 * m_time.size());
    for (std::size_t i = 0; i < m_time.size(); ++i) {
        // through the lowest and the highest recorded value, ending at the later one
        const bool risingLast = v[i] == vHi[i];
        s.x.insert(s.x.end(), {m_time[i], m_time[i]});
        s.y.insert(s.y.end(), {risingLast ? vLo[i] : vHi[i], risingLast ? vHi[i] : vLo[i]});
    }
}

QString EnergyPlot::csvText() const
{
    // time, the shown terms in legend order, the plotted relative error; then, appended so that
    // scripts reading the first columns keep working, the sampling of each row (stride_steps,
    // dt: a column, not a header comment, because it may change within a run and plain CSV
    // readers choke on comment lines) and each column's lowest and highest value over the
    // row's steps; 17 significant digits
    std::vector<Term> columns;
    for (Term t : legendOrder())
        if (termShown(t))
            columns.push_back(t);
    QString out = QStringLiteral("time");
    for (Term t : columns)
        out += QLatin1Char(',') + QLatin1String(termCsvName(t));
    out += QStringLiteral(",relative_balance_error,stride_steps,dt");
    for (Term t : columns)
        out += QStringLiteral(",%1_min,%1_max").arg(QLatin1String(termCsvName(t)));
    out += QStringLiteral(",relative_balance_error_min,relative_balance_error_max\n");
    auto num = [](double v) { return QString::number(v, 'g', 17); };
    for (std::size_t i = 0; i < m_time.size(); ++i) {
        out += num(m_time[i]);
        for (Term t : columns)
            out += QLatin1Char(',') + num(m_values[std::size_t(t)][i]);
        out += QLatin1Char(',') + num(m_relError[i]);
        // unknown (a sample recorded without its interval): empty fields, NaN to a reader
        const bool known = m_steps[i] > 0 || m_dt[i] > 0.0;
        out += QLatin1Char(',') + (known ? QString::number(m_steps[i]) : QString());
        out += QLatin1Char(',') + (m_dt[i] > 0.0 ? num(m_dt[i]) : QString());
        for (Term t : columns) {
            const std::size_t k = std::size_t(t);
            out += QLatin1Char(',') + num(m_lo[k].empty() ? m_values[k][i] : m_lo[k][i]);
            out += QLatin1Char(',') + num(m_hi[k].empty() ? m_values[k][i] : m_hi[k][i]);
        }
        out += QLatin1Char(',') + num(m_relLo.empty() ? m_relError[i] : m_relLo[i]);
        out += QLatin1Char(',') + num(m_relHi.empty() ? m_relError[i] : m_relHi[i]) + QLatin1Char('\n');
    }
    return out;
}

} // namespace tumble::ui
