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

    /// The stage's body term bound to one world for one pass: start(i) sets body i's force to
    /// m g (N). It keeps g and the arrays in locals, so a pass's loop does not reload them.
    struct Body {
        const double* mass; // kg
        Vec3* force;        // N
        Vec3 g;             // m/s^2
        void start(std::size_t i) const { force[i] = mass[i] * g; }
    };
    static Body body(World& w) { return Body{w.mass.data(), w.force.data(), w.gravity}; }
};

} // namespace tumble
