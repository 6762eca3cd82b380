#pragma once
// Linear-algebra aliases used throughout the core. Double precision everywhere: DEM overlaps
// are ~1e-6 of the radius, far below float's resolution of positions.
#include <Eigen/Core>
#include <Eigen/Geometry>

namespace tumble {

using Vec3 = Eigen::Vector3d;    ///< a 3-vector; units given where used
using Quat = Eigen::Quaterniond; ///< unit quaternion, Eigen's (w, x, y, z) convention
using Mat3 = Eigen::Matrix3d;

} // namespace tumble
