// The periodic cell's geometry and the medium's motion against closed forms (docs/PERIODIC.md):
// the exact step map of simple shear, isotropic compression and rigid rotation, the identity
// L carry = map - I for any L, the spin vector's sign, fractional coordinates kept to rounding
// over many steps, and the flip that keeps a sheared cell reduced without changing its images.
#include <QtTest>

#include <cmath>
#include <random>

#include "TestHelpers.h"
#include "model/PeriodicCell.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr double kEps = 2.220446049250313e-16;

Mat3 simpleShear(double rate)
{
    Mat3 l = Mat3::Zero();
    l(0, 1) = rate; // v_x = rate y
    return l;
}

Mat3 skew(const Vec3& w)
{
    Mat3 m;
    m << 0.0, -w.z(), w.y(), w.z(), 0.0, -w.x(), -w.y(), w.x(), 0.0;
    return m;
}

double maxAbs(const Mat3& m)
{
    return m.cwiseAbs().maxCoeff();
}

const std::array<bool, 3> kAll{true, true, true};

} // namespace

class TestPeriodicCell : public QObject {
    Q_OBJECT
private slots:
    void spinOfSimpleShearAndRigidRotation()
    {
        // v_x = g y turns the medium clockwise about z at g/2
        const Vec3 s = PeriodicCell::spinOf(simpleShear(3.0));
        QCOMPARE(s, Vec3(0.0, 0.0, -1.5));
        // a rigid rotation v = w x r has L = [w]x, whose spin is w itself
        const Vec3 w(0.3, -1.1, 2.0);
        QVERIFY((PeriodicCell::spinOf(skew(w)) - w).norm() <= 4.0 * kEps);
        // a symmetric L (pure stretch) does not turn the medium
        Mat3 d;
        d << 1.0, 0.5, 0.2, 0.5, -2.0, 0.1, 0.2, 0.1, 0.7;
        QCOMPARE(PeriodicCell::spinOf(d), Vec3::Zero());
    }

    void stepOfSimpleShearIsExact()
    {
        // L^2 = 0: exp(dt L) = I + dt L and the carry is dt (I + dt L / 2)
        const double g = 7.0, dt = 1e-3;
        const PeriodicCell cell(Mat3::Identity(), kAll, simpleShear(g), CellModel::MediumCarried);
        const MediumStep s = cell.step(dt);
        const Mat3 l = simpleShear(g);
        QVERIFY(maxAbs(s.map - (Mat3::Identity() + dt * l)) <= 4.0 * kEps);
        QVERIFY(maxAbs(s.carry - dt * (Mat3::Identity() + 0.5 * dt * l)) <= 4.0 * kEps * dt);
        QCOMPARE(s.spin, Vec3(0.0, 0.0, -0.5 * g));
    }

    void stepOfIsotropicCompressionIsExact()
    {
        // L = -r I: exp(dt L) = exp(-r dt) I, carry = (1 - exp(-r dt)) / r I
        const double r = 2.5, dt = 0.01;
        const PeriodicCell cell(Mat3::Identity(), kAll, -r * Mat3::Identity(), CellModel::LeesEdwards);
        const MediumStep s = cell.step(dt);
        QVERIFY(maxAbs(s.map - std::exp(-r * dt) * Mat3::Identity()) <= 4.0 * kEps);
        QVERIFY(maxAbs(s.carry - (-std::expm1(-r * dt) / r) * Mat3::Identity()) <= 4.0 * kEps * dt);
        QCOMPARE(s.spin, Vec3::Zero());
    }

    void stepOfRigidRotationIsARotation()
    {
        // L = [w]x about z: the map is the rotation by |w| dt
        const double w = 4.0, dt = 0.05;
        const PeriodicCell cell(Mat3::Identity(), kAll, skew(Vec3(0, 0, w)), CellModel::MediumCarried);
        const MediumStep s = cell.step(dt);
        Mat3 r;
        r << std::cos(w * dt), -std::sin(w * dt), 0.0, std::sin(w * dt), std::cos(w * dt), 0.0, 0.0, 0.0, 1.0;
        QVERIFY(maxAbs(s.map - r) <= 8.0 * kEps);
    }

    void carryIntegratesTheMapForAnyGradient()
    {
        // d/ds exp((dt - s) L) = -L exp(...) integrates to L carry = exp(dt L) - I, for every L;
        // and the carry is dt I + O(dt^2 |L|)
        std::mt19937 gen(12);
        std::uniform_real_distribution<double> u(-1.0, 1.0);
        for (int trial = 0; trial < 50; ++trial) {
            Mat3 l;
            for (int k = 0; k < 9; ++k)
                l(k / 3, k % 3) = 20.0 * u(gen);
            const double dt = 1e-3 * (1.0 + trial);
            const PeriodicCell cell(Mat3::Identity(), kAll, l, CellModel::MediumCarried);
            const MediumStep s = cell.step(dt);
            const double scale = maxAbs(s.map);
            QVERIFY2(maxAbs(l * s.carry - (s.map - Mat3::Identity())) <= 64.0 * kEps * scale,
                     qPrintable(QString::number(trial)));
            // Jacobi's formula: det exp(dt L) = exp(dt tr L)
            TUMBLE_NEAR(s.map.determinant(), std::exp(dt * l.trace()), 0.0, 64.0 * kEps);
        }
    }

    void stillCellStepIsAPlainDrift()
    {
        const PeriodicCell cell(2.0 * Mat3::Identity(), kAll, Mat3::Zero(), CellModel::MediumCarried);
        const MediumStep s = cell.step(0.125);
        QCOMPARE(s.map, Mat3::Identity());
        QCOMPARE(s.carry, 0.125 * Mat3::Identity());
        PeriodicCell moved = cell;
        QVERIFY(!moved.advance(s));
        QCOMPARE(moved.vectors(), cell.vectors());
    }

    void mediumPointsKeepTheirFractionalCoordinates()
    {
        // a point carried by the medium and the cell take the same map each step, so H^-1 x
        // stays put to rounding (a random walk of a few eps per step), under an L with every part
        Mat3 l;
        l << -0.3, 2.0, 0.1, 0.2, 0.1, -0.4, 0.0, 0.5, 0.2;
        Mat3 h;
        h << 0.05, 0.0, 0.0, 0.0, 0.04, 0.0, 0.0, 0.0, 0.06;
        PeriodicCell cell(h, {true, true, false}, l, CellModel::MediumCarried);
        const Vec3 s0(0.25, 0.7, 0.4);
        Vec3 x = h * s0;
        const int steps = 10000;
        const double dt = 5e-5;
        for (int n = 0; n < steps; ++n) {
            const MediumStep s = cell.step(dt);
            x = s.map * x;
            cell.advance(s);
        }
        // the cell may have flipped: compare through the deformation, which flips leave alone
        const Vec3 carried = cell.deformation() * h * s0;
        QVERIFY2((x - carried).norm() <= 16.0 * std::sqrt(double(steps)) * kEps * x.norm(),
                 qPrintable(QString::number((x - carried).norm())));
        // F is exp(t L) for the constant L. Every step applies the same rounded map, so its
        // rounding (a few eps) adds up over the steps rather than averaging out
        const PeriodicCell whole(Mat3::Identity(), kAll, l, CellModel::MediumCarried);
        const Mat3 f = whole.step(steps * dt).map;
        QVERIFY2(maxAbs(cell.deformation() - f) <= 4.0 * steps * kEps * maxAbs(f),
                 qPrintable(QString::number(maxAbs(cell.deformation() - f) / maxAbs(f) / kEps)));
    }

    void shearFlipsTheCellToAnEquivalentOne()
    {
        // simple shear of a cube of side 1: after strain g the second side is (g, 1, 0); past
        // g = 1/2 it becomes (g - 1, 1, 0), the same lattice of images, and H stays F H0 M with M
        // an integer matrix of determinant 1
        const double rate = 1.0, dt = 1e-3;
        PeriodicCell cell(Mat3::Identity(), kAll, simpleShear(rate), CellModel::LeesEdwards);
        int flips = 0;
        double strain = 0.0;
        for (int n = 0; n < 1600; ++n) {
            const MediumStep s = cell.step(dt);
            strain += rate * dt;
            if (cell.advance(s)) {
                ++flips;
                // the tilt is the strain less a whole period
                const double lost = strain - cell.vectors()(0, 1);
                TUMBLE_NEAR(lost, std::round(lost), 1e-12, 0.0);
                QVERIFY(std::round(lost) >= 1.0);
            }
            QVERIFY(std::abs(cell.vectors()(0, 1)) <= 0.5 + 1e-12);
        }
        QCOMPARE(flips, 2); // at strains 0.5 and 1.5
        const Mat3 m = cell.deformation().inverse() * cell.vectors();
        QVERIFY(maxAbs(m - m.array().round().matrix()) <= 1e-12);
        TUMBLE_NEAR(m.determinant(), 1.0, 1e-12, 0.0);
        TUMBLE_NEAR(cell.volume(), 1.0, 1e-12, 0.0);
        // shear leaves the distance between the planes y = const alone
        TUMBLE_NEAR(cell.width(1), 1.0, 1e-12, 0.0);
    }

    void aNonPeriodicAxisIsNeverFlippedAgainst()
    {
        // shear along x across y with only z periodic: nothing to reduce
        PeriodicCell cell(Mat3::Identity(), {false, false, true}, simpleShear(1.0), CellModel::MediumCarried);
        for (int n = 0; n < 900; ++n)
            QVERIFY(!cell.advance(cell.step(1e-3)));
        TUMBLE_NEAR(cell.vectors()(0, 1), 0.9, 1e-12, 0.0);
    }

    void wrapBringsAPointIntoTheCell()
    {
        Mat3 h;
        h << 2.0, 0.5, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 3.0; // the second side tilted along x
        const PeriodicCell cell(h, {true, true, false}, Mat3::Zero(), CellModel::MediumCarried);
        const Vec3 x(-0.3, 2.5, 7.0);
        const ImageShift n = cell.wrapShift(x);
        // y: 2.5 -> fraction 2.5 (n = 2); x: (-0.3 - 0.5 * 2.5) / 2 = -0.775 (n = -1); z does not repeat
        QCOMPARE(n[0], -1);
        QCOMPARE(n[1], 2);
        QCOMPARE(n[2], 0);
        const Vec3 s = cell.fractional(x - cell.shift(n));
        QVERIFY(s.x() >= 0.0 && s.x() < 1.0 && s.y() >= 0.0 && s.y() < 1.0);
        TUMBLE_NEAR(s.z(), 7.0 / 3.0, 1e-15, 0.0);
    }

    void imagesMoveWithTheMediumAtTheShift()
    {
        const PeriodicCell cell(Mat3::Identity(), kAll, simpleShear(2.0), CellModel::MediumCarried);
        // the image one period up in y moves at 2 m/s along x relative to the body
        QCOMPARE(cell.shiftVelocity({0, 1, 0}), Vec3(2.0, 0.0, 0.0));
        QCOMPARE(cell.shiftVelocity({1, 0, 1}), Vec3::Zero());
    }

    void widthsOfAParallelepiped()
    {
        // sides a = (2, 0, 0), b = (1, 3, 0), c = (0, 0, 4): volume 24, width across a's faces is
        // 24 / |b x c| = 24 / (4 sqrt(10)), across b's 24 / |c x a| = 3, across c's 4
        Mat3 h;
        h << 2.0, 1.0, 0.0, 0.0, 3.0, 0.0, 0.0, 0.0, 4.0;
        const PeriodicCell cell(h, {true, true, false}, Mat3::Zero(), CellModel::MediumCarried);
        TUMBLE_NEAR(cell.volume(), 24.0, 0.0, 1e-15);
        TUMBLE_NEAR(cell.width(0), 6.0 / std::sqrt(10.0), 0.0, 1e-15);
        TUMBLE_NEAR(cell.width(1), 3.0, 0.0, 1e-15);
        TUMBLE_NEAR(cell.width(2), 4.0, 0.0, 1e-15);
        TUMBLE_NEAR(cell.narrowestPeriodicWidth(), 6.0 / std::sqrt(10.0), 0.0, 1e-15);
    }
};

QTEST_APPLESS_MAIN(TestPeriodicCell)
#include "TestPeriodicCell.moc"
