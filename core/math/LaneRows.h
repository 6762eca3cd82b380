#pragma once
// Vec3s of four scattered bodies in and out of lanes (Lanes4), one body per lane: a gather loads
// each body's (x, y) pair and z and interleaves them; a row split (splitLanes) takes the lanes
// apart into each body's (x, y) pair and z, which addTo and subtractFrom add to a Vec3
// component by component, the IEEE sum or difference that Eigen's v += r gives. With AVX by
// unpacking (no full transpose); else lane by lane. The bond stage and the sphere-pair contact
// kernel move their bodies' values this way.
#include <cstring>

#include "math/Lanes4.h"
#include "math/Types.h"

#if defined(__AVX__)
#include <immintrin.h>
#endif

namespace tumble {

#if defined(__AVX__)
// Two consecutive coefficients (at offset o) of four bodies' vectors (p: each one's data) as
// lanes: each body's pair loaded, then interleaved.
[[gnu::always_inline]] inline void gatherPair(const double* const* p, int o, Lanes4& first, Lanes4& second)
{
    const __m256d a = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(p[0] + o)), _mm_loadu_pd(p[2] + o), 1);
    const __m256d b = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(p[1] + o)), _mm_loadu_pd(p[3] + o), 1);
    first = _mm256_unpacklo_pd(a, b);
    second = _mm256_unpackhi_pd(a, b);
}

// The positions (x y z) of four bodies as lanes.
[[gnu::always_inline]] inline void gatherPositions(const double* const* p, Lanes4& lx, Lanes4& ly, Lanes4& lz)
{
    gatherPair(p, 0, lx, ly);
    const __m128d z01 = _mm_loadh_pd(_mm_load_sd(p[0] + 2), p[1] + 2);
    const __m128d z23 = _mm_loadh_pd(_mm_load_sd(p[2] + 2), p[3] + 2);
    lz = _mm256_insertf128_pd(_mm256_castpd128_pd256(z01), z23, 1);
}

// The orientations (Eigen's coefficients x y z w) of four bodies as lanes.
[[gnu::always_inline]] inline void gatherOrientations(const double* const* p, Lanes4& w, Lanes4& x, Lanes4& y,
                                                      Lanes4& z)
{
    gatherPair(p, 0, x, y);
    gatherPair(p, 2, z, w);
}

// v += row (x y z), v -= row: each component's IEEE sum or difference
[[gnu::always_inline]] inline void addTo(Vec3& v, Lanes4 row)
{
    double* p = v.data();
    _mm_storeu_pd(p, _mm_add_pd(_mm_loadu_pd(p), _mm256_castpd256_pd128(row)));
    _mm_store_sd(p + 2, _mm_add_sd(_mm_load_sd(p + 2), _mm256_extractf128_pd(row, 1)));
}

[[gnu::always_inline]] inline void subtractFrom(Vec3& v, Lanes4 row)
{
    double* p = v.data();
    _mm_storeu_pd(p, _mm_sub_pd(_mm_loadu_pd(p), _mm256_castpd256_pd128(row)));
    _mm_store_sd(p + 2, _mm_sub_sd(_mm_load_sd(p + 2), _mm256_extractf128_pd(row, 1)));
}
#else
[[gnu::always_inline]] inline void gatherPositions(const double* const* p, Lanes4& lx, Lanes4& ly, Lanes4& lz)
{
    lx = Lanes4{p[0][0], p[1][0], p[2][0], p[3][0]};
    ly = Lanes4{p[0][1], p[1][1], p[2][1], p[3][1]};
    lz = Lanes4{p[0][2], p[1][2], p[2][2], p[3][2]};
}

[[gnu::always_inline]] inline void gatherOrientations(const double* const* p, Lanes4& w, Lanes4& x, Lanes4& y,
                                                      Lanes4& z)
{
    x = Lanes4{p[0][0], p[1][0], p[2][0], p[3][0]};
    y = Lanes4{p[0][1], p[1][1], p[2][1], p[3][1]};
    z = Lanes4{p[0][2], p[1][2], p[2][2], p[3][2]};
    w = Lanes4{p[0][3], p[1][3], p[2][3], p[3][3]};
}

[[gnu::always_inline]] inline void addTo(Vec3& v, Lanes4 row)
{
    v.x() += row[0];
    v.y() += row[1];
    v.z() += row[2];
}

[[gnu::always_inline]] inline void subtractFrom(Vec3& v, Lanes4 row)
{
    v.x() -= row[0];
    v.y() -= row[1];
    v.z() -= row[2];
}
#endif

// One body's vector out of lanes (x, y, z): with AVX its (x, y) pair and z, split from the lanes
// by unpacking (no full transpose) and added to a Vec3 as a pair and a scalar; else a row.
#if defined(__AVX__)
struct RowParts {
    __m128d xy, z;
};

[[gnu::always_inline]] inline void splitLanes(Lanes4 x, Lanes4 y, Lanes4 z, RowParts* out)
{
    const __m256d lo = _mm256_unpacklo_pd(x, y), hi = _mm256_unpackhi_pd(x, y); // (x0 y0 x2 y2), (x1 y1 x3 y3)
    const __m128d z01 = _mm256_castpd256_pd128(z), z23 = _mm256_extractf128_pd(z, 1);
    out[0] = {_mm256_castpd256_pd128(lo), z01};
    out[1] = {_mm256_castpd256_pd128(hi), _mm_unpackhi_pd(z01, z01)};
    out[2] = {_mm256_extractf128_pd(lo, 1), z23};
    out[3] = {_mm256_extractf128_pd(hi, 1), _mm_unpackhi_pd(z23, z23)};
}

[[gnu::always_inline]] inline void addTo(Vec3& v, RowParts r)
{
    double* p = v.data();
    _mm_storeu_pd(p, _mm_add_pd(_mm_loadu_pd(p), r.xy));
    _mm_store_sd(p + 2, _mm_add_sd(_mm_load_sd(p + 2), r.z));
}

[[gnu::always_inline]] inline void subtractFrom(Vec3& v, RowParts r)
{
    double* p = v.data();
    _mm_storeu_pd(p, _mm_sub_pd(_mm_loadu_pd(p), r.xy));
    _mm_store_sd(p + 2, _mm_sub_sd(_mm_load_sd(p + 2), r.z));
}

[[gnu::always_inline]] inline Lanes4 joined(RowParts r)
{
    return _mm256_insertf128_pd(_mm256_castpd128_pd256(r.xy), r.z, 1);
}

// v = row, v = -row (the sign bits flipped): exactly, as Eigen's v = r and v = -r
[[gnu::always_inline]] inline void storeTo(Vec3& v, RowParts r)
{
    double* p = v.data();
    _mm_storeu_pd(p, r.xy);
    _mm_store_sd(p + 2, r.z);
}

[[gnu::always_inline]] inline void storeNegated(Vec3& v, RowParts r)
{
    const __m128d sign = _mm_set1_pd(-0.0);
    double* p = v.data();
    _mm_storeu_pd(p, _mm_xor_pd(r.xy, sign));
    _mm_store_sd(p + 2, _mm_xor_pd(r.z, sign));
}
#else
struct RowParts {
    Lanes4 row;
};

[[gnu::always_inline]] inline void splitLanes(Lanes4 x, Lanes4 y, Lanes4 z, RowParts* out)
{
    Lanes4 w{};
    lanes_detail::transpose(x, y, z, w);
    out[0] = {x};
    out[1] = {y};
    out[2] = {z};
    out[3] = {w};
}

[[gnu::always_inline]] inline void addTo(Vec3& v, RowParts r)
{
    addTo(v, r.row);
}

[[gnu::always_inline]] inline void subtractFrom(Vec3& v, RowParts r)
{
    subtractFrom(v, r.row);
}

[[gnu::always_inline]] inline Lanes4 joined(RowParts r)
{
    return r.row;
}

[[gnu::always_inline]] inline void storeTo(Vec3& v, RowParts r)
{
    v = Vec3(r.row[0], r.row[1], r.row[2]);
}

[[gnu::always_inline]] inline void storeNegated(Vec3& v, RowParts r)
{
    v = Vec3(-r.row[0], -r.row[1], -r.row[2]);
}
#endif

} // namespace tumble
