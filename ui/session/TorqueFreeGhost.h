#pragma once
// TorqueFreeGhost: the exact torque-free motion of one body, started from its simulated state
// when the user asks, followed frame by frame beside the simulation.
//
// Design note. GUI-side and cheap: TorqueFreeMotion (core/analysis) gives the exact orientation
// at any time from the start state (J, q0, L), so each frame costs one closed-form evaluation and
// the worker is not involved. The ghost sits at the simulated centre of mass (translation is not
// what it checks) with the exact orientation; the angle between the two orientations is sampled
// per frame for the drift plot. With no torque every scheme keeps L fixed in the world frame
// to rounding, so a change of L by more than 1e-9 |L| means a torque acted (a contact, damping):
// from then on the exact motion no longer applies and the ghost says so instead of drifting
// silently. A new scene, a reset (time going back) or the body vanishing stops it.
#include <memory>
#include <optional>
#include <vector>

#include "analysis/TorqueFreeMotion.h"
#include "session/FrameSnapshot.h"

namespace tumble::ui {

class TorqueFreeGhost {
public:
    /// Relative change of L above which a torque is taken to have acted.
    static constexpr double kTorqueTolerance = 1e-9;
    /// Drift samples kept; older ones are thinned by half when full.
    static constexpr std::size_t kMaxSamples = 8192;

    /// Starts the exact motion from body b's state in s; false when s does not carry it.
    bool start(const FrameSnapshot& s, int body);
    void stop();
    bool active() const { return m_motion != nullptr; }
    int body() const { return m_body; }
    double startTime() const { return m_t0; } ///< s

    /// Follows snapshot s: the exact orientation at s.time and one drift sample. Stops when the
    /// scene changed, time went back or the body is gone.
    void update(const FrameSnapshot& s);

    /// The exact orientation at the last update.
    const Quat& exactOrientation() const { return m_exact; }
    /// The simulated state at the last update.
    const BodyState& simulated() const { return m_state; }
    /// Angle between the simulated and the exact orientation at the last update, rad.
    double angle() const { return m_angle; }
    /// Time at which a torque was first seen (s), if one acted.
    std::optional<double> torqueTime() const { return m_torqueTime; }
    const TorqueFreeMotion* motion() const { return m_motion.get(); }

    /// Drift samples: simulated time (s) and angle (rad), oldest first.
    const std::vector<double>& times() const { return m_times; }
    const std::vector<double>& angles() const { return m_angles; }

private:
    std::unique_ptr<TorqueFreeMotion> m_motion;
    int m_body = -1;
    long long m_revision = -1;
    double m_t0 = 0.0;
    Vec3 m_l0 = Vec3::Zero();
    BodyState m_state;
    Quat m_exact = Quat::Identity();
    double m_angle = 0.0;
    std::optional<double> m_torqueTime;
    std::vector<double> m_times, m_angles;
};

} // namespace tumble::ui
