#include "sim/ConvergenceSweep.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "integrate/IntegratorRegistry.h"
#include "sim/Simulation.h"

namespace tumble {

namespace {

// runs sim to exactly time t (s); returns the steps taken, or -1 if it became unstable
long long runTo(Simulation& sim, double t)
{
    const double dt = sim.params().dt;
    const auto whole = static_cast<long long>(std::floor(t / dt * (1.0 + 1e-12)));
    sim.run(whole);
    long long steps = whole;
    const double rest = t - sim.world().time;
    if (rest > 1e-9 * dt) {
        sim.setDt(rest);
        sim.step();
        ++steps;
    }
    return sim.isUnstable() ? -1 : steps;
}

} // namespace

std::pair<std::string, std::string> sweepSchemes(const std::string& name, const std::string& sceneRotation)
{
    if (const auto p = findPreset(name))
        return {p->translation, p->rotation};
    if (makeTranslationScheme(name)) {
        // only rk4 constrains its partner (schemeCombinationError)
        return {name, name == "rk4" ? std::string("rk4_quaternion") : sceneRotation};
    }
    std::string known;
    for (const PresetInfo& p : presets())
        known += (known.empty() ? "" : ", ") + p.name;
    for (const SchemeInfo& s : translationSchemes())
        known += ", " + s.name;
    throw ParameterError("unknown scheme '" + name + "' (presets and translation schemes: " + known + ")");
}

double fittedOrder(const std::vector<double>& dts, const std::vector<double>& errors)
{
    std::vector<double> lx, ly;
    for (std::size_t i = 0; i < dts.size() && i < errors.size(); ++i) {
        if (std::isfinite(errors[i]) && errors[i] > 0.0 && dts[i] > 0.0) {
            lx.push_back(std::log(dts[i]));
            ly.push_back(std::log(errors[i]));
        }
    }
    if (lx.size() < 2)
        return std::numeric_limits<double>::quiet_NaN();
    const double n = static_cast<double>(lx.size());
    double mx = 0.0, my = 0.0;
    for (std::size_t i = 0; i < lx.size(); ++i) {
        mx += lx[i] / n;
        my += ly[i] / n;
    }
    double sxy = 0.0, sxx = 0.0;
    for (std::size_t i = 0; i < lx.size(); ++i) {
        sxy += (lx[i] - mx) * (ly[i] - my);
        sxx += (lx[i] - mx) * (lx[i] - mx);
    }
    return sxx > 0.0 ? sxy / sxx : std::numeric_limits<double>::quiet_NaN();
}

SweepResult convergenceSweep(const Scene& scene, const std::vector<std::string>& schemes, const std::vector<double>& dts,
                             double duration)
{
    if (!(std::isfinite(duration) && duration > 0.0))
        throw ParameterError("the duration must be a positive number of seconds");
    if (dts.empty() || schemes.empty())
        throw ParameterError("a sweep needs at least one scheme and one dt");
    for (double dt : dts)
        if (!(std::isfinite(dt) && dt > 0.0 && dt <= duration))
            throw ParameterError("every dt must be > 0 and at most the duration, got " + std::to_string(dt));

    // reference: rk4 at a sixteenth of the smallest dt
    SimParams refParams = scene.params;
    refParams.translation = "rk4";
    refParams.rotation = "rk4_quaternion";
    refParams.dt = *std::min_element(dts.begin(), dts.end()) / 16.0;
    Simulation reference(scene.world, refParams);
    if (runTo(reference, duration) < 0)
        throw ParameterError("the rk4 reference run became unstable: " + reference.instabilityMessage());
    const std::vector<Vec3>& xRef = reference.world().position;

    SweepResult result;
    for (const std::string& name : schemes) {
        const auto [translation, rotation] = sweepSchemes(name, scene.params.rotation);
        std::vector<double> errors;
        for (double dt : dts) {
            SimParams p = scene.params;
            p.translation = translation;
            p.rotation = rotation;
            p.dt = dt;
            Simulation sim(scene.world, p);
            const long long steps = runTo(sim, duration);
            double error = std::numeric_limits<double>::infinity();
            if (steps >= 0) {
                double sum = 0.0;
                for (std::size_t i = 0; i < xRef.size(); ++i)
                    sum += (sim.world().position[i] - xRef[i]).squaredNorm();
                error = std::sqrt(sum / static_cast<double>(xRef.size()));
            }
            result.points.push_back({name, dt, steps >= 0 ? steps : sim.world().step, error});
            errors.push_back(error);
        }
        result.orders.push_back({name, fittedOrder(dts, errors)});
    }
    return result;
}

} // namespace tumble
