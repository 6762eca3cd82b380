#pragma once
// Resolves tumble-cli's SCENE.json argument: a file path, or "builtin:<id>" for a scene
// compiled into the core.
#include <string>

#include "scene/Scene.h"

namespace tumble::cli {

/// Loads the scene named by arg; throws SceneError naming the file, JSON path and problem.
Scene loadSceneArgument(const std::string& arg);

} // namespace tumble::cli
