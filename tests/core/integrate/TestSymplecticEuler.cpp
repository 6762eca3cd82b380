// Symplectic Euler for translation: on the linear oscillator it conserves exactly
// H~ = 1/2 m v^2 + 1/2 K x^2 - 1/2 K dt x v, so the ledger's balance error is 1/2 K dt x v at
// every step (bounded, no drift), and its period is 2 pi dt / arccos(1 - (w dt)^2 / 2).
#include <QtTest>

#include <cmath>

#include "OscillatorScene.h"
#include "TestHelpers.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

class TestSymplecticEuler : public QObject {
    Q_OBJECT
private slots:
    void modifiedEnergyIsConserved()
    {
        const Oscillator osc;
        const double omegaDt = 0.3;
        const double dt = omegaDt / osc.omega();
        const double v0 = 0.5 * osc.preload * osc.omega();
        Scene s = osc.scene("symplectic_euler", dt, v0);
        Simulation sim(std::move(s.world), s.params);
        const double k = 2.0 * osc.kn;
        const double e0 = 0.5 * osc.mass() * v0 * v0;
        for (int n = 0; n < 3000; ++n) {
            sim.step();
            const double x = sim.world().position[0].z();
            const double v = sim.world().velocity[0].z();
            // x0 = 0, so the conserved H~ equals the initial ledger total
            TUMBLE_NEAR(sim.energy().balanceError, 0.5 * k * dt * x * v, 1e-9 * e0, 0.0);
        }
    }

    void period()
    {
        const Oscillator osc;
        const double omegaDt = 0.4;
        const double dt = omegaDt / osc.omega();
        Scene s = osc.scene("symplectic_euler", dt, 0.5 * osc.preload * osc.omega());
        Simulation sim(std::move(s.world), s.params);
        // count upward zero crossings of x over many periods
        const double period = 2.0 * std::numbers::pi * dt / std::acos(1.0 - omegaDt * omegaDt / 2.0);
        double prev = 0.0, first = -1.0, last = -1.0;
        int crossings = 0;
        while (sim.world().time < 30.5 * period) {
            const double t0 = sim.world().time;
            sim.step();
            const double x = sim.world().position[0].z();
            if (prev < 0.0 && x >= 0.0) {
                last = t0 + dt * prev / (prev - x);
                if (first < 0.0)
                    first = last;
                ++crossings;
            }
            prev = x;
        }
        QVERIFY(crossings >= 29);
        // linear interpolation of a crossing errs by O((w dt)^2) of a step; averaged over many
        TUMBLE_NEAR((last - first) / (crossings - 1), period, 0.0, 0.01 * omegaDt / (crossings - 1));
    }
};

QTEST_APPLESS_MAIN(TestSymplecticEuler)
#include "TestSymplecticEuler.moc"
