// Tangential spring with Coulomb's limit, against rigid-body closed forms.
//
// Sliding to rolling: a sphere launched with speed v0 and no spin on a rough plane slides with
// v = v0 - mu g t and w R = 5/2 mu g t until v = w R, at t* = 2 v0 / (7 mu g), and rolls on at
// 5/7 v0. Oblique impact on a wall in gross sliding (v_t0 > 7/2 mu (1 + e) v_n0): the normal
// impulse is m (1 + e) v_n0 (the dashpot's impulse cancels over a contact, so the elastic part
// that sets Coulomb's limit carries all of it), hence v_t = v_t0 - mu (1 + e) v_n0 and
// w R = 5/2 mu (1 + e) v_n0 whatever the angle (Chung & Ooi 2011, test 6, high-angle branch).
// Under friction_limit "total" (LAMMPS's cap, mu |F_elastic + F_dashpot|) the tangential impulse
// is mu times the integral of |m x''| over the contact, m times the total variation of the
// approach speed x': it falls from v_n0 to the fastest rebound v_p (where the total force
// changes sign, tensile from there: the force is not clipped) and comes back up to e v_n0, so
// v_t = v_t0 - mu (v_n0 (1 - e) + 2 v_p). For the linear law x' = v_n0 exp(-zeta w t)
// (cos w_d t - zeta w / w_d sin w_d t), and x'' = 0 where tan(w_d t) = -2 zeta s / (1 - 2 zeta^2),
// s = sqrt(1 - zeta^2).
#include <QtTest>

#include <cmath>
#include <numbers>
#include <optional>

#include "PresetSimulation.h"
#include "TestHelpers.h"
#include "contact/ContactLaw.h"
#include "model/OnStepKinematics.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr double kRadius = 0.01;  // m
constexpr double kDensity = 2500; // kg/m^3
constexpr double kG = 9.81;       // m/s^2

double sphereMass()
{
    return 4.0 / 3.0 * std::numbers::pi * std::pow(kRadius, 3) * kDensity;
}

// on-step linear and angular velocity of body 0
OnStepKinematics kinematics(const Simulation& sim)
{
    return onStepKinematics(sim.world(), 0, sim.params().dt);
}

// runs the scene under pfc at 1% of its critical dt until sphere 0 has touched and left again;
// its on-step motion then, or none when it never touched or never left
std::optional<OnStepKinematics> throughOneContact(const std::string& json)
{
    Simulation probe = presetSimulation(json, "pfc", 1e-6);
    Simulation sim = presetSimulation(json, "pfc", 0.01 * probe.criticalDt());
    bool touched = false;
    for (int s = 0; s < 2000000 && (!touched || sim.contactCount() > 0); ++s) {
        sim.step();
        touched = touched || sim.contactCount() > 0;
    }
    if (!touched || sim.contactCount() > 0)
        return std::nullopt;
    return kinematics(sim);
}

} // namespace

class TestFriction : public QObject {
    Q_OBJECT
private slots:
    void slidingToRolling_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("model");
        for (const char* p : {"pfc", "pfc4", "woo", "rk4", "symplectic_euler"})
            QTest::newRow(qPrintable(QStringLiteral("linear %1").arg(p))) << QString(p) << QStringLiteral("linear");
        for (const char* p : {"pfc", "woo", "rk4"})
            QTest::newRow(qPrintable(QStringLiteral("hertz %1").arg(p))) << QString(p) << QStringLiteral("hertz");
    }

    void slidingToRolling()
    {
        QFETCH(QString, preset);
        QFETCH(QString, model);
        const double mu = 0.3, v0 = 1.0, m = sphereMass();
        const bool hertz = model == QStringLiteral("hertz");
        const double kn = 1e5, young = 1e8, poisson = 0.3;
        // start at the resting overlap, so the sphere neither bounces nor sinks
        double rest = m * kG / kn;
        if (hertz) {
            const double eStar = 0.5 * young / (1.0 - poisson * poisson); // sphere and wall alike
            rest = std::pow(m * kG / (4.0 / 3.0 * eStar * std::sqrt(kRadius)), 2.0 / 3.0);
        }
        const std::string material = hertz ? hertzMaterialJson("m", young, poisson, 0.5, mu, 0.0, kDensity)
                                           : frictionMaterialJson("m", kn, 0.25 * kn, 0.5, mu, 0.0, kDensity);
        const std::string json =
            sceneJson("[0, 0, -9.81]", "velocity_verlet", 1e-5, material,
                      "[" + sphereJson("m", kRadius, Vec3(0, 0, kRadius - rest), Vec3(v0, 0, 0)) + "]", floorJson("m"));
        Simulation probe = presetSimulation(json, preset.toStdString(), 1e-5);
        const double dt = 0.1 * probe.criticalDt();
        Simulation sim = presetSimulation(json, preset.toStdString(), dt);

        const double tStar = 2.0 * v0 / (7.0 * mu * kG);
        // sliding: v and w R are linear in t; check half-way. The slip starts within a step and a
        // step moves v by mu g dt, so the error bound is a few mu g dt
        const long long half = std::llround(0.5 * tStar / dt);
        sim.run(half);
        const double t = sim.world().time;
        OnStepKinematics k = kinematics(sim);
        const double stepError = 3.0 * mu * kG * dt;
        TUMBLE_NEAR(k.velocity.x(), v0 - mu * kG * t, stepError, 0.0);
        // rolling in +x spins about +y: the contact point's velocity is v - w_y R
        TUMBLE_NEAR(k.angularVelocity.y() * kRadius, 2.5 * mu * kG * t, 2.5 * stepError, 0.0);

        // the transition: slip velocity v - w R (decreasing at 7/2 mu g) crosses zero at t*
        double tCross = -1.0;
        double previousSlip = k.velocity.x() - k.angularVelocity.y() * kRadius;
        const long long total = std::llround(2.0 * tStar / dt);
        double meanSpeed = 0.0;
        long long meanCount = 0;
        for (long long s = half; s < total; ++s) {
            sim.step();
            k = kinematics(sim);
            const double slip = k.velocity.x() - k.angularVelocity.y() * kRadius;
            if (tCross < 0.0 && slip <= 0.0) // interpolate the crossing within the step
                tCross = sim.world().time - dt * slip / (slip - previousSlip);
            previousSlip = slip;
            // rolling: the tangential spring rings (period ~ms, amplitude ~ mu g / w_t ~ 1e-3 v0);
            // average over the last 40% of the run, many periods
            if (s >= total - (total - half) * 2 / 5) {
                meanSpeed += k.velocity.x();
                ++meanCount;
            }
        }
        QVERIFY(!sim.isUnstable());
        // crossing located to within a step of the slip decrease (7/2 mu g dt) plus the lever-arm
        // shift of the contact point by the resting overlap (relative rest / R)
        TUMBLE_NEAR(tCross, tStar, 2.0 * dt, rest / kRadius);
        meanSpeed /= static_cast<double>(meanCount);
        // 5/7 v0: rigid-body theory; the residual ringing averages to well below 1e-3 of v0
        TUMBLE_NEAR(meanSpeed, 5.0 / 7.0 * v0, 0.0, 2e-3);
        // rolling friction is off, so the sphere keeps rolling: no Coulomb slip after t*
        const EnergySample e = sim.energy();
        QVERIFY(e.dissipatedFriction > 0.0);
        // the ledger: sliding dissipates 1/2 m v0^2 - 1/2 (m + I/R^2) (5/7 v0)^2 = 1/7 m v0^2, by
        // Coulomb slip (Hertz's dashpot takes a little of the tangential ringing); the bound
        // follows from the one on the final speed
        TUMBLE_NEAR(e.dissipatedFriction + e.dissipatedDashpot + e.dissipatedStiffness, m * v0 * v0 / 7.0, 0.0, 5e-3);
    }

    void obliqueImpactSliding_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<double>("ratio"); // v_t0 / v_n0
        QTest::addColumn<bool>("pair");    // sphere on sphere instead of a wall
        for (double r : {2.0, 3.0, 6.0}) {
            QTest::newRow(qPrintable(QStringLiteral("linear wall %1").arg(r)))
                << QStringLiteral("linear") << r << false;
            QTest::newRow(qPrintable(QStringLiteral("hertz wall %1").arg(r))) << QStringLiteral("hertz") << r << false;
            QTest::newRow(qPrintable(QStringLiteral("linear pair %1").arg(r))) << QStringLiteral("linear") << r << true;
        }
    }

    void obliqueImpactSliding()
    {
        QFETCH(QString, model);
        QFETCH(double, ratio);
        QFETCH(bool, pair);
        const bool hertz = model == QStringLiteral("hertz");
        const double mu = 0.3, e = 0.5, vn = 0.1, vt = ratio * vn;
        // gross sliding needs the slip to last the whole contact: v_t0 > 7/2 mu (1 + e) v_n0
        QVERIFY(vt > 3.5 * mu * (1.0 + e) * vn);
        // stiff contacts: the closed forms are for rigid spheres, and the contact point sits at
        // R - d/2, so the spin comes out low by ~ d_max / (2 R) (~1e-4 here: d_max ~ 2e-6 m); a pair
        // also slides sideways by v_t t_c during the contact, turning its normal by ~ v_t t_c / 2R
        // (~1e-4 here)
        const std::string material = hertz ? hertzMaterialJson("m", 1e11, 0.3, e, mu, 0.0, kDensity)
                                           : frictionMaterialJson("m", 1e9, 2.5e8, e, mu, 0.0, kDensity);
        // a pair: two equal spheres meeting head on along z with opposite tangential velocities,
        // the same as one sphere on a wall in their centre-of-mass frame
        const std::string bodies =
            pair ? "[" + sphereJson("m", kRadius, Vec3(0, 0, kRadius), Vec3(0.5 * vt, 0, -0.5 * vn)) + ", " +
                       sphereJson("m", kRadius, Vec3(0, 0, -kRadius), Vec3(-0.5 * vt, 0, 0.5 * vn)) + "]"
                 : "[" + sphereJson("m", kRadius, Vec3(0, 0, kRadius), Vec3(vt, 0, -vn)) + "]";
        const std::string json =
            sceneJson("[0, 0, 0]", "velocity_verlet", 1e-6, material, bodies, pair ? "[]" : floorJson("m"));
        const std::optional<OnStepKinematics> out = throughOneContact(json);
        QVERIFY(out);
        const OnStepKinematics& k = *out;
        // velocities of sphere 0 relative to the wall (pair: to the centre of mass, halved)
        const double scale = pair ? 2.0 : 1.0;
        const double vnOut = scale * k.velocity.z(), vtOut = scale * k.velocity.x();
        const double spinOut = scale * k.angularVelocity.y() * kRadius;
        // the normal restitution is the material's (linear: exact; Hertz: e(alpha) to 1e-6)
        TUMBLE_NEAR(vnOut, e * vn, 0.0, 5e-3);
        // gross sliding: impulse ratio mu; the spring reaches the limit within the first step, and
        // a step carries ~ dt / contact time ~ 3e-3 of the impulse
        TUMBLE_NEAR(vtOut, vt - mu * (1.0 + e) * vn, 0.0, 5e-3);
        TUMBLE_NEAR(spinOut, 2.5 * mu * (1.0 + e) * vn, 0.0, 5e-3);
    }

    void obliqueImpactTotalLimit()
    {
        // fast sliding: at first touch the cap is already mu c v_n0 (the dashpot's), and the spring
        // takes mu c v_n0 / (kt v_t0) to reach it, leaving out ~ mu (c v_n0)^2 / (2 kt v_t0) of the
        // impulse: 1.2e-3 of it at v_t0 = 6 m/s (1.2e-2 at 0.6)
        const double mu = 0.3, e = 0.5, vn = 0.1, vt = 6.0, kn = 1e9, m = sphereMass();
        std::string material = frictionMaterialJson("m", kn, 2.5e8, e, mu, 0.0, kDensity);
        material.insert(material.rfind('}') - 1, ", \"friction_limit\": \"total\"");
        const std::string json =
            sceneJson("[0, 0, 0]", "velocity_verlet", 1e-6, material,
                      "[" + sphereJson("m", kRadius, Vec3(0, 0, kRadius), Vec3(vt, 0, -vn)) + "]", floorJson("m"));
        const std::optional<OnStepKinematics> out = throughOneContact(json);
        QVERIFY(out);
        const OnStepKinematics& k = *out;
        // the fastest rebound within the contact (a wall: m* = m)
        const double zeta = dampingRatioFromRestitution(e);
        const double w = std::sqrt(kn / m), s = std::sqrt(1.0 - zeta * zeta), wd = w * s;
        const double theta = std::numbers::pi + std::atan(-2.0 * zeta * s / (1.0 - 2.0 * zeta * zeta));
        const double vp =
            vn * std::exp(-zeta * w * theta / wd) * std::abs(std::cos(theta) - zeta / s * std::sin(theta));
        QVERIFY(vp > e * vn && vp < vn);
        const double impulse = vn * (1.0 - e) + 2.0 * vp; // per unit mass, m/s
        // still sliding at the end: the closed form holds only then
        QVERIFY(vt - 3.5 * mu * impulse > 0.0);
        // the tangential impulse to the bound of obliqueImpactSliding (a step carries ~3e-3 of it)
        TUMBLE_NEAR(k.velocity.z(), e * vn, 0.0, 5e-3);
        TUMBLE_NEAR(vt - k.velocity.x(), mu * impulse, 0.0, 5e-3);
        TUMBLE_NEAR(k.angularVelocity.y() * kRadius, 2.5 * mu * impulse, 0.0, 5e-3);
        // the elastic cap's impulse mu (1 + e) v_n0 lies ten bounds away: the test tells the caps apart
        QVERIFY(std::abs(mu * (1.0 + e) * vn - mu * impulse) > 10 * 5e-3 * mu * impulse);
    }
};

QTEST_APPLESS_MAIN(TestFriction)
#include "TestFriction.moc"
