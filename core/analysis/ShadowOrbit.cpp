#include "analysis/ShadowOrbit.h"

#include <cmath>

namespace tumble {

std::optional<ShadowOrbit> shadowOrbit(const std::string& scheme, double w, double dt)
{
    const double w2 = w * w, th = w * dt;
    ShadowOrbit o;
    o.a = w2;
    if (scheme == "velocity_verlet") {
        o.a = w2 * (1.0 - 0.25 * th * th);
    } else if (scheme == "symplectic_euler" || scheme == "central_difference") {
        o.b = -w2 * dt;
    } else if (scheme == "explicit_euler") {
        o.growth = std::sqrt(1.0 + th * th);
    } else if (scheme == "rk4") {
        // with A^2 = -w^2 I, R(dt A) = alpha I + beta A: a turn scaled by sqrt(alpha^2 + (w beta)^2)
        const double th2 = th * th;
        const double alpha = 1.0 - th2 / 2.0 + th2 * th2 / 24.0;
        const double wBeta = th * (1.0 - th2 / 6.0);
        o.growth = std::sqrt(alpha * alpha + wBeta * wBeta);
    } else {
        return std::nullopt;
    }
    return o;
}

} // namespace tumble
