#pragma once
// Built-in scenes: resources/scenes/*.json compiled into the library (cmake/EmbedScenes.cmake),
// so every executable and test finds them wherever it runs.
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace tumble {

struct BuiltinSceneSource {
    const char* id;   ///< file stem, e.g. "settling-box"
    const char* json; ///< the file's text
};

namespace detail {
extern const std::vector<BuiltinSceneSource> kBuiltinSceneData;
}

struct BuiltinSceneInfo {
    std::string id;          ///< file stem, stable
    std::string name;        ///< the scene's "name"
    std::string description; ///< the scene's "description"
};

/// All built-in scenes, sorted by id.
std::vector<BuiltinSceneInfo> builtinScenes();

/// The id of the scene the GUI opens with.
std::string defaultSceneId();

/// Loads a built-in scene by id; throws SceneError for an unknown id.
Scene loadBuiltinScene(const std::string& id);

} // namespace tumble
