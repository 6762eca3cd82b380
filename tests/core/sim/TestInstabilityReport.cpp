// A run that blows up says so in one message, whichever check catches it and whichever pass
// (fused velocity Verlet + Buss, the general passes, RK4's stages): "unstable at step S, t = T s:
// <what>", naming the step that failed and its time.
#include <QtTest>

#include <cmath>
#include <limits>
#include <sstream>

#include "SceneText.h"
#include "TestHelpers.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

std::string prefix(long long step, double time)
{
    std::ostringstream o;
    o << "unstable at step " << step << ", t = " << time << " s: ";
    return o.str();
}

bool startsWith(const std::string& s, const std::string& p)
{
    return s.compare(0, p.size(), p) == 0;
}

// one sphere of radius r (m) at height z above a floor, falling at speed vz (m/s), material of
// stiffness kn (N/m) and restitution e
Scene fallingSphere(const std::string& translation, double dt, double z, double vz, double kn, double e = 0.5,
                    double r = 0.5)
{
    char bodies[256];
    std::snprintf(bodies, sizeof bodies,
                  R"([{"type": "sphere", "material": "m", "radius": %.17g, "position": [0, 0, %.17g],
                       "velocity": [0, 0, %.17g]}])",
                  r, z, vz);
    return sceneFrom(sceneJson("[0, 0, -9.81]", translation, dt, materialJson(kn, e), bodies,
                               R"([{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "m"}])"));
}

} // namespace

class TestInstabilityReport : public QObject {
    Q_OBJECT
private slots:
    void nonFinitePosition_data()
    {
        QTest::addColumn<QString>("translation");
        QTest::addColumn<QString>("rotation");
        QTest::newRow("fused") << "velocity_verlet"
                               << "buss_2nd_order";
        QTest::newRow("general") << "symplectic_euler"
                                 << "symplectic_euler";
        QTest::newRow("rk4") << "rk4"
                             << "rk4_quaternion";
    }

    void nonFinitePosition()
    {
        // an infinite velocity takes the body to infinity in the first step, which stops there:
        // the message names step 1, ending at t = dt
        QFETCH(QString, translation);
        QFETCH(QString, rotation);
        const double dt = 0.5;
        Scene s = fallingSphere(translation.toStdString(), dt, 10.0, 0.0, 1e5);
        s.world.velocity[0].x() = std::numeric_limits<double>::infinity();
        Simulation sim(std::move(s.world), s.params);
        sim.setSchemes(translation.toStdString(), rotation.toStdString());
        sim.step();
        QVERIFY(sim.isUnstable());
        const std::string& msg = sim.instabilityMessage();
        QVERIFY2(startsWith(msg, prefix(1, dt) + "body 0 has a non-finite position"), msg.c_str());
        QCOMPARE(sim.world().step, 0LL); // the step was not taken
    }

    void nonFiniteVelocity_data()
    {
        QTest::addColumn<QString>("translation");
        QTest::addColumn<QString>("rotation");
        QTest::newRow("fused") << "velocity_verlet"
                               << "buss_2nd_order";
        QTest::newRow("general") << "symplectic_euler"
                                 << "symplectic_euler";
    }

    void nonFiniteVelocity()
    {
        // the sphere reaches 9.4 m into a floor of kn = 1e308 N/m in the first step: the
        // contact force at its end overflows, and so does the velocity it kicks
        QFETCH(QString, translation);
        QFETCH(QString, rotation);
        const double dt = 1e-3;
        // (a scene file may not give such a stiffness: SceneLimits; the world may)
        Scene s = fallingSphere(translation.toStdString(), dt, 0.6, -1e4, 1e5);
        s.world.materials[0].kn = 1e308;
        Simulation sim(std::move(s.world), s.params);
        sim.setSchemes(translation.toStdString(), rotation.toStdString());
        sim.step();
        QVERIFY(sim.isUnstable());
        QVERIFY(sim.world().position[0].allFinite());
        const std::string& msg = sim.instabilityMessage();
        QVERIFY2(startsWith(msg, prefix(1, dt) + "body 0 has a non-finite velocity or force"), msg.c_str());
        QCOMPARE(sim.world().step, 1LL);
    }

    // steps joined by run() without a caller that reads their energy skip the kinetic energy
    // sums; their check for a non-finite velocity is a plain sum, and it stops the run at the same
    // step with the same message as one step() at a time
    void nonFiniteVelocityInJoinedSteps()
    {
        const double dt = 1e-3;
        auto scene = [&] {
            // 20 m up at 10 km/s: two free steps, then 9.4 m into a floor of kn = 1e308 N/m
            Scene s = fallingSphere("velocity_verlet", dt, 20.6, -1e4, 1e5);
            s.world.materials[0].kn = 1e308;
            return s;
        };
        Scene a = scene(), b = scene();
        Simulation joined(std::move(a.world), a.params);
        Simulation single(std::move(b.world), b.params);
        joined.setSchemes("velocity_verlet", "buss_2nd_order");
        single.setSchemes("velocity_verlet", "buss_2nd_order");
        joined.run(10);
        for (int k = 0; k < 10 && !single.isUnstable(); ++k)
            single.step();
        QVERIFY(single.isUnstable());
        QCOMPARE(single.world().step, 3LL);
        QVERIFY2(
            startsWith(single.instabilityMessage(), prefix(3, 3 * dt) + "body 0 has a non-finite velocity or force"),
            single.instabilityMessage().c_str());
        QVERIFY(joined.joinedSteps() > 0); // (the steps before were joined)
        QCOMPARE(joined.world().step, single.world().step);
        QCOMPARE(joined.instabilityMessage(), single.instabilityMessage());
    }

    void runaway_data()
    {
        QTest::addColumn<QString>("translation");
        QTest::addColumn<QString>("rotation");
        QTest::newRow("fused") << "velocity_verlet"
                               << "buss_2nd_order";
        QTest::newRow("general") << "central_difference"
                                 << "fincham_leapfrog";
    }

    void runaway()
    {
        // a sphere resting on the floor with dt far above the stability limit gains energy at
        // every contact until the energy check stops it, with the step and time it stopped at
        QFETCH(QString, translation);
        QFETCH(QString, rotation);
        const double r = 0.01, rho = 2500.0, kn = 1e5;
        const double m = 4.0 / 3.0 * std::numbers::pi * r * r * r * rho;
        const double dt = 2.5 * std::sqrt(m / kn);
        Scene s = fallingSphere(translation.toStdString(), dt, r - m * 9.81 / kn, 0.0, kn, 1.0, r);
        Simulation sim(std::move(s.world), s.params);
        sim.setSchemes(translation.toStdString(), rotation.toStdString());
        sim.run(100000);
        QVERIFY(sim.isUnstable());
        QVERIFY(sim.world().position[0].allFinite());
        const std::string& msg = sim.instabilityMessage();
        QVERIFY2(startsWith(msg, prefix(sim.world().step, sim.world().time) + "runaway energy"), msg.c_str());
        QVERIFY2(msg.find("reduce dt") != std::string::npos, msg.c_str());
    }

    void sampleCheckStopsAtTheFirstBadSample()
    {
        // the same runaway sampled at every step: every sample checkEnergySample accepts is within
        // kRunawayFactor x the energy scale, the first one past it is refused and marks the run
        // unstable at its step, naming the body and advising on dt against the critical one
        const double r = 0.01, rho = 2500.0, kn = 1e5;
        const double m = 4.0 / 3.0 * std::numbers::pi * r * r * r * rho;
        const double dt = 2.5 * std::sqrt(m / kn);
        Scene s = fallingSphere("velocity_verlet", dt, r - m * 9.81 / kn, 0.0, kn, 1.0, r);
        Simulation sim(std::move(s.world), s.params);
        const double bound = InstabilityReport::kRunawayFactor * sim.energyScale();
        QVERIFY(bound > 0.0);
        long long refusedAt = -1;
        for (int k = 0; k < 100000 && refusedAt < 0; ++k) {
            sim.step();
            if (sim.isUnstable()) { // the step's own check fired at this very step
                refusedAt = sim.world().step;
                break;
            }
            const EnergySample e = sim.energy();
            if (sim.checkEnergySample(e))
                QVERIFY(std::abs(e.balanceError) <= bound);
            else
                refusedAt = e.step;
        }
        QVERIFY(refusedAt > 0);
        QVERIFY(sim.isUnstable());
        const InstabilityReport& report = sim.instability();
        QCOMPARE(report.step(), refusedAt);
        QCOMPARE(report.time(), sim.world().time);
        QCOMPARE(report.body(), 0LL);
        QVERIFY2(report.advice().find("critical dt") != std::string::npos, report.advice().c_str());
        QVERIFY2(report.advice().find("stiffest contact: material 'm'") != std::string::npos, report.advice().c_str());
        QVERIFY2(sim.instabilityMessage().find(report.advice()) != std::string::npos, sim.instabilityMessage().c_str());
        // an unstable run takes no more steps
        const long long at = sim.world().step;
        sim.step();
        QCOMPARE(sim.world().step, at);
    }

    void aGoodSampleIsAccepted()
    {
        // a sphere resting on the floor at a fifth of the critical dt stays within the bound
        const double r = 0.01, rho = 2500.0, kn = 1e5;
        const double m = 4.0 / 3.0 * std::numbers::pi * r * r * r * rho;
        Scene s = fallingSphere("velocity_verlet", 0.2 * std::sqrt(m / kn), r - m * 9.81 / kn, 0.0, kn, 1.0, r);
        Simulation sim(std::move(s.world), s.params);
        for (int k = 0; k < 500; ++k) {
            sim.step();
            QVERIFY(sim.checkEnergySample(sim.energy()));
        }
        QVERIFY(!sim.isUnstable());
        EnergySample bad = sim.energy();
        bad.balanceError = std::numeric_limits<double>::quiet_NaN();
        QVERIFY(!sim.checkEnergySample(bad));
        QVERIFY(sim.isUnstable());
    }
};

QTEST_APPLESS_MAIN(TestInstabilityReport)
#include "TestInstabilityReport.moc"
