// Wang's bond (bond/BondLoads.h, bond/WangAngles.h) against closed forms: free of stress when
// made, whatever the orientations and gap; forces and moments in balance; the same loads whichever
// body is called 1; every load minus the derivative of the energy it reports (so the bond does
// work equal to its energy change: the ledger can close); Wang's angles recovered from rotations
// built either way round; the energies of pure modes.
//
// Tolerances. A load is some hundred floating-point operations on numbers of order one (scaled
// by the stiffness and the rest length), each rounding by 2^-53 = 1.1e-16, amplified at most by
// the conditioning of 1 / (1 + cos theta) <= 1 / (1 + cos 2) = 1.7 for the bends used here:
// 1e-12 of the load scale holds with a factor of ~30 to spare. The derivative check uses central
// differences with step h = 1e-5 (m or rad, against lengths and angles of order one): the
// truncation error is h^2 / 6 |U'''| ~ 2e-11 and the rounding eps |U| / h ~ 2e-11 of the load scale,
// so 1e-8 of the scale holds with a factor of 100 to spare, while a wrong load (a missing term or
// Wang's first-order twist moment) is off by a fraction of order theta ~ 0.1 to 1.
#include <QtTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <utility>
#include <vector>

#include "bond/BondLawKernel.h"
#include "bond/BondLoads.h"
#include "bond/BondSet.h"
#include "bond/WangAngles.h"
#include "math/Atan2Lanes.h"
#include "math/QuaternionOps.h"

using namespace tumble;

namespace {

struct Pose {
    Vec3 x;
    Quat q;
};

struct Config {
    Pose body[2];
    double radius[2];
    BondStiffness k;
};

Quat randomRotation(std::mt19937& rng)
{
    std::normal_distribution<double> g;
    Quat q(g(rng), g(rng), g(rng), g(rng));
    return q.normalized();
}

Vec3 randomVector(std::mt19937& rng, double scale)
{
    std::uniform_real_distribution<double> u(-scale, scale);
    return Vec3(u(rng), u(rng), u(rng));
}

// two spheres of radii in [0.5, 1.5] m, touching, overlapping or apart by up to 40% of the
// radii, in random orientations, with stiffnesses of order one (kn, ks N/m; kt, kb N m/rad)
Config randomConfig(std::mt19937& rng)
{
    std::uniform_real_distribution<double> u(0.0, 1.0);
    Config c;
    c.radius[0] = 0.5 + u(rng);
    c.radius[1] = 0.5 + u(rng);
    const double length = (c.radius[0] + c.radius[1]) * (0.8 + 0.6 * u(rng));
    c.body[1] = {randomVector(rng, 2.0), randomRotation(rng)};
    c.body[0] = {c.body[1].x + length * randomVector(rng, 1.0).normalized(), randomRotation(rng)};
    c.k = {0.5 + u(rng), 0.5 + u(rng), 0.5 + u(rng), 0.5 + u(rng)};
    return c;
}

BondRest restOf(const Config& c)
{
    return BondRest::at(c.body[0].x, c.body[0].q, c.radius[0], c.body[1].x, c.body[1].q, c.radius[1]);
}

BondLoads loadsAt(const Pose* body, const BondRest& rest, const BondStiffness& k)
{
    return bondLoads(body[0].x, body[0].q, body[1].x, body[1].q, rest, k);
}

double energyOf(const BondLoads& l)
{
    return ((l.energy[0] + l.energy[1]) + l.energy[2]) + l.energy[3];
}

// moves both bodies by up to 0.15 m and turns them by up to ~0.6 rad about random axes
void deform(std::mt19937& rng, Pose* body)
{
    for (int e = 0; e < 2; ++e) {
        body[e].x += randomVector(rng, 0.15);
        body[e].q = (rotationQuaternion(randomVector(rng, 0.35)) * body[e].q).normalized();
    }
}

double loadScale(const Config& c)
{
    return (c.k.kn + c.k.ks) * (c.radius[0] + c.radius[1]) + c.k.kt + c.k.kb;
}

} // namespace

class TestBondLoads : public QObject {
    Q_OBJECT
private slots:
    void freeOfStressWhenMade();
    void forcesAndMomentsBalance();
    void swappingTheLabelsGivesTheSameLoads();
    void loadsAreMinusTheEnergyGradient();
    void wangAnglesAreRecoveredEitherWayRound();
    void bendAndTwistEnergiesDoNotDependOnTheirOrder();
    void pureModesMatchTheirClosedForms();
    void frameTurnsZOntoEveryDirection();
    void atan2LanesIsWithinAFewUlpOfLibm();
    void fourAtATimeGivesBondLoadsBitForBit();
    void sortingKeepsEachBondWhole();
};

void TestBondLoads::freeOfStressWhenMade()
{
    std::mt19937 rng(1);
    for (int trial = 0; trial < 2000; ++trial) {
        const Config c = randomConfig(rng);
        const BondRest rest = restOf(c);
        const BondLoads l = loadsAt(c.body, rest, c.k);
        const double scale = loadScale(c);
        for (int e = 0; e < 2; ++e) {
            QVERIFY2(l.force[e].norm() <= 1e-12 * scale, qPrintable(QString::number(l.force[e].norm())));
            QVERIFY2(l.torque[e].norm() <= 1e-12 * scale, qPrintable(QString::number(l.torque[e].norm())));
        }
        QVERIFY(energyOf(l) <= 1e-24 * scale * (c.radius[0] + c.radius[1]));
        QVERIFY(std::abs(l.theta) <= 1e-12 && std::abs(l.psi) <= 1e-12 && std::abs(l.stretch) <= 1e-12);
    }
}

void TestBondLoads::forcesAndMomentsBalance()
{
    std::mt19937 rng(2);
    for (int trial = 0; trial < 2000; ++trial) {
        const Config c = randomConfig(rng);
        const BondRest rest = restOf(c);
        Pose now[2] = {c.body[0], c.body[1]};
        deform(rng, now);
        const BondLoads l = loadsAt(now, rest, c.k);
        const double scale = loadScale(c);
        QVERIFY((l.force[0] + l.force[1]).norm() <= 1e-12 * scale);
        // the moment about the origin of the loads on both bodies
        const Vec3 moment = l.torque[0] + l.torque[1] + now[0].x.cross(l.force[0]) + now[1].x.cross(l.force[1]);
        const double lever = now[0].x.norm() + now[1].x.norm();
        QVERIFY2(moment.norm() <= 1e-12 * scale * (1.0 + lever), qPrintable(QString::number(moment.norm())));
    }
}

void TestBondLoads::swappingTheLabelsGivesTheSameLoads()
{
    std::mt19937 rng(3);
    for (int trial = 0; trial < 2000; ++trial) {
        const Config c = randomConfig(rng);
        const BondRest rest = restOf(c);
        const BondRest swappedRest =
            BondRest::at(c.body[1].x, c.body[1].q, c.radius[1], c.body[0].x, c.body[0].q, c.radius[0]);
        Pose now[2] = {c.body[0], c.body[1]};
        deform(rng, now);
        const Pose swapped[2] = {now[1], now[0]};
        const BondLoads a = loadsAt(now, rest, c.k);
        const BondLoads b = loadsAt(swapped, swappedRest, c.k);
        const double scale = loadScale(c);
        for (int e = 0; e < 2; ++e) {
            QVERIFY((a.force[e] - b.force[1 - e]).norm() <= 1e-12 * scale);
            QVERIFY((a.torque[e] - b.torque[1 - e]).norm() <= 1e-12 * scale);
        }
        for (int m = 0; m < kBondModes; ++m)
            QVERIFY(std::abs(a.energy[m] - b.energy[m]) <= 1e-12 * scale * (c.radius[0] + c.radius[1]));
        // seen from the other body both the relative turn and the bond direction reverse: a
        // twist has one handedness, whichever end is called 1
        QCOMPARE_LE(std::abs(a.psi - b.psi), 1e-12);
    }
}

void TestBondLoads::loadsAreMinusTheEnergyGradient()
{
    std::mt19937 rng(4);
    const double h = 1e-5;
    for (int trial = 0; trial < 300; ++trial) {
        const Config c = randomConfig(rng);
        const BondRest rest = restOf(c);
        Pose now[2] = {c.body[0], c.body[1]};
        deform(rng, now);
        const BondLoads l = loadsAt(now, rest, c.k);
        const double scale = loadScale(c);
        for (int e = 0; e < 2; ++e) {
            for (int axis = 0; axis < 3; ++axis) {
                const Vec3 step = h * Vec3::Unit(axis);
                Pose plus[2] = {now[0], now[1]}, minus[2] = {now[0], now[1]};
                plus[e].x += step;
                minus[e].x -= step;
                const double dUdx =
                    (energyOf(loadsAt(plus, rest, c.k)) - energyOf(loadsAt(minus, rest, c.k))) / (2 * h);
                QVERIFY2(std::abs(dUdx + l.force[e][axis]) <= 1e-8 * scale,
                         qPrintable(QString("force body %1 axis %2: -dU/dx %3, load %4")
                                        .arg(e)
                                        .arg(axis)
                                        .arg(-dUdx)
                                        .arg(l.force[e][axis])));
                // a small turn of the body about a world axis
                plus[e] = now[e];
                minus[e] = now[e];
                plus[e].q = rotationQuaternion(step) * now[e].q;
                minus[e].q = rotationQuaternion(-step) * now[e].q;
                const double dUda =
                    (energyOf(loadsAt(plus, rest, c.k)) - energyOf(loadsAt(minus, rest, c.k))) / (2 * h);
                QVERIFY2(std::abs(dUda + l.torque[e][axis]) <= 1e-8 * scale,
                         qPrintable(QString("torque body %1 axis %2: -dU/da %3, load %4")
                                        .arg(e)
                                        .arg(axis)
                                        .arg(-dUda)
                                        .arg(l.torque[e][axis])));
            }
        }
    }
}

void TestBondLoads::wangAnglesAreRecoveredEitherWayRound()
{
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const double pi = std::numbers::pi;
    for (int trial = 0; trial < 5000; ++trial) {
        const WangAngles a{0.01 + (pi - 0.02) * u(rng), 2 * pi * u(rng), -pi + 0.01 + (2 * pi - 0.02) * u(rng)};
        // bend then twist about the new axis (Wang's fig. 8), and twist then bend in the plane at
        // phi - psi from the turned x axis (fig. 9): the same rotation
        const Quat bendFirst = wangRotation(a);
        const Quat twist(std::cos(a.psi / 2), 0, 0, std::sin(a.psi / 2));
        const Quat bendAfter = wangRotation(WangAngles{a.theta, a.phi - a.psi, 0.0});
        const Quat twistFirst = twist * bendAfter;
        for (const Quat& g : {bendFirst, twistFirst}) {
            const WangAngles b = wangAngles(g);
            QVERIFY(std::abs(b.theta - a.theta) <= 1e-12);
            QVERIFY(std::abs(b.psi - a.psi) <= 1e-12);
            const double dphi = std::remainder(b.phi - a.phi, 2 * pi);
            QVERIFY2(std::abs(dphi) <= 1e-12 / std::sin(a.theta / 2),
                     qPrintable(QString("phi %1 != %2 (theta %3)").arg(b.phi).arg(a.phi).arg(a.theta)));
        }
        // g and -g are one rotation
        const Quat neg(-bendFirst.w(), -bendFirst.x(), -bendFirst.y(), -bendFirst.z());
        QVERIFY(std::abs(wangAngles(neg).psi - a.psi) <= 1e-12);
    }
    // the singular case of eq. 26: pure twist, no plane
    const WangAngles pure = wangAngles(Quat(std::cos(0.3), 0, 0, std::sin(0.3)));
    QCOMPARE(pure.theta, 0.0);
    QVERIFY(std::abs(pure.psi - 0.6) <= 1e-15);
}

void TestBondLoads::bendAndTwistEnergiesDoNotDependOnTheirOrder()
{
    // body 2 fixed, bond along its frame; body 1 turned by g = m(theta, phi) n(psi) built either
    // way round: energies 1/2 kb theta^2 and 1/2 kt psi^2, the same loads
    std::mt19937 rng(6);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const double pi = std::numbers::pi;
    for (int trial = 0; trial < 500; ++trial) {
        Config c = randomConfig(rng);
        const BondRest rest = restOf(c);
        const WangAngles a{2.0 * u(rng), 2 * pi * u(rng), -3.0 + 6.0 * u(rng)};
        // the bond frame in the world: body 2's orientation, then h
        const Quat frame = c.body[1].q * rest.frame;
        const Quat twist(std::cos(a.psi / 2), 0, 0, std::sin(a.psi / 2));
        const Quat orders[2] = {wangRotation(a), twist * wangRotation(WangAngles{a.theta, a.phi - a.psi, 0.0})};
        BondLoads loads[2];
        for (int o = 0; o < 2; ++o) {
            Pose now[2] = {c.body[0], c.body[1]};
            // g acts in the bond frame: world rotation frame g frame*
            now[0].q = (frame * orders[o] * frame.conjugate() * c.body[0].q).normalized();
            loads[o] = loadsAt(now, rest, c.k);
            QVERIFY(std::abs(loads[o].energy[kBondBend] - 0.5 * c.k.kb * a.theta * a.theta) <= 1e-12 * loadScale(c));
            QVERIFY(std::abs(loads[o].energy[kBondTwist] - 0.5 * c.k.kt * a.psi * a.psi) <= 1e-12 * loadScale(c));
            QVERIFY(std::abs(loads[o].theta - a.theta) <= 1e-12 && std::abs(loads[o].psi - a.psi) <= 1e-12);
        }
        for (int e = 0; e < 2; ++e)
            QVERIFY((loads[0].torque[e] - loads[1].torque[e]).norm() <= 1e-12 * loadScale(c));
    }
}

void TestBondLoads::pureModesMatchTheirClosedForms()
{
    // equal spheres of radius R = 1 m on the x axis, unturned; body 1 at +x
    const double R = 1.0, L = 2.0;
    const BondStiffness k{3.0, 2.0, 5.0, 7.0};
    const Quat one = Quat::Identity();
    const BondRest rest = BondRest::at(Vec3(L, 0, 0), one, R, Vec3::Zero(), one, R);
    // stretch by s: F1 = -kn s x, energy 1/2 kn s^2, nothing else
    {
        const double s = 0.3;
        const BondLoads l = bondLoads(Vec3(L + s, 0, 0), one, Vec3::Zero(), one, rest, k);
        QVERIFY((l.force[0] - Vec3(-k.kn * s, 0, 0)).norm() <= 1e-14);
        QVERIFY(std::abs(l.energy[kBondNormal] - 0.5 * k.kn * s * s) <= 1e-15);
        QVERIFY(l.torque[0].norm() <= 1e-15 && l.energy[kBondShear] <= 1e-30);
    }
    // body 1 twisted by psi about the bond: moment -kt psi x on it, energy 1/2 kt psi^2
    for (double psi : {0.1, 1.0, 2.5, 3.1}) {
        const Quat turn(Eigen::AngleAxisd(psi, Vec3::UnitX()));
        const BondLoads l = bondLoads(Vec3(L, 0, 0), turn, Vec3::Zero(), one, rest, k);
        QVERIFY(std::abs(l.psi - psi) <= 1e-14);
        QVERIFY((l.torque[0] - Vec3(-k.kt * psi, 0, 0)).norm() <= 1e-13);
        QVERIFY(std::abs(l.energy[kBondTwist] - 0.5 * k.kt * psi * psi) <= 1e-13);
        QVERIFY(l.force[0].norm() <= 1e-14);
    }
    // body 1 bent by theta about z (in place): bending moment kb theta, contact point slipped by
    // rho1 sin theta (its point at -R e1 swings round), shear energy 1/2 ks R^2 sin^2 theta
    for (double theta : {1e-6, 0.2, 1.2}) {
        const Quat turn(Eigen::AngleAxisd(theta, Vec3::UnitZ()));
        const BondLoads l = bondLoads(Vec3(L, 0, 0), turn, Vec3::Zero(), one, rest, k);
        QVERIFY(std::abs(l.theta - theta) <= 1e-14);
        QVERIFY(std::abs(l.energy[kBondBend] - 0.5 * k.kb * theta * theta) <= 1e-14);
        const double slip = R * std::sin(theta);
        QVERIFY(std::abs(l.energy[kBondShear] - 0.5 * k.ks * slip * slip) <= 1e-14);
        // the moment of the bend alone, with ks = 0
        const BondLoads b = bondLoads(Vec3(L, 0, 0), turn, Vec3::Zero(), one, rest, BondStiffness{0, 0, 0, k.kb});
        QVERIFY((b.torque[0] - Vec3(0, 0, -k.kb * theta)).norm() <= 1e-13);
        QVERIFY((b.torque[1] - Vec3(0, 0, k.kb * theta)).norm() <= 1e-13);
    }
    // symmetric bending of equal spheres (each turned by theta/2 the other way): no slip at
    // the contact point (Wang's fig. 1d)
    {
        const double theta = 0.3;
        const Quat a(Eigen::AngleAxisd(theta / 2, Vec3::UnitZ())), b(Eigen::AngleAxisd(-theta / 2, Vec3::UnitZ()));
        const BondLoads l = bondLoads(Vec3(L, 0, 0), a, Vec3::Zero(), b, rest, k);
        QVERIFY(l.energy[kBondShear] <= 1e-30);
        QVERIFY(std::abs(l.energy[kBondBend] - 0.5 * k.kb * theta * theta) <= 1e-14);
    }
}

void TestBondLoads::frameTurnsZOntoEveryDirection()
{
    std::mt19937 rng(7);
    std::vector<Vec3> directions = {Vec3::UnitZ(), -Vec3::UnitZ(), Vec3(1e-17, 0, -1), Vec3::UnitX()};
    for (int k = 0; k < 2000; ++k)
        directions.push_back(randomVector(rng, 1.0).normalized());
    for (Vec3 a : directions) {
        a.normalize();
        const Quat h = turnZOnto(a);
        QVERIFY(std::abs(h.norm() - 1.0) <= 1e-15);
        QVERIFY((h * Vec3::UnitZ() - a).norm() <= 1e-15);
    }
}

// The law's arctangent (math/Atan2Lanes.h: within 1.42 ulp of the exact value) against libm's
// (within 1 ulp): 3 ulp of the result apart at most, over the whole circle, small angles either
// side of both axes and the arguments the bond gives it; and four at a time the same bits as one
// at a time.
void TestBondLoads::atan2LanesIsWithinAFewUlpOfLibm()
{
    std::mt19937 rng(9);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::uniform_real_distribution<double> angle(-std::numbers::pi, std::numbers::pi);
    double worst = 0.0;
    for (int trial = 0; trial < 200000; ++trial) {
        double y[4], x[4];
        for (int e = 0; e < 4; ++e) {
            switch ((trial + e) % 4) {
            case 0:
                y[e] = u(rng), x[e] = u(rng);
                break;
            case 1: {
                const double a = angle(rng);
                y[e] = std::sin(a), x[e] = std::cos(a);
                break;
            }
            case 2:
                y[e] = 1e-6 * u(rng), x[e] = u(rng);
                break;
            default:
                y[e] = u(rng), x[e] = 1e-9 * u(rng);
                break;
            }
        }
        const Lanes4 lanes = atan2Lanes(Lanes4{y[0], y[1], y[2], y[3]}, Lanes4{x[0], x[1], x[2], x[3]});
        for (int e = 0; e < 4; ++e) {
            const double one = atan2Lanes(y[e], x[e]);
            QCOMPARE(std::bit_cast<std::uint64_t>(lanes[e]), std::bit_cast<std::uint64_t>(one));
            // knowing a sign changes nothing where the sign is so
            QCOMPARE(std::bit_cast<std::uint64_t>(atan2Lanes<true, false>(std::abs(y[e]), x[e])),
                     std::bit_cast<std::uint64_t>(atan2Lanes(std::abs(y[e]), x[e])));
            QCOMPARE(std::bit_cast<std::uint64_t>(atan2Lanes<false, true>(y[e], std::abs(x[e]))),
                     std::bit_cast<std::uint64_t>(atan2Lanes(y[e], std::abs(x[e]))));
            const double libm = std::atan2(y[e], x[e]);
            const double ulps = std::abs(one - libm) / (std::nextafter(std::abs(libm), 4.0) - std::abs(libm));
            worst = std::max(worst, ulps);
            QVERIFY2(ulps <= 3.0, qPrintable(QString("atan2(%1, %2): %3 against %4")
                                                 .arg(y[e], 0, 'g', 17)
                                                 .arg(x[e], 0, 'g', 17)
                                                 .arg(one, 0, 'g', 17)
                                                 .arg(libm, 0, 'g', 17)));
        }
    }
    QCOMPARE(atan2Lanes(0.0, 0.0), 0.0);
    QCOMPARE(atan2Lanes(0.0, -1.0), std::numbers::pi);
    QCOMPARE(atan2Lanes(1.0, 0.0), std::numbers::pi / 2);
    QCOMPARE(atan2Lanes(-1.0, 0.0), -std::numbers::pi / 2);
    qInfo("atan2Lanes against libm: at most %.2f ulp", worst);
}

// The bond stage evaluates bonds four at a time (BondLaw<Lanes4>); bondLoads() (the bond CSV,
// breaking) one at a time: every lane must have bondLoads' bits.
void TestBondLoads::fourAtATimeGivesBondLoadsBitForBit()
{
    std::mt19937 rng(10);
    const auto same = [](double a, double b) {
        return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
    };
    for (int trial = 0; trial < 2000; ++trial) {
        Config c[4];
        BondRest rest[4];
        Pose now[4][2];
        BondPoses<Lanes4> poses;
        BondConstants<Lanes4> k;
        for (int e = 0; e < 4; ++e) {
            c[e] = randomConfig(rng);
            rest[e] = restOf(c[e]);
            now[e][0] = c[e].body[0];
            now[e][1] = c[e].body[1];
            if (trial % 8 != 0) // (and some at rest)
                deform(rng, now[e]);
            const BondConstants<double> one = bondConstants(rest[e], c[e].k);
            for (int f = 0; f < BondLawTable::kFields; ++f)
                k.v[f][e] = one.v[f];
            const double pose[14] = {now[e][0].x.x(), now[e][0].x.y(), now[e][0].x.z(), now[e][0].q.w(),
                                     now[e][0].q.x(), now[e][0].q.y(), now[e][0].q.z(), now[e][1].x.x(),
                                     now[e][1].x.y(), now[e][1].x.z(), now[e][1].q.w(), now[e][1].q.x(),
                                     now[e][1].q.y(), now[e][1].q.z()};
            Lanes4* p = &poses.x1x;
            for (int f = 0; f < 14; ++f)
                p[f][e] = pose[f];
        }
        const BondLaw<Lanes4> lanes(poses, k);
        for (int e = 0; e < 4; ++e) {
            const BondLoads l = loadsAt(now[e], rest[e], c[e].k);
            const double got[] = {lanes.f1x[e],          lanes.f1y[e],         lanes.f1z[e],
                                  lanes.t1x[e],          lanes.t1y[e],         lanes.t1z[e],
                                  lanes.t2x[e],          lanes.t2y[e],         lanes.t2z[e],
                                  lanes.energyNormal[e], lanes.energyShear[e], lanes.energyTwist[e],
                                  lanes.energyBend[e],   lanes.stretch[e],     sqrtLanes(lanes.slip2)[e],
                                  lanes.theta[e],        lanes.psi[e]};
            const double want[] = {l.force[0].x(),
                                   l.force[0].y(),
                                   l.force[0].z(),
                                   l.torque[0].x(),
                                   l.torque[0].y(),
                                   l.torque[0].z(),
                                   l.torque[1].x(),
                                   l.torque[1].y(),
                                   l.torque[1].z(),
                                   l.energy[kBondNormal],
                                   l.energy[kBondShear],
                                   l.energy[kBondTwist],
                                   l.energy[kBondBend],
                                   l.stretch,
                                   l.slip,
                                   l.theta,
                                   l.psi};
            for (std::size_t v = 0; v < std::size(got); ++v)
                QVERIFY2(same(got[v], want[v]), qPrintable(QString("trial %1 lane %2 value %3: %4 against %5")
                                                               .arg(trial)
                                                               .arg(e)
                                                               .arg(v)
                                                               .arg(got[v], 0, 'g', 17)
                                                               .arg(want[v], 0, 'g', 17)));
            for (int a = 0; a < 3; ++a)
                QVERIFY(same(l.force[1][a], -l.force[0][a]));
        }
    }
}

// BondSet::sort() permutes the bonds in place: each bond's bodies, stiffness, rest state,
// strength, law and incremental springs stay together, and the law's table holds each bond's
// constants in its lane; removeBroken() keeps them together too.
void TestBondLoads::sortingKeepsEachBondWhole()
{
    std::mt19937 rng(11);
    const int n = 40;
    BondSet bonds;
    std::vector<std::pair<int, int>> pairs;
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; b += 3)
            pairs.push_back(rng() % 2 ? std::pair{a, b} : std::pair{b, a});
    std::shuffle(pairs.begin(), pairs.end(), rng);
    const auto tag = [](int a, int b) { return 1000.0 * std::min(a, b) + std::max(a, b); };
    for (const auto& [a, b] : pairs) {
        BondRest r;
        r.length = tag(a, b);
        r.axis[0] = Vec3(a, b, 1.0);
        BondStrength s;
        s.tension = (a + b) % 5 == 0 ? tag(a, b) : BondStrength::kNever;
        IncrementalBondState springs;
        springs.twist = tag(a, b);
        const bool incremental = (a + b) % 3 == 0;
        bonds.add(a, b, BondStiffness{tag(a, b), 1.0, 2.0, 3.0}, r, s,
                  incremental ? BondFormulation::Incremental : BondFormulation::Total, springs);
    }
    bonds.sort(n);
    QVERIFY(bonds.law.anyIncremental);
    const auto incrementalKept = [&] {
        for (std::size_t k = 0; k < bonds.size(); ++k) {
            const int a = bonds.bodies[k][0], b = bonds.bodies[k][1];
            QCOMPARE(bonds.incremental[k], static_cast<unsigned char>((a + b) % 3 == 0 ? 1 : 0));
            QCOMPARE(bonds.springs[k].twist, (a + b) % 3 == 0 ? tag(a, b) : 0.0);
        }
    };
    incrementalKept();
    QCOMPARE(bonds.size(), pairs.size());
    QCOMPARE(bonds.law.bonds, pairs.size());
    for (std::size_t k = 0; k < bonds.size(); ++k) {
        const int a = bonds.bodies[k][0], b = bonds.bodies[k][1];
        if (k > 0) {
            const int pa = bonds.bodies[k - 1][0], pb = bonds.bodies[k - 1][1];
            QVERIFY(std::pair(std::min(pa, pb), std::max(pa, pb)) < std::pair(std::min(a, b), std::max(a, b)));
        }
        QCOMPARE(bonds.stiffness[k].kn, tag(a, b));
        QCOMPARE(bonds.rest[k].length, tag(a, b));
        QCOMPARE(bonds.rest[k].axis[0], Vec3(a, b, 1.0));
        QCOMPARE(bonds.strength[k].tension, (a + b) % 5 == 0 ? tag(a, b) : BondStrength::kNever);
        QCOMPARE(bonds.law.breakable[k], (a + b) % 5 == 0 ? 1 : 0);
        const double* group = bonds.law.group(k / 4);
        QCOMPARE(group[4 * BondLawTable::kLength + k % 4], tag(a, b));
        QCOMPARE(group[4 * BondLawTable::kKn + k % 4], tag(a, b));
        QCOMPARE(group[4 * BondLawTable::kAxis0Y + k % 4], double(b));
        QVERIFY(bonds.bonded(a, b) && bonds.bonded(b, a));
        QCOMPARE(bonds.find(a, b), static_cast<long long>(k));
    }
    QVERIFY(bonds.law.anyBreakable);
    // every fifth bond breaks
    for (std::size_t k = 0; k < bonds.size(); k += 5)
        bonds.broken[k] = 1;
    const std::size_t before = bonds.size();
    QCOMPARE(bonds.removeBroken(n, [](std::size_t) {}), (before + 4) / 5);
    QCOMPARE(bonds.springs.size(), bonds.size());
    incrementalKept();
}

QTEST_APPLESS_MAIN(TestBondLoads)
#include "TestBondLoads.moc"
