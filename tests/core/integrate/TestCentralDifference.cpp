// Central difference (leapfrog) keeps half-step velocities. With the first half kick (Woo's
// adjVel0) its positions are those of velocity Verlet exactly, and its on-step velocity estimate
// v(t - dt/2) + a dt/2 is velocity Verlet's on-step velocity; so the ledger shows the same
// shadow energy, balance error = 1/2 K x^2 (w dt)^2 / 4 at every step. Switching between the two
// mid-run or changing dt keeps the on-step state continuous.
#include <QtTest>

#include <cmath>

#include "OscillatorScene.h"
#include "TestHelpers.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

class TestCentralDifference : public QObject {
    Q_OBJECT
private slots:
    void sameTrajectoryAsVelocityVerlet()
    {
        const Oscillator osc;
        const double omegaDt = 0.25;
        const double dt = omegaDt / osc.omega();
        const double v0 = 0.5 * osc.preload * osc.omega();
        Scene a = osc.scene("central_difference", dt, v0);
        Scene b = osc.scene("velocity_verlet", dt, v0);
        Simulation cd(std::move(a.world), a.params);
        Simulation vv(std::move(b.world), b.params);
        QCOMPARE(cd.world().velocityTiming, VelocityTiming::HalfStep);
        const double k = 2.0 * osc.kn;
        const double e0 = 0.5 * osc.mass() * v0 * v0;
        for (int n = 0; n < 2000; ++n) {
            cd.step();
            vv.step();
            const double x = cd.world().position[0].z();
            TUMBLE_NEAR(x, vv.world().position[0].z(), 1e-12 * osc.preload, 0.0);
            TUMBLE_NEAR(cd.energy().balanceError, 0.5 * k * x * x * omegaDt * omegaDt / 4.0, 1e-9 * e0, 0.0);
        }
    }

    void switchingKeepsTheOnStepState()
    {
        // velocity Verlet -> central difference -> velocity Verlet gives the velocity Verlet
        // trajectory: the conversion moves v by exactly the half kick each scheme expects
        const Oscillator osc;
        const double dt = 0.2 / osc.omega();
        const double v0 = 0.5 * osc.preload * osc.omega();
        Scene a = osc.scene("velocity_verlet", dt, v0);
        Scene b = osc.scene("velocity_verlet", dt, v0);
        Simulation switched(std::move(a.world), a.params);
        Simulation plain(std::move(b.world), b.params);
        switched.run(37);
        plain.run(37);
        const EnergySample before = switched.energy();
        switched.setTranslationScheme("central_difference");
        // the on-step kinetic energy and the position are unchanged by the switch itself
        TUMBLE_NEAR(switched.energy().kineticTranslational, before.kineticTranslational, 0.0, 1e-13);
        TUMBLE_NEAR(switched.energy().balanceError, before.balanceError, 1e-13 * std::abs(before.total()), 0.0);
        switched.run(50);
        switched.setTranslationScheme("velocity_verlet");
        switched.run(50);
        plain.run(100);
        TUMBLE_NEAR(switched.world().position[0].z(), plain.world().position[0].z(), 1e-12 * osc.preload, 0.0);
        TUMBLE_NEAR(switched.world().velocity[0].z(), plain.world().velocity[0].z(), 1e-12 * v0, 0.0);
    }

    void changingDtRecentresHalfStepVelocities()
    {
        // free fall with central difference: after a dt change the trajectory is still exact
        // (constant acceleration), which needs v(t - dt/2) re-centred on the new dt
        const std::string bodies =
            R"([{"type": "sphere", "material": "m", "radius": 0.01, "position": [0, 0, 2], "velocity": [0, 0, 1]}])";
        Scene s = sceneFrom(sceneJson("[0, 0, -9.81]", "central_difference", 1e-3, materialJson(1e5, 0.5), bodies));
        Simulation sim(std::move(s.world), s.params);
        sim.run(100);
        sim.setDt(2.5e-4);
        sim.run(400);
        const double t = sim.world().time;
        TUMBLE_NEAR(t, 0.2, 1e-14, 0.0);
        TUMBLE_NEAR(sim.world().position[0].z(), 2.0 + t - 0.5 * 9.81 * t * t, 1e-12, 0.0);
        TUMBLE_NEAR(sim.energy().kineticTranslational, 0.5 * sim.world().mass[0] * std::pow(1.0 - 9.81 * t, 2), 0.0,
                    1e-12);
    }
};

QTEST_APPLESS_MAIN(TestCentralDifference)
#include "TestCentralDifference.moc"
