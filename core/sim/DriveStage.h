#pragma once
// DriveStage: holds fixed and driven bodies (World::motion) on their prescribed motion, the last
// stage. A held body feels every load like any other (its bonds and contacts push back on their
// free partners), and a constraint load cancels their sum, so its velocity and angular momentum
// never change under any scheme: a fixed body stays where it is, bit for bit, and a driven one
// moves at its velocity and turns at its angular velocity (a sphere's). The constraint load goes
// to channel kDrive (N, N m); its work, booked as the ledger's external work (J), is the energy
// the drive puts in. Damping is a device for free bodies: a held body's damping load is taken
// back out first, so the drive does not work against it.
#include <cstddef>
#include <string_view>

#include "model/World.h"

namespace tumble {

class DriveStage {
public:
    static constexpr std::string_view kName = "drive";

    /// Whether the next evaluations hold some body (the world has fixed or driven bodies).
    void set(bool on) { m_on = on; }
    bool on() const { return m_on; }

    /// The stage's finishing term bound to one world for one pass: finish(i) cancels body i's
    /// load if it is held and records the constraint load in channel kDrive.
    struct Finish {
        const BodyMotion* motion; // null while no body is held (another stage's term is on)
        Vec3* force;              // N
        Vec3* torque;             // N m
        Vec3* driveForce;         // N, channel kDrive
        Vec3* driveTorque;        // N m
        Vec3* dampForce[2];       // N, channels kLocalDamping and kViscous (null when off)
        Vec3* dampTorque[2];      // N m

        [[gnu::always_inline]] inline void finish(std::size_t i) const
        {
            if (!motion || motion[i] == BodyMotion::Free)
                return;
            for (int c = 0; c < 2; ++c) {
                if (!dampForce[c])
                    continue;
                force[i] -= dampForce[c][i];
                torque[i] -= dampTorque[c][i];
                dampForce[c][i].setZero();
                dampTorque[c][i].setZero();
            }
            driveForce[i] = -force[i];
            driveTorque[i] = -torque[i];
            force[i].setZero();
            torque[i].setZero();
        }
    };
    Finish finishing(World& w) const
    {
        const bool local = !w.dissipativeForce[kLocalDamping].empty();
        const bool viscous = !w.dissipativeForce[kViscous].empty();
        return Finish{m_on ? w.motion.data() : nullptr,
                      w.force.data(),
                      w.torque.data(),
                      w.dissipativeForce[kDrive].data(),
                      w.dissipativeTorque[kDrive].data(),
                      {local ? w.dissipativeForce[kLocalDamping].data() : nullptr,
                       viscous ? w.dissipativeForce[kViscous].data() : nullptr},
                      {local ? w.dissipativeTorque[kLocalDamping].data() : nullptr,
                       viscous ? w.dissipativeTorque[kViscous].data() : nullptr}};
    }

private:
    bool m_on = false;
};

} // namespace tumble
