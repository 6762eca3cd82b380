#pragma once
// Reads scene files (CONTRACT.md, format "tumble-scene" version 1) into a Scene.
// Every problem throws SceneError naming the file, the JSON path and what is wrong; unknown
// keys are errors, never silently ignored.
#include <string>

#include "scene/Scene.h"
#include "scene/SceneError.h"

namespace tumble {

/// Loads and validates a scene file; throws SceneError.
Scene loadSceneFile(const std::string& path);

/// Loads scene JSON text; sourceName names it in errors (a path or "builtin:<id>").
Scene loadSceneText(const std::string& text, const std::string& sourceName);

} // namespace tumble
