// A cantilever of N + 1 touching spheres along x, sphere 0 fixed (a clamp: a fixed sphere holds
// the bond's end against turning too), every neighbour bonded.
//
// Static: under nodal loads F_i (z) its small deflection is the discrete beam's closed form
// (docs/BONDS.md, "The discrete cantilever"): with L = 2R, the shear V_j = sum_{i >= j} F_i and
// moment M_j = M_{j+1} + L/2 (V_j + V_{j+1}) (M_{N+1} = V_{N+1} = 0) in bond j (spheres j-1, j),
// the rotations phi_j = phi_{j-1} + M_j / kb and deflections w_j = w_{j-1} + V_j / ks + L/2
// (phi_{j-1} + phi_j) from phi_0 = w_0 = 0. For a tip load P alone that is w_N = N P / ks +
// P L^2 (4 N^3 - N) / (12 kb), phi_N = P L N^2 / (2 kb): Euler-Bernoulli's P l^3 / 3EI and
// P l^2 / 2EI with kb = EI / L, plus Timoshenko's shear term and the discreteness term
// -P L^2 N / (12 kb). The test loads it by its weight under a weak gravity, 0.05 m/s^2: the tip
// turns by 3.4e-4 rad, so the geometric nonlinearity, relative O(phi^2), is ~1e-7, while the
// weight, 1.6e-3 N, stays far above the force's round-off (kn and ks times the ulp of the
// positions, ~1e-12 N). It settles with local damping until every free sphere's unbalanced force
// is below 1e-8 of its weight (the error that leaves is that times the beam's condition, ~N^2),
// and tip deflection and rotation must match to 1e-6.
//
// Dynamic: plucked (an upward velocity growing along the beam, under normal gravity) it
// vibrates, and its ledger closes to the scheme's order under every preset, as the free
// agglomerate's does (TestBondedEnergy): the fixed sphere's constraint load does no work.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "BondedBalanceRows.h"
#include "PresetSimulation.h"
#include "TestHelpers.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr int kN = 5;               // free spheres; sphere 0 is the clamp
constexpr double kRadius = 0.01;    // m
constexpr double kDensity = 7800.0; // kg/m^3
constexpr double kn = 1e5, ks = 4e4, kt = 4.0, kb = 6.0;

double sphereMass()
{
    return 4.0 / 3.0 * std::numbers::pi * std::pow(kRadius, 3) * kDensity;
}

std::string cantileverJson(double g, double pluck)
{
    std::string bodies = "[";
    for (int i = 0; i <= kN; ++i) {
        const double s = static_cast<double>(i) / kN;
        std::string b = sphereJson("m", kRadius, Vec3(2.0 * kRadius * i, 0, 0.1), Vec3(0, 0, pluck * s * s));
        if (i == 0)
            b.insert(b.size() - 1, R"(, "motion": "fixed")");
        bodies += (i ? ", " : "") + b;
    }
    bodies += "]";
    char bonds[200];
    std::snprintf(bonds, sizeof bonds,
                  R"(, "bonds": [{"within": 1e-9, "kn": %.17g, "ks": %.17g, "kt": %.17g, "kb": %.17g}])", kn, ks, kt,
                  kb);
    char gravity[64];
    std::snprintf(gravity, sizeof gravity, "[0, 0, %.17g]", -g);
    return sceneJson(gravity, "velocity_verlet", 1e-6, materialJson(1e3, 1.0, kDensity), bodies, "[]", bonds);
}

struct Deflection {
    double w = 0.0;   // m, downward
    double phi = 0.0; // rad, nose down
};

// the discrete beam's closed form for nodal loads f[1..N] (N, downward)
Deflection discreteBeam(const std::vector<double>& f)
{
    const double L = 2.0 * kRadius;
    std::vector<double> V(kN + 2, 0.0), M(kN + 2, 0.0);
    for (int j = kN; j >= 1; --j)
        V[j] = V[j + 1] + f[j];
    for (int j = kN; j >= 1; --j)
        M[j] = M[j + 1] + 0.5 * L * (V[j] + V[j + 1]);
    double phi = 0.0, w = 0.0;
    for (int j = 1; j <= kN; ++j) {
        const double before = phi;
        phi += M[j] / kb;
        w += V[j] / ks + 0.5 * L * (before + phi);
    }
    return {w, phi};
}

} // namespace

class TestBondedCantilever : public QObject {
    Q_OBJECT
private slots:
    void tipLoadClosedFormIsEulerBernoulliPlusShear();
    void staticDeflectionMatchesTheDiscreteBeam();
    void pluckedBalanceClosesToTheSchemesOrder_data();
    void pluckedBalanceClosesToTheSchemesOrder();
};

void TestBondedCantilever::tipLoadClosedFormIsEulerBernoulliPlusShear()
{
    // the recurrences against their sums for a tip load (docs/BONDS.md)
    const double P = 0.7, L = 2.0 * kRadius;
    std::vector<double> f(kN + 1, 0.0);
    f[kN] = P;
    const Deflection d = discreteBeam(f);
    TUMBLE_NEAR(d.w, kN * P / ks + P * L * L * (4.0 * kN * kN * kN - kN) / (12.0 * kb), 0.0, 1e-14);
    TUMBLE_NEAR(d.phi, P * L * kN * kN / (2.0 * kb), 0.0, 1e-14);
}

void TestBondedCantilever::staticDeflectionMatchesTheDiscreteBeam()
{
    const double g = 0.05; // m/s^2
    Scene scene = sceneFrom(cantileverJson(g, 0.0));
    scene.params.localDamping = 0.7;
    const double dtCrit = Simulation(scene.world, scene.params).criticalDt();
    Simulation sim = presetSimulation(scene, "pfc", 0.5 * dtCrit);
    const double weight = sphereMass() * g;
    double residual = 1.0;
    for (int round = 0; round < 2000 && residual > 1e-8; ++round) {
        sim.run(100);
        QVERIFY2(!sim.isUnstable(), sim.instabilityMessage().c_str());
        residual = 0.0;
        for (int i = 1; i <= kN; ++i)
            residual = std::max(residual, sim.world().force[sim.world().bodySlot(i)].norm() / weight);
    }
    QVERIFY2(residual <= 1e-8, qPrintable(QString("not settled: residual %1 of the weight").arg(residual)));
    const World& w = sim.world();
    const std::size_t tip = w.bodySlot(kN);
    const double deflection = 0.1 - w.position[tip].z();
    // nose down: the tip's x axis turned about -y
    const Vec3 axis = w.orientation[tip] * Vec3::UnitX();
    const double phi = std::atan2(-axis.z(), axis.x());
    const Deflection expected = discreteBeam(std::vector<double>(kN + 1, weight));
    qInfo("tip deflection %.12e m (beam %.12e), rotation %.12e rad (beam %.12e)", deflection, expected.w, phi,
          expected.phi);
    TUMBLE_NEAR(deflection, expected.w, 0.0, 1e-6);
    TUMBLE_NEAR(phi, expected.phi, 0.0, 1e-6);
}

void TestBondedCantilever::pluckedBalanceClosesToTheSchemesOrder_data()
{
    addBondedBalanceRows();
}

void TestBondedCantilever::pluckedBalanceClosesToTheSchemesOrder()
{
    QFETCH(QString, preset);
    QFETCH(double, order);
    QFETCH(double, dtFraction);
    QFETCH(int, steps);
    const std::string json = cantileverJson(9.81, 0.05);
    const double dtCrit = Simulation(sceneFrom(json).world, sceneFrom(json).params).criticalDt();
    // the largest |balance error| over the run, relative to the pluck's kinetic energy; NaN if
    // unstable or if work came in from outside (a fixed clamp does none)
    auto worst = [&](double dt) {
        Simulation sim = presetSimulation(json, preset.toStdString(), dt);
        const double e0 = sim.energy().kineticTranslational;
        double out = 0.0;
        for (long long s = 0; s < std::llround(steps * dtFraction * dtCrit / dt); ++s) {
            sim.step();
            if (sim.isUnstable() || sim.energy().externalWork != 0.0)
                return std::nan("");
            out = std::max(out, std::abs(sim.energy().balanceError));
        }
        return out / e0;
    };
    const double dt = dtFraction * dtCrit;
    const double e1 = worst(dt), e3 = worst(dt / 4);
    QVERIFY2(std::isfinite(e1) && std::isfinite(e3), "the cantilever went unstable");
    const double fitted = std::log2(std::sqrt(e1 / e3));
    qInfo("%s: worst |balance error| / E0 %.3e %.3e, order %.2f", qPrintable(preset), e1, e3, fitted);
    TUMBLE_NEAR(fitted, order, 0.15, 0.0);
}

QTEST_APPLESS_MAIN(TestBondedCantilever)
#include "TestBondedCantilever.moc"
