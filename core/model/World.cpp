#include "model/World.h"

#include <numbers>

#include "math/QuaternionOps.h"

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

int World::addRigidBody(int materialIndex, double m, const Vec3& moments, const Quat& q, double r, const Vec3& x,
                        const Vec3& v, const Vec3& w)
{
    const int id = addSphere(materialIndex, r, x, v, w);
    mass[id] = m;
    invMass[id] = 1.0 / m;
    inertia[id] = moments;
    orientation[id] = q.normalized();
    const Mat3 rot = orientation[id].toRotationMatrix();
    angularMomentum[id] = rot * moments.asDiagonal() * rot.transpose() * w; // L = I w
    return id;
}

Mat3 World::inverseInertiaWorld(std::size_t i) const
{
    // I^-1 = R J^-1 R^T with R the principal-to-world rotation (PFC eq. 19)
    const Mat3 r = orientation[i].toRotationMatrix();
    return r * inertia[i].cwiseInverse().asDiagonal() * r.transpose();
}

Vec3 World::angularVelocityFromMomentum(std::size_t i) const
{
    return tumble::angularVelocity(inertia[i], orientation[i], angularMomentum[i]);
}

} // namespace tumble
