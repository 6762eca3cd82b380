#pragma once
// EnergyChunk: consecutive energy samples recorded by the worker between two snapshots, each with
// the envelope of the steps it stands for (EnergyEnvelope).
#include <vector>

#include "energy/EnergySample.h"
#include "session/EnergyEnvelope.h"
#include "session/PhasePoint.h"

namespace tumble::ui {

struct EnergyChunk {
    long long seqBegin = 0;            ///< number of samples[0]; numbers grow by one per sample
    std::vector<EnergySample> samples; ///< oldest first, uniform in simulated time
    /// Per sample (same length as samples), the lowest and highest values since the previous
    /// sample; shorter (a chunk built by hand): the samples past its end stand for themselves.
    std::vector<EnergyEnvelope> envelopes;
    /// Per sample (same length as samples, or empty: a chunk built by hand), the selected body's
    /// stored state (id -1 when none was selected).
    std::vector<PhasePoint> phase;

    long long seqEnd() const { return seqBegin + static_cast<long long>(samples.size()); }
    /// Sample i's envelope, or the sample alone when the chunk has none for it.
    EnergyEnvelope envelope(std::size_t i) const
    {
        return i < envelopes.size() && !envelopes[i].empty() ? envelopes[i] : EnergyEnvelope::of(samples[i], 0.0);
    }
};

} // namespace tumble::ui
