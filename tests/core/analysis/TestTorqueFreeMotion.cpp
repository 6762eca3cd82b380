// The exact torque-free motion against the equations it solves: starting at q0, L = q J q^-1 w
// stays the initial L, dq/dt = 1/2 (0, w) q (central differences, truncation h^2/6 |q'''|),
// Euler's equations J w' = (J w) x w in the body frame, constant energy, and w repeats after
// period(). These fix the solution uniquely, so passing them is passing the closed form. Also:
// a nearly symmetric body tends to the symmetric top's closed form, and a spin about a principal
// axis stays steady.
#include <QtTest>

#include <cmath>

#include "../TestHelpers.h"
#include "analysis/TorqueFreeMotion.h"
#include "math/QuaternionOps.h"

using namespace tumble;

namespace {

struct Case {
    Vec3 moments;
    Quat q0;
    Vec3 omegaBody0; // rad/s, principal frame
};

Vec3 momentum(const Case& c)
{
    return c.q0 * c.moments.cwiseProduct(c.omegaBody0);
}

Quat sameHemisphere(const Quat& q, const Quat& ref)
{
    return q.dot(ref) < 0.0 ? Quat(-q.coeffs()) : q;
}

} // namespace

Q_DECLARE_METATYPE(Case)

class TestTorqueFreeMotion : public QObject {
    Q_OBJECT
private slots:
    void solvesEulersEquations_data()
    {
        QTest::addColumn<Case>("c");
        QTest::addColumn<int>("kind");
        const Quat tilt(Eigen::AngleAxisd(0.7, Vec3(1, -2, 0.5).normalized()));
        const auto asym = int(TorqueFreeMotion::Kind::Asymmetric);
        const auto sym = int(TorqueFreeMotion::Kind::SymmetricTop);
        QTest::newRow("polhode about axis 3") << Case{Vec3(1.0, 2.0, 3.0), tilt, Vec3(0.8, 0.5, 1.5)} << asym;
        QTest::newRow("axis 3, w3 < 0") << Case{Vec3(1.0, 2.0, 3.0), tilt, Vec3(-0.8, 0.5, -1.5)} << asym;
        QTest::newRow("polhode about axis 1") << Case{Vec3(1.0, 2.0, 3.0), tilt, Vec3(2.0, 0.7, -0.4)} << asym;
        QTest::newRow("axis 1, w1 < 0") << Case{Vec3(1.0, 2.0, 3.0), tilt, Vec3(-2.0, -0.7, -0.4)} << asym;
        QTest::newRow("near the separatrix")
            << Case{Vec3(0.5, 1.3, 1.7), Quat::Identity(), Vec3(0.003, 2.0, 0.002)} << asym;
        QTest::newRow("oblate top") << Case{Vec3(1.0, 1.0, 2.5), tilt, Vec3(1.2, -0.4, 2.0)} << sym;
        QTest::newRow("prolate top") << Case{Vec3(0.4, 1.0, 1.0), tilt, Vec3(2.0, 0.3, -1.0)} << sym;
    }

    void solvesEulersEquations()
    {
        QFETCH(Case, c);
        QFETCH(int, kind);
        const TorqueFreeMotion motion(c.moments, c.q0, momentum(c));
        QCOMPARE(int(motion.kind()), kind);
        const Vec3 l0 = momentum(c);
        const double e0 = 0.5 * c.omegaBody0.dot(c.moments.cwiseProduct(c.omegaBody0));
        // t = 0 goes through sn(F(phi)) (round trip exact to 2e-14, TestJacobiElliptic)
        QVERIFY(motion.orientation(0.0).angularDistance(c.q0) < 1e-13);
        QVERIFY((motion.angularVelocityBody(0.0) - c.omegaBody0).norm() < 1e-12 * c.omegaBody0.norm());
        TUMBLE_NEAR(motion.energy(), e0, 0.0, 1e-14);

        const double h = 1e-5; // s
        const double w = c.omegaBody0.norm();
        for (double t : {0.3, 1.7, 10.0, 250.0}) {
            const Quat q = motion.orientation(t);
            const Vec3 wb = motion.angularVelocityBody(t);
            // L fixed in the world frame, energy constant
            QVERIFY2((q * c.moments.cwiseProduct(wb) - l0).norm() < 1e-12 * l0.norm(), qPrintable(QString::number(t)));
            TUMBLE_NEAR(0.5 * wb.dot(c.moments.cwiseProduct(wb)), e0, 0.0, 1e-12);
            // dq/dt = 1/2 (0, w_world) q; truncation h^2/6 |q'''| ~ 1e-10 w^3, rounding 1e-16 / h
            const Quat qp = sameHemisphere(motion.orientation(t + h), q);
            const Quat qm = sameHemisphere(motion.orientation(t - h), q);
            const Eigen::Vector4d dq = (qp.coeffs() - qm.coeffs()) / (2.0 * h);
            const Eigen::Vector4d expected = quaternionRate(q * wb, q).coeffs();
            QVERIFY2((dq - expected).norm() < 1e-9 * (1.0 + w * w * w),
                     qPrintable(QString::number((dq - expected).norm())));
            // Euler's equations, body frame
            const Vec3 dw = (motion.angularVelocityBody(t + h) - motion.angularVelocityBody(t - h)) / (2.0 * h);
            const Vec3 rhs = (c.moments.cwiseProduct(wb)).cross(wb).cwiseQuotient(c.moments);
            QVERIFY2((dw - rhs).norm() < 1e-8 * (1.0 + w * w * w), qPrintable(QString::number((dw - rhs).norm())));
        }
        // w repeats after one period
        if (std::isfinite(motion.period()))
            QVERIFY((motion.angularVelocityBody(3.1 + motion.period()) - motion.angularVelocityBody(3.1)).norm() <
                    1e-10 * w);
    }

    void nearlySymmetricTendsToTheTop()
    {
        // J2 - J1 = 1e-9 J1: the asymmetric solution differs from the symmetric closed form by
        // O(1e-9) relative over a few precessions
        const Quat q0(Eigen::AngleAxisd(0.3, Vec3(1, 2, 0.5).normalized()));
        const Vec3 wb(1.2, -0.4, 2.0);
        const Vec3 top(1.0, 1.0, 2.5), almost(1.0, 1.0 + 1e-9, 2.5);
        const TorqueFreeMotion exact(top, q0, q0 * top.cwiseProduct(wb));
        const TorqueFreeMotion nearly(almost, q0, q0 * almost.cwiseProduct(wb));
        QCOMPARE(int(nearly.kind()), int(TorqueFreeMotion::Kind::Asymmetric));
        QVERIFY(nearly.parameter() < 1e-8);
        for (double t : {0.5, 2.0, 8.0})
            QVERIFY2(nearly.orientation(t).angularDistance(exact.orientation(t)) < 1e-7,
                     qPrintable(QString::number(nearly.orientation(t).angularDistance(exact.orientation(t)))));
    }

    void principalSpinIsSteady()
    {
        const Quat q0(Eigen::AngleAxisd(0.9, Vec3(0, 1, 1).normalized()));
        for (int axis = 0; axis < 3; ++axis) {
            const Vec3 j(1.0, 2.0, 3.0);
            Vec3 wb = Vec3::Zero();
            wb[axis] = 4.0;
            const TorqueFreeMotion motion(j, q0, q0 * j.cwiseProduct(wb));
            QCOMPARE(int(motion.kind()), int(TorqueFreeMotion::Kind::Steady));
            const Quat expected = rotationQuaternion(q0 * wb * 2.5) * q0;
            QVERIFY(motion.orientation(2.5).angularDistance(expected) < 1e-13);
        }
    }
};

QTEST_APPLESS_MAIN(TestTorqueFreeMotion)
#include "TestTorqueFreeMotion.moc"
