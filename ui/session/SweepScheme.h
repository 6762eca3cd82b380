#pragma once
// SweepScheme: what one name ticked in the convergence sweep runs on a scene, and what it varies.
//
// Design note. The rule is the core's (sim/SweepSchemes.h), so the panel and `tumble-cli sweep`
// run the same pairs; this adds the GUI's words for it. A sweep varies the scheme that acts on
// what the scene measures. A scene measured
// by position (its analytic solution's measure, or the rk4 reference's) varies the translation
// scheme. A torque-free scene is measured by the orientation angle (angle_rad): its bodies feel
// no torque and move uniformly, so every translation scheme is exact there and the rotation
// scheme is what varies. The names offered: that kind's schemes in the registry's order, then
// the presets not already listed (`tumble-cli sweep --scheme euler,pfc,rk4` takes presets). A
// preset runs its pair; a translation scheme runs as the core resolves it (with the scene's
// rotation, rk4_quaternion under rk4); a rotation scheme runs under velocity_verlet, which runs
// with every rotation scheme. The legend says what varied: "rotation: rk4_quaternion", with the
// preset ticked in brackets when it is not that scheme's own name ("rotation: buss_2nd_order (pfc)").
// Rejected: translation names on a torque-free scene (the sweep then varied nothing that matters
// and labelled the scene's rotation order as the translation scheme's).
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace tumble::ui {

/// Which scheme a sweep varies on a scene.
enum class SweepKind { Translation, Rotation };

struct SweepScheme {
    std::string name;        ///< as ticked: a scheme of the sweep's kind or a preset
    std::string translation; ///< the pair that runs
    std::string rotation;
    std::string varied; ///< the legend's words: "rotation: rk4_quaternion"

    /// Rotation for a scene whose analytic solution measures the orientation angle, else
    /// Translation.
    static SweepKind kindOf(const Scene& scene);
    /// The names a sweep of that kind offers, in display order.
    static std::vector<std::string> names(SweepKind kind);
    /// The names ticked by default: the first-, second- and fourth-order schemes of the kind.
    static std::vector<std::string> defaultNames(SweepKind kind);
    /// What name runs on scene; throws ParameterError for a name the kind does not offer.
    static SweepScheme resolve(const std::string& name, const Scene& scene);
};

} // namespace tumble::ui
