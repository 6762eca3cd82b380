// The registry's promise: every stable name of CONTRACT.md exists, every preset is complete, and
// each scheme converges at its published order. Orders are fitted by least squares over four
// timesteps halving from the largest, and must match within 0.15:
//   translation (oscillator from a general (x0, v0), phase-space error |(x, v/w) - exact| at T,
//     which sees amplitude and phase errors alike): explicit_euler 1,
//     symplectic_euler 1, central_difference 2, velocity_verlet 2, rk4 4;
//   rotation (torque-free symmetric top, orientation error at T against the closed form):
//     explicit_euler 1, symplectic_euler 1, fincham_leapfrog 2, buss_2nd_order 2, rk4_quaternion 4.
#include <QtTest>

#include <cmath>
#include <set>

#include "OscillatorScene.h"
#include "TestHelpers.h"
#include "TorqueFreeBody.h"
#include "integrate/IntegratorRegistry.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

// least-squares slope of log(error) against log(dt)
double fittedOrder(const std::vector<double>& dts, const std::vector<double>& errors)
{
    double mx = 0, my = 0;
    const double n = static_cast<double>(dts.size());
    for (std::size_t i = 0; i < dts.size(); ++i) {
        mx += std::log(dts[i]) / n;
        my += std::log(errors[i]) / n;
    }
    double sxy = 0, sxx = 0;
    for (std::size_t i = 0; i < dts.size(); ++i) {
        sxy += (std::log(dts[i]) - mx) * (std::log(errors[i]) - my);
        sxx += (std::log(dts[i]) - mx) * (std::log(dts[i]) - mx);
    }
    return sxy / sxx;
}

std::string rotationFor(const std::string& translation)
{
    return translation == "rk4" ? "rk4_quaternion" : "explicit_euler";
}

} // namespace

class TestIntegratorRegistry : public QObject {
    Q_OBJECT
private slots:
    void contractNamesExist()
    {
        for (const char* name : {"explicit_euler", "symplectic_euler", "central_difference", "velocity_verlet", "rk4"})
            QVERIFY2(makeTranslationScheme(name) != nullptr, name);
        for (const char* name :
             {"explicit_euler", "symplectic_euler", "fincham_leapfrog", "buss_2nd_order", "rk4_quaternion"})
            QVERIFY2(makeRotationScheme(name) != nullptr, name);
        for (const SchemeInfo& s : translationSchemes())
            QCOMPARE(std::string(makeTranslationScheme(s.name)->name()), s.name);
        for (const SchemeInfo& s : rotationSchemes())
            QCOMPARE(std::string(makeRotationScheme(s.name)->name()), s.name);
        QVERIFY(makeTranslationScheme("leapfrogg") == nullptr);
    }

    void presetsAreComplete()
    {
        const std::set<std::string> expected = {"pfc", "pfc4", "woo", "euler", "symplectic_euler", "rk4"};
        std::set<std::string> found;
        for (const PresetInfo& p : presets()) {
            found.insert(p.name);
            QVERIFY(schemeCombinationError(p.translation, p.rotation).empty());
        }
        QVERIFY(found == expected);
        QCOMPARE(findPreset("pfc")->rotation, std::string("buss_2nd_order"));
        QCOMPARE(findPreset("woo")->translation, std::string("central_difference"));
    }

    void translationOrder_data()
    {
        QTest::addColumn<QString>("scheme");
        QTest::addColumn<double>("order");
        QTest::addColumn<double>("largestOmegaDt");
        QTest::newRow("explicit_euler") << "explicit_euler" << 1.0 << 0.01;
        QTest::newRow("symplectic_euler") << "symplectic_euler" << 1.0 << 0.04;
        QTest::newRow("central_difference") << "central_difference" << 2.0 << 0.04;
        QTest::newRow("velocity_verlet") << "velocity_verlet" << 2.0 << 0.04;
        QTest::newRow("rk4") << "rk4" << 4.0 << 0.2;
    }

    void translationOrder()
    {
        QFETCH(QString, scheme);
        QFETCH(double, order);
        QFETCH(double, largestOmegaDt);
        const Oscillator osc;
        const double w = osc.omega();
        const double x0 = 0.3 * osc.preload, v0 = 0.35 * osc.preload * w; // amplitude < preload
        const double tEnd = 3.3 * 2.0 * std::numbers::pi / w;
        std::vector<double> dts, errors;
        for (int k = 0; k < 4; ++k) {
            const double dt = largestOmegaDt / w / std::pow(2.0, k);
            Scene s = osc.scene(scheme.toStdString(), dt, v0, 1.0, x0);
            s.params.rotation = rotationFor(scheme.toStdString());
            Simulation sim(std::move(s.world), s.params);
            sim.run(std::llround(tEnd / dt));
            const World& st = sim.world();
            const double t = st.time;
            // on-step velocity (a leapfrog keeps v(t - dt/2))
            const double v =
                st.velocity[0].z() +
                (st.velocityTiming == VelocityTiming::HalfStep ? 0.5 * dt * st.force[0].z() * st.invMass[0] : 0.0);
            const double xExact = x0 * std::cos(w * t) + v0 / w * std::sin(w * t);
            const double vExact = -x0 * w * std::sin(w * t) + v0 * std::cos(w * t);
            dts.push_back(dt);
            errors.push_back(std::hypot(st.position[0].z() - xExact, (v - vExact) / w));
        }
        const double p = fittedOrder(dts, errors);
        QVERIFY2(std::abs(p - order) < 0.15, qPrintable(QStringLiteral("%1: fitted order %2").arg(scheme).arg(p)));
    }

    void rotationOrder_data()
    {
        QTest::addColumn<QString>("scheme");
        QTest::addColumn<double>("order");
        QTest::addColumn<double>("largestDt");
        QTest::newRow("explicit_euler") << "explicit_euler" << 1.0 << 1e-3;
        QTest::newRow("symplectic_euler") << "symplectic_euler" << 1.0 << 1e-3;
        QTest::newRow("fincham_leapfrog") << "fincham_leapfrog" << 2.0 << 1e-2;
        QTest::newRow("buss_2nd_order") << "buss_2nd_order" << 2.0 << 1e-2;
        QTest::newRow("rk4_quaternion") << "rk4_quaternion" << 4.0 << 4e-2;
    }

    void rotationOrder()
    {
        QFETCH(QString, scheme);
        QFETCH(double, order);
        QFETCH(double, largestDt);
        const TorqueFreeBody body;
        const double tEnd = 2.0; // s; |w| ~ 2.4 rad/s
        std::vector<double> dts, errors;
        for (int k = 0; k < 4; ++k) {
            const double dt = largestDt / std::pow(2.0, k);
            Simulation sim = body.simulation("velocity_verlet", scheme.toStdString(), dt);
            sim.run(std::llround(tEnd / dt));
            dts.push_back(dt);
            errors.push_back(orientationError(sim.world().orientation[0], body.exactSymmetric(sim.world().time)));
            // L is constant in the world frame for every scheme (no torque)
            QVERIFY((sim.world().angularMomentum[0] - body.angularMomentum()).norm() < 1e-14);
        }
        const double p = fittedOrder(dts, errors);
        QVERIFY2(std::abs(p - order) < 0.15, qPrintable(QStringLiteral("%1: fitted order %2").arg(scheme).arg(p)));
    }

    void rotationEnergyRanking()
    {
        // an asymmetric body (J1 < J2 < J3) spun off its axes, 3 s at dt = 1e-3 s. Theory ranks by
        // order: both first-order schemes drift more than every second-order one, and RK4 less than
        // all. (Without torque, L is constant and explicit and symplectic Euler differ only in how
        // they renormalise q, so theory does not rank the two against each other.)
        TorqueFreeBody body;
        body.moments = Vec3(1.0, 2.0, 3.0);
        std::map<std::string, double> drift;
        for (const SchemeInfo& s : rotationSchemes()) {
            Simulation sim = body.simulation("velocity_verlet", s.name, 1e-3);
            sim.run(3000);
            drift[s.name] = std::abs(sim.energy().kineticRotational - body.energy()) / body.energy();
        }
        for (const char* first : {"explicit_euler", "symplectic_euler"})
            for (const char* second : {"fincham_leapfrog", "buss_2nd_order"})
                QVERIFY2(drift[first] > drift[second], qPrintable(QStringLiteral("%1 vs %2").arg(first, second)));
        for (const char* other : {"explicit_euler", "symplectic_euler", "fincham_leapfrog", "buss_2nd_order"})
            QVERIFY2(drift["rk4_quaternion"] < drift[other], other);
    }
};

QTEST_APPLESS_MAIN(TestIntegratorRegistry)
#include "TestIntegratorRegistry.moc"
