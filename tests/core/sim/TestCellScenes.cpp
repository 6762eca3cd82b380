// What the periodic-cell teaching scenes tell the reader to see (their descriptions and
// docs/PERIODIC.md "Teaching scenes"), checked on the scenes as shipped:
// - shear-gas: Lees-Edwards brings the shear in through the boundary, so the mean velocity of the
//   layers next to it leads that of the middle layers; the profile then grows monotonically
//   towards the steady linear one, v_x = g (y - L/2) (zero mean: the gas's momentum is zero and
//   Lees-Edwards conserves it), which it approaches from below (a diffusing profile never
//   overshoots the steady one);
// - isotropic-compression: the pressure stays that of a gas until the grains jam, then rises
//   steeply: it first exceeds 5% of its final value between random loose packing (0.55) and random
//   close packing (0.64), the range of jamming fractions of frictional and frictionless spheres;
// - cemented-shear: the shear stress rises in proportion to the strain to a peak near 75 kPa at a
//   strain near 0.07, where a burst of breaks halves it and the pressure jumps from below zero to
//   over 20 kPa; the solid hardens again, then falls apart: nearly nine bonds in ten broken and no
//   stress left, with the ledger closed to 1e-3 of the work.
#include <QtTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <vector>

#include "TestHelpers.h"
#include "model/OnStepKinematics.h"
#include "scene/BuiltinScenes.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

constexpr int kBins = 7;

// mean lab v_x of the bodies in kBins layers along the cell's second side, each body counted at
// its image in the cell (its velocity shifted by the image's medium velocity), m/s
std::array<double, kBins> profile(const Simulation& sim)
{
    const World& w = sim.world();
    const PeriodicCell& cell = *w.cell;
    std::array<double, kBins> sum{};
    std::array<int, kBins> count{};
    for (std::size_t i = 0; i < w.size(); ++i) {
        const ImageShift n = cell.wrapShift(w.position[i]);
        const double s = cell.fractional(w.position[i] - cell.shift(n)).y();
        const int k = std::clamp(int(std::floor(s * kBins)), 0, kBins - 1);
        sum[std::size_t(k)] += onStepKinematics(w, i, sim.params().dt).velocity.x() - cell.shiftVelocity(n).x();
        ++count[std::size_t(k)];
    }
    for (int k = 0; k < kBins; ++k)
        sum[std::size_t(k)] /= count[std::size_t(k)];
    return sum;
}

void runTo(Simulation& sim, double t)
{
    while (sim.world().time < t) {
        sim.step();
        if (sim.isUnstable())
            qFatal("%s", sim.instabilityMessage().c_str());
    }
}

} // namespace

class TestCellScenes : public QObject {
    Q_OBJECT
private slots:
    void shearGasProfileGrowsFromTheBoundary()
    {
        Scene scene = loadBuiltinScene("shear-gas");
        QCOMPARE(scene.world.cell->model(), CellModel::LeesEdwards);
        const double rate = scene.world.cell->gradient()(0, 1); // 1/s
        const double height = scene.world.cell->vectors()(1, 1);
        Simulation sim(std::move(scene.world), scene.params);
        runTo(sim, 0.35);
        const std::array<double, kBins> early = profile(sim);
        // the outer layers lead, with the steady profile's signs
        const double middle = std::max({std::abs(early[2]), std::abs(early[3]), std::abs(early[4])});
        qInfo("at 0.35 s: %.3f %.3f %.3f %.3f %.3f %.3f %.3f m/s", early[0], early[1], early[2], early[3], early[4],
              early[5], early[6]);
        QVERIFY(early[0] < -2.0 * middle && early[6] > 2.0 * middle);
        runTo(sim, 1.5);
        const std::array<double, kBins> later = profile(sim);
        qInfo("at 1.5 s: %.3f %.3f %.3f %.3f %.3f %.3f %.3f m/s", later[0], later[1], later[2], later[3], later[4],
              later[5], later[6]);
        // least-squares slope over the layers' centres
        double sy = 0.0, syy = 0.0, svy = 0.0, sv = 0.0;
        for (int k = 0; k < kBins; ++k) {
            const double y = (k + 0.5) / kBins * height;
            sy += y;
            syy += y * y;
            sv += later[std::size_t(k)];
            svy += later[std::size_t(k)] * y;
            if (k > 0)
                QVERIFY2(later[std::size_t(k)] > later[std::size_t(k - 1)], "the profile rises monotonically");
        }
        const double slope = (kBins * svy - sy * sv) / (kBins * syy - sy * sy);
        qInfo("profile slope %.3f 1/s against the shear rate %.3f 1/s", slope, rate);
        QVERIFY(slope > 0.5 * rate && slope <= rate);
    }

    void isotropicCompressionJamsBetweenLooseAndClosePacking()
    {
        Scene scene = loadBuiltinScene("isotropic-compression");
        double solid = 0.0; // m^3
        for (double r : scene.world.radius)
            solid += 4.0 / 3.0 * std::numbers::pi * r * r * r;
        Simulation sim(std::move(scene.world), scene.params);
        std::vector<std::pair<double, double>> samples; // (volume fraction, pressure Pa)
        while (sim.world().time < 0.85) {
            for (int k = 0; k < 200; ++k)
                sim.step();
            QVERIFY2(!sim.isUnstable(), sim.instabilityMessage().c_str());
            const CellStress s = sim.cellStress();
            samples.emplace_back(solid / s.volume, s.pressure);
        }
        const double final = samples.back().second;
        double onset = 0.0;
        for (const auto& [phi, p] : samples)
            if (onset == 0.0 && phi > 0.3 && p > 0.05 * final)
                onset = phi;
        qInfo("final volume fraction %.3f, pressure %.4g Pa; pressure passes 5%% of it at %.3f", samples.back().first,
              final, onset);
        QVERIFY(samples.back().first > 0.64);
        QVERIFY(onset >= 0.55 && onset <= 0.64);
    }

    void cementedSolidBreaksInTwoStages()
    {
        Scene scene = loadBuiltinScene("cemented-shear");
        const World& w0 = scene.world;
        std::size_t throughFaces = 0;
        for (std::size_t k = 0; k < w0.bonds.size(); ++k)
            throughFaces += w0.imageNear(std::size_t(w0.bonds.bodies[k][1]),
                                         w0.position[std::size_t(w0.bonds.bodies[k][0])]) != ImageShift{0, 0, 0};
        QCOMPARE(w0.bonds.size(), std::size_t(2376));
        QCOMPARE(throughFaces, std::size_t(505));
        const std::size_t bonds = w0.bonds.size();
        Simulation sim(std::move(scene.world), scene.params);
        struct Sample {
            double strain, shear, pressure; // -, Pa, Pa
            std::size_t broken;
        };
        std::vector<Sample> samples;
        double worstBalance = 0.0;
        while (sim.world().time < 0.19) {
            for (int k = 0; k < 50; ++k)
                sim.step();
            QVERIFY2(!sim.isUnstable(), sim.instabilityMessage().c_str());
            const CellStress s = sim.cellStress();
            samples.push_back({s.strain(0, 1), s.sigma(0, 1), s.pressure, sim.bondBreaks().size()});
            worstBalance = std::max(worstBalance, std::abs(sim.energy().balanceError));
        }
        // the elastic stage: shear stress in proportion to the strain until the first break
        std::size_t first = 0;
        while (samples[first].broken == 0)
            ++first;
        const Sample& peak = samples[first - 1];
        double lo = 1e300, hi = 0.0;
        for (std::size_t k = 0; k < first; ++k)
            if (samples[k].strain > 0.01) {
                lo = std::min(lo, samples[k].shear / samples[k].strain);
                hi = std::max(hi, samples[k].shear / samples[k].strain);
            }
        // the burst: within a strain of 0.01 the shear stress halves and the pressure jumps
        std::size_t after = first;
        while (samples[after].strain < peak.strain + 0.01)
            ++after;
        // the end: nearly nine bonds in ten broken, no stress left
        const Sample& end = samples.back();
        qInfo("elastic: sigma_xy / strain in [%.4g, %.4g] Pa; peak %.4g Pa at strain %.4f (p %.4g Pa); at strain "
              "%.4f: %.4g Pa, p %.4g Pa, %zu bonds broken; at strain %.3f: %.4g Pa, %zu of %zu broken; worst balance "
              "error %.3g J of %.4g J work",
              lo, hi, peak.shear, peak.strain, peak.pressure, samples[after].strain, samples[after].shear,
              samples[after].pressure, samples[after].broken, end.strain, end.shear, end.broken, bonds, worstBalance,
              sim.energy().externalWork);
        QVERIFY(hi < 1.02 * lo);
        QVERIFY(peak.strain > 0.06 && peak.strain < 0.08);
        QVERIFY(peak.shear > 65e3 && peak.shear < 85e3);
        QVERIFY(samples[after].shear < 0.55 * peak.shear);
        QVERIFY(peak.pressure < 0.0 && samples[after].pressure > 20e3);
        double later = 0.0; // the second peak
        for (const Sample& s : samples)
            later = std::max(later, s.strain > peak.strain + 0.05 ? s.shear : 0.0);
        QVERIFY(later > samples[after].shear * 1.5);
        QVERIFY(end.broken > 0.85 * bonds);
        QVERIFY(std::abs(end.shear) < 0.01 * peak.shear);
        QVERIFY(worstBalance < 1e-3 * sim.energy().externalWork);
    }
};

QTEST_APPLESS_MAIN(TestCellScenes)
#include "TestCellScenes.moc"
