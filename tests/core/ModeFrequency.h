#pragma once
// The frequency of a linear mode as a scheme runs it, and as a run measures it (bonded pair and
// chain tests).
#include <cmath>
#include <complex>
#include <functional>
#include <numbers>
#include <string>

#include "sim/Simulation.h"

namespace tumble::test {

/// The discrete angular frequency of an oscillator of frequency w (rad/s) under the translation
/// scheme, dt in s: the leapfrogs' (2/dt) asin(w dt / 2), classical RK4's arg R(i w dt) / dt with
/// R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24.
inline double discreteOmega(const std::string& translation, double w, double dt)
{
    if (translation == "rk4") {
        const std::complex<double> z(0.0, w * dt);
        const std::complex<double> r = 1.0 + z + z * z / 2.0 + z * z * z / 6.0 + z * z * z * z / 24.0;
        return std::arg(r) / dt;
    }
    return 2.0 / dt * std::asin(w * dt / 2.0);
}

/// The mode coordinate's frequency over `periods` periods of w (upward zero crossings,
/// interpolated linearly), rad/s. The interpolation error of one crossing is at most
/// (w dt)^2 dt / 8, so the frequency's relative error is below (w dt)^3 / (8 pi periods).
inline double measuredOmega(Simulation& sim, const std::function<double(const World&)>& coordinate, double w,
                            int periods)
{
    const double dt = sim.params().dt;
    const long long steps = static_cast<long long>(std::ceil((periods + 1.5) * 2.0 * std::numbers::pi / (w * dt)));
    double first = -1.0, last = -1.0;
    int crossings = 0;
    double before = coordinate(sim.world());
    for (long long s = 0; s < steps; ++s) {
        sim.step();
        const double now = coordinate(sim.world());
        if (before < 0.0 && now >= 0.0) {
            const double t = sim.world().time - dt * now / (now - before);
            if (crossings == 0)
                first = t;
            last = t;
            ++crossings;
        }
        before = now;
    }
    return 2.0 * std::numbers::pi * (crossings - 1) / (last - first);
}

} // namespace tumble::test
