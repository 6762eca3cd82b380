// The closed forms a scene may declare (core/analysis): each against its defining equations
// (the ODE, energy, restitution e and contact duration pi / w_d) and against a small-dt rk4 run of
// its scene, with the tolerance from rk4's error bound.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "PresetSimulation.h"
#include "SceneText.h"
#include "TestHelpers.h"
#include "analysis/AnalyticSolutions.h"
#include "analysis/BouncingBallSolution.h"
#include "analysis/DampedOscillator.h"
#include "analysis/HarmonicOscillatorSolution.h"
#include "analysis/HeadOnImpactSolution.h"
#include "analysis/TorqueFreeSolution.h"
#include "contact/ContactLaw.h"
#include "scene/BuiltinScenes.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr double kPi = std::numbers::pi;

std::unique_ptr<AnalyticSolution> solutionOf(const Scene& s)
{
    return makeAnalyticSolution(s.analytic, s.world, s.params, s.listedBodies);
}

// RMS distance between the simulated centres and the closed form's at time t, m
double positionError(const Simulation& sim, const AnalyticSolution& exact, double t)
{
    return analyticError(exact, sim.world(), t);
}

// Runs rk4 at dt to the contacts' later time t and bounds its error from the force jumps.
// Linear spring-dashpot contacts are not smooth: where a contact opens or closes the dashpot
// force jumps by cn |v|. The step that straddles such an event misses at most that jump for at
// most one step, a velocity error <= (cn |v| / m) dt (RK4's weights sum to 1), which then grows
// the position error at most linearly, (t - t_event) + dt, through flight or the contact's
// oscillation (|sin(w_d t) / w_d| <= t); the smooth stretches add RK4's O(dt^4), far below.
// Factor 2: the O(1) factors of that propagation (cosines, the damping).
double eventBound(const NormalImpactMotion& motion, const NormalImpactParams& p, double dt, double t)
{
    double bound = 0.0;
    for (const NormalImpactMotion::Contact& c : motion.contacts(t)) {
        bound += p.cn * c.speedIn / p.mass * dt * (t - c.start + dt);
        if (c.end < t)
            bound += p.cn * c.speedOut / p.mass * dt * (t - c.end + dt);
    }
    return 2.0 * bound;
}

} // namespace

class TestAnalyticSolutions : public QObject {
    Q_OBJECT
private slots:
    void dampedOscillatorSolvesItsEquation()
    {
        // m x'' + c x' + k x = F with zeta = 0.1; central differences with w h = 1e-3 leave
        // (w h)^2 / 12 ~ 1e-7 of w^2 |x| in x'' and (w h)^2 / 6 in x'
        const double m = 0.01, k = 1e5, c = 0.2 * std::sqrt(k * m), f = 0.1;
        const DampedOscillator o(m, c, k, f, 0.0, 1.0);
        QCOMPARE(o.position(0.0), 0.0);
        TUMBLE_NEAR(o.velocity(0.0), 1.0, 1e-15, 0.0);
        const double w0 = std::sqrt(k / m);
        const double h = 1e-3 / w0;
        const double scale = k * (1.0 / w0 + f / k); // k |x|, N
        for (double t : {1e-4, 7e-4, 2.3e-3}) {
            const double xpp = (o.position(t + h) - 2.0 * o.position(t) + o.position(t - h)) / (h * h);
            const double xp = (o.position(t + h) - o.position(t - h)) / (2.0 * h);
            TUMBLE_NEAR(m * xpp + c * o.velocity(t) + k * o.position(t) - f, 0.0, 1e-6 * scale, 0.0);
            TUMBLE_NEAR(o.velocity(t), xp, 1e-6, 0.0); // m/s, against speeds ~1 m/s
        }
        QCOMPARE(o.equilibrium(), f / k);
        TUMBLE_NEAR(o.dampedFrequency(), w0 * std::sqrt(1.0 - 0.01), 0.0, 1e-15);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, DampedOscillator(m, 2.5 * std::sqrt(k * m), k, 0.0, 0.0, 1.0));
    }

    void contactEndsWhereTheOverlapReturnsToZero()
    {
        const double m = 0.01, k = 1e5, c = 0.3 * std::sqrt(k * m);
        // no force: x = v0 / w_d exp(-a t) sin(w_d t) returns to zero at exactly pi / w_d
        const DampedOscillator free(m, c, k, 0.0, 0.0, 1.0);
        const double tc = *free.firstDownCrossing();
        TUMBLE_NEAR(tc, kPi / free.dampedFrequency(), 0.0, 4e-16);
        // with a constant force pushing in, the root is found to the last bit: x >= 0 just
        // before, < 0 at it
        const DampedOscillator pushed(m, c, k, 2.0, 0.0, 1.0);
        const double t = *pushed.firstDownCrossing();
        QVERIFY(pushed.position(t) < 0.0);
        QVERIFY(pushed.position(std::nextafter(t, 0.0)) >= 0.0);
        QVERIFY(t > tc); // the force holds the body in longer
        // a touch too gentle to lift off against the force never ends
        QVERIFY(!DampedOscillator(m, c, k, 2.0, 0.0, 1e-3).firstDownCrossing());
        // starting compressed and moving out, it ends within the first half period
        const DampedOscillator out(m, c, k, 0.0, 1e-4, -0.5);
        const double t2 = *out.firstDownCrossing();
        QVERIFY(t2 > 0.0 && t2 < kPi / out.dampedFrequency());
        QVERIFY(std::abs(out.position(t2)) < 1e-19);
    }

    void harmonicOscillatorEnergyAndPeriod()
    {
        // the built-in scene: restitution 1, so w = sqrt(2 kn / m) with kn = 1e5 N/m, steel sphere
        // R = 1 cm; the energy 1/2 m v^2 + 1/2 k y^2 is constant and x returns every 2 pi / w
        const Scene s = loadBuiltinScene("harmonic-oscillator");
        const HarmonicOscillatorSolution h(s.world, s.params, s.listedBodies);
        const double m = 7800.0 * 4.0 / 3.0 * kPi * 1e-6;
        TUMBLE_NEAR(h.mass(), m, 0.0, 1e-14);
        QCOMPARE(h.stiffness(), 2e5);
        QCOMPARE(h.damping(), 0.0);
        TUMBLE_NEAR(h.equilibrium(), 0.0099, 1e-18, 0.0); // midway between the walls, 19.8 mm apart
        const DampedOscillator& o = h.oscillator();
        const auto energy = [&](double t) {
            return 0.5 * m * o.velocity(t) * o.velocity(t) + 0.5 * 2e5 * o.position(t) * o.position(t);
        };
        const double e0 = 0.5 * 2e5 * 5e-5 * 5e-5;
        const double period = 2.0 * kPi / std::sqrt(2e5 / m);
        for (double t : {0.0, 1.3e-4, 1e-3, 7.7e-3}) {
            TUMBLE_NEAR(energy(t), e0, 0.0, 1e-12);
            TUMBLE_NEAR(h.positions(t + period)[0].z(), h.positions(t)[0].z(), 1e-15, 0.0);
        }
        QCOMPARE(h.positions(0.0)[0], s.world.position[0]);
        TUMBLE_NEAR(h.positions(0.5 * period)[0].z(), -5e-5, 1e-15, 0.0);
    }

    void harmonicOscillatorAgainstRk4()
    {
        // RK4's factor for y' = i w y errs by (w h)^5 / 120 a step: the phase error after T is
        // w T (w h)^4 / 120, so the position error is at most A w T (w h)^4 / 120
        const Scene s = loadBuiltinScene("harmonic-oscillator");
        const auto exact = solutionOf(s);
        const double m = s.world.mass[0], w = std::sqrt(2e5 / m), amplitude = 5e-5;
        for (double wh : {0.04, 0.02}) {
            const double dt = wh / w, t = 200 * dt;
            Simulation sim = presetSimulation(s, "rk4", dt);
            sim.run(200);
            const double bound = amplitude * w * t * std::pow(wh, 4) / 120.0;
            const double err = positionError(sim, *exact, sim.world().time);
            QVERIFY2(err <= 1.1 * bound + 1e-18,
                     qPrintable(QStringLiteral("w h %1: error %2, bound %3").arg(wh).arg(err).arg(bound)));
            QVERIFY2(err >= 0.5 * bound,
                     qPrintable(QStringLiteral("the bound is RK4's actual error: %1 vs %2").arg(err).arg(bound)));
        }
    }

    void headOnImpactRestitutionAndDuration()
    {
        // two glass spheres, R 10 and 8 mm, kn = 1e5 N/m, e = 0.8, closing at 1 m/s from a gap of 12 mm
        const Scene s = loadBuiltinScene("two-sphere-impact");
        const HeadOnImpactSolution h(s.world, s.params, s.listedBodies);
        const double m1 = 2500.0 * 4.0 / 3.0 * kPi * 1e-6, m2 = 2500.0 * 4.0 / 3.0 * kPi * 0.008 * 0.008 * 0.008;
        const double mStar = m1 * m2 / (m1 + m2);
        const double zeta = -std::log(0.8) / std::sqrt(kPi * kPi + std::log(0.8) * std::log(0.8));
        const double cn = 2.0 * zeta * std::sqrt(mStar * 1e5);
        const double wd = std::sqrt(1e5 / mStar - cn * cn / (4.0 * mStar * mStar));
        TUMBLE_NEAR(h.params().cn, cn, 0.0, 1e-13);
        const auto contacts = h.motion().contacts(1.0);
        QCOMPARE(contacts.size(), std::size_t(1));
        TUMBLE_NEAR(contacts[0].start, 0.012, 0.0, 1e-13);
        TUMBLE_NEAR(contacts[0].end - contacts[0].start, kPi / wd, 0.0, 1e-12);
        TUMBLE_NEAR(contacts[0].speedOut / contacts[0].speedIn, 0.8, 0.0, 1e-12);
        // after the contact they part at 0.8 m/s, and the centre of mass keeps its velocity
        const std::vector<Vec3> a = h.positions(0.02), b = h.positions(0.03);
        TUMBLE_NEAR(((b[1] - b[0]) - (a[1] - a[0])).x() / 0.01, 0.8, 0.0, 1e-12);
        const double v = (m1 * 0.5 - m2 * 0.5) / (m1 + m2);
        TUMBLE_NEAR((m1 * b[0] + m2 * b[1]).x() / (m1 + m2), (m1 * -0.015 + m2 * 0.015) / (m1 + m2) + v * 0.03, 1e-17,
                    0.0);
    }

    void headOnImpactAgainstRk4()
    {
        const Scene s = loadBuiltinScene("two-sphere-impact");
        const HeadOnImpactSolution h(s.world, s.params, s.listedBodies);
        const double dt = 2e-7;
        Simulation sim = presetSimulation(s, "rk4", dt);
        // mid-contact and well after it
        for (long long steps : {61500LL, 70000LL}) {
            sim.run(steps - sim.world().step);
            const double t = sim.world().time;
            const double err = positionError(sim, h, t);
            const double bound = eventBound(h.motion(), h.params(), dt, t);
            QVERIFY2(err <= bound, qPrintable(QStringLiteral("t %1: error %2, bound %3").arg(t).arg(err).arg(bound)));
        }
    }

    void bouncingBallRebounds()
    {
        // glass sphere R = 1 cm dropped from 10 cm: it arrives at sqrt(2 g 0.09); each flight
        // keeps the speed (in = previous out); the bounces end in a finite number (the contact
        // then never opens again)
        const Scene s = loadBuiltinScene("bouncing-ball");
        const BouncingBallSolution b(s.world, s.params, s.listedBodies);
        const auto contacts = b.motion().contacts(50.0);
        TUMBLE_NEAR(contacts[0].speedIn, std::sqrt(2.0 * 9.81 * 0.09), 0.0, 1e-14);
        TUMBLE_NEAR(contacts[0].start, std::sqrt(2.0 * 0.09 / 9.81), 0.0, 1e-14);
        for (std::size_t k = 0; k + 1 < contacts.size(); ++k) {
            TUMBLE_NEAR(contacts[k + 1].speedIn, contacts[k].speedOut, 0.0, 1e-12);
            TUMBLE_NEAR(contacts[k + 1].start - contacts[k].end, 2.0 * contacts[k].speedOut / 9.81,
                        1e-15 * contacts[k + 1].start, 1e-13); // a few ulp(t)
            // the end is exact to the last bit of t: s is R within |v| ulp(t)
            TUMBLE_NEAR(b.motion().at(contacts[k].end).s, 0.01, 2.0 * contacts[k].speedOut * contacts[k].end * 2.3e-16,
                        0.0);
        }
        QVERIFY(contacts.size() > 10 && contacts.size() < 200);
        QVERIFY(std::isinf(contacts.back().end));
        // at rest on the spring, the overlap is m g / kn
        TUMBLE_NEAR(b.motion().at(49.0).s, 0.01 - s.world.mass[0] * 9.81 / 1e5, 1e-12, 0.0);

        // without gravity a throw at the wall comes back at exactly e, after pi / w_d
        const std::string text = std::string(R"({"format": "tumble-scene", "version": 1, "gravity": [0, 0, 0],
            "analytic": {"type": "bouncing_ball"}, "materials": [)") +
                                 materialJson(1e5, 0.6) + R"(],
            "bodies": [{"type": "sphere", "material": "m", "radius": 0.01, "position": [0, 0, 0.02], "velocity": [0, 0, -2]}],
            "walls": [{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "m"}]})";
        const Scene z = loadSceneText(text, "throw.json");
        const BouncingBallSolution t(z.world, z.params, z.listedBodies);
        const auto c = t.motion().contacts(1.0);
        QCOMPARE(c.size(), std::size_t(1));
        const double m = z.world.mass[0], zeta = dampingRatioFromRestitution(0.6);
        const double wd = std::sqrt(1e5 / m) * std::sqrt(1.0 - zeta * zeta);
        TUMBLE_NEAR(c[0].start, 0.005, 0.0, 1e-14);
        TUMBLE_NEAR(c[0].end - c[0].start, kPi / wd, 0.0, 1e-12);
        TUMBLE_NEAR(c[0].speedOut / c[0].speedIn, 0.6, 0.0, 1e-12);
    }

    void bouncingBallAgainstRk4()
    {
        // the first bounce (arrival at 0.1355 s, up again by 0.137 s), checked in the contact and
        // in the flight after it
        const Scene s = loadBuiltinScene("bouncing-ball");
        const BouncingBallSolution b(s.world, s.params, s.listedBodies);
        const double dt = 1e-6;
        Simulation sim = presetSimulation(s, "rk4", dt);
        for (long long steps : {135800LL, 200000LL}) {
            sim.run(steps - sim.world().step);
            const double t = sim.world().time;
            const double err = positionError(sim, b, t);
            const double bound = eventBound(b.motion(), b.params(), dt, t);
            QVERIFY2(err <= bound, qPrintable(QStringLiteral("t %1: error %2, bound %3").arg(t).arg(err).arg(bound)));
        }
    }

    void velocitiesAreTheClosedFormsDerivatives()
    {
        // the phase portrait's exact orbit (issue 22) takes velocities from the same closed forms
        const Scene osc = loadBuiltinScene("harmonic-oscillator");
        const HarmonicOscillatorSolution h(osc.world, osc.params, osc.listedBodies);
        // y = 5e-5 cos(w t), so v = -5e-5 w sin(w t), along z
        const double w = std::sqrt(h.stiffness() / h.mass());
        for (double t : {0.0, 1.3e-4, 1e-3, 7.7e-3}) {
            const Vec3 v = h.velocities(t)[0];
            TUMBLE_NEAR(v.z(), -5e-5 * w * std::sin(w * t), 1e-12 * 5e-5 * w, 0.0);
            QCOMPARE(v.x(), 0.0);
            QCOMPARE(h.angularVelocities(t)[0], Vec3::Zero().eval());
        }

        // the bouncing ball falls from rest, v = -g t, then leaves each contact at speedOut and
        // decelerates at g
        const Scene ball = loadBuiltinScene("bouncing-ball");
        const BouncingBallSolution b(ball.world, ball.params, ball.listedBodies);
        const auto contacts = b.motion().contacts(1.0);
        TUMBLE_NEAR(b.velocities(0.1)[0].z(), -9.81 * 0.1, 1e-15, 0.0);
        const double t1 = contacts[0].end + 0.01;
        TUMBLE_NEAR(b.velocities(t1)[0].z(), contacts[0].speedOut - 9.81 * 0.01, 1e-12, 0.0);

        // two spheres in a head-on impact keep their momentum, and part at e times the closing speed
        const Scene two = loadBuiltinScene("two-sphere-impact");
        const HeadOnImpactSolution i(two.world, two.params, two.listedBodies);
        const double m1 = two.world.mass[0], m2 = two.world.mass[1];
        const Vec3 p0 = m1 * two.world.velocity[0] + m2 * two.world.velocity[1];
        for (double t : {0.0, 0.0125, 0.03}) {
            const std::vector<Vec3> v = i.velocities(t);
            // to rounding: a few ulp of the larger momentum
            const double scale = m1 * v[0].norm() + m2 * v[1].norm();
            TUMBLE_NEAR((m1 * v[0] + m2 * v[1] - p0).norm(), 0.0, 8.0 * 2.2e-16 * scale, 0.0);
        }
        QCOMPARE(i.velocities(0.0)[0], two.world.velocity[0]);
        TUMBLE_NEAR((i.velocities(0.03)[1] - i.velocities(0.03)[0]).x(), 0.8, 0.0, 1e-12);

        // a torque-free body: R J R^T w is the angular momentum it started with
        const Scene top = loadBuiltinScene("dzhanibekov");
        const TorqueFreeSolution f(top.world, top.params, top.listedBodies);
        const Vec3 l0 = top.world.angularMomentum[0];
        for (double t : {0.0, 0.7, 2.9}) {
            const Mat3 r = f.orientations(t)[0].toRotationMatrix();
            const Vec3 l = r * top.world.inertia[0].asDiagonal() * r.transpose() * f.angularVelocities(t)[0];
            TUMBLE_NEAR((l - l0).norm(), 0.0, 1e-10 * l0.norm(), 0.0);
            QCOMPARE(f.velocities(t)[0], top.world.velocity[0]);
        }
    }

    void torqueFreeAgainstRk4()
    {
        // the Dzhanibekov clump: positions stay put, the orientation is TorqueFreeMotion's; RK4
        // with rk4_quaternion converges to it at fourth order (the ratio of errors at dt and
        // dt / 2 is 16 within the fit tolerance 2^(+-0.15) of the sweep)
        const Scene s = loadBuiltinScene("dzhanibekov");
        const TorqueFreeSolution f(s.world, s.params, s.listedBodies);
        QVERIFY(f.measure() == AnalyticMeasure::Angle);
        QCOMPARE(f.positions(3.0)[0], s.world.position[0]);
        double errors[2];
        for (int k = 0; k < 2; ++k) {
            const double dt = 4e-3 / (1 << k);
            Simulation sim = presetSimulation(s, "rk4", dt);
            sim.run(static_cast<long long>(std::llround(2.0 / dt)));
            errors[k] = analyticError(f, sim.world(), sim.world().time);
        }
        const double order = std::log2(errors[0] / errors[1]);
        QVERIFY2(std::abs(order - 4.0) < 0.15,
                 qPrintable(QStringLiteral("errors %1, %2: order %3").arg(errors[0]).arg(errors[1]).arg(order)));
        QVERIFY(errors[0] < 1e-3);
    }
};

QTEST_APPLESS_MAIN(TestAnalyticSolutions)
#include "TestAnalyticSolutions.moc"
