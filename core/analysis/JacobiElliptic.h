#pragma once
// Jacobi elliptic functions and Legendre's elliptic integral of the first kind, for the exact
// torque-free motion of an asymmetric rigid body (TorqueFreeMotion).
//
// Design note. Everything takes the parameter m = k^2 in [0, 1]. sn, cn, dn come from the
// arithmetic-geometric mean (descending Landen) recurrence of Abramowitz & Stegun 16.4, with
// the argument first reduced modulo the real period 4K so long runs keep full precision; m = 1
// (the separatrix) is the hyperbolic limit sn = tanh, cn = dn = sech. F(phi | m) uses Carlson's
// symmetric integral R_F (duplication theorem), extended past |phi| = pi/2 by
// F(phi + n pi) = F(phi) + 2 n K. Accuracy is a few units in the last place (tested against
// the identities and the closed-form limits).

namespace tumble {

struct JacobiSnCnDn {
    double sn = 0.0;
    double cn = 1.0;
    double dn = 1.0;
};

/// Carlson's R_F(x, y, z) for x, y, z >= 0, at most one of them zero.
double carlsonRF(double x, double y, double z);

/// Complete elliptic integral of the first kind K(m), m in [0, 1); +inf at m = 1.
double ellipticK(double m);

/// Incomplete elliptic integral of the first kind F(phi | m) = int_0^phi dt / sqrt(1 - m sin^2 t),
/// phi in rad (any real), m in [0, 1] (m = 1 needs |phi| < pi/2).
double ellipticF(double phi, double m);

/// sn(u | m), cn(u | m), dn(u | m) for real u and m in [0, 1].
JacobiSnCnDn jacobiSnCnDn(double u, double m);

} // namespace tumble
