// BondInspector and bond picking in the main window: two bonded spheres, body 2 turned by a
// rotation built from known Wang angles (bend theta0 in the plane at azimuth phi0, twist psi0),
// show theta0, phi0, psi0 (rad and degrees), the bending and twisting moments kb theta0 and
// kt psi0, the slip rho2 sin theta0 and shear force ks rho2 sin theta0, and the energies
// 1/2 kb theta0^2, 1/2 kt psi0^2 (the state on show to round-off, the text to its five figures);
// the panel ignores a snapshot of another bond and shows its hint when none is selected; a bond
// with a strength shows its load / strength live from a running pair pulled apart, and "broken
// at t = ..." once it broke, its last numbers kept; in the running main window a click at the
// projected midpoint of a bonded-rod bond selects it (worker, view, inspector, its tab to the
// front), a click near a sphere's centre still selects the sphere, and a new scene clears it.
#include <QtTest>

#include <QLabel>

#include <cmath>
#include <numbers>
#include <set>

#include "MainWindow.h"
#include "ProjectedPoint.h"
#include "TestHelpers.h"
#include "WaitShown.h"
#include "bond/WangAngles.h"
#include "core/SceneText.h"
#include "panels/BodyInspector.h"
#include "panels/BondInspector.h"
#include "scene/BuiltinScenes.h"
#include "session/SimulationRunner.h"
#include "session/SnapshotBuilder.h"
#include "sim/Simulation.h"
#include "view3d/BondFrameOverlay.h"
#include "view3d/SceneView.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::waitShown;
using tumble::test::waitUntil;
using tumble::ui::test::projected;

namespace {

constexpr double kn = 2000.0, ks = 1000.0, kt = 0.03, kb = 0.05; // N/m, N m/rad
constexpr double kR = 0.01;                                      // m

// two spheres of radius kR touching on the x axis (body 0 at +x: the bond's body 1), bonded
// with the stiffnesses above; strength: the bond's JSON "strength" object, empty for none
Scene bondedPair(const Vec3& v0 = Vec3::Zero(), const Vec3& v1 = Vec3::Zero(), const std::string& strength = "")
{
    using namespace tumble::test;
    const std::string bodies =
        "[" + sphereJson("m", kR, Vec3(kR, 0, 0.05), v0) + ", " + sphereJson("m", kR, Vec3(-kR, 0, 0.05), v1) + "]";
    char bond[400];
    std::snprintf(bond, sizeof bond,
                  R"(, "bonds": [{"bodies": [0, 1], "kn": %.17g, "ks": %.17g, "kt": %.17g, "kb": %.17g%s}])", kn, ks,
                  kt, kb, strength.empty() ? "" : (", \"strength\": " + strength).c_str());
    return sceneFrom(
        sceneJson("[0, 0, 0]", "velocity_verlet", 1e-5, materialJson(1e3, 1.0, 2500.0), bodies, "[]", bond));
}

// a snapshot of sim as the runner publishes it, with the bond between bodies 0 and 1 selected
SnapshotPtr snapshotOf(const Simulation& sim, const Scene& scene, int a = 0, int b = 1)
{
    auto s = std::make_shared<FrameSnapshot>();
    s->scene = makeSceneInfo(scene, sim.world(), 1, 0.01);
    PublishScratch scratch;
    fillRunState(*s, sim);
    fillBodies(*s, sim, -1, scratch);
    fillBonds(*s, sim, scratch);
    s->selectedBond = bondState(sim, a, b);
    s->markers = std::make_shared<const std::vector<ParameterMarker>>();
    return s;
}

// a field's numbers as shown
std::vector<double> numbers(const BondInspector& inspector, const QString& field)
{
    std::vector<double> out;
    for (const QString& part : inspector.valueText(field).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double v = part.toDouble(&ok);
        if (!ok)
            return {};
        out.push_back(v);
    }
    return out;
}

// the index-th number a field shows, to its five significant figures (half a unit in the fifth)
void checkShown(const BondInspector& inspector, const char* field, std::size_t index, double expected)
{
    const std::vector<double> v = numbers(inspector, QLatin1String(field));
    QVERIFY2(v.size() > index, field);
    TUMBLE_NEAR(v[index], expected, 1e-300, 5.01e-5);
}

} // namespace

class TestBondInspector : public QObject {
    Q_OBJECT
private slots:
    void showsTheClosedFormsOfAKnownBendAndTwist();
    void ignoresOtherBondsAndShowsTheHint();
    void followsARunningBondUntilItBreaks();
    void clickAtTheMidpointSelectsTheBond();
};

void TestBondInspector::showsTheClosedFormsOfAKnownBendAndTwist()
{
    for (const WangAngles a0 : {WangAngles{0.2, 1.1, 0.35}, WangAngles{0.07, 4.4, -0.6}}) {
        Scene scene = bondedPair();
        World& w = scene.world;
        QCOMPARE(w.bonds.size(), std::size_t(1));
        QCOMPARE(w.bonds.bodies[0][0], 0);
        // body 2 (scene body 1) turned about its centre so that g = h* q* p c h = m(theta0, phi0)
        // n(psi0) with p = c = 1 (both spheres bonded unrotated): q = h g* h*
        const Quat h = w.bonds.rest[0].frame;
        w.orientation[1] = h * wangRotation(a0).conjugate() * h.conjugate();
        const Simulation sim(w, scene.params);
        const SnapshotPtr s = snapshotOf(sim, scene);
        QVERIFY(s->selectedBond);

        BondInspector inspector;
        QVERIFY(inspector.showsHint());
        inspector.setSelectedBond(0, 1);
        inspector.setSnapshot(s);
        QVERIFY(!inspector.showsHint());
        QCOMPARE(inspector.valueText(QStringLiteral("bond")), QStringLiteral("Bond between bodies 0 and 1"));
        QVERIFY(inspector.valueText(QStringLiteral("status")).startsWith(QStringLiteral("intact")));

        // the state on show, to round-off
        const BondInspection& b = inspector.shown().inspection;
        const double rho2 = kR; // touching equal spheres: the contact point is R from each centre
        TUMBLE_NEAR(b.loads.theta, a0.theta, 1e-12, 0.0);
        TUMBLE_NEAR(b.phi, a0.phi, 1e-12, 0.0);
        TUMBLE_NEAR(b.loads.psi, a0.psi, 1e-12, 0.0);
        TUMBLE_NEAR(b.bendMoment, kb * a0.theta, 1e-15, 0.0);
        TUMBLE_NEAR(b.twistMoment, kt * a0.psi, 1e-15, 0.0);
        TUMBLE_NEAR(b.loads.energy[kBondBend], 0.5 * kb * a0.theta * a0.theta, 1e-15, 0.0);
        TUMBLE_NEAR(b.loads.energy[kBondTwist], 0.5 * kt * a0.psi * a0.psi, 1e-15, 0.0);
        TUMBLE_NEAR(b.loads.slip, rho2 * std::sin(a0.theta), 1e-15, 0.0);
        TUMBLE_NEAR(b.tension, 0.0, 1e-12, 0.0);

        // the text, to its five significant figures; angles in rad and degrees
        const double deg = 180.0 / std::numbers::pi;
        for (const auto& [field, rad] :
             {std::pair{"theta", a0.theta}, std::pair{"phi", a0.phi}, std::pair{"psi", a0.psi}}) {
            const std::vector<double> v = numbers(inspector, QLatin1String(field));
            QCOMPARE(v.size(), std::size_t(2));
            TUMBLE_NEAR(v[0], rad, 1e-300, 5.01e-5);
            TUMBLE_NEAR(v[1], rad * deg, 1e-300, 5.01e-5);
        }
        // per mode: its measure and its generalised force
        checkShown(inspector, "bend", 0, a0.theta);
        checkShown(inspector, "bend", 1, kb * a0.theta);
        checkShown(inspector, "twist", 0, a0.psi);
        checkShown(inspector, "twist", 1, kt * a0.psi);
        checkShown(inspector, "shear", 0, rho2 * std::sin(a0.theta));
        checkShown(inspector, "shear", 1, ks * rho2 * std::sin(a0.theta));
        checkShown(inspector, "Ebend", 0, 0.5 * kb * a0.theta * a0.theta);
        checkShown(inspector, "Etwist", 0, 0.5 * kt * a0.psi * a0.psi);
        checkShown(inspector, "Eshear", 0, 0.5 * ks * std::pow(rho2 * std::sin(a0.theta), 2));
        checkShown(inspector, "Etotal", 0,
                   0.5 * kb * a0.theta * a0.theta + 0.5 * kt * a0.psi * a0.psi +
                       0.5 * ks * std::pow(rho2 * std::sin(a0.theta), 2) + b.loads.energy[kBondNormal]);
        // never breaks: no load / strength row
        QVERIFY(inspector.valueText(QStringLiteral("load")).isEmpty());
        QVERIFY(inspector.valueText(QStringLiteral("status")).contains(QStringLiteral("never breaks")));
    }
}

void TestBondInspector::ignoresOtherBondsAndShowsTheHint()
{
    Scene scene = bondedPair();
    const Simulation sim(scene.world, scene.params);
    BondInspector inspector;
    // asked for the pair in the other order: the same bond
    inspector.setSelectedBond(1, 0);
    inspector.setSnapshot(snapshotOf(sim, scene));
    QVERIFY(!inspector.showsHint());
    // a snapshot carrying another pair (published before the worker saw the selection) is skipped
    inspector.setSelectedBond(3, 4);
    QVERIFY(inspector.showsHint());
    inspector.setSnapshot(snapshotOf(sim, scene));
    QVERIFY(inspector.showsHint());
    QVERIFY(inspector.valueText(QStringLiteral("theta")).isEmpty());
    // nothing selected
    inspector.setSelectedBond(0, 1);
    inspector.setSnapshot(snapshotOf(sim, scene));
    QVERIFY(!inspector.showsHint());
    inspector.clear();
    QVERIFY(inspector.showsHint());
    QCOMPARE(inspector.selectedBond(), (std::array<int, 2>{-1, -1}));
    // a pair with no bond: the worker publishes none
    QVERIFY(!bondState(sim, 0, 0));
    QVERIFY(!bondState(sim, 0, 7));
}

void TestBondInspector::followsARunningBondUntilItBreaks()
{
    // pulled apart at v = 0.01 m/s each side: the stretch is (2 v / w) sin(w t), w^2 = 2 kn / m
    // (the reduced mass m / 2); the tensile strength is half the peak tension, so the bond breaks
    // at the first end of step past sin(w t) = 1/2, t = (pi / 6) / w
    const double v = 0.01, dt = 1e-5;
    const double m = 4.0 / 3.0 * std::numbers::pi * kR * kR * kR * 2500.0;
    const double omega = std::sqrt(2.0 * kn / m);
    const double strength = 0.5 * kn * 2.0 * v / omega;
    char tension[80];
    std::snprintf(tension, sizeof tension, "{\"tension\": %.17g}", strength);
    Scene scene = bondedPair(Vec3(v, 0, 0), Vec3(-v, 0, 0), tension);
    QCOMPARE(scene.params.dt, dt);
    SimulationRunner runner;
    runner.loadScene(scene);
    runner.selectBond(1, 0);
    runner.setSpeed(0.002); // about half a second of wall time to the break: many snapshots
    BondInspector inspector;
    inspector.setSelectedBond(0, 1);
    runner.play();
    std::set<QString> stretches;
    std::vector<double> ratios;
    double worstRatioError = 0.0;
    QVERIFY(waitUntil(
        [&]() {
            const SnapshotPtr s = runner.latestSnapshot();
            if (!s || !s->selectedBond)
                return false;
            inspector.setSnapshot(s);
            const BondState& b = *s->selectedBond;
            if (!b.broken) {
                stretches.insert(inspector.valueText(QStringLiteral("normal")));
                const std::vector<double> load = numbers(inspector, QStringLiteral("load"));
                ratios.push_back(load.size() == 1 ? load[0] : -1.0);
                // the ratio is the tension against the strength
                worstRatioError = std::max(worstRatioError, std::abs(b.loadRatio - b.inspection.tension / strength));
            }
            return b.broken;
        },
        30000));
    runner.pause();
    const SnapshotPtr s = runner.latestSnapshot();
    QVERIFY(s->selectedBond && s->selectedBond->broken);
    QVERIFY2(stretches.size() >= 3, "the numbers follow the run");
    QVERIFY(worstRatioError < 1e-6); // float
    for (double r : ratios)
        QVERIFY2(r >= 0.0 && r <= 1.0, qPrintable(QString::number(r))); // shown while it holds
    // broken at the time the core booked, the last numbers kept
    const double t = s->selectedBond->breakTime;
    QCOMPARE(inspector.valueText(QStringLiteral("status")),
             QStringLiteral("broken at t = %1 s").arg(QString::number(t, 'g', 6)));
    QVERIFY(!inspector.valueText(QStringLiteral("normal")).isEmpty());
    QVERIFY(inspector.shown().broken);
    QVERIFY(inspector.shown().inspection.loads.stretch > 0.0);
    TUMBLE_NEAR(t, std::numbers::pi / 6.0 / omega, 2.0 * dt, 0.0);
    runner.stop();
}

void TestBondInspector::clickAtTheMidpointSelectsTheBond()
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openBuiltinScene(QStringLiteral("bonded-rod")));
    w.worker()->pause();
    QVERIFY(waitShown(w, [](const FrameSnapshot& s) {
        return s.scene && s.scene->source == "builtin:bonded-rod" && !s.playing && s.bondCount() == 11;
    }));
    SceneView* view = w.sceneView();
    BondInspector* inspector = w.bondInspector();
    view->grabFramebuffer(); // paint: the camera is placed for the scene
    QVERIFY(inspector->showsHint());
    QVERIFY(w.inspector()->isVisible()); // the body inspector's tab is in front at first

    // the bond between bodies 5 and 6: a click at the projected midpoint of their centres
    const SnapshotPtr shown = w.shownSnapshot();
    auto centre = [&](int body) {
        std::size_t m = 0;
        while (shown->bodyOf(m) != body)
            ++m;
        const float* x = &shown->positions[3 * m];
        return Vec3(x[0], x[1], x[2]);
    };
    auto at = [&](const Vec3& x) { return projected(*view, x.x(), x.y(), x.z()); };
    const QPoint mid = at(0.5 * (centre(5) + centre(6)));
    QVERIFY(view->rect().contains(mid));
    QSignalSpy bondSpy(view, &SceneView::bondClicked);
    QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, mid);
    QCOMPARE(bondSpy.count(), 1);
    const std::set<int> pair{view->selectedBond()[0], view->selectedBond()[1]};
    QCOMPARE(pair, (std::set<int>{5, 6}));
    QVERIFY(waitShown(
        w, [](const FrameSnapshot& s) { return s.selectedBond && !s.selectedBond->broken; }, 5000));
    QTRY_VERIFY_WITH_TIMEOUT(!inspector->showsHint(), 2000);
    QVERIFY(inspector->isVisible()); // its tab came to the front
    const QString header = inspector->valueText(QStringLiteral("bond"));
    QVERIFY(header == QStringLiteral("Bond between bodies 5 and 6") ||
            header == QStringLiteral("Bond between bodies 6 and 5"));
    // the view draws its rim and its frame
    view->grabFramebuffer();
    QVERIFY(view->bondHighlighted());
    QVERIFY(view->bondFrameOverlay().visible());
    // the panel fits its dock at 1280 x 800: every row inside, no horizontal scrolling needed
    QVERIFY2(inspector->width() <= 360, qPrintable(QString::number(inspector->width())));
    for (const QLabel* l : inspector->findChildren<QLabel*>())
        if (l->isVisible())
            QVERIFY2(l->geometry().right() <= inspector->width(), qPrintable(l->text()));

    // near a sphere's centre the click selects the sphere (its own bond lines run through it)
    const QPoint atSphere = at(centre(8));
    QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, atSphere);
    QCOMPARE(view->selectedBody(), 8);
    QCOMPARE(bondSpy.count(), 1); // no bond clicked; the bond stays selected
    QVERIFY(w.inspector()->isVisible());

    // empty space clears both
    QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, QPoint(6, 6));
    QCOMPARE(view->selectedBody(), -1);
    QCOMPARE(view->selectedBond(), (std::array<int, 2>{-1, -1}));
    QVERIFY(inspector->showsHint());
    QVERIFY(waitShown(
        w, [](const FrameSnapshot& s) { return !s.selectedBond; }, 5000));

    // a new scene clears a selection too; ids out of range select nothing
    w.selectBond(2, 3);
    QVERIFY(waitShown(
        w, [](const FrameSnapshot& s) { return s.selectedBond.has_value(); }, 5000));
    QVERIFY(w.openBuiltinScene(QStringLiteral("spinning-rod")));
    QCOMPARE(view->selectedBond(), (std::array<int, 2>{-1, -1}));
    QVERIFY(inspector->showsHint());
    QVERIFY(waitShown(w, [](const FrameSnapshot& s) { return s.scene && s.scene->source == "builtin:spinning-rod"; }));
    QVERIFY(!w.shownSnapshot()->selectedBond);
    w.selectBond(3, 300);
    QCOMPARE(view->selectedBond(), (std::array<int, 2>{-1, -1}));
}

int main(int argc, char** argv)
{
    tumble::ui::installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestBondInspector t;
    return QTest::qExec(&t, argc, argv);
}

#include "TestBondInspector.moc"
