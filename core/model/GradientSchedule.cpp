#include "model/GradientSchedule.h"

#include <algorithm>

namespace tumble {

Mat3 GradientSchedule::at(double t) const
{
    if (m_knots.empty())
        return Mat3::Zero();
    if (t <= m_knots.front().time)
        return m_knots.front().gradient;
    if (t >= m_knots.back().time)
        return m_knots.back().gradient;
    // the segment [k - 1, k] holding t
    const auto after = std::upper_bound(m_knots.begin(), m_knots.end(), t,
                                        [](double time, const GradientKnot& k) { return time < k.time; });
    const GradientKnot& a = *(after - 1);
    const GradientKnot& b = *after;
    const double s = (t - a.time) / (b.time - a.time);
    return (1.0 - s) * a.gradient + s * b.gradient;
}

Mat3 GradientSchedule::integral(double t) const
{
    Mat3 sum = Mat3::Zero();
    if (m_knots.empty())
        return sum;
    const double t0 = m_knots.front().time;
    if (t <= t0)
        return (t - t0) * m_knots.front().gradient;
    // whole segments before t, by the trapezoid (exact for a linear L), then the part of the one
    // holding t, and the constant L past the last knot
    for (std::size_t k = 1; k < m_knots.size(); ++k) {
        const GradientKnot& a = m_knots[k - 1];
        const GradientKnot& b = m_knots[k];
        if (t <= b.time)
            return sum + 0.5 * (t - a.time) * (a.gradient + at(t));
        sum += 0.5 * (b.time - a.time) * (a.gradient + b.gradient);
    }
    return sum + (t - m_knots.back().time) * m_knots.back().gradient;
}

Mat3 GradientSchedule::meanOver(double t, double dt) const
{
    if (m_knots.empty())
        return Mat3::Zero();
    // a step inside one linear piece (the common case) is exactly L at its middle
    const double end = t + dt;
    const auto piece = [&](double x) {
        return std::upper_bound(m_knots.begin(), m_knots.end(), x,
                                [](double time, const GradientKnot& k) { return time < k.time; }) -
               m_knots.begin();
    };
    if (!(dt > 0.0) || piece(t) == piece(end))
        return at(t + 0.5 * dt);
    return (integral(end) - integral(t)) / dt;
}

} // namespace tumble
