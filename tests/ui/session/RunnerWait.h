#pragma once
// Waiting on a SimulationRunner in session tests: polls its newest snapshot without the event
// loop, the way the GUI's frame timer would.
#include <chrono>
#include <functional>
#include <thread>

#include "session/SimulationRunner.h"

namespace tumble::test {

/// The first snapshot for which pred holds; nullptr after timeoutS seconds.
inline ui::SnapshotPtr waitFor(ui::SimulationRunner& w, const std::function<bool(const ui::FrameSnapshot&)>& pred,
                               double timeoutS = 20.0)
{
    using Clock = std::chrono::steady_clock;
    const auto end = Clock::now() + std::chrono::duration<double>(timeoutS);
    while (Clock::now() < end) {
        ui::SnapshotPtr s = w.latestSnapshot();
        if (s && pred(*s))
            return s;
        std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    return nullptr;
}

} // namespace tumble::test
