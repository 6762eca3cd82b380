#pragma once
// ShadowOrbit: what a translation scheme keeps of a linear oscillator x'' = -w^2 x stepped at dt
// (Fussell's integration notes, "Phase Space"; Hairer, Lubich and Wanner, "Geometric numerical
// integration", ch. IX). Each scheme's step on (x, v), the state as the scheme stores it (v on
// step, or half a step behind for the central difference), is a linear map M; the quadratic form
//
//   Q(x, v) = a x^2 + b x v + c v^2
//
// that M keeps (the symplectic schemes) or multiplies by growth^2 each step (the others) is:
//
//   velocity_verlet          a = w^2 (1 - (w dt)^2 / 4), b = 0, c = 1           kept
//   symplectic_euler,        a = w^2, b = -w^2 dt, c = 1 (a slightly sheared     kept
//   central_difference       ellipse: the stored v is the one after the kick)
//   explicit_euler           a = w^2, b = 0, c = 1; growth sqrt(1 + (w dt)^2)    grows
//   rk4                      a = w^2, b = 0, c = 1; growth |R(i w dt)|, R the     shrinks
//                            degree-4 Taylor polynomial of exp
//
// (the central difference's pair (x_n, v_n-1/2) steps as symplectic Euler's (x, v) does). The
// phase points of a run lie on Q = Q0 growth^(2n): for the symplectic schemes on the shadow
// ellipse, for the exact motion on w^2 x^2 + v^2 = const. core.ShadowOrbit checks it on the
// harmonic-oscillator scene.
#include <optional>
#include <string>

namespace tumble {

struct ShadowOrbit {
    double a = 0.0;      ///< 1/s^2
    double b = 0.0;      ///< 1/s
    double c = 1.0;      ///< -
    double growth = 1.0; ///< per step factor of sqrt(Q), -: 1 for a scheme that keeps Q

    /// Q(x, v), x in m and v in m/s: m^2/s^2.
    double form(double x, double v) const { return a * x * x + b * x * v + c * v * v; }
    bool kept() const { return growth == 1.0; }
};

/// The orbit of the translation scheme `scheme` (IntegratorRegistry's name) on an oscillator of
/// angular frequency w (rad/s) stepped at dt (s); none for an unknown scheme.
std::optional<ShadowOrbit> shadowOrbit(const std::string& scheme, double w, double dt);

} // namespace tumble
