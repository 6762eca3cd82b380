// Buss's second-order rotation step for isotropic bodies (spheres) against closed forms: the
// product of two rotations normalised by one Newton step is the normalised product to rounding,
// and a free sphere spinning at constant w turns by exactly w t about its axis, staying unit.
#include <QtTest>

#include <cmath>
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
            Buss2ndOrder::beginTurningIsotropic(j, Vec3::Zero(), steps, l, q, w, rotation);
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
};

QTEST_APPLESS_MAIN(TestBuss2ndOrder)
#include "TestBuss2ndOrder.moc"
