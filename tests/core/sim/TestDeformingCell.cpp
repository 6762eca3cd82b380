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
            const LiveChange out = sim.apply(change);
            QVERIFY(out.velocityGradient);
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
