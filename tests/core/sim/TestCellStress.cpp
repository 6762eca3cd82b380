// A periodic cell's stress (CellStress.h) against the closed forms of a simple-cubic lattice of
// spheres of radius R at spacing a < 2R, overlap d = 2R - a (docs/PERIODIC.md "Stress"):
// - at rest, linear contacts: sigma = -kn d / a^2 I (each sphere has one contact per axis, of
//   force kn d over the branch a, in a volume a^3 per sphere); Hertz: (4/3) E* sqrt(R*) d^1.5;
// - compressed isotropically by L = -r I with the bodies carried by the medium: the spacing is
//   a exp(-r t), and the pressure follows the linear law at every step exactly;
// - sheared, v_x = g y, with the spheres turning with the medium: to first order in the strain
//   y = g t, sigma_xy = sigma_yx = y (kt / (2 a) - kn d / a^2): the contacts slide at D l, half
//   the shear rate, against their tangential springs, and the compressed y contacts' normal
//   forces tilt with them (the pre-stress -p0 turned by F F^T).
#include <QtTest>

#include <cmath>

#include "TestHelpers.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr double kR = 0.01;          // m
constexpr double kA = 0.0198;        // m, spacing
constexpr double kD = 2.0 * kR - kA; // m, overlap
constexpr int kN = 4;                // per side

World lattice(const Material& m, const Mat3& gradient)
{
    World w;
    w.materials.push_back(m);
    w.gravity = Vec3::Zero();
    const Vec3 spin = PeriodicCell::spinOf(gradient);
    for (int i = 0; i < kN; ++i)
        for (int j = 0; j < kN; ++j)
            for (int k = 0; k < kN; ++k) {
                const Vec3 x = kA * Vec3(i + 0.5, j + 0.5, k + 0.5);
                w.addSphere(0, kR, x, gradient * x, spin);
            }
    w.cell = PeriodicCell(kN * kA * Mat3::Identity(), {true, true, true}, gradient, CellModel::MediumCarried);
    return w;
}

Material linear(double friction)
{
    Material m;
    m.kn = 1e5;
    m.kt = 4e4;
    m.restitution = 1.0; // no dashpot: the stress is the springs'
    m.friction = friction;
    return m;
}

Simulation simulation(World w, double dt)
{
    SimParams p;
    p.dt = dt;
    p.sortBodies = false;
    return Simulation(std::move(w), p);
}

} // namespace

class TestCellStress : public QObject {
    Q_OBJECT
private slots:
    void latticeAtRest()
    {
        const Simulation sim = simulation(lattice(linear(0.5), Mat3::Zero()), 1e-6);
        const CellStress s = sim.cellStress();
        const double p = 1e5 * kD / (kA * kA);
        QCOMPARE(sim.contactCount(), std::size_t(3 * kN * kN * kN));
        TUMBLE_NEAR(s.pressure, p, 0.0, 1e-12);
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c)
                TUMBLE_NEAR(s.sigma(r, c), r == c ? -p : 0.0, 1e-12 * p, 0.0);
        TUMBLE_NEAR(s.deviator, 0.0, 1e-10 * p, 0.0);
        TUMBLE_NEAR(s.volume, std::pow(kN * kA, 3), 0.0, 1e-14);
    }

    void hertzLatticeAtRest()
    {
        Material m = linear(0.5);
        m.model = ContactModelKind::HertzMindlin;
        m.young = 1e8;
        m.poisson = 0.25;
        const Simulation sim = simulation(lattice(m, Mat3::Zero()), 1e-7);
        const double eStar = m.young / (2.0 * (1.0 - m.poisson * m.poisson));
        const double f = 4.0 / 3.0 * eStar * std::sqrt(0.5 * kR) * std::pow(kD, 1.5);
        TUMBLE_NEAR(sim.cellStress().pressure, f / (kA * kA), 0.0, 1e-12);
    }

    void isotropicCompressionFollowsTheLinearLaw()
    {
        const double r = 0.5; // 1/s
        Simulation sim = simulation(lattice(linear(0.5), -r * Mat3::Identity()), 1e-5);
        for (int step = 0; step < 200; ++step) {
            sim.step();
            const double a = kA * std::exp(-r * sim.world().time);
            const CellStress s = sim.cellStress();
            // the positions and the cell carry the rounding of exp over the steps
            TUMBLE_NEAR(s.pressure, 1e5 * (2.0 * kR - a) / (a * a), 0.0, 1e-9);
            TUMBLE_NEAR(s.strain(0, 0), std::exp(-r * sim.world().time) - 1.0, 1e-13, 0.0);
        }
        QCOMPARE(sim.contactCount(), std::size_t(3 * kN * kN * kN));
    }

    void simpleShearToFirstOrder()
    {
        const double g = 1.0, dt = 1e-6; // 1/s, s
        Mat3 l = Mat3::Zero();
        l(0, 1) = g;
        Simulation sim = simulation(lattice(linear(10.0), l), dt);
        const double p0 = 1e5 * kD / (kA * kA);
        sim.run(1000); // strain 1e-3
        const double strain = g * sim.world().time;
        const CellStress s = sim.cellStress();
        const double expected = strain * (4e4 / (2.0 * kA) - 1e5 * kD / (kA * kA));
        // second-order terms: the y contacts' overlap changes by a y^2 / 2 (a relative a y^2 / (2 d)
        // of the normal force, 0.05 of y here) and the springs turn with their contacts (order y)
        TUMBLE_NEAR(s.sigma(0, 1), expected, 0.0, 0.1 * strain);
        TUMBLE_NEAR(s.sigma(1, 0), expected, 0.0, 0.1 * strain);
        TUMBLE_NEAR(s.pressure, p0, 0.0, 0.1 * strain);
        // every sphere still moves with the medium: the kinetic part is nothing
        QVERIFY(s.kinetic.norm() <= 1e-9 * std::abs(expected));
    }
};

QTEST_APPLESS_MAIN(TestCellStress)
#include "TestCellStress.moc"
