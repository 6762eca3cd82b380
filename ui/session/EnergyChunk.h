#pragma once
// EnergyChunk: consecutive energy samples recorded by the worker between two snapshots.
#include <vector>

#include "energy/EnergySample.h"

namespace tumble::ui {

struct EnergyChunk {
    long long seqBegin = 0;            ///< number of samples[0]; numbers grow by one per sample
    std::vector<EnergySample> samples; ///< oldest first, uniform in simulated time

    long long seqEnd() const { return seqBegin + static_cast<long long>(samples.size()); }
};

} // namespace tumble::ui
