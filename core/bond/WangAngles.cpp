#include "bond/WangAngles.h"

#include <cmath>
#include <numbers>

namespace tumble {

WangAngles wangAngles(const Quat& q)
{
    // the sign of the quaternion that makes the twist part's scalar >= 0: psi in [-pi, pi]
    Quat g = q;
    if (g.w() < 0.0 || (g.w() == 0.0 && g.z() < 0.0))
        g.coeffs() = -g.coeffs();
    const double g0 = g.w(), g1 = g.x(), g2 = g.y(), g3 = g.z();
    const double twistPart = std::hypot(g0, g3); // cos(theta/2), eq. 23's m0
    const double bendPart = std::hypot(g1, g2);  // sin(theta/2)
    WangAngles a;
    a.theta = 2.0 * std::atan2(bendPart, twistPart);
    a.psi = 2.0 * std::atan2(g3, g0); // eq. 24
    if (bendPart > 0.0) {
        a.phi = std::atan2(g2 * g3 - g0 * g1, g1 * g3 + g0 * g2); // eq. 26
        if (a.phi < 0.0)
            a.phi += 2.0 * std::numbers::pi;
    }
    return a;
}

Quat wangRotation(const WangAngles& a)
{
    const double cb = std::cos(0.5 * a.theta), sb = std::sin(0.5 * a.theta);
    const Quat m(cb, -sb * std::sin(a.phi), sb * std::cos(a.phi), 0.0);
    const Quat n(std::cos(0.5 * a.psi), 0.0, 0.0, std::sin(0.5 * a.psi));
    return m * n;
}

} // namespace tumble
