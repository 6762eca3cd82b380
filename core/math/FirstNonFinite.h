#pragma once
// firstNonFinite: the first index in [begin, end) where one of the arrays (of Eigen vectors) is
// not finite, end if none. 0 x is 0 for a finite x and NaN otherwise, and a sum of zeros cannot
// overflow: one branch-free sum per range, and a search only when it is NaN.
#include <cstddef>

namespace tumble {

template <class... Arrays> std::size_t firstNonFinite(std::size_t begin, std::size_t end, const Arrays&... arrays)
{
    double zero = 0.0;
    for (std::size_t i = begin; i < end; ++i)
        zero += (0.0 * (arrays[i].sum() + ...));
    if (zero == 0.0)
        return end;
    for (std::size_t i = begin; i < end; ++i)
        if (!(arrays[i].allFinite() && ...))
            return i;
    return end;
}

} // namespace tumble
