#pragma once
// A rigid body with no loads (zero gravity, no contacts): L is constant in the world frame and
// the orientation follows Euler's torque-free equations. For a symmetric top (J1 = J2) the
// closed form is q(t) = exp(t L / J1) q0 exp(-t Omega e3), Omega = (J3 - J1) / J1 w3, because
// w = L / J1 - Omega e3 (world frame): a rotation about the fixed L composed with the body's
// precession about its own symmetry axis.
#include <cmath>

#include "math/QuaternionOps.h"
#include "model/World.h"
#include "sim/Simulation.h"

namespace tumble::test {

struct TorqueFreeBody {
    Vec3 moments = Vec3(1.0, 1.0, 2.5); // kg m^2
    Quat q0 = Quat(Eigen::AngleAxisd(0.3, Vec3(1, 2, 0.5).normalized()));
    Vec3 omega0 = Vec3(1.2, -0.4, 2.0); // rad/s, world frame

    Simulation simulation(const std::string& translation, const std::string& rotation, double dt) const
    {
        World w;
        w.materials.push_back(Material{});
        w.gravity = Vec3::Zero();
        w.addRigidBody(0, 2.0, moments, q0, 0.05, Vec3::Zero(), Vec3::Zero(), omega0);
        SimParams p;
        p.dt = dt;
        p.translation = translation;
        p.rotation = rotation;
        return Simulation(std::move(w), p);
    }

    Vec3 angularMomentum() const
    {
        const Mat3 r = q0.toRotationMatrix();
        return r * moments.asDiagonal() * r.transpose() * omega0;
    }

    double energy() const { return 0.5 * omega0.dot(angularMomentum()); }

    /// Exact orientation at time t (s); valid for a symmetric top, moments.x() == moments.y().
    Quat exactSymmetric(double t) const
    {
        const double w3 = (q0.conjugate() * omega0).z();
        const double precession = (moments.z() - moments.x()) / moments.x() * w3;
        return rotationQuaternion(angularMomentum() / moments.x() * t) * q0 *
               rotationQuaternion(Vec3(0.0, 0.0, -precession * t));
    }
};

/// Angle between two orientations, rad.
inline double orientationError(const Quat& a, const Quat& b)
{
    return a.normalized().angularDistance(b.normalized());
}

} // namespace tumble::test
