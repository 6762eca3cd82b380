#include "sim/StepMotionRecord.h"

#include <algorithm>
#include <cmath>

namespace tumble {

void StepMotionRecord::resize(std::size_t n)
{
    m_displacement.assign(n, Vec3::Zero());
    m_rotation.assign(n, Vec3::Zero());
    if (!m_startPosition.empty())
        keepStartPoses();
}

void StepMotionRecord::keepStartPoses()
{
    m_startPosition.resize(m_displacement.size());
    m_startOrientation.resize(m_displacement.size());
}

void StepMotionRecord::markStart(const World& w, std::size_t b0, std::size_t b1)
{
    std::copy(w.position.begin() + b0, w.position.begin() + b1, m_startPosition.begin() + b0);
    std::copy(w.orientation.begin() + b0, w.orientation.begin() + b1, m_startOrientation.begin() + b0);
}

void StepMotionRecord::update(const World& w, std::size_t begin, std::size_t end, bool rotationKnown)
{
    for (std::size_t i = begin; i < end; ++i)
        m_displacement[i] = w.position[i] - m_startPosition[i];
    if (rotationKnown)
        return; // the rotation scheme gave the rotation vectors
    for (std::size_t i = begin; i < end; ++i) {
        if (w.orientation[i].coeffs() == m_startOrientation[i].coeffs()) {
            m_rotation[i].setZero(); // did not turn (a sphere without friction)
            continue;
        }
        // rotation vector of q q0*, the short way round: 2 atan2(s, c) / s times its vector part
        Quat dq = w.orientation[i] * m_startOrientation[i].conjugate();
        if (dq.w() < 0.0)
            dq.coeffs() = -dq.coeffs();
        const double s2 = dq.vec().squaredNorm();
        const double c = dq.w();
        double scale;
        if (s2 < 1e-6 * c * c) {
            // a step's rotation is small: atan(x)/x = 1 - x^2/3 + x^4/5 (error x^6/7 < 1e-18)
            const double x2 = s2 / (c * c);
            scale = 2.0 / c * (1.0 - x2 / 3.0 + x2 * x2 / 5.0);
        } else {
            const double s = std::sqrt(s2);
            scale = 2.0 * std::atan2(s, c) / s;
        }
        m_rotation[i] = dq.vec() * scale;
    }
}

} // namespace tumble
