// BodyOverlay: the geometry it builds, checked against the body states it was given with the
// expected values worked out here (triad tips at x + q (1.3 R e_k); L arrow along L, 1.5 R long
// at the load-time |L|; w arrow 1.5 R |w| J2 / |L0|; trail key vertices at x + q p for the
// marked point p, newest first, alpha never rising with age; interpolated trail points on the
// sphere of radius |p| about the centre); which bodies get what in each mode; restarts on a
// new revision and when time goes backwards; non-finite states skipped. And a rendered frame:
// the triad, w and L colours show up on screen around a clump.
#include <QDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <vtkNew.h>
#include <vtkRenderer.h>

#include "view3d/BodyOverlay.h"
#include "view3d/SceneView.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool near(double a, double b, double abs, double rel = 0.0)
{
    return std::abs(a - b) <= abs + rel * std::max(std::abs(a), std::abs(b));
}

bool near(const Vec3& a, const Vec3& b, double abs)
{
    return (a - b).norm() <= abs;
}

QString str(const Vec3& v)
{
    return QStringLiteral("(%1 %2 %3)").arg(v.x(), 0, 'g', 9).arg(v.y(), 0, 'g', 9).arg(v.z(), 0, 'g', 9);
}

// a member sphere: centre in the body's principal frame, radius
struct Member {
    Vec3 offset;
    double radius;
};

// a scene: bodies' types and members, shared scene info
struct TestScene {
    std::shared_ptr<SceneInfo> info = std::make_shared<SceneInfo>();
    std::vector<std::vector<Member>> members; // per body
    std::vector<BodyType> types;

    explicit TestScene(long long revision = 1)
    {
        info->revision = revision;
        info->name = "overlay";
        const double b[6] = {-0.1, 0.1, -0.1, 0.1, -0.1, 0.1};
        std::copy(b, b + 6, info->bounds);
    }
    int add(BodyType type, std::vector<Member> m)
    {
        for (const Member& x : m)
            info->memberOffsets.push_back(x.offset);
        members.push_back(std::move(m));
        types.push_back(type);
        return int(types.size()) - 1;
    }
};

// an asymmetric T: the farthest surface point is member 0's, at (0.065, 0, 0)
std::vector<Member> tMembers()
{
    return {{Vec3(0.05, 0, 0), 0.015}, {Vec3(-0.05, 0, 0), 0.012}, {Vec3(0, 0.03, 0), 0.01}, {Vec3(0, -0.03, 0), 0.01}};
}

// a body state with L = q J q^-1 w
BodyState body(int id, BodyType type, const Vec3& x, const Quat& q, const Vec3& wWorld, const Vec3& moments, double R)
{
    BodyState b;
    b.id = id;
    b.type = type;
    b.mass = 0.1;
    b.moments = moments;
    b.boundingRadius = R;
    b.position = x;
    b.orientation = q;
    b.angularVelocity = wWorld;
    b.angularMomentum = q * moments.cwiseProduct(q.conjugate() * wWorld);
    return b;
}

const Vec3 kJ(2e-6, 5e-6, 6e-6); // kg m^2, J1 < J2 < J3
constexpr double kR = 0.065;     // m, the T's bounding radius

BodyState tClump(int id, const Vec3& x, const Quat& q, const Vec3& w)
{
    return body(id, BodyType::Clump, x, q, w, kJ, kR);
}

// a snapshot at time t with every body's state (in id order), clumps listed, selection
SnapshotPtr frame(const TestScene& sc, double t, const std::vector<BodyState>& bodies,
                  std::optional<BodyState> selected = {})
{
    auto s = std::make_shared<FrameSnapshot>();
    s->scene = sc.info;
    s->time = t;
    s->bodies = bodies.size();
    for (std::size_t b = 0; b < bodies.size(); ++b) {
        const BodyState& st = bodies[b];
        for (const Member& m : sc.members[b]) {
            const Vec3 p = st.position + st.orientation * m.offset;
            s->positions.insert(s->positions.end(), {float(p.x()), float(p.y()), float(p.z())});
            s->radii.push_back(float(m.radius));
            s->speeds.push_back(0.0f);
            s->memberBody.push_back(int(b));
        }
        if (sc.types[b] == BodyType::Clump)
            s->clumps.push_back(st);
    }
    s->selected = selected;
    s->markers = std::make_shared<const std::vector<ParameterMarker>>();
    return s;
}

std::vector<OverlayArrow> arrowsOf(const BodyOverlay& o, int b, ArrowKind k)
{
    std::vector<OverlayArrow> out;
    for (const OverlayArrow& a : o.arrows())
        if (a.body == b && a.kind == k)
            out.push_back(a);
    return out;
}

const OverlayArrow* arrowOf(const BodyOverlay& o, int b, ArrowKind k)
{
    for (const OverlayArrow& a : o.arrows())
        if (a.body == b && a.kind == k)
            return &a;
    return nullptr;
}

const Quat kQ = Quat(Eigen::AngleAxisd(0.7, Vec3(0.3, -0.5, 0.8).normalized()));

} // namespace

class TestBodyOverlay : public QObject {
    Q_OBJECT
private slots:
    void triadTipsArePrincipalAxes();
    void arrowGeometryMatchesItsArrow();
    void arrowsScaleWithTheLoadMomentum();
    void spinAboutE2GivesEqualArrows();
    void bodyAtRestTakesTheLargestMomentumSeen();
    void trailFollowsTheMarkedPoint();
    void trailInterpolatesBetweenSnapshots();
    void trailRestartsOnRevisionAndTimeReversal();
    void modesChooseBodies();
    void sphereGetsOverlayOnlyWhenSelected();
    void manyClumpsTrailOnlyTheSelected();
    void nonFiniteStatesAreSkipped();
    void triadColoursAreRendered();
};

// ------------------------------------------------------------------------------------------------
void TestBodyOverlay::triadTipsArePrincipalAxes()
{
    TestScene sc;
    sc.add(BodyType::Clump, tMembers());
    const Vec3 x(0.01, -0.02, 0.03);
    const BodyState b = tClump(0, x, kQ, Vec3(1.0, 2.0, 0.5));

    vtkNew<vtkRenderer> r;
    BodyOverlay o(r);
    o.update(*frame(sc, 0.0, {b}), -1);
    const Vec3 axes[3] = {Vec3::UnitX(), Vec3::UnitY(), Vec3::UnitZ()};
    const ArrowKind kinds[3] = {ArrowKind::E1, ArrowKind::E2, ArrowKind::E3};
    for (int k = 0; k < 3; ++k) {
        const auto a = arrowsOf(o, 0, kinds[k]);
        QCOMPARE(a.size(), std::size_t(1));
        QVERIFY(near(a[0].from, x, 1e-15));
        const Vec3 tip = x + kQ * (1.3 * kR * axes[k]);
        QVERIFY2(near(a[0].to, tip, 1e-12), qPrintable(str(a[0].to) + " vs " + str(tip)));
    }
    // the three tips are orthogonal about the centre
    const Vec3 d1 = arrowOf(o, 0, ArrowKind::E1)->to - x;
    const Vec3 d2 = arrowOf(o, 0, ArrowKind::E2)->to - x;
    QVERIFY(std::abs(d1.dot(d2)) < 1e-12);
    // and counted: three axes, w and L
    QCOMPARE(o.arrows().size(), std::size_t(5));
}

void TestBodyOverlay::arrowGeometryMatchesItsArrow()
{
    // the uploaded vertices of every arrow: tip at `to`, base at `from`, all close to the axis
    TestScene sc;
    sc.add(BodyType::Clump, tMembers());
    const BodyState b = tClump(0, Vec3(0.02, 0.0, -0.01), kQ, Vec3(-2.0, 1.0, 3.0));
    vtkNew<vtkRenderer> r;
    BodyOverlay o(r);
    o.update(*frame(sc, 0.0, {b}), -1);
    QCOMPARE(o.arrows().size(), std::size_t(5));
    for (std::size_t i = 0; i < o.arrows().size(); ++i) {
        const OverlayArrow& a = o.arrows()[i];
        const std::vector<Vec3> v = o.arrowVertices(i);
        QVERIFY(!v.empty());
        const Vec3 d = (a.to - a.from).normalized();
        const double len = (a.to - a.from).norm();
        double lo = 1e9, hi = -1e9, off = 0.0;
        for (const Vec3& p : v) {
            const double s = (p - a.from).dot(d);
            lo = std::min(lo, s);
            hi = std::max(hi, s);
            off = std::max(off, ((p - a.from) - s * d).norm());
        }
        // float vertices: micrometres
        QVERIFY2(near(hi, len, 1e-6) && near(lo, 0.0, 1e-6),
                 qPrintable(QStringLiteral("arrow %1: %2..%3 of %4").arg(i).arg(lo).arg(hi).arg(len)));
        QVERIFY(off > 0.0 && off < 0.2 * kR);
    }
}

void TestBodyOverlay::arrowsScaleWithTheLoadMomentum()
{
    TestScene sc;
    sc.add(BodyType::Clump, tMembers());
    const Vec3 x(0.0, 0.01, 0.0);
    const BodyState b0 = tClump(0, x, kQ, Vec3(1.0, 2.0, 0.5));
    const double L0 = b0.angularMomentum.norm();
    const double wRef = L0 / kJ.y();

    vtkNew<vtkRenderer> r;
    BodyOverlay o(r);
    o.update(*frame(sc, 0.0, {b0}), -1);
    QVERIFY(near(o.referenceMomentum(0), L0, 0.0, 1e-15));

    auto check = [&](const BodyState& b) {
        const OverlayArrow* L = arrowOf(o, 0, ArrowKind::AngularMomentum);
        const OverlayArrow* w = arrowOf(o, 0, ArrowKind::AngularVelocity);
        QVERIFY(L && w);
        // L: along L, 1.5 R |L| / |L0|
        const Vec3 dL = L->to - L->from;
        QVERIFY(near(L->from, b.position, 1e-15));
        QVERIFY(dL.normalized().cross(b.angularMomentum.normalized()).norm() < 1e-12);
        QVERIFY(dL.dot(b.angularMomentum) > 0.0);
        QVERIFY2(near(dL.norm(), 1.5 * kR * b.angularMomentum.norm() / L0, 1e-14, 1e-12),
                 qPrintable(QString::number(dL.norm())));
        // w: along w, 1.5 R |w| / (|L0| / J2)
        const Vec3 dw = w->to - w->from;
        QVERIFY(dw.normalized().cross(b.angularVelocity.normalized()).norm() < 1e-12);
        QVERIFY(dw.dot(b.angularVelocity) > 0.0);
        QVERIFY(near(dw.norm(), 1.5 * kR * b.angularVelocity.norm() / wRef, 1e-14, 1e-12));
    };
    check(b0);
    QVERIFY(near((arrowOf(o, 0, ArrowKind::AngularMomentum)->to - x).norm(), 1.5 * kR, 1e-14));

    // later: L grown by 30 % and turned (integrator drift): the arrow shows it, the scale stays
    const Quat q1 = Quat(Eigen::AngleAxisd(0.4, Vec3::UnitZ())) * kQ;
    const BodyState b1 = tClump(0, x, q1, 1.3 * Vec3(0.5, -2.0, 1.0).normalized() * b0.angularVelocity.norm());
    o.update(*frame(sc, 0.1, {b1}), -1);
    QVERIFY(near(o.referenceMomentum(0), L0, 0.0, 1e-15));
    check(b1);

    // a blow-up's momentum is capped at 8 R
    const BodyState b2 = tClump(0, x, q1, 1e6 * Vec3(0.5, -2.0, 1.0));
    o.update(*frame(sc, 0.2, {b2}), -1);
    QVERIFY(near((arrowOf(o, 0, ArrowKind::AngularMomentum)->to - x).norm(), 8.0 * kR, 1e-12));
    QVERIFY(near((arrowOf(o, 0, ArrowKind::AngularVelocity)->to - x).norm(), 8.0 * kR, 1e-12));
}

void TestBodyOverlay::spinAboutE2GivesEqualArrows()
{
    // w along e2: L = J2 w, so |w| = |L0| / J2 = w_ref and both arrows are 1.5 R, parallel;
    // about e3, w is J2 / J3 shorter
    TestScene sc;
    sc.add(BodyType::Clump, tMembers());
    sc.add(BodyType::Clump, tMembers());
    const BodyState a = tClump(0, Vec3(-0.05, 0, 0), kQ, kQ * Vec3(0, 6.0, 0));
    const BodyState c = tClump(1, Vec3(0.05, 0, 0), kQ, kQ * Vec3(0, 0, 6.0));
    vtkNew<vtkRenderer> r;
    BodyOverlay o(r);
    o.update(*frame(sc, 0.0, {a, c}), -1);
    auto len = [&](int b, ArrowKind k) {
        const OverlayArrow* x = arrowOf(o, b, k);
        return x ? (x->to - x->from).norm() : -1.0;
    };
    QVERIFY(near(len(0, ArrowKind::AngularMomentum), 1.5 * kR, 1e-14));
    QVERIFY(near(len(0, ArrowKind::AngularVelocity), 1.5 * kR, 1e-14));
    QVERIFY(near(len(1, ArrowKind::AngularMomentum), 1.5 * kR, 1e-14));
    QVERIFY(near(len(1, ArrowKind::AngularVelocity), 1.5 * kR * kJ.y() / kJ.z(), 1e-14));
}

void TestBodyOverlay::bodyAtRestTakesTheLargestMomentumSeen()
{
    TestScene sc;
    sc.add(BodyType::Clump, tMembers());
    const Vec3 x = Vec3::Zero();
    vtkNew<vtkRenderer> r;
    BodyOverlay o(r);
    // at rest: triads, no arrows
    o.update(*frame(sc, 0.0, {tClump(0, x, kQ, Vec3::Zero())}), -1);
    QCOMPARE(o.arrows().size(), std::size_t(3));
    QVERIFY(!arrowOf(o, 0, ArrowKind::AngularMomentum));
    // turning after a knock: its |L| is the reference, 1.5 R
    const BodyState hit = tClump(0, x, kQ, Vec3(0.0, 0.0, 4.0));
    o.update(*frame(sc, 0.1, {hit}), -1);
    QVERIFY(near(o.referenceMomentum(0), hit.angularMomentum.norm(), 0.0, 1e-15));
    QVERIFY(near((arrowOf(o, 0, ArrowKind::AngularMomentum)->to - x).norm(), 1.5 * kR, 1e-14));
    // slowing down: shorter, against the largest seen
    o.update(*frame(sc, 0.2, {tClump(0, x, kQ, Vec3(0.0, 0.0, 1.0))}), -1);
    QVERIFY(near((arrowOf(o, 0, ArrowKind::AngularMomentum)->to - x).norm(), 1.5 * kR / 4.0, 1e-14));
}

// ------------------------------------------------------------------------------------------------
void TestBodyOverlay::trailFollowsTheMarkedPoint()
{
    TestScene sc;
    sc.add(BodyType::Clump, tMembers());
    // the marked point: the surface point of the member reaching farthest from the centre
    Vec3 marked = Vec3::Zero();
    double best = -1.0;
    for (const Member& m : tMembers())
        if (m.offset.norm() + m.radius > best) {
            best = m.offset.norm() + m.radius;
            marked = m.offset.normalized() * best;
        }
    QVERIFY(near(marked, Vec3(0.065, 0, 0), 1e-15));

    vtkNew<vtkRenderer> r;
    BodyOverlay o(r);
    const Vec3 axis = Vec3(0.2, 1.0, 0.3).normalized();
    std::vector<BodyState> states;
    // small turns (0.03 rad) between snapshots: no interpolated points
    for (int k = 0; k < 12; ++k) {
        const Quat q = Quat(Eigen::AngleAxisd(0.03 * k, axis)) * kQ;
        states.push_back(tClump(0, Vec3(0.001 * k, 0.0, 0.0), q, 0.3 * axis));
        o.update(*frame(sc, 0.01 * k, {states.back()}), -1);
    }
    QCOMPARE(o.trailBodies(), std::vector<int>{0});
    QVERIFY(near(o.trailOffset(0), marked, 1e-9)); // snapshot radii are floats
    const std::vector<TrailVertex> t = o.trail(0);
    QCOMPARE(t.size(), states.size());
    for (std::size_t j = 0; j < t.size(); ++j) {
        const BodyState& s = states[states.size() - 1 - j]; // newest first
        const Vec3 expect = s.position + s.orientation * marked;
        QVERIFY(t[j].key);
        QVERIFY2(near(t[j].position, expect, 1e-7), // float vertices
                 qPrintable(QStringLiteral("%1: ").arg(j) + str(t[j].position) + " vs " + str(expect)));
        if (j > 0)
            QVERIFY(t[j].alpha <= t[j - 1].alpha);
    }
    QCOMPARE(t.front().alpha, 1.0);
    QVERIFY(t.back().alpha < 1.0 && t.back().alpha > 0.9); // 11 of 300 snapshots old

    // the same snapshot again (a selection change) adds nothing
    o.update(*frame(sc, 0.11, {states.back()}), -1);
    QCOMPARE(o.trail(0).size(), states.size());

    // a full trail holds kTrailLength snapshots and fades to transparent
    for (int k = 12; k < 400; ++k)
        o.update(*frame(sc, 0.01 * k, {tClump(0, Vec3::Zero(), kQ, 0.3 * axis)}), -1);
    const std::vector<TrailVertex> full = o.trail(0);
    QCOMPARE(full.size(), std::size_t(BodyOverlay::kTrailLength));
    QVERIFY(full.back().alpha < 0.01);
}

void TestBodyOverlay::trailInterpolatesBetweenSnapshots()
{
    // a 0.5 rad turn between snapshots: ceil(0.5 / 0.08) = 7 segments, the in-between points on
    // the sphere of radius |p| about the (interpolated) centre, alpha falling in between
    TestScene sc;
    sc.add(BodyType::Clump, tMembers());
    vtkNew<vtkRenderer> r;
    BodyOverlay o(r);
    const Vec3 axis = Vec3(0.0, 0.3, 1.0).normalized();
    const BodyState a = tClump(0, Vec3::Zero(), kQ, axis);
    const BodyState b = tClump(0, Vec3(0.01, 0, 0), Quat(Eigen::AngleAxisd(0.5, axis)) * kQ, axis);
    o.update(*frame(sc, 0.0, {a}), -1);
    o.update(*frame(sc, 0.5, {b}), -1);
    const std::vector<TrailVertex> t = o.trail(0);
    QCOMPARE(t.size(), std::size_t(8));
    const Vec3 p = o.trailOffset(0);
    QVERIFY(t.front().key && t.back().key);
    QVERIFY(near(t.front().position, b.position + b.orientation * p, 1e-7));
    QVERIFY(near(t.back().position, a.position + a.orientation * p, 1e-7));
    for (std::size_t j = 1; j + 1 < t.size(); ++j) {
        QVERIFY(!t[j].key);
        const double f = double(j) / 7.0; // from the newest towards the older pose
        const Vec3 centre = (1.0 - f) * b.position + f * a.position;
        QVERIFY(near((t[j].position - centre).norm(), p.norm(), 1e-7));
        QVERIFY(t[j].alpha <= t[j - 1].alpha);
        // consecutive points no farther apart than a 0.08 rad turn
        QVERIFY((t[j].position - t[j - 1].position).norm() < 0.08 * p.norm() + 0.01 / 7 + 1e-7);
    }
}

void TestBodyOverlay::trailRestartsOnRevisionAndTimeReversal()
{
    TestScene sc(1);
    sc.add(BodyType::Clump, tMembers());
    vtkNew<vtkRenderer> r;
    BodyOverlay o(r);
    for (int k = 0; k < 5; ++k)
        o.update(*frame(sc, 0.01 * k, {tClump(0, Vec3::Zero(), kQ, Vec3(0, 0, 1))}), -1);
    QCOMPARE(o.trail(0).size(), std::size_t(5));
    // time goes backwards (a restart without a new revision): one point, the new one
    o.update(*frame(sc, 0.0, {tClump(0, Vec3(0.02, 0, 0), kQ, Vec3(0, 0, 1))}), -1);
    QCOMPARE(o.trail(0).size(), std::size_t(1));
    QVERIFY(near(o.trail(0)[0].position, Vec3(0.02, 0, 0) + kQ * o.trailOffset(0), 1e-7));
    o.update(*frame(sc, 0.01, {tClump(0, Vec3::Zero(), kQ, Vec3(0, 0, 1))}), -1);
    QCOMPARE(o.trail(0).size(), std::size_t(2));

    // a new revision, later in time (a reset shows t = 0, a load may not): restart, and the
    // arrows' reference is taken afresh
    TestScene sc2(2);
    sc2.add(BodyType::Clump, tMembers());
    const BodyState fast = tClump(0, Vec3::Zero(), kQ, Vec3(0, 0, 3));
    o.update(*frame(sc2, 5.0, {fast}), -1);
    QCOMPARE(o.trail(0).size(), std::size_t(1));
    QVERIFY(near(o.referenceMomentum(0), fast.angularMomentum.norm(), 0.0, 1e-15));

    // switched off: gone; on again: a fresh one
    OverlayOptions opt;
    opt.trail = false;
    o.setOptions(opt);
    o.update(*frame(sc2, 5.1, {fast}), -1);
    QVERIFY(o.trail(0).empty());
    QVERIFY(o.trailBodies().empty());
    opt.trail = true;
    o.setOptions(opt);
    o.update(*frame(sc2, 5.1, {fast}), -1);
    QCOMPARE(o.trail(0).size(), std::size_t(1));
}

// ------------------------------------------------------------------------------------------------
void TestBodyOverlay::modesChooseBodies()
{
    TestScene sc;
    for (int b = 0; b < 3; ++b)
        sc.add(BodyType::Clump, tMembers());
    std::vector<BodyState> bodies;
    for (int b = 0; b < 3; ++b)
        bodies.push_back(tClump(b, Vec3(0.2 * b, 0, 0), kQ, Vec3(1, 2, 3)));
    const SnapshotPtr s = frame(sc, 0.0, bodies);
    vtkNew<vtkRenderer> r;
    BodyOverlay o(r);
    auto count = [&](int b) {
        int n = 0;
        for (const OverlayArrow& a : o.arrows())
            n += a.body == b;
        return n;
    };

    // defaults: triads and arrows on every clump, trails on all three (few clumps)
    o.update(*s, -1);
    QCOMPARE(o.arrows().size(), std::size_t(15));
    QCOMPARE(o.trailBodies().size(), std::size_t(3));

    // selected only: body 1's triad and arrows
    OverlayOptions opt;
    opt.triads = TriadMode::Selected;
    o.setOptions(opt);
    o.update(*s, 1);
    QCOMPARE(count(0), 0);
    QCOMPARE(count(1), 5);
    QCOMPARE(count(2), 0);
    o.update(*s, -1); // nothing selected: nothing but trails
    QVERIFY(o.arrows().empty());

    // triads off, arrows on: w and L on every clump
    opt.triads = TriadMode::Off;
    o.setOptions(opt);
    o.update(*s, 2);
    QCOMPARE(o.arrows().size(), std::size_t(6));
    for (const OverlayArrow& a : o.arrows())
        QVERIFY(a.kind == ArrowKind::AngularVelocity || a.kind == ArrowKind::AngularMomentum);

    // triads on, arrows off
    opt.triads = TriadMode::EveryClump;
    opt.arrows = false;
    o.setOptions(opt);
    o.update(*s, -1);
    QCOMPARE(o.arrows().size(), std::size_t(9));

    // all off: no geometry at all
    opt.triads = TriadMode::Off;
    opt.trail = false;
    o.setOptions(opt);
    o.update(*s, 1);
    QVERIFY(o.arrows().empty());
    QVERIFY(o.trailBodies().empty());
    QCOMPARE(o.pointCount(), std::size_t(0));
    QCOMPARE(o.cellCount(), std::size_t(0));
}

void TestBodyOverlay::sphereGetsOverlayOnlyWhenSelected()
{
    TestScene sc;
    sc.add(BodyType::Clump, tMembers());
    const double r = 0.02;
    sc.add(BodyType::Sphere, {{Vec3::Zero(), r}});
    const double J = 0.4 * 0.1 * r * r;
    const Quat qs(Eigen::AngleAxisd(1.1, Vec3(1, 1, 0).normalized()));
    const BodyState clump = tClump(0, Vec3(-0.1, 0, 0), kQ, Vec3(1, 2, 3));
    const BodyState sphere = body(1, BodyType::Sphere, Vec3(0.1, 0, 0), qs, Vec3(0, 0, 5), Vec3(J, J, J), r);

    vtkNew<vtkRenderer> rr;
    BodyOverlay o(rr);
    o.update(*frame(sc, 0.0, {clump, sphere}), -1);
    QVERIFY(arrowsOf(o, 1, ArrowKind::E1).empty());
    QCOMPARE(o.trailBodies(), std::vector<int>{0});

    // selected: the snapshot's `selected` state gives it a triad, arrows and a trail of its
    // surface point on e1
    o.update(*frame(sc, 0.01, {clump, sphere}, sphere), 1);
    const OverlayArrow* e1 = arrowOf(o, 1, ArrowKind::E1);
    QVERIFY(e1);
    QVERIFY(near(e1->to, sphere.position + qs * Vec3(1.3 * r, 0, 0), 1e-14));
    const OverlayArrow* L = arrowOf(o, 1, ArrowKind::AngularMomentum);
    QVERIFY(L);
    QVERIFY(near(L->to, sphere.position + Vec3(0, 0, 1.5 * r), 1e-14));
    const OverlayArrow* w = arrowOf(o, 1, ArrowKind::AngularVelocity);
    QVERIFY(near(w->to, sphere.position + Vec3(0, 0, 1.5 * r), 1e-14)); // J2 = J: same length
    QCOMPARE(o.trailBodies(), (std::vector<int>{0, 1}));
    QVERIFY(near(o.trailOffset(1), Vec3(r, 0, 0), 1e-15));
    QVERIFY(near(o.trail(1)[0].position, sphere.position + qs * Vec3(r, 0, 0), 1e-7));

    // selected but the snapshot has no state for it yet (the worker lags): nothing for it
    o.update(*frame(sc, 0.02, {clump, sphere}), 1);
    QVERIFY(arrowsOf(o, 1, ArrowKind::E1).empty());
}

void TestBodyOverlay::manyClumpsTrailOnlyTheSelected()
{
    TestScene sc;
    std::vector<BodyState> bodies;
    for (int b = 0; b < BodyOverlay::kTrailAllClumps + 1; ++b) {
        sc.add(BodyType::Clump, tMembers());
        bodies.push_back(tClump(b, Vec3(0.2 * b, 0, 0), kQ, Vec3(1, 2, 3)));
    }
    vtkNew<vtkRenderer> r;
    BodyOverlay o(r);
    o.update(*frame(sc, 0.0, bodies), -1);
    QVERIFY(o.trailBodies().empty());
    o.update(*frame(sc, 0.01, bodies), 4);
    QCOMPARE(o.trailBodies(), std::vector<int>{4});
    // the selection moves: the old trail goes, the new one starts
    o.update(*frame(sc, 0.02, bodies), 5);
    QCOMPARE(o.trailBodies(), std::vector<int>{5});
    QCOMPARE(o.trail(5).size(), std::size_t(1));
}

void TestBodyOverlay::nonFiniteStatesAreSkipped()
{
    TestScene sc;
    sc.add(BodyType::Clump, tMembers());
    sc.add(BodyType::Clump, tMembers());
    sc.add(BodyType::Clump, tMembers());
    BodyState good = tClump(0, Vec3(-0.1, 0, 0), kQ, Vec3(1, 2, 3));
    BodyState badW = tClump(1, Vec3(0, 0, 0), kQ, Vec3(1, 2, 3));
    badW.angularVelocity.y() = kNaN;
    BodyState badQ = tClump(2, Vec3(0.1, 0, 0), kQ, Vec3(1, 2, 3));
    badQ.orientation.coeffs().x() = std::numeric_limits<double>::infinity();
    vtkNew<vtkRenderer> r;
    BodyOverlay o(r);
    o.update(*frame(sc, 0.0, {good, badW, badQ}), 2);
    for (const OverlayArrow& a : o.arrows())
        QCOMPARE(a.body, 0);
    QCOMPARE(o.arrows().size(), std::size_t(5));
    QCOMPARE(o.trailBodies(), std::vector<int>{0});
    // nothing non-finite reached VTK
    for (std::size_t i = 0; i < o.arrows().size(); ++i)
        for (const Vec3& p : o.arrowVertices(i))
            QVERIFY(p.allFinite());
    for (const TrailVertex& v : o.trail(0))
        QVERIFY(v.position.allFinite());
    // the good body's reference is not spoiled either
    QVERIFY(near(o.referenceMomentum(0), good.angularMomentum.norm(), 0.0, 1e-15));
}

// ------------------------------------------------------------------------------------------------
void TestBodyOverlay::triadColoursAreRendered()
{
    // a T clump at the centre of the view, turned so all three axes and both arrows show;
    // the frame with the overlay against the frame without it
    TestScene sc;
    sc.add(BodyType::Clump, tMembers());
    const double b[6] = {-0.09, 0.09, -0.09, 0.09, -0.09, 0.09};
    std::copy(b, b + 6, sc.info->bounds);
    const Quat q(Eigen::AngleAxisd(0.5, Vec3(1.0, -0.4, 0.3).normalized()));
    const BodyState clump = tClump(0, Vec3::Zero(), q, q * Vec3(2.0, 3.0, -1.5));
    const SnapshotPtr s = frame(sc, 0.0, {clump});

    SceneView view;
    view.resize(300, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    OverlayOptions off;
    off.triads = TriadMode::Off;
    off.arrows = false;
    off.trail = false;
    view.setOverlayOptions(off);
    view.setSnapshot(s);
    const QImage plain = view.grabFramebuffer();
    QCOMPARE(view.bodyOverlay().pointCount(), std::size_t(0));
    view.setOverlayOptions(OverlayOptions{});
    QVERIFY(view.overlayOptions() == OverlayOptions{});
    const QImage shown = view.grabFramebuffer();
    QCOMPARE(view.bodyOverlay().arrows().size(), std::size_t(5));

    // pixels the overlay changed, by the nearest overlay colour in hue
    struct Kind {
        const char* name;
        ArrowKind kind;
        int pixels = 0;
    };
    Kind kinds[] = {{"e1", ArrowKind::E1},
                    {"e2", ArrowKind::E2},
                    {"e3", ArrowKind::E3},
                    {"w", ArrowKind::AngularVelocity},
                    {"L", ArrowKind::AngularMomentum}};
    int changed = 0;
    for (int y = 0; y < shown.height(); ++y)
        for (int x = 0; x < shown.width(); ++x) {
            const QColor a = plain.pixelColor(x, y);
            const QColor c = shown.pixelColor(x, y);
            const int d = std::abs(a.red() - c.red()) + std::abs(a.green() - c.green()) + std::abs(a.blue() - c.blue());
            if (d < 60 || c.hsvSaturation() < 50 || c.value() < 60)
                continue;
            ++changed;
            for (Kind& k : kinds) {
                const auto rgb = BodyOverlay::colour(k.kind);
                const int hue = QColor(rgb[0], rgb[1], rgb[2]).hsvHue();
                int dh = std::abs(c.hsvHue() - hue);
                dh = std::min(dh, 360 - dh);
                k.pixels += dh <= 12;
            }
        }
    QString counts;
    for (const Kind& k : kinds)
        counts += QStringLiteral("%1 %2  ").arg(k.name).arg(k.pixels);
    qInfo("overlay changed %d pixels: %s", changed, qPrintable(counts));
    const bool ok = std::all_of(std::begin(kinds), std::end(kinds), [](const Kind& k) { return k.pixels >= 15; });
    // on failure, or on request, the two frames go to the temp directory for a look
    if (!ok || qEnvironmentVariableIsSet("TUMBLE_SAVE_FRAMES")) {
        const QString dir = QDir::tempPath();
        plain.save(dir + "/TestBodyOverlay-plain.png");
        shown.save(dir + "/TestBodyOverlay-shown.png");
    }
    QVERIFY2(ok, qPrintable(counts));
    // and it is an overlay, not a cover: most of the view is as it was
    QVERIFY(changed < shown.width() * shown.height() / 5);
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestBodyOverlay t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestBodyOverlay.moc"
