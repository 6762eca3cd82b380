#pragma once
// GradientSchedule: a velocity gradient prescribed piecewise linearly in time (a scene cell's
// "velocity_gradient_schedule"): knots (t_k, L_k) with strictly increasing times; L(t) is linear
// between neighbouring knots, the first knot's before it and the last knot's after it.
//
// Design note. A step takes the mean of L over its interval (exact for a piecewise linear L,
// knots inside the step included) as the constant gradient of its MediumStep: the medium's map
// exp(dt <L>) then differs from the time-ordered exponential by O(dt^3) per step only through
// the commutators of L at different times, so a ramp keeps every scheme's order two at most
// (docs/PERIODIC.md "A gradient that changes in time").
#include <vector>

#include "math/Types.h"

namespace tumble {

struct GradientKnot {
    double time = 0.0;            ///< s
    Mat3 gradient = Mat3::Zero(); ///< L at that time, 1/s
};

class GradientSchedule {
public:
    GradientSchedule() = default;
    /// knots: times finite and strictly increasing (the scene loader checks them)
    explicit GradientSchedule(std::vector<GradientKnot> knots) : m_knots(std::move(knots)) {}

    bool empty() const { return m_knots.empty(); }
    const std::vector<GradientKnot>& knots() const { return m_knots; }

    /// L at time t (s), 1/s; zero for an empty schedule.
    Mat3 at(double t) const;
    /// The mean of L over [t, t + dt] (s), 1/s: the gradient a step of dt from t takes.
    Mat3 meanOver(double t, double dt) const;

private:
    // the integral of L from the first knot's time to t, 1 (piecewise quadratic in t)
    Mat3 integral(double t) const;

    std::vector<GradientKnot> m_knots;
};

} // namespace tumble
