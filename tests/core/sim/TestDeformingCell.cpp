// Free bodies in a uniformly deforming periodic cell against the closed forms of
// docs/PERIODIC.md, under every translation scheme:
// - medium-carried (Woo): a body at rest in the medium keeps its fractional coordinates to
//   rounding under any constant L; one with a fluctuation velocity u0 is at
//   x(t) = exp(t L) x0 + integral_0^t exp((t - s) L) ds u0, which the single-stage schemes
//   reach to rounding (their drift is the medium's exact motion) and RK4 at its order 4;
// - Lees-Edwards (Newton): a free body moves in a straight line; it keeps its fractional
//   coordinates only where the medium's motion is itself free motion (simple shear, L^2 = 0);
// - a live change of L carries the bodies into the new medium (medium-carried) or leaves their
//   velocities alone (Lees-Edwards); a sphere's spin follows the medium's.
#include <QtTest>

#include <cmath>

#include "TestHelpers.h"
#include "integrate/IntegratorRegistry.h"
#include "model/OnStepKinematics.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr double kEps = 2.220446049250313e-16;

// shear, stretch and spin together
Mat3 generalGradient()
{
    Mat3 l;
    l << -0.4, 1.5, 0.2, 0.3, 0.1, -0.6, -0.2, 0.5, 0.3;
    return l;
}

Mat3 simpleShear(double rate)
{
    Mat3 l = Mat3::Zero();
    l(0, 1) = rate;
    return l;
}

const Vec3 kStarts[3] = {Vec3(0.011, 0.023, 0.031), Vec3(0.082, 0.054, 0.017), Vec3(0.046, 0.091, 0.072)};

// three small spheres far apart in a 0.1 m cube, no gravity; velocity of body i: lab(i, x)
template <class F> World cellWorld(const Mat3& gradient, CellModel model, F lab)
{
    World w;
    w.materials.push_back(Material{});
    w.gravity = Vec3::Zero();
    const Vec3 spin = PeriodicCell::spinOf(gradient);
    for (int i = 0; i < 3; ++i)
        w.addSphere(0, 0.001, kStarts[i], lab(i, kStarts[i]), model == CellModel::MediumCarried ? spin : Vec3::Zero());
    w.cell = PeriodicCell(0.1 * Mat3::Identity(), {true, true, true}, gradient, model);
    return w;
}

// a rotation scheme each translation scheme may be combined with
std::string rotationFor(const std::string& translation)
{
    for (const SchemeInfo& r : rotationSchemes())
        if (schemeCombinationError(translation, r.name).empty())
            return r.name;
    return {};
}

Simulation simulation(World w, const std::string& translation, double dt)
{
    SimParams p;
    p.dt = dt;
    p.translation = translation;
    p.rotation = rotationFor(translation);
    p.sortBodies = false;
    return Simulation(std::move(w), p);
}

// the exact position at t of a body that starts at x0 with fluctuation velocity u0
Vec3 carriedExactly(const Mat3& gradient, const Vec3& x0, const Vec3& u0, double t)
{
    const MediumStep whole =
        PeriodicCell(Mat3::Identity(), {true, true, true}, gradient, CellModel::MediumCarried).step(t);
    return whole.map * x0 + whole.carry * u0;
}

// how far x is from y, up to whole periods of the cell (bodies that leave it are wrapped back:
// Simulation::wrapBodies), m
double distanceUpToImages(const PeriodicCell& cell, const Vec3& x, const Vec3& y)
{
    const Vec3 s = cell.fractional(x - y);
    const Vec3 n = s.array().round().matrix();
    return (x - y - cell.vectors() * n).norm();
}

Vec3 fluctuation(int i)
{
    return Vec3(0.02 * (i + 1), -0.015, 0.01 * (2 - i)); // m/s
}

// a translation scheme rotation may be combined with
std::string translationFor(const std::string& rotation)
{
    if (schemeCombinationError("velocity_verlet", rotation).empty())
        return "velocity_verlet";
    for (const SchemeInfo& t : translationSchemes())
        if (schemeCombinationError(t.name, rotation).empty())
            return t.name;
    return {};
}

// a step of dt (s) with rotation scheme rotation and a translation scheme it combines with
SimParams rotationParams(const QString& rotation, double dt)
{
    SimParams p;
    p.dt = dt;
    p.rotation = rotation.toStdString();
    p.translation = translationFor(p.rotation);
    p.sortBodies = false;
    return p;
}

// one free clump (principal moments 1 : 2 : 3, about 1e-7 kg m^2) in a 0.1 m cube with the
// medium's velocity at its centre, turning at the medium's spin plus spin (rad/s)
World clumpInMedium(const Mat3& gradient, const Vec3& spin)
{
    World w;
    w.materials.push_back(Material{});
    w.gravity = Vec3::Zero();
    const Vec3 x(0.05, 0.04, 0.06);
    const Quat q = Quat(Eigen::AngleAxisd(0.7, Vec3(1.0, 2.0, -0.5).normalized()));
    const int b = w.addRigidBody(0, 0.01, Vec3(1e-7, 2e-7, 3e-7), q, 0.01, x, gradient * x,
                                 PeriodicCell::spinOf(gradient) + spin);
    w.addMember(b, Vec3(0.004, 0.0, 0.0), 0.004);
    w.addMember(b, Vec3(-0.004, 0.0, 0.0), 0.004);
    w.cell = PeriodicCell(0.1 * Mat3::Identity(), {true, true, true}, gradient, CellModel::MediumCarried);
    return w;
}

// the angle (rad) between two orientations
double angleBetween(const Quat& a, const Quat& b)
{
    return 2.0 * std::asin(std::min(1.0, (a.conjugate() * b).vec().norm()));
}

} // namespace

class TestDeformingCell : public QObject {
    Q_OBJECT
private slots:
    void bodiesAtRestInTheMediumKeepTheirFractionalCoordinates_data()
    {
        QTest::addColumn<QString>("translation");
        for (const SchemeInfo& s : translationSchemes())
            QTest::newRow(s.name.c_str()) << QString::fromStdString(s.name);
    }
    void bodiesAtRestInTheMediumKeepTheirFractionalCoordinates()
    {
        QFETCH(QString, translation);
        const Mat3 l = generalGradient();
        Simulation sim =
            simulation(cellWorld(l, CellModel::MediumCarried, [&](int, const Vec3& x) { return Vec3(l * x); }),
                       translation.toStdString(), 1e-4);
        const int steps = 2000;
        sim.run(steps);
        const World& w = sim.world();
        // the bodies and the cell take the same map every step; that map's rounding adds up
        for (std::size_t i = 0; i < 3; ++i) {
            const Vec3 carried = w.cell->deformation() * kStarts[i];
            QVERIFY2((w.position[i] - carried).norm() <= 8.0 * steps * kEps * carried.norm(),
                     qPrintable(QString::number((w.position[i] - carried).norm())));
            QVERIFY((w.velocity[i] - l * w.position[i]).norm() <= 8.0 * steps * kEps * w.velocity[i].norm());
            // a sphere's spin is the medium's
            QVERIFY((w.angularVelocity[i] - PeriodicCell::spinOf(l)).norm() <= 1e-15);
        }
    }

    void aFluctuationVelocityIsCarriedExactly_data()
    {
        QTest::addColumn<QString>("translation");
        for (const SchemeInfo& s : translationSchemes())
            if (s.name != "rk4")
                QTest::newRow(s.name.c_str()) << QString::fromStdString(s.name);
    }
    void aFluctuationVelocityIsCarriedExactly()
    {
        // no force: the fluctuation velocity is constant, and a single-stage scheme's drift is
        // the medium's exact motion over each step
        QFETCH(QString, translation);
        const Mat3 l = generalGradient();
        Simulation sim = simulation(
            cellWorld(l, CellModel::MediumCarried, [&](int i, const Vec3& x) { return Vec3(l * x + fluctuation(i)); }),
            translation.toStdString(), 1e-3);
        const int steps = 500;
        sim.run(steps);
        const World& w = sim.world();
        for (int i = 0; i < 3; ++i) {
            const Vec3 exact = carriedExactly(l, kStarts[i], fluctuation(i), steps * 1e-3);
            const double off = distanceUpToImages(*w.cell, w.position[i], exact);
            QVERIFY2(off <= 8.0 * steps * kEps * exact.norm(), qPrintable(QString::number(off)));
            QVERIFY((w.velocity[i] - l * w.position[i] - fluctuation(i)).norm() <= 8.0 * steps * kEps);
        }
    }

    void rk4CarriesAFluctuationVelocityAtOrderFour()
    {
        // Lawson's RK4 integrates exp(-tau L) u0 over each step by Simpson's rule: its error is
        // h^4 T |L|^4 |u0| / 2880 (times the medium's growth): order 4 in h
        const Mat3 l = 3.0 * generalGradient();
        const double t = 1.0;
        double error[2] = {0.0, 0.0};
        for (int k = 0; k < 2; ++k) {
            const int steps = 10 << k;
            Simulation sim = simulation(cellWorld(l, CellModel::MediumCarried,
                                                  [&](int i, const Vec3& x) { return Vec3(l * x + fluctuation(i)); }),
                                        "rk4", t / steps);
            sim.run(steps);
            error[k] = distanceUpToImages(*sim.world().cell, sim.world().position[0],
                                          carriedExactly(l, kStarts[0], fluctuation(0), t));
        }
        const double norm = l.norm(), h = t / 10;
        const double bound =
            std::pow(h, 4) * t * std::pow(norm, 4) * fluctuation(0).norm() / 2880.0 * std::exp(2.0 * norm * t);
        QVERIFY2(error[0] > 0.0 && error[0] <= bound, qPrintable(QString("%1 > %2").arg(error[0]).arg(bound)));
        const double order = std::log2(error[0] / error[1]);
        qInfo("rk4 in a deforming cell: error %g (bound %g), order %.3f", error[0], bound, order);
        QVERIFY2(std::abs(order - 4.0) <= 0.2, qPrintable(QString::number(order)));
    }

    void leesEdwardsBodiesMoveInStraightLines_data()
    {
        QTest::addColumn<QString>("translation");
        for (const SchemeInfo& s : translationSchemes())
            QTest::newRow(s.name.c_str()) << QString::fromStdString(s.name);
    }
    void leesEdwardsBodiesMoveInStraightLines()
    {
        // Newton's law in the lab: x0 + v0 t, whatever the medium does. Under isotropic
        // compression L = -r I a body started with the medium's velocity -r x0 is at x0 (1 - r t)
        // while the medium's point is at x0 exp(-r t): its fractional coordinates grow as
        // exp(r t) (1 - r t)
        QFETCH(QString, translation);
        const double r = 0.5;
        const Mat3 l = -r * Mat3::Identity();
        Simulation sim =
            simulation(cellWorld(l, CellModel::LeesEdwards, [&](int, const Vec3& x) { return Vec3(l * x); }),
                       translation.toStdString(), 1e-3);
        const int steps = 400;
        const double t = steps * 1e-3;
        sim.run(steps);
        const World& w = sim.world();
        for (std::size_t i = 0; i < 3; ++i) {
            const Vec3 exact = kStarts[i] * (1.0 - r * t);
            QVERIFY2((w.position[i] - exact).norm() <= 8.0 * steps * kEps * kStarts[i].norm(),
                     qPrintable(QString::number((w.position[i] - exact).norm())));
            const Vec3 s = w.cell->fractional(w.position[i]);
            const Vec3 s0 = kStarts[i] / 0.1;
            QVERIFY((s - s0 * std::exp(r * t) * (1.0 - r * t)).norm() <= 1e-12);
        }
    }

    void leesEdwardsKeepsFractionalCoordinatesUnderSimpleShear()
    {
        // L^2 = 0: the medium's own motion x0 + t L x0 is a straight line, so both models agree
        const Mat3 l = simpleShear(2.0);
        for (CellModel model : {CellModel::LeesEdwards, CellModel::MediumCarried}) {
            Simulation sim = simulation(cellWorld(l, model, [&](int, const Vec3& x) { return Vec3(l * x); }),
                                        "velocity_verlet", 1e-3);
            sim.run(200); // strain 0.4: no flip yet
            for (std::size_t i = 0; i < 3; ++i) {
                const Vec3 s = sim.world().cell->fractional(sim.world().position[i]);
                QVERIFY((s - kStarts[i] / 0.1).norm() <= 1e-13);
            }
        }
    }

    void aLiveChangeOfTheGradientCarriesTheBodiesIntoTheNewMedium()
    {
        const Mat3 before = simpleShear(1.0);
        Mat3 after = simpleShear(-2.0);
        after(1, 1) = -0.3;
        for (CellModel model : {CellModel::MediumCarried, CellModel::LeesEdwards}) {
            Simulation sim = simulation(cellWorld(before, model, [&](int, const Vec3& x) { return Vec3(before * x); }),
                                        "velocity_verlet", 1e-3);
            sim.run(100);
            const World& w = sim.world();
            const std::vector<Vec3> v = w.velocity;
            const std::vector<Vec3> omega = w.angularVelocity;
            LiveParams change;
            change.velocityGradient = after;
            const EnergySample before0 = sim.energy();
            const LiveChange out = sim.apply(change);
            QVERIFY(out.velocityGradient);
            // the ledger counts the motion relative to the medium: under Lees-Edwards the bodies'
            // velocities relative to the new medium differ, and the change is booked as external
            // work, so the balance does not jump
            const EnergySample after0 = sim.energy();
            double labEnergy = 0.0; // J, the scale of the rounding
            for (std::size_t i = 0; i < 3; ++i)
                labEnergy += 0.5 * w.mass[i] * w.velocity[i].squaredNorm();
            TUMBLE_NEAR(after0.balanceError, before0.balanceError, 1e-12 * labEnergy, 0.0);
            if (model == CellModel::LeesEdwards)
                QVERIFY(std::abs(after0.externalWork - before0.externalWork) > 0.0);
            QCOMPARE(out.markers.back(), std::string("L xy -2 yy -0.3 1/s"));
            QCOMPARE(w.cell->gradient(), after);
            for (std::size_t i = 0; i < 3; ++i) {
                if (model == CellModel::MediumCarried) {
                    // at rest in the old medium, so at rest in the new one
                    QVERIFY((w.velocity[i] - after * w.position[i]).norm() <= 1e-15);
                    QVERIFY((w.angularVelocity[i] - PeriodicCell::spinOf(after)).norm() <= 1e-15);
                } else {
                    QCOMPARE(w.velocity[i], v[i]);
                    QCOMPARE(w.angularVelocity[i], omega[i]);
                }
            }
            if (model == CellModel::MediumCarried) {
                // and stays with the medium from there: positions relative to the change
                std::vector<Vec3> x0 = w.position;
                const Mat3 f0 = w.cell->deformation();
                sim.run(300);
                for (std::size_t i = 0; i < 3; ++i) {
                    const Vec3 carried = w.cell->deformation() * f0.inverse() * x0[i];
                    QVERIFY((w.position[i] - carried).norm() <= 1e-13);
                }
            }
        }
    }

    void aScheduledGradientMovesTheCellByItsIntegral_data()
    {
        QTest::addColumn<QString>("translation");
        for (const SchemeInfo& s : translationSchemes())
            QTest::newRow(s.name.c_str()) << QString::fromStdString(s.name);
    }
    void aScheduledGradientMovesTheCellByItsIntegral()
    {
        // simple shear at a rate that ramps from 0 to 4 1/s over 0.0505 s (a knot inside a step),
        // then stays: the shears commute, so the medium's motion is exp(integral L) exactly,
        // F = I + G e_x e_y^T with G = 0.5 * 0.0505 * 4 + (0.1 - 0.0505) * 4 = 0.299
        const GradientSchedule schedule({{0.0, Mat3::Zero()}, {0.0505, simpleShear(4.0)}});
        QCOMPARE(schedule.at(0.02525), simpleShear(2.0));
        QCOMPARE(schedule.at(1.0), simpleShear(4.0));
        // across the knot: the ramp's last 0.5 ms (from 4 x 0.05 / 0.0505 to 4) and 0.5 ms at 4
        TUMBLE_NEAR(schedule.meanOver(0.05, 0.001)(0, 1),
                    (0.0005 * 0.5 * (4.0 * 0.05 / 0.0505 + 4.0) + 0.0005 * 4.0) / 0.001, 1e-12, 0.0);
        QFETCH(QString, translation);
        World w = cellWorld(Mat3::Zero(), CellModel::MediumCarried, [](int, const Vec3&) { return Vec3::Zero(); });
        w.cell->setSchedule(schedule);
        Simulation sim = simulation(std::move(w), translation.toStdString(), 1e-3);
        sim.run(100);
        const World& out = sim.world();
        const Mat3 f = Mat3::Identity() + simpleShear(0.299);
        QVERIFY2((out.cell->deformation() - f).norm() <= 1e-13,
                 qPrintable(QString::number(out.cell->deformation()(0, 1), 'g', 17)));
        for (std::size_t i = 0; i < 3; ++i) {
            // carried with the medium through every change of L
            QVERIFY((out.position[i] - f * kStarts[i]).norm() <= 1e-14);
            QVERIFY((out.velocity[i] - simpleShear(4.0) * out.position[i]).norm() <= 1e-14);
        }
        // a live change ends the schedule
        LiveParams change;
        change.velocityGradient = simpleShear(1.0);
        sim.apply(change);
        sim.run(10);
        QVERIFY(out.cell->schedule().empty());
        QCOMPARE(out.cell->gradient(), simpleShear(1.0));
    }

    void viscousDampingActsOnTheFluctuationMotion_data()
    {
        QTest::addColumn<int>("model");
        QTest::newRow("medium-carried") << int(CellModel::MediumCarried);
        QTest::newRow("Lees-Edwards") << int(CellModel::LeesEdwards);
    }
    void viscousDampingActsOnTheFluctuationMotion()
    {
        // a free sphere under viscous damping beta in a deforming cell: in the medium-carried
        // model its fluctuation velocity and spin decay as exp(-beta t) whatever L does; in
        // Lees-Edwards (Newton in the lab) the damping -beta m (v - L x) pulls its lab velocity
        // towards the medium's, so a body at rest in the medium stays so
        QFETCH(int, model);
        const CellModel m = CellModel(model);
        const Mat3 l = m == CellModel::MediumCarried ? generalGradient() : simpleShear(1.5);
        const double beta = 5.0;
        World w = cellWorld(
            l, m, [&](int i, const Vec3& x) { return Vec3(l * x + (i == 0 ? fluctuation(0) : Vec3::Zero())); });
        const Vec3 spin0(3.0, -1.0, 2.0); // rad/s, relative to the medium
        w.angularVelocity[0] += spin0;
        w.angularMomentum[0] = w.angularVelocity[0] * w.inertia[0][0];
        SimParams p;
        p.dt = 1e-4;
        p.viscousDamping = beta;
        p.sortBodies = false;
        Simulation sim(std::move(w), p);
        const int steps = 2000;
        sim.run(steps);
        const World& out = sim.world();
        const double t = steps * 1e-4;
        const double decay = std::exp(-beta * t);
        const Vec3 spinL = m == CellModel::MediumCarried ? PeriodicCell::spinOf(l) : Vec3(Vec3::Zero());
        const Vec3 u = onStepKinematics(out, 0, 1e-4).velocity - l * out.position[0];
        if (m == CellModel::MediumCarried) {
            // velocity Verlet's kicks take the damping load of the half-kicked velocity: an error
            // of O(beta dt) over the decay
            TUMBLE_NEAR((u - decay * fluctuation(0)).norm(), 0.0, 2.0 * beta * 1e-4 * decay * fluctuation(0).norm(),
                        0.0);
            TUMBLE_NEAR((out.angularVelocity[0] - spinL - decay * spin0).norm(), 0.0,
                        2.0 * beta * 1e-4 * decay * spin0.norm(), 0.0);
        } else {
            // Newton in the lab: u' = -beta u - L v = -(beta + L) u - L L x; for simple shear
            // along x of y, u_y and u_z decay as exp(-beta t) exactly as in the medium
            TUMBLE_NEAR(u[1], decay * fluctuation(0)[1], 2.0 * beta * 1e-4 * decay * std::abs(fluctuation(0)[1]), 0.0);
            TUMBLE_NEAR(u[2], decay * fluctuation(0)[2], 2.0 * beta * 1e-4 * decay * std::abs(fluctuation(0)[2]), 0.0);
            // (the lab spin: Lees-Edwards bodies do not turn with the medium)
            TUMBLE_NEAR((out.angularVelocity[0] - decay * spin0).norm(), 0.0, 2.0 * beta * 1e-4 * decay * spin0.norm(),
                        0.0);
        }
        // the bodies at rest in the medium feel no damping
        for (std::size_t i = 1; i < 3; ++i)
            QVERIFY((onStepKinematics(out, i, 1e-4).velocity - l * out.position[i]).norm() <= 1e-13);
    }

    void aClumpAtRestInATurningMediumTurnsWithIt_data()
    {
        QTest::addColumn<QString>("rotation");
        for (const SchemeInfo& r : rotationSchemes())
            if (!translationFor(r.name).empty())
                QTest::newRow(r.name.c_str()) << QString::fromStdString(r.name);
    }
    void aClumpAtRestInATurningMediumTurnsWithIt()
    {
        // an aspherical clump turning with the medium (w = w_L, not a principal axis) would tumble
        // on its own; the medium's torque w x (I w_L) - I (w x w_L) keeps it at rest in the
        // medium: w stays w_L and q(t) = exp(t w_L) q0. Every scheme reaches it at first order at
        // least (the torque depends on w, which single-stage schemes hold half-kicked at the force
        // evaluation; docs/PERIODIC.md): the error falls at least 1.7-fold per halving of dt, and
        // is small against the radians a tumbling clump would be off (under 0.05 rad after 2 rad
        // of turning at dt = 2e-3 s: a first-order error is about (w dt / 2) w t = 2e-3 rad)
        QFETCH(QString, rotation);
        const Mat3 l = simpleShear(-2.0); // w_L = (0, 0, 1) rad/s
        const Vec3 spinL = PeriodicCell::spinOf(l);
        double errors[2] = {0.0, 0.0};
        for (int k = 0; k < 2; ++k) {
            const double dt = k == 0 ? 2e-3 : 1e-3;
            World w = clumpInMedium(l, Vec3::Zero());
            const Quat q0 = w.orientation[0];
            Simulation sim(std::move(w), rotationParams(rotation, dt));
            sim.run(static_cast<long long>(std::llround(2.0 / dt)));
            const World& out = sim.world();
            const Quat exact = Quat(Eigen::AngleAxisd(2.0, spinL.normalized())) * q0;
            errors[k] = angleBetween(out.orientation[0].normalized(), exact);
            QVERIFY2(!sim.isUnstable(), sim.instabilityMessage().c_str());
            QVERIFY2((out.angularVelocity[0] - spinL).norm() <= 0.05,
                     qPrintable(QString::number((out.angularVelocity[0] - spinL).norm())));
        }
        qInfo("orientation error at dt 2e-3, 1e-3: %.3e %.3e rad", errors[0], errors[1]);
        QVERIFY2(errors[0] < 0.05, qPrintable(QString::number(errors[0])));
        QVERIFY(errors[1] <= errors[0] / 1.7 || errors[0] < 1e-12);
    }

    void aClumpsSpinRelativeToTheMediumKeepsItsMomentum_data()
    {
        QTest::addColumn<QString>("rotation");
        QTest::addColumn<int>("order");
        for (const SchemeInfo& r : rotationSchemes())
            if (!translationFor(r.name).empty())
                QTest::newRow(r.name.c_str()) << QString::fromStdString(r.name) << std::min(r.order, 2);
    }
    void aClumpsSpinRelativeToTheMediumKeepsItsMomentum()
    {
        QFETCH(QString, rotation);
        QFETCH(int, order);
        // torque-free in the medium-carried model: l_f = I(q) (w - w_L) stays, and the fluctuation
        // rotational energy changes by the medium's work w_L . (w_f x l_f), which the ledger books:
        // the balance error falls at the rotation scheme's order, at most 2 (the medium torque is
        // one evaluation per step, as every torque of a single-stage step)
        const Mat3 l = simpleShear(-4.0);
        double worst[2] = {0.0, 0.0};
        double moved = 0.0;
        for (int k = 0; k < 2; ++k) {
            const double dt = k == 0 ? 2e-4 : 1e-4;
            Simulation sim(clumpInMedium(l, Vec3(3.0, -2.0, 1.0)), rotationParams(rotation, dt));
            const World& w = sim.world();
            auto fluctuationMomentum = [&] {
                const Vec3 omega = onStepKinematics(w, 0, dt).angularVelocity - PeriodicCell::spinOf(l);
                return angularMomentum(w.inertia[0], w.orientation[0], omega);
            };
            const Vec3 lf0 = fluctuationMomentum();
            const double e0 = sim.energy().total();
            const long long steps = std::llround(0.5 / dt);
            for (long long s = 0; s < steps; ++s) {
                sim.step();
                worst[k] = std::max(worst[k], std::abs(sim.energy().balanceError) / e0);
            }
            QVERIFY2((fluctuationMomentum() - lf0).norm() <= 1e-4 * lf0.norm(),
                     qPrintable(QString::number((fluctuationMomentum() - lf0).norm() / lf0.norm())));
            moved = std::abs(sim.energy().externalWork) / e0;
        }
        qInfo("worst |balance error| / E0 at dt 2e-4, 1e-4: %.3e %.3e; the medium's work %.3f E0", worst[0], worst[1],
              moved);
        QVERIFY(moved > 0.01); // the medium does move energy in and out
        if (order == 2)
            QVERIFY(worst[1] < 1e-3 * moved); // and the ledger counts it
        TUMBLE_NEAR(std::log2(worst[0] / worst[1]), double(order), 0.35, 0.0);
    }

    void aGradientNeedsACellAndFiniteEntries()
    {
        World w;
        w.materials.push_back(Material{});
        w.addSphere(0, 0.001, Vec3::Zero(), Vec3::Zero(), Vec3::Zero());
        Simulation plain = simulation(w, "velocity_verlet", 1e-3);
        LiveParams change;
        change.velocityGradient = simpleShear(1.0);
        QVERIFY_THROWS_EXCEPTION(ParameterError, plain.apply(change));
        Simulation sim =
            simulation(cellWorld(Mat3::Zero(), CellModel::MediumCarried, [](int, const Vec3&) { return Vec3::Zero(); }),
                       "velocity_verlet", 1e-3);
        change.velocityGradient = simpleShear(std::nan(""));
        QVERIFY_THROWS_EXCEPTION(ParameterError, sim.apply(change));
        change.velocityGradient = simpleShear(2e6);
        QVERIFY_THROWS_EXCEPTION(ParameterError, sim.apply(change));
        QCOMPARE(sim.world().cell->gradient(), Mat3::Zero()); // nothing changed
    }
};

QTEST_APPLESS_MAIN(TestDeformingCell)
#include "TestDeformingCell.moc"
