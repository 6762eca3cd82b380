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
//
// hanging-chain: nine spheres hang from a fixed one, released stress-free under gravity. The top
// bond's static load is their weight, 9 m g; its strength lies above that and below twice it, the
// peak of a suddenly loaded linear chain: the top bond is the first to break. With every strength
// above twice the static load, no bond breaks.
//
// diving-board: the clamp (a fixed sphere) does not move by a bit while the board vibrates, and
// does no work.
//
// wang-chain-*: the driven ends do work on the chain (external work), and the balance closes on
// it to the scheme's order: velocity Verlet's balance error falls by 4 when dt halves (fitted
// order 2 +- 0.3 over the first 0.2 s of loading).
//
// Wang's comparison (figs. 6-7) on wang-chain-bending-twisting, over 2 s of loading: Wang's law is
// a potential, so velocity Verlet's balance error is its bounded shadow-energy error, O(dt^2); the
// incremental law applies each step's rotation increments about the end-of-step axes, an error
// of second order in the step's rotation that accumulates over the T / dt steps, O(dt) and
// growing with time. Fitted orders 2 +- 0.3 and 1 +- 0.3, and the incremental error the larger at
// both timesteps (their ratio grows as 1/dt).
//
// wang-chain-incremental: the same chain under the incremental law shakes itself apart while Wang's
// stays on its quasi-static path. Over 10 s at the scene's dt: the largest kinetic energy under
// Wang's law stays below the quasi-static bound, every sphere moving as fast as a point at the
// chain's end turning with the ends' whole angular velocity, 7 x 1/2 m (|w| L/2)^2 plus the
// ends' spin 2 x 1/2 I |w|^2; under the incremental law it ends a thousand times above that
// bound, and its balance error is over 1% of the work done, where Wang's stays at round-off
// (1e-8 of the work, against a shadow-energy error that is O((w dt)^2) of the chain's tiny
// vibration energy).
#include <QtTest>

#include <cmath>
#include <numbers>

#include <nlohmann/json.hpp>

#include "scene/BuiltinScenes.h"
#include "scene/SceneLoader.h"
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

// The largest |balance error| (J) of the scene run for `seconds` at dt (NaN if it went unstable),
// and the external work done by then (J).
double worstBalanceError(const Scene& scene, double dt, double seconds, double* work = nullptr)
{
    Simulation sim(scene.world, scene.params);
    sim.setDt(dt);
    double out = 0.0;
    for (long long s = 0; s < std::llround(seconds / dt); ++s) {
        sim.step();
        out = std::max(out, std::abs(sim.energy().balanceError));
    }
    if (work)
        *work = sim.energy().externalWork;
    return sim.isUnstable() ? std::nan("") : out;
}

} // namespace

class TestBondScenes : public QObject {
    Q_OBJECT
private slots:
    void spinningRodBreaksAtItsMiddle();
    void agglomerateBreaksOnImpactOnly();
    void hangingChainSnapsAtTheTop();
    void divingBoardClampHolds();
    void wangChainBalanceClosesOnTheDrivesWork_data();
    void wangChainBalanceClosesOnTheDrivesWork();
    void incrementalLawErrorIsFirstOrderAndLarger();
    void incrementalChainShakesWangsDoesNot();
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

void TestBondScenes::hangingChainSnapsAtTheTop()
{
    Scene scene = loadBuiltinScene("hanging-chain");
    const World& w0 = scene.world;
    QCOMPARE(w0.size(), std::size_t(10));
    QVERIFY(w0.hasHeldBodies() && w0.motion[0] == BodyMotion::Fixed);
    const double staticLoad = 9.0 * w0.mass[1] * w0.gravity.norm();
    const double strength = w0.bonds.strength[0].tension;
    QVERIFY2(staticLoad < strength && strength < 2.0 * staticLoad,
             qPrintable(QString("static %1 N, strength %2 N").arg(staticLoad).arg(strength)));
    {
        Simulation sim(scene.world, scene.params);
        while (sim.bondBreaks().empty() && sim.world().time < 0.1)
            sim.step();
        QVERIFY(!sim.bondBreaks().empty());
        const BondBreak& first = sim.bondBreaks().front();
        QCOMPARE(std::min(first.bodies[0], first.bodies[1]), 0);
        QCOMPARE(std::max(first.bodies[0], first.bodies[1]), 1);
    }
    // strong enough for the dynamic load: it holds (1 s, several of its slowest periods)
    for (BondStrength& s : scene.world.bonds.strength) {
        s.tension = 2.001 * staticLoad;
        s.shear = 2.001 * staticLoad;
    }
    Simulation sim(scene.world, scene.params);
    sim.run(static_cast<long long>(1.0 / sim.params().dt));
    QVERIFY(!sim.isUnstable());
    QVERIFY(sim.bondBreaks().empty());
}

void TestBondScenes::divingBoardClampHolds()
{
    const Scene scene = loadBuiltinScene("diving-board");
    QVERIFY(scene.world.hasHeldBodies() && scene.world.motion[0] == BodyMotion::Fixed);
    Simulation sim(scene.world, scene.params);
    const std::size_t clamp = sim.world().bodySlot(0), tip = sim.world().bodySlot(11);
    const Vec3 x0 = sim.world().position[clamp];
    const double tip0 = sim.world().position[tip].z();
    double travel = 0.0; // m, the tip's largest excursion
    for (int k = 0; k < 500; ++k) {
        sim.run(static_cast<long long>(0.001 / sim.params().dt));
        travel = std::max(travel, std::abs(sim.world().position[tip].z() - tip0));
    }
    QVERIFY(!sim.isUnstable());
    QCOMPARE(sim.world().position[clamp], x0);
    QCOMPARE(sim.energy().externalWork, 0.0);
    QVERIFY(sim.bondBreaks().empty());
    QVERIFY2(travel > 0.01, qPrintable(QString("the tip moved %1 m").arg(travel)));
}

void TestBondScenes::wangChainBalanceClosesOnTheDrivesWork_data()
{
    QTest::addColumn<QString>("id");
    for (const char* id : {"wang-chain-compression", "wang-chain-shear", "wang-chain-bending", "wang-chain-twisting",
                           "wang-chain-bending-twisting"})
        QTest::newRow(id) << QString(id);
}

void TestBondScenes::wangChainBalanceClosesOnTheDrivesWork()
{
    QFETCH(QString, id);
    const Scene scene = loadBuiltinScene(id.toStdString());
    QCOMPARE(scene.world.motion.size(), std::size_t(7));
    QVERIFY(scene.world.motion[0] == BodyMotion::Driven && scene.world.motion[6] == BodyMotion::Driven);
    double w1 = 0.0, w2 = 0.0;
    const double dt = scene.params.dt;
    const double e1 = worstBalanceError(scene, dt, 0.2, &w1), e2 = worstBalanceError(scene, dt / 2, 0.2, &w2);
    QVERIFY(std::isfinite(e1) && std::isfinite(e2));
    QVERIFY(w1 > 0.0);
    const double fitted = std::log2(e1 / e2);
    qInfo("%s: external work %.4e J, worst |balance error| %.3e, %.3e J, order %.2f", qPrintable(id), w1, e1, e2,
          fitted);
    QVERIFY2(std::abs(fitted - 2.0) <= 0.3, qPrintable(QString("order %1").arg(fitted)));
}

void TestBondScenes::incrementalLawErrorIsFirstOrderAndLarger()
{
    const Scene scene = loadBuiltinScene("wang-chain-bending-twisting");
    QVERIFY(!scene.world.bonds.law.anyIncremental);
    // the same scene with "law": "incremental" on its bonds
    nlohmann::json doc;
    for (const BuiltinSceneSource& b : detail::kBuiltinSceneData)
        if (std::string(b.id) == "wang-chain-bending-twisting")
            doc = nlohmann::json::parse(b.json);
    for (auto& bond : doc.at("bonds"))
        bond["law"] = "incremental";
    const Scene incremental = loadSceneText(doc.dump(), "incremental.json");
    QVERIFY(incremental.world.bonds.law.anyIncremental);
    // over 2 s of loading
    const double dt = scene.params.dt;
    const double t1 = worstBalanceError(scene, dt, 2.0), t2 = worstBalanceError(scene, dt / 2, 2.0);
    const double i1 = worstBalanceError(incremental, dt, 2.0), i2 = worstBalanceError(incremental, dt / 2, 2.0);
    const double total = std::log2(t1 / t2), inc = std::log2(i1 / i2);
    qInfo("worst |balance error| over 2 s: Wang's law %.3e, %.3e J (order %.2f); incremental %.3e, %.3e J (order "
          "%.2f)",
          t1, t2, total, i1, i2, inc);
    QVERIFY2(std::abs(total - 2.0) <= 0.3, qPrintable(QString("Wang's law: order %1").arg(total)));
    QVERIFY2(std::abs(inc - 1.0) <= 0.3, qPrintable(QString("incremental law: order %1").arg(inc)));
    QVERIFY(i1 > t1 && i2 > t2);
}

void TestBondScenes::incrementalChainShakesWangsDoesNot()
{
    const Scene wang = loadBuiltinScene("wang-chain-bending-twisting");
    const Scene incremental = loadBuiltinScene("wang-chain-incremental");
    QVERIFY(!wang.world.bonds.law.anyIncremental);
    QCOMPARE(incremental.world.bonds.size(), std::size_t(6));
    for (std::size_t k = 0; k < 6; ++k)
        QVERIFY(incremental.world.bonds.formulation(k) == BondFormulation::Incremental);
    // the quasi-static bound, J
    const World& w0 = wang.world;
    const double omega = w0.angularVelocity[0].norm(); // rad/s, the ends'
    const double half = 0.5 * (w0.position[6] - w0.position[0]).norm();
    double bound = 0.0;
    for (std::size_t i = 0; i < w0.size(); ++i)
        bound += 0.5 * w0.mass[i] * (omega * half) * (omega * half);
    bound += 2.0 * 0.5 * w0.inertia[0].x() * omega * omega;
    struct Run {
        double maxKinetic = 0.0, endKinetic = 0.0, relativeBalance = 0.0;
    };
    auto run = [](const Scene& s) {
        Simulation sim(s.world, s.params);
        Run out;
        for (long long step = 0; step < std::llround(10.0 / s.params.dt); ++step) {
            sim.step();
            const EnergySample e = sim.energy();
            out.endKinetic = e.kineticTranslational + e.kineticRotational;
            out.maxKinetic = std::max(out.maxKinetic, out.endKinetic);
        }
        const EnergySample e = sim.energy();
        out.relativeBalance = std::abs(e.balanceError) / e.externalWork;
        return out;
    };
    const Run a = run(wang), b = run(incremental);
    qInfo("quasi-static bound %.3e J; Wang's law: largest kinetic %.3e J, |balance| / work %.2e; incremental: kinetic "
          "at 10 s %.3e J, |balance| / work %.2e",
          bound, a.maxKinetic, a.relativeBalance, b.endKinetic, b.relativeBalance);
    QVERIFY(a.maxKinetic < bound);
    QVERIFY(a.relativeBalance < 1e-8);
    QVERIFY(b.endKinetic > 1e3 * bound);
    QVERIFY(b.relativeBalance > 1e-2);
}

QTEST_APPLESS_MAIN(TestBondScenes)
#include "TestBondScenes.moc"
