// The energy ledger closes in a deforming periodic cell (docs/PERIODIC.md "The cell's work"):
// the kinetic energy is the fluctuation motion's, the dissipative loads are booked against it,
// and the medium's work -W : G (plus Lees-Edwards' kinetic term) is external work. A frictional,
// damped granular gas sheared (both models) or compressed (medium-carried) in a periodic cube:
// the largest |balance error| over the run, at three timesteps, falls at the scheme's order, as
// in a box with walls (core.EnergyBalance: second order within +-0.35 for a contact-rich run,
// contacts opening and closing between steps; first order likewise for symplectic Euler; RK4
// second order, its contact forces not being smooth in time).
// Without the medium's work in the ledger the error would not fall with dt at all: the work is
// a finite amount (checked to be a large part of the energy).
#include <QtTest>

#include <cmath>

#include "PresetSimulation.h"
#include "TestHelpers.h"

using namespace tumble;
using namespace tumble::test;

namespace {

// 27 spheres of 5 mm in a jittered 3 x 3 x 3 lattice filling a periodic cube, each with the
// medium's velocity plus its own of ~0.1 m/s; dashpots (e = 0.7), friction 0.5, rolling 0.05.
// gradient: the cell's "velocity_gradient" (a matrix) or, starting with "schedule:", its
// "velocity_gradient_schedule"; damping: the scene's damping block ("" for none)
Scene gas(const std::string& gradient, const std::string& model, const std::string& damping = "")
{
    const std::string key = gradient.rfind("schedule:", 0) == 0 ? "velocity_gradient_schedule" : "velocity_gradient";
    const std::string value = key == "velocity_gradient" ? gradient : gradient.substr(9);
    const std::string json = R"({"format": "tumble-scene", "version": 1, "name": "cell gas", "gravity": [0, 0, 0],
        "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": 1e-5},)" +
                             (damping.empty() ? "" : R"("damping": )" + damping + ",") + R"(
        "materials": [{"name": "m", "density": 2500, "contact": {"model": "linear", "kn": 1e5, "kt": 2.5e4,
                       "restitution": 0.7, "friction": 0.5, "rolling_friction": 0.05}}],
        "generators": [{"type": "grid", "material": "m", "radius": 0.005, "count": [3, 3, 3], "spacing": 0.0115,
                        "origin": [0.00575, 0.00575, 0.00575], "jitter": 0.1, "seed": 3}],
        "cell": {"vectors": [[0.0345, 0, 0], [0, 0.0345, 0], [0, 0, 0.0345]], ")" +
                             key + R"(": )" + value + R"(, "model": ")" + model + R"("}})";
    Scene s = sceneFrom(json);
    const Mat3& l = s.world.cell->gradient();
    for (std::size_t i = 0; i < s.world.size(); ++i)
        s.world.velocity[i] =
            l * s.world.position[i] + 0.1 * Vec3(std::sin(3.0 * i + 1.0), std::cos(5.0 * i), std::sin(7.0 * i + 2.0));
    return s;
}

// a simple-cubic lattice of 27 spheres of 5 mm pressed 0.1 mm into each other, filling a
// periodic cube (each touches its six neighbours, across the boundary too), with the medium's
// velocity plus 0.02 m/s of its own: the contacts stay closed and slide, so runs at different dt
// do not part ways as a gas's collisions make them (arguments as for gas)
Scene lattice(const std::string& gradient, const std::string& model, const std::string& damping)
{
    Scene s = gas(gradient, model, damping);
    const double spacing = 0.0099; // m
    World& w = s.world;
    int k = 0;
    for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b)
            for (int c = 0; c < 3; ++c, ++k)
                w.position[std::size_t(k)] = spacing * Vec3(c + 0.5, b + 0.5, a + 0.5);
    const Mat3& l = w.cell->gradient();
    w.cell->placeAt(3.0 * spacing * Mat3::Identity());
    for (std::size_t i = 0; i < w.size(); ++i)
        w.velocity[i] =
            l * w.position[i] + 0.02 * Vec3(std::sin(3.0 * i + 1.0), std::cos(5.0 * i), std::sin(7.0 * i + 2.0));
    return s;
}

struct Run {
    double worst = 0.0;    // largest |balance error| over the run / the energy at the start
    double external = 0.0; // the medium's work over the run / the energy at the start
};

Run run(const Scene& scene, const std::string& preset, double factor, double duration)
{
    const double dt = factor * presetSimulation(scene, preset, 1e-5).criticalDt();
    Simulation sim = presetSimulation(scene, preset, dt);
    const double e0 = sim.energy().total();
    Run r;
    const long long steps = std::llround(duration / dt);
    for (long long s = 0; s < steps; ++s) {
        sim.step();
        r.worst = std::max(r.worst, std::abs(sim.energy().balanceError));
    }
    if (sim.isUnstable())
        qFatal("%s", sim.instabilityMessage().c_str());
    r.worst /= e0;
    r.external = sim.energy().externalWork / e0;
    return r;
}

} // namespace

class TestCellEnergy : public QObject {
    Q_OBJECT
private slots:
    void balanceClosesAtTheSchemesOrder_data()
    {
        QTest::addColumn<QString>("gradient");
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("preset");
        QTest::addColumn<double>("order");
        const QString shear = "[[0, 20, 0], [0, 0, 0], [0, 0, 0]]";
        const QString compression = "[[-1.5, 0, 0], [0, -1.5, 0], [0, 0, -1.5]]";
        QTest::newRow("shear, medium-carried, pfc") << shear << "medium_carried"
                                                    << "pfc" << 2.0;
        QTest::newRow("shear, Lees-Edwards, pfc") << shear << "lees_edwards"
                                                  << "pfc" << 2.0;
        QTest::newRow("compression, medium-carried, pfc") << compression << "medium_carried"
                                                          << "pfc" << 2.0;
        QTest::newRow("shear, medium-carried, woo") << shear << "medium_carried"
                                                    << "woo" << 2.0;
        QTest::newRow("shear, medium-carried, symplectic Euler") << shear << "medium_carried"
                                                                 << "symplectic_euler" << 1.0;
        // RK4's fourth order needs smooth forces; a dashpot's force jumps where a contact opens, and
        // on this gas in a still cell RK4's balance error falls at order 2.07 (docs/PERIODIC.md)
        QTest::newRow("shear, Lees-Edwards, rk4") << shear << "lees_edwards"
                                                  << "rk4" << 2.0;
    }
    void balanceClosesAtTheSchemesOrder()
    {
        QFETCH(QString, gradient);
        QFETCH(QString, model);
        QFETCH(QString, preset);
        QFETCH(double, order);
        const Scene scene = gas(gradient.toStdString(), model.toStdString());
        const double duration = 0.1;
        const Run r1 = run(scene, preset.toStdString(), 0.2, duration);
        const Run r2 = run(scene, preset.toStdString(), 0.1, duration);
        const Run r3 = run(scene, preset.toStdString(), 0.05, duration);
        const double fitted = std::log2(std::sqrt(r1.worst / r3.worst));
        qInfo("worst |balance error| / E0: %.3e %.3e %.3e, order %.2f; the medium's work %.3f E0", r1.worst, r2.worst,
              r3.worst, fitted, r3.external);
        // the medium's work is no small part of the energy: a ledger without it would not close
        QVERIFY(std::abs(r3.external) > 0.05);
        QVERIFY(r3.worst < 0.01 * std::abs(r3.external));
        QVERIFY(r1.worst > r2.worst && r2.worst > r3.worst);
        TUMBLE_NEAR(fitted, order, 0.35, 0.0);
    }

    // L piecewise linear in time and damping relative to the medium, on the lattice, whose runs at
    // three timesteps stay comparable (on the gas, whose runs part ways after a few collisions,
    // their worst errors spread the fitted orders from 1.45 to 2.67)
    void latticeBalanceClosesAtSecondOrder_data()
    {
        QTest::addColumn<QString>("gradient");
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("damping");
        QTest::addColumn<QString>("preset");
        QTest::addColumn<double>("order");
        // up, across a knot inside the run, and down again
        const QString shearRamp = "schedule:[{\"time\": 0, \"velocity_gradient\": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]},"
                                  " {\"time\": 0.02, \"velocity_gradient\": [[0, 30, 0], [0, 0, 0], [0, 0, 0]]},"
                                  " {\"time\": 0.05, \"velocity_gradient\": [[0, -10, 0], [0, 0, 0], [0, 0, 0]]}]";
        const QString compressionRamp =
            "schedule:[{\"time\": 0, \"velocity_gradient\": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]},"
            " {\"time\": 0.03, \"velocity_gradient\": [[-1.5, 0, 0], [0, -1.5, 0], [0, 0, -1.5]]}]";
        const QString shear = "[[0, 20, 0], [0, 0, 0], [0, 0, 0]]";
        const QString damped = R"({"local": 0.2, "viscous": 20})";
        QTest::newRow("shear ramp, medium-carried, pfc") << shearRamp << "medium_carried"
                                                         << ""
                                                         << "pfc" << 2.0;
        QTest::newRow("shear ramp, Lees-Edwards, pfc") << shearRamp << "lees_edwards"
                                                       << ""
                                                       << "pfc" << 2.0;
        QTest::newRow("compression ramp, medium-carried, rk4") << compressionRamp << "medium_carried"
                                                               << ""
                                                               << "rk4" << 4.0;
        // (RK4 at its fourth order here: the lattice's forces are smooth, no contact opens or closes,
        // and a compression's gradients commute, so the schedule's mean is exact)
        // damping acts on the motion relative to the medium, and is booked against it
        QTest::newRow("shear, medium-carried, damped, pfc") << shear << "medium_carried" << damped << "pfc" << 2.0;
        QTest::newRow("shear, Lees-Edwards, damped, pfc") << shear << "lees_edwards" << damped << "pfc" << 2.0;
    }
    void latticeBalanceClosesAtSecondOrder()
    {
        QFETCH(QString, gradient);
        QFETCH(QString, model);
        QFETCH(QString, damping);
        QFETCH(QString, preset);
        QFETCH(double, order);
        const Scene scene = lattice(gradient.toStdString(), model.toStdString(), damping.toStdString());
        const double duration = 0.06;
        const Run r1 = run(scene, preset.toStdString(), 0.2, duration);
        const Run r2 = run(scene, preset.toStdString(), 0.1, duration);
        const Run r3 = run(scene, preset.toStdString(), 0.05, duration);
        const double fitted = std::log2(std::sqrt(r1.worst / r3.worst));
        qInfo("lattice: worst |balance error| / E0: %.3e %.3e %.3e, order %.2f; the medium's work %.3f E0", r1.worst,
              r2.worst, r3.worst, fitted, r3.external);
        QVERIFY(std::abs(r3.external) > 0.05);
        QVERIFY(r3.worst < 0.01 * std::abs(r3.external));
        QVERIFY(r1.worst > r2.worst && r2.worst > r3.worst);
        TUMBLE_NEAR(fitted, order, 0.35, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestCellEnergy)
#include "TestCellEnergy.moc"
