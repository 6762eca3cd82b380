#include "analysis/NormalImpactMotion.h"

#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>

#include "analysis/DampedOscillator.h"

namespace tumble {

NormalImpactMotion::NormalImpactMotion(const NormalImpactParams& p, double s0, double v0) : m_p(p), m_s0(s0), m_v0(v0)
{
    if (!(p.mass > 0.0 && p.kn > 0.0 && p.cn >= 0.0 && p.gravity >= 0.0 && p.reach > 0.0))
        throw std::invalid_argument("NormalImpactMotion: needs mass, kn, reach > 0 and cn, gravity >= 0");
    if (!(p.cn * p.cn < 4.0 * p.mass * p.kn))
        throw std::invalid_argument("NormalImpactMotion: the contact must be underdamped (restitution > 0)");
}

std::optional<double> NormalImpactMotion::flightTime(double s, double v) const
{
    // reach = s + v t - g t^2 / 2, the first root t >= 0 with s falling (c = s - reach >= 0)
    const double c = s - m_p.reach;
    const double g = m_p.gravity;
    if (g == 0.0) {
        if (v < 0.0)
            return c / -v;
        return std::nullopt;
    }
    const double sq = std::sqrt(v * v + 2.0 * g * c);
    // the two forms of the positive root, each free of cancellation on its side
    return v >= 0.0 ? (v + sq) / g : 2.0 * c / (sq - v);
}

namespace {

// walks the phases; visit(start, end, isContact, s, v, oscillator) per phase until it returns false
template <class Visit>
void walk(const NormalImpactParams& p, double s0, double v0,
          const std::function<std::optional<double>(double, double)>& flight, Visit&& visit)
{
    double t = 0.0, s = s0, v = v0;
    // the phases alternate; at the touching point the velocity decides where it starts
    bool contact = s < p.reach || (s == p.reach && v < 0.0);
    for (;; contact = !contact) {
        if (!contact) {
            const std::optional<double> dt = flight(s, v);
            const double end = dt ? t + *dt : std::numeric_limits<double>::infinity();
            if (!visit(t, end, false, s, v, nullptr) || !dt)
                return;
            v -= p.gravity * *dt;
            s = p.reach; // the contact starts at zero overlap exactly
            t = end;
        } else {
            const DampedOscillator osc(p.mass, p.cn, p.kn, p.mass * p.gravity, p.reach - s, -v);
            const std::optional<double> dt = osc.firstDownCrossing();
            const double end = dt ? t + *dt : std::numeric_limits<double>::infinity();
            if (!visit(t, end, true, s, v, &osc) || !dt)
                return;
            v = -osc.velocity(*dt);
            s = p.reach; // the overlap is zero again: flight from the touching point
            t = end;
        }
    }
}

} // namespace

NormalImpactState NormalImpactMotion::at(double t) const
{
    NormalImpactState out;
    const auto flight = [this](double s, double v) { return flightTime(s, v); };
    walk(m_p, m_s0, m_v0, flight,
         [&](double start, double end, bool contact, double s, double v, const DampedOscillator* osc) {
             if (t > end)
                 return true;
             const double tau = t - start;
             out.contact = contact;
             if (contact) {
                 out.s = m_p.reach - osc->position(tau);
                 out.v = -osc->velocity(tau);
             } else {
                 out.s = s + v * tau - 0.5 * m_p.gravity * tau * tau;
                 out.v = v - m_p.gravity * tau;
             }
             return false;
         });
    return out;
}

std::vector<NormalImpactMotion::Contact> NormalImpactMotion::contacts(double tMax) const
{
    std::vector<Contact> out;
    const auto flight = [this](double s, double v) { return flightTime(s, v); };
    walk(m_p, m_s0, m_v0, flight,
         [&](double start, double end, bool contact, double, double v, const DampedOscillator* osc) {
             if (start > tMax)
                 return false;
             if (contact)
                 out.push_back(
                     {start, end, std::abs(v), std::isfinite(end) ? std::abs(osc->velocity(end - start)) : 0.0});
             return true;
         });
    return out;
}

} // namespace tumble
