#pragma once
// TorqueFreeMotion: the exact rotation of a rigid body on which no torque acts (Euler's
// equations solved in closed form), the reference the GUI's ghost and the tests compare
// integrators against.
//
// Design note. With no torque, L is fixed in the world frame and the kinetic energy T is
// constant; the body-frame angular velocity follows from J, T and |L| alone.
// - Spherical body (J1 = J2 = J3) or a spin about a principal axis: steady rotation,
//   q(t) = exp(t w) q0.
// - Symmetric top (two equal moments J_a, symmetry axis c): q(t) = exp(t L / J_a) q0 exp(-t W e_c)
//   with W = (J_c - J_a) / J_a w_c, a rotation about the fixed L composed with the body's
//   precession about its own axis.
// - Asymmetric top (J1 < J2 < J3): Landau & Lifshitz, Mechanics, section 37. With the axis the
//   polhode circles called 3 (axis 3 when L^2 > 2 T J2, otherwise axis 1, relabelled by a proper
//   rotation), w1 = A1 cn(tau), w2 = A2 sn(tau), w3 = A3 dn(tau), tau = lambda t + u0, parameter
//   m = (J2 - J1)(2 T J3 - L^2) / ((J3 - J2)(L^2 - 2 T J1)). The orientation is given by
//   Euler angles about L: theta and psi follow from L_body = J w, and the precession angle
//   phi' = |L| (J1 w1^2 + J2 w2^2) / (J1^2 w1^2 + J2^2 w2^2) is integrated by composite
//   10-point Gauss-Legendre on panels 1/4 wide in tau (the integrand's nearest complex
//   singularity is at least pi/2 away in tau, so each panel is exact to rounding), one period
//   once and the remainder per call.
// Moments are principal and ascending (World's convention); q rotates the principal frame into
// the world frame.
#include "math/Types.h"

namespace tumble {

class TorqueFreeMotion {
public:
    enum class Kind { Steady, SymmetricTop, Asymmetric };

    /// moments: principal J1 <= J2 <= J3, kg m^2; q0: orientation at t = 0; angularMomentum:
    /// L in the world frame, kg m^2/s (about the centre of mass).
    TorqueFreeMotion(const Vec3& moments, const Quat& q0, const Vec3& angularMomentum);

    /// Orientation at time t (s after the start).
    Quat orientation(double t) const;
    /// Angular velocity in the principal frame at time t, rad/s.
    Vec3 angularVelocityBody(double t) const;
    /// Angular velocity in the world frame at time t, rad/s.
    Vec3 angularVelocity(double t) const;

    Kind kind() const { return m_kind; }
    const Vec3& angularMomentum() const { return m_l; }
    /// Rotational kinetic energy 1/2 w.L, J.
    double energy() const { return 0.5 * m_twoT; }
    /// Period of the body-frame angular velocity, s (+inf for steady rotation and on the
    /// separatrix; for a symmetric top 2 pi / |W|).
    double period() const { return m_period; }
    /// Asymmetric top: time between successive sign changes of the intermediate-axis component
    /// w2 (the Dzhanibekov flips), half the period, s; +inf when w2 never changes sign.
    double flipInterval() const;
    /// Asymmetric top: the elliptic parameter m = k^2 (0 otherwise).
    double parameter() const { return m_m; }

private:
    double precessionAngle(double t) const;                     // phi(t) - phi(0), rad
    double precessionRate(double tau) const;                    // phi' at dimensionless time tau, rad/s
    double integratePrecession(double tau0, double tau1) const; // int phi' dt over tau0..tau1

    Kind m_kind = Kind::Steady;
    Vec3 m_j; // principal moments as given, kg m^2
    Quat m_q0;
    Vec3 m_l;            // world, kg m^2/s
    double m_twoT = 0.0; // J
    double m_period = 0.0;

    // steady: w (world); symmetric top: L / J_a and the body precession W e_c
    Vec3 m_omegaSteady = Vec3::Zero();
    Vec3 m_bodySpin = Vec3::Zero();

    // asymmetric, in the relabelled frame
    Mat3 m_relabel = Mat3::Identity();                       // principal -> relabelled (a proper rotation)
    Vec3 m_i;                                                // relabelled moments I1, I2, I3
    double m_a1 = 0.0, m_a2 = 0.0, m_a3 = 0.0;               // amplitudes, rad/s (signs included)
    double m_lambda = 0.0, m_u0 = 0.0, m_m = 0.0, m_k = 0.0; // 1/s, -, -, K(m)
    Quat m_frame;                                            // Euler-angle reference frame -> world (z along L)
    double m_precessionPerPeriod = 0.0;                      // phi over 2K in tau, rad
};

} // namespace tumble
