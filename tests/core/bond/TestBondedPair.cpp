// Two equal spheres joined by one bond, in zero gravity: each of the bond's four linear modes
// oscillates at its closed-form frequency, as the scheme discretises it (docs/BONDS.md), under
// Wang's law and under the incremental one (rotations about one fixed axis add up, so the two
// laws are the same linear springs in these modes):
//
//   axial          w^2 = 2 kn / m     (the reduced mass m/2 on kn)
//   twist          w^2 = 2 kt / I     (I = 2/5 m R^2)
//   bend (ks = 0)  w^2 = 2 kb / I
//   shear-rotation w^2 = 7 ks / m     (kb = 0: the slip delta - R (a1 + a2) with the angular
//                                      momentum I (a1' + a2') + m R delta' = 0, so a1 = a2 =
//                                      -(m R / I) delta / 2 and the slip is 3.5 delta)
//
// A leapfrog (velocity Verlet, central difference; Buss's and Fincham's rotations turn a sphere
// about a fixed axis the same way) runs an oscillator at w~ = (2/dt) asin(w dt / 2); classical
// RK4 at w~ dt = arg(1 + z + z^2/2 + z^3/6 + z^4/24), z = i w dt. The axial, twist and bend modes
// are exactly linear in the bond law; the shear-rotation mode is run at an amplitude of 1e-4 of
// the radius, where its nonlinearity shifts the frequency by ~1e-8.
//
// Tolerance: the frequency is measured from upward zero crossings, interpolated linearly, over
// 100 periods; the interpolation error of one crossing is at most (w dt)^2 dt / 8, so the
// frequency's relative error is below (w dt)^3 / (8 pi 100) = 4e-7 at w dt = 0.1. 1e-5 holds
// that with a factor of 25 to spare and still tells the scheme's frequency from the continuous
// one, (w dt)^2 / 24 = 4.2e-4 apart.
#include <QtTest>

#include <cmath>
#include <functional>
#include <numbers>
#include <string>

#include "ModeFrequency.h"
#include "SceneText.h"
#include "bond/BondLoads.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr double kRadius = 0.01;    // m
constexpr double kDensity = 2500.0; // kg/m^3
constexpr double kOmegaDt = 0.1;    // w dt of the mode under test

double sphereMass()
{
    return 4.0 / 3.0 * std::numbers::pi * std::pow(kRadius, 3) * kDensity;
}

double sphereInertia()
{
    return 0.4 * sphereMass() * kRadius * kRadius;
}

struct Pair {
    Vec3 v1 = Vec3::Zero(), v2 = Vec3::Zero(); // m/s
    Vec3 w1 = Vec3::Zero(), w2 = Vec3::Zero(); // rad/s
    BondStiffness k;
    std::string law = "total"; // the scene's "law"
};

Scene pairScene(const Pair& p, double dt)
{
    // touching spheres on the x axis, body 0 at +R (the bond's body 1)
    const std::string bodies = "[" + sphereJson("m", kRadius, Vec3(kRadius, 0, 0), p.v1, p.w1) + ", " +
                               sphereJson("m", kRadius, Vec3(-kRadius, 0, 0), p.v2, p.w2) + "]";
    char bonds[256];
    std::snprintf(bonds, sizeof bonds,
                  R"(, "bonds": [{"bodies": [0, 1], "kn": %.17g, "ks": %.17g, "kt": %.17g, "kb": %.17g, "law": "%s"}])",
                  p.k.kn, p.k.ks, p.k.kt, p.k.kb, p.law.c_str());
    return sceneFrom(
        sceneJson("[0, 0, 0]", "velocity_verlet", dt, materialJson(1e3, 1.0, kDensity), bodies, "[]", bonds));
}

BondLoads bondNow(const World& w)
{
    const std::size_t a = static_cast<std::size_t>(w.bonds.bodies[0][0]);
    const std::size_t b = static_cast<std::size_t>(w.bonds.bodies[0][1]);
    return w.bonds.loads(0, w.position[a], w.orientation[a], w.position[b], w.orientation[b]);
}

struct Mode {
    const char* name;
    Pair pair;
    double omega;                                   // closed form, rad/s
    std::function<double(const World&)> coordinate; // crosses zero upwards once a period
};

std::vector<Mode> modes()
{
    const double m = sphereMass(), I = sphereInertia();
    std::vector<Mode> out;
    {
        Mode a{"axial", {}, 0.0, {}};
        a.pair.k = {2e3, 0.0, 0.0, 0.0};
        a.pair.v1 = Vec3(1e-3, 0, 0);
        a.pair.v2 = -a.pair.v1;
        a.omega = std::sqrt(2.0 * a.pair.k.kn / m);
        a.coordinate = [](const World& w) { return bondNow(w).stretch; };
        out.push_back(a);
    }
    {
        Mode t{"twist", {}, 0.0, {}};
        t.pair.k = {2e3, 2e3, 3e-3, 0.0};
        t.pair.w1 = Vec3(0.1, 0, 0);
        t.pair.w2 = -t.pair.w1;
        t.omega = std::sqrt(2.0 * t.pair.k.kt / I);
        t.coordinate = [](const World& w) { return bondNow(w).psi; };
        out.push_back(t);
    }
    {
        Mode b{"bend", {}, 0.0, {}};
        b.pair.k = {2e3, 0.0, 0.0, 5e-3};
        b.pair.w1 = Vec3(0, 0, 0.1);
        b.pair.w2 = -b.pair.w1;
        b.omega = std::sqrt(2.0 * b.pair.k.kb / I);
        // signed bend: body 1's z spin against body 2's
        b.coordinate = [](const World& w) {
            const BondLoads l = bondNow(w);
            return l.torque[1].z() > 0.0 ? l.theta : -l.theta;
        };
        out.push_back(b);
    }
    {
        Mode s{"shear-rotation", {}, 0.0, {}};
        s.pair.k = {2e3, 1e3, 0.0, 0.0};
        const double v = 1e-4 * kRadius * std::sqrt(7.0 * s.pair.k.ks / m); // amplitude 1e-4 R
        s.pair.v1 = Vec3(0, v, 0);
        s.pair.v2 = -s.pair.v1;
        s.pair.w1 = Vec3(0, 0, -m * kRadius * v / I);
        s.pair.w2 = s.pair.w1;
        s.omega = std::sqrt(7.0 * s.pair.k.ks / m);
        s.coordinate = [](const World& w) { return w.position[w.bodySlot(0)].y() - w.position[w.bodySlot(1)].y(); };
        out.push_back(s);
    }
    return out;
}

} // namespace

class TestBondedPair : public QObject {
    Q_OBJECT
private slots:
    void modesRunAtTheSchemesFrequency_data();
    void modesRunAtTheSchemesFrequency();
    void bondedPairHasNoContact();
};

void TestBondedPair::modesRunAtTheSchemesFrequency_data()
{
    QTest::addColumn<QString>("translation");
    QTest::addColumn<QString>("rotation");
    QTest::addColumn<int>("mode");
    QTest::addColumn<QString>("law");
    const std::pair<const char*, const char*> schemes[] = {
        {"velocity_verlet", "buss_2nd_order"}, {"central_difference", "fincham_leapfrog"}, {"rk4", "rk4_quaternion"}};
    const std::vector<Mode> all = modes();
    for (const char* law : {"total", "incremental"})
        for (const auto& [t, r] : schemes)
            for (int k = 0; k < static_cast<int>(all.size()); ++k)
                QTest::newRow(qPrintable(QString("%1 %2 %3 %4").arg(law, t, r, all[static_cast<std::size_t>(k)].name)))
                    << QString(t) << QString(r) << k << QString(law);
}

void TestBondedPair::modesRunAtTheSchemesFrequency()
{
    QFETCH(QString, translation);
    QFETCH(QString, rotation);
    QFETCH(int, mode);
    QFETCH(QString, law);
    Mode m = modes()[static_cast<std::size_t>(mode)];
    m.pair.law = law.toStdString();
    const double dt = kOmegaDt / m.omega;
    Scene scene = pairScene(m.pair, dt);
    scene.params.translation = translation.toStdString();
    scene.params.rotation = rotation.toStdString();
    Simulation sim(scene.world, scene.params);
    const double expected = discreteOmega(scene.params.translation, m.omega, dt);
    const double measured = measuredOmega(sim, m.coordinate, m.omega, 100);
    QVERIFY2(std::abs(measured / expected - 1.0) <= 1e-5,
             qPrintable(QString("measured %1 rad/s, scheme's %2, continuous %3")
                            .arg(measured, 0, 'g', 12)
                            .arg(expected, 0, 'g', 12)
                            .arg(m.omega, 0, 'g', 12)));
    // the scheme's frequency, not the continuous one, where the two are far enough apart to
    // tell (the leapfrogs' 4.2e-4; RK4's phase error (w dt)^4 / 120 = 8e-7 is below the tolerance)
    if (std::abs(expected / m.omega - 1.0) > 1e-4)
        QVERIFY(std::abs(measured / m.omega - 1.0) > 1e-4);
}

void TestBondedPair::bondedPairHasNoContact()
{
    // squeezed together (overlapping by 10% of a radius at rest): the bond's law alone acts
    Pair p;
    p.k = {2e3, 1e3, 1e-3, 1e-3};
    p.v1 = Vec3(-1e-3, 0, 0);
    p.v2 = -p.v1;
    Scene scene = pairScene(p, 1e-5);
    Simulation sim(scene.world, scene.params);
    for (int s = 0; s < 100; ++s) {
        sim.step();
        QCOMPARE(sim.contactCount(), std::size_t(0));
        QCOMPARE(sim.neighbours().pairs().size(), std::size_t(0));
    }
}

QTEST_APPLESS_MAIN(TestBondedPair)
#include "TestBondedPair.moc"
