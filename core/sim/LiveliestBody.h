#pragma once
// LiveliestBody: the body with the most kinetic energy (translation + rotation; a non-finite one
// counts as most, and the first of equals wins), where a runaway shows first (InstabilityReport).
// Found by a scan of the world (of), or gathered body by body in the fused end pass, per chunk
// and then the chunks in order (add): the same body either way. A joined step (Simulation::run)
// reports from the gathered one, since its bodies have moved on into the next step by then.
#include <cmath>
#include <cstddef>
#include <limits>

#include "model/World.h"

namespace tumble {

struct LiveliestBody {
    static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
    std::size_t body = kNone; ///< index into the world's arrays, kNone for none
    double energy = -1.0;     ///< J, +inf when non-finite
    double speed2 = 0.0;      ///< m^2/s^2, that body's |v|^2

    /// Body i, with its 1/2 m |v|^2 and 1/2 w . L (J) and |v|^2 (m^2/s^2).
    [[gnu::always_inline]] void consider(std::size_t i, double translational, double rotational, double v2)
    {
        double e = translational + std::abs(rotational);
        if (!std::isfinite(e))
            e = std::numeric_limits<double>::infinity();
        if (e > energy) {
            energy = e;
            body = i;
            speed2 = v2;
        }
    }
    /// Takes the bodies of a later part of the list into account.
    void add(const LiveliestBody& later)
    {
        if (later.energy > energy)
            *this = later;
    }
    /// The scan over every body of w.
    static LiveliestBody of(const World& w)
    {
        LiveliestBody l;
        for (std::size_t i = 0; i < w.size(); ++i) {
            const double v2 = w.velocity[i].squaredNorm();
            l.consider(i, 0.5 * w.mass[i] * v2, 0.5 * w.angularVelocity[i].dot(w.angularMomentum[i]), v2);
        }
        return l;
    }
};

} // namespace tumble
