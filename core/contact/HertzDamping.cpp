#include "contact/HertzDamping.h"

#include <cmath>
#include <numbers>

namespace tumble {

double hertzDampingFromRestitution(double e)
{
    if (e >= 1.0)
        return 0.0;
    if (e <= 0.0)
        return std::sqrt(5.0);
    const double l = std::log(e);
    return std::sqrt(5.0) * -l / std::sqrt(l * l + std::numbers::pi * std::numbers::pi);
}

} // namespace tumble
