// BondInspection (bond/BondInspection.h) against closed forms: a body turned by a rotation built
// from known Wang angles (theta, phi, psi) gives back those angles, the moments kb theta and
// kt psi and the energies 1/2 kb theta^2, 1/2 kt psi^2; in random configurations the bond frame is
// right-handed and orthonormal with z along body 2's material line e2, the bending direction b
// is the one e1 = cos theta e2 + sin theta b defines (an identity independent of the frame), and
// the generalised forces are the stiffnesses times the law's own stretch, slip and angles.
//
// Tolerances: every quantity is a few dozen operations on numbers of order one, so round-off is
// ~1e-15; 1e-12 leaves a factor of a hundred. b from e1 divides by sin theta >= 0.05 here.
#include <QtTest>

#include <cmath>
#include <numbers>
#include <random>

#include "bond/BondInspection.h"
#include "bond/WangAngles.h"

using namespace tumble;

namespace {

Quat randomRotation(std::mt19937& rng)
{
    std::normal_distribution<double> g;
    return Quat(g(rng), g(rng), g(rng), g(rng)).normalized();
}

} // namespace

class TestBondInspection : public QObject {
    Q_OBJECT
private slots:
    void knownAnglesGiveTheirLoadsAndEnergies();
    void frameAndBendDirectionInRandomConfigurations();
};

void TestBondInspection::knownAnglesGiveTheirLoadsAndEnergies()
{
    // two unit spheres touching along x, bonded unrotated; body 2 then turned so that the
    // relative rotation in the bond frame is g = m(theta0, phi0) n(psi0): q = h g* h*
    const Vec3 x1(1.0, 0.0, 0.0), x2(-1.0, 0.0, 0.0);
    const BondRest rest = BondRest::at(x1, Quat::Identity(), 1.0, x2, Quat::Identity(), 1.0);
    const BondStiffness k{3.0, 2.0, 0.7, 1.3};
    for (const WangAngles a : {WangAngles{0.3, 1.1, 0.4}, WangAngles{0.05, 4.0, -0.9}, WangAngles{1.2, 0.2, 2.5}}) {
        const Quat q = rest.frame * wangRotation(a).conjugate() * rest.frame.conjugate();
        const BondInspection b = inspectBond(x1, Quat::Identity(), x2, q, rest, k);
        QVERIFY(std::abs(b.loads.theta - a.theta) < 1e-12);
        QVERIFY(std::abs(b.phi - a.phi) < 1e-12);
        QVERIFY(std::abs(b.loads.psi - a.psi) < 1e-12);
        QVERIFY(std::abs(b.bendMoment - k.kb * a.theta) < 1e-12);
        QVERIFY(std::abs(b.twistMoment - k.kt * a.psi) < 1e-12);
        QVERIFY(std::abs(b.loads.energy[kBondBend] - 0.5 * k.kb * a.theta * a.theta) < 1e-12);
        QVERIFY(std::abs(b.loads.energy[kBondTwist] - 0.5 * k.kt * a.psi * a.psi) < 1e-12);
        // body 2 turned about its centre: the centres stay, no stretch; its contact point slips
        // by rho2 sin theta (the chord of its turn, docs/BONDS.md)
        QVERIFY(std::abs(b.tension) < 1e-12);
        QVERIFY(std::abs(b.loads.slip - std::sin(a.theta)) < 1e-12);
        QVERIFY(std::abs(b.shearForce - k.ks * std::sin(a.theta)) < 1e-12);
        QVERIFY(std::abs(b.energy() - (b.loads.energy[0] + b.loads.energy[1] + b.loads.energy[2] + b.loads.energy[3])) <
                1e-15);
        // body 1 did not turn: its material point is at the rest contact point
        QVERIFY((b.contactPoint - Vec3::Zero()).norm() < 1e-12);
    }
}

void TestBondInspection::frameAndBendDirectionInRandomConfigurations()
{
    std::mt19937 rng(19);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    const BondStiffness k{5.0, 3.0, 0.5, 0.8};
    int checked = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        const double r1 = 0.5 + 0.5 * (u(rng) + 1.0), r2 = 0.5 + 0.5 * (u(rng) + 1.0);
        const Vec3 x1(u(rng), u(rng), u(rng));
        const Vec3 x2 = x1 - (r1 + r2) * Vec3(u(rng), u(rng), u(rng) + 2.0).normalized();
        const Quat p0 = randomRotation(rng), q0 = randomRotation(rng);
        const BondRest rest = BondRest::at(x1, p0, r1, x2, q0, r2);
        const Quat p = randomRotation(rng), q = randomRotation(rng);
        const Vec3 y1 = x1 + 0.1 * Vec3(u(rng), u(rng), u(rng));
        const Vec3 y2 = x2 + 0.1 * Vec3(u(rng), u(rng), u(rng));
        const BondInspection b = inspectBond(y1, p, y2, q, rest, k);
        const BondLoads l = bondLoads(y1, p, y2, q, rest, k);
        const Vec3 e1 = p * rest.axis[0], e2 = q * rest.axis[1];
        // a right-handed orthonormal frame, z along e2
        for (int i = 0; i < 3; ++i) {
            QVERIFY(std::abs(b.frame[i].norm() - 1.0) < 1e-12);
            QVERIFY(std::abs(b.frame[i].dot(b.frame[(i + 1) % 3])) < 1e-12);
        }
        QVERIFY((b.frame[0].cross(b.frame[1]) - b.frame[2]).norm() < 1e-12);
        QVERIFY((b.frame[2] - e2).norm() < 1e-12);
        // b lies in the frame's x-y plane at azimuth phi, and e1 leans toward it by theta
        QVERIFY(b.phi >= 0.0 && b.phi < 2.0 * std::numbers::pi);
        QVERIFY(std::abs(b.bendDirection.dot(b.frame[2])) < 1e-12);
        if (std::sin(b.loads.theta) > 0.05) {
            const Vec3 lean = (e1 - std::cos(b.loads.theta) * e2) / std::sin(b.loads.theta);
            QVERIFY2((b.bendDirection - lean).norm() < 1e-10, qPrintable(QString::number(trial)));
            ++checked;
        }
        // the generalised forces of the law's own values, the same bits as the law
        QCOMPARE(b.tension, k.kn * l.stretch);
        QCOMPARE(b.shearForce, k.ks * l.slip);
        QCOMPARE(b.twistMoment, k.kt * l.psi);
        QCOMPARE(b.bendMoment, k.kb * l.theta);
        for (int m = 0; m < kBondModes; ++m)
            QCOMPARE(b.loads.energy[m], l.energy[m]);
        QVERIFY((b.contactPoint - (y1 - rest.rho[0] * e1)).norm() < 1e-12);
    }
    QVERIFY(checked > 1000);
}

QTEST_APPLESS_MAIN(TestBondInspection)
#include "TestBondInspection.moc"
