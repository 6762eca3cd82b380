#include "TorqueFreeMotion.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include "analysis/JacobiElliptic.h"
#include "math/QuaternionOps.h"

namespace tumble {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPanel = 0.25; // quadrature panel width in tau (dimensionless time)
constexpr int kNodes = 10;

struct GaussLegendre {
    std::array<double, kNodes> x{}, w{};
    GaussLegendre()
    {
        // roots of P_10 by Newton's method from Chebyshev guesses; w = 2 / ((1 - x^2) P'(x)^2)
        for (int i = 0; i < kNodes; ++i) {
            double z = std::cos(std::numbers::pi * (i + 0.75) / (kNodes + 0.5));
            double dp = 0.0;
            for (int it = 0; it < 100; ++it) {
                double p0 = 1.0, p1 = z;
                for (int k = 2; k <= kNodes; ++k) {
                    const double p2 = ((2.0 * k - 1.0) * z * p1 - (k - 1.0) * p0) / k;
                    p0 = p1;
                    p1 = p2;
                }
                dp = kNodes * (z * p1 - p0) / (z * z - 1.0);
                const double step = p1 / dp;
                z -= step;
                if (std::abs(step) < 1e-16)
                    break;
            }
            x[std::size_t(i)] = z;
            w[std::size_t(i)] = 2.0 / ((1.0 - z * z) * dp * dp);
        }
    }
};

const GaussLegendre& gaussLegendre()
{
    static const GaussLegendre rule;
    return rule;
}

Quat aboutZ(double angle)
{
    return Quat(Eigen::AngleAxisd(angle, Vec3::UnitZ()));
}
Quat aboutX(double angle)
{
    return Quat(Eigen::AngleAxisd(angle, Vec3::UnitX()));
}

bool nearlyEqual(double a, double b)
{
    return std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b));
}

} // namespace

TorqueFreeMotion::TorqueFreeMotion(const Vec3& moments, const Quat& q0, const Vec3& angularMomentum)
    : m_j(moments), m_q0(q0.normalized()), m_l(angularMomentum)
{
    const Vec3 lb = m_q0.conjugate() * m_l;
    m_twoT = lb.dot(lb.cwiseQuotient(m_j));
    const double l = m_l.norm();
    m_period = kInf;

    // steady rotation: at rest, a spherical body, or L along a principal axis
    if (l == 0.0) {
        m_kind = Kind::Steady;
        return;
    }
    if (nearlyEqual(m_j.x(), m_j.y()) && nearlyEqual(m_j.y(), m_j.z())) {
        m_kind = Kind::Steady;
        m_omegaSteady = m_l / m_j.y();
        return;
    }
    for (int i = 0; i < 3; ++i) {
        Vec3 off = lb;
        off[i] = 0.0;
        if (off.norm() <= 1e-13 * l) {
            m_kind = Kind::Steady;
            m_omegaSteady = m_l / m_j[i];
            return;
        }
    }

    // symmetric top: two equal moments J_a, symmetry axis c
    const int c = nearlyEqual(m_j.x(), m_j.y()) ? 2 : nearlyEqual(m_j.y(), m_j.z()) ? 0 : -1;
    if (c >= 0) {
        m_kind = Kind::SymmetricTop;
        const double ja = c == 2 ? 0.5 * (m_j.x() + m_j.y()) : 0.5 * (m_j.y() + m_j.z());
        const double wc = lb[c] / m_j[c];
        const double precession = (m_j[c] - ja) / ja * wc; // W, rad/s
        m_omegaSteady = m_l / ja;
        m_bodySpin = Vec3::Zero();
        m_bodySpin[c] = -precession;
        if (precession != 0.0)
            m_period = 2.0 * std::numbers::pi / std::abs(precession);
        return;
    }

    // asymmetric top: call the axis the polhode circles 3 (relabel 1 <-> 3 by a proper rotation)
    m_kind = Kind::Asymmetric;
    const double l2 = l * l;
    if (l2 < m_twoT * m_j.y()) {
        m_relabel << 0, 0, 1, 0, -1, 0, 1, 0, 0;
        m_i = Vec3(m_j.z(), m_j.y(), m_j.x());
    } else {
        m_i = m_j;
    }
    const Vec3 lr = m_relabel * lb;
    const Vec3 wr = lr.cwiseQuotient(m_i);
    const double i1 = m_i.x(), i2 = m_i.y(), i3 = m_i.z();
    const double upper = m_twoT * i3 - l2; // same sign as (i3 - i1)
    const double lower = l2 - m_twoT * i1; // likewise
    m_a1 = std::sqrt(std::max(0.0, upper / (i1 * (i3 - i1))));
    m_a2 = std::sqrt(std::max(0.0, upper / (i2 * (i3 - i2))));
    m_a3 = std::sqrt(std::max(0.0, lower / (i3 * (i3 - i1))));
    m_lambda = std::sqrt(std::max(0.0, (i3 - i2) * lower / (i1 * i2 * i3)));
    m_m = std::clamp((i2 - i1) * upper / ((i3 - i2) * lower), 0.0, 1.0);
    // w3 = A3 dn never changes sign; with w2 = +A2 sn, Euler's equations then fix
    // sign(w1) = sign(I3 - I2) sign(w3) (the relabelled moments descend)
    const double s3 = wr.z() >= 0.0 ? 1.0 : -1.0;
    m_a1 *= i3 > i2 ? s3 : -s3;
    m_a3 *= s3;
    m_u0 = ellipticF(std::atan2(wr.y() / m_a2, wr.x() / m_a1), m_m);
    m_k = ellipticK(m_m);
    if (std::isfinite(m_k))
        m_period = 4.0 * m_k / m_lambda;

    // Euler angles (z-x-z) about L: L_body / |L| = (sin th sin psi, sin th cos psi, cos th)
    const double psi0 = std::atan2(lr.x(), lr.y());
    const double theta0 = std::atan2(std::hypot(lr.x(), lr.y()), lr.z());
    m_frame = m_q0 * Quat(m_relabel).conjugate() * (aboutX(theta0) * aboutZ(psi0)).conjugate();
    if (std::isfinite(m_k))
        m_precessionPerPeriod = integratePrecession(0.0, 2.0 * m_k);
}

double TorqueFreeMotion::flipInterval() const
{
    return m_kind == Kind::Asymmetric && std::isfinite(m_k) ? 2.0 * m_k / m_lambda : kInf;
}

Vec3 TorqueFreeMotion::angularVelocityBody(double t) const
{
    if (m_kind != Kind::Asymmetric)
        return (orientation(t).conjugate() * m_l).cwiseQuotient(m_j);
    const JacobiSnCnDn e = jacobiSnCnDn(m_u0 + m_lambda * t, m_m);
    const Vec3 wr(m_a1 * e.cn, m_a2 * e.sn, m_a3 * e.dn);
    return m_relabel.transpose() * wr;
}

Vec3 TorqueFreeMotion::angularVelocity(double t) const
{
    if (m_kind == Kind::Steady)
        return m_omegaSteady;
    return orientation(t) * angularVelocityBody(t);
}

Quat TorqueFreeMotion::orientation(double t) const
{
    switch (m_kind) {
    case Kind::Steady:
        return (rotationQuaternion(m_omegaSteady * t) * m_q0).normalized();
    case Kind::SymmetricTop:
        return (rotationQuaternion(m_omegaSteady * t) * m_q0 * rotationQuaternion(m_bodySpin * t)).normalized();
    case Kind::Asymmetric:
        break;
    }
    const JacobiSnCnDn e = jacobiSnCnDn(m_u0 + m_lambda * t, m_m);
    const Vec3 lr = m_i.cwiseProduct(Vec3(m_a1 * e.cn, m_a2 * e.sn, m_a3 * e.dn));
    const double psi = std::atan2(lr.x(), lr.y());
    const double theta = std::atan2(std::hypot(lr.x(), lr.y()), lr.z());
    return (m_frame * aboutZ(precessionAngle(t)) * aboutX(theta) * aboutZ(psi) * Quat(m_relabel)).normalized();
}

double TorqueFreeMotion::precessionRate(double tau) const
{
    const JacobiSnCnDn e = jacobiSnCnDn(tau, m_m);
    const double w1 = m_a1 * e.cn, w2 = m_a2 * e.sn;
    const double i1 = m_i.x(), i2 = m_i.y();
    const double num = i1 * w1 * w1 + i2 * w2 * w2;
    const double den = i1 * i1 * w1 * w1 + i2 * i2 * w2 * w2;
    return den > 0.0 ? m_l.norm() * num / den : m_l.norm() / m_i.z();
}

double TorqueFreeMotion::integratePrecession(double tau0, double tau1) const
{
    const GaussLegendre& gl = gaussLegendre();
    const double span = tau1 - tau0;
    const int panels = std::max(1, int(std::ceil(std::abs(span) / kPanel)));
    const double h = span / panels;
    double sum = 0.0;
    for (int p = 0; p < panels; ++p) {
        const double mid = tau0 + (p + 0.5) * h;
        double panel = 0.0;
        for (int k = 0; k < kNodes; ++k)
            panel += gl.w[std::size_t(k)] * precessionRate(mid + 0.5 * h * gl.x[std::size_t(k)]);
        sum += 0.5 * h * panel;
    }
    return sum / m_lambda; // dt = dtau / lambda
}

double TorqueFreeMotion::precessionAngle(double t) const
{
    const double tau1 = m_u0 + m_lambda * t;
    if (!std::isfinite(m_k))
        return integratePrecession(m_u0, tau1);
    // phi' has period 2K in tau: whole periods at once, the rest by quadrature
    const double periods = std::floor((tau1 - m_u0) / (2.0 * m_k));
    const double start = m_u0 + periods * 2.0 * m_k;
    return periods * m_precessionPerPeriod + integratePrecession(start, tau1);
}

} // namespace tumble
