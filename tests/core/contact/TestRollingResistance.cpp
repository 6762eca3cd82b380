// Rolling resistance (Ai et al. 2011, type C elastic-plastic spring) against the rolling sphere's
// closed form: once the rolling spring is at its cap, the couple M = mu_r R m g opposes rolling,
// and with rolling kept by friction (I + m R^2) w' = -M, i.e. the sphere decelerates at
// a = M R / (I + m R^2) = 5/7 mu_r g and stops at t = 7 v0 / (5 mu_r g), and then stays put.
// All of its kinetic energy goes to the rolling mechanism.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "PresetSimulation.h"
#include "TestHelpers.h"
#include "model/OnStepKinematics.h"

using namespace tumble;
using namespace tumble::test;

class TestRollingResistance : public QObject {
    Q_OBJECT
private slots:
    void rollingSphereStops_data()
    {
        QTest::addColumn<QString>("preset");
        for (const char* p : {"pfc", "woo", "rk4"})
            QTest::newRow(p) << QString(p);
    }

    void rollingSphereStops()
    {
        QFETCH(QString, preset);
        const double r = 0.01, rho = 2500.0, g = 9.81, kn = 1e5, mu = 0.5, muRoll = 0.1, v0 = 0.2;
        const double m = 4.0 / 3.0 * std::numbers::pi * r * r * r * rho;
        const double rest = m * g / kn;
        // launched rolling (w R = v0 about +y for motion along +x), resting on the floor
        const std::string json = sceneJson(
            "[0, 0, -9.81]", "velocity_verlet", 1e-5, frictionMaterialJson("m", kn, 0.25 * kn, 0.5, mu, muRoll, rho),
            "[" + sphereJson("m", r, Vec3(0, 0, r - rest), Vec3(v0, 0, 0), Vec3(0, v0 / r, 0)) + "]", floorJson("m"));
        const double dt = 0.1 * presetSimulation(json, preset.toStdString(), 1e-5).criticalDt();
        Simulation sim = presetSimulation(json, preset.toStdString(), dt);
        const double a = 5.0 / 7.0 * muRoll * g;
        const double tStop = v0 / a;
        // half-way: v = v0 - a t. The lever arm is R - d/2 and the cap uses R* = R, which shifts a
        // by ~ d / R (1e-4 here); the rolling spring takes ~ (cap / kr) / (w dt) steps to reach the
        // cap (a few); both well inside 1%
        sim.run(std::llround(0.5 * tStop / dt));
        OnStepKinematics k = onStepKinematics(sim.world(), 0, dt);
        TUMBLE_NEAR(k.velocity.x(), v0 - a * sim.world().time, 0.0, 1e-2);
        TUMBLE_NEAR(k.angularVelocity.y() * r, k.velocity.x(), 0.0, 1e-2); // still rolling
        // well past the stop: at rest (the rolling spring holds it; it rings at most at
        // (cap / kr) w ~ 1e-3 rad/s), and every joule went to the rolling mechanism
        sim.run(std::llround(0.7 * tStop / dt));
        k = onStepKinematics(sim.world(), 0, dt);
        QVERIFY(std::abs(k.velocity.x()) < 1e-3 * v0);
        const double position = sim.world().position[0].x();
        TUMBLE_NEAR(position, v0 * v0 / (2.0 * a), 0.0, 1e-2);
        const EnergySample e = sim.energy();
        const double kinetic0 = 0.5 * m * v0 * v0 * 1.4; // translation + rotation (2/5 m R^2 w^2 / 2)
        TUMBLE_NEAR(e.dissipatedRolling, kinetic0, 0.0, 1e-2);
        TUMBLE_NEAR(e.balanceError, 0.0, 1e-3 * kinetic0, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestRollingResistance)
#include "TestRollingResistance.moc"
