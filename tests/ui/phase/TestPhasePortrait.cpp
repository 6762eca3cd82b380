// The phase portrait (issue 22): the harmonic oscillator's stored states, as the portrait takes
// them from the energy samples, lie on the form each scheme keeps (analysis/ShadowOrbit.h), drawn
// through the first point since the last change of dt: to rounding for the symplectic schemes,
// and on Q0 (1 + (w dt)^2)^n for explicit Euler. The exact orbit is the oscillator's ellipse
// w^2 y^2 + v^2 = const through the scene's initial state. In the window, the oscillator's scene
// selects its sphere and brings the portrait to the front.
#include <QtTest>

#include <QComboBox>
#include <QDockWidget>

#include <cmath>
#include <set>

#include "MainWindow.h"
#include "TestHelpers.h"
#include "WaitShown.h"
#include "analysis/HarmonicOscillatorSolution.h"
#include "phase/PhasePanel.h"
#include "phase/PhasePortrait.h"
#include "scene/BuiltinScenes.h"
#include "session/PhasePoint.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

// a snapshot carrying one chunk of samples: body 0's stored state after each of n steps
FrameSnapshot stepped(Simulation& sim, int n, long long& seq, const std::shared_ptr<const SceneInfo>& info,
                      const std::shared_ptr<const std::vector<ParameterMarker>>& markers)
{
    auto chunk = std::make_shared<EnergyChunk>();
    chunk->seqBegin = seq;
    for (int i = 0; i < n; ++i) {
        sim.step();
        chunk->samples.push_back(sim.energy());
        chunk->phase.push_back(phasePoint(sim, 0));
    }
    seq = chunk->seqEnd();
    FrameSnapshot s;
    s.scene = info;
    s.time = sim.world().time;
    s.step = sim.world().step;
    s.params = sim.params();
    s.energy.push_back(chunk);
    s.markers = markers;
    return s;
}

} // namespace

class TestPhasePortrait : public QObject {
    Q_OBJECT
private slots:
    void pointsLieOnTheKeptOrbit_data()
    {
        QTest::addColumn<QString>("scheme");
        for (const char* s : {"velocity_verlet", "symplectic_euler", "central_difference", "explicit_euler"})
            QTest::newRow(s) << s;
    }
    void pointsLieOnTheKeptOrbit()
    {
        QFETCH(QString, scheme);
        Scene scene = loadBuiltinScene("harmonic-oscillator");
        const HarmonicOscillatorSolution exact(scene.world, scene.params, scene.listedBodies);
        const double w = std::sqrt(exact.stiffness() / exact.mass());
        PhasePortrait portrait;
        portrait.setScene(scene);
        portrait.setCoordinate(PhasePortrait::Kind::Translation, 2); // the walls' normal is z
        scene.params.translation = scheme.toStdString();
        // w dt = 0.5 (Euler 0.1: its amplitude must stay within the walls' pre-compression)
        scene.params.dt = (scheme == "explicit_euler" ? 0.1 : 0.5) / w;
        Simulation sim(scene.world, scene.params);
        auto info = std::make_shared<SceneInfo>();
        info->revision = 1;
        auto markers = std::make_shared<const std::vector<ParameterMarker>>();
        long long seq = 0;
        for (int frame = 0; frame < 5; ++frame)
            portrait.appendSnapshot(stepped(sim, 20, seq, info, markers));
        QCOMPARE(portrait.q().size(), std::size_t(100));
        QCOMPARE(portrait.body(), 0);
        QVERIFY(portrait.hasExact());
        const auto shadow = portrait.shadow();
        QVERIFY(shadow);
        QCOMPARE(shadow->step0, 1LL);
        QCOMPARE(shadow->orbit.kept(), scheme != "explicit_euler");
        if (scheme == "explicit_euler")
            TUMBLE_NEAR(shadow->orbit.growth, std::sqrt(1.0 + 0.01), 0.0, 1e-15);
        // rounding: ~1e-13 of Q a step (TestShadowOrbit's budget), 1e-10 over 100 steps
        for (std::size_t i = 0; i < portrait.q().size(); ++i)
            TUMBLE_NEAR(shadow->form(portrait.q()[i], portrait.p()[i]), shadow->level(portrait.steps()[i]), 0.0, 1e-10);
        // the shadow is drawn and named in the legend
        const PlotFigure fig = portrait.figure();
        bool drawn = false;
        for (const PlotSeries& s : fig.panels[0].series)
            drawn = drawn || s.label == (shadow->orbit.kept() ? QStringLiteral("shadow") : QStringLiteral("level"));
        QVERIFY(drawn);

        // a new dt (a marker at its time): the form is drawn through the first point after it
        // (Euler's smaller: its amplitude, 1.64 times the start's by now, must stay within the
        // walls' pre-compression, 1.8 times)
        const double dt2 = (scheme == "explicit_euler" ? 0.05 : 0.25) / w;
        sim.setDt(dt2);
        auto withMarker = std::make_shared<const std::vector<ParameterMarker>>(
            std::vector<ParameterMarker>{{sim.world().time, sim.world().step, "dt"}});
        portrait.appendSnapshot(stepped(sim, 40, seq, info, withMarker));
        const auto after = portrait.shadow();
        QVERIFY(after);
        QCOMPARE(after->step0, 101LL);
        TUMBLE_NEAR(after->dt, dt2, 0.0, 1e-15);
        for (std::size_t i = 100; i < portrait.q().size(); ++i)
            TUMBLE_NEAR(after->form(portrait.q()[i], portrait.p()[i]), after->level(portrait.steps()[i]), 0.0, 1e-10);
    }

    void exactOrbitIsTheOscillatorsEllipse()
    {
        const Scene scene = loadBuiltinScene("harmonic-oscillator");
        const HarmonicOscillatorSolution exact(scene.world, scene.params, scene.listedBodies);
        const double w = std::sqrt(exact.stiffness() / exact.mass());
        PhasePortrait portrait;
        portrait.setScene(scene);
        portrait.setCoordinate(PhasePortrait::Kind::Translation, 2);
        Simulation sim(scene.world, scene.params);
        auto info = std::make_shared<SceneInfo>();
        long long seq = 0;
        portrait.appendSnapshot(stepped(sim, 10, seq, info, std::make_shared<const std::vector<ParameterMarker>>()));
        const PlotFigure fig = portrait.figure();
        const PlotSeries* curve = nullptr;
        for (const PlotSeries& s : fig.panels[0].series)
            if (s.label == QStringLiteral("exact"))
                curve = &s;
        QVERIFY(curve);
        QVERIFY(curve->x.size() > 100);
        // y = 5e-5 m at rest: w^2 y^2 + v^2 = (5e-5 w)^2 all round, to rounding of y (~1e-18 m
        // on 1e-2 m positions: 4e-14 of the invariant)
        const double zEq = exact.equilibriumPosition().z(), e0 = std::pow(5e-5 * w, 2);
        for (std::size_t i = 0; i < curve->x.size(); ++i) {
            const double y = curve->x[i] - zEq, v = curve->y[i];
            TUMBLE_NEAR(w * w * y * y + v * v, e0, 0.0, 1e-9);
        }
        // the CSV: the points and the exact state at their times
        const QStringList lines = portrait.csvText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.front(), QStringLiteral("time,step,q,p,exact_q,exact_p"));
        QCOMPARE(lines.size(), 11);
        const QStringList last = lines.back().split(QLatin1Char(','));
        QCOMPARE(last.size(), 6);
        const double t = last[0].toDouble();
        TUMBLE_NEAR(last[4].toDouble(), exact.positions(t)[0].z(), 0.0, 1e-15);
        TUMBLE_NEAR(last[5].toDouble(), exact.velocities(t)[0].z(), 1e-15, 0.0);

        // the checkboxes take them away
        portrait.setExactShown(false);
        portrait.setShadowShown(false);
        const PlotFigure hidden = portrait.figure(); // (kept: the loop reads into it)
        for (const PlotSeries& s : hidden.panels[0].series)
            QVERIFY(s.label != QStringLiteral("exact") && s.label != QStringLiteral("shadow"));
    }

    void angleAboutAnAxisIsUnwrapped()
    {
        // a sphere spinning at 50 rad/s about z, stepped 1 ms: the angle grows by 0.05 a step
        // without wrapping at pi (to rounding of the quaternion's steps)
        Scene scene = loadBuiltinScene("harmonic-oscillator");
        scene.world.walls.clear();
        scene.world.gravity = Vec3::Zero();
        scene.world.angularVelocity[0] = Vec3(0.0, 0.0, 50.0);
        scene.world.angularMomentum[0] = scene.world.inertia[0].cwiseProduct(Vec3(0.0, 0.0, 50.0));
        scene.analytic.clear();
        scene.params.dt = 1e-3;
        PhasePortrait portrait;
        portrait.setScene(scene);
        portrait.setCoordinate(PhasePortrait::Kind::Rotation, 2);
        Simulation sim(scene.world, scene.params);
        auto info = std::make_shared<SceneInfo>();
        long long seq = 0;
        portrait.appendSnapshot(stepped(sim, 200, seq, info, std::make_shared<const std::vector<ParameterMarker>>()));
        QCOMPARE(portrait.q().size(), std::size_t(200));
        for (std::size_t i = 0; i < portrait.q().size(); ++i) {
            TUMBLE_NEAR(portrait.q()[i], 0.05 * double(i), 1e-9, 0.0);
            TUMBLE_NEAR(portrait.p()[i], 50.0, 1e-9, 0.0);
        }
        QVERIFY(portrait.q().back() > 9.9); // past 3 pi
    }

    void compareLanesEachDrawTheirOrbit()
    {
        // two lanes of the oscillator, velocity Verlet and symplectic Euler at w dt = 0.5: each
        // lane's points in its colour, the exact ellipse over them; a lane that starts again
        // (time going back) starts its orbit again; a removed lane goes
        const Scene scene = loadBuiltinScene("harmonic-oscillator");
        const HarmonicOscillatorSolution exact(scene.world, scene.params, scene.listedBodies);
        const double w = std::sqrt(exact.stiffness() / exact.mass());
        PhasePortrait portrait;
        portrait.setScene(scene);
        portrait.setLanesShown(true);
        const auto points = [&](const char* scheme, int n) {
            Scene s = scene;
            s.params.translation = scheme;
            s.params.dt = 0.5 / w;
            Simulation sim(s.world, s.params);
            std::vector<PhasePoint> out;
            for (int i = 0; i < n; ++i) {
                sim.step();
                out.push_back(phasePoint(sim, 0));
            }
            return out;
        };
        portrait.appendLanePoints(0, QStringLiteral("verlet"), Qt::red, points("velocity_verlet", 50));
        portrait.appendLanePoints(1, QStringLiteral("euler"), Qt::blue, points("symplectic_euler", 30));
        QCOMPARE(portrait.lanes().size(), std::size_t(2));
        QCOMPARE(portrait.lanes()[0].q.size(), std::size_t(50));
        QCOMPARE(portrait.lanes()[1].q.size(), std::size_t(30));
        QVERIFY(portrait.hasExact());
        std::set<QString> labels;
        const PlotFigure fig = portrait.figure(); // (kept: the loop reads into it)
        for (const PlotSeries& s : fig.panels[0].series)
            labels.insert(s.label);
        QVERIFY(labels.count(QStringLiteral("verlet")) && labels.count(QStringLiteral("euler")) &&
                labels.count(QStringLiteral("exact")));
        QVERIFY(!labels.count(QStringLiteral("simulated")) && !labels.count(QStringLiteral("shadow")));
        // symplectic Euler's lane lies on its own sheared ellipse, not on Verlet's
        const ShadowOrbit se = *shadowOrbit("symplectic_euler", w, 0.5 / w);
        const double zEq = exact.equilibriumPosition().z();
        const auto& l1 = portrait.lanes()[1];
        const double q0 = se.form(l1.q[0] - zEq, l1.p[0]);
        for (std::size_t i = 0; i < l1.q.size(); ++i)
            TUMBLE_NEAR(se.form(l1.q[i] - zEq, l1.p[i]), q0, 0.0, 1e-10);
        // lane 0 again from t = 0
        portrait.appendLanePoints(0, QStringLiteral("verlet"), Qt::red, points("velocity_verlet", 5));
        QCOMPARE(portrait.lanes()[0].q.size(), std::size_t(5));
        portrait.removeLane(1);
        QCOMPARE(portrait.lanes().size(), std::size_t(1));
    }

    void oscillatorSceneShowsItsPortrait()
    {
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openBuiltinScene(QStringLiteral("harmonic-oscillator")));
        w.worker()->play();
        PhasePortrait* portrait = w.phasePanel()->portrait();
        QVERIFY(test::waitUntil([&]() { return portrait->q().size() >= 30; }));
        QCOMPARE(portrait->body(), 0);
        QVERIFY(portrait->isVisible()); // its tab in front
        QVERIFY(portrait->hasExact());
        QVERIFY(portrait->shadow());
        QCOMPARE(w.phasePanel()->coordinateBox()->currentIndex(), 2);
        // another coordinate starts a new history
        w.phasePanel()->setCoordinateIndex(3);
        QCOMPARE(portrait->kind(), PhasePortrait::Kind::Rotation);
        QVERIFY(!portrait->shadow() || portrait->q().empty());

        // compare mode: every lane's orbit of the body selected
        w.phasePanel()->setCoordinateIndex(2);
        QVERIFY(w.setCompareMode(true, {QStringLiteral("pfc"), QStringLiteral("symplectic_euler")}));
        QVERIFY(portrait->lanesShown());
        QVERIFY(test::waitUntil([&]() {
            return portrait->lanes().size() == 2 && portrait->lanes()[0].q.size() >= 10 &&
                   portrait->lanes()[1].q.size() >= 10;
        }));
        QCOMPARE(portrait->lanes()[0].body, 0);
        QVERIFY(w.setCompareMode(false));
        QVERIFY(!portrait->lanesShown());
    }
};

QTEST_MAIN(TestPhasePortrait)
#include "TestPhasePortrait.moc"
