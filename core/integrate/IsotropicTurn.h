#pragma once
// Buss's second-order step (PFC law of motion, eqs. 18-22) for isotropic bodies, written once
// for a lane type T: double (one sphere) or a vector of four doubles (four spheres at once, one
// per lane). The same operations in the same order on every lane, and no fused multiply-add, so
// a sphere's step gives the same bits whichever way it is taken, and whichever thread takes it.
//
// The rotation exp(w_mean dt) is the Taylor series of cos and sin/x to x^6 in the half angle x,
// exact to rounding for x^2 < kSmallHalfAngle2 (remainder x^8/8! < 3e-21); the product with q is
// normalised by one Newton step, exact while |q'|^2 - 1 < kUnitTolerance. A step outside either
// bound takes Buss2ndOrder's general path (sine, cosine, square root).
#include "math/Lanes4.h"
#include "math/Types.h"

namespace tumble {

/// (x^2 < this, x the step's half angle in rad): where the series is exact to rounding.
inline constexpr double kSmallHalfAngle2 = 1e-4;
/// (| |q'|^2 - 1 | < this): where one Newton step normalises q' to rounding (error 3/8 d^2).
inline constexpr double kUnitTolerance = 1e-8;

/// One isotropic body's step on lanes of type T. Inputs: inverse principal moment invJ
/// (1/(kg m^2)), torque t (N m), angular momentum l (kg m^2/s), orientation q; steps dt, dt/2,
/// dt^2/12 (s, s, s^2). Outputs: the momentum after the half kick, w_mean dt (rad), the turned,
/// normalised orientation, and the squared half angle and |q'|^2 before normalising, for the
/// caller's exactness bounds.
template <class T> struct IsotropicTurn {
    T lx, ly, lz;     ///< l + t dt/2, kg m^2/s
    T rx, ry, rz;     ///< w_mean dt, rad
    T qw, qx, qy, qz; ///< exp(w_mean dt) q, normalised by one Newton step
    T halfAngle2;     ///< (|w_mean dt| / 2)^2, rad^2
    T norm2;          ///< |exp(w_mean dt) q|^2 before normalising

    [[gnu::always_inline]] IsotropicTurn(T invJ, T tx, T ty, T tz, T l0x, T l0y, T l0z, T q0w, T q0x, T q0y, T q0z,
                                         double dt, double half, double twelfth)
    {
        // w x L = 0, so w' = M / J (eqs. 18, 20); w_mean = w + w' dt/2 + (w' x w) dt^2/12 (eq. 21)
        // = (L + M dt/2 + (M x L) dt^2/(12 J)) / J: the half-kicked momentum L + M dt/2 (the
        // step's own) and M x L need no 1/J, so they are worked out while it is divided
        lx = l0x + tx * half;
        ly = l0y + ty * half;
        lz = l0z + tz * half;
        const T cx = ty * l0z - tz * l0y, cy = tz * l0x - tx * l0z, cz = tx * l0y - ty * l0x;
        const T k = invJ * twelfth;
        const T s = invJ * dt;
        rx = (lx + cx * k) * s;
        ry = (ly + cy * k) * s;
        rz = (lz + cz * k) * s;
        // exp(r) = (cos x, sin(x)/x r/2), x = |r|/2, by Horner's rule in x^2 (eq. 22)
        halfAngle2 = 0.25 * ((rx * rx + ry * ry) + rz * rz);
        const T x2 = halfAngle2;
        const T c = 1.0 + x2 * (-1.0 / 2.0 + x2 * (1.0 / 24.0 - x2 * (1.0 / 720.0)));
        const T sinc = 0.5 + x2 * (-0.5 / 6.0 + x2 * (0.5 / 120.0 - x2 * (0.5 / 5040.0)));
        const T hx = sinc * rx, hy = sinc * ry, hz = sinc * rz;
        // (c, h) q
        const T pw = c * q0w - ((hx * q0x + hy * q0y) + hz * q0z);
        const T px = (c * q0x + q0w * hx) + (hy * q0z - hz * q0y);
        const T py = (c * q0y + q0w * hy) + (hz * q0x - hx * q0z);
        const T pz = (c * q0z + q0w * hz) + (hx * q0y - hy * q0x);
        norm2 = (pw * pw + px * px) + (py * py + pz * pz);
        const T newton = 0.5 * (3.0 - norm2);
        qw = pw * newton;
        qx = px * newton;
        qy = py * newton;
        qz = pz * newton;
    }
};

} // namespace tumble
