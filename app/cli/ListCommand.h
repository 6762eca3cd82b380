#pragma once
// `tumble-cli list`: what this build offers, for people and for scripts that grep it.
#include <ostream>

namespace tumble::cli {

/// Prints translation and rotation schemes (with descriptions), presets and built-in scenes;
/// returns the exit code. Throws SceneError if a built-in scene fails to load.
int listCommand(std::ostream& out);

} // namespace tumble::cli
