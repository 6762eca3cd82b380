#pragma once
// atan2 and the square root written once for a lane type T: double (one value) or Lanes4 (four,
// one per lane), with the same IEEE operations in the same order on every lane, so that a value
// computed four at a time has the bits it has computed alone (the bond law, bond/BondLawKernel.h).
//
// atan2Lanes(y, x) reduces to a = min(|y|, |x|) / max(|y|, |x|) in [0, 1], and for a > 0.66 to
// (a - 1) / (a + 1) about pi/4 (one division either way), takes atan of the reduced argument by
// Cephes' rational approximation t + t z P(z) / Q(z), z = t^2 (degrees 4 and 5, atan.c, S. L.
// Moshier; P and Q by Estrin's scheme, whose dependency chains are half as long as Horner's),
// then unfolds: pi/2 - r where |y| > |x|, pi - r where x < 0, -r where y < 0, with the low part of
// pi/2 added (Cephes' MOREBITS). Error against the exact atan2, measured on 2e5 arguments
// (uniform in the square [-1, 1]^2, on the unit circle, and small y against x in [0, 1]) with
// 120-bit arithmetic (mpmath): at most 1.42 ulp of the result (1.57 by Horner's scheme on the
// same arguments; libm's atan2: under 1 ulp), so a few ulp from std::atan2. For normal (not
// subnormal) arguments; atan2Lanes(0, 0) = 0 and atan2Lanes(+-0, x < 0) = +pi. The result is in
// [-pi, pi], y < 0 giving the negative half.
#include <cmath>

#include "math/Lanes4.h"

#if defined(__AVX__)
#include <immintrin.h>
#endif

namespace tumble {

// --- per-lane helpers, the same operation for double and Lanes4 ---

[[gnu::always_inline]] inline double sqrtLanes(double x)
{
    return std::sqrt(x);
}

[[gnu::always_inline]] inline Lanes4 sqrtLanes(Lanes4 x)
{
#if defined(__AVX__)
    return _mm256_sqrt_pd(x);
#else
    Lanes4 r;
    for (int k = 0; k < 4; ++k)
        r[k] = std::sqrt(x[k]);
    return r;
#endif
}

/// m ? a : b, per lane.
[[gnu::always_inline]] inline double pick(bool m, double a, double b)
{
    return m ? a : b;
}

/// (M: a comparison's result on Lanes4, whose element type is the compiler's own)
template <class M> [[gnu::always_inline]] inline Lanes4 pick(M m, Lanes4 a, Lanes4 b)
{
    return select(std::bit_cast<Lanes4Mask>(m), a, b);
}

/// |x|, per lane (the sign bit cleared).
[[gnu::always_inline]] inline double absLanes(double x)
{
    return std::abs(x);
}

[[gnu::always_inline]] inline Lanes4 absLanes(Lanes4 x)
{
    return std::bit_cast<Lanes4>(std::bit_cast<Lanes4Mask>(x) & 0x7fffffffffffffffLL);
}

/// a > b ? a : b, and a < b ? a : b, per lane.
template <class T> [[gnu::always_inline]] inline T maxLanes(T a, T b)
{
    return pick(a > b, a, b);
}

template <class T> [[gnu::always_inline]] inline T minLanes(T a, T b)
{
    return pick(a < b, a, b);
}

#if defined(__AVX__)
// (vmaxpd and vminpd are these very selections: the second operand unless the first is greater,
// or less; zeros of either sign and NaNs included)
template <> [[gnu::always_inline]] inline Lanes4 maxLanes(Lanes4 a, Lanes4 b)
{
    return _mm256_max_pd(a, b);
}

template <> [[gnu::always_inline]] inline Lanes4 minLanes(Lanes4 a, Lanes4 b)
{
    return _mm256_min_pd(a, b);
}
#endif

/// atan2(y, x) by the rational approximation above (max error 1.42 ulp), per lane. A caller that
/// knows y >= 0 (kYNonNegative) or x >= 0 (kXNonNegative) skips the sign handling it needs not.
template <bool kYNonNegative = false, bool kXNonNegative = false, class T>
[[gnu::always_inline]] inline T atan2Lanes(T y, T x)
{
    constexpr double kPio2 = 1.5707963267948966;        // pi/2 rounded
    constexpr double kPio4 = 0.7853981633974483;        // pi/4 rounded
    constexpr double kPi = 3.141592653589793;           // pi rounded
    constexpr double kMoreBits = 6.123233995736766e-17; // pi/2 - kPio2
    const T ay = kYNonNegative ? y : absLanes(y), ax = kXNonNegative ? x : absLanes(x);
    const auto steep = ay > ax;
    const T hi = maxLanes(ay, ax), lo = minLanes(ay, ax);
    const auto middle = lo > 0.66 * hi;
    const T num = pick(middle, lo - hi, lo);
    const T den = pick(middle, lo + hi, hi);
    // (den is 0 only with both arguments 0, and num with it: 0 / DBL_MIN is the 0 wanted)
    const T t = num / maxLanes(den, T{} + 2.2250738585072014e-308);
    const T z = t * t;
    // Estrin's scheme (the powers z^2, z^4 side by side with the pairs of terms): a shorter
    // dependency chain than Horner's, the same polynomials
    const T z2 = z * z, z4 = z2 * z2;
    const T p = ((-6.485021904942025371773e1 - 1.228866684490136173410e2 * z) +
                 z2 * (-7.500855792314704667340e1 - 1.615753718733365076637e1 * z)) +
                z4 * -8.750608600031904122785e-1;
    const T q = ((1.945506571482613964425e2 + 4.853903996359136964868e2 * z) +
                 z2 * (4.328810604912902668951e2 + 1.650270098316988542046e2 * z)) +
                z4 * (2.485846490142306297962e1 + z);
    T r = t + t * (z * p / q);
    r = pick(middle, kPio4 + (r + 0.5 * kMoreBits), r);
    r = pick(steep, kPio2 + (kMoreBits - r), r);
    if constexpr (!kXNonNegative)
        r = pick(x < 0.0, kPi + (2.0 * kMoreBits - r), r);
    if constexpr (!kYNonNegative)
        r = pick(y < 0.0, -r, r);
    return r;
}

} // namespace tumble
