// Benchmark (CTest label "benchmark", not in the default run): the cost of Coulomb friction and
// rolling resistance per step in a dense packing.
//
// 4000 glass spheres (R = 8 mm, linear contacts, kn = 1e5 N/m, e = 0.5) from a jittered
// 20 x 20 x 10 grid fall into a box of five plane walls and settle (frictionless, 0.3 s). From that
// one settled state, three runs of the pfc preset (velocity_verlet + buss_2nd_order, dt = 0.3 x the
// smallest critical dt of the three materials) differ only in the material of spheres and walls:
//   frictionless       friction 0,   rolling_friction 0
//   friction           friction 0.5, rolling_friction 0,   kt = kn/4
//   friction + rolling friction 0.5, rolling_friction 0.1, kt = kn/4
// Each run warms up (tangential and rolling springs build up) and then times kTimedSteps steps.
// The three alternate, three times over; the rates are the medians of the three, the ratios the
// medians of the per-repetition ratios (each from neighbouring timings, so slow drift in the
// machine's load cancels). Rates are M particle-steps/s of the thread's CPU time (so a busy
// machine that deschedules the test does not count); wall-clock rates are printed beside them.
// Cost ratio = CPU time per step / frictionless.
//
// The issue's requirement: friction + rolling costs at most twice the frictionless step.
// Printed with qInfo; written as JSON to $TUMBLE_BENCH_OUT when that is set.
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include <time.h>

#include "TestHelpers.h"
#include "ThreadCpu.h"
#include "scene/SceneLoader.h"
#include "sim/Simulation.h"

using namespace tumble;
using tumble::bench::median;
using tumble::bench::threadSeconds;

namespace {

constexpr int kRepetitions = 3;
constexpr long long kWarmupSteps = 200;
constexpr long long kTimedSteps = 500;
constexpr double kSettleTime = 0.3; // s

struct Variant {
    const char* name;
    double friction;
    double rollingFriction;
};
constexpr std::array<Variant, 3> kVariants{{
    {"frictionless", 0.0, 0.0},
    {"friction", 0.5, 0.0},
    {"friction_rolling", 0.5, 0.1},
}};

// spheres and walls share the one material, so changing it changes every contact
const char* kScene = R"({
  "format": "tumble-scene", "version": 1, "name": "contact-cost",
  "gravity": [0, 0, -9.81],
  "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": {"factor": 0.3}},
  "materials": [{"name": "glass", "density": 2500,
                 "contact": {"model": "linear", "kn": 1e5, "kt": 2.5e4, "restitution": 0.5,
                             "friction": 0.0, "rolling_friction": 0.0}}],
  "generators": [{"type": "grid", "material": "glass", "radius": 0.008, "count": [20, 20, 10],
                  "spacing": 0.018, "origin": [-0.171, -0.171, 0.0095], "jitter": 0.05, "seed": 3}],
  "walls": [
    {"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "glass"},
    {"type": "plane", "point": [-0.181, 0, 0], "normal": [1, 0, 0], "material": "glass"},
    {"type": "plane", "point": [0.181, 0, 0], "normal": [-1, 0, 0], "material": "glass"},
    {"type": "plane", "point": [0, -0.181, 0], "normal": [0, 1, 0], "material": "glass"},
    {"type": "plane", "point": [0, 0.181, 0], "normal": [0, -1, 0], "material": "glass"}]
})";

World withVariant(const World& settled, const Variant& v)
{
    World w = settled;
    for (Material& m : w.materials) {
        m.friction = v.friction;
        m.rollingFriction = v.rollingFriction;
        m.kt = 0.25 * m.kn;
    }
    return w;
}

/// Spheres touching another sphere or a wall, counted from the positions (independent of the
/// Simulation's own count); O(n^2), fine for a few thousand.
std::size_t spheresInContact(const World& w)
{
    const std::size_t n = w.size();
    std::vector<char> touching(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        for (const Wall& wall : w.walls)
            if ((w.position[i] - wall.point).dot(wall.normal) < w.radius[i])
                touching[i] = 1;
        for (std::size_t j = i + 1; j < n; ++j) {
            const double r = w.radius[i] + w.radius[j];
            if ((w.position[i] - w.position[j]).squaredNorm() < r * r)
                touching[i] = touching[j] = 1;
        }
    }
    return static_cast<std::size_t>(std::count(touching.begin(), touching.end(), 1));
}

} // namespace

class TestContactCost : public QObject {
    Q_OBJECT
private slots:
    void frictionAndRollingCostPerStep()
    {
        using Clock = std::chrono::steady_clock;
        const auto settleStart = Clock::now();
        Scene scene = loadSceneText(kScene, "contact-cost (in memory)");
        Simulation settling(std::move(scene.world), scene.params);
        settling.run(std::llround(kSettleTime / settling.params().dt));
        QVERIFY2(!settling.isUnstable(), settling.instabilityMessage().c_str());
        const World settled = settling.world();
        const std::size_t n = settled.size();
        const std::size_t inContact = spheresInContact(settled);
        const double settleSeconds = std::chrono::duration<double>(Clock::now() - settleStart).count();
        qInfo("settled %zu spheres for %.2f s of simulated time (%.1f s wall): %zu contacts (%.2f per sphere), "
              "%zu spheres (%.1f%%) touching something, kinetic energy %.3g J",
              n, kSettleTime, settleSeconds, settling.contactCount(), 2.0 * settling.contactCount() / double(n),
              inContact, 100.0 * inContact / double(n),
              settling.energy().kineticTranslational + settling.energy().kineticRotational);
        // dense: nearly every sphere rests on something, and there are more contacts than spheres
        QVERIFY(inContact >= 0.9 * n);
        QVERIFY(settling.contactCount() >= n);

        // one dt for all three: 0.3 x the smallest critical dt
        double dt = settling.params().dt;
        for (const Variant& v : kVariants)
            dt = std::min(dt, 0.3 * Simulation(withVariant(settled, v), settling.params()).criticalDt());
        SimParams params = settling.params();
        params.dt = dt;

        std::array<std::vector<double>, kVariants.size()> rates;      // M particle-steps/s, CPU time
        std::array<std::vector<double>, kVariants.size()> wallRates;  // M particle-steps/s, wall clock
        std::array<std::vector<double>, kVariants.size()> costRatios; // time per step / frictionless
        std::array<std::size_t, kVariants.size()> contacts{};
        std::array<long long, kVariants.size()> builds{};
        for (int rep = 0; rep < kRepetitions; ++rep) {
            std::array<double, kVariants.size()> seconds{};
            for (std::size_t k = 0; k < kVariants.size(); ++k) {
                Simulation sim(withVariant(settled, kVariants[k]), params);
                sim.run(kWarmupSteps);
                const long long buildsBefore = sim.neighbourListBuilds();
                const auto t0 = Clock::now();
                const double c0 = threadSeconds();
                sim.run(kTimedSteps);
                seconds[k] = threadSeconds() - c0;
                const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
                QVERIFY2(!sim.isUnstable(), sim.instabilityMessage().c_str());
                rates[k].push_back(double(n) * double(kTimedSteps) / seconds[k] / 1e6);
                wallRates[k].push_back(double(n) * double(kTimedSteps) / wall / 1e6);
                contacts[k] = sim.contactCount();
                builds[k] = sim.neighbourListBuilds() - buildsBefore;
            }
            for (std::size_t k = 0; k < kVariants.size(); ++k)
                costRatios[k].push_back(seconds[k] / seconds[0]);
        }

        QJsonObject out;
        out["benchmark"] = "contact_cost";
        out["bodies"] = double(n);
        out["dt"] = dt;
        out["timing"] = "thread CPU time; medians of alternating repetitions";
        out["warmup_steps"] = double(kWarmupSteps);
        out["timed_steps"] = double(kTimedSteps);
        out["repetitions"] = kRepetitions;
        out["settled_contacts"] = double(settling.contactCount());
        out["settled_spheres_in_contact"] = double(inContact);
        QJsonObject variants;
        for (std::size_t k = 0; k < kVariants.size(); ++k) {
            const double rate = median(rates[k]);
            const double ratio = median(costRatios[k]);
            qInfo("%-17s friction %.1f rolling %.1f: %6.3f M particle-steps/s (runs %.3f %.3f %.3f; wall clock "
                  "%.3f), cost %.3f x frictionless, %zu contacts at the end, %lld neighbour-list builds while timed",
                  kVariants[k].name, kVariants[k].friction, kVariants[k].rollingFriction, rate, rates[k][0],
                  rates[k][1], rates[k][2], median(wallRates[k]), ratio, contacts[k], builds[k]);
            QJsonObject v;
            v["friction"] = kVariants[k].friction;
            v["rolling_friction"] = kVariants[k].rollingFriction;
            v["mparticle_steps_per_s"] = rate;
            v["mparticle_steps_per_s_wall"] = median(wallRates[k]);
            v["cost_vs_frictionless"] = ratio;
            v["contacts"] = double(contacts[k]);
            v["neighbour_list_builds"] = double(builds[k]);
            QJsonArray runs;
            for (double r : rates[k])
                runs.append(r);
            v["runs_mparticle_steps_per_s"] = runs;
            variants[kVariants[k].name] = v;
        }
        out["variants"] = variants;
        if (const char* path = std::getenv("TUMBLE_BENCH_OUT"); path && *path) {
            QFile f(QString::fromLocal8Bit(path));
            QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), path);
            f.write(QJsonDocument(out).toJson());
            qInfo("written to %s", path);
        }

        // the issue's requirement (a timing assertion: acceptable in a benchmark, not in a unit test)
        const double rollingCost = median(costRatios[2]);
        QVERIFY2(rollingCost <= 2.0,
                 qPrintable(QStringLiteral("friction + rolling costs %1 x the frictionless step").arg(rollingCost)));
    }
};

QTEST_APPLESS_MAIN(TestContactCost)
#include "TestContactCost.moc"
