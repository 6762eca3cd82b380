#pragma once
// LiveParams: a change to a running simulation, the one type every live change travels in (the
// GUI's control panel, a compare lane's retune, and later the cell's rates). Fields left empty
// stay as they are. The timestep is given in seconds or as a factor of the critical timestep,
// which the Simulation resolves against its own dt_crit (so no caller multiplies by a stale copy).
//
// Simulation::apply validates the whole change with the one set of rules (SimParams::validate)
// and applies all of it or none of it; LiveChange says what changed, with one marker label per
// change, the text the plots' vertical markers show.
#include <optional>
#include <string>
#include <vector>

#include "math/Types.h"
#include "sim/SimParams.h"

namespace tumble {

struct LiveParams {
    std::optional<double> dt;               ///< s
    std::optional<double> dtFactor;         ///< dt = dtFactor x criticalDt(); not with dt
    std::optional<std::string> translation; ///< IntegratorRegistry name
    std::optional<std::string> rotation;    ///< IntegratorRegistry name
    std::optional<double> localDamping;     ///< Cundall coefficient alpha, [0, 1)
    std::optional<LocalDampingVariant> localDampingVariant;
    std::optional<double> viscousDamping; ///< beta, 1/s
    /// a periodic cell's velocity gradient L, 1/s (v = L x); only for a scene with a cell
    std::optional<Mat3> velocityGradient;
    /// what a scheme change's marker says (a preset's name); empty: the schemes' names
    std::string schemeLabel;

    /// Every field set to p's values (dt in seconds).
    static LiveParams from(const SimParams& p);
    /// Both schemes of preset name, labelled with it; nullopt for an unknown preset.
    static std::optional<LiveParams> preset(const std::string& name);
    bool empty() const;
    /// base with the fields that are set put over it, a dt factor taken of criticalDt (s). Not
    /// validated: Simulation::apply (and a Simulation built with the result) does that.
    SimParams over(const SimParams& base, double criticalDt) const;
};

/// What Simulation::apply changed.
struct LiveChange {
    bool dt = false;
    bool translation = false;
    bool rotation = false;
    bool localDamping = false; ///< the coefficient or the variant
    bool viscousDamping = false;
    bool velocityGradient = false;
    /// one label per change, in the order dt, schemes, local, viscous, L: "dt 2e-05 s", "pfc",
    /// "rot. rk4_quaternion", "velocity_verlet + buss_2nd_order", "local 0.1 (pfc)", "viscous 2 1/s",
    /// "L xy 2 yy -0.5 1/s"
    std::vector<std::string> markers;

    bool any() const { return dt || translation || rotation || localDamping || viscousDamping || velocityGradient; }
};

/// The marker label of a new velocity gradient: its non-zero entries, "L xy 2 1/s" ("L 0" when
/// it stops).
std::string velocityGradientLabel(const Mat3& gradient);

/// The marker labels of a change from `before` to `after` (schemeLabel names a scheme change).
std::vector<std::string> markerLabels(const SimParams& before, const SimParams& after, const std::string& schemeLabel);

} // namespace tumble
