#pragma once
// ClumpShape: mass properties of a rigid clump of member spheres.
//
// For members that do not overlap, the union's properties are exact sums: mass and centroid of
// the spheres, inertia of each sphere (2/5 m r^2) moved to the centre of mass by the parallel-axis
// theorem. Overlapping members are integrated over their union, overlaps counted once
// (SphereUnionIntegrals: relative error ~1e-14, far below the 1e-4 asked; sums of sphere
// inertias would count each overlap twice).
#include <optional>
#include <utility>
#include <vector>

#include "math/Types.h"

namespace tumble {

struct ClumpMember {
    Vec3 center = Vec3::Zero(); ///< m, in the clump's own frame
    double radius = 0.0;        ///< m
};

struct MassProperties {
    double mass = 0.0;                     ///< kg
    Vec3 centerOfMass = Vec3::Zero();      ///< m, in the clump's own frame
    Vec3 principalMoments = Vec3::Zero();  ///< kg m^2, ascending
    Quat principalAxes = Quat::Identity(); ///< rotates the principal frame into the clump's frame
};

/// The first pair of members (i < j) that overlap, if any.
std::optional<std::pair<int, int>> firstOverlap(const std::vector<ClumpMember>& members);

/// Mass properties of the union of the members at uniform density (kg/m^3), overlaps counted once.
MassProperties sphereUnionMassProperties(const std::vector<ClumpMember>& members, double density);

/// Principal moments (ascending) and axes of a symmetric inertia tensor (kg m^2); the axes form a
/// proper rotation (determinant +1).
std::pair<Vec3, Quat> principalDecomposition(const Mat3& inertia);

} // namespace tumble
