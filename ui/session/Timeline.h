#pragma once
// Timeline: the runner's ring of recent full states (Simulation::saveState records), oldest
// first, within a memory budget: recording a state past the budget drops the oldest ones. The
// GUI scrubs through it while paused; restoring an entry and stepping on is bit for bit the run
// that was recorded (tests/core/sim/TestSimulationState). Runner thread only.
#include <cstddef>
#include <deque>
#include <vector>

namespace tumble::ui {

class Timeline {
public:
    struct Entry {
        long long step = 0;
        double time = 0.0; ///< s
        std::vector<unsigned char> state;
    };

    /// Default budget, bytes (preferences: Run > Timeline memory).
    static constexpr std::size_t kDefaultBudget = std::size_t(256) << 20;

    /// Keeps state (taken at step, time in s); drops the oldest entries until the rest fit the
    /// budget. A state larger than the whole budget is not kept (the timeline is then empty).
    void record(long long step, double time, std::vector<unsigned char> state);
    /// A buffer to save the next state (of step, about `expected` bytes) into: the memory of the
    /// state it would push out (the newest, when it is of the same step; the oldest, when one
    /// more would pass the budget), whose pages are mapped already, else fresh room. Saving a
    /// 6 MB state into fresh memory costs ~80 ms of page faults on this machine, into a reused
    /// buffer ~2 ms (docs/PERFORMANCE.md).
    std::vector<unsigned char> spare(long long step, std::size_t expected);
    /// Drops every entry after index i (a run resumed from entry i writes a new future).
    void truncateAfter(std::size_t i);
    void clear();
    /// Budget in bytes; a smaller one drops the oldest entries at once.
    void setBudget(std::size_t bytes);

    std::size_t size() const { return m_entries.size(); }
    bool empty() const { return m_entries.empty(); }
    const Entry& at(std::size_t i) const { return m_entries[i]; }
    const Entry& back() const { return m_entries.back(); }
    /// Bytes the kept states hold.
    std::size_t bytes() const { return m_bytes; }
    std::size_t budget() const { return m_budget; }

private:
    void fit();

    std::deque<Entry> m_entries;
    std::size_t m_bytes = 0;
    std::size_t m_budget = kDefaultBudget;
};

} // namespace tumble::ui
