#pragma once
// AnalyticSolution: the exact motion of a scene that declares one ("analytic": {"type": ...}),
// which the convergence sweep measures integrators against instead of an rk4 reference.
//
// Each solution takes every parameter from the loaded scene (masses, radii, the contact law as
// ContactParams builds it, walls, gravity, the initial state) and refuses a scene that breaks
// its assumptions with an AnalyticAssumptionError naming the JSON path and the problem.
#include <stdexcept>
#include <string>
#include <vector>

#include "math/Types.h"

namespace tumble {

/// What the sweep compares: centre positions (m) or orientations (rad).
enum class AnalyticMeasure { Position, Angle };

/// A scene that does not satisfy a closed form's assumptions. jsonPath points into the scene
/// file ("/walls", "/bodies/0/velocity", "/materials/0/contact/friction").
class AnalyticAssumptionError : public std::runtime_error {
public:
    AnalyticAssumptionError(std::string jsonPath, const std::string& problem)
        : std::runtime_error(problem), m_path(std::move(jsonPath))
    {
    }
    const std::string& jsonPath() const { return m_path; }

private:
    std::string m_path;
};

class AnalyticSolution {
public:
    virtual ~AnalyticSolution() = default;
    /// The scene-file name of the solution, e.g. "harmonic_oscillator".
    virtual std::string type() const = 0;
    /// Position for translational closed forms, Angle for torque-free rotation.
    virtual AnalyticMeasure measure() const = 0;
    /// Every body's exact centre of mass at time t (s), m, in body order.
    virtual std::vector<Vec3> positions(double t) const = 0;
    /// Every body's exact orientation (principal frame -> world) at time t (s).
    virtual std::vector<Quat> orientations(double t) const = 0;
    /// Every body's exact centre-of-mass velocity at time t (s), m/s, in body order.
    virtual std::vector<Vec3> velocities(double t) const = 0;
    /// Every body's exact angular velocity in the world frame at time t (s), rad/s, in body order.
    virtual std::vector<Vec3> angularVelocities(double t) const = 0;
};

} // namespace tumble
