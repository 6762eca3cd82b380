#pragma once
// DampedOscillator: the closed form of m x'' + c x' + k x = F (underdamped, zeta < 1), the
// normal motion of a linear spring-dashpot contact (ContactParams: F = kn d - cn v_n, not
// clipped) with a constant force such as gravity.
//
// x(t) = x_eq + exp(-a t) (A cos(w_d t) + B sin(w_d t)), x_eq = F / k, a = c / (2 m),
// w_d = sqrt(k / m - a^2), A = x0 - x_eq, B = (v0 + a A) / w_d.
// firstDownCrossing() finds where the overlap x returns to zero: between consecutive extrema
// x is monotone and the extrema are at closed-form times, so the root is bracketed exactly and
// bisected until the bracket cannot shrink (machine precision).
#include <optional>

namespace tumble {

class DampedOscillator {
public:
    DampedOscillator() = default; ///< x = 0 for ever
    /// m in kg (> 0), c in N s/m (>= 0), k in N/m (> 0), force F in N; x0 in m, v0 in m/s at
    /// t = 0. Requires c < 2 sqrt(k m) (underdamped); throws std::invalid_argument otherwise.
    DampedOscillator(double m, double c, double k, double force, double x0, double v0);

    double position(double t) const; ///< x(t), m (t in s from the start)
    double velocity(double t) const; ///< x'(t), m/s

    /// Damped angular frequency w_d, rad/s.
    double dampedFrequency() const { return m_wd; }
    /// Decay rate a = c / (2 m), 1/s.
    double decayRate() const { return m_a; }
    /// Equilibrium x_eq = F / k, m.
    double equilibrium() const { return m_xeq; }

    /// The first t > 0 at which x falls through zero (x(t) = 0, x decreasing), s; none when x
    /// stays positive for ever. Expects x0 >= 0 and x_eq >= 0 (a contact that has begun).
    std::optional<double> firstDownCrossing() const;

private:
    double m_a = 0.0, m_wd = 0.0, m_xeq = 0.0, m_A = 0.0, m_B = 0.0;
};

} // namespace tumble
