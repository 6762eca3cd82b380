#pragma once
// A Simulation of a scene document run with one of CONTRACT.md's presets.
#include <string>

#include "SceneText.h"
#include "integrate/IntegratorRegistry.h"
#include "sim/Simulation.h"

namespace tumble::test {

/// Scene s run with preset (e.g. "pfc") at dt (s).
inline Simulation presetSimulation(Scene s, const std::string& preset, double dt)
{
    const std::optional<PresetInfo> p = findPreset(preset);
    if (!p)
        throw std::invalid_argument("unknown preset " + preset);
    s.params.translation = p->translation;
    s.params.rotation = p->rotation;
    s.params.dt = dt;
    return Simulation(std::move(s.world), s.params);
}

/// dt in s; preset e.g. "pfc".
inline Simulation presetSimulation(const std::string& json, const std::string& preset, double dt)
{
    return presetSimulation(sceneFrom(json), preset, dt);
}

} // namespace tumble::test
