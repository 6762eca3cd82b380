// The phase points of the harmonic-oscillator scene (a sphere pinched between two walls: an exact
// linear oscillator) lie on each translation scheme's orbit (analysis/ShadowOrbit.h): the
// symplectic schemes' points on their shadow ellipse Q = const to rounding, explicit Euler's
// radius sqrt(Q) growing by exactly sqrt(1 + (w dt)^2) per step and RK4's shrinking by
// |R(i w dt)|. The points are the state as each scheme stores it (x with an on-step or a
// half-step v), as the phase CSV and the phase portrait show them.
#include <QtTest>

#include <cmath>

#include "TestHelpers.h"
#include "analysis/HarmonicOscillatorSolution.h"
#include "analysis/ShadowOrbit.h"
#include "scene/BuiltinScenes.h"
#include "sim/Simulation.h"

using namespace tumble;

class TestShadowOrbit : public QObject {
    Q_OBJECT
private slots:
    void phasePointsLieOnTheSchemesOrbit_data()
    {
        QTest::addColumn<QString>("scheme");
        for (const char* s : {"velocity_verlet", "symplectic_euler", "central_difference", "explicit_euler", "rk4"})
            QTest::newRow(s) << s;
    }
    void phasePointsLieOnTheSchemesOrbit()
    {
        QFETCH(QString, scheme);
        Scene s = loadBuiltinScene("harmonic-oscillator");
        const HarmonicOscillatorSolution exact(s.world, s.params, s.listedBodies);
        const double w = std::sqrt(exact.stiffness() / exact.mass());
        const Wall wall = s.world.walls[0];
        s.params.translation = scheme.toStdString();
        if (scheme == "rk4")
            s.params.rotation = "rk4_quaternion";
        // a large step, so that the orbits differ visibly from the exact ellipse: w dt = 0.5
        // (explicit Euler 0.1: its amplitude grows by 12% a step at 0.5)
        s.params.dt = (scheme == "explicit_euler" ? 0.1 : 0.5) / w;
        Simulation sim(std::move(s.world), s.params);
        const std::optional<ShadowOrbit> orbit = shadowOrbit(scheme.toStdString(), w, sim.params().dt);
        QVERIFY(orbit);
        // y: the displacement from the equilibrium along the walls' normal, m; v along it, m/s
        const auto phase = [&](double& y, double& v) {
            const World& world = sim.world();
            y = (world.position[0] - wall.point).dot(wall.normal) - exact.equilibrium();
            v = world.velocity[0].dot(wall.normal);
        };
        double y = 0.0, v = 0.0;
        phase(y, v);
        const double q0 = orbit->form(y, v);
        const double e0 = w * w * y * y + v * v; // the exact motion's invariant, m^2/s^2
        QVERIFY(q0 > 0.0);
        // rounding: y is a difference of positions ~1e-2 m (2e-18 m) on an amplitude of 5e-5 m,
        // ~1e-13 of Q per step; 1e-10 over the 200 steps leaves room for its random walk. A
        // growing orbit is followed while its amplitude stays under 1.8 times the start's, within
        // the walls' pre-compression of 1e-4 m (past it a contact opens: no longer linear)
        const int steps = orbit->growth > 1.0 ? std::min(200, int(std::log(1.8) / std::log(orbit->growth))) : 200;
        QVERIFY(steps > 100);
        double worst = 0.0, exactWorst = 0.0;
        for (int n = 1; n <= steps; ++n) {
            sim.step();
            phase(y, v);
            const double expected = q0 * std::pow(orbit->growth, 2 * n);
            worst = std::max(worst, std::abs(orbit->form(y, v) / expected - 1.0));
            exactWorst = std::max(exactWorst, std::abs((w * w * y * y + v * v) / e0 - 1.0));
        }
        qInfo("%s: Q / Q0 growth^2n off by at most %.2e; w^2 y^2 + v^2 off its start by up to %.3f", qPrintable(scheme),
              worst, exactWorst);
        QVERIFY(worst < 1e-10);
        // the orbit is not the exact ellipse: at w dt = 0.5 every scheme's points leave
        // w^2 y^2 + v^2 by a visible amount (Verlet's by (w dt)^2 / 4 = 6%)
        QVERIFY(exactWorst > 0.03);
    }

    void eulerGrowsAndRk4ShrinksAsPublished()
    {
        // the closed forms themselves: explicit Euler's map on (w x, v) is [[1, w dt], [-w dt, 1]],
        // of determinant 1 + (w dt)^2; RK4's amplitude factor obeys |R(i t)|^2 = 1 - t^6 / 72 + t^8 / 576
        const double w = 3.0, dt = 0.1, t = w * dt;
        TUMBLE_NEAR(shadowOrbit("explicit_euler", w, dt)->growth, std::sqrt(1.0 + t * t), 1e-15, 0.0);
        const double rk4 = shadowOrbit("rk4", w, dt)->growth;
        TUMBLE_NEAR(rk4 * rk4, 1.0 - std::pow(t, 6) / 72.0 + std::pow(t, 8) / 576.0, 1e-15, 0.0);
        QVERIFY(shadowOrbit("velocity_verlet", w, dt)->kept());
        QVERIFY(!shadowOrbit("no_such_scheme", w, dt));
    }
};

QTEST_APPLESS_MAIN(TestShadowOrbit)
#include "TestShadowOrbit.moc"
