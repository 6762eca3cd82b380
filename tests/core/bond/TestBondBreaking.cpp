// Bonds break (bond/BondStrength.h) at the first end-of-step state whose load passes the
// strength, release the energy they held into the ledger's bond-breaking channel (so the
// balance still closes), and leave the two spheres to the contact law.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "SceneText.h"
#include "bond/BondLoads.h"
#include "bond/BondStrength.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr double kRadius = 0.01; // m
constexpr double kKn = 2e3;      // N/m

double sphereMass()
{
    return 4.0 / 3.0 * std::numbers::pi * std::pow(kRadius, 3) * 2500.0;
}

// two spheres on the x axis, centres `distance` apart, pulled apart at +-v (m/s); the bond's
// strength JSON as given
Scene pulledPair(double distance, double v, const std::string& strength, double dt)
{
    const std::string bodies = "[" + sphereJson("m", kRadius, Vec3(distance / 2, 0, 0), Vec3(v, 0, 0)) + ", " +
                               sphereJson("m", kRadius, Vec3(-distance / 2, 0, 0), Vec3(-v, 0, 0)) + "]";
    const std::string bonds =
        R"(, "bonds": [{"bodies": [0, 1], "kn": 2000, "ks": 1000, "kt": 1e-3, "kb": 1e-3, "strength": )" + strength +
        "}]";
    return sceneFrom(
        sceneJson("[0, 0, 0]", "velocity_verlet", dt, materialJson(1e3, 1.0, 2500.0), bodies, "[]", bonds));
}

double tension(const World& w)
{
    const BondLoads l = bondLoads(w.position[0], w.orientation[0], w.position[1], w.orientation[1], w.bonds.rest[0],
                                  w.bonds.stiffness[0]);
    return kKn * l.stretch;
}

} // namespace

class TestBondBreaking : public QObject {
    Q_OBJECT
private slots:
    void breaksAtTheFirstStateBeyondItsStrength();
    void brokenPairMeetsThroughTheContactLaw();
    void criteria();
};

void TestBondBreaking::breaksAtTheFirstStateBeyondItsStrength()
{
    // pulled apart at +-v, the pair's stretch would peak at 2 v / w (w^2 = 2 kn / m); the
    // tensile strength is half the peak tension
    const double m = sphereMass();
    const double w = std::sqrt(2.0 * kKn / m);
    const double v = 0.01;
    const double strength = 0.5 * kKn * 2.0 * v / w;
    const double dt = 0.1 / w;
    Scene scene = pulledPair(2 * kRadius, v, "{\"tension\": " + std::to_string(strength) + "}", dt);
    Simulation sim(scene.world, scene.params);
    const double e0 = sim.energy().total();
    double before = tension(sim.world());
    while (sim.bondBreaks().empty() && sim.world().step < 1000) {
        QVERIFY(before <= strength); // every committed state so far held
        sim.step();
        if (sim.bondBreaks().empty())
            before = tension(sim.world());
    }
    QCOMPARE(sim.bondBreaks().size(), std::size_t(1));
    const BondBreak& b = sim.bondBreaks().front();
    QCOMPARE(b.step, sim.world().step);
    QCOMPARE(b.time, sim.world().time);
    QVERIFY((b.bodies[0] == 0 && b.bodies[1] == 1) || (b.bodies[0] == 1 && b.bodies[1] == 0));
    // the state that broke it was past the strength (the pure axial motion loads no other
    // mode; the rest length is 2 R)
    const World& end = sim.world();
    QVERIFY(kKn * ((end.position[0] - end.position[1]).norm() - 2 * kRadius) > strength);
    QCOMPARE(sim.world().bonds.size(), std::size_t(0));
    const EnergySample e = sim.energy();
    QCOMPARE(e.dissipatedBondBreaking, b.energy);
    QCOMPARE(e.elasticBond, 0.0);
    // the bond released about what it held over the step (1/2 kn s^2 at the strength's stretch,
    // the step moving s by at most w dt of the peak stretch)
    const double atStrength = 0.5 * strength * strength / kKn;
    QVERIFY2(std::abs(b.energy / atStrength - 1.0) <= 4 * 0.1,
             qPrintable(QString("released %1 J, %2 J at the strength").arg(b.energy).arg(atStrength)));
    // the balance closes to velocity Verlet's order: the oscillation's (w dt)^2 / 4 of the total,
    // plus the break step's own second-order term, F^2 dt^2 / 8 m, at most (w dt)^2 / 8 of the
    // kinetic energy; booking the end state's energy instead would leave w dt / 4 = 2.5%
    const double wdt = w * dt;
    QVERIFY2(std::abs(e.balanceError) <= (0.25 + 0.125) * wdt * wdt * e0,
             qPrintable(QString("balance error %1 of %2 J").arg(e.balanceError).arg(e0)));
    // free flight from then on
    const Vec3 v0 = sim.world().velocity[0];
    sim.run(100);
    QVERIFY((sim.world().velocity[0] - v0).norm() <= 1e-15);
}

void TestBondBreaking::brokenPairMeetsThroughTheContactLaw()
{
    // bonded while overlapping by a tenth of a radius: the bond alone acts (no contact) until it
    // breaks on the first stretch; then the overlap is a contact and pushes the spheres apart
    const double dt = 1e-5;
    Scene scene = pulledPair(1.9 * kRadius, 1e-3, R"({"tension": 1e-6})", dt);
    Simulation sim(scene.world, scene.params);
    QCOMPARE(sim.contactCount(), std::size_t(0));
    sim.step();
    sim.step();
    QCOMPARE(sim.bondBreaks().size(), std::size_t(1));
    sim.step();
    QCOMPARE(sim.contactCount(), std::size_t(1));
    QVERIFY(sim.world().force[0].x() > 0.0); // pushed apart (body 0 at +x)
}

void TestBondBreaking::criteria()
{
    // the load measures of a bond: N = kn stretch, S = ks slip, T = kt |psi|, B = kb theta (values
    // exact in binary, so the sums below are exact)
    const BondStiffness k{2.0, 3.0, 5.0, 7.0};
    BondLoads l{};
    l.stretch = 0.125; // N = 0.25
    l.slip = 0.125;    // S = 0.375
    l.psi = -0.125;    // T = 0.625
    l.theta = 0.125;   // B = 0.875
    BondStrength independent;
    QVERIFY(independent.unbreakable());
    QVERIFY(!independent.breaks(l, k)); // no strength: never
    independent.tension = 0.25;
    QVERIFY(!independent.breaks(l, k)); // at the strength: holds
    independent.tension = 0.24;
    QVERIFY(independent.breaks(l, k));
    independent.tension = BondStrength::kNever;
    independent.twist = 0.6; // |psi| counts
    QVERIFY(independent.breaks(l, k));
    // linear sum: 0.25/1 + 0.375/1.5 + 0.625/2.5 + 0.875/3.5 = 1 holds; a little more breaks
    BondStrength sum;
    sum.criterion = BondCriterion::LinearSum;
    sum.tension = 1.0;
    sum.shear = 1.5;
    sum.twist = 2.5;
    sum.bend = 3.5;
    QVERIFY(!sum.breaks(l, k));
    sum.bend = 3.4;
    QVERIFY(sum.breaks(l, k));
    // compression counts against breaking
    l.stretch = -0.125;
    QVERIFY(!sum.breaks(l, k));
}

QTEST_APPLESS_MAIN(TestBondBreaking)
#include "TestBondBreaking.moc"
