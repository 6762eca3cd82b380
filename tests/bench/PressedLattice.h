#pragma once
// The benchmarks' pressed lattice: side^3 glass spheres (R = 5 mm) in a simple cubic lattice of
// spacing 9.9 mm, every neighbour pair pressed 0.1 mm together (3 side^2 (side - 1) contacts),
// no gravity, run with the pfc preset at dt = 1 us.
#include "sim/Simulation.h"

namespace tumble::bench {

inline Simulation pressedLattice(int side)
{
    World w;
    Material glass;
    glass.density = 2500.0;
    w.materials.push_back(glass);
    w.gravity = Vec3::Zero();
    for (int z = 0; z < side; ++z)
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x)
                w.addSphere(0, 0.005, 0.0099 * Vec3(x, y, z), Vec3::Zero(), Vec3::Zero());
    SimParams params;
    params.translation = "velocity_verlet";
    params.rotation = "buss_2nd_order";
    params.dt = 1e-6;
    return Simulation(std::move(w), params);
}

} // namespace tumble::bench
