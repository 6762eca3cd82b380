#include "bond/BondStiffness.h"

#include <cmath>

namespace tumble {

std::string BondStiffness::problem() const
{
    const struct {
        const char* name;
        double value;
    } modes[] = {{"kn", kn}, {"ks", ks}, {"kt", kt}, {"kb", kb}};
    for (const auto& m : modes)
        if (!(std::isfinite(m.value) && m.value >= 0.0))
            return std::string(m.name) + " must be a finite number >= 0, got " + std::to_string(m.value);
    return {};
}

} // namespace tumble
