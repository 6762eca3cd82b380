// Bonds across a periodic cell's boundary (docs/PERIODIC.md "Bonds across the boundary"):
// - a bonded pair through a face of a sheared cell feels the loads the same pair feels inside
//   it, step after step, under both laws (the incremental one steps its springs by the image's
//   motion too) and both models;
// - a ring of bonded spheres closed through the boundary, stretched by the cell: every bond a
//   spring of length d0 e^(rate t), so the cell's stress and the bonds' energy take their closed
//   forms, the ledger books the stretching as the cell's work to the trapezoid's bound, and when
//   the bonds break what they held is released without opening the books;
// - a cell squeezed narrower than twice a bond stops the run and says why;
// - a bonded lattice that fills the cell, its bonds through every face, sheared: the balance
//   closes at each scheme's order (RK4's energy error on smooth oscillations at order 5).
#include <QtTest>

#include <cmath>

#include "PresetSimulation.h"
#include "TestHelpers.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr double kSide = 0.1; // m, the cell's edge
constexpr double kR = 0.01;   // m
constexpr double kKn = 1e4;   // N/m, every bond's normal and shear stiffness
constexpr double kKr = 0.1;   // N m/rad, twist and bending

Mat3 shear(double rate)
{
    Mat3 l = Mat3::Zero();
    l(0, 1) = rate;
    return l;
}

// two bonded spheres, sphere 1 at p1 with v1, sphere 2 at p2 with v2, in a sheared cube (the
// bond made as they are: free of stress)
World bondedPair(const Vec3& p1, const Vec3& p2, const Vec3& v1, const Vec3& v2, CellModel model, BondFormulation law)
{
    World w;
    w.materials.push_back(Material{});
    w.gravity = Vec3::Zero();
    w.addSphere(0, kR, p1, v1, Vec3(0.0, 0.0, 30.0));
    w.addSphere(0, kR, p2, v2, Vec3(10.0, -20.0, 0.0));
    w.cell = PeriodicCell(kSide * Mat3::Identity(), {true, true, true}, shear(4.0), model);
    w.addBond(0, 1, BondStiffness{kKn, kKn, kKr, kKr}, BondStrength{}, law);
    w.bonds.sort(w.size());
    return w;
}

Simulation pairRun(World w)
{
    SimParams p;
    p.dt = 2e-6;
    p.sortBodies = false;
    return Simulation(std::move(w), p);
}

// 8 spheres of 5 mm touching along x in a cell 8 diameters long, bonded to their neighbours,
// the last to the first through the face x = 0; the cell stretches along x at `rate` (1/s) and
// the bodies start with the medium's velocity; strength: the bonds' "strength" entry or ""
constexpr int kRing = 8;
constexpr double kD = 0.01; // m, the bonds' rest length

Scene ring(double rate, const std::string& law, const std::string& strength = "")
{
    std::string bodies;
    for (int i = 0; i < kRing; ++i)
        bodies += std::string(i ? ", " : "") + R"({"type": "sphere", "material": "m", "radius": 0.005, "position": [)" +
                  std::to_string(0.5 * kD + kD * i) + ", 0.02, 0.02]}";
    const std::string json = R"({"format": "tumble-scene", "version": 1, "name": "ring", "gravity": [0, 0, 0],
        "materials": [{"name": "m", "density": 2500, "contact": {"model": "linear", "kn": 1e5, "restitution": 0.9}}],
        "bodies": [)" + bodies +
                             R"(],
        "bonds": [{"within": 1e-6, "kn": 1e4, "ks": 1e4, "kt": 0.1, "kb": 0.1, "law": ")" +
                             law + "\"" + (strength.empty() ? "" : ", \"strength\": " + strength) + R"(}],
        "cell": {"vectors": [[0.08, 0, 0], [0, 0.04, 0], [0, 0, 0.04]],
                 "velocity_gradient": [[)" +
                             std::to_string(rate) + R"(, 0, 0], [0, 0, 0], [0, 0, 0]], "model": "medium_carried"}})";
    Scene s = sceneFrom(json);
    for (std::size_t i = 0; i < s.world.size(); ++i)
        s.world.velocity[i] = s.world.cell->gradient() * s.world.position[i];
    return s;
}

// the trapezoid's bound on booking the cell's work P(t) = N kn d0^2 rate (e^a - 1) e^a (a = rate t)
// over [0, t] in steps of dt: |error| <= dt^2 / 12 |P'(t) - P'(0)| (P'' keeps its sign)
double trapezoidBound(double rate, double t, double dt)
{
    const double c = kRing * kKn * kD * kD * rate * rate;
    const auto slope = [&](double a) { return c * (2.0 * std::exp(2.0 * a) - std::exp(a)); };
    return dt * dt / 12.0 * std::abs(slope(rate * t) - slope(0.0));
}

// a simple-cubic lattice of 27 spheres of 5 mm, 0.1 mm apart, filling a periodic cube, each
// bonded to its six neighbours (through the faces too: 81 bonds), with the medium's velocity
// plus 0.05 m/s and 20 rad/s of its own
Scene bondedLattice(const std::string& gradient, const std::string& model)
{
    const std::string json = R"({"format": "tumble-scene", "version": 1, "name": "bonded lattice", "gravity": [0, 0, 0],
        "materials": [{"name": "m", "density": 2500, "contact": {"model": "linear", "kn": 1e5, "restitution": 0.9}}],
        "generators": [{"type": "grid", "material": "m", "radius": 0.005, "count": [3, 3, 3], "spacing": 0.0101,
                        "origin": [0.00505, 0.00505, 0.00505]}],
        "bonds": [{"within": 2e-4, "kn": 1e4, "ks": 5e3, "kt": 0.05, "kb": 0.05}],
        "cell": {"vectors": [[0.0303, 0, 0], [0, 0.0303, 0], [0, 0, 0.0303]], "velocity_gradient": )" +
                             gradient + R"(, "model": ")" + model + R"("}})";
    Scene s = sceneFrom(json);
    World& w = s.world;
    for (std::size_t i = 0; i < w.size(); ++i) {
        const double k = static_cast<double>(i);
        w.velocity[i] = w.cell->gradient() * w.position[i] +
                        0.05 * Vec3(std::sin(3.0 * k + 1.0), std::cos(5.0 * k), std::sin(7.0 * k + 2.0));
        w.angularVelocity[i] = 20.0 * Vec3(std::cos(2.0 * k), std::sin(4.0 * k + 1.0), std::cos(k + 3.0));
        w.angularMomentum[i] = w.inertia[i].cwiseProduct(w.angularVelocity[i]);
    }
    return s;
}

} // namespace

class TestPeriodicBonds : public QObject {
    Q_OBJECT
private slots:
    void aBondThroughAFaceFeelsWhatItFeelsInside_data()
    {
        QTest::addColumn<int>("model");
        QTest::addColumn<int>("law");
        for (const auto& [mname, m] :
             {std::pair{"medium_carried", CellModel::MediumCarried}, std::pair{"lees_edwards", CellModel::LeesEdwards}})
            for (const auto& [lname, l] :
                 {std::pair{"total", BondFormulation::Total}, std::pair{"incremental", BondFormulation::Incremental}})
                QTest::newRow((std::string(mname) + ", " + lname).c_str()) << int(m) << int(l);
    }
    void aBondThroughAFaceFeelsWhatItFeelsInside()
    {
        QFETCH(int, model);
        QFETCH(int, law);
        const CellModel m = static_cast<CellModel>(model);
        const BondFormulation f = static_cast<BondFormulation>(law);
        const Mat3 l = shear(4.0);
        const Vec3 sep = Vec3(0.3, 1.0, 0.2).normalized() * (2.0 * kR + 2e-4);
        const Vec3 v1(0.05, -0.02, 0.01), u2(-0.03, -0.04, 0.02); // u2: sphere 2's own velocity
        // inside: sphere 1 at mid-height, sphere 2 above it
        const Vec3 p1(0.05, 0.04, 0.05);
        Simulation a = pairRun(bondedPair(p1, p1 + sep, v1, v1 + l * sep + u2, m, f));
        // through the top face: sphere 2 is the image one period down of a sphere near y = 0
        const Vec3 q1(0.05, 0.092, 0.05);
        const Vec3 down(0.0, kSide, 0.0); // H (0, 1, 0)
        const Vec3 w1 = v1 + l * (q1 - p1);
        Simulation b = pairRun(bondedPair(q1, q1 + sep - down, w1, w1 + l * sep + u2 - l * down, m, f));
        QCOMPARE(b.world().bonds.rest[0].length, a.world().bonds.rest[0].length);
        // The image is the body one period away: its shift and medium velocity make the relative
        // motion identical, so the loads agree to the rounding of positions ~0.1 m (2e-17 m) times
        // the stiffnesses (kn: 2e-13 N; kb / R: 2e-16 N m), grown over the steps; 1e-10 N and
        // 1e-12 N m leave a factor of several hundred
        double largest = 0.0;
        for (int step = 0; step < 2000; ++step) {
            for (std::size_t i = 0; i < 2; ++i) {
                const Vec3 fa = a.world().force[i], fb = b.world().force[i];
                const Vec3 ta = a.world().torque[i], tb = b.world().torque[i];
                largest = std::max(largest, fa.norm());
                QVERIFY2((fa - fb).norm() <= 1e-8 * fa.norm() + 1e-10,
                         qPrintable(QString("step %1 body %2: %3 N").arg(step).arg(i).arg((fa - fb).norm())));
                QVERIFY2((ta - tb).norm() <= 1e-8 * ta.norm() + 1e-12,
                         qPrintable(QString("step %1 body %2: %3 N m").arg(step).arg(i).arg((ta - tb).norm())));
            }
            a.step();
            b.step();
        }
        // the bond was loaded (the shear and the bodies' own motion: loads of ~1 N), and the
        // energies agree as the loads do
        qInfo("largest bond force %.3g N", largest);
        QVERIFY(largest > 0.1);
        TUMBLE_NEAR(b.energy().elasticBond, a.energy().elasticBond, 1e-14, 1e-8);
        QVERIFY(!a.isUnstable() && !b.isUnstable());
    }

    void aStretchedRingTakesItsClosedForm_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("law");
        for (const char* preset : {"pfc", "woo", "symplectic_euler", "euler", "rk4"})
            for (const char* law : {"total", "incremental"})
                QTest::newRow((std::string(preset) + ", " + law).c_str()) << preset << law;
    }
    void aStretchedRingTakesItsClosedForm()
    {
        // the net force on every sphere is zero (its two bonds pull equally), so each stays at
        // rest in the medium, which stretches the ring exactly: every bond is d = d0 e^(rate t)
        // long and pulls with T = kn (d - d0). The cell's stress is the bonds' virial,
        // sigma_xx = N T d / V with V = V0 e^(rate t); the energy N kn (d - d0)^2 / 2 is the
        // cell's work, which the ledger books by the trapezoid (RK4: by its stages, within the
        // same bound)
        QFETCH(QString, preset);
        QFETCH(QString, law);
        const double rate = 5.0; // 1/s
        const Scene scene = ring(rate, law.toStdString());
        const double dt = 1e-5;
        Simulation sim = presetSimulation(scene, preset.toStdString(), dt);
        QCOMPARE(sim.world().bonds.size(), std::size_t(kRing));
        const double v0 = 0.08 * 0.04 * 0.04;
        const int steps = 4000; // to t = 0.04 s: the ring 22% longer
        for (int s = 1; s <= steps; ++s) {
            sim.step();
            if (s % 500 != 0)
                continue;
            const double t = sim.world().time;
            const double d = kD * std::exp(rate * t);
            const double tension = kKn * (d - kD);
            const CellStress stress = sim.cellStress();
            // rounding: d from positions ~0.1 m (1e-17 m) against d - d0 >= 2e-4 m
            TUMBLE_NEAR(stress.sigma(0, 0), kRing * tension * d / (v0 * std::exp(rate * t)), 0.0, 1e-9);
            TUMBLE_NEAR(stress.sigma(1, 1), 0.0, 1e-9 * stress.sigma(0, 0), 0.0);
            const double energy = 0.5 * kRing * kKn * (d - kD) * (d - kD);
            const EnergySample e = sim.energy();
            TUMBLE_NEAR(e.elasticBondNormal, energy, 0.0, 1e-9);
            TUMBLE_NEAR(e.elasticBond, energy, 0.0, 1e-9);
            // (the shear, twist and bend modes stay empty; the spheres stay at rest in the medium)
            QVERIFY(e.kineticTranslational < 1e-12 * energy);
            TUMBLE_NEAR(e.balanceError, 0.0, 1.5 * trapezoidBound(rate, t, dt) + 1e-12 * energy, 0.0);
            TUMBLE_NEAR(e.externalWork, energy, 1.5 * trapezoidBound(rate, t, dt) + 1e-12 * energy, 0.0);
        }
        QVERIFY(!sim.isUnstable());
    }

    void aRingBreaksThroughTheFaceAndTheBooksStayClosed()
    {
        // the ring stretched until its bonds break at T = 10 N, at d - d0 = 1 mm: all eight in the
        // same step (their tensions agree to rounding), the one through the face among them.
        // What they held is released (bond breaking), so the balance error stays within the
        // trapezoid's bound on the work before, plus that of the breaking step's work booked with
        // the start's loads alone: per bond T d (rate dt)^2 / 4
        const double rate = 5.0;
        for (const char* law : {"total", "incremental"}) {
            const Scene scene = ring(rate, law, R"({"tension": 10})");
            const double dt = 1e-5;
            Simulation sim = presetSimulation(scene, "pfc", dt);
            while (sim.bondBreaks().empty() && sim.world().time < 0.05)
                sim.step();
            QVERIFY(!sim.isUnstable());
            QCOMPARE(sim.bondBreaks().size(), std::size_t(kRing));
            bool throughTheFace = false;
            for (const BondBreak& b : sim.bondBreaks())
                throughTheFace = throughTheFace || (std::min(b.bodies[0], b.bodies[1]) == 0 &&
                                                    std::max(b.bodies[0], b.bodies[1]) == kRing - 1);
            QVERIFY(throughTheFace);
            QVERIFY(sim.world().bonds.empty());
            // it broke at the step where the tension first reached 10 N: d - d0 = 1 mm
            const double t = sim.world().time;
            const double dBreak = kD + 10.0 / kKn;
            QVERIFY(kD * std::exp(rate * t) >= dBreak && kD * std::exp(rate * (t - dt)) < dBreak);
            const EnergySample e = sim.energy();
            const double held = 0.5 * kRing * kKn * (dBreak - kD) * (dBreak - kD);
            QCOMPARE(e.elasticBond, 0.0);
            TUMBLE_NEAR(e.dissipatedBondBreaking, held, 0.0, 0.01); // (within a step's stretch)
            const double bound =
                1.5 * trapezoidBound(rate, t, dt) + kRing * 10.0 * dBreak * std::pow(rate * dt, 2) / 4.0;
            qInfo("%s: released %.6g J of %.6g J; balance error %.3g J (bound %.3g J)", law, e.dissipatedBondBreaking,
                  held, e.balanceError, bound);
            TUMBLE_NEAR(e.balanceError, 0.0, bound + 1e-12 * held, 0.0);
            // and the spheres, free now, stay at rest in the medium: no contact, no load
            for (int s = 0; s < 200; ++s)
                sim.step();
            QVERIFY(sim.energy().kineticTranslational < 1e-12 * held);
        }
    }

    void aCellNarrowerThanTwiceABondStopsTheRun()
    {
        // two spheres of 2 mm bonded 1 cm apart along x in a cell 4 cm across y, compressed along
        // y at 20/s: the bond keeps its length while the width falls as 0.04 e^(-20 t) m. Once it
        // is under twice the bond plus the skin (the bond could reach two images of its partner)
        // the run stops with that reason, before t = ln(0.04 / 0.02) / 20 = 0.0347 s
        const std::string json = R"({"format": "tumble-scene", "version": 1, "name": "narrowing", "gravity": [0, 0, 0],
            "materials": [{"name": "m", "density": 2500, "contact": {"model": "linear", "kn": 1e5, "restitution": 0.9}}],
            "bodies": [{"type": "sphere", "material": "m", "radius": 0.002, "position": [0.01, 0.02, 0.02]},
                       {"type": "sphere", "material": "m", "radius": 0.002, "position": [0.02, 0.02, 0.02]}],
            "bonds": [{"bodies": [0, 1], "kn": 1e4, "ks": 1e4, "kt": 0.1, "kb": 0.1}],
            "cell": {"vectors": [[0.04, 0, 0], [0, 0.04, 0], [0, 0, 0.04]],
                     "velocity_gradient": [[0, 0, 0], [0, -20, 0], [0, 0, 0]]}})";
        Simulation sim = presetSimulation(json, "pfc", 1e-5);
        while (!sim.isUnstable() && sim.world().time < 0.05)
            sim.step();
        QVERIFY(sim.isUnstable());
        const std::string why = sim.instabilityMessage();
        QVERIFY2(why.find("under twice the bonds' reach") != std::string::npos, why.c_str());
        QVERIFY2(why.find("a bond could reach two images of its partner") != std::string::npos, why.c_str());
        QVERIFY(sim.world().time < std::log(2.0) / 20.0);
        // the bond never met the wrong image: its length is still its rest length
        TUMBLE_NEAR((sim.world().bondPartnerPosition(0) - sim.world().position[0]).norm(), kD, 1e-15, 0.0);
    }

    void aBondedLatticeBalanceClosesAtTheSchemesOrder_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("preset");
        QTest::addColumn<double>("order");
        QTest::newRow("medium-carried, pfc") << "medium_carried"
                                             << "pfc" << 2.0;
        QTest::newRow("Lees-Edwards, pfc") << "lees_edwards"
                                           << "pfc" << 2.0;
        QTest::newRow("medium-carried, woo") << "medium_carried"
                                             << "woo" << 2.0;
        QTest::newRow("medium-carried, symplectic Euler") << "medium_carried"
                                                          << "symplectic_euler" << 1.0;
        // RK4 on an oscillation of frequency w: |R(i w dt)|^2 = 1 - (w dt)^6 / 72 + ..., so each step
        // takes (w dt)^6 / 72 of its energy, and a run of t / dt steps (w dt)^5 w t / 72: the energy
        // error of a smooth, nearly linear system falls at order 5 (its local error at 4 is a phase)
        QTest::newRow("Lees-Edwards, rk4") << "lees_edwards"
                                           << "rk4" << 5.0;
    }
    void aBondedLatticeBalanceClosesAtTheSchemesOrder()
    {
        // the bonds' loads are smooth functions of the poses (no contact opens or closes), so the
        // worst |balance error| over the run falls at the scheme's own order as dt halves, with
        // the medium's work a large part of the energy
        QFETCH(QString, model);
        QFETCH(QString, preset);
        QFETCH(double, order);
        const Scene scene = bondedLattice("[[0, 20, 0], [0, 0, 0], [0, 0, 0]]", model.toStdString());
        QCOMPARE(scene.world.bonds.size(), std::size_t(81));
        const double critical = presetSimulation(scene, preset.toStdString(), 1e-6).criticalDt();
        const double duration = 0.02;
        double worst[3] = {}, external = 0.0, e0 = 0.0;
        for (int r = 0; r < 3; ++r) {
            const double dt = critical * 0.2 / std::pow(2.0, r);
            Simulation sim = presetSimulation(scene, preset.toStdString(), dt);
            e0 = sim.energy().total();
            const long long steps = std::llround(duration / dt);
            for (long long s = 0; s < steps; ++s) {
                sim.step();
                worst[r] = std::max(worst[r], std::abs(sim.energy().balanceError));
            }
            QVERIFY2(!sim.isUnstable(), sim.instabilityMessage().c_str());
            external = sim.energy().externalWork;
        }
        const double fitted = std::log2(std::sqrt(worst[0] / worst[2]));
        qInfo("worst |balance error| / E0: %.3e %.3e %.3e, order %.2f; the medium's work %.3f E0", worst[0] / e0,
              worst[1] / e0, worst[2] / e0, fitted, external / e0);
        QVERIFY(std::abs(external) > 0.05 * e0);
        QVERIFY(worst[2] < 0.01 * std::abs(external));
        QVERIFY(worst[0] > worst[1] && worst[1] > worst[2]);
        TUMBLE_NEAR(fitted, order, 0.35, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestPeriodicBonds)
#include "TestPeriodicBonds.moc"
