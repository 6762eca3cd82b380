// The incremental bond law (IncrementalBondState) against Wang's total law (bondLoads):
//
// - the same to first order: a bond made at rest and moved by a small random motion (translations
//   and turns of 1e-6 of the bond's scale) gets Wang's loads to 1e-5 of their size (the two differ
//   at second order, here 1e-6 relative; the margin is 10);
// - forces and moments balance for any state and motion, to rounding;
// - and not at finite angles, Wang's point (2008, sect. 5). Body 1 is bent about y by theta and
//   then twisted about its own axis, now tilted to e1 = (cos theta, 0, -sin theta), by psi, in
//   K steps each (the bodies stay in place, so the normal stays x). Wang's law finds the same
//   relative rotation D = R_y(theta) R_x(psi) as for twist-then-bend and holds kt psi and kb
//   theta either way. The incremental law adds each twist step's component along the normal,
//   dpsi cos(theta): its twisting moment is kt psi cos(theta) (exactly, but for the rounding of a sum
//   of K increments), while
//   twist-then-bend gives kt psi. Its bending moment m = My + i Mz turns about the normal with the
//   mean spin, dpsi cos(theta) / 2, and gains kb dpsi sin(theta) in z a step: dm/dpsi = i a m +
//   i kb sin(theta), a = cos(theta)/2, so m(psi) = (m0 + b) e^(i a psi) - b, b = kb sin(theta) / a,
//   m0 = -kb theta; K steps follow that flow to O(a psi / K) relative, 2.5e-6 at K = 1e5: checked
//   to 1e-5.
#include <QtTest>

#include <cmath>
#include <complex>
#include <random>

#include "TestHelpers.h"
#include "bond/BondLoads.h"
#include "bond/IncrementalBondState.h"
#include "math/QuaternionOps.h"

using namespace tumble;

namespace {

Vec3 randomVector(std::mt19937& rng, double scale)
{
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    return scale * Vec3(u(rng), u(rng), u(rng));
}

Quat randomRotation(std::mt19937& rng)
{
    return Quat(
        Eigen::AngleAxisd(std::uniform_real_distribution<double>(0.0, 3.0)(rng), randomVector(rng, 1.0).normalized()));
}

double loadScale(const BondLoads& l)
{
    return l.force[0].norm() + l.torque[0].norm() + l.torque[1].norm();
}

} // namespace

class TestIncrementalBondState : public QObject {
    Q_OBJECT
private slots:
    void agreesWithWangToFirstOrder();
    void loadsBalance();
    void twistDependsOnTheOrderOfBendAndTwist();
};

void TestIncrementalBondState::agreesWithWangToFirstOrder()
{
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> u(0.5, 2.0);
    for (int trial = 0; trial < 2000; ++trial) {
        const double r1 = 0.01 * u(rng), r2 = 0.01 * u(rng);
        const Vec3 x2 = randomVector(rng, 0.1);
        const Vec3 x1 = x2 + (r1 + r2) * u(rng) * randomVector(rng, 1.0).normalized();
        const Quat p = randomRotation(rng), q = randomRotation(rng);
        const BondRest rest = BondRest::at(x1, p, r1, x2, q, r2);
        const BondStiffness k{u(rng) * 1e4, u(rng) * 1e4, u(rng) * 1.0, u(rng) * 1.0};
        const IncrementalBondState state = IncrementalBondState::at(x1, x2);
        const double eps = 1e-6;
        const Vec3 dx1 = randomVector(rng, eps * rest.length), dx2 = randomVector(rng, eps * rest.length);
        const Vec3 dphi1 = randomVector(rng, eps), dphi2 = randomVector(rng, eps);
        const Vec3 y1 = x1 + dx1, y2 = x2 + dx2;
        const Quat p1 = rotationQuaternion(dphi1) * p, q1 = rotationQuaternion(dphi2) * q;
        const BondLoads wang = bondLoads(y1, p1, y2, q1, rest, k);
        const BondLoads incremental = state.loads(y1, dx1, dphi1, y2, dx2, dphi2, rest, k, nullptr);
        const double scale = loadScale(wang);
        for (int b = 0; b < 2; ++b) {
            QVERIFY2((incremental.force[b] - wang.force[b]).norm() <= 1e-5 * scale, qPrintable(QString::number(trial)));
            QVERIFY2((incremental.torque[b] - wang.torque[b]).norm() <= 1e-5 * scale,
                     qPrintable(QString::number(trial)));
        }
    }
}

void TestIncrementalBondState::loadsBalance()
{
    std::mt19937 rng(6);
    for (int trial = 0; trial < 2000; ++trial) {
        const Vec3 x2 = randomVector(rng, 0.1);
        const Vec3 x1 = x2 + Vec3(0.02, 0, 0) + randomVector(rng, 0.002);
        const BondRest rest = BondRest::at(x2 + Vec3(0.02, 0, 0), Quat::Identity(), 0.012, x2, Quat::Identity(), 0.008);
        const BondStiffness k{1e4, 2e4, 0.5, 0.7};
        IncrementalBondState state = IncrementalBondState::at(x2 + Vec3(0.02, 0, 0), x2);
        state.shear = Vec3(0, 3, -2); // earlier steps' loads (across the old normal, x)
        state.twist = 0.4;
        state.bend = Vec3(0, -0.2, 0.1);
        const BondLoads l = state.loads(x1, randomVector(rng, 1e-3), randomVector(rng, 0.05), x2,
                                        randomVector(rng, 1e-3), randomVector(rng, 0.05), rest, k, nullptr);
        const double scale = loadScale(l);
        QVERIFY((l.force[0] + l.force[1]).norm() <= 1e-14 * scale);
        const Vec3 moment = x1.cross(l.force[0]) + x2.cross(l.force[1]) + l.torque[0] + l.torque[1];
        QVERIFY2(moment.norm() <= 1e-13 * scale, qPrintable(QString("%1").arg(moment.norm() / scale)));
    }
}

void TestIncrementalBondState::twistDependsOnTheOrderOfBendAndTwist()
{
    const Vec3 x1(0.02, 0, 0), x2(0, 0, 0);
    const BondRest rest = BondRest::at(x1, Quat::Identity(), 0.01, x2, Quat::Identity(), 0.01);
    const BondStiffness k{1e4, 1e4, 0.5, 0.8};
    const double theta = 0.6, psi = 0.5;
    const int K = 100000;
    const Vec3 zero = Vec3::Zero();
    const Vec3 e1(std::cos(theta), 0.0, -std::sin(theta)); // body 1's axis once bent
    const double sumRounding = K * 1e-15;                  // a sum of K increments rounds K times

    // bend, then twist about the body's own axis
    IncrementalBondState s = IncrementalBondState::at(x1, x2);
    Quat p = Quat::Identity();
    BondLoads last;
    auto advance = [&](const Vec3& dphi) {
        IncrementalBondState next;
        p = rotationQuaternion(dphi) * p;
        last = s.loads(x1, zero, dphi, x2, zero, zero, rest, k, &next);
        s = next;
    };
    for (int i = 0; i < K; ++i)
        advance(Vec3(0, theta / K, 0));
    for (int i = 0; i < K; ++i)
        advance((psi / K) * e1);
    const BondLoads wang = bondLoads(x1, p, x2, Quat::Identity(), rest, k);
    TUMBLE_NEAR(wang.theta, theta, 1e-9, 0.0);
    TUMBLE_NEAR(wang.psi, psi, 1e-9, 0.0);
    TUMBLE_NEAR(s.twist, -k.kt * psi * std::cos(theta), 0.0, sumRounding);
    const double a = 0.5 * std::cos(theta), b = k.kb * std::sin(theta) / a;
    const std::complex<double> m = (-k.kb * theta + b) * std::exp(std::complex<double>(0.0, a * psi)) - b;
    TUMBLE_NEAR(s.bend.x(), 0.0, 1e-15, 0.0);
    TUMBLE_NEAR(s.bend.y(), m.real(), 1e-5 * std::abs(m), 0.0);
    TUMBLE_NEAR(s.bend.z(), m.imag(), 1e-5 * std::abs(m), 0.0);
    TUMBLE_NEAR(last.psi, psi * std::cos(theta), 0.0, sumRounding);

    // twist, then bend: the incremental law holds kt psi, as Wang's does for both orders
    s = IncrementalBondState::at(x1, x2);
    p = Quat::Identity();
    for (int i = 0; i < K; ++i)
        advance(Vec3(psi / K, 0, 0));
    for (int i = 0; i < K; ++i)
        advance(Vec3(0, theta / K, 0));
    TUMBLE_NEAR(s.twist, -k.kt * psi, 0.0, sumRounding);
    TUMBLE_NEAR(s.bend.y(), -k.kb * theta, 0.0, sumRounding);
    const BondLoads wang2 = bondLoads(x1, p, x2, Quat::Identity(), rest, k);
    TUMBLE_NEAR(wang2.psi, psi, 1e-9, 0.0);
    TUMBLE_NEAR(wang2.theta, theta, 1e-9, 0.0);
}

QTEST_APPLESS_MAIN(TestIncrementalBondState)
#include "TestIncrementalBondState.moc"
