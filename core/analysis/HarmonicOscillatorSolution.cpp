#include "analysis/HarmonicOscillatorSolution.h"

#include <cmath>
#include <sstream>

#include "analysis/AnalyticChecks.h"

namespace tumble {

namespace {

std::string fmt(double x)
{
    std::ostringstream s;
    s << x;
    return s.str();
}

// the oscillator's constants, checked, before the DampedOscillator member is built
struct Setup {
    double mass, k, c, u0, ueq;
    Vec3 n;
    double v0;
};

Setup setup(const World& w, const SimParams& p, std::size_t listed)
{
    using namespace analytic;
    requireNoDamping(p);
    requireSpheres(w, 1, listed);
    requireWalls(w, 2);
    requireNoSpin(w, 0, listed);
    const Wall& w1 = w.walls[0];
    const Wall& w2 = w.walls[1];
    if (w1.normal.dot(w2.normal) > -1.0 + 1e-12)
        throw AnalyticAssumptionError("/walls/1/normal",
                                      "must be opposite to /walls/0/normal (two walls facing each other)");
    const Vec3 n = w1.normal;
    requireAlong(w.velocity[0], n, bodyPath(0, listed) + "/velocity", "the walls' normal");
    requireAlong(w.gravity, n, "/gravity", "the walls' normal");
    Setup s{};
    s.n = n;
    s.mass = w.mass[0];
    const double r = w.radius[0];
    const ContactParams c1 = linearContact(w, w.material[0], w1.material, r, s.mass);
    const ContactParams c2 = linearContact(w, w.material[0], w2.material, r, s.mass);
    s.k = c1.kn + c2.kn;
    s.c = c1.cn + c2.cn;
    if (!(s.c * s.c < 4.0 * s.mass * s.k))
        throw AnalyticAssumptionError(
            "/materials", "the two contacts' dashpots together overdamp the sphere; the closed form needs zeta < 1");
    // u over wall 1; wall 2 sits at D along n: overlaps R - u and R - (D - u)
    const double d = (w2.point - w1.point).dot(n);
    s.u0 = (w.position[0] - w1.point).dot(n);
    s.v0 = w.velocity[0].dot(n);
    s.ueq = (c1.kn * r - c2.kn * (r - d) + s.mass * w.gravity.dot(n)) / s.k;
    const double y0 = s.u0 - s.ueq;
    const double amplitude = std::sqrt(y0 * y0 + s.mass * s.v0 * s.v0 / s.k);
    const double margin = std::min(r - s.ueq, r - d + s.ueq);
    if (!(amplitude < margin))
        throw AnalyticAssumptionError(bodyPath(0, listed) + "/position",
                                      "the sphere must stay pressed into both walls: its amplitude " + fmt(amplitude) +
                                          " m reaches the smaller overlap at rest " + fmt(margin) + " m");
    return s;
}

} // namespace

HarmonicOscillatorSolution::HarmonicOscillatorSolution(const World& world, const SimParams& params,
                                                       std::size_t listedBodies)
{
    const Setup s = setup(world, params, listedBodies);
    m_x0 = world.position[0];
    m_q0 = world.orientation[0];
    m_n = s.n;
    m_mass = s.mass;
    m_k = s.k;
    m_c = s.c;
    m_u0 = s.u0;
    m_ueq = s.ueq;
    m_osc = DampedOscillator(s.mass, s.c, s.k, 0.0, s.u0 - s.ueq, s.v0);
}

std::vector<Vec3> HarmonicOscillatorSolution::positions(double t) const
{
    const double u = m_ueq + m_osc.position(t);
    return {m_x0 + (u - m_u0) * m_n};
}

std::vector<Quat> HarmonicOscillatorSolution::orientations(double) const
{
    return {m_q0}; // normal forces through the centre: the sphere never turns
}

std::vector<Vec3> HarmonicOscillatorSolution::velocities(double t) const
{
    return {m_osc.velocity(t) * m_n};
}

std::vector<Vec3> HarmonicOscillatorSolution::angularVelocities(double) const
{
    return {Vec3::Zero()};
}

} // namespace tumble
