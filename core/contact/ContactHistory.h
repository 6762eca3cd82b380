#pragma once
// What a contact remembers from one step to the next: its elastic tangential displacement and
// rolling rotation, both in the tangent plane of the contact, and the overlap they were stored
// at (Hertz-Mindlin stiffnesses depend on it). Zero while the members do not touch.
#include "math/Types.h"

namespace tumble {

struct ContactHistory {
    Vec3 shear = Vec3::Zero(); ///< elastic tangential displacement of member i relative to j, m
    Vec3 roll = Vec3::Zero();  ///< elastic relative rolling rotation of i relative to j, rad
    double overlap = 0.0;      ///< normal overlap when they were stored, m
};

} // namespace tumble
