#include "model/BodyOrder.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace tumble {

namespace {

// the 21 low bits of v spread to every third bit
std::uint64_t spread(std::uint32_t v)
{
    std::uint64_t x = v & 0x1fffffu;
    x = (x | x << 32) & 0x1f00000000ffffull;
    x = (x | x << 16) & 0x1f0000ff0000ffull;
    x = (x | x << 8) & 0x100f00f00f00f00full;
    x = (x | x << 4) & 0x10c30c30c30c30c3ull;
    x = (x | x << 2) & 0x1249249249249249ull;
    return x;
}

} // namespace

std::uint64_t mortonKey(std::uint32_t x, std::uint32_t y, std::uint32_t z)
{
    return spread(x) | spread(y) << 1 | spread(z) << 2;
}

void mortonOrder(const World& w, double cell, std::vector<int>& order,
                 std::vector<std::pair<std::uint64_t, int>>& keyed)
{
    const std::size_t n = w.size();
    Vec3 lo = Vec3::Constant(INFINITY);
    Vec3 hi = Vec3::Constant(-INFINITY);
    for (const Vec3& x : w.position) {
        if (x.allFinite()) {
            lo = lo.cwiseMin(x);
            hi = hi.cwiseMax(x);
        }
    }
    constexpr double kCells = 2097151.0; // 2^21 - 1
    const double extent = n > 0 && lo.x() <= hi.x() ? (hi - lo).maxCoeff() : 0.0;
    cell = std::max(cell, extent / kCells);
    keyed.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const Vec3& x = w.position[i];
        std::uint64_t key = ~std::uint64_t{0}; // non-finite: last
        if (x.allFinite()) {
            auto coord = [&](int k) {
                return static_cast<std::uint32_t>(std::clamp(std::floor((x[k] - lo[k]) / cell), 0.0, kCells));
            };
            key = mortonKey(coord(0), coord(1), coord(2));
        }
        keyed[i] = {key, static_cast<int>(i)};
    }
    std::sort(keyed.begin(), keyed.end()); // ties by current index: a stable order
    order.resize(n);
    for (std::size_t s = 0; s < n; ++s)
        order[s] = keyed[s].second;
}

} // namespace tumble
