#include "model/World.h"

#include <numbers>

#include "math/QuaternionOps.h"
#include "model/Permutation.h"

namespace tumble {

namespace {

// The members ordered by their bodies' keys (key[b]: body b's place, a permutation of the body
// indices), each body's members in their current order: out[s] is the member at place s. A
// counting sort; start is scratch.
void membersByBodyKey(const std::vector<int>& memberBody, const std::vector<int>& key, std::vector<int>& start,
                      std::vector<int>& out)
{
    start.assign(key.size() + 1, 0);
    for (int b : memberBody)
        ++start[static_cast<std::size_t>(key[static_cast<std::size_t>(b)]) + 1];
    for (std::size_t s = 0; s < key.size(); ++s)
        start[s + 1] += start[s];
    out.resize(memberBody.size());
    for (std::size_t k = 0; k < memberBody.size(); ++k) {
        int& at = start[static_cast<std::size_t>(key[static_cast<std::size_t>(memberBody[k])])];
        out[static_cast<std::size_t>(at++)] = static_cast<int>(k);
    }
}

} // namespace

int World::addBody(BodyType t, int materialIndex, double m, const Vec3& moments, const Quat& q, double r, const Vec3& x,
                   const Vec3& v, const Vec3& w)
{
    radius.push_back(r);
    mass.push_back(m);
    invMass.push_back(1.0 / m);
    inertia.push_back(moments);
    material.push_back(materialIndex);
    type.push_back(t);
    if (!motion.empty())
        motion.push_back(BodyMotion::Free);
    position.push_back(x);
    velocity.push_back(v);
    orientation.push_back(q.normalized());
    const Mat3 rot = orientation.back().toRotationMatrix();
    angularMomentum.push_back(rot * moments.asDiagonal() * rot.transpose() * w); // L = I w
    angularVelocity.push_back(w);
    force.push_back(Vec3::Zero());
    torque.push_back(Vec3::Zero());
    for (int c = 0; c < kDissipationChannels; ++c) {
        dissipativeForce[c].push_back(Vec3::Zero());
        dissipativeTorque[c].push_back(Vec3::Zero());
    }
    return static_cast<int>(position.size() - 1);
}

int World::addSphere(int materialIndex, double r, const Vec3& x, const Vec3& v, const Vec3& w)
{
    const double density = materials.at(static_cast<std::size_t>(materialIndex)).density;
    const double m = 4.0 / 3.0 * std::numbers::pi * r * r * r * density;
    const double j = 0.4 * m * r * r; // solid sphere, 2/5 m R^2
    const int id = addBody(BodyType::Sphere, materialIndex, m, Vec3(j, j, j), Quat::Identity(), r, x, v, w);
    addMember(id, Vec3::Zero(), r);
    return id;
}

int World::addRigidBody(int materialIndex, double m, const Vec3& moments, const Quat& q, double r, const Vec3& x,
                        const Vec3& v, const Vec3& w)
{
    return addBody(BodyType::Clump, materialIndex, m, moments, q, r, x, v, w);
}

void World::setMotion(int b, BodyMotion m)
{
    const std::size_t i = static_cast<std::size_t>(b);
    if (motion.empty()) {
        if (m == BodyMotion::Free)
            return;
        motion.assign(size(), BodyMotion::Free);
    }
    motion[i] = m;
    if (m == BodyMotion::Fixed) {
        velocity[i].setZero();
        angularVelocity[i].setZero();
        angularMomentum[i].setZero();
    }
}

void World::addMember(int b, const Vec3& offset, double r)
{
    memberBody.push_back(b);
    memberOffset.push_back(offset);
    memberRadius.push_back(r);
    memberPosition.push_back(position[b] + orientation[b] * offset);
}

void World::permuteBodies(const std::vector<int>& order, std::vector<int>& memberOrder, PermuteScratch& scratch)
{
    const std::size_t n = size();
    std::vector<unsigned char>& done = scratch.done;
    // the new index of each old body
    std::vector<int>& newSlot = scratch.newSlot;
    newSlot.resize(n);
    for (std::size_t s = 0; s < n; ++s)
        newSlot[static_cast<std::size_t>(order[s])] = static_cast<int>(s);
    // members by new body, stably
    membersByBodyKey(memberBody, newSlot, scratch.start, memberOrder);
    permuteInPlace(memberBody, memberOrder, done);
    for (int& b : memberBody)
        b = newSlot[static_cast<std::size_t>(b)];
    permuteInPlace(memberOffset, memberOrder, done);
    permuteInPlace(memberRadius, memberOrder, done);
    permuteInPlace(memberPosition, memberOrder, done);

    if (bodyIds.empty()) {
        bodyIds.resize(n);
        for (std::size_t i = 0; i < n; ++i)
            bodyIds[i] = static_cast<int>(i);
    }
    permuteInPlace(bodyIds, order, done);
    bodySlots.resize(n);
    for (std::size_t s = 0; s < n; ++s)
        bodySlots[static_cast<std::size_t>(bodyIds[s])] = static_cast<int>(s);
    permuteInPlace(radius, order, done);
    permuteInPlace(mass, order, done);
    permuteInPlace(invMass, order, done);
    permuteInPlace(inertia, order, done);
    permuteInPlace(material, order, done);
    permuteInPlace(type, order, done);
    permuteInPlace(motion, order, done);
    permuteInPlace(position, order, done);
    permuteInPlace(velocity, order, done);
    permuteInPlace(orientation, order, done);
    permuteInPlace(angularVelocity, order, done);
    permuteInPlace(angularMomentum, order, done);
    permuteInPlace(force, order, done);
    permuteInPlace(torque, order, done);
    for (int c = 0; c < kDissipationChannels; ++c) {
        permuteInPlace(dissipativeForce[c], order, done);
        permuteInPlace(dissipativeTorque[c], order, done);
    }
    if (!bonds.empty())
        bonds.renumber(newSlot);
}

void World::addBond(int a, int b, const BondStiffness& k, const BondStrength& s, BondFormulation f)
{
    const std::size_t i = static_cast<std::size_t>(a), j = static_cast<std::size_t>(b);
    const Vec3 xj = positionNear(j, position[i]);
    bonds.add(a, b, k, BondRest::at(position[i], orientation[i], radius[i], xj, orientation[j], radius[j]), s, f,
              IncrementalBondState::at(position[i], xj));
}

void World::membersInSceneOrder(std::vector<int>& out) const
{
    const std::size_t m = memberCount();
    out.resize(m);
    if (bodySlots.empty()) {
        for (std::size_t k = 0; k < m; ++k)
            out[k] = static_cast<int>(k);
        return;
    }
    // members by their body's scene id, stably
    std::vector<int> start;
    membersByBodyKey(memberBody, bodyIds, start, out);
}

void World::shrinkToFit()
{
    radius.shrink_to_fit();
    mass.shrink_to_fit();
    invMass.shrink_to_fit();
    inertia.shrink_to_fit();
    material.shrink_to_fit();
    type.shrink_to_fit();
    motion.shrink_to_fit();
    position.shrink_to_fit();
    velocity.shrink_to_fit();
    orientation.shrink_to_fit();
    angularVelocity.shrink_to_fit();
    angularMomentum.shrink_to_fit();
    force.shrink_to_fit();
    torque.shrink_to_fit();
    for (int c = 0; c < kDissipationChannels; ++c) {
        dissipativeForce[c].shrink_to_fit();
        dissipativeTorque[c].shrink_to_fit();
    }
    memberBody.shrink_to_fit();
    memberOffset.shrink_to_fit();
    memberRadius.shrink_to_fit();
    memberPosition.shrink_to_fit();
    bonds.shrinkToFit();
}

void World::updateMemberPositions(std::size_t begin, std::size_t end)
{
    for (std::size_t k = begin; k < end; ++k) {
        const int b = memberBody[k];
        const Vec3& off = memberOffset[k];
        // a sphere's member sits at its centre: no rotation needed
        memberPosition[k] = off.isZero(0.0) ? position[b] : Vec3(position[b] + orientation[b] * off);
    }
}

Mat3 World::inverseInertiaWorld(std::size_t i) const
{
    // I^-1 = R J^-1 R^T with R the principal-to-world rotation (PFC eq. 19)
    const Mat3 r = orientation[i].toRotationMatrix();
    return r * inertia[i].cwiseInverse().asDiagonal() * r.transpose();
}

} // namespace tumble
