#include "sim/SimParams.h"

#include <cmath>

#include "integrate/IntegratorRegistry.h"

namespace tumble {

std::string SimParams::validate() const
{
    if (!(std::isfinite(dt) && dt > 0.0))
        return "dt must be a positive number of seconds, got " + std::to_string(dt);
    if (!makeTranslationScheme(translation))
        return "unknown translation scheme '" + translation + "'";
    if (!makeRotationScheme(rotation))
        return "unknown rotation scheme '" + rotation + "'";
    if (const std::string err = schemeCombinationError(translation, rotation); !err.empty())
        return err;
    if (!(localDamping >= 0.0 && localDamping < 1.0))
        return "local damping must be in [0, 1), got " + std::to_string(localDamping);
    if (!(std::isfinite(viscousDamping) && viscousDamping >= 0.0))
        return "viscous damping must be >= 0 (1/s), got " + std::to_string(viscousDamping);
    if (!(std::isfinite(skinFraction) && skinFraction > 0.0))
        return "skin fraction must be > 0, got " + std::to_string(skinFraction);
    if (threads < 1 || threads > kMaxThreads)
        return "threads must be between 1 and " + std::to_string(kMaxThreads) + ", got " + std::to_string(threads);
    return {};
}

const char* toString(LocalDampingVariant v)
{
    return v == LocalDampingVariant::Woo ? "woo" : "pfc";
}

} // namespace tumble
