// The built-in clump scenes (clump-incline, clump-drop, mixed-pile) against closed forms.
//
// Incline: a clump whose members all have radius r and centres on its axis, lying across a
// ramp of angle theta, rolls on every member at once like one wheel. With m and the axial moment
// J (World's computed mass properties), rigid-body rolling gives
//   a = g sin(theta) / (1 + J / (m r_e^2)),   w = v / r_e,   F_friction = J a / r_e^2,
// where r_e = r - d/2 is the contact lever arm (the contact point sits half-way through the
// resting overlap d = m g cos(theta) / (n kn) of each of the n members). Nothing slips, so the
// friction dissipation stays zero.
//
// Drop: a dissipative clump dropped on a floor comes to rest; the ledger closes to the scheme's
// error at the contact kinks; at rest the floor's normal forces carry m g.
//
// Mixed pile: loads with consistent mass properties, stays inside its box, stays stable, and its
// ledger closes at second order.
//
// Contact constants follow CONTACT.md's mixing rules (series springs, geometric-mean restitution,
// minimum friction), worked out here from the materials rather than read from the contact code.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>

#include "PresetSimulation.h"
#include "TestHelpers.h"
#include "integrate/IntegratorRegistry.h"
#include "model/OnStepKinematics.h"
#include "scene/BuiltinScenes.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr double kPi = std::numbers::pi;

/// The built-in scene `id` run with `preset`, at the scene's dt times dtScale.
Simulation builtinSimulation(const std::string& id, const std::string& preset, double dtScale = 1.0)
{
    Scene s = loadBuiltinScene(id);
    const double dt = s.params.dt * dtScale;
    return tumble::test::presetSimulation(std::move(s), preset, dt);
}

// CONTACT.md's mixing rules for a linear pair
struct PairConstants {
    double kn = 0.0, kt = 0.0, restitution = 0.0, friction = 0.0, rollingFriction = 0.0;
    /// the normal dashpot's damping ratio for restitution e (linear law), -
    double zeta() const
    {
        const double lnE = std::log(restitution);
        return -lnE / std::sqrt(kPi * kPi + lnE * lnE);
    }
};

PairConstants mix(const Material& a, const Material& b)
{
    PairConstants p;
    p.kn = 2.0 * a.kn * b.kn / (a.kn + b.kn);
    p.kt = 2.0 * a.kt * b.kt / (a.kt + b.kt);
    p.restitution = std::sqrt(a.restitution * b.restitution);
    p.friction = std::min(a.friction, b.friction);
    p.rollingFriction = std::min(a.rollingFriction, b.rollingFriction);
    return p;
}

Vec3 memberWorldPosition(const World& w, std::size_t j)
{
    const int b = w.memberBody[j];
    return w.position[b] + w.orientation[b] * w.memberOffset[j];
}

double kinetic(const EnergySample& e)
{
    return e.kineticTranslational + e.kineticRotational;
}

/// Upper bound on VV's energy error at contacts that open and close (ARCHITECTURE.md, "Why
/// velocity Verlet's ledger balances"). A step that straddles the moment a linear spring kn
/// engages or lets go (speed v along the normal, the kink a fraction theta into the step) does the
/// trapezoidal work 1/2 kn theta v^2 dt^2 where the spring takes 1/2 kn theta^2 v^2 dt^2: an error
/// 1/2 kn v^2 dt^2 theta (1 - theta) <= kn v^2 dt^2 / 8 per event. An impact in at v and out at
/// <= e v (the dashpot is set for the body's mass; a clump's contact point is lighter, m_eff <= m,
/// so it damps more, never less) costs <= kn dt^2 (1 + e^2) v^2 / 8 = (kn dt^2 / m_eff)
/// (1 + e^2) / 4 E_in, with E_in = 1/2 m_eff v^2. Each impact leaves (1 - e^2) E_in or more in the
/// dashpot, so the sum of E_in is at most D_dashpot / (1 - e^2). invMassEff bounds 1 / m_eff at
/// any contact (1/m + rho^2 / J1 for a body and a wall; twice the largest for a pair).
double contactKinkBound(double kn, double dt, double invMassEff, double e, double dissipatedDashpot)
{
    return kn * dt * dt * invMassEff * (1.0 + e * e) / (4.0 * (1.0 - e * e)) * dissipatedDashpot;
}

} // namespace

class TestClumpScenes : public QObject {
    Q_OBJECT
private slots:
    void builtinListHasClumpScenes()
    {
        std::set<std::string> ids;
        for (const BuiltinSceneInfo& s : builtinScenes()) {
            ids.insert(s.id);
            QVERIFY(!s.name.empty());
            QVERIFY(!s.description.empty());
        }
        for (const char* id : {"clump-drop", "clump-incline", "mixed-pile"}) {
            QVERIFY2(ids.count(id) == 1, id);
            QVERIFY(loadBuiltinScene(id).world.size() > 0);
        }
    }

    void rollingDownIncline_data()
    {
        QTest::addColumn<QString>("preset");
        for (const char* p : {"pfc", "woo", "rk4"})
            QTest::newRow(p) << QString(p);
    }

    void rollingDownIncline()
    {
        QFETCH(QString, preset);
        Simulation sim = builtinSimulation("clump-incline", preset.toStdString());
        const World& w = sim.world();
        const double dt = sim.params().dt;

        // the scene: one clump of two equal members on its axis of least inertia (principal axis 1)
        QCOMPARE(w.size(), std::size_t(1));
        QVERIFY(w.type[0] == BodyType::Clump);
        QCOMPARE(w.memberCount(), std::size_t(2));
        const double r = w.memberRadius[0];
        QCOMPARE(w.memberRadius[1], r);
        for (std::size_t j = 0; j < 2; ++j) {
            TUMBLE_NEAR(w.memberOffset[j].y(), 0.0, 1e-15, 0.0);
            TUMBLE_NEAR(w.memberOffset[j].z(), 0.0, 1e-15, 0.0);
        }
        const double h = 0.5 * std::abs(w.memberOffset[0].x() - w.memberOffset[1].x()); // half the centre distance
        QVERIFY(h < r);                                                                 // overlapping members

        // mass and axial moment: World's values against the union of two spheres cut at their
        // mid-plane (each half a sphere of radius r truncated h from its centre), slice by slice:
        // m = 2 pi rho int (r^2 - u^2) du, J = pi rho int (r^2 - u^2)^2 du over u in [-h, r]. The
        // loader's quadrature is good to ~1e-14 (ARCHITECTURE.md)
        const double m = w.mass[0], jAxis = w.inertia[0].x();
        const double rho = w.materials[w.material[0]].density;
        const double massCf = 2.0 * kPi * rho * (2.0 * r * r * r / 3.0 + r * r * h - h * h * h / 3.0);
        const double jCf =
            kPi * rho *
            (8.0 * std::pow(r, 5) / 15.0 + std::pow(r, 4) * h - 2.0 * r * r * h * h * h / 3.0 + std::pow(h, 5) / 5.0);
        TUMBLE_NEAR(m, massCf, 0.0, 1e-10);
        TUMBLE_NEAR(jAxis, jCf, 0.0, 1e-10);

        // the ramp (wall 0): downhill direction and the rolling axis, which is the clump's axis
        const Vec3 n = w.walls[0].normal;
        const double g = w.gravity.norm();
        const double cosT = -w.gravity.dot(n) / g;
        const double sinT = std::sqrt(1.0 - cosT * cosT);
        const Vec3 down = (w.gravity - w.gravity.dot(n) * n).normalized();
        const Vec3 axis = n.cross(down); // rolling downhill spins about +axis
        QVERIFY((w.orientation[0] * Vec3::UnitX()).cross(axis).norm() < 1e-9);

        // contact constants and the closed forms
        const PairConstants c = mix(w.materials[w.material[0]], w.materials[w.walls[0].material]);
        QCOMPARE(c.rollingFriction, 0.0);             // the ramp has none: free rolling
        const double d = m * g * cosT / (2.0 * c.kn); // resting overlap of each member
        const double re = r - 0.5 * d;                // lever arm of the contact point
        const double kJ = jAxis / (m * re * re);
        const double a = g * sinT / (1.0 + kJ);
        const double friction = m * g * sinT * kJ / (1.0 + kJ); // both contacts together
        // The scene starts from rest with empty tangential springs, so the springs' force rings
        // (undamped: linear law) between 0 and 2 x friction about its mean, at
        // w_t = sqrt(2 kt (1/m + r_e^2 / J)). That peak must stay below Coulomb's limit mu m g cos:
        // then nothing ever slips.
        QVERIFY(2.0 * friction < c.friction * m * g * cosT);
        const double omegaT = std::sqrt(2.0 * c.kt * (1.0 / m + re * re / jAxis));
        const double ringV = friction / (m * omegaT); // centre-of-mass velocity ringing, m/s
        const double uMean = friction / (2.0 * c.kt); // mean stretch of each tangential spring, m
        const double slipAmplitude = uMean * omegaT;  // contact point's speed ringing, m/s

        // Fit v(t) along the slope by least squares over [t1, t2], before the clump reaches the
        // floor (contact line at the foot after ~0.4 s): two contacts throughout
        const Vec3 x0 = w.position[0];
        const double t1 = 0.02, t2 = 0.3;
        double st = 0, sv = 0, stt = 0, stv = 0, count = 0;
        double meanSlip = 0.0, worstSlip = 0.0;
        while (w.time < t2) {
            sim.step();
            QVERIFY(!sim.isUnstable());
            QCOMPARE(sim.contactCount(), std::size_t(2));
            if (w.time < t1)
                continue;
            const OnStepKinematics k = onStepKinematics(w, 0, dt);
            const double v = k.velocity.dot(down);
            const double slip = v - k.angularVelocity.dot(axis) * re; // contact point's speed
            const double t = w.time;
            st += t;
            sv += v;
            stt += t * t;
            stv += t * v;
            count += 1.0;
            meanSlip += slip;
            worstSlip = std::max(worstSlip, std::abs(slip));
        }
        meanSlip /= count;
        const double span = t2 - t1;
        const double aFit = (count * stv - st * sv) / (count * stt - st * st);
        // A least-squares slope over a span T picks up at most 12 A (T / w + 2 / w^2) / T^3 from a
        // ringing of amplitude A and frequency w (integrate t cos(w t) by parts). Uniform
        // acceleration itself is integrated exactly by all three schemes.
        const double aTol = 12.0 * ringV * (span / omegaT + 2.0 / (omegaT * omegaT)) / std::pow(span, 3);
        qInfo("%s: a = %.9g, closed form %.9g (J / m r_e^2 = %.6f), error %.2e, tolerance %.2e", qPrintable(preset),
              aFit, a, kJ, std::abs(aFit - a), aTol);
        TUMBLE_NEAR(aFit, a, aTol, 0.0);

        // no slip: w = v / r_e. The contact point moves only by the springs' ringing: speed at
        // most u_mean w_t (10% for the discrete oscillator's amplitude, (w_t dt)^2 ~ 1.5% off the
        // continuous one), and on average by their stretch, which stays within [0, 2 u_mean]
        qInfo("slip: worst %.2e m/s (bound %.2e), mean %.2e m/s (bound %.2e)", worstSlip, 1.1 * slipAmplitude,
              std::abs(meanSlip), 2.0 * uMean / span);
        QVERIFY(worstSlip <= 1.1 * slipAmplitude);
        QVERIFY(std::abs(meanSlip) <= 2.0 * uMean / span);

        // energy only changes form: gravity's work goes into rolling; no friction, no rolling
        // resistance, no dashpot (no normal motion)
        const EnergySample e = sim.energy();
        const double drop = m * g * sinT * (w.position[0] - x0).dot(down); // potential energy released
        QVERIFY(drop > 0.0);
        QVERIFY(std::abs(e.dissipatedFriction) <= 1e-9 * drop);
        QCOMPARE(e.dissipatedRolling, 0.0);
        QVERIFY(std::abs(e.dissipated) <= 1e-9 * drop);
        // and the ledger closes to the smooth-force error of the schemes: no contact opens or
        // closes, so what remains is VV's telescoping term dt^2 / 8 (|F|^2 / m + |T|^2 / J), with
        // F, T at most m g and friction r_e; the shadow energy of the ringing springs, (w_t dt)^2
        // times their energy 1/2 (2 kt) (2 u_mean)^2 at most; and the rotation schemes' angle error.
        // Fincham's leapfrog turns the body by w dt (1 + (w dt)^2 / 24) per step about a fixed
        // axis (its unnormalised half-step quaternion: tan(phi/2) = (w dt / 2) / (1 - (w dt)^2 / 8)),
        // so the friction torque T does T w dt (w dt)^2 / 24 more work on the springs than on the
        // spin; with w = a t / r_e that sums to T a^3 dt^2 t^4 / (96 r_e^3). Buss's exponential map
        // is exact about a fixed axis and RK4's quaternion error is O((w dt)^5): this bounds all three.
        // (The same overshoot shifts w = v / r_e by (w dt)^2 / 24 < 1e-5: far inside the slip bounds.)
        const double torque = friction * re;
        const double ledgerTol = dt * dt / 8.0 * (2.0 * m * g * g + 2.0 * torque * torque / jAxis) +
                                 std::pow(omegaT * dt, 2) * c.kt * std::pow(2.0 * uMean, 2) +
                                 torque * std::pow(a, 3) * dt * dt * std::pow(w.time, 4) / (96.0 * std::pow(re, 3));
        qInfo("balance error %.2e J (bound %.2e J), kinetic %.6g J vs drop %.6g J", e.balanceError, ledgerTol,
              kinetic(e), drop);
        QVERIFY(std::abs(e.balanceError) <= ledgerTol);
    }

    void dropComesToRest_data()
    {
        QTest::addColumn<QString>("preset");
        for (const char* p : {"pfc", "woo", "rk4"})
            QTest::newRow(p) << QString(p);
    }

    void dropComesToRest()
    {
        QFETCH(QString, preset);
        Simulation sim = builtinSimulation("clump-drop", preset.toStdString());
        const World& w = sim.world();
        const double dt = sim.params().dt;
        QCOMPARE(w.size(), std::size_t(1));
        QVERIFY(w.type[0] == BodyType::Clump);
        QVERIFY(w.memberCount() >= 3);
        QCOMPARE(w.walls.size(), std::size_t(1));
        const Wall& floor = w.walls[0];
        const double m = w.mass[0], j1 = w.inertia[0].minCoeff(), rho = w.radius[0], g = w.gravity.norm();
        const PairConstants c = mix(w.materials[w.material[0]], w.materials[floor.material]);
        const double cn = 2.0 * c.zeta() * std::sqrt(m * c.kn); // the dashpot, set for the body's mass
        const double e0 = sim.energy().total();                 // gravity above the floor plus the initial spin
        QVERIFY(e0 > 0.0);

        // fall, bounce, rock, settle: 2.5 s is a few times what it takes
        double worstBalance = 0.0;
        const double tSettled = 2.5, tEnd = 3.5;
        while (w.time < tSettled) {
            sim.step();
            worstBalance = std::max(worstBalance, std::abs(sim.energy().balanceError));
        }
        QVERIFY(!sim.isUnstable());

        // at rest over [tSettled, tEnd]: kinetic energy below 1e-9 of the drop's, resting on at
        // least three members (two would be a knife edge). Over the window the floor's normal
        // forces, averaged, equal m g up to m |dv_z| / T (impulse; friction on a flat floor is
        // horizontal), and |dv_z| <= 2 sqrt(2 K_max / m). The normal force per member is
        // kn d - cn v_n with d the overlap and v_n the contact point's normal velocity, worked out
        // here from the pose and velocities.
        const double restFraction = 1e-9;
        double impulse = 0.0, previous = 0.0, kineticMax = 0.0;
        bool first = true;
        std::size_t fewestContacts = w.memberCount();
        const double t0 = w.time;
        while (w.time < tEnd) {
            sim.step();
            const EnergySample e = sim.energy();
            worstBalance = std::max(worstBalance, std::abs(e.balanceError));
            kineticMax = std::max(kineticMax, kinetic(e));
            fewestContacts = std::min(fewestContacts, sim.contactCount());
            const OnStepKinematics k = onStepKinematics(w, 0, dt);
            double normal = 0.0;
            for (std::size_t j = 0; j < w.memberCount(); ++j) {
                const Vec3 p = memberWorldPosition(w, j);
                const double overlap = w.memberRadius[j] - (p - floor.point).dot(floor.normal);
                if (overlap <= 0.0)
                    continue;
                const Vec3 arm = p - floor.normal * (w.memberRadius[j] - 0.5 * overlap) - w.position[0];
                const double vn = (k.velocity + k.angularVelocity.cross(arm)).dot(floor.normal);
                normal += c.kn * overlap - cn * vn;
            }
            if (!first) // trapezoid, as the schemes integrate forces
                impulse += 0.5 * (previous + normal) * dt;
            previous = normal;
            first = false;
        }
        const double window = w.time - t0 - dt;
        QVERIFY(!sim.isUnstable());
        qInfo("%s: largest kinetic energy at rest %.2e E0, fewest contacts %zu", qPrintable(preset), kineticMax / e0,
              fewestContacts);
        QVERIFY(kineticMax <= restFraction * e0);
        QVERIFY(fewestContacts >= 3);
        const double meanNormal = impulse / window;
        // (plus rounding: the overlaps are ~1e-6 m differences of ~1e-2 m coordinates, so each
        // rounding costs them ~2e-12 relative; 1e-9 of m g allows a few hundred)
        const double weightTol = 2.0 * m * std::sqrt(2.0 * kineticMax / m) / window + 1e-9 * m * g;
        qInfo("mean normal force %.12g N, weight %.12g N, difference %.2e N (tolerance %.2e N)", meanNormal, m * g,
              std::abs(meanNormal - m * g), weightTol);
        TUMBLE_NEAR(meanNormal, m * g, weightTol, 0.0);

        // the ledger: total + dissipated = E0 up to the contact-kink error (see contactKinkBound;
        // derived for velocity Verlet, whose positions Woo's central difference shares). RK4
        // integrates across a kink with positive weights summing to one, so its error per event
        // is at most the whole 1/2 kn v^2 dt^2 rather than VV's 1/8 of it: 8 times the bound.
        const EnergySample e = sim.energy();
        const double schemeFactor = preset == QStringLiteral("rk4") ? 8.0 : 1.0;
        const double bound =
            schemeFactor * contactKinkBound(c.kn, dt, 1.0 / m + rho * rho / j1, c.restitution, e.dissipatedDashpot);
        qInfo("worst |balance error| %.3e E0 (bound %.3e E0); dissipated %.4f E0 (dashpot %.4f, friction %.4f, "
              "rolling %.4f)",
              worstBalance / e0, bound / e0, e.dissipated / e0, e.dissipatedDashpot / e0, e.dissipatedFriction / e0,
              e.dissipatedRolling / e0);
        QVERIFY(e.dissipatedDashpot > 0.0 && e.dissipatedFriction > 0.0);
        QVERIFY(worstBalance <= bound);
    }

    void mixedPileSettles()
    {
        const Scene scene = loadBuiltinScene("mixed-pile");
        const World& w0 = scene.world;
        QVERIFY(w0.size() >= 100 && w0.size() <= 300);
        QCOMPARE(w0.walls.size(), std::size_t(5));
        // mass properties against their closed forms. The pile's clumps are spheres that touch
        // without overlapping, so the union's properties are exact sums: mass rho sum 4/3 pi r^3,
        // centre of mass at the mass-weighted centroid, inertia sum 2/5 m_i r_i^2 1 plus the
        // parallel-axis terms m_i (|o_i|^2 1 - o_i o_i^T). Member offsets o_i are stored in the
        // principal frame about the centre of mass, so there the sum must be 0 and the tensor
        // diagonal with the principal moments on it (to rounding: 1e-12 of the largest moment).
        std::size_t clumps = 0;
        std::vector<std::vector<std::size_t>> members(w0.size());
        for (std::size_t j = 0; j < w0.memberCount(); ++j)
            members[w0.memberBody[j]].push_back(j);
        for (std::size_t b = 0; b < w0.size(); ++b) {
            const double rho = w0.materials[w0.material[b]].density;
            double mass = 0.0;
            Vec3 moment = Vec3::Zero();
            Mat3 inertia = Mat3::Zero();
            for (std::size_t j : members[b]) {
                const double r = w0.memberRadius[j];
                const Vec3& o = w0.memberOffset[j];
                const double mj = rho * 4.0 / 3.0 * kPi * r * r * r;
                mass += mj;
                moment += mj * o;
                inertia += (0.4 * mj * r * r + mj * o.squaredNorm()) * Mat3::Identity() - mj * o * o.transpose();
                for (std::size_t k : members[b]) // no two members of a body overlap
                    QVERIFY(k <= j || (w0.memberOffset[k] - o).norm() >= w0.memberRadius[k] + r);
            }
            clumps += w0.type[b] == BodyType::Clump ? 1 : 0;
            QVERIFY(members[b].size() >= (w0.type[b] == BodyType::Clump ? 2u : 1u));
            const Vec3& jp = w0.inertia[b];
            const double scale = jp.maxCoeff();
            TUMBLE_NEAR(w0.mass[b], mass, 0.0, 1e-12);
            QVERIFY(moment.norm() <= 1e-12 * mass * w0.radius[b]);
            for (int p = 0; p < 3; ++p)
                for (int q = 0; q < 3; ++q)
                    TUMBLE_NEAR(inertia(p, q), p == q ? jp[p] : 0.0, 1e-12 * scale, 0.0);
            QVERIFY(jp.x() <= jp.y() && jp.y() <= jp.z()); // ascending, as World keeps them
        }
        QVERIFY(clumps > 0 && clumps < w0.size()); // clumps and spheres

        // a short settle at the scene's dt and at half of it: the lattice's lower layers land and
        // the upper ones arrive (top layer at ~0.23 s)
        double worst[2] = {0.0, 0.0};
        for (int run = 0; run < 2; ++run) {
            Simulation sim = builtinSimulation("mixed-pile", "pfc", run == 0 ? 1.0 : 0.5);
            const World& w = sim.world();
            const double dt = sim.params().dt;
            const double e0 = sim.energy().total();
            // every contact of the pile: body-body and body-wall share one law here
            const PairConstants c = mix(w.materials[w.material[0]], w.materials[w.walls[0].material]);
            for (std::size_t b = 0; b < w.size(); ++b)
                QCOMPARE(w.material[b], w.material[0]);
            QCOMPARE(w.materials[w.material[0]].kn, c.kn);
            const double kn = c.kn;
            // a contact that stored the whole initial energy would hold 1/2 kn d^2 = E0: no wall
            // overlap can exceed that

            const double maxOverlap = std::sqrt(2.0 * e0 / kn);
            double worstOverlap = 0.0;
            while (w.time < 0.2) {
                sim.step();
                worst[run] = std::max(worst[run], std::abs(sim.energy().balanceError));
                for (std::size_t j = 0; j < w.memberCount(); ++j)
                    for (const Wall& wall : w.walls) {
                        const double s = (w.memberPosition[j] - wall.point).dot(wall.normal);
                        QVERIFY2(s > 0.0, "a member's centre left the box");
                        worstOverlap = std::max(worstOverlap, w.memberRadius[j] - s);
                    }
            }
            QVERIFY2(!sim.isUnstable(), sim.instabilityMessage().c_str());
            QVERIFY(worstOverlap <= maxOverlap);
            const EnergySample e = sim.energy();
            QVERIFY(e.dissipatedDashpot > 0.0);
            // the kink bound with a pair's 1/m_eff <= twice the largest body's 1/m + rho^2 / J1
            double invMassEff = 0.0;
            for (std::size_t b = 0; b < w.size(); ++b)
                invMassEff =
                    std::max(invMassEff, 1.0 / w.mass[b] + w.radius[b] * w.radius[b] / w.inertia[b].minCoeff());
            const double bound = contactKinkBound(kn, dt, 2.0 * invMassEff, c.restitution, e.dissipatedDashpot);
            qInfo("dt %.3e s: worst |balance error| %.3e E0 (bound %.3e E0), worst wall overlap %.2e m (bound %.2e m)",
                  dt, worst[run] / e0, bound / e0, worstOverlap, maxOverlap);
            QVERIFY(worst[run] <= bound);
        }
        // second order (velocity Verlet): halving dt divides the error by 4; two points over a
        // contact-rich run, so the order within the +-0.35 that TestEnergyBalance allows
        const double order = std::log2(worst[0] / worst[1]);
        qInfo("balance error order %.2f", order);
        TUMBLE_NEAR(order, 2.0, 0.35, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestClumpScenes)
#include "TestClumpScenes.moc"
