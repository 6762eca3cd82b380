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

std::vector<unsigned char> Timeline::spare(long long step, std::size_t expected)
{
    std::vector<unsigned char> buffer;
    if (!m_entries.empty() && m_entries.back().step == step) {
        buffer = std::move(m_entries.back().state);
        m_entries.pop_back();
    } else if (!m_entries.empty() && m_bytes + expected > m_budget) {
        buffer = std::move(m_entries.front().state);
        m_entries.pop_front();
    } else {
        buffer.reserve(expected);
        return buffer;
    }
    m_bytes -= buffer.size();
    buffer.clear();
    return buffer;
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
