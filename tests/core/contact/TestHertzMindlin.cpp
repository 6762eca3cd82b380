// Hertz-Mindlin normal contact against Hertz's closed forms, and Tsuji's d^(1/4) dashpot sized
// so a free impact returns the material's restitution at any impact speed.
//
// Undamped impact at speed v: maximum overlap (15 m* v^2 / (16 E* sqrt(R*)))^(2/5) and duration
// 2.8683 (m*^2 / (R* E*^2 v))^(1/5) (Johnson, Contact Mechanics, 11.1; the constant is
// 2 x 1.4716 x (15/16)^(2/5)). Zero gravity, so the impacts are free.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "PresetSimulation.h"
#include "TestHelpers.h"
#include "contact/HertzDamping.h"
#include "model/OnStepKinematics.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr double kRadius = 0.01;  // m
constexpr double kDensity = 2500; // kg/m^3
constexpr double kYoung = 1e8;    // Pa
constexpr double kPoisson = 0.3;  // -

struct Impact {
    double maxOverlap = 0.0;  // m
    double duration = 0.0;    // s
    double restitution = 0.0; // -
};

// sphere 0 (and, for a pair, sphere 1 coming the other way) meets a wall (or sphere 1) at
// relative speed v; returns what the contact did
Impact impact(double e, double v, bool pair, double stepsPerContact)
{
    const std::string material = hertzMaterialJson("m", kYoung, kPoisson, e, 0.0, 0.0, kDensity);
    const std::string bodies = pair ? "[" + sphereJson("m", kRadius, Vec3(0, 0, kRadius), Vec3(0, 0, -0.5 * v)) + ", " +
                                          sphereJson("m", kRadius, Vec3(0, 0, -kRadius), Vec3(0, 0, 0.5 * v)) + "]"
                                    : "[" + sphereJson("m", kRadius, Vec3(0, 0, kRadius), Vec3(0, 0, -v)) + "]";
    const std::string json =
        sceneJson("[0, 0, 0]", "velocity_verlet", 1e-6, material, bodies, pair ? "[]" : floorJson("m"));
    // the undamped duration sets the step
    const double m = 4.0 / 3.0 * std::numbers::pi * std::pow(kRadius, 3) * kDensity;
    const double mStar = pair ? 0.5 * m : m, rStar = pair ? 0.5 * kRadius : kRadius;
    const double eStar = 0.5 * kYoung / (1.0 - kPoisson * kPoisson);
    const double tc = 2.8683 * std::pow(mStar * mStar / (rStar * eStar * eStar * v), 0.2);
    const double dt = tc / stepsPerContact;
    Simulation sim = presetSimulation(json, "pfc", dt);
    Impact out;
    bool touched = false;
    double start = 0.0, previousGap = 0.0;
    for (long long s = 0; s < 100 * static_cast<long long>(stepsPerContact); ++s) {
        sim.step();
        const World& w = sim.world();
        const double gap = pair ? (w.position[0] - w.position[1]).norm() - 2.0 * kRadius : w.position[0].z() - kRadius;
        if (!touched && gap < 0.0) {
            touched = true;
            start = w.time - dt * gap / (gap - previousGap); // interpolated start
        }
        if (touched)
            out.maxOverlap = std::max(out.maxOverlap, -gap);
        if (touched && gap >= 0.0) {
            out.duration = w.time - dt * gap / (gap - previousGap) - start;
            break;
        }
        previousGap = gap;
    }
    const OnStepKinematics k = onStepKinematics(sim.world(), 0, sim.params().dt);
    out.restitution = (pair ? 2.0 : 1.0) * k.velocity.z() / v;
    return out;
}

// restitution of s'' + alpha s^(1/4) s' + s^(3/2) = 0, s(0) = 0, s'(0) = 1, by classical RK4 at
// step 1e-4; the s^(1/4) corner at the ends limits it to ~1e-6 (it converges as h^1.4)
double dimensionlessRestitution(double alpha)
{
    const auto acc = [alpha](double s, double v) {
        const double sp = s > 0.0 ? s : 0.0;
        return -alpha * std::sqrt(std::sqrt(sp)) * v - sp * std::sqrt(sp);
    };
    const double h = 1e-4;
    double s = 0.0, v = 1.0;
    for (long long k = 0; k < 1000000; ++k) {
        const double k1x = v, k1v = acc(s, v);
        const double k2x = v + 0.5 * h * k1v, k2v = acc(s + 0.5 * h * k1x, v + 0.5 * h * k1v);
        const double k3x = v + 0.5 * h * k2v, k3v = acc(s + 0.5 * h * k2x, v + 0.5 * h * k2v);
        const double k4x = v + h * k3v, k4v = acc(s + h * k3x, v + h * k3v);
        const double sn = s + h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
        const double vn = v + h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
        if (sn <= 0.0 && k > 0)
            return -(v + s / (s - sn) * (vn - v)); // interpolated to s = 0
        s = sn;
        v = vn;
    }
    return 0.0;
}

} // namespace

class TestHertzMindlin : public QObject {
    Q_OBJECT
private slots:
    void dampingGivesRestitution()
    {
        // Tsuji's alpha(e), put into the dimensionless impact s'' + alpha s^(1/4) s' + s^(3/2) = 0
        QCOMPARE(hertzDampingFromRestitution(1.0), 0.0);
        for (double e : {0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99})
            TUMBLE_NEAR(dimensionlessRestitution(hertzDampingFromRestitution(e)), e, 2e-6, 0.0);
    }

    void undampedImpact_data()
    {
        QTest::addColumn<double>("v");
        QTest::addColumn<bool>("pair");
        for (double v : {0.1, 1.0}) {
            QTest::newRow(qPrintable(QStringLiteral("wall v=%1").arg(v))) << v << false;
            QTest::newRow(qPrintable(QStringLiteral("pair v=%1").arg(v))) << v << true;
        }
    }

    void undampedImpact()
    {
        QFETCH(double, v);
        QFETCH(bool, pair);
        const double m = 4.0 / 3.0 * std::numbers::pi * std::pow(kRadius, 3) * kDensity;
        const double mStar = pair ? 0.5 * m : m, rStar = pair ? 0.5 * kRadius : kRadius;
        const double eStar = 0.5 * kYoung / (1.0 - kPoisson * kPoisson);
        const Impact i = impact(1.0, v, pair, 1000.0);
        const double overlap = std::pow(15.0 * mStar * v * v / (16.0 * eStar * std::sqrt(rStar)), 0.4);
        const double duration = 2.8683 * std::pow(mStar * mStar / (rStar * eStar * eStar * v), 0.2);
        // velocity Verlet's error at 1000 steps per contact is ~1e-6; the peak is sampled on the
        // step grid (relative error ~ (pi / 1000)^2 / 2) and the crossings are interpolated
        TUMBLE_NEAR(i.maxOverlap, overlap, 0.0, 1e-4);
        TUMBLE_NEAR(i.duration, duration, 0.0, 1e-3);
        TUMBLE_NEAR(i.restitution, 1.0, 0.0, 1e-4);
    }

    void restitution_data()
    {
        QTest::addColumn<double>("e");
        QTest::addColumn<bool>("pair");
        for (double e : {0.1, 0.5, 0.9, 1.0}) {
            QTest::newRow(qPrintable(QStringLiteral("wall e=%1").arg(e))) << e << false;
            QTest::newRow(qPrintable(QStringLiteral("pair e=%1").arg(e))) << e << true;
        }
    }

    void restitution()
    {
        QFETCH(double, e);
        QFETCH(bool, pair);
        // the same e at impact speeds a decade apart: Tsuji's dashpot makes e speed-independent
        for (double v : {0.1, 1.0}) {
            const Impact i = impact(e, v, pair, 2000.0);
            TUMBLE_NEAR(i.restitution, e, 0.0, 5e-3);
        }
    }
};

QTEST_APPLESS_MAIN(TestHertzMindlin)
#include "TestHertzMindlin.moc"
