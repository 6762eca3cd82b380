#pragma once
// The dashpot of a Hertzian contact that returns a given coefficient of restitution.
//
// Tsuji et al. (1992) damp a Hertz contact, F = kh d^(3/2), with a force proportional to
// d^(1/4) d'. Scaling d = X s, t = T tau with kh X^(1/2) T^2 = m* and v0 T = X turns the impact
//   m* d'' + eta d^(1/4) d' + kh d^(3/2) = 0,   eta = alpha sqrt(m* kh),
// into s'' + alpha s^(1/4) s' + s^(3/2) = 0 with s(0) = 0, s'(0) = 1: the restitution depends on
// alpha alone, not on the impact speed (Tsuji's point; Antypov & Elliott 2011 solve the same
// equation). Tsuji's coefficient 2 sqrt(5/6) beta sqrt(m* S_n), S_n = 2 E* sqrt(R* d), with
// beta = ln e / sqrt(ln^2 e + pi^2), is alpha = sqrt(5) |beta|; integrating the dimensionless
// impact shows it returns e to the integration's accuracy (1e-6, tests/core/contact/TestHertzMindlin),
// from e = 1 (alpha = 0) down to e -> 0 (alpha -> sqrt(5)). The force is not clipped at zero, as
// for the linear model.

namespace tumble {

/// alpha >= 0 (see above) for a restitution e in [0, 1].
double hertzDampingFromRestitution(double e);

} // namespace tumble
