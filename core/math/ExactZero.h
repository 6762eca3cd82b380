#pragma once
// Exact zero test of vectors as one integer test: a double is +0 or -0 exactly when its bits
// other than the sign are all clear, so OR-ing the bits of every component and shifting the sign
// out gives zero exactly when each component == 0.0 (NaN is not zero). The same result as
// Eigen's isZero(0.0) on each vector, in a few integer ORs instead of a compare and two branches
// per component.
#include <bit>
#include <cstdint>

#include "math/Types.h"

namespace tumble {

inline std::uint64_t componentBits(const Vec3& v)
{
    return std::bit_cast<std::uint64_t>(v.x()) | std::bit_cast<std::uint64_t>(v.y()) |
           std::bit_cast<std::uint64_t>(v.z());
}

/// True when every component of every vector is +0 or -0.
template <class... Vectors> bool allZero(const Vectors&... v)
{
    return ((componentBits(v) | ...) << 1) == 0;
}

} // namespace tumble
