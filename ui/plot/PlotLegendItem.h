#pragma once
// PlotLegendItem: a legend for chosen plots, drawn from a top-left corner outside the plot area.
//
// Design note. vtkChartLegend anchors by its bottom-left corner and lists plots in their paint
// order; inside the chart it covered the newest (right-hand) end of the curves, and a stacked
// view wants its legend in stacking order (top band first) while its edge line must paint last.
// This item takes its entries in display order, skips plots that are hidden (so a term that has
// been zero all run is not listed), draws each plot's own legend symbol (line or filled box) and
// starts a new column when the next row would pass the available height. It is added to the
// context scene beside the charts and never takes the mouse.
#include <vtkContextItem.h>
#include <vtkNew.h>
#include <vtkRect.h>
#include <vtkTextProperty.h>

#include <string>
#include <vector>

class vtkPlot;

namespace tumble::ui {

class PlotLegendItem : public vtkContextItem {
public:
    static PlotLegendItem* New();
    vtkTypeMacro(PlotLegendItem, vtkContextItem)

        /// Plots to list, top first; they must outlive this item's use (their chart owns them).
        void setEntries(std::vector<vtkPlot*> plots);
    /// Top-left corner and the height available below it, scene pixels (y up).
    void setAnchor(float left, float top, float height);
    /// Label font size, points.
    void setFontSize(int points);

    /// Labels of the entries shown (visible plots), top first.
    std::vector<std::string> shownLabels() const;
    /// The area the last paint covered, scene pixels (empty before the first paint).
    vtkRectf paintedRect() const { return m_painted; }

    bool Paint(vtkContext2D* painter) override;
    bool Hit(const vtkContextMouseEvent&) override { return false; } // never steals the mouse

protected:
    PlotLegendItem() = default;
    ~PlotLegendItem() override = default;

private:
    PlotLegendItem(const PlotLegendItem&) = delete;
    void operator=(const PlotLegendItem&) = delete;

    std::vector<vtkPlot*> m_entries;
    float m_left = 0.f, m_top = 0.f, m_height = 0.f;
    int m_fontSize = 12;
    vtkNew<vtkTextProperty> m_text;
    vtkRectf m_painted{0.f, 0.f, 0.f, 0.f};
};

} // namespace tumble::ui
