// Buss's second-order rotation step for isotropic bodies (spheres) against closed forms: the
// product of two rotations normalised by one Newton step is the normalised product to rounding;
// the step's series for exp(w_mean dt) is the exact rotation to rounding up to the largest angle
// it is taken for; a free sphere spinning at constant w turns by exactly w t about its axis,
// staying unit; and four spheres stepped at once (one per lane) get the bits one sphere would.
#include <QtTest>

#include <cmath>
#include <cstring>
#include <random>

#include "integrate/Buss2ndOrder.h"

using namespace tumble;

namespace {

Quat randomRotation(std::mt19937& rng)
{
    std::normal_distribution<double> n(0.0, 1.0);
    return Quat(n(rng), n(rng), n(rng), n(rng)).normalized();
}

} // namespace

class TestBuss2ndOrder : public QObject {
    Q_OBJECT
private slots:
    void unitProductIsTheNormalisedProduct()
    {
        // two unit quaternions: |a b|^2 - 1 is of the order of the rounding, and the Newton step
        // leaves an error of 3/8 of its square, far below one ulp: the result is (a b) / |a b|
        // to within a few ulps per coefficient, and unit to within a few ulps
        std::mt19937 rng(7);
        for (int k = 0; k < 1000; ++k) {
            const Quat a = randomRotation(rng);
            const Quat b = randomRotation(rng);
            const Quat p = Buss2ndOrder::unitProduct(a, b);
            const Quat exact = (a * b).normalized();
            for (int c = 0; c < 4; ++c)
                QVERIFY2(std::abs(p.coeffs()[c] - exact.coeffs()[c]) <= 4.0 * 2.2e-16,
                         qPrintable(QStringLiteral("pair %1, coefficient %2: %3 vs %4")
                                        .arg(k)
                                        .arg(c)
                                        .arg(p.coeffs()[c], 0, 'g', 17)
                                        .arg(exact.coeffs()[c], 0, 'g', 17)));
            QVERIFY(std::abs(p.squaredNorm() - 1.0) <= 8.0 * 2.2e-16);
        }
        // a factor that is not a rotation (|a| = 1.5) takes the square root: still unit
        const Quat a(1.5, 0.0, 0.0, 0.0);
        const Quat b = randomRotation(rng);
        const Quat p = Buss2ndOrder::unitProduct(a, b);
        QVERIFY(std::abs(p.squaredNorm() - 1.0) <= 4.0 * 2.2e-16);
        for (int c = 0; c < 4; ++c)
            QCOMPARE(p.coeffs()[c], (a * b).normalized().coeffs()[c]);
    }

    void freeSpinTurnsByOmegaT()
    {
        // no torque: w_mean = w, so after n steps q = exp(w n dt) q0, with |q| = 1 throughout
        const double j = 2.0e-3;       // kg m^2
        const Vec3 w0(3.0, -1.0, 2.0); // rad/s
        const Buss2ndOrder::Steps steps(1e-3);
        Vec3 l = j * w0;
        Quat q = Quat::Identity();
        Vec3 w = w0;
        Vec3 rotation;
        const int n = 5000;
        for (int k = 0; k < n; ++k)
            Buss2ndOrder::beginTurningIsotropic(1.0 / j, Vec3::Zero(), steps, l, q, w, rotation);
        const double t = n * steps.dt;
        const Quat exact(Eigen::AngleAxisd(w0.norm() * t, w0.normalized()));
        // each step's rotation is exact to rounding; n of them compound to ~n ulps
        QVERIFY2(q.angularDistance(exact) < 1e-12, qPrintable(QString::number(q.angularDistance(exact))));
        QVERIFY(std::abs(q.squaredNorm() - 1.0) <= 8.0 * 2.2e-16);
        for (int c = 0; c < 3; ++c) {
            QCOMPARE(w[c], w0[c]);
            QCOMPARE(rotation[c], w0[c] * steps.dt);
        }
    }
    void seriesIsTheExactRotationUpToItsBound()
    {
        // the series for (cos x, sin(x)/x) in the half angle x is taken while x^2 < 1e-4; its
        // remainder there, x^8/8! < 3e-21, is far below an ulp, so the turned orientation equals
        // the closed form exp(r) q0 (sine and cosine in long double) to a few ulps per
        // coefficient at every angle up to the bound, the largest included
        std::mt19937 rng(11);
        std::uniform_real_distribution<double> fraction(0.0, 1.0);
        const double largest = 2.0 * std::sqrt(kSmallHalfAngle2) * (1.0 - 1e-12); // |r|, rad
        for (int k = 0; k < 2000; ++k) {
            const Quat axisQ = randomRotation(rng);
            const Vec3 axis = axisQ.vec().normalized();
            const double angle = k == 0 ? largest : largest * fraction(rng);
            const Vec3 r = axis * angle;
            const Quat q0 = randomRotation(rng);
            // a torque-free sphere with w = r / dt turns by r in one step
            const double dt = 1e-3;
            const double invJ = 1.0;
            const IsotropicTurn<double> t(invJ, 0.0, 0.0, 0.0, r.x() / dt, r.y() / dt, r.z() / dt, q0.w(), q0.x(),
                                          q0.y(), q0.z(), dt, 0.5 * dt, dt * dt / 12.0);
            QVERIFY(t.halfAngle2 < kSmallHalfAngle2);
            const long double x =
                0.5L * std::sqrt(static_cast<long double>(t.rx) * t.rx + static_cast<long double>(t.ry) * t.ry +
                                 static_cast<long double>(t.rz) * t.rz);
            const long double c = std::cos(x);
            const long double s = x > 0.0L ? std::sin(x) / x * 0.5L : 0.5L;
            const long double ew = c, ex = s * t.rx, ey = s * t.ry, ez = s * t.rz;
            const long double exact[4] = {
                ew * q0.w() - (ex * q0.x() + ey * q0.y() + ez * q0.z()),
                ew * q0.x() + q0.w() * ex + (ey * q0.z() - ez * q0.y()),
                ew * q0.y() + q0.w() * ey + (ez * q0.x() - ex * q0.z()),
                ew * q0.z() + q0.w() * ez + (ex * q0.y() - ey * q0.x()),
            };
            const double got[4] = {t.qw, t.qx, t.qy, t.qz};
            for (int c4 = 0; c4 < 4; ++c4)
                QVERIFY2(std::abs(static_cast<long double>(got[c4]) - exact[c4]) <= 4.0L * 2.2e-16L,
                         qPrintable(QStringLiteral("angle %1 rad, coefficient %2: %3 vs %4")
                                        .arg(angle, 0, 'g', 17)
                                        .arg(c4)
                                        .arg(got[c4], 0, 'g', 17)
                                        .arg(static_cast<double>(exact[c4]), 0, 'g', 17)));
        }
    }

    void fourAtOnceGiveOneSpheresBits()
    {
        // spheres stepped four at a time (beginTurningSpheres) against one at a time
        // (beginTurningIsotropic): the same bits for spinning spheres, still ones (no momentum,
        // no torque), groups that mix both, spheres that turn past the series' bound (the
        // general path), and a tail of fewer than four
        World a;
        a.materials.push_back(Material{});
        std::mt19937 rng(5);
        std::normal_distribution<double> n(0.0, 1.0);
        const int count = 4 * 9 + 3;
        for (int i = 0; i < count; ++i) {
            const bool still = i % 4 == 1 || (i >= 8 && i < 12) || i == count - 1;
            const double spin = i == 18 ? 500.0 : 3.0; // rad/s; 500 rad/s turns 0.5 rad a step
            const Vec3 w = still ? Vec3(Vec3::Zero()) : Vec3(Vec3(n(rng), n(rng), n(rng)) * spin);
            a.addSphere(0, 0.01 * (1.0 + 0.1 * i), Vec3(i, 0, 0), Vec3::Zero(), w);
            a.orientation.back() = randomRotation(rng);
            a.torque.back() = still ? Vec3(Vec3::Zero()) : Vec3(Vec3(n(rng), n(rng), n(rng)) * 1e-6);
        }
        World b = a;
        const Buss2ndOrder::Steps steps(1e-3);
        std::vector<Vec3> ra(count), rb(count);
        Buss2ndOrder::beginTurningSpheres(a, 0, count, steps, ra.data());
        for (int i = 0; i < count; ++i) {
            if (allZero(b.angularMomentum[i], b.torque[i])) {
                b.angularVelocity[i].setZero();
                rb[i].setZero();
            } else {
                Buss2ndOrder::beginTurningIsotropic(1.0 / b.inertia[i].x(), b.torque[i], steps, b.angularMomentum[i],
                                                    b.orientation[i], b.angularVelocity[i], rb[i]);
            }
        }
        auto same = [](const auto& x, const auto& y) { return std::memcmp(&x, &y, sizeof(x)) == 0; };
        for (int i = 0; i < count; ++i) {
            QVERIFY2(same(ra[i], rb[i]), qPrintable(QStringLiteral("rotation of sphere %1").arg(i)));
            QVERIFY2(same(a.orientation[i].coeffs(), b.orientation[i].coeffs()),
                     qPrintable(QStringLiteral("orientation of sphere %1").arg(i)));
            QVERIFY2(same(a.angularMomentum[i], b.angularMomentum[i]),
                     qPrintable(QStringLiteral("momentum of sphere %1").arg(i)));
            QVERIFY2(same(a.angularVelocity[i], b.angularVelocity[i]),
                     qPrintable(QStringLiteral("angular velocity of sphere %1").arg(i)));
        }
        // the fast sphere went the general way and still turned by its rotation vector
        QVERIFY(0.25 * ra[18].squaredNorm() >= kSmallHalfAngle2);
    }
};

QTEST_APPLESS_MAIN(TestBuss2ndOrder)
#include "TestBuss2ndOrder.moc"
