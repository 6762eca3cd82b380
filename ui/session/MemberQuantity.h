#pragma once
// MemberQuantity: a per-body quantity the worker computes for the 3D view's colours when the view
// asks for it (SimulationRunner::setMemberQuantity), beside the speeds every snapshot carries.
//
// Design note. One quantity at a time, and only when asked: at 100k spheres each costs the worker
// a pass over the bodies (coordination a pass over the contact candidates), which the default
// colouring (speed) does not pay. Values are per member, from the owning body, so a clump's
// spheres share its value.
#include <string_view>

namespace tumble::ui {

enum class MemberQuantity {
    None,          ///< nothing beyond the speeds
    SpinRate,      ///< |w|, rad/s (on-step)
    KineticEnergy, ///< 1/2 m v^2 + 1/2 w . L, J (on-step)
    Coordination,  ///< touching body-body contacts at the last force evaluation, -
    NetForce,      ///< |F|, the total load on the body at the last force evaluation, N
    Height,        ///< the centre of mass along up (against gravity; z without gravity), m
    BodyId         ///< the body's scene id, -
};

/// The colour bar's title: the quantity and its unit.
constexpr std::string_view memberQuantityTitle(MemberQuantity q)
{
    switch (q) {
    case MemberQuantity::SpinRate:
        return "|w| (rad/s)";
    case MemberQuantity::KineticEnergy:
        return "kinetic energy (J)";
    case MemberQuantity::Coordination:
        return "contacts";
    case MemberQuantity::NetForce:
        return "|F| (N)";
    case MemberQuantity::Height:
        return "height (m)";
    case MemberQuantity::BodyId:
        return "body id";
    case MemberQuantity::None:
        break;
    }
    return "";
}

} // namespace tumble::ui
