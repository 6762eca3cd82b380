#include "contact/HertzDamping.h"

#include <cmath>
#include <map>
#include <mutex>

namespace tumble {

namespace {

// dimensionless step: the contact lasts ~3.2 (alpha = 0) to ~10 time units; the d^(1/4) corner
// at the start and end limits classical RK4 to about first order there, 1e-4 gives ~1e-6 in e
constexpr double kStep = 1e-4;
// a body still in contact after this long counts as captured (e = 0)
constexpr double kHorizon = 60.0;

double acceleration(double alpha, double s, double v)
{
    const double sp = s > 0.0 ? s : 0.0;
    return -alpha * std::sqrt(std::sqrt(sp)) * v - sp * std::sqrt(sp);
}

} // namespace

double hertzRestitution(double alpha)
{
    double s = 0.0, v = 1.0;
    const double h = kStep;
    const long long steps = static_cast<long long>(kHorizon / h);
    for (long long k = 0; k < steps; ++k) {
        const double k1x = v, k1v = acceleration(alpha, s, v);
        const double k2x = v + 0.5 * h * k1v, k2v = acceleration(alpha, s + 0.5 * h * k1x, v + 0.5 * h * k1v);
        const double k3x = v + 0.5 * h * k2v, k3v = acceleration(alpha, s + 0.5 * h * k2x, v + 0.5 * h * k2v);
        const double k4x = v + h * k3v, k4v = acceleration(alpha, s + h * k3x, v + h * k3v);
        const double sn = s + h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
        const double vn = v + h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
        if (sn <= 0.0 && k > 0) {
            // linear interpolation to the crossing s = 0
            const double f = s / (s - sn);
            return -(v + f * (vn - v));
        }
        s = sn;
        v = vn;
    }
    return 0.0;
}

double hertzDampingFromRestitution(double e)
{
    if (e >= 1.0)
        return 0.0;
    e = e > 0.0 ? e : 0.0;
    // the same few restitutions come back for every contact table: solve each once
    static std::mutex mutex;
    static std::map<double, double> cache;
    {
        const std::lock_guard<std::mutex> lock(mutex);
        if (const auto it = cache.find(e); it != cache.end())
            return it->second;
    }
    // e(alpha) falls monotonically from 1 at alpha = 0 to 0 near alpha = 2.1: bisect
    double lo = 0.0, hi = 4.0;
    for (int k = 0; k < 30; ++k) { // 4 / 2^30 ~ 4e-9 in alpha
        const double mid = 0.5 * (lo + hi);
        (hertzRestitution(mid) > e ? lo : hi) = mid;
    }
    const double alpha = e > 0.0 ? 0.5 * (lo + hi) : hi;
    const std::lock_guard<std::mutex> lock(mutex);
    cache[e] = alpha;
    return alpha;
}

} // namespace tumble
