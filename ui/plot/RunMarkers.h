#pragma once
// RunMarkers: a run's parameter markers (ParameterMarker: where a live change landed) as a plot
// draws them, (time in s, label). A snapshot carries the run's whole list, shared and immutable,
// so a plot copies it only when a snapshot brings a new list. The energy plot and the periodic
// cell's stress plot take theirs here.
#include <QString>

#include <utility>
#include <vector>

#include "session/FrameSnapshot.h"

namespace tumble::ui {

class RunMarkers {
public:
    /// Takes s's markers when its list is not the one taken last; true when they changed.
    bool take(const FrameSnapshot& s)
    {
        if (!s.markers || s.markers.get() == m_source)
            return false;
        m_markers.clear();
        m_markers.reserve(s.markers->size());
        for (const ParameterMarker& m : *s.markers)
            m_markers.emplace_back(m.time, QString::fromStdString(m.label));
        m_source = s.markers.get();
        return true;
    }
    void clear()
    {
        m_markers.clear();
        m_source = nullptr;
    }
    /// (time in s, label), oldest first.
    const std::vector<std::pair<double, QString>>& markers() const { return m_markers; }
    std::size_t size() const { return m_markers.size(); }

private:
    std::vector<std::pair<double, QString>> m_markers;
    const void* m_source = nullptr; // the list taken (shared, immutable)
};

} // namespace tumble::ui
