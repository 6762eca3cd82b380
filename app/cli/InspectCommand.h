#pragma once
// `tumble-cli inspect SCENE.json`: mass properties and the critical timestep as the JSON of
// CONTRACT.md, {"critical_dt": s, "bodies": [{"id", "type", "mass", "center_of_mass",
// "principal_moments", "principal_axes"}]}, so scripts and teachers can check a scene without
// running it.
#include <ostream>
#include <string>

#include "scene/Scene.h"

namespace tumble::cli {

/// The inspect JSON of a loaded scene (indented, with a trailing newline).
std::string inspectJson(const Scene& scene);

/// Loads the scene, prints its inspect JSON; returns the exit code. Throws SceneError.
int inspectCommand(const std::string& sceneArg, std::ostream& out);

} // namespace tumble::cli
