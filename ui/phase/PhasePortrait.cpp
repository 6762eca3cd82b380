#include "phase/PhasePortrait.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "analysis/AnalyticSolutions.h"
#include "analysis/BouncingBallSolution.h"
#include "analysis/HarmonicOscillatorSolution.h"
#include "analysis/HeadOnImpactSolution.h"
#include "scene/Scene.h"

namespace tumble::ui {

namespace {

constexpr double kPi = std::numbers::pi;
const QColor kSimulated(31, 90, 220);
const QColor kExact(90, 96, 110);
const QColor kShadow(222, 110, 20);
const QColor kNow(200, 40, 40);
// points of the exact curve: over one period of a periodic motion, else along the run (plus
// more in each contact, which a uniform grid would step over)
constexpr int kPeriodPoints = 512;
constexpr int kRunPoints = 1500;
constexpr int kContactPoints = 48;
// contacts of the exact motion are listed up to this time, s
constexpr double kContactHorizon = 60.0;

// the angle of the turn r about unit axis a (swing-twist), rad in (-2 pi, 2 pi]
double twist(const Quat& r, const Vec3& a)
{
    return 2.0 * std::atan2(r.vec().dot(a), r.w());
}

// x moved by a whole number of turns to within pi of near
double unwrap(double x, double near)
{
    return x - 2.0 * kPi * std::round((x - near) / (2.0 * kPi));
}

Vec3 unitAxis(int axis)
{
    return Vec3::Unit(axis);
}

QString axisName(int axis)
{
    return QString(QChar(u"xyz"[axis]));
}

void widen(double& lo, double& hi, double v)
{
    if (std::isfinite(v)) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
}

} // namespace

double PhasePortrait::Shadow::form(double q, double p) const
{
    return orbit.form((q - qEquilibrium) * sign, p * sign);
}

double PhasePortrait::Shadow::level(long long n) const
{
    return level0 * std::pow(orbit.growth, 2.0 * double(n - step0));
}

PhasePortrait::PhasePortrait(QWidget* parent) : PlotView(parent)
{
    setInteractive(true);
    setHoverEnabled(false);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setToolTip(tr("The selected body's orbit in phase space, drawn from the state as the scheme stores it. "
                  "Dashed grey: the exact orbit (scenes with a closed form). Dashed orange: the quadratic form "
                  "the scheme keeps on the linear oscillator (a symplectic scheme's shadow ellipse), or the "
                  "level its growth per step predicts (Euler, RK4). Drag to pan, wheel to zoom, double-click "
                  "to follow the run."));
}

PhasePortrait::~PhasePortrait() = default;

void PhasePortrait::setScene(const Scene& scene)
{
    m_exact.reset();
    m_period = 0.0;
    m_contacts.clear();
    m_omega = 0.0;
    if (!scene.analytic.empty()) {
        try {
            m_exact = makeAnalyticSolution(scene.analytic, scene.world, scene.params, scene.listedBodies);
        } catch (const std::exception&) {
            m_exact.reset(); // the loader already refused a scene that breaks its closed form
        }
    }
    if (const auto* h = dynamic_cast<const HarmonicOscillatorSolution*>(m_exact.get())) {
        m_omega = std::sqrt(h->stiffness() / h->mass());
        m_period = 2.0 * kPi / h->oscillator().dampedFrequency();
        m_equilibrium = h->equilibriumPosition();
        m_normal = h->normal();
    }
    const NormalImpactMotion* impact = nullptr;
    if (const auto* b = dynamic_cast<const BouncingBallSolution*>(m_exact.get()))
        impact = &b->motion();
    if (const auto* i = dynamic_cast<const HeadOnImpactSolution*>(m_exact.get()))
        impact = &i->motion();
    if (impact)
        for (const NormalImpactMotion::Contact& c : impact->contacts(kContactHorizon))
            m_contacts.emplace_back(c.start, std::min(c.end, kContactHorizon));
    restart();
    m_revision = -1;
}

void PhasePortrait::setCoordinate(Kind kind, int axis)
{
    axis = std::clamp(axis, 0, 2);
    if (kind == m_kind && axis == m_axis)
        return;
    m_kind = kind;
    m_axis = axis;
    restart();
    for (LaneOrbit& l : m_lanes) { // in the old coordinates: each lane starts again
        l.t.clear();
        l.q.clear();
        l.p.clear();
    }
    setFollowsRun(true);
    update();
}

void PhasePortrait::setExactShown(bool on)
{
    m_showExact = on;
    update();
}

void PhasePortrait::setShadowShown(bool on)
{
    m_showShadow = on;
    update();
}

void PhasePortrait::clear()
{
    restart();
    update();
}

void PhasePortrait::restart()
{
    m_t.clear();
    m_q.clear();
    m_p.clear();
    m_steps.clear();
    m_shadow.reset();
    m_exactQ.clear();
    m_exactP.clear();
    m_exactEnd = -1.0;
    m_lastTwist = 0.0;
    m_qFirst = Quat::Identity();
}

int PhasePortrait::shownBody() const
{
    if (!m_lanesShown)
        return m_body;
    for (const LaneOrbit& l : m_lanes)
        if (l.body >= 0 && !l.t.empty())
            return l.body;
    return -1;
}

bool PhasePortrait::hasExact() const
{
    const int b = shownBody();
    if (!m_exact || b < 0 || m_damped)
        return false;
    return std::size_t(b) < m_exact->positions(0.0).size();
}

void PhasePortrait::setLanesShown(bool on)
{
    if (on == m_lanesShown)
        return;
    m_lanesShown = on;
    m_exactEnd = -1.0; // another body's or start's curve
    setFollowsRun(true);
    update();
}

void PhasePortrait::clearLanes()
{
    m_lanes.clear();
    m_exactEnd = -1.0;
    update();
}

void PhasePortrait::removeLane(int lane)
{
    std::erase_if(m_lanes, [lane](const LaneOrbit& l) { return l.lane == lane; });
    update();
}

void PhasePortrait::appendLanePoints(int lane, const QString& name, const QColor& colour,
                                     const std::vector<PhasePoint>& points)
{
    auto it = std::find_if(m_lanes.begin(), m_lanes.end(), [lane](const LaneOrbit& l) { return l.lane == lane; });
    if (it == m_lanes.end()) {
        m_lanes.push_back(LaneOrbit{});
        m_lanes.back().lane = lane;
        it = m_lanes.end() - 1;
    }
    LaneOrbit& o = *it;
    o.name = name;
    o.colour = colour;
    bool added = false;
    for (const PhasePoint& point : points) {
        if (point.id < 0 || !point.position.allFinite() || !point.velocity.allFinite() ||
            !point.orientation.coeffs().allFinite() || !point.angularVelocity.allFinite())
            continue;
        if (point.id != o.body || (!o.t.empty() && point.time < o.t.back())) {
            o.body = point.id; // another body, or the lane started again
            o.t.clear();
            o.q.clear();
            o.p.clear();
            o.lastTwist = 0.0;
            m_exactEnd = -1.0;
        }
        if (o.q.size() >= kMaxPoints) { // every other point
            std::size_t k = 0;
            for (std::size_t i = 0; i < o.q.size(); i += 2, ++k) {
                o.t[k] = o.t[i];
                o.q[k] = o.q[i];
                o.p[k] = o.p[i];
            }
            o.t.resize(k);
            o.q.resize(k);
            o.p.resize(k);
        }
        const auto [q, p] = coordinates(point, o.first, o.lastTwist, o.t.empty());
        o.t.push_back(point.time);
        o.q.push_back(q);
        o.p.push_back(p);
        added = true;
    }
    if (added && m_lanesShown)
        scheduleRepaint();
}

std::pair<double, double> PhasePortrait::coordinates(const PhasePoint& point, Quat& first, double& lastTwist,
                                                     bool fresh) const
{
    if (m_kind == Kind::Translation)
        return {point.position[m_axis], point.velocity[m_axis]};
    if (fresh) {
        first = point.orientation;
        lastTwist = 0.0;
    }
    const double q = unwrap(twist(point.orientation * first.conjugate(), unitAxis(m_axis)), lastTwist);
    lastTwist = q;
    return {q, point.angularVelocity[m_axis]};
}

void PhasePortrait::appendSnapshot(const FrameSnapshot& s)
{
    const long long revision = s.scene ? s.scene->revision : -1;
    if (revision != m_revision) {
        // a new scene or a reset: its samples are numbered on from the ones before
        m_revision = revision;
        restart();
        m_seqEnd = s.energy.empty() ? 0 : s.energy.front()->seqBegin;
        m_markersSeen = 0;
        m_cutSerial = s.timeline.cutSerial;
    }
    if (s.timeline.cutSerial != m_cutSerial) {
        // the run resumed from an earlier state: the orbit it no longer leads to goes
        m_cutSerial = s.timeline.cutSerial;
        cutAfter(s.timeline.cutTime);
        m_seqEnd = std::max(m_seqEnd, s.timeline.cutSeq);
    }
    m_damped = s.params.localDamping != 0.0 || s.params.viscousDamping != 0.0;
    bool added = false;
    for (const auto& chunk : s.energy) {
        for (std::size_t i = 0; i < chunk->samples.size(); ++i) {
            const long long seq = chunk->seqBegin + static_cast<long long>(i);
            if (seq < m_seqEnd || i >= chunk->phase.size())
                continue;
            const PhasePoint& point = chunk->phase[i];
            if (point.id != m_body) {
                m_body = point.id;
                restart();
            }
            if (point.id >= 0) {
                addPoint(point, point.step);
                added = true;
            }
        }
        m_seqEnd = std::max(m_seqEnd, chunk->seqEnd());
    }
    updateShadow(s);
    if (added)
        scheduleRepaint();
}

void PhasePortrait::addPoint(const PhasePoint& point, long long step)
{
    if (!point.position.allFinite() || !point.velocity.allFinite() || !point.orientation.coeffs().allFinite() ||
        !point.angularVelocity.allFinite())
        return; // a blow-up's last samples never reach the axes
    if (m_q.size() >= kMaxPoints)
        thin();
    const auto [q, p] = coordinates(point, m_qFirst, m_lastTwist, m_t.empty());
    m_t.push_back(point.time);
    m_q.push_back(q);
    m_p.push_back(p);
    m_steps.push_back(step);
}

void PhasePortrait::cutAfter(double t)
{
    std::size_t k = 0;
    while (k < m_t.size() && m_t[k] <= t)
        ++k;
    m_t.resize(k);
    m_q.resize(k);
    m_p.resize(k);
    m_steps.resize(k);
    if (k > 0 && m_kind == Kind::Rotation)
        m_lastTwist = m_q.back(); // the angle unwraps on from the last point kept
    scheduleRepaint();
}

void PhasePortrait::thin()
{
    std::size_t k = 0;
    for (std::size_t i = 0; i < m_q.size(); i += 2, ++k) {
        m_t[k] = m_t[i];
        m_q[k] = m_q[i];
        m_p[k] = m_p[i];
        m_steps[k] = m_steps[i];
    }
    m_t.resize(k);
    m_q.resize(k);
    m_p.resize(k);
    m_steps.resize(k);
}

void PhasePortrait::updateShadow(const FrameSnapshot& s)
{
    // the linear oscillator along its normal, with a scheme ShadowOrbit knows
    const bool along = m_omega > 0.0 && std::abs(std::abs(m_normal[m_axis]) - 1.0) < 1e-12;
    if (m_kind != Kind::Translation || !along || m_damped || m_q.empty()) {
        m_shadow.reset();
        return;
    }
    const std::size_t markers = s.markers ? s.markers->size() : 0;
    const bool changed = !m_shadow || m_shadow->scheme != s.params.translation || m_shadow->dt != s.params.dt ||
                         markers != m_markersSeen;
    if (!changed)
        return;
    m_markersSeen = markers;
    const std::optional<ShadowOrbit> orbit = shadowOrbit(s.params.translation, m_omega, s.params.dt);
    if (!orbit) {
        m_shadow.reset();
        return;
    }
    // the first point after the newest change of parameters (a marker), else the first
    double since = -1.0;
    if (s.markers && !s.markers->empty())
        since = s.markers->back().time;
    std::size_t first = 0;
    while (first < m_t.size() && m_t[first] <= since)
        ++first;
    if (first == m_t.size()) { // no point under the new parameters yet
        m_markersSeen = markers - 1;
        m_shadow.reset();
        return;
    }
    Shadow sh;
    sh.orbit = *orbit;
    sh.sign = m_normal[m_axis] > 0.0 ? 1.0 : -1.0;
    sh.qEquilibrium = m_equilibrium[m_axis];
    sh.scheme = s.params.translation;
    sh.dt = s.params.dt;
    sh.step0 = m_steps[first];
    sh.level0 = sh.form(m_q[first], m_p[first]);
    m_shadow = sh;
}

std::pair<double, double> PhasePortrait::exactAt(double t, int body) const
{
    const std::size_t b = std::size_t(body);
    if (m_kind == Kind::Translation)
        return {m_exact->positions(t)[b][m_axis], m_exact->velocities(t)[b][m_axis]};
    return {0.0, m_exact->angularVelocities(t)[b][m_axis]}; // the angle is unwrapped by the caller
}

void PhasePortrait::updateExactCurve(double t0, double tEnd, int body) const
{
    const bool same = m_exactStart == t0 && m_exactBody == body;
    if (m_period > 0.0) {
        tEnd = t0 + m_period; // closed: one period draws all of it
        if (same && m_exactEnd == tEnd)
            return;
    } else if (same && m_exactEnd >= t0 && tEnd - t0 <= 1.005 * (m_exactEnd - t0)) {
        return; // grown by less than half a percent: the cached curve stands
    }
    std::vector<double> times;
    const int uniform = m_period > 0.0 ? kPeriodPoints : kRunPoints;
    for (int k = 0; k <= uniform; ++k)
        times.push_back(t0 + (tEnd - t0) * double(k) / uniform);
    for (const auto& [a, b] : m_contacts) {
        const double lo = std::max(a, t0), hi = std::min(b, tEnd);
        for (int k = 0; lo < hi && k <= kContactPoints; ++k)
            times.push_back(lo + (hi - lo) * double(k) / kContactPoints);
    }
    std::sort(times.begin(), times.end());
    m_exactQ.clear();
    m_exactP.clear();
    const Vec3 a = unitAxis(m_axis);
    const std::size_t b = std::size_t(body);
    const Quat first = m_kind == Kind::Rotation ? m_exact->orientations(t0)[b] : Quat::Identity();
    double last = 0.0;
    for (double t : times) {
        auto [q, p] = exactAt(t, body);
        if (m_kind == Kind::Rotation) {
            q = unwrap(twist(m_exact->orientations(t)[b] * first.conjugate(), a), last);
            last = q;
        }
        m_exactQ.push_back(q);
        m_exactP.push_back(p);
    }
    m_exactStart = t0;
    m_exactEnd = tEnd;
    m_exactBody = body;
}

PlotFigure PhasePortrait::figure() const
{
    PlotFigure fig;
    fig.frame = true;
    const QString ax = axisName(m_axis);
    PlotPanel panel;
    if (m_kind == Kind::Translation) {
        panel.x.title = tr("%1 (m)").arg(ax);
        panel.y.title = tr("v_%1 (m/s)").arg(ax);
    } else {
        panel.x.title = tr("angle about %1 (rad)").arg(ax);
        panel.y.title = tr("w_%1 (rad/s)").arg(ax);
    }
    // short: the dock is narrow, and the panel's box names the coordinate
    const int body = shownBody();
    fig.title = body >= 0 ? tr("phase portrait, body %1").arg(body) : tr("phase portrait");

    double xLo = HUGE_VAL, xHi = -HUGE_VAL, yLo = HUGE_VAL, yHi = -HUGE_VAL;
    // what is drawn: the single view's points, or (compare mode) every lane's
    const bool single = !m_lanesShown;
    double tFirst = HUGE_VAL, tLast = -HUGE_VAL;
    if (single) {
        for (std::size_t i = 0; i < m_q.size(); ++i) {
            widen(xLo, xHi, m_q[i]);
            widen(yLo, yHi, m_p[i]);
        }
        if (!m_t.empty()) {
            tFirst = m_t.front();
            tLast = m_t.back();
        }
    } else {
        for (const LaneOrbit& l : m_lanes) {
            if (l.body != body || l.t.empty())
                continue;
            for (std::size_t i = 0; i < l.q.size(); ++i) {
                widen(xLo, xHi, l.q[i]);
                widen(yLo, yHi, l.p[i]);
            }
            tFirst = std::min(tFirst, l.t.front());
            tLast = std::max(tLast, l.t.back());
            PlotSeries dots;
            dots.label = l.name;
            dots.colour = l.colour;
            dots.joined = false;
            dots.symbol = PlotSymbol::Circle;
            dots.symbolSize = 0.4;
            dots.x = l.q;
            dots.y = l.p;
            panel.series.push_back(std::move(dots));
            fig.legend.push_back({l.name, l.colour, 0.0, Qt::NoPen, QColor(), PlotSymbol::Circle});
        }
    }
    // the stored states as dots: samples are many steps apart, and a line through them would cut
    // across the orbit
    if (single && !m_q.empty()) {
        PlotSeries sim;
        sim.label = tr("simulated");
        sim.colour = kSimulated;
        sim.joined = false;
        sim.symbol = PlotSymbol::Circle;
        sim.symbolSize = 0.4;
        sim.x = m_q;
        sim.y = m_p;
        panel.series.push_back(std::move(sim));
    }
    // the exact orbit, dashed grey
    if (m_showExact && hasExact() && tFirst <= tLast) {
        updateExactCurve(tFirst, tLast, body);
        PlotSeries exact;
        exact.label = tr("exact");
        exact.colour = kExact;
        exact.style = Qt::DashLine;
        exact.width = 1.4;
        exact.x = m_exactQ;
        exact.y = m_exactP;
        for (std::size_t i = 0; i < exact.x.size(); ++i) {
            widen(xLo, xHi, exact.x[i]);
            widen(yLo, yHi, exact.y[i]);
        }
        panel.series.push_back(std::move(exact));
        fig.legend.push_back({tr("exact"), kExact, 1.4, Qt::DashLine, QColor(), PlotSymbol::None});
    }
    // the scheme's kept form through the newest point's level
    if (single && m_showShadow && m_shadow && !m_steps.empty()) {
        const Shadow& sh = *m_shadow;
        const double level = sh.level(m_steps.back());
        PlotSeries curve;
        curve.label = sh.orbit.kept() ? tr("shadow") : tr("level");
        curve.colour = kShadow;
        curve.style = Qt::DashLine;
        curve.width = 1.4;
        // directions (cos th / w, sin th) in (y, v): both axes of about the same size
        for (int k = 0; k <= 360; ++k) {
            const double th = 2.0 * kPi * k / 360.0;
            const double dy = std::cos(th) / m_omega, dv = std::sin(th);
            const double r = std::sqrt(level / sh.orbit.form(dy, dv));
            curve.x.push_back(sh.qEquilibrium + sh.sign * r * dy);
            curve.y.push_back(sh.sign * r * dv);
            widen(xLo, xHi, curve.x.back());
            widen(yLo, yHi, curve.y.back());
        }
        panel.series.push_back(std::move(curve));
        fig.legend.push_back(
            {sh.orbit.kept() ? tr("shadow") : tr("Q0 g^2n"), kShadow, 1.4, Qt::DashLine, QColor(), PlotSymbol::None});
        fig.legendNote = QString::fromStdString(sh.scheme); // whose shadow
        fig.legendNoteColour = kShadow;
    }
    if (single && !m_q.empty()) {
        PlotSeries now;
        now.label = tr("now");
        now.colour = kNow;
        now.width = 0.0;
        now.symbol = PlotSymbol::Circle;
        now.x = {m_q.back()};
        now.y = {m_p.back()};
        panel.series.push_back(std::move(now));
        fig.legend.push_back({tr("simulated"), kSimulated, 0.0, Qt::NoPen, QColor(), PlotSymbol::Circle});
        fig.legend.push_back({tr("now"), kNow, 0.0, Qt::NoPen, QColor(), PlotSymbol::Circle});
    }
    if (body < 0)
        panel.note = m_lanesShown ? tr("Select a body before comparing to draw each lane's orbit.")
                                  : tr("Select a body (click it in the 3D view) to draw its orbit.");
    else if (m_exact && m_damped)
        fig.legendNote = tr("damping acts: no exact orbit");

    if (!(xLo < xHi)) {
        const double c = std::isfinite(xLo) ? xLo : 0.0;
        xLo = c - 1e-6 - 1e-3 * std::abs(c);
        xHi = c + 1e-6 + 1e-3 * std::abs(c);
    }
    if (!(yLo < yHi)) {
        const double c = std::isfinite(yLo) ? yLo : 0.0;
        yLo = c - 1e-6 - 1e-3 * std::abs(c);
        yHi = c + 1e-6 + 1e-3 * std::abs(c);
    }
    const double padX = 0.06 * (xHi - xLo), padY = 0.08 * (yHi - yLo);
    const auto [x0, x1] = shownX(xLo - padX, xHi + padX);
    const auto [y0, y1] = shownY(0, yLo - padY, yHi + padY);
    panel.x.min = x0;
    panel.x.max = x1;
    panel.x.ticks = niceTicks(x0, x1, 4);
    panel.x.labels = tickLabels(panel.x.ticks);
    panel.y.min = y0;
    panel.y.max = y1;
    panel.y.ticks = niceTicks(y0, y1, 5);
    panel.y.labels = tickLabels(panel.y.ticks);
    fig.panels.push_back(std::move(panel));
    return fig;
}

QString PhasePortrait::csvText() const
{
    const bool exact = hasExact();
    QString out = QStringLiteral("time,step,q,p,exact_q,exact_p\n");
    const Vec3 a = unitAxis(m_axis);
    const Quat first = exact && m_kind == Kind::Rotation && !m_t.empty()
                           ? m_exact->orientations(m_t.front())[std::size_t(m_body)]
                           : Quat::Identity();
    double last = 0.0;
    for (std::size_t i = 0; i < m_q.size(); ++i) {
        out += QString::number(m_t[i], 'g', 17) + QLatin1Char(',') + QString::number(m_steps[i]) + QLatin1Char(',') +
               QString::number(m_q[i], 'g', 17) + QLatin1Char(',') + QString::number(m_p[i], 'g', 17) +
               QLatin1Char(',');
        if (exact) {
            auto [q, p] = exactAt(m_t[i], m_body);
            if (m_kind == Kind::Rotation) {
                q = unwrap(twist(m_exact->orientations(m_t[i])[std::size_t(m_body)] * first.conjugate(), a), last);
                last = q;
            }
            out += QString::number(q, 'g', 17) + QLatin1Char(',') + QString::number(p, 'g', 17);
        } else {
            out += QLatin1Char(',');
        }
        out += QLatin1Char('\n');
    }
    return out;
}

} // namespace tumble::ui
