#pragma once
// HarmonicOscillatorSolution ("harmonic_oscillator"): one sphere pressed between two parallel
// plane walls facing each other, both contacts closed for the whole run, so the linear springs
// and dashpots add up to one damped oscillator along the walls' normal:
//   m y'' + (cn1 + cn2) y' + (kn1 + kn2) y = 0,  y = u - u_eq,
// u the centre's height over wall 1, u_eq where the springs (and gravity along the normal, if
// any) balance. Without damping (restitution 1) it is the undamped w = sqrt((kn1 + kn2) / m).
// Assumptions checked: one sphere, two walls with opposite normals, velocity and gravity along
// the normal, no spin, no damping, linear contacts, and the amplitude bound
// sqrt(y0^2 + m v0^2 / k) (energy never grows) below both walls' pre-compression at u_eq.
#include "analysis/AnalyticSolution.h"
#include "analysis/DampedOscillator.h"
#include "model/World.h"
#include "sim/SimParams.h"

namespace tumble {

class HarmonicOscillatorSolution : public AnalyticSolution {
public:
    /// listedBodies: bodies listed in the file (for error paths). Throws AnalyticAssumptionError.
    HarmonicOscillatorSolution(const World& world, const SimParams& params, std::size_t listedBodies);

    std::string type() const override { return "harmonic_oscillator"; }
    AnalyticMeasure measure() const override { return AnalyticMeasure::Position; }
    std::vector<Vec3> positions(double t) const override;
    std::vector<Quat> orientations(double t) const override;
    std::vector<Vec3> velocities(double t) const override;
    std::vector<Vec3> angularVelocities(double t) const override;

    const DampedOscillator& oscillator() const { return m_osc; }
    double mass() const { return m_mass; }       ///< kg
    double stiffness() const { return m_k; }     ///< kn1 + kn2, N/m
    double damping() const { return m_c; }       ///< cn1 + cn2, N s/m
    double equilibrium() const { return m_ueq; } ///< u_eq, m over wall 1
    /// The centre at rest between the walls, x0 + (u_eq - u0) n, m.
    Vec3 equilibriumPosition() const { return m_x0 + (m_ueq - m_u0) * m_n; }
    /// The walls' normal n (wall 1's), along which the sphere moves.
    const Vec3& normal() const { return m_n; }

private:
    Vec3 m_x0, m_n;
    Quat m_q0;
    double m_mass = 0.0, m_k = 0.0, m_c = 0.0, m_u0 = 0.0, m_ueq = 0.0;
    DampedOscillator m_osc;
};

} // namespace tumble
