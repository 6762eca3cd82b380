#include "session/TorqueFreeGhost.h"

namespace tumble::ui {

bool TorqueFreeGhost::start(const FrameSnapshot& s, int body)
{
    stop();
    const BodyState* b = s.bodyState(body);
    if (!b || !isFinite(*b) || !s.scene)
        return false;
    m_motion = std::make_unique<TorqueFreeMotion>(b->moments, b->orientation, b->angularMomentum);
    m_body = body;
    m_revision = s.scene->revision;
    m_t0 = s.time;
    m_l0 = b->angularMomentum;
    m_state = *b;
    m_exact = b->orientation;
    m_angle = 0.0;
    m_times.assign(1, s.time);
    m_angles.assign(1, 0.0);
    return true;
}

void TorqueFreeGhost::stop()
{
    m_motion.reset();
    m_body = -1;
    m_torqueTime.reset();
    m_times.clear();
    m_angles.clear();
}

void TorqueFreeGhost::update(const FrameSnapshot& s)
{
    if (!m_motion)
        return;
    const BodyState* b = s.bodyState(m_body);
    if (!s.scene || s.scene->revision != m_revision || s.time < m_times.back() || !b) {
        stop();
        return;
    }
    if (!isFinite(*b) || s.time == m_times.back())
        return;
    m_state = *b;
    m_exact = m_motion->orientation(s.time - m_t0);
    m_angle = m_exact.angularDistance(b->orientation);
    if (!m_torqueTime && (b->angularMomentum - m_l0).norm() > kTorqueTolerance * m_l0.norm())
        m_torqueTime = s.time;
    if (m_times.size() >= kMaxSamples) {
        // keep every other sample: the plot keeps its shape, memory stays bounded
        std::size_t k = 0;
        for (std::size_t i = 0; i < m_times.size(); i += 2, ++k) {
            m_times[k] = m_times[i];
            m_angles[k] = m_angles[i];
        }
        m_times.resize(k);
        m_angles.resize(k);
    }
    m_times.push_back(s.time);
    m_angles.push_back(m_angle);
}

} // namespace tumble::ui
