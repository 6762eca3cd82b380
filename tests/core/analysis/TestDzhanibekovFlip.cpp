// The tennis-racket (Dzhanibekov) flip of the built-in clump against the elliptic-integral
// closed form: the time between sign changes of w2 (the intermediate axis) is 2 K(m) / lambda,
// with m and lambda from the clump's principal moments, E and |L| (TorqueFreeMotion). Each
// rotation scheme's flip interval converges to it at the scheme's order, |L| stays exact (no
// torque: every scheme keeps L in the world frame), and E drifts at the scheme's order.
// Near the separatrix the flip interval ~ ln(4 / k') / lambda is very sensitive: a relative
// energy error comparable to k'^2 (here 8e-6) changes it by O(1). First-order schemes at any
// affordable dt err by more than that (0.4% in E at dt = 1e-4 s), so for them only the energy
// order and |L| are checked; their flip interval is visibly wrong, which is what the scene
// teaches.
#include <QtTest>

#include <cmath>

#include "../TestHelpers.h"
#include "analysis/TorqueFreeMotion.h"
#include "model/OnStepKinematics.h"
#include "scene/BuiltinScenes.h"
#include "sim/ConvergenceSweep.h"
#include "sim/Simulation.h"

using namespace tumble;

namespace {

struct FlipRun {
    std::vector<double> crossings; // s, sign changes of w2 (body frame), linearly interpolated
    double energyDrift = 0.0;      // max |E - E0| / E0
    double momentumDrift = 0.0;    // max ||L| - |L0|| / |L0|
    Quat finalOrientation;
    double finalTime = 0.0;
};

FlipRun runFlip(const std::string& translation, const std::string& rotation, double dt, double duration)
{
    Scene scene = loadBuiltinScene("dzhanibekov");
    SimParams p = scene.params;
    p.translation = translation;
    p.rotation = rotation;
    p.dt = dt;
    Simulation sim(std::move(scene.world), p);
    const World& w = sim.world();
    const double e0 = sim.energy().kineticRotational;
    const double l0 = onStepKinematics(w, 0, dt).angularMomentum.norm();
    FlipRun r;
    double previous = (w.orientation[0].conjugate() * onStepKinematics(w, 0, dt).angularVelocity).y();
    double tPrevious = w.time;
    const long long steps = std::llround(duration / dt);
    for (long long s = 0; s < steps; ++s) {
        sim.step();
        const OnStepKinematics k = onStepKinematics(w, 0, dt);
        const double w2 = (w.orientation[0].conjugate() * k.angularVelocity).y();
        if ((w2 < 0.0) != (previous < 0.0))
            r.crossings.push_back(tPrevious + (w.time - tPrevious) * previous / (previous - w2));
        previous = w2;
        tPrevious = w.time;
        r.energyDrift = std::max(r.energyDrift, std::abs(sim.energy().kineticRotational - e0) / e0);
        r.momentumDrift = std::max(r.momentumDrift, std::abs(k.angularMomentum.norm() - l0) / l0);
    }
    r.finalOrientation = w.orientation[0];
    r.finalTime = w.time;
    return r;
}

TorqueFreeMotion exactMotion()
{
    const Scene scene = loadBuiltinScene("dzhanibekov");
    const World& w = scene.world;
    return TorqueFreeMotion(w.inertia[0], w.orientation[0], w.angularMomentum[0]);
}

} // namespace

class TestDzhanibekovFlip : public QObject {
    Q_OBJECT
private slots:
    void sceneIsNearTheSeparatrix()
    {
        const TorqueFreeMotion exact = exactMotion();
        QCOMPARE(int(exact.kind()), int(TorqueFreeMotion::Kind::Asymmetric));
        // spun within a few percent of the intermediate axis: m close to 1, a flip every few s
        QVERIFY(exact.parameter() > 0.99);
        QVERIFY(exact.flipInterval() > 0.5 && exact.flipInterval() < 10.0);
    }

    void flipIntervalMatchesTheEllipticFormula()
    {
        const TorqueFreeMotion exact = exactMotion();
        const double tf = exact.flipInterval();
        // RK4 at w dt = 6e-4: global error ~ (w dt)^4 amplified by 1/k'^2 ~ 1e5 near the
        // separatrix, i.e. ~1e-8; crossing interpolation adds O(dt^3) (sn'' = 0 where sn = 0)
        const FlipRun r = runFlip("rk4", "rk4_quaternion", 1e-4, 3.5 * tf);
        QCOMPARE(r.crossings.size(), std::size_t(3));
        for (std::size_t i = 1; i < r.crossings.size(); ++i)
            TUMBLE_NEAR(r.crossings[i] - r.crossings[i - 1], tf, 0.0, 1e-7);
        QVERIFY(exact.orientation(r.finalTime).angularDistance(r.finalOrientation) < 1e-6);
        QVERIFY(r.momentumDrift < 1e-14);
    }

    void schemesConvergeAtTheirOrder_data()
    {
        QTest::addColumn<QString>("translation");
        QTest::addColumn<QString>("rotation");
        QTest::addColumn<double>("order");
        QTest::addColumn<double>("dt");
        QTest::newRow("explicit_euler") << "velocity_verlet"
                                        << "explicit_euler" << 1.0 << 1e-4;
        QTest::newRow("symplectic_euler") << "velocity_verlet"
                                          << "symplectic_euler" << 1.0 << 1e-4;
        QTest::newRow("fincham_leapfrog") << "central_difference"
                                          << "fincham_leapfrog" << 2.0 << 4e-4;
        QTest::newRow("buss_2nd_order") << "velocity_verlet"
                                        << "buss_2nd_order" << 2.0 << 4e-4;
        QTest::newRow("rk4_quaternion") << "rk4"
                                        << "rk4_quaternion" << 4.0 << 4e-3;
    }

    void schemesConvergeAtTheirOrder()
    {
        QFETCH(QString, translation);
        QFETCH(QString, rotation);
        QFETCH(double, order);
        QFETCH(double, dt);
        const TorqueFreeMotion exact = exactMotion();
        const double tf = exact.flipInterval();
        std::vector<double> dts, flipErrors, energyErrors, angleErrors;
        for (int k = 0; k < 3; ++k) {
            const double h = dt / std::pow(2.0, k);
            const FlipRun r = runFlip(translation.toStdString(), rotation.toStdString(), h, 2.2 * tf);
            QVERIFY(r.crossings.size() >= 2);
            dts.push_back(h);
            flipErrors.push_back(std::abs(r.crossings[1] - r.crossings[0] - tf) / tf);
            energyErrors.push_back(r.energyDrift);
            angleErrors.push_back(exact.orientation(r.finalTime).angularDistance(r.finalOrientation));
            QVERIFY2(r.momentumDrift < 1e-14, qPrintable(QString::number(r.momentumDrift)));
        }
        // at least the scheme's order (the leading term may be smaller still on this orbit)
        const double energyOrder = fittedOrder(dts, energyErrors);
        QVERIFY2(energyOrder > order - 0.15, qPrintable(QStringLiteral("energy order %1").arg(energyOrder)));
        if (order >= 2.0) {
            const double flipOrder = fittedOrder(dts, flipErrors);
            const double angleOrder = fittedOrder(dts, angleErrors);
            QVERIFY2(flipOrder > order - 0.15, qPrintable(QStringLiteral("flip order %1").arg(flipOrder)));
            QVERIFY2(angleOrder > order - 0.15, qPrintable(QStringLiteral("angle order %1").arg(angleOrder)));
            QVERIFY(flipErrors.back() < 1e-4);
        }
    }
};

QTEST_APPLESS_MAIN(TestDzhanibekovFlip)
#include "TestDzhanibekovFlip.moc"
