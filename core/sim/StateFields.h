#pragma once
// StateFields: which fields of the core's types make up a saved state (StateArchive.h), for
// writer and reader alike. Every field of the World is kept, constants too: a state restores
// the world exactly as it was (bodies in their sorted order, bonds that broke gone), and the
// scene's constants are what tells a state of another scene apart (Simulation::sceneFingerprint).
#include "bond/BondSet.h"
#include "contact/ContactForces.h"
#include "contact/ContactHistory.h"
#include "contact/ImageTable.h"
#include "contact/NeighbourList.h"
#include "energy/EnergyLedger.h"
#include "model/GradientSchedule.h"
#include "model/PeriodicCell.h"
#include "model/World.h"
#include "sim/BodySorter.h"
#include "sim/SimParams.h"
#include "sim/StateArchive.h"

namespace tumble {

struct BondBreak;

// structs of numbers and Eigen's fixed-size types: stored as their bytes
template <> struct PlainState<BondRest> : std::true_type {
};
template <> struct PlainState<IncrementalBondState> : std::true_type {
};
template <> struct PlainState<Wall> : std::true_type {
};
template <> struct PlainState<MediumStep> : std::true_type {
};
template <> struct PlainState<GradientKnot> : std::true_type {
};
template <> struct PlainState<ContactSums> : std::true_type {
};
template <> struct PlainState<ImageTable> : std::true_type {
};
template <> struct PlainState<BondBreak> : std::true_type {
};

template <class A> void archive(A& a, Material& m)
{
    a.field("name", m.name);
    a.field("density", m.density);
    a.field("model", m.model);
    a.field("kn", m.kn);
    a.field("kt", m.kt);
    a.field("young", m.young);
    a.field("poisson", m.poisson);
    a.field("restitution", m.restitution);
    a.field("friction", m.friction);
    a.field("rollingFriction", m.rollingFriction);
    a.fieldSince("frictionLimit", m.frictionLimit, FrictionLimit::Elastic);
}

template <class A> void archive(A& a, ContactHistory& h)
{
    a.field("shear", h.shear);
    a.field("roll", h.roll);
    a.field("overlap", h.overlap);
}

template <class A> void archive(A& a, BondLawTable& t)
{
    a.field("bonds", t.bonds);
    a.field("values", t.values);
    a.field("breakable", t.breakable);
    a.field("anyBreakable", t.anyBreakable);
    a.field("anyIncremental", t.anyIncremental);
}

template <class A> void archive(A& a, BondSet& b)
{
    a.field("bodies", b.bodies);
    a.field("stiffness", b.stiffness);
    a.field("rest", b.rest);
    a.field("strength", b.strength);
    a.field("broken", b.broken);
    a.field("incremental", b.incremental);
    a.field("springs", b.springs);
    a.field("partnerStart", b.partnerStart);
    a.field("partners", b.partners);
    a.field("law", b.law);
}

template <class A> void archive(A& a, GradientSchedule& s)
{
    std::vector<GradientKnot> knots = s.knots();
    a.field("knots", knots);
    s = GradientSchedule(std::move(knots));
}

template <class A> void archive(A& a, PeriodicCell& c)
{
    c.archive(a);
}
template <class A> void archive(A& a, NeighbourList& n)
{
    n.archive(a);
}
template <class A> void archive(A& a, EnergyLedger& l)
{
    l.archive(a);
}
template <class A> void archive(A& a, BodySorter& s)
{
    s.archive(a);
}

template <class A> void archive(A& a, World& w)
{
    a.field("radius", w.radius);
    a.field("mass", w.mass);
    a.field("invMass", w.invMass);
    a.field("inertia", w.inertia);
    a.field("material", w.material);
    a.field("type", w.type);
    a.field("motion", w.motion);
    a.field("position", w.position);
    a.field("velocity", w.velocity);
    a.field("orientation", w.orientation);
    a.field("angularVelocity", w.angularVelocity);
    a.field("angularMomentum", w.angularMomentum);
    a.field("force", w.force);
    a.field("torque", w.torque);
    static constexpr const char* kForce[kDissipationChannels] = {"dissipativeForce.dashpot", "dissipativeForce.local",
                                                                 "dissipativeForce.viscous", "dissipativeForce.drive",
                                                                 "dissipativeForce.medium"};
    static constexpr const char* kTorque[kDissipationChannels] = {
        "dissipativeTorque.dashpot", "dissipativeTorque.local", "dissipativeTorque.viscous", "dissipativeTorque.drive",
        "dissipativeTorque.medium"};
    for (int c = 0; c < kDissipationChannels; ++c) {
        a.field(kForce[c], w.dissipativeForce[static_cast<std::size_t>(c)]);
        a.field(kTorque[c], w.dissipativeTorque[static_cast<std::size_t>(c)]);
    }
    a.field("memberBody", w.memberBody);
    a.field("memberOffset", w.memberOffset);
    a.field("memberRadius", w.memberRadius);
    a.field("memberPosition", w.memberPosition);
    a.field("bodyIds", w.bodyIds);
    a.field("bodySlots", w.bodySlots);
    a.field("materials", w.materials);
    a.field("walls", w.walls);
    a.field("bonds", w.bonds);
    a.field("gravity", w.gravity);
    a.field("cell", w.cell);
    a.field("medium", w.medium);
    a.field("time", w.time);
    a.field("step", w.step);
    a.field("velocityTiming", w.velocityTiming);
    a.field("angularTiming", w.angularTiming);
}

template <class A> void archive(A& a, SimParams& p)
{
    a.field("dt", p.dt);
    a.field("translation", p.translation);
    a.field("rotation", p.rotation);
    a.field("localDamping", p.localDamping);
    a.field("localDampingVariant", p.localDampingVariant);
    a.field("viscousDamping", p.viscousDamping);
    a.field("skinFraction", p.skinFraction);
    a.field("sortBodies", p.sortBodies);
    a.field("threads", p.threads);
}

} // namespace tumble
