// Classical RK4: on the linear oscillator each step multiplies E = 1/2 m v^2 + 1/2 K x^2 by
// exactly 1 - h^6/72 + h^8/576 (h = w dt): a slow, steady loss. It evaluates forces four times a
// step, no more.
#include <QtTest>

#include <cmath>

#include "OscillatorScene.h"
#include "TestHelpers.h"
#include "TorqueFreeBody.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

class TestRungeKutta4 : public QObject {
    Q_OBJECT
private slots:
    void oscillatorEnergyFactor_data()
    {
        QTest::addColumn<double>("h");
        QTest::newRow("h = 0.1") << 0.1;
        QTest::newRow("h = 0.5") << 0.5;
        QTest::newRow("h = 1.0") << 1.0;
    }

    void oscillatorEnergyFactor()
    {
        QFETCH(double, h);
        const Oscillator osc;
        const double dt = h / osc.omega();
        const double v0 = 0.5 * osc.preload * osc.omega();
        Scene s = osc.scene("rk4", dt, v0);
        s.params.rotation = "rk4_quaternion";
        Simulation sim(std::move(s.world), s.params);
        const double e0 = 0.5 * osc.mass() * v0 * v0;
        const double factor = 1.0 - std::pow(h, 6) / 72.0 + std::pow(h, 8) / 576.0;
        for (int n = 1; n <= 500; ++n) {
            sim.step();
            if (n % 50 == 0)
                TUMBLE_NEAR(sim.energy().balanceError, e0 * (std::pow(factor, n) - 1.0), 1e-10 * e0, 0.0);
        }
    }

    void fourForceEvaluationsPerStep()
    {
        const Oscillator osc;
        Scene s = osc.scene("rk4", 0.1 / osc.omega(), 0.0);
        s.params.rotation = "rk4_quaternion";
        Simulation sim(std::move(s.world), s.params);
        QCOMPARE(sim.forceEvaluations(), 1LL); // at construction
        sim.run(25);
        QCOMPARE(sim.forceEvaluations(), 1LL + 4 * 25);
    }

    void needsRk4Quaternion()
    {
        // the full RK4 integrates rotation itself: any other rotation scheme is refused, by the
        // Simulation and by the scene loader (naming the key)
        const Oscillator osc;
        Scene s = osc.scene("rk4", 0.1 / osc.omega(), 0.0);
        QCOMPARE(s.params.rotation, std::string("rk4_quaternion"));
        SimParams p = s.params;
        p.rotation = "buss_2nd_order";
        QVERIFY_THROWS_EXCEPTION(ParameterError, Simulation(s.world, p));
        Simulation sim(std::move(s.world), s.params);
        QVERIFY_THROWS_EXCEPTION(ParameterError, sim.setRotationScheme("fincham_leapfrog"));
        QCOMPARE(sim.params().rotation, std::string("rk4_quaternion"));
        sim.setSchemes("velocity_verlet", "fincham_leapfrog"); // both at once is fine
        try {
            loadSceneText(R"({"format": "tumble-scene", "version": 1,
                "integration": {"translation": "rk4", "rotation": "explicit_euler"},
                "materials": [)" +
                              materialJson(1e5, 0.5) + R"(],
                "bodies": [{"type": "sphere", "material": "m", "radius": 0.01, "position": [0, 0, 0]}]})",
                          "rk4.json");
            QFAIL("no SceneError");
        } catch (const SceneError& e) {
            QCOMPARE(QString::fromStdString(e.jsonPath()), QStringLiteral("/integration/rotation"));
        }
    }

    void torqueFreeSymmetricTop()
    {
        // the whole-state RK4 integrates rotation at fourth order: at dt = 1e-3 s the orientation
        // error after 2 s is of order (w dt)^4 w t ~ 1e-11 rad
        const TorqueFreeBody body;
        Simulation sim = body.simulation("rk4", "rk4_quaternion", 1e-3);
        sim.run(2000);
        QVERIFY(orientationError(sim.world().orientation[0], body.exactSymmetric(sim.world().time)) < 1e-9);
        TUMBLE_NEAR(sim.energy().kineticRotational, body.energy(), 0.0, 1e-10);
    }
};

QTEST_APPLESS_MAIN(TestRungeKutta4)
#include "TestRungeKutta4.moc"
