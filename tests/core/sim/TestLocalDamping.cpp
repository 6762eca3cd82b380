// Cundall local non-viscous damping: each component of a body's unbalanced force is reduced by
// alpha |F_k| sgn(v_k). A body falling from rest therefore accelerates at (1 - alpha) g, and the
// ledger books alpha m g per metre fallen as local-damping dissipation. In a packing it kills
// contact vibration: stacks of spheres ring down far sooner than on their dashpots alone (a
// poured random packing does not settle sooner, see packingComesToRestSooner).
//
// Free fall is checked against the exact discrete solution of each scheme, not a loosened
// continuous one. Velocity Verlet and the leapfrog are exact for a constant acceleration, so the
// only departure from z0 - 1/2 (1 - alpha) g t^2 comes from the first force evaluation: at
// construction the body is at rest, sgn(0) = 0, and that force (used for the first half kick of
// velocity Verlet, or the leapfrog's start-up half kick) is undamped, for both variants: the
// Woo variant's on-step estimate v + F/m dt/2 applies to half-step velocities only, and at
// construction the body holds the on-step v(0) = 0. (setLocalDamping on a live Simulation does
// not re-evaluate the current forces, so the same holds there.) With g the magnitude of
// gravity, a = (1 - alpha) g, dt the step and t = N dt, v_{1/2} = g dt/2 and every later kick
// is damped:
//   z(N)  = z0 - 1/2 a t^2 - 1/2 alpha g dt t          (the first half kick's surplus, carried)
//   vz(N) = -(a t + 1/2 alpha g dt)                      (on-step velocity)
//   D     = alpha m g h - alpha m g^2 dt^2 / 4           (trapezoidal work: the load at step 0 is 0)
//   balance error = m dt^2 (a^2 - g^2) / 8               (velocity Verlet's shadow term
//                                                         dt^2/(8m) (|F(t)|^2 - |F(0)|^2); it
//                                                         vanishes when F(t) = F(0))
// where h = z0 - z(N). The same holds for the leapfrog, whose on-step velocity and ledger see the
// same sequence of half-step velocities.
#include <QtTest>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "SceneText.h"
#include "TestHelpers.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr double kG = 9.81; // m/s^2, magnitude

std::string dampingJson(double alpha, const char* variant)
{
    return R"(, "damping": {"local": )" + std::to_string(alpha) + R"(, "local_variant": ")" + variant + R"("})";
}

/// A scene document with explicit schemes; dt is either a number (s) or {"factor": F}.
std::string schemeScene(const std::string& translation, const std::string& rotation, const std::string& dt,
                        const std::string& material, const std::string& bodiesOrGenerators, const std::string& walls,
                        const std::string& extra)
{
    return R"({"format": "tumble-scene", "version": 1, "gravity": [0, 0, -9.81], "integration": {"translation": ")" +
           translation + R"(", "rotation": ")" + rotation + R"(", "dt": )" + dt + R"(}, "materials": [)" + material +
           "], " + bodiesOrGenerators + R"(, "walls": )" + walls + extra + "}";
}

LocalDampingVariant variantFrom(const QString& name)
{
    return name == QLatin1String("woo") ? LocalDampingVariant::Woo : LocalDampingVariant::Pfc;
}

} // namespace

class TestLocalDamping : public QObject {
    Q_OBJECT
    struct Fall {
        double alpha = 0.0, z0 = 2.0, dt = 1e-3, mass = 0.0, time = 0.0;
        long long n = 500;
        Vec3 position;
        EnergySample energy;
        /// D in the header, J
        double expectedDissipated() const
        {
            const double h = z0 - position.z();
            return alpha * mass * kG * h - alpha * mass * kG * kG * dt * dt / 4.0;
        }
    };

    static void fallRows()
    {
        QTest::addColumn<QString>("translation");
        QTest::addColumn<QString>("rotation");
        QTest::addColumn<QString>("variant");
        QTest::addColumn<double>("alpha");
        QTest::addColumn<bool>("viaSetter"); // setLocalDamping after construction, else the scene

        const QString vv = "velocity_verlet", buss = "buss_2nd_order";         // pfc preset
        const QString cd = "central_difference", fincham = "fincham_leapfrog"; // woo preset
        const QString pfc = "pfc", woo = "woo";
        for (double alpha : {0.1, 0.5}) {
            QTest::addRow("pfc preset, pfc variant, alpha %g", alpha) << vv << buss << pfc << alpha << false;
            QTest::addRow("woo preset, woo variant, alpha %g", alpha) << cd << fincham << woo << alpha << false;
        }
        // the other variant on each preset, and the live setter
        QTest::newRow("woo preset, pfc variant, alpha 0.5") << cd << fincham << pfc << 0.5 << false;
        QTest::newRow("pfc preset, woo variant, alpha 0.5") << vv << buss << woo << 0.5 << false;
        QTest::newRow("pfc preset, pfc variant via setter, alpha 0.5") << vv << buss << pfc << 0.5 << true;
        QTest::newRow("woo preset, woo variant via setter, alpha 0.5") << cd << fincham << woo << 0.5 << true;
        // control: no damping, the plain parabola and no dissipation
        QTest::newRow("pfc preset, alpha 0 (control)") << vv << buss << pfc << 0.0 << false;
    }

    /// A 1 cm glass sphere released at rest at z0 = 2 m, no walls, 500 steps of 1 ms.
    static Fall fall()
    {
        QFETCH(QString, translation);
        QFETCH(QString, rotation);
        QFETCH(QString, variant);
        QFETCH(double, alpha);
        QFETCH(bool, viaSetter);

        Fall f;
        f.alpha = alpha;
        const std::string bodies =
            R"("bodies": [{"type": "sphere", "material": "m", "radius": 0.01, "position": [0, 0, 2]}])";
        const std::string damping = viaSetter ? "" : dampingJson(alpha, variant.toLatin1().constData());
        char dtText[32];
        std::snprintf(dtText, sizeof dtText, "%.17g", f.dt);
        Scene s = sceneFrom(schemeScene(translation.toStdString(), rotation.toStdString(), dtText,
                                        frictionMaterialJson("m", 1e5, 0.25e5, 0.5, 0.0, 0.0), bodies, "[]", damping));
        if (s.params.localDamping != (viaSetter ? 0.0 : alpha))
            QTest::qFail("the scene's damping was not read", __FILE__, __LINE__);
        f.mass = s.world.mass[0];
        Simulation sim(std::move(s.world), s.params);
        if (viaSetter)
            sim.setLocalDamping(alpha, variantFrom(variant));
        if (sim.params().localDamping != alpha || sim.params().localDampingVariant != variantFrom(variant))
            QTest::qFail("local damping parameters not applied", __FILE__, __LINE__);
        sim.run(f.n);
        if (sim.isUnstable())
            QTest::qFail(sim.instabilityMessage().c_str(), __FILE__, __LINE__);
        if (sim.contactCount() != 0)
            QTest::qFail("a contact in free fall", __FILE__, __LINE__);
        f.time = sim.world().time;
        f.position = sim.world().position[0];
        f.energy = sim.energy();
        return f;
    }

private slots:
    void freeFallFromRest_data() { fallRows(); }

    void freeFallFromRest()
    {
        const Fall f = fall();
        if (QTest::currentTestFailed())
            return;
        const double t = f.time;
        TUMBLE_NEAR(t, f.n * f.dt, 0.0, 1e-14);
        const double a = (1.0 - f.alpha) * kG;
        // positions are sums of n increments ~|v| dt on z0: at most a few n ulp(z0) = 1e-13 m of
        // rounding, below 1e-12 z0, while the first-kick term alpha g dt t / 2 is 2.5e-4 m to
        // 1.2e-3 m. Energies get the same tolerance times m g: 1e-12 m g z0.
        const double zExpected = f.z0 - 0.5 * a * t * t - 0.5 * f.alpha * kG * f.dt * t;
        TUMBLE_NEAR(f.position.z(), zExpected, 1e-12 * f.z0, 0.0);
        QCOMPARE(f.position.x(), 0.0);
        QCOMPARE(f.position.y(), 0.0);

        // the ledger's kinetic term is on-step, so this checks the on-step velocity
        const double vExpected = a * t + 0.5 * f.alpha * kG * f.dt;
        TUMBLE_NEAR(std::sqrt(2.0 * f.energy.kineticTranslational / f.mass), vExpected, 0.0, 1e-12);
        const double tol = 1e-12 * f.mass * kG * f.z0; // J
        TUMBLE_NEAR(f.energy.dissipated, f.expectedDissipated(), tol, 0.0);
        const double balance = f.mass * f.dt * f.dt * (a * a - kG * kG) / 8.0;
        TUMBLE_NEAR(f.energy.balanceError, balance, tol, 0.0);
        if (f.alpha > 0.0) // the shadow term is resolved, not lost in the tolerance
            QVERIFY(std::abs(balance) > 1e4 * tol);
    }

    void freeFallLedgerByMechanism_data() { fallRows(); }

    void freeFallLedgerByMechanism()
    {
        // the same falls: every joule dissipated is local damping (EnergySample's split by
        // mechanism; fails while the ledger fills only the total)
        const Fall f = fall();
        if (QTest::currentTestFailed())
            return;
        const double tol = 1e-12 * f.mass * kG * f.z0; // J
        TUMBLE_NEAR(f.energy.dissipatedLocalDamping, f.expectedDissipated(), tol, 0.0);
        TUMBLE_NEAR(f.energy.dissipatedParts(), f.energy.dissipated, tol, 0.0);
        QCOMPARE(f.energy.dissipatedDashpot, 0.0);
        QCOMPARE(f.energy.dissipatedViscous, 0.0);
    }

    void packingComesToRestSooner_data()
    {
        QTest::addColumn<QString>("translation");
        QTest::addColumn<QString>("rotation");
        QTest::addColumn<QString>("variant");
        QTest::newRow("pfc preset, pfc variant")
            << QString("velocity_verlet") << QString("buss_2nd_order") << QString("pfc");
        QTest::newRow("woo preset, woo variant")
            << QString("central_difference") << QString("fincham_leapfrog") << QString("woo");
    }

    void packingComesToRestSooner()
    {
        // 64 frictionless spheres from a 4 x 4 x 4 grid (spacing 2.5 R, no jitter) fall 12 mm into
        // a box of five plane walls and land as 16 stacks of four. Every contact is exactly
        // vertical, so settling is only contact vibration and rebound, what local damping is for.
        // After 0.2 s both runs have landed (the damped one falls at 0.3 g and lands last); the
        // damped stacks are at rest to rounding, the undamped ones still ring on their dashpots
        // (e = 0.5), which take the kinetic energy down by ~1e-2 per 25 ms.
        //
        // Not checked, because it does not hold: the same grid WITH jitter (a random packing) does
        // not come to rest sooner with alpha = 0.7, frictionless or with friction 0.3 or 0.5 (after
        // 2 s the damped box still held 1e-7 to 2e-5 J, the undamped one 1e-9 to 5e-7 J). Its late
        // motion is gravity-driven sliding, rolling and rearrangement, which a damping
        // proportional to the unbalanced force slows down, and force-free sliding or rolling along
        // the floor, which it cannot see.
        QFETCH(QString, translation);
        QFETCH(QString, rotation);
        QFETCH(QString, variant);
        const std::string generators =
            R"("generators": [{"type": "grid", "material": "m", "radius": 0.008, "count": [4, 4, 4], "spacing": 0.02,
                                 "origin": [-0.03, -0.03, 0.02], "jitter": 0.0}])";
        const std::string walls = R"([
            {"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "m"},
            {"type": "plane", "point": [-0.05, 0, 0], "normal": [1, 0, 0], "material": "m"},
            {"type": "plane", "point": [0.05, 0, 0], "normal": [-1, 0, 0], "material": "m"},
            {"type": "plane", "point": [0, -0.05, 0], "normal": [0, 1, 0], "material": "m"},
            {"type": "plane", "point": [0, 0.05, 0], "normal": [0, -1, 0], "material": "m"}])";
        const double duration = 0.2; // s

        struct Result {
            double kinetic = 0.0;      // J, at the end
            double weightRadius = 0.0; // J, sum m g R: lifting every sphere by its radius
            std::size_t contacts = 0;
            bool stacked = true; // every sphere on its grid column, inside the box
            std::string instability;
            EnergySample energy;
        };
        auto settle = [&](double alpha) {
            Scene s = sceneFrom(schemeScene(translation.toStdString(), rotation.toStdString(), R"({"factor": 0.3})",
                                            frictionMaterialJson("m", 1e5, 0.25e5, 0.5, 0.0, 0.0), generators, walls,
                                            dampingJson(alpha, variant.toLatin1().constData())));
            const std::vector<Vec3> start = s.world.position;
            Simulation sim(std::move(s.world), s.params);
            sim.run(std::llround(duration / sim.params().dt));
            Result r;
            r.energy = sim.energy();
            r.kinetic = r.energy.kineticTranslational + r.energy.kineticRotational;
            const World& w = sim.world();
            for (std::size_t i = 0; i < w.size(); ++i) {
                r.stacked = r.stacked && w.position[i].x() == start[i].x() && w.position[i].y() == start[i].y() &&
                            w.position[i].z() > 0.0;
                r.weightRadius += w.mass[i] * kG * w.radius[i];
            }
            r.contacts = sim.contactCount();
            r.instability = sim.instabilityMessage();
            return r;
        };
        const Result free = settle(0.0);
        const Result damped = settle(0.7);
        QVERIFY2(free.instability.empty(), free.instability.c_str());
        QVERIFY2(damped.instability.empty(), damped.instability.c_str());
        qInfo("after %.2f s: kinetic energy %.3g J (alpha 0) vs %.3g J (alpha 0.7), ratio %.3g; m g R summed %.3g J",
              duration, free.kinetic, damped.kinetic, free.kinetic / damped.kinetic, damped.weightRadius);
        QVERIFY(free.stacked && damped.stacked);
        // both landed: 16 floor contacts and three in each stack
        QCOMPARE(free.contacts, std::size_t(64));
        QCOMPARE(damped.contacts, std::size_t(64));
        QVERIFY(free.kinetic > 0.0);
        // damped: at rest (measured ~1e-28 J, rounding); undamped: still ringing (measured ~3e-13 J)
        QVERIFY(damped.kinetic < 1e-18 * damped.weightRadius);
        QVERIFY(free.kinetic > 1e-15 * free.weightRadius);
        QVERIFY2(free.kinetic > 1e6 * damped.kinetic, qPrintable(QString::number(free.kinetic / damped.kinetic)));
        QVERIFY(damped.energy.dissipated > 0.0);
    }
};

QTEST_APPLESS_MAIN(TestLocalDamping)
#include "TestLocalDamping.moc"
