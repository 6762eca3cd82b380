#include "session/CellState.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sim/Simulation.h"

namespace tumble::ui {

CellState cellState(const Simulation& sim, const std::vector<Vec3>& velocity)
{
    const World& w = sim.world();
    const PeriodicCell& cell = *w.cell;
    CellState c;
    c.vectors = cell.vectors();
    c.gradient = cell.gradient();
    c.model = cell.model();
    c.periodic = cell.periodic();

    const CellStress stress = sim.cellStress();
    c.strain = stress.strain;
    c.volume = stress.volume;
    c.stress = stress.sigma;
    c.pressure = stress.pressure;
    c.deviator = stress.deviator;

    // the profile: each body at its image inside the cell (along the periodic axes), with that
    // image's velocity, binned by its fractional coordinate along b
    constexpr std::size_t bins = CellState::kProfileBins;
    std::array<double, bins> sum{};
    double offset = 0.0; // m/s, sum of v_x - (L x)_x over the binned bodies
    int binned = 0;
    for (std::size_t i = 0; i < w.size() && i < velocity.size(); ++i) {
        const ImageShift n = cell.wrapShift(w.position[i]);
        const Vec3 x = w.position[i] - cell.shift(n);
        const double vx = velocity[i].x() - cell.shiftVelocity(n).x();
        const double s = cell.fractional(x).y();
        if (!std::isfinite(s) || !std::isfinite(vx))
            continue;
        // along a side that does not repeat, bodies beyond it count in the end bins
        const auto k = static_cast<std::size_t>(std::clamp(std::floor(s * double(bins)), 0.0, double(bins - 1)));
        sum[k] += vx;
        ++c.binCount[k];
        offset += vx - c.mediumVelocity(x).x();
        ++binned;
    }
    offset = binned > 0 ? offset / binned : 0.0;
    for (std::size_t k = 0; k < bins; ++k) {
        const Vec3 centre = c.vectors * Vec3(0.5, (double(k) + 0.5) / double(bins), 0.5);
        c.binY[k] = centre.y();
        c.mediumVx[k] = c.mediumVelocity(centre).x() + offset;
        c.meanVx[k] = c.binCount[k] > 0 ? sum[k] / c.binCount[k] : std::numeric_limits<double>::quiet_NaN();
    }
    return c;
}

const char* cellModelName(CellModel model)
{
    return model == CellModel::LeesEdwards ? "lees_edwards" : "medium_carried";
}

} // namespace tumble::ui
