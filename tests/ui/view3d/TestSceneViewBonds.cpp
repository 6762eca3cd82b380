// SceneView draws bonds: on the bonded rod every bond is a line between its spheres' centres,
// visible over the spheres, in the energy plot's colour of the mode holding most of its energy,
// with a legend naming the modes; a bond with a strength is coloured by its load against it
// (green to red); a bond that breaks is no longer drawn, and a red burst marks where it broke
// for breakMarkerSeconds, also while the run is paused; a new run starts with no marks.
#include <QtTest>

#include <cmath>
#include <numbers>
#include <set>

#include "ProjectedPoint.h"
#include "core/SceneText.h"
#include "energy/EnergyTerms.h"
#include "scene/BuiltinScenes.h"
#include "session/SnapshotBuilder.h"
#include "sim/Simulation.h"
#include "view3d/SceneView.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

using tumble::ui::test::projected;

// a run and the snapshots a runner would publish of it
struct Run {
    Scene scene;
    Simulation sim;
    std::shared_ptr<SceneInfo> info;
    PublishScratch scratch;
    long long serial = 0;

    Run(Scene sc, long long revision)
        : scene(std::move(sc)), sim(scene.world, scene.params), info(makeSceneInfo(scene, sim.world(), revision, 0.01))
    {
    }
    SnapshotPtr snapshot()
    {
        auto s = std::make_shared<FrameSnapshot>();
        s->scene = info;
        s->serial = ++serial;
        fillRunState(*s, sim);
        fillBodies(*s, sim, -1, scratch);
        fillBonds(*s, sim, scratch);
        s->markers = std::make_shared<const std::vector<ParameterMarker>>();
        return s;
    }
};

// two spheres of radius 0.01 m touching on the x axis, bonded, pulled apart at +-0.01 m/s; the
// bond's tension strength is half the peak the pull would reach (it breaks on the way out)
Scene pulledPair()
{
    using namespace tumble::test;
    const double r = 0.01, kn = 2e3, v = 0.01;
    const double m = 4.0 / 3.0 * std::numbers::pi * r * r * r * 2500.0;
    const double w = std::sqrt(2.0 * kn / m);
    const double strength = 0.5 * kn * 2.0 * v / w;
    const std::string bodies = "[" + sphereJson("m", r, Vec3(r, 0, 0.05), Vec3(v, 0, 0)) + ", " +
                               sphereJson("m", r, Vec3(-r, 0, 0.05), Vec3(-v, 0, 0)) + "]";
    const std::string bonds = R"(, "bonds": [{"bodies": [0, 1], "kn": 2000, "ks": 1000, "kt": 1e-3, "kb": 1e-3, )"
                              R"("strength": {"tension": )" +
                              std::to_string(strength) + "}}]";
    return sceneFrom(
        sceneJson("[0, 0, 0]", "velocity_verlet", 0.1 / w, materialJson(1e3, 1.0, 2500.0), bodies, "[]", bonds));
}

int colourDistance(const QColor& a, const QColor& b)
{
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
}

// the pixel nearest in colour to c within `reach` pixels of p, and its distance
int nearestColour(const QImage& img, const QPoint& p, const QColor& c, int reach)
{
    int best = 1000;
    for (int y = p.y() - reach; y <= p.y() + reach; ++y)
        for (int x = p.x() - reach; x <= p.x() + reach; ++x)
            if (img.rect().contains(x, y))
                best = std::min(best, colourDistance(img.pixelColor(x, y), c));
    return best;
}

} // namespace

class TestSceneViewBonds : public QObject {
    Q_OBJECT
private slots:
    void rodBondsAreDrawnInTheirModesColours();
    void bondColourFollowsLoadAgainstStrength();
    void brokenBondIsMarkedForAMoment();
};

void TestSceneViewBonds::rodBondsAreDrawnInTheirModesColours()
{
    Run run(loadBuiltinScene("bonded-rod"), 1);
    run.sim.run(400); // the plucked end bends, the twisted end twists: every bond is loaded
    const SnapshotPtr s = run.snapshot();
    QCOMPARE(s->bondCount(), std::size_t(11));

    SceneView view;
    view.resize(640, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    // the same spheres without bonds are the reference
    auto bare = std::make_shared<FrameSnapshot>(*s);
    bare->bondMembers.clear();
    bare->bondMode.clear();
    bare->bondLoad.clear();
    view.setSnapshot(bare);
    const QImage without = view.grabFramebuffer();
    QCOMPARE(view.drawnBondCount(), std::size_t(0));
    QVERIFY(view.bondLegend().isEmpty());
    view.setSnapshot(s);
    const QImage with = view.grabFramebuffer();
    QCOMPARE(view.drawnSphereCount(), std::size_t(12));
    QCOMPARE(view.drawnBondCount(), std::size_t(11));

    // each bond in its dominant mode's colour: the energy plot's colour of that bond term
    const energy_term::Id terms[4] = {energy_term::ElasticBondNormal, energy_term::ElasticBondShear,
                                      energy_term::ElasticBondTwist, energy_term::ElasticBondBend};
    std::set<QRgb> modeColours;
    for (const energy_term::Id t : terms)
        modeColours.insert(QColor(QRgb(energyTerm(t).rgb)).rgb());
    std::set<QRgb> used;
    for (std::size_t k = 0; k < 11; ++k) {
        const int mode = s->bondMode[k];
        QVERIFY2(mode >= 0 && mode < 4, qPrintable(QString("bond %1 mode %2").arg(k).arg(mode)));
        QCOMPARE(s->bondLoad[k], -1.f); // the rod's bonds never break
        const QColor c = view.drawnBondColour(k);
        QCOMPARE(c.rgb(), QColor(QRgb(energyTerm(terms[mode]).rgb)).rgb());
        QVERIFY(modeColours.count(c.rgb()));
        used.insert(c.rgb());
    }
    QVERIFY2(used.size() >= 2, "the plucked and the twisted end load different modes");
    QCOMPARE(view.bondLegend(), QStringList{"bonds: normal shear twist bend"});

    // and each is seen: on screen at its middle (the spheres' contact point), in its colour,
    // where the picture without bonds shows a sphere
    for (std::size_t k = 0; k < 11; ++k) {
        const float* a = &s->positions[3 * std::size_t(s->bondMembers[2 * k])];
        const float* b = &s->positions[3 * std::size_t(s->bondMembers[2 * k + 1])];
        const QPoint mid = projected(view, 0.5 * (a[0] + b[0]), 0.5 * (a[1] + b[1]), 0.5 * (a[2] + b[2]));
        const QColor c = view.drawnBondColour(k);
        QVERIFY2(nearestColour(with, mid, c, 2) < 40, qPrintable(QString("bond %1 at %2,%3: nearest colour %4 off")
                                                                     .arg(k)
                                                                     .arg(mid.x())
                                                                     .arg(mid.y())
                                                                     .arg(nearestColour(with, mid, c, 2))));
        QVERIFY(nearestColour(without, mid, c, 2) >= 40);
    }
}

void TestSceneViewBonds::bondColourFollowsLoadAgainstStrength()
{
    // the ramp: green with no load, red at the strength and beyond, amber between
    const QColor rest = SceneView::bondColour(0.f, -1), half = SceneView::bondColour(0.5f, -1);
    const QColor breaking = SceneView::bondColour(1.f, -1);
    QVERIFY(rest.green() > rest.red() + 60);
    QVERIFY(breaking.red() > breaking.green() + 100);
    QVERIFY(half.red() > 200 && half.green() > 150 && half.blue() < 60);
    QCOMPARE(SceneView::bondColour(3.f, -1), breaking);
    QVERIFY(SceneView::bondColour(-1.f, -1).saturation() < 40); // no strength, no energy: grey

    Run run(pulledPair(), 1);
    run.sim.run(3); // stretched a little
    QVERIFY(run.sim.bondBreaks().empty());
    const SnapshotPtr s = run.snapshot();
    QCOMPARE(s->bondCount(), std::size_t(1));
    QVERIFY(s->bondLoad[0] > 0.f && s->bondLoad[0] < 1.f);

    SceneView view;
    view.resize(400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setSnapshot(s);
    view.grabFramebuffer();
    QCOMPARE(view.drawnBondCount(), std::size_t(1));
    QCOMPARE(view.drawnBondColour(0), SceneView::bondColour(s->bondLoad[0], -1));
    QCOMPARE(view.bondLegend(), QStringList{"bond load / strength: 0 0.25 0.5 0.75 1"});
}

void TestSceneViewBonds::brokenBondIsMarkedForAMoment()
{
    Run run(pulledPair(), 1);
    SceneView view;
    view.resize(400, 300);
    view.setBreakMarkerSeconds(2.0);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setSnapshot(run.snapshot());
    view.grabFramebuffer();
    QCOMPARE(view.drawnBondCount(), std::size_t(1));
    QCOMPARE(view.breakMarkerCount(), std::size_t(0));

    while (run.sim.bondBreaks().empty() && run.sim.world().step < 2000)
        run.sim.step();
    QCOMPARE(run.sim.bondBreaks().size(), std::size_t(1));
    const SnapshotPtr broken = run.snapshot();
    QCOMPARE(broken->bondBreaks, 1LL);
    view.setSnapshot(broken);
    const QImage marked = view.grabFramebuffer();
    QCOMPARE(view.drawnBondCount(), std::size_t(0));
    QCOMPARE(view.breakMarkerCount(), std::size_t(1));
    QVERIFY(view.bondLegend().isEmpty()); // no bonds left

    // the run goes on: a later snapshot carries the same break, which stays one mark
    run.sim.run(5);
    view.setSnapshot(run.snapshot());
    view.grabFramebuffer();
    QCOMPARE(view.breakMarkerCount(), std::size_t(1));

    // paused: the mark goes by itself once its time is up
    QElapsedTimer clock;
    clock.start();
    QVERIFY(QTest::qWaitFor([&]() { return view.breakMarkerCount() == 0; }, 10000));
    QVERIFY(clock.elapsed() > 500);   // not at once
    view.setSnapshot(run.snapshot()); // the same picture, without the mark
    const QImage unmarked = view.grabFramebuffer();
    QCOMPARE(view.breakMarkerCount(), std::size_t(0));

    // the mark was drawn where the bond broke, in red, over the spheres
    const Vec3 at = run.sim.bondBreaks().front().point;
    const QPoint p = projected(view, at.x(), at.y(), at.z());
    int red = 0;
    for (int y = p.y() - 40; y <= p.y() + 40; ++y)
        for (int x = p.x() - 40; x <= p.x() + 40; ++x) {
            if (!marked.rect().contains(x, y))
                continue;
            const QColor c = marked.pixelColor(x, y);
            red += colourDistance(c, unmarked.pixelColor(x, y)) > 60 && c.red() > 150 && c.red() > c.blue() + 80;
        }
    QVERIFY2(red > 100, qPrintable(QString("%1 red pixels around %2,%3").arg(red).arg(p.x()).arg(p.y())));

    // a new run (reset) has broken nothing yet
    Run again(pulledPair(), 2);
    while (again.sim.bondBreaks().empty() && again.sim.world().step < 2000)
        again.sim.step();
    view.setSnapshot(again.snapshot());
    view.grabFramebuffer();
    QCOMPARE(view.breakMarkerCount(), std::size_t(1)); // its own break
    Run reset(pulledPair(), 3);
    view.setSnapshot(reset.snapshot());
    view.grabFramebuffer();
    QCOMPARE(view.breakMarkerCount(), std::size_t(0));
    QCOMPARE(view.drawnBondCount(), std::size_t(1));
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestSceneViewBonds t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestSceneViewBonds.moc"
