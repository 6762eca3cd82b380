#pragma once
// PlotMarkerItem: vertical markers with short labels drawn over one or more vtkChartXY.
//
// Design note. vtkChartXY has no annotation lines; a plot per marker would need a y range
// that changes with the data and would crowd the legend. This item is added to the context
// scene after the charts, so it paints on top; each paint maps the marker times through the
// charts' bottom axes (axis end points in scene pixels, axis range in data units), so markers
// follow zoom and pan. Labels are drawn in the first chart only, staggered on three rows so
// nearby markers stay readable.
#include <vtkContextItem.h>

#include <string>
#include <vector>

class vtkChartXY;

namespace tumble::ui {

class PlotMarkerItem : public vtkContextItem {
public:
    static PlotMarkerItem* New();
    vtkTypeMacro(PlotMarkerItem, vtkContextItem)

        /// Charts to draw over, top first; they must outlive this item's use (the scene owns both).
        void setCharts(std::vector<vtkChartXY*> charts)
    {
        m_charts = std::move(charts);
    }
    /// Replaces the markers: (time in s, label).
    void setMarkers(std::vector<std::pair<double, std::string>> markers);
    std::size_t markerCount() const { return m_markers.size(); }
    /// The markers shown: (time in s, label), oldest first.
    const std::vector<std::pair<double, std::string>>& markers() const { return m_markers; }

    bool Paint(vtkContext2D* painter) override;
    bool Hit(const vtkContextMouseEvent&) override { return false; } // never steals the mouse

protected:
    PlotMarkerItem() = default;
    ~PlotMarkerItem() override = default;

private:
    PlotMarkerItem(const PlotMarkerItem&) = delete;
    void operator=(const PlotMarkerItem&) = delete;

    std::vector<vtkChartXY*> m_charts;
    std::vector<std::pair<double, std::string>> m_markers;
};

} // namespace tumble::ui
