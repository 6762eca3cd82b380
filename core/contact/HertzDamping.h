#pragma once
// The dashpot of a Hertzian contact that returns a given coefficient of restitution.
//
// Tsuji et al. (1992) damp a Hertz contact, F = kh d^(3/2), with a force proportional to
// d^(1/4) d'. Scaling d = X s, t = T tau with kh X^(1/2) T^2 = m* and v0 T = X turns the impact
//   m* d'' + eta d^(1/4) d' + kh d^(3/2) = 0,   eta = alpha sqrt(m* kh),
// into s'' + alpha s^(1/4) s' + s^(3/2) = 0 with s(0) = 0, s'(0) = 1: the restitution depends on
// alpha alone, not on the impact speed (Tsuji's point, Antypov & Elliott 2011 analyse the same
// equation). Tsuji's closed form alpha = sqrt(5) |ln e| / sqrt(ln^2 e + pi^2) borrows the
// linear spring's relation and is ~1% off (e = 0.5 comes out 0.496); Tumble instead solves
// e(alpha) = e on the dimensionless impact itself, so the restitution is the material's.
// The force is not clipped at zero, as for the linear model.

namespace tumble {

/// Restitution of the dimensionless damped Hertz impact for damping alpha >= 0 (see above);
/// 0 when the body does not come back out within a long time.
double hertzRestitution(double alpha);

/// The alpha >= 0 whose impact returns restitution e in [0, 1] (e = 0: the smallest alpha that
/// keeps the body in contact); accurate to ~1e-6 in e.
double hertzDampingFromRestitution(double e);

} // namespace tumble
