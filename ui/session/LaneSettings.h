#pragma once
// LaneSettings: what one compare lane runs with (schemes, timestep, damping).
#include <string>
#include <vector>

#include "sim/SimParams.h"

namespace tumble::ui {

struct LaneSettings {
    std::string label;         ///< the preset's name, or "translation + rotation"
    std::string translation;   ///< translation scheme (IntegratorRegistry name)
    std::string rotation;      ///< rotation scheme
    double dt = 0.0;           ///< timestep, s
    double localDamping = 0.0; ///< Cundall coefficient alpha, [0, 1)
    LocalDampingVariant variant = LocalDampingVariant::Pfc;
    double viscousDamping = 0.0; ///< beta, 1/s

    /// The preset's schemes at dt (s); throws std::invalid_argument naming an unknown preset.
    static LaneSettings fromPreset(const std::string& preset, double dt);
    /// "pfc · dt 1.2e-05 s", plus the damping when there is some.
    std::string displayName() const;
    /// label from the schemes: the preset whose pair they are, else "translation + rotation".
    void relabel();
};

/// The lanes compare mode opens with, in order: euler, symplectic_euler, woo, pfc, pfc4, rk4.
const std::vector<std::string>& defaultLanePresets();

} // namespace tumble::ui
