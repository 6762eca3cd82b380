#pragma once
// An infinite plane wall; bodies are pushed to the side its normal points to.
#include "math/Types.h"

namespace tumble {

struct Wall {
    Vec3 point = Vec3::Zero();   ///< a point on the plane, m
    Vec3 normal = Vec3::UnitZ(); ///< unit normal towards the free side, -
    int material = 0;            ///< index into World::materials
};

} // namespace tumble
