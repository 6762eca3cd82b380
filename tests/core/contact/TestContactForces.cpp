// Linear spring-dashpot normal contact: a free binary impact returns the material's restitution
// e = exp(-pi zeta / sqrt(1 - zeta^2)) exactly (the force is not clipped at zero), for a sphere on
// a wall and for two spheres head on. Zero gravity, so the impact is truly free.
#include <QtTest>

#include <cmath>

#include "SceneText.h"
#include "TestHelpers.h"
#include "contact/ContactLaw.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

// contact duration of the damped linear oscillator: pi / (w sqrt(1 - zeta^2)), s
double contactDuration(double kn, double reducedMass, double e)
{
    const double z = dampingRatioFromRestitution(e);
    return std::numbers::pi / (std::sqrt(kn / reducedMass) * std::sqrt(std::max(1e-12, 1.0 - z * z)));
}

} // namespace

class TestContactForces : public QObject {
    Q_OBJECT
private slots:
    void dampingRatio()
    {
        // the inverse relation, checked by substitution
        for (double e : {0.05, 0.1, 0.5, 0.9, 0.99}) {
            const double z = dampingRatioFromRestitution(e);
            TUMBLE_NEAR(std::exp(-std::numbers::pi * z / std::sqrt(1.0 - z * z)), e, 1e-14, 1e-12);
        }
        QCOMPARE(dampingRatioFromRestitution(1.0), 0.0);
        QCOMPARE(dampingRatioFromRestitution(0.0), 1.0);
    }

    void restitution_data()
    {
        QTest::addColumn<double>("e");
        QTest::addColumn<bool>("againstWall");
        for (double e : {0.1, 0.5, 0.9, 1.0}) {
            QTest::newRow(qPrintable(QStringLiteral("wall e=%1").arg(e))) << e << true;
            QTest::newRow(qPrintable(QStringLiteral("sphere e=%1").arg(e))) << e << false;
        }
    }

    void restitution()
    {
        QFETCH(double, e);
        QFETCH(bool, againstWall);
        const double r = 0.01, kn = 1e5, rho = 2500.0, v = 1.0;
        const double m = 4.0 / 3.0 * std::numbers::pi * r * r * r * rho;
        const double mStar = againstWall ? m : 0.5 * m;
        // 2000 steps per contact: the dashpot switches on within a step, an impulse error of
        // order zeta w dt ~ 1e-3 relative, below the 0.5% asked
        const double dt = contactDuration(kn, mStar, e) / 2000.0;
        const std::string bodies =
            againstWall
                ? R"([{"type": "sphere", "material": "m", "radius": 0.01, "position": [0, 0, 0.0105], "velocity": [0, 0, -1]}])"
                : R"([{"type": "sphere", "material": "m", "radius": 0.01, "position": [0, 0, 0.0105], "velocity": [0, 0, -0.5]},
                  {"type": "sphere", "material": "m", "radius": 0.01, "position": [0, 0, -0.0105], "velocity": [0, 0, 0.5]}])";
        const std::string walls =
            againstWall ? R"([{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "m"}])" : "[]";
        Scene s = sceneFrom(sceneJson("[0, 0, 0]", "velocity_verlet", dt, materialJson(kn, e, rho), bodies, walls));
        Simulation sim(std::move(s.world), s.params);
        // approach (0.5 mm at 1 m/s), the contact, and well beyond
        const double tEnd = 0.0005 / v + 3.0 * contactDuration(kn, mStar, e);
        sim.run(static_cast<long long>(tEnd / dt));
        QCOMPARE(sim.contactCount(), std::size_t(0));
        const double separating =
            againstWall ? sim.world().velocity[0].z() : sim.world().velocity[0].z() - sim.world().velocity[1].z();
        TUMBLE_NEAR(separating / v, e, 0.0, 0.005);
        // momentum is conserved in the binary impact
        if (!againstWall)
            TUMBLE_NEAR(sim.world().velocity[0].z() + sim.world().velocity[1].z(), 0.0, 1e-12, 0.0);
        // the kinetic energy lost is what the ledger counts as dissipated: 1/2 m* v^2 (1 - e^2)
        const EnergySample en = sim.energy();
        TUMBLE_NEAR(en.dissipated, 0.5 * mStar * v * v * (1.0 - e * e), 0.0, 0.01);
    }

    void materialMixing()
    {
        // harmonic mean of stiffness, geometric mean of restitution; equal materials unchanged
        Material a, b;
        a.kn = 1e5;
        a.restitution = 0.9;
        b.kn = 4e5;
        b.restitution = 0.4;
        const ContactTable table({a, b});
        TUMBLE_NEAR(table.law(0, 0).kn, 1e5, 0.0, 1e-15);
        TUMBLE_NEAR(table.law(0, 1).kn, 2.0 * 1e5 * 4e5 / 5e5, 0.0, 1e-15);
        TUMBLE_NEAR(table.law(1, 0).zeta, dampingRatioFromRestitution(0.6), 0.0, 1e-14);
        TUMBLE_NEAR(table.law(1, 1).zeta, dampingRatioFromRestitution(0.4), 0.0, 1e-14);
    }
};

QTEST_APPLESS_MAIN(TestContactForces)
#include "TestContactForces.moc"
