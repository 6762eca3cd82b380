#pragma once
// LaneSample: one energy sample of a run with its number (a compare lane's sample k belongs to
// the shared time k x the sample interval, so lanes compare point by point), and the envelope of
// the steps it stands for.
#include "energy/EnergySample.h"
#include "session/EnergyEnvelope.h"
#include "session/PhasePoint.h"

namespace tumble::ui {

/// Energy sample k of a run: for a compare lane, taken at its last step at or before k x the
/// sample interval.
struct LaneSample {
    long long index = 0;
    EnergySample energy;
    /// The lowest and highest values since the previous sample (empty: the sample stands for
    /// itself).
    EnergyEnvelope envelope;
    /// The selected body's stored state at the sample (id -1: none selected).
    PhasePoint phase;
};

} // namespace tumble::ui
