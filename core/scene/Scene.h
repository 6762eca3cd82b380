#pragma once
// A loaded scene: the initial World plus the run parameters it asks for.
#include <string>

#include "model/World.h"
#include "sim/SimParams.h"

namespace tumble {

struct Scene {
    std::string name;        ///< display name
    std::string description; ///< one paragraph for the scene picker
    std::string source;      ///< file path, or "builtin:<id>"
    World world;             ///< bodies, walls, materials, gravity at t = 0
    SimParams params;        ///< dt already resolved when the file gave {"factor": F}
    double dtFactor = 0.0;   ///< F when the file gave dt as a fraction of the critical dt, else 0
    /// The closed form the file declares ("analytic": {"type": ...}; analysis/AnalyticSolutions.h),
    /// checked against the scene by the loader; empty when none.
    std::string analytic;
    std::size_t listedBodies = 0; ///< bodies listed under "bodies" (generated ones follow)
};

} // namespace tumble
