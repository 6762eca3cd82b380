// Velocity Verlet (PFC form) against closed forms: exact free fall, the conserved shadow energy
// of the harmonic oscillator, its stability limit, and the numerical frequency.
#include <QtTest>

#include <cmath>

#include "OscillatorScene.h"
#include "TestHelpers.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

class TestVelocityVerlet : public QObject {
    Q_OBJECT
private slots:
    void freeFallIsExact()
    {
        // constant acceleration: velocity Verlet reproduces x0 + v0 t + g t^2 / 2 up to rounding
        const std::string bodies = R"([{"type": "sphere", "material": "m", "radius": 0.01,
                                        "position": [0.1, -0.2, 3.0], "velocity": [0.5, 0.25, 2.0]}])";
        Scene s = sceneFrom(sceneJson("[0.3, 0, -9.81]", "velocity_verlet", 1e-3, materialJson(1e5, 0.5), bodies));
        const Vec3 x0 = s.world.position[0], v0 = s.world.velocity[0], g = s.world.gravity;
        Simulation sim(std::move(s.world), s.params);
        sim.run(1000);
        const double t = sim.world().time;
        QCOMPARE(sim.world().step, 1000LL);
        TUMBLE_NEAR(t, 1.0, 1e-12, 0.0);
        const Vec3 expectX = x0 + v0 * t + 0.5 * g * t * t;
        const Vec3 expectV = v0 + g * t;
        for (int k = 0; k < 3; ++k) {
            TUMBLE_NEAR(sim.world().position[0][k], expectX[k], 1e-12, 1e-12);
            TUMBLE_NEAR(sim.world().velocity[0][k], expectV[k], 1e-12, 1e-12);
        }
        // no contacts, no damping: the ledger balances to rounding
        TUMBLE_NEAR(sim.energy().balanceError, 0.0, 1e-12 * std::abs(sim.energy().potentialGravity), 0.0);
    }

    void oscillatorShadowEnergy_data()
    {
        QTest::addColumn<double>("omegaDt");
        QTest::newRow("omega dt = 0.05") << 0.05;
        QTest::newRow("omega dt = 0.2") << 0.2;
        QTest::newRow("omega dt = 1.0") << 1.0;
    }

    void oscillatorShadowEnergy()
    {
        // velocity Verlet conserves H~ = 1/2 m v^2 + 1/2 K x^2 (1 - (w dt)^2 / 4) exactly. Starting
        // at x = 0 (where H = H~) the energy peaks at the turning points at H~ / (1 - (w dt)^2 / 4),
        // so max balance error / E = (w dt)^2/4 / (1 - (w dt)^2/4), and it never drifts.
        QFETCH(double, omegaDt);
        const Oscillator osc;
        const double dt = omegaDt / osc.omega();
        const double v0 = 0.5 * osc.preload * osc.omega(); // amplitude preload/2: contacts never open
        Scene s = osc.scene("velocity_verlet", dt, v0);
        Simulation sim(std::move(s.world), s.params);
        const double e0 = 0.5 * osc.mass() * v0 * v0;
        const double h = omegaDt * omegaDt / 4.0;
        const double expected = e0 * h / (1.0 - h);
        // ten periods
        const long long steps = static_cast<long long>(std::ceil(10.0 * 2.0 * std::numbers::pi / omegaDt));
        double maxErr = 0.0;
        double lateMax = 0.0;
        for (long long n = 0; n < steps; ++n) {
            sim.step();
            const double err = std::abs(sim.energy().balanceError);
            maxErr = std::max(maxErr, err);
            if (n > steps * 9 / 10)
                lateMax = std::max(lateMax, err);
        }
        // the error is 1/2 K x^2 (w dt)^2/4, x = A cos(w~ t + phi) sampled at steps: the largest
        // sample is within a factor cos^2(w~ dt / 2) of the peak (w~ the numerical frequency)
        const double omegaNumDt = std::acos(1.0 - omegaDt * omegaDt / 2.0);
        const double sampled = std::pow(std::cos(0.5 * omegaNumDt), 2);
        QVERIFY2(maxErr <= expected * (1.0 + 1e-9) + 1e-12 * e0, qPrintable(QString::number(maxErr / expected)));
        QVERIFY2(maxErr >= expected * sampled * (1.0 - 1e-9), qPrintable(QString::number(maxErr / expected)));
        // no drift: the last period peaks as high as the first ones, not higher
        QVERIFY(lateMax <= expected * (1.0 + 1e-6) + 1e-12 * e0);
    }

    void oscillatorFrequency()
    {
        // numerical frequency of velocity Verlet: cos(w~ dt) = 1 - (w dt)^2 / 2; count the zero
        // crossings of x over many periods and compare with w~
        const Oscillator osc;
        const double omegaDt = 0.5;
        const double dt = omegaDt / osc.omega();
        const double v0 = 0.5 * osc.preload * osc.omega();
        Scene s = osc.scene("velocity_verlet", dt, v0);
        Simulation sim(std::move(s.world), s.params);
        const double omegaNum = std::acos(1.0 - omegaDt * omegaDt / 2.0) / dt;
        double prev = 0.0;
        double lastCrossing = 0.0;
        int crossings = 0;
        const int wanted = 40; // 20 periods
        while (crossings < wanted) {
            const double t0 = sim.world().time;
            sim.step();
            const double x = sim.world().position[0].z();
            if (sim.world().step > 1 && ((prev < 0.0) != (x < 0.0))) {
                // linear interpolation of the crossing time within the step
                lastCrossing = t0 + dt * prev / (prev - x);
                ++crossings;
            }
            prev = x;
        }
        // crossing k (counted from the start at t = 0) is at t = k pi / w~
        const double expected = wanted * std::numbers::pi / omegaNum;
        TUMBLE_NEAR(lastCrossing, expected, 0.02 * dt, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestVelocityVerlet)
#include "TestVelocityVerlet.moc"
