// The convergence sweep recovers each scheme's order on the harmonic-oscillator scene (a smooth,
// exactly linear system), leaves unstable runs out of the fit, and its fit is exact on power laws.
// On a torque-free scene (measured by the angle) it varies the rotation scheme and recovers the
// rotation schemes' orders; translation names are refused there.
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <cmath>

#include "IntermediateAxis.h"
#include "TestHelpers.h"
#include "integrate/IntegratorRegistry.h"
#include "scene/BuiltinScenes.h"
#include "sim/ConvergenceSweep.h"
#include "sim/Simulation.h"

using namespace tumble;

class TestConvergenceSweep : public QObject {
    Q_OBJECT
private slots:
    void fitIsExactOnPowerLaws()
    {
        const std::vector<double> dts = {0.1, 0.05, 0.02, 0.01};
        for (double p : {1.0, 2.0, 4.0}) {
            std::vector<double> e;
            for (double dt : dts)
                e.push_back(3.0 * std::pow(dt, p));
            TUMBLE_NEAR(fittedOrder(dts, e), p, 1e-12, 0.0);
        }
        // infinite (unstable) points are left out; fewer than two points give NaN
        TUMBLE_NEAR(fittedOrder({0.1, 0.05, 0.02}, {INFINITY, 0.25, 0.04}), 2.0, 1e-12, 0.0);
        QVERIFY(std::isnan(fittedOrder({0.1, 0.05}, {INFINITY, 0.25})));
    }

    void recoversOrders()
    {
        // w = sqrt(2 kn / m) = 2473 rad/s for the scene's sphere; w dt from 0.08 down to 0.01,
        // over two periods
        const Scene scene = loadBuiltinScene("harmonic-oscillator");
        const SweepResult r =
            convergenceSweep(scene, {"explicit_euler", "velocity_verlet", "rk4"}, {3.2e-5, 1.6e-5, 8e-6, 4e-6}, 0.005);
        QCOMPARE(r.points.size(), std::size_t(12));
        QCOMPARE(r.orders.size(), std::size_t(3));
        const double expected[3] = {1.0, 2.0, 4.0};
        for (int k = 0; k < 3; ++k)
            QVERIFY2(std::abs(r.orders[k].order - expected[k]) < 0.15,
                     qPrintable(QStringLiteral("%1 order %2")
                                    .arg(QString::fromStdString(r.orders[k].scheme))
                                    .arg(r.orders[k].order)));
        // every run ends exactly at T: 0.005 s is 156.25 steps of 3.2e-5 s, so 157 steps
        QCOMPARE(r.points[0].steps, 157LL);
        QCOMPARE(r.points[3].steps, 1250LL);
    }

    void analyticReference()
    {
        // the oscillator declares its closed form: the sweep measures against it; forced onto the
        // rk4 reference instead, every error moves by at most the reference's own error, which
        // is rk4's at the smallest dt over 16^4 (doubled for the fit's slack)
        const Scene scene = loadBuiltinScene("harmonic-oscillator");
        const std::vector<double> dts = {3.2e-5, 1.6e-5, 8e-6, 4e-6};
        const SweepResult exact = convergenceSweep(scene, {"explicit_euler", "velocity_verlet", "rk4"}, dts, 0.005);
        QVERIFY(exact.reference == SweepReference::Analytic);
        QVERIFY(exact.measure == AnalyticMeasure::Position);
        QCOMPARE(std::string(sweepReferenceName(exact.reference)), std::string("analytic"));
        QCOMPARE(std::string(sweepMeasureName(exact.measure)), std::string("position_m"));
        SweepOptions o;
        o.useAnalytic = false;
        const SweepResult ref = convergenceSweep(scene, {"explicit_euler", "velocity_verlet", "rk4"}, dts, 0.005, o);
        QVERIFY(ref.reference == SweepReference::Rk4);
        const double refError = 2.0 * exact.points.back().error / 65536.0;
        for (std::size_t k = 0; k < exact.points.size(); ++k)
            TUMBLE_NEAR(ref.points[k].error, exact.points[k].error, refError, 0.0);

        // torque-free scenes compare orientations, in rad
        const SweepResult top = convergenceSweep(loadBuiltinScene("symmetric-top"), {"pfc"}, {2e-3, 1e-3}, 0.5);
        QVERIFY(top.measure == AnalyticMeasure::Angle && top.reference == SweepReference::Analytic);
        TUMBLE_NEAR(top.orders[0].order, 2.0, 0.15, 0.0);
        // a scene without one keeps the rk4 reference
        QVERIFY(convergenceSweep(loadBuiltinScene("sliding-to-rolling"), {"pfc"}, {1e-5}, 1e-4).reference ==
                SweepReference::Rk4);
    }

    void progressAndCancel()
    {
        const Scene scene = loadBuiltinScene("harmonic-oscillator");
        std::vector<double> seen;
        SweepOptions o;
        o.progress = [&](double f) { seen.push_back(f); };
        const SweepResult full = convergenceSweep(scene, {"pfc"}, {1e-6, 5e-7}, 0.005, o);
        QVERIFY(!full.cancelled);
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        TUMBLE_NEAR(seen.back(), 1.0, 1e-12, 0.0);
        // cancelled after the first chunk of steps: the sweep returns at once, partial and flagged
        std::atomic<bool> cancel = false;
        o.cancel = &cancel;
        o.progress = [&](double) { cancel = true; };
        const SweepResult part = convergenceSweep(scene, {"pfc", "rk4"}, {1e-6, 5e-7}, 0.005, o);
        QVERIFY(part.cancelled);
        QVERIFY(part.points.empty());
    }

    void unstableRunsAreInfinite()
    {
        // explicit Euler multiplies the oscillator's energy by 1 + (w dt)^2 a step: at w dt = 0.5 the
        // run turns into a runaway by 0.013 s; the small steps (h w T ~ 0.05) stay finite and fit order 1
        const Scene scene = loadBuiltinScene("harmonic-oscillator");
        const SweepResult r = convergenceSweep(scene, {"explicit_euler"}, {2e-4, 1e-6, 5e-7}, 0.02);
        QVERIFY(std::isinf(r.points[0].error));
        QVERIFY(std::isfinite(r.points[1].error) && std::isfinite(r.points[2].error));
        TUMBLE_NEAR(r.orders[0].order, 1.0, 0.15, 0.0);
    }

    void anglesVaryTheRotationScheme()
    {
        // dzhanibekov is torque-free and measured by the orientation angle: a rotation scheme name
        // runs under velocity_verlet and the orders are the rotation schemes' 1, 2 and 4, over
        // one e-folding time of the intermediate-axis instability (IntermediateAxis.h)
        const Scene scene = loadBuiltinScene("dzhanibekov");
        QVERIFY(sweepMeasure(scene) == AnalyticMeasure::Angle);
        const std::vector<double> dts = {4e-3, 2e-3, 1e-3, 5e-4};
        const double t = tumble::test::eFoldingSweepEnd(scene, dts[0]);
        QVERIFY(t >= 10 * dts[0]);

        const std::vector<std::string> names = {"explicit_euler", "buss_2nd_order", "rk4_quaternion"};
        const SweepResult r = convergenceSweep(scene, names, dts, t);
        QVERIFY(r.measure == AnalyticMeasure::Angle && r.reference == SweepReference::Analytic);
        QCOMPARE(r.orders.size(), std::size_t(3));
        const double expected[3] = {1.0, 2.0, 4.0};
        for (int k = 0; k < 3; ++k) {
            QCOMPARE(r.orders[k].scheme, names[k]);
            QVERIFY2(std::abs(r.orders[k].order - expected[k]) < 0.15,
                     qPrintable(QStringLiteral("%1 order %2")
                                    .arg(QString::fromStdString(r.orders[k].scheme))
                                    .arg(r.orders[k].order)));
        }
        // rk4_quaternion runs exactly as the preset pfc4 = (velocity_verlet, rk4_quaternion)
        const SweepResult pfc4 = convergenceSweep(scene, {"pfc4"}, dts, t);
        for (std::size_t i = 0; i < dts.size(); ++i)
            QCOMPARE(r.points[2 * dts.size() + i].error, pfc4.points[i].error);

        // what each name runs and varies; a rotation scheme before the preset of the same name
        using Pair = std::pair<std::string, std::string>;
        const AnalyticMeasure angle = AnalyticMeasure::Angle;
        QCOMPARE(sweepSchemes("explicit_euler", "buss_2nd_order", angle), Pair("velocity_verlet", "explicit_euler"));
        QCOMPARE(sweepSchemes("symplectic_euler", "buss_2nd_order", angle),
                 Pair("velocity_verlet", "symplectic_euler"));
        QCOMPARE(sweepSchemes("rk4", "buss_2nd_order", angle), Pair("rk4", "rk4_quaternion"));
        QCOMPARE(sweepVaried("rk4_quaternion", "buss_2nd_order", angle), std::string("rotation: rk4_quaternion"));
        QCOMPARE(sweepVaried("pfc", "rk4_quaternion", angle), std::string("rotation: buss_2nd_order"));
        QCOMPARE(sweepVaried("woo", "buss_2nd_order"), std::string("translation: central_difference"));
        QCOMPARE(sweepVaried("explicit_euler", "buss_2nd_order"), std::string("translation: explicit_euler"));
        const std::vector<std::string> offered = sweepSchemeNames(angle);
        for (const SchemeInfo& s : rotationSchemes())
            QVERIFY(std::find(offered.begin(), offered.end(), s.name) != offered.end());
        for (const PresetInfo& p : presets())
            QVERIFY(std::find(offered.begin(), offered.end(), p.name) != offered.end());
    }

    void translationNamesRefusedOnAngleScenes()
    {
        // every translation scheme is exact on a body without forces: the name would vary nothing
        const Scene scene = loadBuiltinScene("dzhanibekov");
        for (const char* name : {"velocity_verlet", "central_difference", "leapfrogg"}) {
            try {
                convergenceSweep(scene, {name}, {1e-3}, 0.01);
                QFAIL(name);
            } catch (const ParameterError& e) {
                const std::string m = e.what();
                for (const char* word :
                     {name, "measures the orientation angle", "varies the rotation scheme", "rk4_quaternion", "pfc"})
                    QVERIFY2(m.find(word) != std::string::npos, m.c_str());
                QVERIFY2(m.find("velocity_verlet,") == std::string::npos, m.c_str()); // not offered
            }
        }
        // a rotation scheme name on a scene measured by position stays refused
        QVERIFY_THROWS_EXCEPTION(ParameterError, convergenceSweep(loadBuiltinScene("harmonic-oscillator"),
                                                                  {"buss_2nd_order"}, {1e-5}, 0.01));
    }

    void badInput()
    {
        const Scene scene = loadBuiltinScene("harmonic-oscillator");
        QVERIFY_THROWS_EXCEPTION(ParameterError, convergenceSweep(scene, {"leapfrogg"}, {1e-5}, 0.01));
        QVERIFY_THROWS_EXCEPTION(ParameterError, convergenceSweep(scene, {"pfc"}, {-1e-5}, 0.01));
        QVERIFY_THROWS_EXCEPTION(ParameterError, convergenceSweep(scene, {"pfc"}, {1e-5}, 0.0));
        QCOMPARE(sweepSchemes("woo", "buss_2nd_order").second, std::string("fincham_leapfrog"));
        QCOMPARE(sweepSchemes("rk4", "buss_2nd_order").second, std::string("rk4_quaternion"));
        QCOMPARE(sweepSchemes("central_difference", "buss_2nd_order").second, std::string("buss_2nd_order"));
    }
};

QTEST_APPLESS_MAIN(TestConvergenceSweep)
#include "TestConvergenceSweep.moc"
