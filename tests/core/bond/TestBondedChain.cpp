// A free-free chain of N equal spheres joined by N - 1 bonds: its axial and torsional modes run
// at the chain's closed-form eigenfrequencies (docs/BONDS.md),
//
//   axial     w_j = 2 sqrt(kn / m) sin(j pi / 2N)      mode shape cos(j pi (i + 1/2) / N)
//   torsion   w_j = 2 sqrt(kt / I) sin(j pi / 2N)      (I = 2/5 m R^2), the same shape
//
// as the scheme discretises them (ModeFrequency.h): each is the spring chain of N masses, and
// both are exactly linear in the bond law (a stretch along the bond keeps its direction; a twist
// about it is psi, the difference of the spheres' angles). The chain starts at rest in place
// with the velocities of mode j alone, so the mode coordinate sum_i u_i cos(j pi (i + 1/2) / N)
// is a pure sinusoid; its frequency is measured over 100 periods as in TestBondedPair, where the
// same tolerance argument gives 1e-5 (the largest w dt here is 0.1).
#include <QtTest>

#include <cmath>
#include <numbers>

#include "ModeFrequency.h"
#include "SceneText.h"
#include "TestHelpers.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr int kSpheres = 8;
constexpr double kRadius = 0.01;    // m
constexpr double kDensity = 2500.0; // kg/m^3
constexpr double kn = 2e3;          // N/m
constexpr double kt = 3e-3;         // N m/rad

double sphereMass()
{
    return 4.0 / 3.0 * std::numbers::pi * std::pow(kRadius, 3) * kDensity;
}

double sphereInertia()
{
    return 0.4 * sphereMass() * kRadius * kRadius;
}

double shape(int j, int i)
{
    return std::cos(j * std::numbers::pi * (i + 0.5) / kSpheres);
}

double chainOmega(bool torsion, int j)
{
    const double k = torsion ? kt / sphereInertia() : kn / sphereMass();
    return 2.0 * std::sqrt(k) * std::sin(j * std::numbers::pi / (2.0 * kSpheres));
}

// touching spheres along x, every neighbour bonded, moving in mode j of amplitude 1e-2 R (axial)
// or 1e-2 rad (torsion)
Scene chainScene(bool torsion, int j, double dt)
{
    const double w = chainOmega(torsion, j);
    std::string bodies = "[";
    for (int i = 0; i < kSpheres; ++i) {
        const double a = w * shape(j, i);
        const Vec3 v = torsion ? Vec3::Zero() : Vec3(1e-2 * kRadius * a, 0, 0);
        const Vec3 spin = torsion ? Vec3(1e-2 * a, 0, 0) : Vec3::Zero();
        bodies += (i ? ", " : "") + sphereJson("m", kRadius, Vec3(2.0 * kRadius * i, 0, 0), v, spin);
    }
    bodies += "]";
    char bonds[200];
    std::snprintf(bonds, sizeof bonds,
                  R"(, "bonds": [{"within": 1e-9, "kn": %.17g, "ks": 1e3, "kt": %.17g, "kb": 5e-3}])", kn, kt);
    return sceneFrom(
        sceneJson("[0, 0, 0]", "velocity_verlet", dt, materialJson(1e3, 1.0, kDensity), bodies, "[]", bonds));
}

// the mode coordinate: axial displacements, or the spheres' angles about x, projected on mode j
std::function<double(const World&)> modeCoordinate(bool torsion, int j)
{
    return [torsion, j](const World& w) {
        double q = 0.0;
        for (int i = 0; i < kSpheres; ++i) {
            const std::size_t s = w.bodySlot(i);
            const double u = torsion ? 2.0 * std::atan2(w.orientation[s].x(), w.orientation[s].w())
                                     : w.position[s].x() - 2.0 * kRadius * i;
            q += u * shape(j, i);
        }
        return q;
    };
}

} // namespace

class TestBondedChain : public QObject {
    Q_OBJECT
private slots:
    void modesRunAtTheChainsFrequencies_data();
    void modesRunAtTheChainsFrequencies();
};

void TestBondedChain::modesRunAtTheChainsFrequencies_data()
{
    QTest::addColumn<QString>("translation");
    QTest::addColumn<QString>("rotation");
    QTest::addColumn<bool>("torsion");
    QTest::addColumn<int>("mode");
    const std::pair<const char*, const char*> schemes[] = {
        {"velocity_verlet", "buss_2nd_order"}, {"central_difference", "fincham_leapfrog"}, {"rk4", "rk4_quaternion"}};
    for (const auto& [t, r] : schemes)
        for (bool torsion : {false, true})
            for (int j : {1, 3, kSpheres - 1})
                QTest::newRow(qPrintable(QString("%1 %2 %3 mode %4").arg(t, r, torsion ? "torsion" : "axial").arg(j)))
                    << QString(t) << QString(r) << torsion << j;
}

void TestBondedChain::modesRunAtTheChainsFrequencies()
{
    QFETCH(QString, translation);
    QFETCH(QString, rotation);
    QFETCH(bool, torsion);
    QFETCH(int, mode);
    // dt: w dt = 0.1 for the chain's fastest mode of the kind
    const double dt = 0.1 / chainOmega(torsion, kSpheres - 1);
    Scene scene = chainScene(torsion, mode, dt);
    QCOMPARE(scene.world.bonds.size(), std::size_t(kSpheres - 1));
    scene.params.translation = translation.toStdString();
    scene.params.rotation = rotation.toStdString();
    Simulation sim(scene.world, scene.params);
    const double w = chainOmega(torsion, mode);
    const double expected = discreteOmega(scene.params.translation, w, dt);
    const double measured = measuredOmega(sim, modeCoordinate(torsion, mode), w, 100);
    QVERIFY(!sim.isUnstable());
    QVERIFY2(std::abs(measured / expected - 1.0) <= 1e-5,
             qPrintable(QString("measured %1 rad/s, scheme's %2, chain's %3")
                            .arg(measured, 0, 'g', 12)
                            .arg(expected, 0, 'g', 12)
                            .arg(w, 0, 'g', 12)));
    // the scheme's frequency, not the continuous one, where the two are far enough apart to tell
    if (std::abs(expected / w - 1.0) > 1e-4)
        QVERIFY(std::abs(measured / w - 1.0) > 1e-4);
}

QTEST_APPLESS_MAIN(TestBondedChain)
#include "TestBondedChain.moc"
