#pragma once
// TimelineState: what a snapshot says about the runner's timeline (Timeline.h): how many states
// it keeps, which one the run shows while scrubbed back, and the plots' history cut when a run
// resumed from an earlier state.
#include <cstddef>

namespace tumble::ui {

struct TimelineState {
    int count = 0;           ///< states kept
    int shown = -1;          ///< index of the state the run shows (scrubbed), -1: the live run
    double firstTime = 0.0;  ///< s, of the oldest state
    double lastTime = 0.0;   ///< s, of the newest state
    long long firstStep = 0; ///< of the oldest state
    long long lastStep = 0;  ///< of the newest state
    std::size_t bytes = 0;   ///< the states' memory
    std::size_t budget = 0;  ///< its limit, bytes
    /// Grows each time a run resumed from an earlier state: plots drop what they hold after
    /// cutTime (s), which that run no longer leads to.
    long long cutSerial = 0;
    double cutTime = 0.0;
    long long cutSeq = 0; ///< the first energy sample (EnergyChunk numbering) of the resumed run

    bool scrubbed() const { return shown >= 0; }
};

} // namespace tumble::ui
