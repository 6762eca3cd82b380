#include "model/World.h"

#include <numbers>

namespace tumble {

int World::addSphere(int materialIndex, double r, const Vec3& x, const Vec3& v, const Vec3& w)
{
    const double density = materials.at(static_cast<std::size_t>(materialIndex)).density;
    const double m = 4.0 / 3.0 * std::numbers::pi * r * r * r * density;
    const double j = 0.4 * m * r * r; // solid sphere, 2/5 m R^2
    radius.push_back(r);
    mass.push_back(m);
    invMass.push_back(1.0 / m);
    inertia.emplace_back(j, j, j);
    material.push_back(materialIndex);
    position.push_back(x);
    velocity.push_back(v);
    orientation.push_back(Quat::Identity());
    angularVelocity.push_back(w);
    angularMomentum.push_back(j * w);
    force.push_back(Vec3::Zero());
    torque.push_back(Vec3::Zero());
    dissipativeForce.push_back(Vec3::Zero());
    dissipativeTorque.push_back(Vec3::Zero());
    return static_cast<int>(position.size() - 1);
}

Mat3 World::inverseInertiaWorld(std::size_t i) const
{
    // I^-1 = R J^-1 R^T with R the principal-to-world rotation (PFC eq. 19)
    const Mat3 r = orientation[i].toRotationMatrix();
    return r * inertia[i].cwiseInverse().asDiagonal() * r.transpose();
}

Vec3 World::angularVelocityFromMomentum(std::size_t i) const
{
    const Vec3& j = inertia[i];
    if (j.x() == j.y() && j.y() == j.z())
        return angularMomentum[i] / j.x(); // isotropic: no rotation needed
    const Quat& q = orientation[i];
    const Vec3 lBody = q.conjugate() * angularMomentum[i];
    return q * lBody.cwiseQuotient(j);
}

} // namespace tumble
