#pragma once
// Four doubles, one body per lane (GCC's vector extension: AVX where the build has it, two SSE2
// halves otherwise; the same IEEE operations per lane either way), and the moves between four
// consecutive Vec3s or Quats in memory and lanes. Eigen stores a Vec3 as three packed doubles
// (no padding) and a Quat as four (x, y, z, w), so four bodies' values are 12 or 16 contiguous
// doubles: three or four vector loads and a transpose by shuffles, instead of a scalar load and
// insert per component.
#include <bit>
#include <cstring>

#include "math/Types.h"

#if defined(__AVX__)
#include <immintrin.h>
#endif

static_assert(sizeof(tumble::Vec3) == 3 * sizeof(double) && sizeof(tumble::Quat) == 4 * sizeof(double),
              "four bodies' vectors must be contiguous doubles");

namespace tumble {

using Lanes4 = double __attribute__((vector_size(32)));
/// A comparison's result on Lanes4: all bits set (true) or clear, per lane.
using Lanes4Mask = long long __attribute__((vector_size(32)));

#if defined(__clang__)
// clang (the fuzz preset's compiler) lacks GCC's two-vector __builtin_shuffle; the same selection
// lane by lane (lane k takes a[m[k]] for m[k] < 4, else b[m[k] - 4]). GCC builds never see this.
[[gnu::always_inline]] inline Lanes4 __builtin_shuffle(Lanes4 a, Lanes4 b, Lanes4Mask m)
{
    Lanes4 r;
    for (int k = 0; k < 4; ++k) {
        const long long i = m[k] & 7;
        r[k] = i < 4 ? a[i] : b[i - 4];
    }
    return r;
}
#endif

/// Component c (0: x, 1: y, 2: z) of four consecutive vectors, one per lane.
struct Vec3Lanes {
    Lanes4 x, y, z;
};

/// The four Vec3s at v[0..3] as lanes.
[[gnu::always_inline]] inline Vec3Lanes loadLanes(const Vec3* v)
{
    // a = (x0 y0 z0 x1), b = (y1 z1 x2 y2), c = (z2 x3 y3 z3)
    Lanes4 a, b, c;
    const char* p = reinterpret_cast<const char*>(v);
    std::memcpy(&a, p, sizeof a);
    std::memcpy(&b, p + sizeof a, sizeof b);
    std::memcpy(&c, p + 2 * sizeof a, sizeof c);
    const Lanes4 xs = __builtin_shuffle(a, b, Lanes4Mask{0, 3, 6, 6});
    const Lanes4 ys = __builtin_shuffle(a, b, Lanes4Mask{1, 4, 7, 7});
    const Lanes4 zs = __builtin_shuffle(a, b, Lanes4Mask{2, 5, 5, 5});
    return {__builtin_shuffle(xs, c, Lanes4Mask{0, 1, 2, 5}), __builtin_shuffle(ys, c, Lanes4Mask{0, 1, 2, 6}),
            __builtin_shuffle(zs, c, Lanes4Mask{0, 1, 4, 7})};
}

/// Stores lanes back as the four Vec3s at v[0..3].
[[gnu::always_inline]] inline void storeLanes(const Vec3Lanes& s, Vec3* v)
{
    const Lanes4 ta = __builtin_shuffle(s.x, s.y, Lanes4Mask{0, 4, 0, 1});
    const Lanes4 tb = __builtin_shuffle(s.x, s.y, Lanes4Mask{5, 5, 2, 6});
    const Lanes4 tc = __builtin_shuffle(s.x, s.y, Lanes4Mask{0, 3, 7, 0});
    const Lanes4 a = __builtin_shuffle(ta, s.z, Lanes4Mask{0, 1, 4, 3});
    const Lanes4 b = __builtin_shuffle(tb, s.z, Lanes4Mask{0, 5, 2, 3});
    const Lanes4 c = __builtin_shuffle(tc, s.z, Lanes4Mask{6, 1, 2, 7});
    char* p = reinterpret_cast<char*>(v);
    std::memcpy(p, &a, sizeof a);
    std::memcpy(p + sizeof a, &b, sizeof b);
    std::memcpy(p + 2 * sizeof a, &c, sizeof c);
}

/// Four quaternions as lanes (w, x, y, z).
struct QuatLanes {
    Lanes4 w, x, y, z;
};

namespace lanes_detail {
// the transpose of four rows of four (its own inverse)
[[gnu::always_inline]] inline void transpose(Lanes4& r0, Lanes4& r1, Lanes4& r2, Lanes4& r3)
{
    const Lanes4 t0 = __builtin_shuffle(r0, r1, Lanes4Mask{0, 4, 2, 6});
    const Lanes4 t1 = __builtin_shuffle(r0, r1, Lanes4Mask{1, 5, 3, 7});
    const Lanes4 t2 = __builtin_shuffle(r2, r3, Lanes4Mask{0, 4, 2, 6});
    const Lanes4 t3 = __builtin_shuffle(r2, r3, Lanes4Mask{1, 5, 3, 7});
    r0 = __builtin_shuffle(t0, t2, Lanes4Mask{0, 1, 4, 5});
    r1 = __builtin_shuffle(t1, t3, Lanes4Mask{0, 1, 4, 5});
    r2 = __builtin_shuffle(t0, t2, Lanes4Mask{2, 3, 6, 7});
    r3 = __builtin_shuffle(t1, t3, Lanes4Mask{2, 3, 6, 7});
}
} // namespace lanes_detail

/// The four quaternions at q[0..3] as lanes.
[[gnu::always_inline]] inline QuatLanes loadLanes(const Quat* q)
{
    Lanes4 r0, r1, r2, r3; // (x y z w) of each
    const char* p = reinterpret_cast<const char*>(q);
    std::memcpy(&r0, p, sizeof r0);
    std::memcpy(&r1, p + sizeof r0, sizeof r1);
    std::memcpy(&r2, p + 2 * sizeof r0, sizeof r2);
    std::memcpy(&r3, p + 3 * sizeof r0, sizeof r3);
    lanes_detail::transpose(r0, r1, r2, r3);
    return {r3, r0, r1, r2};
}

/// Stores lanes back as the four quaternions at q[0..3].
[[gnu::always_inline]] inline void storeLanes(const QuatLanes& s, Quat* q)
{
    Lanes4 r0 = s.x, r1 = s.y, r2 = s.z, r3 = s.w;
    lanes_detail::transpose(r0, r1, r2, r3);
    char* p = reinterpret_cast<char*>(q);
    std::memcpy(p, &r0, sizeof r0);
    std::memcpy(p + sizeof r0, &r1, sizeof r1);
    std::memcpy(p + 2 * sizeof r0, &r2, sizeof r2);
    std::memcpy(p + 3 * sizeof r0, &r3, sizeof r3);
}

/// Per lane: a where the mask is set, else b (every bit of the chosen value survives). A lane of
/// the mask is all ones or all zeros (a comparison's result, or -1 / 0): with AVX one blend, which
/// reads its sign bit.
[[gnu::always_inline]] inline Lanes4 select(Lanes4Mask m, Lanes4 a, Lanes4 b)
{
#if defined(__AVX__)
    return _mm256_blendv_pd(b, a, std::bit_cast<Lanes4>(m));
#else
    return std::bit_cast<Lanes4>((std::bit_cast<Lanes4Mask>(a) & m) | (std::bit_cast<Lanes4Mask>(b) & ~m));
#endif
}

/// True when every lane of the mask is set.
[[gnu::always_inline]] inline bool allLanes(Lanes4Mask m)
{
#if defined(__AVX__)
    return _mm256_movemask_pd(std::bit_cast<Lanes4>(m)) == 0xf; // (one instruction: the sign bits)
#else
    return (m[0] & m[1] & m[2] & m[3]) != 0;
#endif
}

/// True when no lane of the mask is set.
[[gnu::always_inline]] inline bool noLanes(Lanes4Mask m)
{
#if defined(__AVX__)
    return _mm256_movemask_pd(std::bit_cast<Lanes4>(m)) == 0;
#else
    return (m[0] | m[1] | m[2] | m[3]) == 0;
#endif
}

} // namespace tumble
