// The rotation checks for a clump (RotationPanel, TorqueFreeGhost, GhostOverlay, PoinsotView),
// driven by a core Simulation of the built-in Dzhanibekov clump:
// - the ghost's spheres sit where the exact motion puts the members (position + q_exact r);
//   under RK4 (orientation error ~1e-8 rad, TestDzhanibekovFlip) they coincide with the
//   simulated members, under explicit Euler (energy error 4e-3 at this dt) they visibly do not;
// - the drift plot holds one sample per frame, the angle between simulated and exact orientation;
// - Poinsot: every polhode point lies on the ellipsoid w.Jw = 2T0 and every herpolhode point on
//   the plane w.L0/|L0| = 2T0/|L0| to the scheme's energy error; the exact polhode closes on both;
// - a torque (L changes) is reported, a reset stops the ghost, and the Poinsot view draws;
// - "Restart traces" restarts the ghost (from the body's state then) with the Poinsot traces;
// - the exact polhode has a contrast ratio of at least 3:1 with the ellipsoid it is drawn on.
#include <QtTest>

#include <QApplication>
#include <QPushButton>

#include "MainWindow.h"
#include "analysis/TorqueFreeMotion.h"
#include "plot/AngleDriftPlot.h"
#include "rotation/PoinsotView.h"
#include "rotation/RotationPanel.h"
#include "scene/BuiltinScenes.h"
#include "session/SimulationRunner.h"
#include "sim/Simulation.h"
#include "view3d/GhostOverlay.h"
#include "view3d/SceneView.h"
#include "vtk/VtkSurfaceFormat.h"

#include <vtkNew.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vtkRenderer.h>

using namespace tumble;
using namespace tumble::ui;

namespace {

std::shared_ptr<SceneInfo> infoOf(const World& w, long long revision)
{
    auto info = std::make_shared<SceneInfo>();
    info->revision = revision;
    info->name = "dzhanibekov";
    info->memberOffsets = w.memberOffset;
    return info;
}

SnapshotPtr snapshotOf(const Simulation& sim, const std::shared_ptr<const SceneInfo>& info, int selected)
{
    const World& w = sim.world();
    auto s = std::make_shared<FrameSnapshot>();
    s->scene = info;
    s->time = w.time;
    s->step = w.step;
    s->bodies = w.size();
    for (std::size_t j = 0; j < w.memberCount(); ++j) {
        for (int k = 0; k < 3; ++k)
            s->positions.push_back(float(w.memberPosition[j][k]));
        s->radii.push_back(float(w.memberRadius[j]));
        s->speeds.push_back(0.0f);
        s->memberBody.push_back(w.memberBody[j]);
    }
    for (std::size_t i = 0; i < w.size(); ++i)
        if (w.type[i] == BodyType::Clump)
            s->clumps.push_back(bodyState(w, i, sim.params().dt));
    if (selected >= 0)
        s->selected = bodyState(w, std::size_t(selected), sim.params().dt);
    s->markers = std::make_shared<const std::vector<ParameterMarker>>();
    return s;
}

Simulation dzhanibekov(const std::string& translation, const std::string& rotation, double dt)
{
    Scene scene = loadBuiltinScene("dzhanibekov");
    scene.params.translation = translation;
    scene.params.rotation = rotation;
    scene.params.dt = dt;
    return Simulation(std::move(scene.world), scene.params);
}

// runs 1.5 s (half a flip) in 30 frames, feeding the panel; returns the last snapshot
SnapshotPtr follow(RotationPanel& panel, Simulation& sim, const std::shared_ptr<const SceneInfo>& info)
{
    SnapshotPtr s = snapshotOf(sim, info, 0);
    panel.setSnapshot(s, 0);
    if (!panel.startGhost())
        return nullptr;
    const long long perFrame = std::llround(0.05 / sim.params().dt);
    for (int f = 0; f < 30; ++f) {
        sim.run(perFrame);
        s = snapshotOf(sim, info, 0);
        panel.setSnapshot(s, 0);
    }
    return s;
}

// WCAG 2 relative luminance of an sRGB colour (components in [0, 1])
double luminance(const std::array<double, 3>& c)
{
    const auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2]);
}

// WCAG 2 contrast ratio, 1 to 21
double contrast(const std::array<double, 3>& a, const std::array<double, 3>& b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

std::array<double, 3> rgbOf(const QColor& c)
{
    return {c.redF(), c.greenF(), c.blueF()};
}

double ellipsoidResidual(const Vec3& wBody, const Vec3& j, double twoT0)
{
    return std::abs(wBody.dot(j.cwiseProduct(wBody)) - twoT0) / twoT0;
}

} // namespace

class TestRotationPanel : public QObject {
    Q_OBJECT
private slots:
    void ghostFollowsTheExactMotion()
    {
        RotationPanel panel;
        Simulation sim = dzhanibekov("rk4", "rk4_quaternion", 1e-4);
        const auto info = infoOf(sim.world(), 1);
        const SnapshotPtr last = follow(panel, sim, info);
        QVERIFY(last);
        const TorqueFreeGhost& g = panel.ghost();
        QVERIFY(g.active());
        QCOMPARE(g.times().size(), std::size_t(31));
        QCOMPARE(panel.driftPlot()->sampleCount(), std::size_t(31));
        QVERIFY(g.angle() < 1e-6);
        QVERIFY(!g.torqueTime());

        // ghost spheres: position + q_exact r for each member, r from the scene
        vtkNew<vtkRenderer> renderer;
        GhostOverlay overlay(renderer);
        overlay.update(*last, g);
        const std::vector<Vec3> centres = overlay.sphereCentres();
        const World& w = sim.world();
        QCOMPARE(centres.size(), w.memberCount());
        const Quat exact = g.motion()->orientation(w.time);
        for (std::size_t j = 0; j < w.memberCount(); ++j) {
            const Vec3 expected = w.position[0] + exact * w.memberOffset[j];
            QVERIFY((centres[j] - expected).norm() < 1e-12);
            // and RK4 keeps the body there too: lever 0.05 m x 1e-6 rad
            QVERIFY((centres[j] - w.memberPosition[j]).norm() < 1e-7);
        }
    }

    void ghostShowsExplicitEulerDrifting()
    {
        RotationPanel panel;
        Simulation sim = dzhanibekov("velocity_verlet", "explicit_euler", 1e-4);
        const auto info = infoOf(sim.world(), 1);
        QVERIFY(follow(panel, sim, info));
        // explicit Euler's energy grows by ~4e-3 over half a flip at this dt, which near the
        // separatrix turns into an orientation error of order 1e-2 rad or more
        QVERIFY2(panel.ghost().angle() > 1e-3, qPrintable(QString::number(panel.ghost().angle())));
        // the samples grow with time
        const std::vector<double>& a = panel.ghost().angles();
        QVERIFY(a.back() > a[a.size() / 4]);
    }

    void poinsotTracesLieOnTheEllipsoidAndPlane()
    {
        RotationPanel panel;
        Simulation sim = dzhanibekov("rk4", "rk4_quaternion", 1e-4);
        const auto info = infoOf(sim.world(), 1);
        QVERIFY(follow(panel, sim, info));
        const PoinsotView& v = *panel.poinsotView();
        QVERIFY(v.following());
        const Vec3 j = sim.world().inertia[0];
        const Vec3 n = v.l0().normalized();
        QCOMPARE(v.polhode().size(), std::size_t(31));
        for (const Vec3& wb : v.polhode())
            QVERIFY(ellipsoidResidual(wb, j, v.twoT0()) < 1e-9); // RK4's energy error ~1e-11
        for (const Vec3& ww : v.herpolhode())
            QVERIFY(std::abs(ww.dot(n) - v.planeDistance()) < 1e-9 * v.planeDistance());
        QVERIFY(!v.exactPolhode().empty());
        for (const Vec3& wb : v.exactPolhode()) {
            QVERIFY(ellipsoidResidual(wb, j, v.twoT0()) < 1e-12);
            QVERIFY(std::abs(j.cwiseProduct(wb).norm() - v.l0().norm()) < 1e-12 * v.l0().norm());
        }

        // explicit Euler lifts w off the ellipsoid by exactly its energy error (L stays, so the
        // herpolhode leaves the plane by the same relative amount)
        RotationPanel euler;
        Simulation drifting = dzhanibekov("velocity_verlet", "explicit_euler", 1e-4);
        const double e0 = drifting.energy().kineticRotational;
        QVERIFY(follow(euler, drifting, infoOf(drifting.world(), 1)));
        const PoinsotView& e = *euler.poinsotView();
        const double energyError = std::abs(drifting.energy().kineticRotational - e0) / e0;
        QVERIFY(energyError > 1e-6);
        QVERIFY(std::abs(ellipsoidResidual(e.polhode().back(), j, e.twoT0()) - energyError) < 1e-3 * energyError);
        QVERIFY(std::abs(e.herpolhode().back().dot(n) / e.planeDistance() - 1.0 - energyError) < 1e-3 * energyError);
    }

    void torqueAndResetAreReported()
    {
        RotationPanel panel;
        Simulation sim = dzhanibekov("rk4", "rk4_quaternion", 1e-4);
        const auto info = infoOf(sim.world(), 1);
        QVERIFY(follow(panel, sim, info));
        // a snapshot whose L differs by 1e-6: a torque acted
        sim.run(100);
        auto kicked = std::make_shared<FrameSnapshot>(*snapshotOf(sim, info, 0));
        kicked->clumps[0].angularMomentum *= 1.0 + 1e-6;
        panel.setSnapshot(kicked, 0);
        QVERIFY(panel.ghost().torqueTime().has_value());
        QVERIFY(panel.statusText().contains(QStringLiteral("torque")));
        // a reset: time goes back, the ghost stops and the button pops out
        Simulation fresh = dzhanibekov("rk4", "rk4_quaternion", 1e-4);
        panel.setSnapshot(snapshotOf(fresh, info, 0), 0);
        QVERIFY(!panel.ghost().active());
        QVERIFY(!panel.ghostButton()->isChecked());
    }

    void noSelectionNoGhost()
    {
        RotationPanel panel;
        Simulation sim = dzhanibekov("rk4", "rk4_quaternion", 1e-4);
        panel.setSnapshot(snapshotOf(sim, infoOf(sim.world(), 1), -1), -1);
        QVERIFY(!panel.startGhost());
        QVERIFY(!panel.ghost().active());
    }

    void ghostInTheMainWindow()
    {
        // end to end: select the Dzhanibekov clump, press "Exact ghost", let it run
        MainWindow w;
        w.resize(1500, 940);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openBuiltinScene(QStringLiteral("dzhanibekov")));
        QTRY_VERIFY_WITH_TIMEOUT(w.shownSnapshot() && w.shownSnapshot()->scene &&
                                     w.shownSnapshot()->scene->source == "builtin:dzhanibekov",
                                 5000);
        w.selectBody(0);
        QTRY_VERIFY_WITH_TIMEOUT(w.shownSnapshot()->selected && w.shownSnapshot()->selected->id == 0, 5000);
        QTest::mouseClick(w.rotationPanel()->ghostButton(), Qt::LeftButton);
        QVERIFY(w.rotationPanel()->ghost().active());
        w.worker()->play();
        QTRY_VERIFY_WITH_TIMEOUT(w.rotationPanel()->ghost().times().size() > 5, 10000);
        w.worker()->pause();
        QTRY_VERIFY_WITH_TIMEOUT(!w.shownSnapshot()->playing, 5000);
        QTest::qWait(100);
        w.sceneView()->grabFramebuffer(); // paints: the overlay follows the shown snapshot
        const SnapshotPtr s = w.shownSnapshot();
        const GhostOverlay& ghost = w.sceneView()->ghostOverlay();
        QVERIFY(ghost.visible());
        const std::vector<Vec3> centres = ghost.sphereCentres();
        QCOMPARE(centres.size(), s->memberCount());
        // the scene's buss_2nd_order keeps the orientation within ~1e-6 rad over a second
        // (TestDzhanibekovFlip), so the ghost covers the members to 0.05 m x 1e-6 plus float rounding
        for (std::size_t j = 0; j < centres.size(); ++j) {
            const Vec3 drawn(s->positions[3 * j], s->positions[3 * j + 1], s->positions[3 * j + 2]);
            QVERIFY2((centres[j] - drawn).norm() < 1e-6, qPrintable(QString::number((centres[j] - drawn).norm())));
        }
        QVERIFY(w.rotationPanel()->poinsotView()->following());
    }

    void restartTracesRestartsTheGhost()
    {
        RotationPanel panel;
        Simulation sim = dzhanibekov("velocity_verlet", "explicit_euler", 1e-4);
        const auto info = infoOf(sim.world(), 1);
        const SnapshotPtr last = follow(panel, sim, info);
        QVERIFY(last);
        const TorqueFreeGhost& g = panel.ghost();
        QVERIFY(g.angle() > 1e-3); // explicit Euler has drifted (ghostShowsExplicitEulerDrifting)

        QTest::mouseClick(panel.restartButton(), Qt::LeftButton);
        // the ghost starts again from the body's state on screen, as "Exact ghost" starts it
        QVERIFY(g.active() && panel.ghostButton()->isChecked());
        QCOMPARE(g.startTime(), last->time);
        QCOMPARE(g.angle(), 0.0);
        QCOMPARE(g.times().size(), std::size_t(1));
        QCOMPARE(panel.driftPlot()->sampleCount(), std::size_t(1));
        // and the Poinsot traces from the same state
        const BodyState b = *last->bodyState(0);
        const PoinsotView& v = *panel.poinsotView();
        QCOMPARE(v.twoT0(), b.angularVelocity.dot(b.angularMomentum));
        QVERIFY(v.l0() == b.angularMomentum);
        QCOMPARE(v.polhode().size(), std::size_t(1));

        // followed on, the ghost is the exact motion from that state
        const TorqueFreeMotion exact(b.moments, b.orientation, b.angularMomentum);
        sim.run(500);
        const SnapshotPtr next = snapshotOf(sim, info, 0);
        panel.setSnapshot(next, 0);
        QVERIFY(g.exactOrientation().coeffs() == exact.orientation(next->time - last->time).coeffs());
        QCOMPARE(g.times().size(), std::size_t(2));
        QCOMPARE(v.polhode().size(), std::size_t(2));

        // with the ghost off, the traces restart and the ghost stays off
        panel.stopGhost();
        QTest::mouseClick(panel.restartButton(), Qt::LeftButton);
        QVERIFY(!g.active() && !panel.ghostButton()->isChecked());
        QCOMPARE(v.polhode().size(), std::size_t(1));
    }

    void exactPolhodeContrastsWithTheEllipsoid()
    {
        // the exact polhode lies on the ellipsoid, so the ellipsoid is its background: the
        // ellipsoid's colour over the view's background (either end of its gradient) as drawn
        // at full light, and the ellipsoid's pixels as rendered (lit, with its wireframe)
        using Rgb = PoinsotView::Rgb;
        const Rgb line = PoinsotView::kExactPolhodeColour;
        const double a = PoinsotView::kEllipsoidOpacity;
        for (const Rgb& back : {PoinsotView::kBackgroundBottom, PoinsotView::kBackgroundTop}) {
            Rgb over;
            for (int k = 0; k < 3; ++k)
                over[k] = a * PoinsotView::kEllipsoidColour[k] + (1.0 - a) * back[k];
            QVERIFY2(contrast(line, over) >= 3.0, qPrintable(QString::number(contrast(line, over))));
        }

        RotationPanel panel;
        panel.resize(340, 560);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        Simulation sim = dzhanibekov("rk4", "rk4_quaternion", 1e-4);
        QVERIFY(follow(panel, sim, infoOf(sim.world(), 1)));
        const QImage img = panel.poinsotView()->grabFramebuffer();
        // the ellipsoid's pixels (its blue), by luminance; the median is the typical background
        std::vector<std::pair<double, QColor>> ellipsoid;
        int drawn = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) {
                const QColor c = img.pixelColor(x, y);
                if (c.blue() > 140 && c.blue() > c.red() + 40)
                    ellipsoid.emplace_back(luminance(rgbOf(c)), c);
                // darker than any background pixel and near the line's colour: the line itself
                drawn += std::abs(c.redF() - line[0]) < 0.06 && std::abs(c.greenF() - line[1]) < 0.06 &&
                         std::abs(c.blueF() - line[2]) < 0.06;
            }
        QVERIFY(ellipsoid.size() > std::size_t(img.width() * img.height() / 50));
        std::sort(ellipsoid.begin(), ellipsoid.end(), [](const auto& p, const auto& q) { return p.first < q.first; });
        const QColor median = ellipsoid[ellipsoid.size() / 2].second;
        const QColor dim = ellipsoid[ellipsoid.size() / 10].second;
        QVERIFY2(contrast(line, rgbOf(median)) >= 3.0, qPrintable(median.name()));
        QVERIFY2(contrast(line, rgbOf(dim)) >= 3.0, qPrintable(dim.name()));
        // the old white had less than 3:1 against it
        QVERIFY(contrast({0.95, 0.95, 0.95}, rgbOf(median)) < 3.0);
        // and the line is on screen
        QVERIFY2(drawn > 40, qPrintable(QString::number(drawn)));
    }

    void poinsotViewDraws()
    {
        RotationPanel panel;
        panel.resize(340, 560);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        Simulation sim = dzhanibekov("rk4", "rk4_quaternion", 1e-4);
        QVERIFY(follow(panel, sim, infoOf(sim.world(), 1)));
        const QImage img = panel.poinsotView()->grabFramebuffer();
        QVERIFY(!img.isNull());
        // the ellipsoid's blue is on screen, over the dark background
        int blue = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) {
                const QColor c = img.pixelColor(x, y);
                blue += c.blue() > 140 && c.blue() > c.red() + 40;
            }
        QVERIFY2(blue > img.width() * img.height() / 50, qPrintable(QString::number(blue)));
    }
};

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestRotationPanel t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestRotationPanel.moc"
