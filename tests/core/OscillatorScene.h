#pragma once
// A sphere pinched between two walls in zero gravity: both contacts stay closed, so the sphere
// is a linear oscillator of stiffness K = 2 kn, omega = sqrt(2 kn / m), with no contact onset
// events. The closed forms of each integrator's energy behaviour hold exactly here.
#include <cmath>
#include <numbers>

#include "SceneText.h"

namespace tumble::test {

struct Oscillator {
    double radius = 0.01;    // m
    double kn = 1e5;         // N/m per wall
    double preload = 1e-4;   // m, overlap with each wall at rest
    double density = 2500.0; // kg/m^3
    double mass() const { return 4.0 / 3.0 * std::numbers::pi * radius * radius * radius * density; }
    double omega() const { return std::sqrt(2.0 * kn / mass()); }

    /// The scene with the sphere at x0 (m, from the rest position) moving at v0 (m/s) along z.
    Scene scene(const std::string& translation, double dt, double v0, double restitution = 1.0, double x0 = 0.0) const
    {
        const double gap = radius - preload;
        char bodies[256], walls[512];
        std::snprintf(
            bodies, sizeof bodies,
            R"([{"type": "sphere", "material": "m", "radius": %.17g, "position": [0, 0, %.17g], "velocity": [0, 0, %.17g]}])",
            radius, x0, v0);
        std::snprintf(walls, sizeof walls,
                      R"([{"type": "plane", "point": [0, 0, %.17g], "normal": [0, 0, 1], "material": "m"},
                          {"type": "plane", "point": [0, 0, %.17g], "normal": [0, 0, -1], "material": "m"}])",
                      -gap, gap);
        return sceneFrom(
            sceneJson("[0, 0, 0]", translation, dt, materialJson(kn, restitution, density), bodies, walls));
    }
};

} // namespace tumble::test
