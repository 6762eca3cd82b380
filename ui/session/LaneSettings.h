#pragma once
// LaneSettings: what one compare lane runs with: a label and a LiveParams (schemes, timestep in
// seconds or as a factor of the critical timestep, damping) over the scene's parameters.
#include <string>
#include <vector>

#include "sim/LiveParams.h"
#include "sim/SimParams.h"

namespace tumble::ui {

struct LaneSettings {
    std::string label; ///< the preset's name, or "translation + rotation"
    LiveParams live;   ///< over the scene's parameters; fields left empty are the scene's

    /// The preset's schemes at dt (s); throws std::invalid_argument naming an unknown preset.
    static LaneSettings fromPreset(const std::string& preset, double dt);
    /// What a lane running with p runs with (every field set, dt in s), labelled after its
    /// schemes: the preset whose pair they are, else "translation + rotation".
    static LaneSettings inForce(const SimParams& p);
    /// The parameters a lane starts with: base with these settings over it, a dt factor taken
    /// of criticalDt (the critical timestep of a Simulation of the scene, s). Not validated:
    /// the Simulation built with them does that.
    SimParams over(const SimParams& base, double criticalDt) const;
    /// "pfc · dt 1.2e-05 s", plus the damping when there is some.
    std::string displayName() const;
};

/// The lanes compare mode opens with, in order: euler, symplectic_euler, woo, pfc, pfc4, rk4.
const std::vector<std::string>& defaultLanePresets();

} // namespace tumble::ui
