// Explicit Euler against closed forms: its known free-fall error and its exact energy growth on
// the harmonic oscillator, E(n+1) = (1 + (w dt)^2) E(n).
#include <QtTest>

#include <cmath>

#include "OscillatorScene.h"
#include "TestHelpers.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

class TestExplicitEuler : public QObject {
    Q_OBJECT
private slots:
    void freeFallError()
    {
        // x_n = x0 + v0 t + g t^2/2 - g t dt/2 exactly (the position uses the old velocity);
        // the velocity is exact
        const std::string bodies = R"([{"type": "sphere", "material": "m", "radius": 0.01,
                                        "position": [0, 0, 3.0], "velocity": [0.5, 0, 2.0]}])";
        const double dt = 1e-3;
        Scene s = sceneFrom(sceneJson("[0, 0, -9.81]", "explicit_euler", dt, materialJson(1e5, 0.5), bodies));
        const Vec3 x0 = s.world.position[0], v0 = s.world.velocity[0], g = s.world.gravity;
        Simulation sim(std::move(s.world), s.params);
        sim.run(500);
        const double t = sim.world().time;
        const Vec3 expectX = x0 + v0 * t + 0.5 * g * t * t - 0.5 * g * t * dt;
        for (int k = 0; k < 3; ++k) {
            TUMBLE_NEAR(sim.world().position[0][k], expectX[k], 1e-12, 1e-12);
            TUMBLE_NEAR(sim.world().velocity[0][k], v0[k] + g[k] * t, 1e-12, 1e-12);
        }
        // and the error against the exact trajectory is first order: -g t dt / 2
        const double exactZ = x0.z() + v0.z() * t + 0.5 * g.z() * t * t;
        TUMBLE_NEAR(sim.world().position[0].z() - exactZ, -0.5 * g.z() * t * dt, 1e-12, 1e-9);
    }

    void oscillatorEnergyGrowth()
    {
        // amplification matrix [[1, dt],[-w^2 dt, 1]]: E = 1/2 m v^2 + 1/2 K x^2 grows by exactly
        // 1 + (w dt)^2 per step; the ledger's balance error is E_n - E_0
        const Oscillator osc;
        const double omegaDt = 0.05;
        const double dt = omegaDt / osc.omega();
        const double v0 = 0.02 * osc.preload * osc.omega(); // small: contacts stay closed as it grows
        Scene s = osc.scene("explicit_euler", dt, v0);
        Simulation sim(std::move(s.world), s.params);
        const double e0 = 0.5 * osc.mass() * v0 * v0;
        const int steps = 400;
        sim.run(steps);
        const double expected = e0 * (std::pow(1.0 + omegaDt * omegaDt, steps) - 1.0);
        TUMBLE_NEAR(sim.energy().balanceError, expected, 1e-9 * e0, 1e-9);
    }
};

QTEST_APPLESS_MAIN(TestExplicitEuler)
#include "TestExplicitEuler.moc"
