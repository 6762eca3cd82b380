#include "SceneSource.h"

#include "scene/BuiltinScenes.h"
#include "scene/SceneLoader.h"

namespace tumble::cli {

Scene loadSceneArgument(const std::string& arg)
{
    constexpr std::string_view kPrefix = "builtin:";
    if (arg.starts_with(kPrefix))
        return loadBuiltinScene(arg.substr(kPrefix.size()));
    return loadSceneFile(arg);
}

} // namespace tumble::cli
