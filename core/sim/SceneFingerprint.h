#pragma once
// SceneFingerprint: a 64-bit hash (FNV-1a) of a world's constants in scene order, which a saved
// state carries so it is never restored into another scene's run. It covers what a scene fixes
// and a run never changes: each body's mass, radius, principal inertia, material, kind and
// motion, the members, the materials, walls, gravity, the bonds as loaded and whether there is a
// cell. Positions and velocities are state, not scene, and are left out.
#include <cstdint>

#include "model/World.h"

namespace tumble {

std::uint64_t sceneFingerprint(const World& w);

} // namespace tumble
