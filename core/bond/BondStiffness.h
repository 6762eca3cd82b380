#pragma once
// BondStiffness: the four stiffnesses of a Wang (2008) bond, one per mode of relative motion.
#include <string>

namespace tumble {

struct BondStiffness {
    double kn = 0.0; ///< normal (stretch), N/m
    double ks = 0.0; ///< shear, at the bond's contact point, N/m
    double kt = 0.0; ///< twisting, N m/rad
    double kb = 0.0; ///< bending, N m/rad

    /// An empty string when every stiffness is finite and >= 0, else what is wrong.
    std::string problem() const;
};

} // namespace tumble
