#include "analysis/DampedOscillator.h"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace tumble {

DampedOscillator::DampedOscillator(double m, double c, double k, double force, double x0, double v0)
{
    if (!(m > 0.0 && k > 0.0 && c >= 0.0))
        throw std::invalid_argument("DampedOscillator: needs m > 0, k > 0, c >= 0");
    m_a = c / (2.0 * m);
    const double w2 = k / m - m_a * m_a;
    if (!(w2 > 0.0))
        throw std::invalid_argument(
            "DampedOscillator: the closed form needs an underdamped oscillator (c < 2 sqrt(k m))");
    m_wd = std::sqrt(w2);
    m_xeq = force / k;
    m_A = x0 - m_xeq;
    m_B = (v0 + m_a * m_A) / m_wd;
}

double DampedOscillator::position(double t) const
{
    return m_xeq + std::exp(-m_a * t) * (m_A * std::cos(m_wd * t) + m_B * std::sin(m_wd * t));
}

double DampedOscillator::velocity(double t) const
{
    // d/dt of exp(-a t)(A cos + B sin) = exp(-a t)((B w_d - a A) cos - (A w_d + a B) sin)
    const double c = m_B * m_wd - m_a * m_A;
    const double s = m_A * m_wd + m_a * m_B;
    return std::exp(-m_a * t) * (c * std::cos(m_wd * t) - s * std::sin(m_wd * t));
}

std::optional<double> DampedOscillator::firstDownCrossing() const
{
    // x' = 0 where c cos(w_d t) = s sin(w_d t): t0 + j pi / w_d with t0 in [0, pi / w_d)
    const double c = m_B * m_wd - m_a * m_A;
    const double s = m_A * m_wd + m_a * m_B;
    if (c == 0.0 && s == 0.0)
        return std::nullopt; // at rest at equilibrium
    const double half = std::numbers::pi / m_wd;
    double t0 = std::atan2(c, s) / m_wd; // solves tan(w_d t) = c / s
    while (t0 < 0.0)
        t0 += half;
    while (t0 >= half)
        t0 -= half;
    double prev = 0.0;
    // at most: the interval up to the first extremum, then up to the next one (a maximum then a
    // minimum); every later minimum lies closer to x_eq >= 0, so a minimum above zero ends it
    for (int j = 0; j < 3; ++j) {
        const double te = t0 + j * half;
        if (te <= 0.0)
            continue;
        if (position(te) < 0.0) {
            // x is monotone on [prev, te], x(prev) >= 0 > x(te): bisect to the last bit
            double lo = prev, hi = te;
            for (;;) {
                const double mid = 0.5 * (lo + hi);
                if (mid <= lo || mid >= hi)
                    break;
                (position(mid) >= 0.0 ? lo : hi) = mid;
            }
            return hi;
        }
        if (position(te) < m_xeq) // a minimum above zero
            return std::nullopt;
        prev = te;
    }
    return std::nullopt;
}

} // namespace tumble
