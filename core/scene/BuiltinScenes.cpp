#include "scene/BuiltinScenes.h"

#include "scene/SceneLoader.h"

namespace tumble {

std::vector<BuiltinSceneInfo> builtinScenes()
{
    std::vector<BuiltinSceneInfo> out;
    for (const BuiltinSceneSource& s : detail::kBuiltinSceneData) {
        const Scene scene = loadSceneText(s.json, std::string("builtin:") + s.id);
        out.push_back({s.id, scene.name, scene.description});
    }
    return out;
}

std::string defaultSceneId()
{
    return "settling-box";
}

Scene loadBuiltinScene(const std::string& id)
{
    for (const BuiltinSceneSource& s : detail::kBuiltinSceneData)
        if (id == s.id)
            return loadSceneText(s.json, std::string("builtin:") + s.id);
    throw SceneError("builtin:" + id, "/", "no built-in scene with this id");
}

} // namespace tumble
