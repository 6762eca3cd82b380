#include "JacobiElliptic.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace tumble {

namespace {
constexpr double kPi = std::numbers::pi;
// m this close to 1 is the separatrix: the AGM would need b0 = sqrt(1 - m) below rounding
constexpr double kSeparatrix = 1e-15;
} // namespace

double carlsonRF(double x, double y, double z)
{
    // duplication until the arguments agree to r = 1e-3, then the fifth-order series, whose
    // truncation error is below r^6 / (4 (1 - r)), i.e. 3e-19
    for (int it = 0; it < 100; ++it) {
        const double a = (x + y + z) / 3.0;
        const double dx = 1.0 - x / a, dy = 1.0 - y / a, dz = 1.0 - z / a;
        if (std::max({std::abs(dx), std::abs(dy), std::abs(dz)}) < 1e-3) {
            const double e2 = dx * dy - dz * dz;
            const double e3 = dx * dy * dz;
            return (1.0 - e2 / 10.0 + e3 / 14.0 + e2 * e2 / 24.0 - 3.0 * e2 * e3 / 44.0) / std::sqrt(a);
        }
        const double sx = std::sqrt(x), sy = std::sqrt(y), sz = std::sqrt(z);
        const double lambda = sx * sy + sy * sz + sz * sx;
        x = 0.25 * (x + lambda);
        y = 0.25 * (y + lambda);
        z = 0.25 * (z + lambda);
    }
    return std::numeric_limits<double>::quiet_NaN();
}

double ellipticK(double m)
{
    if (m >= 1.0 - kSeparatrix)
        return std::numeric_limits<double>::infinity();
    // K = pi / (2 AGM(1, sqrt(1 - m)))
    double a = 1.0, b = std::sqrt(1.0 - m);
    // quadratic convergence: six steps reach rounding for any m < 1 - 1e-15; the cap guards
    // against a and b alternating in the last bit
    for (int it = 0; it < 64 && std::abs(a - b) > 4e-16 * a; ++it) {
        const double an = 0.5 * (a + b);
        b = std::sqrt(a * b);
        a = an;
    }
    return kPi / (a + b);
}

double ellipticF(double phi, double m)
{
    // reduce to |phi| <= pi/2, where F = sin(phi) R_F(cos^2, 1 - m sin^2, 1)
    const double n = std::round(phi / kPi);
    const double r = phi - n * kPi;
    const double s = std::sin(r), c = std::cos(r);
    const double f = s * carlsonRF(c * c, 1.0 - m * s * s, 1.0);
    return n == 0.0 ? f : f + 2.0 * n * ellipticK(m);
}

JacobiSnCnDn jacobiSnCnDn(double u, double m)
{
    if (m <= 0.0)
        return {std::sin(u), std::cos(u), 1.0};
    if (m >= 1.0 - kSeparatrix) {
        const double sech = 1.0 / std::cosh(u);
        return {std::tanh(u), sech, sech};
    }
    // sn and cn have the real period 4K: reduce u so the AGM's 2^N a_N u stays small
    const double k4 = 4.0 * ellipticK(m);
    u -= k4 * std::floor(u / k4 + 0.5);

    // descending AGM: a_{n+1} = (a + b)/2, b_{n+1} = sqrt(a b), c_{n+1} = (a - b)/2
    constexpr int kMax = 16;
    double a[kMax + 1], c[kMax + 1];
    double an = 1.0, bn = std::sqrt(1.0 - m);
    a[0] = an;
    c[0] = std::sqrt(m);
    int n = 0;
    while (n < kMax && std::abs(c[n]) > 1e-16 * an) {
        const double next = 0.5 * (an + bn);
        c[n + 1] = 0.5 * (an - bn);
        bn = std::sqrt(an * bn);
        an = next;
        a[++n] = an;
    }
    // phi_N = 2^N a_N u, then phi_{n-1} = (phi_n + asin(c_n / a_n sin phi_n)) / 2
    double phi = std::ldexp(a[n] * u, n);
    for (int j = n; j > 0; --j)
        phi = 0.5 * (phi + std::asin(c[j] / a[j] * std::sin(phi)));
    const double sn = std::sin(phi), cn = std::cos(phi);
    // dn^2 = 1 - m sn^2 = (1 - m) + m cn^2: a sum of non-negative terms, so no cancellation
    // (A&S 16.4.3's cn / cos(phi_1 - phi_0) is 0/0 at u = K)
    const double dn = std::sqrt((1.0 - m) + m * cn * cn);
    return {sn, cn, dn};
}

} // namespace tumble
