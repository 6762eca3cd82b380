#include "sim/ConvergenceSweep.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "analysis/AnalyticSolutions.h"
#include "sim/Simulation.h"

namespace tumble {

namespace {

// steps between polls of the cancel flag and progress reports
constexpr long long kChunk = 2048;

// counts the steps of the whole sweep for the progress fraction and polls the cancel flag
class SweepProgress {
public:
    SweepProgress(const SweepOptions& o, double totalSteps) : m_o(o), m_total(std::max(totalSteps, 1.0)) {}
    bool cancelled() const { return m_o.cancel && m_o.cancel->load(std::memory_order_relaxed); }
    void add(long long steps)
    {
        m_done += static_cast<double>(steps);
        if (m_o.progress)
            m_o.progress(std::min(1.0, m_done / m_total));
    }

private:
    const SweepOptions& m_o;
    double m_total;
    double m_done = 0.0;
};

long long wholeSteps(double t, double dt)
{
    return static_cast<long long>(std::floor(t / dt * (1.0 + 1e-12)));
}

// runs sim to exactly time t (s); returns the steps taken, -1 if it became unstable, -2 if cancelled
long long runTo(Simulation& sim, double t, SweepProgress& progress)
{
    const double dt = sim.params().dt;
    const long long whole = wholeSteps(t, dt);
    long long steps = 0;
    while (steps < whole) {
        if (progress.cancelled())
            return -2;
        const long long n = std::min(kChunk, whole - steps);
        sim.run(n);
        steps += n;
        progress.add(n);
        if (sim.isUnstable())
            return -1;
    }
    const double rest = t - sim.world().time;
    if (rest > 1e-9 * dt) {
        sim.setDt(rest);
        sim.step();
        ++steps;
    }
    return sim.isUnstable() ? -1 : steps;
}

double angleBetween(const Quat& a, const Quat& b)
{
    const Quat d = a.conjugate() * b;
    return 2.0 * std::atan2(d.vec().norm(), std::abs(d.w()));
}

// RMS over bodies against a reference world (positions in m or orientations in rad)
double errorAgainst(const World& w, const World& ref, AnalyticMeasure measure)
{
    double sum = 0.0;
    for (std::size_t id = 0; id < ref.size(); ++id) {
        // body by scene id: each simulation may keep its bodies in its own order
        const std::size_t i = w.bodySlot(static_cast<int>(id));
        const std::size_t r = ref.bodySlot(static_cast<int>(id));
        if (measure == AnalyticMeasure::Angle) {
            const double a = angleBetween(ref.orientation[r], w.orientation[i]);
            sum += a * a;
        } else {
            sum += (w.position[i] - ref.position[r]).squaredNorm();
        }
    }
    return std::sqrt(sum / static_cast<double>(ref.size()));
}

} // namespace

const char* sweepReferenceName(SweepReference r)
{
    return r == SweepReference::Analytic ? "analytic" : "rk4";
}

const char* sweepMeasureName(AnalyticMeasure m)
{
    return m == AnalyticMeasure::Angle ? "angle_rad" : "position_m";
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

SweepResult convergenceSweep(const Scene& scene, const std::vector<std::string>& schemes,
                             const std::vector<double>& dts, double duration, const SweepOptions& options)
{
    if (!(std::isfinite(duration) && duration > 0.0))
        throw ParameterError("the duration must be a positive number of seconds");
    if (dts.empty() || schemes.empty())
        throw ParameterError("a sweep needs at least one scheme and one dt");
    for (double dt : dts)
        if (!(std::isfinite(dt) && dt > 0.0 && dt <= duration))
            throw ParameterError("every dt must be > 0 and at most the duration, got " + std::to_string(dt));
    SweepResult result;
    const std::unique_ptr<AnalyticSolution> exact = sweepSolution(scene);
    if (exact) {
        result.measure = exact->measure();
        if (options.useAnalytic)
            result.reference = SweepReference::Analytic;
    }
    std::vector<std::pair<std::string, std::string>> pairs;
    for (const std::string& name : schemes)
        pairs.push_back(sweepSchemes(name, scene.params.rotation, result.measure));

    const double refDt = *std::min_element(dts.begin(), dts.end()) / 16.0;
    double total = 0.0;
    for (double dt : dts)
        total += static_cast<double>(schemes.size()) * std::ceil(duration / dt);
    if (result.reference == SweepReference::Rk4)
        total += std::ceil(duration / refDt);
    SweepProgress progress(options, total);

    // the rk4 reference: at a sixteenth of the smallest dt
    std::unique_ptr<Simulation> reference;
    if (result.reference == SweepReference::Rk4) {
        SimParams refParams = scene.params;
        refParams.translation = "rk4";
        refParams.rotation = "rk4_quaternion";
        refParams.dt = refDt;
        reference = std::make_unique<Simulation>(scene.world, refParams);
        const long long r = runTo(*reference, duration, progress);
        if (r == -2) {
            result.cancelled = true;
            return result;
        }
        if (r < 0)
            throw ParameterError("the rk4 reference run became unstable: " + reference->instabilityMessage());
    }

    for (std::size_t s = 0; s < schemes.size(); ++s) {
        std::vector<double> errors, runDts;
        for (double dt : dts) {
            SimParams p = scene.params;
            p.translation = pairs[s].first;
            p.rotation = pairs[s].second;
            p.dt = dt;
            Simulation sim(scene.world, p);
            const long long steps = runTo(sim, duration, progress);
            if (steps == -2) {
                result.cancelled = true;
                break;
            }
            double error = std::numeric_limits<double>::infinity();
            if (steps >= 0)
                error = exact && !reference ? analyticError(*exact, sim.world(), duration)
                                            : errorAgainst(sim.world(), reference->world(), result.measure);
            result.points.push_back({schemes[s], dt, steps >= 0 ? steps : sim.world().step, error});
            errors.push_back(error);
            runDts.push_back(dt);
        }
        result.orders.push_back({schemes[s], fittedOrder(runDts, errors)});
        if (result.cancelled)
            break;
    }
    return result;
}

} // namespace tumble
