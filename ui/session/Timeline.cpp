#include "session/Timeline.h"

namespace tumble::ui {

void Timeline::record(long long step, double time, std::vector<unsigned char> state)
{
    // a state of the same step replaces the older one (a pause recorded what a sample had)
    if (!m_entries.empty() && m_entries.back().step == step) {
        m_bytes -= m_entries.back().state.size();
        m_entries.pop_back();
    }
    m_bytes += state.size();
    m_entries.push_back({step, time, std::move(state)});
    fit();
}

void Timeline::truncateAfter(std::size_t i)
{
    while (m_entries.size() > i + 1) {
        m_bytes -= m_entries.back().state.size();
        m_entries.pop_back();
    }
}

void Timeline::clear()
{
    m_entries.clear();
    m_bytes = 0;
}

void Timeline::setBudget(std::size_t bytes)
{
    m_budget = bytes;
    fit();
}

void Timeline::fit()
{
    while (!m_entries.empty() && m_bytes > m_budget) {
        m_bytes -= m_entries.front().state.size();
        m_entries.pop_front();
    }
}

} // namespace tumble::ui
