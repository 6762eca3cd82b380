// Fixed and driven bodies (DriveStage): a held body feels its loads and a constraint load cancels
// them, so a fixed body does not move at all and a driven one keeps its velocity and angular
// velocity, under every preset; the drive's work is the ledger's external work.
//
// The work has a closed form. A sphere of mass m, at rest, bonded (kn) to a sphere driven away
// along the bond at speed v: the stretch u obeys u'' = -w^2 u with u(0) = 0, u'(0) = v, w^2 =
// kn/m, so u = (v/w) sin wt, the free sphere's speed is v (1 - cos wt) and the energy it and the
// bond hold is 1/2 m v^2 (1 - cos wt)^2 + 1/2 kn u^2 = m v^2 (1 - cos wt): the work the drive
// did. At a quarter period, t = pi/2w, that is m v^2. The same for a sphere driven to spin at
// Omega about the bond (kt, moment of inertia I of the free sphere): I Omega^2 at t = pi/2w,
// w^2 = kt/I. The discrete run's error in that work is the scheme's global error there, O(dt^p):
// the phase error enters at first order at a quarter period (at half a period, where 1 - cos is
// at its peak, only at second order, which would double the apparent order). p is 2 for the
// leapfrogs, 4 for RK4 (its phase error, (w dt)^4 / 120 per radian, beats its amplitude error,
// (w dt)^5 / 72), 1 for explicit Euler (its amplitude grows by (w dt)^2 / 2 a step), and 2 for
// symplectic Euler here: its positions follow Verlet's recursion, and its first step, which
// differs from Verlet's by a(0) dt^2 / 2 and makes it first order in general, starts from a(0) =
// 0 (the bond is at rest). The test halves dt and fits p from the two errors to +-0.2 (the fit's
// spread for errors in their asymptotic range; w dt = pi/64 and pi/128 are).
#include <QtTest>

#include <cmath>
#include <numbers>

#include "PresetSimulation.h"
#include "TestHelpers.h"
#include "integrate/IntegratorRegistry.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr double kRadius = 0.01;    // m
constexpr double kDensity = 2500.0; // kg/m^3

double sphereMass()
{
    return 4.0 / 3.0 * std::numbers::pi * std::pow(kRadius, 3) * kDensity;
}

// sphereJson with a motion
std::string heldSphereJson(const Vec3& x, const Vec3& v, const Vec3& w, const char* motion)
{
    std::string s = sphereJson("m", kRadius, x, v, w);
    s.insert(s.size() - 1, std::string(R"(, "motion": ")") + motion + "\"");
    return s;
}

std::string bondJson(double kn, double ks, double kt, double kb)
{
    char text[200];
    std::snprintf(text, sizeof text,
                  R"(, "bonds": [{"bodies": [0, 1], "kn": %.17g, "ks": %.17g, "kt": %.17g, "kb": %.17g}])", kn, ks, kt,
                  kb);
    return text;
}

// two touching spheres on the x axis: body 0 held (motion, velocity v, angular velocity w), body 1
// free (velocity freeV, angular velocity freeW)
std::string pairJson(const char* motion, const Vec3& v, const Vec3& w, const std::string& gravity,
                     const std::string& bonds, const Vec3& freeV = Vec3::Zero(), const Vec3& freeW = Vec3::Zero())
{
    const std::string bodies = "[" + heldSphereJson(Vec3(kRadius, 0, 0), v, w, motion) + ", " +
                               sphereJson("m", kRadius, Vec3(-kRadius, 0, 0), freeV, freeW) + "]";
    return sceneJson(gravity, "velocity_verlet", 1e-6, materialJson(1e3, 1.0, kDensity), bodies, "[]", bonds);
}

struct DriveCase {
    Vec3 v, w;     // the drive, m/s and rad/s
    double kn, kt; // N/m, N m/rad
    double omega;  // the free sphere's frequency, rad/s
    double work;   // the drive's work at a quarter period, J
};

DriveCase driveCase(bool twist)
{
    const double m = sphereMass(), I = 0.4 * m * kRadius * kRadius;
    DriveCase c;
    if (twist) {
        c.v = Vec3::Zero();
        c.w = Vec3(0.5, 0, 0);
        c.kn = 2e3;
        c.kt = 1e-3;
        c.omega = std::sqrt(c.kt / I);
        c.work = I * c.w.squaredNorm();
    } else {
        c.v = Vec3(1e-3, 0, 0);
        c.w = Vec3::Zero();
        c.kn = 2e3;
        c.kt = 1e-3;
        c.omega = std::sqrt(c.kn / m);
        c.work = m * c.v.squaredNorm();
    }
    return c;
}

// |external work at t = pi/2w - closed form| / closed form, with pi/2w in k steps
double workError(const std::string& preset, bool twist, int k)
{
    const DriveCase c = driveCase(twist);
    const double dt = 0.5 * std::numbers::pi / (c.omega * k);
    Simulation sim =
        presetSimulation(pairJson("driven", c.v, c.w, "[0, 0, 0]", bondJson(c.kn, 1e3, c.kt, 1e-3)), preset, dt);
    sim.run(k);
    if (sim.isUnstable())
        return std::nan("");
    return std::abs(sim.energy().externalWork - c.work) / c.work;
}

} // namespace

class TestDriveStage : public QObject {
    Q_OBJECT
private slots:
    void fixedBodyStaysPut_data();
    void fixedBodyStaysPut();
    void drivenBodyKeepsItsMotion_data();
    void drivenBodyKeepsItsMotion();
    void driveWorkMatchesTheClosedForm_data();
    void driveWorkMatchesTheClosedForm();
    void freeScenesHoldNoDriveChannel();
};

void TestDriveStage::fixedBodyStaysPut_data()
{
    QTest::addColumn<QString>("preset");
    for (const PresetInfo& p : presets())
        QTest::newRow(p.name.c_str()) << QString::fromStdString(p.name);
}

void TestDriveStage::fixedBodyStaysPut()
{
    // a fixed sphere under gravity holding a swinging, spinning partner by a bond, local damping
    // on: it does not move by a bit, and damping does not act on it
    QFETCH(QString, preset);
    Scene scene = sceneFrom(pairJson("fixed", Vec3::Zero(), Vec3::Zero(), "[0, 0, -9.81]",
                                     bondJson(2e3, 1e3, 1e-3, 1e-3), Vec3(0, 0.05, 0), Vec3(3, 0, 1)));
    scene.params.localDamping = 0.3;
    const World start = scene.world;
    Simulation sim = presetSimulation(scene, preset.toStdString(), 0.1 * 0.05 / std::sqrt(2e3 / sphereMass()));
    sim.run(2000);
    QVERIFY(!sim.isUnstable());
    const World& w = sim.world();
    const std::size_t held = w.bodySlot(0), free = w.bodySlot(1);
    QCOMPARE(w.position[held], start.position[0]);
    QCOMPARE(w.orientation[held].coeffs(), start.orientation[0].coeffs());
    QCOMPARE(w.velocity[held], Vec3::Zero());
    QCOMPARE(w.angularMomentum[held], Vec3::Zero());
    QCOMPARE(w.force[held], Vec3::Zero());
    QVERIFY(w.dissipativeForce[kLocalDamping][held].isZero(0.0));
    // the partner did move, and the drive held it up: the constraint's load is not zero
    QVERIFY((w.position[free] - start.position[1]).norm() > 1e-4 * kRadius);
    QVERIFY(!w.dissipativeForce[kDrive][held].isZero(0.0));
    // a fixed body does no work: none enters from outside
    QCOMPARE(sim.energy().externalWork, 0.0);
}

void TestDriveStage::drivenBodyKeepsItsMotion_data()
{
    fixedBodyStaysPut_data();
}

void TestDriveStage::drivenBodyKeepsItsMotion()
{
    // driven along and about the bond and across it, pulling a partner: velocity, angular
    // momentum and angular velocity stay exactly as given, and it moves v t
    QFETCH(QString, preset);
    const Vec3 v(1e-3, 2e-3, -1e-3), w(0.5, -0.2, 0.3);
    Simulation sim = presetSimulation(pairJson("driven", v, w, "[0, 0, -9.81]", bondJson(2e3, 1e3, 1e-3, 1e-3)),
                                      preset.toStdString(), 0.005 / std::sqrt(2e3 / sphereMass()));
    const Vec3 x0 = sim.world().position[sim.world().bodySlot(0)];
    const int steps = 1000;
    sim.run(steps);
    QVERIFY(!sim.isUnstable());
    const World& world = sim.world();
    const std::size_t held = world.bodySlot(0);
    QCOMPARE(world.velocity[held], v);
    QCOMPARE(world.angularVelocity[held], w);
    const Vec3 expected = x0 + v * world.time;
    // x += v dt rounds once a step
    TUMBLE_NEAR((world.position[held] - expected).norm(), 0.0, steps * 2.3e-16 * expected.norm(), 0.0);
    QVERIFY(sim.energy().externalWork != 0.0);
}

void TestDriveStage::driveWorkMatchesTheClosedForm_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<bool>("twist");
    QTest::addColumn<double>("order");
    const std::pair<const char*, double> rows[] = {
        {"pfc", 2.0}, {"pfc4", 2.0}, {"woo", 2.0}, {"rk4", 4.0}, {"symplectic_euler", 2.0}, {"euler", 1.0}};
    for (const auto& [preset, order] : rows)
        for (bool twist : {false, true})
            QTest::newRow(qPrintable(QString("%1 %2").arg(preset, twist ? "twist" : "axial")))
                << QString(preset) << twist << order;
}

void TestDriveStage::driveWorkMatchesTheClosedForm()
{
    QFETCH(QString, preset);
    QFETCH(bool, twist);
    QFETCH(double, order);
    // pi/2w in 32 and 64 steps: w dt = pi/64, pi/128
    const double e1 = workError(preset.toStdString(), twist, 32);
    const double e2 = workError(preset.toStdString(), twist, 64);
    QVERIFY2(std::isfinite(e1) && std::isfinite(e2), "unstable");
    const double fitted = std::log2(e1 / e2);
    qInfo("%s %s: relative work error %.3e, %.3e, order %.2f", qPrintable(preset), twist ? "twist" : "axial", e1, e2,
          fitted);
    TUMBLE_NEAR(fitted, order, 0.2, 0.0);
}

void TestDriveStage::freeScenesHoldNoDriveChannel()
{
    // without held bodies the drive costs nothing: no channel memory, no finishing term
    Simulation sim = presetSimulation(
        pairJson("free", Vec3::Zero(), Vec3::Zero(), "[0, 0, 0]", bondJson(2e3, 1e3, 1e-3, 1e-3)), "pfc", 1e-5);
    QVERIFY(!sim.world().hasHeldBodies());
    QCOMPARE(sim.world().dissipativeForce[kDrive].size(), std::size_t(0));
    sim.run(10);
    QCOMPARE(sim.energy().externalWork, 0.0);
}

QTEST_APPLESS_MAIN(TestDriveStage)
#include "TestDriveStage.moc"
