#include "sim/DampingStage.h"

namespace tumble {

void DampingStage::ensureChannels(World& w, const SimParams& p)
{
    const std::size_t n = w.size();
    const bool on[kDissipationChannels] = {true, p.localDamping > 0.0, p.viscousDamping > 0.0};
    for (int c = 0; c < kDissipationChannels; ++c) {
        if (on[c] && w.dissipativeForce[c].size() != n) {
            w.dissipativeForce[c].assign(n, Vec3::Zero());
            w.dissipativeTorque[c].assign(n, Vec3::Zero());
        }
    }
}

} // namespace tumble
