#include "session/LaneSettings.h"

#include <cstdio>
#include <stdexcept>

#include "integrate/IntegratorRegistry.h"

namespace tumble::ui {

LaneSettings LaneSettings::fromPreset(const std::string& preset, double dt)
{
    std::optional<LiveParams> p = LiveParams::preset(preset);
    if (!p)
        throw std::invalid_argument("unknown integrator preset \"" + preset + "\"");
    LaneSettings s;
    s.label = preset;
    s.live = std::move(*p);
    s.live.dt = dt;
    return s;
}

LaneSettings LaneSettings::inForce(const SimParams& p)
{
    LaneSettings s;
    s.live = LiveParams::from(p);
    s.label = p.translation + " + " + p.rotation;
    for (const PresetInfo& preset : presets())
        if (preset.translation == p.translation && preset.rotation == p.rotation) {
            s.label = preset.name;
            break;
        }
    return s;
}

SimParams LaneSettings::over(const SimParams& base, double criticalDt) const
{
    return live.over(base, criticalDt);
}

std::string LaneSettings::displayName() const
{
    char buf[96];
    if (live.dt)
        std::snprintf(buf, sizeof buf, " \xc2\xb7 dt %.3g s", *live.dt);
    else if (live.dtFactor)
        std::snprintf(buf, sizeof buf, " \xc2\xb7 dt %.3g x dt crit", *live.dtFactor);
    else
        buf[0] = '\0';
    std::string name = label + buf;
    if (live.localDamping.value_or(0.0) > 0.0) {
        std::snprintf(buf, sizeof buf, " \xc2\xb7 local %.3g", *live.localDamping);
        name += buf;
    }
    if (live.viscousDamping.value_or(0.0) > 0.0) {
        std::snprintf(buf, sizeof buf, " \xc2\xb7 viscous %.3g/s", *live.viscousDamping);
        name += buf;
    }
    return name;
}

const std::vector<std::string>& defaultLanePresets()
{
    static const std::vector<std::string> names = {"euler", "symplectic_euler", "woo", "pfc", "pfc4", "rk4"};
    return names;
}

} // namespace tumble::ui
