#pragma once
// GravityStage: the weight m g of every body (N), uniform gravity (World::gravity, m/s^2). The
// first stage: it starts each body's force, so it sets rather than adds (m g, not 0 + m g, keeps
// the sign of a zero component). Its energy term is the potential energy (energy/).
#include <cstddef>
#include <string_view>

#include "model/World.h"

namespace tumble {

struct GravityStage {
    static constexpr std::string_view kName = "gravity";

    static void startBody(World& w, std::size_t i) { w.force[i] = w.mass[i] * w.gravity; }
};

} // namespace tumble
