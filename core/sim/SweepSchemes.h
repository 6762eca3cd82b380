#pragma once
// SweepSchemes: what one scheme name of a convergence sweep runs on a scene, and what it varies.
//
// Design note. A sweep varies the scheme that acts on what the scene measures (sweepMeasure: the
// measure of the scene's declared closed form, else the position). On a scene measured by
// position a name is a preset (its pair runs) or a translation scheme (with the scene's rotation;
// rk4_quaternion under rk4). A scene measured by the orientation angle (angle_rad, torque-free)
// has bodies that feel no force and no torque: every translation scheme is exact there and the
// rotation scheme is what varies. A name is then a rotation scheme, run under velocity_verlet
// (which runs with every rotation scheme), or a preset; where a name is both (symplectic_euler)
// the rotation scheme is meant. Rejected: translation scheme names on such a scene (the sweep
// varied nothing that matters and labelled the scene's rotation order with the translation
// scheme's name). The GUI's sweep follows the same rule (ui/session/SweepScheme).
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "analysis/AnalyticSolution.h"
#include "scene/Scene.h"

namespace tumble {

/// The scene's declared closed form, checked again against the scene as given; nullptr when it
/// declares none. Throws ParameterError when it no longer applies (the scene was edited).
std::unique_ptr<AnalyticSolution> sweepSolution(const Scene& scene);

/// What a sweep of scene measures: its closed form's measure, else the position (the rk4
/// reference). Throws ParameterError as sweepSolution.
AnalyticMeasure sweepMeasure(const Scene& scene);

/// The names a sweep accepts on a scene of that measure, in display order: the rotation schemes
/// (angle) or translation schemes (position), then the presets not already listed.
std::vector<std::string> sweepSchemeNames(AnalyticMeasure measure);

/// Translation and rotation for a sweep scheme name on a scene of that measure (above). Throws
/// ParameterError for a name the measure does not accept; the message lists the accepted ones.
std::pair<std::string, std::string> sweepSchemes(const std::string& name, const std::string& sceneRotation,
                                                 AnalyticMeasure measure = AnalyticMeasure::Position);

/// What a sweep of name varies, for labels: "rotation: buss_2nd_order" on a scene measured by the
/// angle, else "translation: explicit_euler" (for a preset, its scheme of that kind). Throws as
/// sweepSchemes.
std::string sweepVaried(const std::string& name, const std::string& sceneRotation,
                        AnalyticMeasure measure = AnalyticMeasure::Position);

} // namespace tumble
