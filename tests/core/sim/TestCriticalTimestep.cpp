// The critical timestep estimate equals its closed form sqrt(m / kn) (sqrt(1 + zeta^2) - zeta),
// and a run at twice the single-oscillator limit blows up while one just below it does not.
#include <QtTest>

#include <cmath>

#include "OscillatorScene.h"
#include "TestHelpers.h"
#include "contact/ContactLaw.h"
#include "sim/CriticalTimestep.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

class TestCriticalTimestep : public QObject {
    Q_OBJECT
private slots:
    void closedForm()
    {
        const double r = 0.01, rho = 2500.0, kn = 1e5, e = 0.5;
        const double m = 4.0 / 3.0 * std::numbers::pi * r * r * r * rho;
        const std::string bodies = R"([{"type": "sphere", "material": "m", "radius": 0.01, "position": [0, 0, 1]}])";
        const Scene s =
            sceneFrom(sceneJson("[0, 0, -9.81]", "velocity_verlet", 1e-5, materialJson(kn, e, rho), bodies));
        const double z = dampingRatioFromRestitution(e);
        TUMBLE_NEAR(criticalTimestep(s.world), std::sqrt(m / kn) * (std::sqrt(1.0 + z * z) - z), 0.0, 1e-14);
    }

    void clumpRotation()
    {
        // a dumbbell of two spheres r at +-a: J1 = 2 (2/5 m r^2) about its axis, bounding radius
        // a + r; the rotational limit sqrt(J1 / (kn (a + r)^2)) is far below the translational one
        const double r = 0.01, a = 0.03, rho = 2500.0, kn = 1e5, e = 0.5;
        const std::string bodies = R"([{"type": "clump", "material": "m", "position": [0, 0, 1],
            "spheres": [{"center": [-0.03, 0, 0], "radius": 0.01}, {"center": [0.03, 0, 0], "radius": 0.01}]}])";
        const Scene s =
            sceneFrom(sceneJson("[0, 0, -9.81]", "velocity_verlet", 1e-5, materialJson(kn, e, rho), bodies));
        const double m1 = 4.0 / 3.0 * std::numbers::pi * r * r * r * rho;
        const double j1 = 2.0 * 0.4 * m1 * r * r;
        const double z = dampingRatioFromRestitution(e);
        const double rotational = std::sqrt(j1 / (kn * (a + r) * (a + r))) * (std::sqrt(1.0 + z * z) - z);
        QVERIFY(rotational < std::sqrt(2.0 * m1 / kn) * (std::sqrt(1.0 + z * z) - z));
        TUMBLE_NEAR(criticalTimestep(s.world), rotational, 0.0, 1e-12);
    }

    void dtFactorResolves()
    {
        // {"factor": F} in the scene means F times the estimate
        const std::string bodies = R"([{"type": "sphere", "material": "m", "radius": 0.01, "position": [0, 0, 1]}])";
        const std::string json = R"({"format": "tumble-scene", "version": 1,
            "integration": {"translation": "velocity_verlet", "rotation": "explicit_euler", "dt": {"factor": 0.25}},
            "materials": [)" + materialJson(1e5, 0.5) +
                                 R"(], "bodies": )" + bodies + "}";
        const Scene s = sceneFrom(json);
        TUMBLE_NEAR(s.params.dt, 0.25 * criticalTimestep(s.world), 0.0, 1e-15);
    }

    void verletStabilityLimit()
    {
        // velocity Verlet on the oscillator: eigenvalues of the step satisfy l + 1/l = 2 - (w dt)^2.
        // For w dt < 2 they lie on the unit circle (energy bounded by the shadow-energy closed
        // form); for w dt > 2 one is real with |l| > 1 and the energy grows as l^(2n). A tiny
        // amplitude keeps both wall contacts closed for the whole test.
        const Oscillator osc;
        const double v0 = 1e-9 * osc.preload * osc.omega();
        const double e0 = 0.5 * osc.mass() * v0 * v0;
        {
            const double wdt = 1.95;
            Scene s = osc.scene("velocity_verlet", wdt / osc.omega(), v0);
            Simulation sim(std::move(s.world), s.params);
            double maxErr = 0.0;
            for (int k = 0; k < 2000; ++k) {
                sim.step();
                maxErr = std::max(maxErr, std::abs(sim.energy().balanceError));
            }
            const double h = wdt * wdt / 4.0;
            QVERIFY(maxErr <= e0 * h / (1.0 - h) * (1.0 + 1e-6) + 1e-15);
        }
        {
            const double wdt = 2.05;
            Scene s = osc.scene("velocity_verlet", wdt / osc.omega(), v0);
            Simulation sim(std::move(s.world), s.params);
            const int steps = 20;
            sim.run(steps);
            const double c = 1.0 - wdt * wdt / 2.0;
            const double lambda = std::abs(c - std::sqrt(c * c - 1.0)); // the growing eigenvalue
            // energy ~ l^(2n) up to a bounded factor from the initial condition's projection
            const double growth = std::abs(sim.energy().balanceError) / e0;
            QVERIFY2(growth > 0.01 * std::pow(lambda, 2 * steps), qPrintable(QString::number(growth)));
            QVERIFY2(growth < 100.0 * std::pow(lambda, 2 * steps), qPrintable(QString::number(growth)));
        }
    }

    void runawayIsDetected()
    {
        // a sphere resting on the floor with dt far above the limit gains energy at every contact
        // until the run is flagged unstable, with the step and time in the message
        const double r = 0.01, rho = 2500.0, kn = 1e5;
        const double m = 4.0 / 3.0 * std::numbers::pi * r * r * r * rho;
        const double dt = 2.5 * std::sqrt(m / kn);
        char bodies[256];
        std::snprintf(bodies, sizeof bodies,
                      R"([{"type": "sphere", "material": "m", "radius": 0.01, "position": [0, 0, %.17g]}])",
                      r - m * 9.81 / kn);
        Scene s =
            sceneFrom(sceneJson("[0, 0, -9.81]", "velocity_verlet", dt, materialJson(kn, 1.0, rho), bodies,
                                R"([{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "m"}])"));
        Simulation sim(std::move(s.world), s.params);
        sim.run(100000);
        QVERIFY(sim.isUnstable());
        QVERIFY(sim.instabilityMessage().find("unstable at step") != std::string::npos);
        QVERIFY(sim.instabilityMessage().find(", t = ") != std::string::npos);
        // the state stays finite: the runaway is caught before overflow
        QVERIFY(sim.world().position[0].allFinite());
        // no further steps once unstable
        const long long stepsAtStop = sim.world().step;
        sim.step();
        QCOMPARE(sim.world().step, stepsAtStop);
    }
};

QTEST_APPLESS_MAIN(TestCriticalTimestep)
#include "TestCriticalTimestep.moc"
