#pragma once
// SceneInfo: what stays fixed while one loaded scene runs; shared by all its snapshots.
#include <string>
#include <vector>

#include "math/Types.h"
#include "model/Wall.h"

namespace tumble::ui {

/// What stays fixed for a loaded scene: shared by all its snapshots.
struct SceneInfo {
    long long revision = 0; ///< grows on every load and reset
    std::string name;       ///< display name
    std::string description;
    std::string source; ///< file path or "builtin:<id>"
    std::vector<Wall> walls;
    double bounds[6] = {0, 0, 0, 0, 0, 0}; ///< xmin xmax ymin ymax zmin zmax, m: initial
                                           ///< bodies and wall points
    double up[3] = {0, 0, 1};              ///< unit vector against gravity (z when there is none)
    double sampleInterval = 0.0;           ///< simulated time between energy samples, s
    /// (m) each member sphere's centre in its body's principal frame, m, in snapshot member
    /// order (fixed for a rigid body: the ghost and trails place members from a body pose)
    std::vector<Vec3> memberOffsets;
};

} // namespace tumble::ui
