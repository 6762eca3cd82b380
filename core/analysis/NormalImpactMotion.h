#pragma once
// NormalImpactMotion: one degree of freedom that flies under a constant acceleration and
// bounces on a linear spring-dashpot contact (ContactParams' linear law, force not clipped), in
// closed form, any number of bounces.
//
// s is the distance the contact law measures (a sphere's height of centre over a plane, or the
// distance between two sphere centres); the contact is closed while s < reach (overlap
// x = reach - s > 0, as ContactForces tests it). In flight s'' = -g; in contact
// m x'' + cn x' + kn x = m g (DampedOscillator) until x falls through zero again, found to
// machine precision. A contact whose oscillation never reaches zero again lasts for ever (the
// ball comes to rest). Nothing is cached: each query walks the phases from t = 0.
#include <optional>
#include <vector>

namespace tumble {

struct NormalImpactParams {
    double mass = 0.0;    ///< effective mass m (one body on a wall: its mass; two bodies: m1 m2 / (m1 + m2)), kg
    double kn = 0.0;      ///< normal stiffness, N/m
    double cn = 0.0;      ///< normal dashpot, N s/m (2 zeta sqrt(m kn))
    double gravity = 0.0; ///< constant acceleration towards the contact (s'' = -g in flight), m/s^2, >= 0
    double reach = 0.0;   ///< s at first touch (radius, or the sum of radii), m
};

struct NormalImpactState {
    double s = 0.0; ///< m
    double v = 0.0; ///< ds/dt, m/s
    bool contact = false;
};

class NormalImpactMotion {
public:
    NormalImpactMotion() = default;
    /// s0 in m, v0 in m/s at t = 0. Throws std::invalid_argument for an overdamped contact.
    NormalImpactMotion(const NormalImpactParams& p, double s0, double v0);

    /// The state at time t >= 0, s.
    NormalImpactState at(double t) const;

    /// Start and end times of the contacts that begin before tMax, s (an end of +inf: for ever).
    struct Contact {
        double start = 0.0;
        double end = 0.0;
        double speedIn = 0.0;  ///< |ds/dt| at the start, m/s
        double speedOut = 0.0; ///< |ds/dt| at the end, m/s (0 if it never ends)
    };
    std::vector<Contact> contacts(double tMax) const;

private:
    // time of flight from (s, v) with s >= reach until s falls to reach, s; none if never
    std::optional<double> flightTime(double s, double v) const;

    NormalImpactParams m_p;
    double m_s0 = 0.0, m_v0 = 0.0;
};

} // namespace tumble
