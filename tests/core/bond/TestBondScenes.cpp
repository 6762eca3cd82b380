// The built-in bonded scenes do what their descriptions say.
//
// spinning-rod: ten spheres spun about their middle; the steady tension of the middle bond,
// m w^2 l M^2 / 2 (the centripetal loads of the M = 5 spheres on one side, at (k - 1/2) l from
// the axis), lies below the bonds' strength, the overshoot of the suddenly loaded rod beyond it:
// the first bond to break is the middle one, and the rod's angular momentum about its axis is
// the same, to rounding, before and after (bonds and their breaking are internal).
//
// agglomerate-impact: a bonded cube in free fall is a rigid body (uniform gravity loads no bond),
// so no bond breaks before the cube first touches the floor; the impact breaks some, not all.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "scene/BuiltinScenes.h"
#include "sim/Simulation.h"

using namespace tumble;

namespace {

// angular momentum about the origin, kg m^2/s (on-step velocities: velocity Verlet)
Vec3 angularMomentum(const World& w)
{
    Vec3 l = Vec3::Zero();
    for (std::size_t i = 0; i < w.size(); ++i)
        l += w.mass[i] * w.position[i].cross(w.velocity[i]) + w.angularMomentum[i];
    return l;
}

} // namespace

class TestBondScenes : public QObject {
    Q_OBJECT
private slots:
    void spinningRodBreaksAtItsMiddle();
    void agglomerateBreaksOnImpactOnly();
};

void TestBondScenes::spinningRodBreaksAtItsMiddle()
{
    const Scene scene = loadBuiltinScene("spinning-rod");
    const World& w0 = scene.world;
    QCOMPARE(w0.size(), std::size_t(10));
    QCOMPARE(w0.bonds.size(), std::size_t(9));
    const double omega = w0.angularMomentum[0].z() / w0.inertia[0].x();
    const double l = (w0.position[1] - w0.position[0]).norm();
    const double steady = w0.mass[0] * omega * omega * l * 25.0 / 2.0; // M = 5
    const double strength = w0.bonds.strength[0].tension;
    QVERIFY2(steady < strength && strength < 2.0 * steady,
             qPrintable(QString("steady %1 N, strength %2 N").arg(steady).arg(strength)));
    Simulation sim(scene.world, scene.params);
    QCOMPARE(sim.params().translation, std::string("velocity_verlet"));
    const Vec3 l0 = angularMomentum(sim.world());
    while (sim.bondBreaks().empty() && sim.world().time < 0.05)
        sim.step();
    QVERIFY(!sim.bondBreaks().empty());
    const BondBreak& first = sim.bondBreaks().front();
    QVERIFY2(std::min(first.bodies[0], first.bodies[1]) == 4 && std::max(first.bodies[0], first.bodies[1]) == 5,
             qPrintable(QString("first break between %1 and %2").arg(first.bodies[0]).arg(first.bodies[1])));
    sim.run(2000);
    const Vec3 l1 = angularMomentum(sim.world());
    QVERIFY2((l1 - l0).norm() <= 1e-12 * l0.norm(),
             qPrintable(QString("L %1 -> %2").arg(l0.z(), 0, 'g', 17).arg(l1.z(), 0, 'g', 17)));
}

void TestBondScenes::agglomerateBreaksOnImpactOnly()
{
    const Scene scene = loadBuiltinScene("agglomerate-impact");
    QCOMPARE(scene.world.bonds.size(), std::size_t(144));
    Simulation sim(scene.world, scene.params);
    while (sim.contactCount() == 0 && sim.world().time < 1.0) {
        sim.step();
        QVERIFY(sim.bondBreaks().empty());
        // no bond is loaded in free fall (rigid motion: every bond's energy is rounding)
        QVERIFY(sim.energy().elasticBond <= 1e-20);
    }
    QVERIFY(sim.contactCount() > 0);
    sim.run(static_cast<long long>(0.05 / sim.params().dt));
    QVERIFY(!sim.bondBreaks().empty());
    QVERIFY(sim.world().bonds.size() > 0);
    QVERIFY(sim.energy().dissipatedBondBreaking > 0.0);
}

QTEST_APPLESS_MAIN(TestBondScenes)
#include "TestBondScenes.moc"
