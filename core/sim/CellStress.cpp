#include "sim/CellStress.h"

#include <cmath>

namespace tumble {

CellStress cellStress(const World& w, const Mat3& virial, double dt)
{
    const PeriodicCell& cell = *w.cell;
    CellStress s;
    s.volume = cell.volume();
    const Mat3& l = cell.gradient();
    Mat3 kinetic = Mat3::Zero();
    const bool half = w.velocityTiming == VelocityTiming::HalfStep;
    for (std::size_t i = 0; i < w.size(); ++i) {
        // on-step velocity (a leapfrog's is half a step back: v + a dt/2), less the medium's
        const Vec3 v = half ? Vec3(w.velocity[i] + w.force[i] * (0.5 * dt * w.invMass[i])) : w.velocity[i];
        const Vec3 u = v - l * w.position[i];
        kinetic.noalias() += w.mass[i] * u * u.transpose();
    }
    s.contact = -virial / s.volume;
    s.kinetic = -kinetic / s.volume;
    s.sigma = s.contact + s.kinetic;
    s.pressure = -s.sigma.trace() / 3.0;
    const Mat3 sym = 0.5 * (s.sigma + s.sigma.transpose());
    const Mat3 dev = sym - (sym.trace() / 3.0) * Mat3::Identity();
    s.deviator = std::sqrt(1.5 * dev.cwiseProduct(dev).sum());
    s.strain = cell.deformation() - Mat3::Identity();
    return s;
}

} // namespace tumble
