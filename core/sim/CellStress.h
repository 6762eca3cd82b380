#pragma once
// CellStress: the stress of the assembly in a periodic cell (docs/PERIODIC.md "Stress"),
//   sigma = -(W + sum_i m_i u_i (x) u_i) / V,
// W the contacts' virial sum_c f_c (x) l_c (ContactSums::virial), u_i = v_i - L x_i the
// fluctuation velocities, V the cell's volume; tension positive, so a compressed packing has a
// positive pressure p = -tr(sigma) / 3.
#include "math/Types.h"
#include "model/World.h"

namespace tumble {

struct CellStress {
    Mat3 sigma = Mat3::Zero();   ///< Pa, tension positive; not symmetric while torques act
    Mat3 contact = Mat3::Zero(); ///< Pa, the contacts' part -W / V
    Mat3 kinetic = Mat3::Zero(); ///< Pa, the fluctuation velocities' part
    double pressure = 0.0;       ///< -tr(sigma) / 3, Pa
    double deviator = 0.0;       ///< sqrt(3/2 s:s), s the deviator of sigma's symmetric part, Pa
    double volume = 0.0;         ///< m^3
    Mat3 strain = Mat3::Zero();  ///< F - I, the cell's displacement gradient since the start, -
};

/// The stress in w's cell (which it must have) from the contacts' virial (N m) of the last
/// evaluation and the bodies' velocities (on-step ones: dt in s moves half-step velocities on).
CellStress cellStress(const World& w, const Mat3& virial, double dt);

} // namespace tumble
