#include "StepCount.h"

#include <cmath>
#include <string>

#include "UsageError.h"
#include "scene/SceneLimits.h"

namespace tumble::cli {

long long stepCount(const CliOptions& o, double dt, double t0)
{
    if (o.steps)
        return *o.steps;
    if (*o.duration <= t0)
        throw UsageError("--duration: the saved state is at t = " + std::to_string(t0) + " s already, not before " +
                         std::to_string(*o.duration) + " s");
    // whole steps covering the duration; a ratio within rounding of an integer is that integer
    const double r = (*o.duration - t0) / dt;
    if (!(r <= limits::kMaxSteps))
        throw UsageError("--duration: " + std::to_string(*o.duration) +
                         " s needs more than 1e15 steps of dt = " + std::to_string(dt) + " s");
    const double nearest = std::round(r);
    return static_cast<long long>(std::abs(r - nearest) <= 1e-9 * r ? nearest : std::ceil(r));
}

} // namespace tumble::cli
