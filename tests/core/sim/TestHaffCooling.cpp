// Haff's law on the built-in scene "haff-cooling" (docs/PERIODIC.md "Haff's cooling"): a
// homogeneous gas of N frictionless spheres of diameter s and mass m at number density n, with a
// velocity-independent restitution e, cools as
//   dT/dt = -A T^(3/2),  A = (4 sqrt(pi) / 3) n chi s^2 (1 - e^2) / sqrt(m),
// T = m <|u|^2> / 3 the granular temperature (J), chi = (1 - phi/2) / (1 - phi)^3 the contact value
// of the pair correlation (Carnahan-Starling) at volume fraction phi. So T^(-1/2) grows linearly,
// T^(-1/2)(t) = T0^(-1/2) + (A/2) t, and T(t) = T0 / (1 + t/tau)^2 with tau = 2 / (A sqrt(T0)).
//
// Tolerances (derived in PERIODIC.md): the temperature of N = 1000 spheres is known to
// sqrt(2 / 3N) = 2.6% per sample; the least-squares slope over the fit window to about 2% (one
// standard error), 6% at three; Enskog's rate with Carnahan-Starling's chi at phi = 0.05 and the
// Sonine correction at e = 0.9 (-0.3%) add at most 2%, the soft contacts' overlap (1.3% of s at
// the gas's speeds) shortens the collision diameter and so the rate by up to 2.6%: 10% in all for
// the rate, and 0.2 on the decay exponent 2.
#include <QtTest>

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

// the granular temperature m <|u - <u>|^2> / 3 of equal spheres, J
double temperature(const World& w, double dt)
{
    Vec3 mean = Vec3::Zero();
    std::vector<Vec3> v(w.size());
    for (std::size_t i = 0; i < w.size(); ++i) {
        v[i] = onStepKinematics(w, i, dt).velocity;
        mean += v[i];
    }
    mean /= static_cast<double>(w.size());
    double sum = 0.0;
    for (const Vec3& u : v)
        sum += (u - mean).squaredNorm();
    return w.mass[0] * sum / (3.0 * static_cast<double>(w.size()));
}

// least-squares slope and intercept of y against x
std::pair<double, double> fitLine(const std::vector<double>& x, const std::vector<double>& y)
{
    const double n = static_cast<double>(x.size());
    double sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0;
    for (std::size_t k = 0; k < x.size(); ++k) {
        sx += x[k];
        sy += y[k];
        sxx += x[k] * x[k];
        sxy += x[k] * y[k];
    }
    const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    return {slope, (sy - slope * sx) / n};
}

} // namespace

class TestHaffCooling : public QObject {
    Q_OBJECT
private slots:
    void temperatureFollowsHaffsLaw()
    {
        Scene scene = loadBuiltinScene("haff-cooling");
        const World& w0 = scene.world;
        QVERIFY(w0.cell.has_value());
        QVERIFY(!w0.cell->deforming());
        const std::size_t n = w0.size();
        const double r = w0.radius[0];
        const double m = w0.mass[0];
        const Material& mat = w0.materials[static_cast<std::size_t>(w0.material[0])];
        QCOMPARE(mat.friction, 0.0); // rotation stays out of it
        for (std::size_t i = 0; i < n; ++i)
            QVERIFY(w0.radius[i] == r && w0.mass[i] == m);
        const double volume = w0.cell->volume();
        const double phi = static_cast<double>(n) * 4.0 / 3.0 * std::numbers::pi * r * r * r / volume;
        const double chi = (1.0 - 0.5 * phi) / std::pow(1.0 - phi, 3);
        const double s = 2.0 * r;
        const double e = mat.restitution;
        const double a = 4.0 * std::sqrt(std::numbers::pi) / 3.0 * (static_cast<double>(n) / volume) * chi * s * s *
                         (1.0 - e * e) / std::sqrt(m);

        Simulation sim(std::move(scene.world), scene.params);
        const double dt = sim.params().dt;
        // a few collisions per sphere first: the lattice's positions forget themselves
        const double t0 = 0.1; // s
        while (sim.world().time < t0)
            sim.step();
        const double temperature0 = temperature(sim.world(), dt);
        const double tau = 2.0 / (a * std::sqrt(temperature0)); // s
        // to 2 tau: the temperature falls ninefold, before clusters form
        std::vector<double> time, inverseRoot, logTime, logTemperature;
        const double sampleEvery = tau / 40.0;
        double next = t0;
        while (sim.world().time < t0 + 2.0 * tau) {
            sim.step();
            QVERIFY2(!sim.isUnstable(), sim.instabilityMessage().c_str());
            if (sim.world().time < next)
                continue;
            next += sampleEvery;
            const double t = sim.world().time - t0;
            const double temp = temperature(sim.world(), dt);
            time.push_back(t);
            inverseRoot.push_back(1.0 / std::sqrt(temp));
            logTime.push_back(std::log(1.0 + t / tau));
            logTemperature.push_back(std::log(temp / temperature0));
        }
        const auto [slope, intercept] = fitLine(time, inverseRoot);
        qInfo("Haff: phi %.4f, chi %.4f, T0 %.4g J, tau %.4g s; d(T^-1/2)/dt %.5g, theory A/2 = %.5g (ratio %.4f)", phi,
              chi, temperature0, tau, slope, 0.5 * a, slope / (0.5 * a));
        TUMBLE_NEAR(slope, 0.5 * a, 0.0, 0.10);
        TUMBLE_NEAR(intercept, 1.0 / std::sqrt(temperature0), 0.0, 0.05);
        const double exponent = -fitLine(logTime, logTemperature).first;
        qInfo("Haff: decay exponent %.4f (theory 2)", exponent);
        TUMBLE_NEAR(exponent, 2.0, 0.2, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestHaffCooling)
#include "TestHaffCooling.moc"
