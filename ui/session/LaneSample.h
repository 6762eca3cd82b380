#pragma once
// LaneSample: one energy sample of a run with its number (a compare lane's sample k belongs to
// the shared time k x the sample interval, so lanes compare point by point).
#include "energy/EnergySample.h"

namespace tumble::ui {

/// Energy sample k of a run: for a compare lane, taken at its last step at or before k x the
/// sample interval.
struct LaneSample {
    long long index = 0;
    EnergySample energy;
};

} // namespace tumble::ui
