#pragma once
// StepMotionRecord: each body's pose at the start of the step and its motion since then, the
// displacement (m) and rotation vector (rad). The contact springs take their increments from
// the motion (so they follow the step the integrator really took, RK4 stages too), and the
// trapezoidal work of the dissipative loads is taken over it.
#include <cstddef>
#include <vector>

#include "contact/ContactForces.h"
#include "model/World.h"

namespace tumble {

class StepMotionRecord {
public:
    /// Buffers for n bodies' motion, zero. The start poses are kept only once keepStartPoses()
    /// asks for them: the fused passes never read them (56 B per body they would not use).
    void resize(std::size_t n);
    /// Room for the start poses of the resize()d bodies (allocates the first time only); the
    /// caller does it before markStart() or update() run, outside the chunk passes.
    void keepStartPoses();

    /// Remembers the pose of bodies [begin, end) as the start of the step (keepStartPoses first).
    void markStart(const World& w, std::size_t begin, std::size_t end);
    void markStart(const World& w) { markStart(w, 0, w.size()); }

    /// The motion of bodies [begin, end) from the start pose to the current one; with
    /// rotationKnown the rotation scheme has written the rotation vectors already.
    void update(const World& w, std::size_t begin, std::size_t end, bool rotationKnown);
    void update(const World& w) { update(w, 0, w.size(), false); }

    StepMotion view() const { return StepMotion{m_displacement, m_rotation}; }
    std::vector<Vec3>& displacement() { return m_displacement; } ///< (n) m
    std::vector<Vec3>& rotation() { return m_rotation; }         ///< (n) rad, rotation vectors
    const std::vector<Vec3>& displacement() const { return m_displacement; }
    const std::vector<Vec3>& rotation() const { return m_rotation; }

private:
    std::vector<Vec3> m_startPosition;    // (n) m
    std::vector<Quat> m_startOrientation; // (n)
    std::vector<Vec3> m_displacement;     // (n) m
    std::vector<Vec3> m_rotation;         // (n) rad
};

} // namespace tumble
