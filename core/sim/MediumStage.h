#pragma once
// MediumStage: the torque that keeps a clump's spin relative to a turning medium changing only
// through the real torques (the medium-carried model; docs/PERIODIC.md "Clumps in a turning
// medium"). Its angular momentum relative to the medium, l_f = I(q) (w - w_L), obeys
// dl_f/dt = T; the lab angular momentum l = l_f + I(q) w_L the schemes integrate then obeys
// dl/dt = T + (dI/dt) w_L = T + w x (I w_L) - I (w x w_L). That extra torque vanishes for an
// isotropic body (spheres get none: the stage skips them, so their bits do not change), and is
// what turns a clump at rest in the medium with it. Woo's own code leaves clumps out of the spin
// correction; Tumble does not. The torque goes to channel kMedium too (N m): its work on the
// spin relative to the medium, booked as the scheme applies it, plus the state's term
// -w_f . (w_L x I w_L) (Simulation::cellPower) is the energy the medium moves into the clump,
// w_L . (w_f x l_f), as external work (docs/PERIODIC.md).
#include <cstddef>
#include <string_view>

#include "math/QuaternionOps.h"
#include "model/World.h"

namespace tumble {

class MediumStage {
public:
    static constexpr std::string_view kName = "medium";

    /// Whether the next evaluations add the torque (a turning medium-carried cell with clumps).
    void set(bool on) { m_on = on; }
    bool on() const { return m_on; }

    /// The stage's finishing term bound to one world for one pass: finish(i) adds the medium's
    /// torque (N m) on body i if it is a clump.
    struct Finish {
        const BodyType* type;        // null while off (another stage's term is on)
        const Vec3* angularVelocity; // rad/s
        const Vec3* inertia;         // kg m^2, principal
        const Quat* orientation;     // -
        Vec3* torque;                // N m
        Vec3* mediumTorque;          // N m, channel kMedium
        Vec3 spin = Vec3::Zero();    // rad/s, the medium's

        [[gnu::always_inline]] inline void finish(std::size_t i) const
        {
            if (!type || type[i] != BodyType::Clump)
                return;
            const Vec3& w = angularVelocity[i];
            const Vec3 t = w.cross(angularMomentum(inertia[i], orientation[i], spin)) -
                           angularMomentum(inertia[i], orientation[i], w.cross(spin));
            torque[i] += t;
            mediumTorque[i] = t;
        }
    };
    /// (The world's kMedium channel must be sized while on: Simulation does it.)
    Finish finishing(World& w) const
    {
        return Finish{m_on ? w.type.data() : nullptr,
                      w.angularVelocity.data(),
                      w.inertia.data(),
                      w.orientation.data(),
                      w.torque.data(),
                      m_on ? w.dissipativeTorque[kMedium].data() : nullptr,
                      w.medium.spin};
    }

private:
    bool m_on = false;
};

} // namespace tumble
