// Contacts across a periodic cell's boundary (docs/PERIODIC.md):
// - a pair of spheres that touch through a face, in a sheared cell, feel the loads the same pair
//   feels inside the cell (the image's shift in the branch vector, its medium velocity in the
//   relative velocity, its motion in the tangential spring), step after step, under both models;
// - an elastic frictionless gas in a still periodic box keeps its energy to velocity Verlet's
//   bound while its bodies cross the faces and are wrapped back.
#include <QtTest>

#include <cmath>
#include <random>

#include "TestHelpers.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr double kSide = 0.1; // m, the cell's edge
constexpr double kR = 0.01;   // m

Mat3 shear(double rate)
{
    Mat3 l = Mat3::Zero();
    l(0, 1) = rate;
    return l;
}

// two spheres touching with 0.5 mm of overlap along a slanted normal, sphere 1 at p, sphere 2 at
// p + offset; sphere 2's velocity is lab(offset) relative to sphere 1's plus the medium's at the
// offset (so both placements below have the same relative motion)
World pair(const Vec3& p1, const Vec3& p2, const Vec3& v1, const Vec3& v2, CellModel model)
{
    World w;
    Material m;
    m.friction = 0.5;
    m.restitution = 0.7;
    w.materials.push_back(m);
    w.gravity = Vec3::Zero();
    w.addSphere(0, kR, p1, v1, Vec3(0.0, 0.0, 3.0));
    w.addSphere(0, kR, p2, v2, Vec3(1.0, -2.0, 0.0));
    w.cell = PeriodicCell(kSide * Mat3::Identity(), {true, true, true}, shear(4.0), model);
    return w;
}

Vec3 momentumOf(const World& w)
{
    Vec3 p = Vec3::Zero();
    for (std::size_t i = 0; i < w.size(); ++i)
        p += w.mass[i] * w.velocity[i];
    return p;
}

Simulation run(World w)
{
    SimParams p;
    p.dt = 2e-6;
    p.sortBodies = false;
    return Simulation(std::move(w), p);
}

} // namespace

class TestPeriodicContacts : public QObject {
    Q_OBJECT
private slots:
    void aPairThroughAFaceFeelsWhatItFeelsInside_data()
    {
        QTest::addColumn<int>("model");
        QTest::newRow("medium_carried") << int(CellModel::MediumCarried);
        QTest::newRow("lees_edwards") << int(CellModel::LeesEdwards);
    }
    void aPairThroughAFaceFeelsWhatItFeelsInside()
    {
        QFETCH(int, model);
        const CellModel m = static_cast<CellModel>(model);
        const Mat3 l = shear(4.0);
        // the pair's separation: 2 R - 10 um along a slanted direction
        const Vec3 dir = Vec3(0.3, 1.0, 0.2).normalized();
        const Vec3 sep = dir * (2.0 * kR - 1e-5);
        const Vec3 v1(0.05, -0.02, 0.01), u2(-0.03, -0.04, 0.02); // u2: sphere 2's velocity relative to the medium
        // inside: sphere 1 at mid-height, sphere 2 above it
        const Vec3 p1(0.05, 0.04, 0.05);
        World inside = pair(p1, p1 + sep, v1, v1 + l * sep + u2, m);
        // through the top face: sphere 2 is the image one period down of a sphere near y = 0
        const Vec3 q1(0.05, 0.092, 0.05);
        const Vec3 down(0.0, kSide, 0.0); // H (0, 1, 0)
        World through = pair(q1, q1 + sep - down, v1 + l * (q1 - p1), v1 + l * (q1 - p1) + l * sep + u2 - l * down, m);
        Simulation a = run(std::move(inside));
        Simulation b = run(std::move(through));
        QCOMPARE(a.contactCount(), std::size_t(1));
        QCOMPARE(b.contactCount(), std::size_t(1));
        // the image is the body, one period away: its shift and its medium velocity make the
        // relative motion identical, so the loads agree to the rounding of positions ~0.1 m on
        // overlaps of ~10 um (2e-17 m / 1e-5 m, a few 1e-12) grown over the steps
        int touching = 0;
        bool slid = false;
        for (int step = 0; step < 400; ++step) {
            touching += a.contactCount() == 1 && b.contactCount() == 1 ? 1 : 0;
            slid = slid || a.energy().elasticTangential > 0.0;
            for (std::size_t i = 0; i < 2; ++i) {
                const Vec3 fa = a.world().force[i], fb = b.world().force[i];
                const Vec3 ta = a.world().torque[i], tb = b.world().torque[i];
                const double scale = fa.norm() + 1e-30;
                QVERIFY2((fa - fb).norm() <= 1e-8 * scale,
                         qPrintable(QString("step %1 body %2: %3").arg(step).arg(i).arg((fa - fb).norm() / scale)));
                QVERIFY((ta - tb).norm() <= 1e-8 * (ta.norm() + kR * scale));
            }
            a.step();
            b.step();
        }
        // the pair touched through most of it, and its tangential spring loaded: the image's
        // motion in the spring's increments mattered
        qInfo("touching for %d of 400 steps", touching);
        QVERIFY(touching >= 100);
        QVERIFY(slid);
    }

    void anElasticGasKeepsItsEnergyThroughTheFaces()
    {
        // 40 spheres in a still periodic cube, restitution 1, no friction: only the normal springs
        // exchange energy. Within a collision velocity Verlet's energy error on a linear spring is
        // at most (omega dt)^2 / 4 of the energy in the spring (omega^2 = kn / m*, its shadow
        // energy's offset); what a collision's start and end between steps leave behind is of
        // that order and of either sign. Every sphere crosses faces many times in the run
        World w;
        Material m;
        m.friction = 0.0;
        m.restitution = 1.0;
        w.materials.push_back(m);
        w.gravity = Vec3::Zero();
        std::mt19937 rng(4);
        std::uniform_real_distribution<double> u(0.0, 1.0), v(-1.0, 1.0);
        const int count = 40;
        for (int i = 0; i < count; ++i) {
            // on a 4 x 4 x 4 lattice of spacing 0.025 m with radius 0.008 m, none touching
            const Vec3 site(0.0125 + 0.025 * (i % 4), 0.0125 + 0.025 * (i / 4 % 4), 0.0125 + 0.025 * (i / 16));
            w.addSphere(0, 0.008, site, Vec3(v(rng), v(rng), v(rng)), Vec3::Zero());
        }
        w.cell = PeriodicCell(kSide * Mat3::Identity(), {true, true, true}, Mat3::Zero(), CellModel::MediumCarried);
        const double mass = w.mass[0], kn = m.kn;
        const double omega = std::sqrt(kn / (0.5 * mass));
        SimParams p;
        p.dt = 0.02 / omega;
        p.sortBodies = false;
        Simulation sim(std::move(w), p);
        const double e0 = sim.energy().total();
        const Vec3 p0 = momentumOf(sim.world());
        double scale = 0.0; // kg m/s
        for (std::size_t i = 0; i < sim.world().size(); ++i)
            scale += sim.world().mass[i] * sim.world().velocity[i].norm();
        const double t = 1.0; // s: at ~1 m/s each sphere crosses the 0.1 m cell ~10 times
        double worst = 0.0;
        std::size_t contacts = 0;
        const long long steps = static_cast<long long>(t / p.dt);
        for (long long s = 0; s < steps; s += 50) {
            sim.run(50);
            worst = std::max(worst, std::abs(sim.energy().total() - e0));
            contacts += sim.contactCount();
        }
        QVERIFY(contacts > 0);
        qInfo("elastic gas: worst energy error %g of the total, (omega dt)^2 = %g", worst / e0,
              std::pow(omega * p.dt, 2));
        QVERIFY2(worst <= 0.25 * std::pow(omega * p.dt, 2) * e0, qPrintable(QString::number(worst / e0)));
        // the bodies were wrapped: every centre within a quarter cell of it
        for (const Vec3& x : sim.world().position) {
            const Vec3 s = sim.world().cell->fractional(x);
            QVERIFY(s.minCoeff() >= -0.25 && s.maxCoeff() < 1.25);
        }
        // pair forces are equal and opposite, through a face too: the momentum stays what it was
        QVERIFY((momentumOf(sim.world()) - p0).norm() <= 1e-12 * scale);
    }
};

QTEST_APPLESS_MAIN(TestPeriodicContacts)
#include "TestPeriodicContacts.moc"
