#include "session/LaneSettings.h"

#include <cstdio>
#include <stdexcept>

#include "integrate/IntegratorRegistry.h"

namespace tumble::ui {

LaneSettings LaneSettings::fromPreset(const std::string& preset, double dt)
{
    const std::optional<PresetInfo> p = findPreset(preset);
    if (!p)
        throw std::invalid_argument("unknown integrator preset \"" + preset + "\"");
    LaneSettings s;
    s.label = p->name;
    s.translation = p->translation;
    s.rotation = p->rotation;
    s.dt = dt;
    return s;
}

std::string LaneSettings::displayName() const
{
    char buf[96];
    std::snprintf(buf, sizeof buf, " \xc2\xb7 dt %.3g s", dt);
    std::string name = label + buf;
    if (localDamping > 0.0) {
        std::snprintf(buf, sizeof buf, " \xc2\xb7 local %.3g", localDamping);
        name += buf;
    }
    if (viscousDamping > 0.0) {
        std::snprintf(buf, sizeof buf, " \xc2\xb7 viscous %.3g/s", viscousDamping);
        name += buf;
    }
    return name;
}

void LaneSettings::relabel()
{
    for (const PresetInfo& p : presets())
        if (p.translation == translation && p.rotation == rotation) {
            label = p.name;
            return;
        }
    label = translation + " + " + rotation;
}

const std::vector<std::string>& defaultLanePresets()
{
    static const std::vector<std::string> names = {"euler", "symplectic_euler", "woo", "pfc", "pfc4", "rk4"};
    return names;
}

} // namespace tumble::ui
