#pragma once
// ColourMode: what the 3D view's sphere colours show.
#include <array>
#include <optional>
#include <string_view>
#include <utility>

#include "session/MemberQuantity.h"

namespace tumble::ui {

enum class ColourMode {
    Speed, ///< |v| of the owning body through the cool-to-warm scale (default)
    Body,  ///< one distinct colour per body: a clump's members alike
    /// |v - L x| of the owning body, its speed relative to a periodic cell's deforming medium,
    /// through the speed scale; the speed itself in a scene without a cell
    FluctuationSpeed,
    SpinRate,      ///< |w| of the owning body, rad/s
    KineticEnergy, ///< the owning body's kinetic energy, J
    Coordination,  ///< the owning body's touching contacts with other bodies
    NetForce,      ///< |F| on the owning body, N
    Height,        ///< the owning body's centre along up, m
    BodyId         ///< the owning body's scene id, through the scale (ordering and mixing)
};

/// The modes by their command-line names (tumble --colour NAME).
constexpr std::array<std::pair<std::string_view, ColourMode>, 9> kColourModeNames{{
    {"speed", ColourMode::Speed},
    {"body", ColourMode::Body},
    {"fluctuation", ColourMode::FluctuationSpeed},
    {"spin", ColourMode::SpinRate},
    {"energy", ColourMode::KineticEnergy},
    {"coordination", ColourMode::Coordination},
    {"force", ColourMode::NetForce},
    {"height", ColourMode::Height},
    {"id", ColourMode::BodyId},
}};

/// The mode called name (kColourModeNames), if any.
constexpr std::optional<ColourMode> colourModeNamed(std::string_view name)
{
    for (const auto& [n, mode] : kColourModeNames)
        if (n == name)
            return mode;
    return std::nullopt;
}

/// The per-body quantity the worker must compute for mode (None: the snapshot's speeds serve).
constexpr MemberQuantity memberQuantityOf(ColourMode mode)
{
    switch (mode) {
    case ColourMode::SpinRate:
        return MemberQuantity::SpinRate;
    case ColourMode::KineticEnergy:
        return MemberQuantity::KineticEnergy;
    case ColourMode::Coordination:
        return MemberQuantity::Coordination;
    case ColourMode::NetForce:
        return MemberQuantity::NetForce;
    case ColourMode::Height:
        return MemberQuantity::Height;
    case ColourMode::BodyId:
        return MemberQuantity::BodyId;
    case ColourMode::Speed:
    case ColourMode::Body:
    case ColourMode::FluctuationSpeed:
        break;
    }
    return MemberQuantity::None;
}

/// Whether the colour scale spans [low, high] of the values (a position, an id) rather than
/// [0, high] (a magnitude).
constexpr bool colourScaleTwoSided(ColourMode mode)
{
    return mode == ColourMode::Height || mode == ColourMode::BodyId;
}

} // namespace tumble::ui
