// A free bonded agglomerate (12 spheres in a 3 x 2 x 2 simple-cubic block, every touching pair
// bonded, all four modes stiff) set vibrating and spinning: its energy ledger closes to the
// scheme's order under every preset. The bond's loads are minus the gradient of the energy the
// ledger books (TestBondLoads), so the balance error is the integrator's alone: second order for
// the leapfrogs (pfc, pfc4: velocity Verlet limits it; woo), first for the Euler presets, and for
// rk4 the order of its energy error on a linear system: each step multiplies a mode's energy by
// |R(i w dt)|^2 = 1 - (w dt)^6 / 72 + ..., R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24, so over a fixed
// time the error is O(dt^5) (the agglomerate is linear to ~1% strain). The test takes the largest
// |balance error| over the same time span at dt, dt/2 and dt/4 and fits its order from the outer
// two: dt is a fifth of the bonded critical timestep, 400 steps; explicit Euler, unstable for
// every undamped mode (each grows by sqrt(1 + (w dt)^2) a step), is run at a hundredth for 100
// steps, where its energy error w^2 dt t is still small and grows linearly in dt. The motion is
// smooth (no contact opens or closes: the agglomerate's unbonded neighbours stay a diagonal
// apart), so the fitted order holds to the +-0.15 of the integrator tests.
#include <QtTest>

#include <cmath>
#include <random>

#include "BondedBalanceRows.h"
#include "PresetSimulation.h"
#include "TestHelpers.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr double kRadius = 0.01; // m

std::string agglomerateJson()
{
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    std::string bodies = "[";
    const int nx = 3, ny = 2, nz = 2;
    auto index = [&](int x, int y, int z) { return (x * ny + y) * nz + z; };
    for (int x = 0; x < nx; ++x)
        for (int y = 0; y < ny; ++y)
            for (int z = 0; z < nz; ++z) {
                const Vec3 p = 2.0 * kRadius * Vec3(x, y, z);
                // ~1% strain and ~0.05 rad turns over a period
                const Vec3 v = 0.02 * Vec3(u(rng), u(rng), u(rng));
                const Vec3 w = 2.0 * Vec3(u(rng), u(rng), u(rng));
                bodies += (index(x, y, z) ? ", " : "") + sphereJson("m", kRadius, p, v, w);
            }
    bodies += "]";
    std::string bonds = R"(, "bonds": [)";
    bool first = true;
    auto bond = [&](int a, int b) {
        bonds += std::string(first ? "" : ", ") + R"({"bodies": [)" + std::to_string(a) + ", " + std::to_string(b) +
                 R"(], "kn": 2000, "ks": 1000, "kt": 0.05, "kb": 0.08})";
        first = false;
    };
    for (int x = 0; x < nx; ++x)
        for (int y = 0; y < ny; ++y)
            for (int z = 0; z < nz; ++z) {
                if (x + 1 < nx)
                    bond(index(x, y, z), index(x + 1, y, z));
                if (y + 1 < ny)
                    bond(index(x, y, z), index(x, y + 1, z));
                if (z + 1 < nz)
                    bond(index(x, y, z), index(x, y, z + 1));
            }
    bonds += "]";
    return sceneJson("[0, 0, 0]", "velocity_verlet", 1e-6, materialJson(1e3, 1.0, 2500.0), bodies, "[]", bonds);
}

// the largest |balance error| over `duration` s at dt, relative to the initial energy
double worstBalance(const std::string& preset, double dt, double duration, EnergySample* last = nullptr)
{
    Simulation sim = presetSimulation(agglomerateJson(), preset, dt);
    const double e0 = sim.energy().total();
    double worst = 0.0;
    const long long steps = std::llround(duration / dt);
    for (long long s = 0; s < steps; ++s) {
        sim.step();
        if (sim.isUnstable() || sim.contactCount() != 0)
            return std::nan("");
        worst = std::max(worst, std::abs(sim.energy().balanceError));
    }
    if (last)
        *last = sim.energy();
    return worst / e0;
}

} // namespace

class TestBondedEnergy : public QObject {
    Q_OBJECT
private slots:
    void balanceClosesToTheSchemesOrder_data();
    void balanceClosesToTheSchemesOrder();
};

void TestBondedEnergy::balanceClosesToTheSchemesOrder_data()
{
    addBondedBalanceRows();
}

void TestBondedEnergy::balanceClosesToTheSchemesOrder()
{
    QFETCH(QString, preset);
    QFETCH(double, order);
    QFETCH(double, dtFraction);
    QFETCH(int, steps);
    const Scene scene = sceneFrom(agglomerateJson());
    QCOMPARE(scene.world.bonds.size(), std::size_t(20));
    const double dtCrit = Simulation(scene.world, scene.params).criticalDt();
    const double dt = dtFraction * dtCrit;
    const double duration = steps * dt;
    EnergySample end;
    const double e1 = worstBalance(preset.toStdString(), dt, duration, &end);
    const double e2 = worstBalance(preset.toStdString(), dt / 2, duration);
    const double e3 = worstBalance(preset.toStdString(), dt / 4, duration);
    QVERIFY2(std::isfinite(e1) && std::isfinite(e3), "the agglomerate went unstable or touched");
    // every mode took part
    QVERIFY(end.elasticBondNormal > 0.0 && end.elasticBondShear > 0.0);
    QVERIFY(end.elasticBondTwist > 0.0 && end.elasticBondBend > 0.0);
    QCOMPARE(end.elasticBond,
             ((end.elasticBondNormal + end.elasticBondShear) + end.elasticBondTwist) + end.elasticBondBend);
    const double fitted = std::log2(std::sqrt(e1 / e3));
    qInfo("%s: worst |balance error| / E0 %.3e %.3e %.3e, order %.2f", qPrintable(preset), e1, e2, e3, fitted);
    TUMBLE_NEAR(fitted, order, 0.15, 0.0);
}

QTEST_APPLESS_MAIN(TestBondedEnergy)
#include "TestBondedEnergy.moc"
