#include "plot/PlotLegendItem.h"

#include <vtkContext2D.h>
#include <vtkObjectFactory.h>
#include <vtkPlot.h>
#include <vtkTextProperty.h>

#include <algorithm>
#include <cmath>

namespace tumble::ui {

vtkStandardNewMacro(PlotLegendItem);

namespace {
bool listed(vtkPlot* plot)
{
    return plot && plot->GetVisible() && !plot->GetLabel().empty();
}
} // namespace

void PlotLegendItem::setEntries(std::vector<vtkPlot*> plots)
{
    m_entries = std::move(plots);
    Modified();
}

void PlotLegendItem::setAnchor(float left, float top, float height)
{
    m_left = left;
    m_top = top;
    m_height = height;
    Modified();
}

void PlotLegendItem::setFontSize(int points)
{
    m_fontSize = points;
    Modified();
}

std::vector<std::string> PlotLegendItem::shownLabels() const
{
    std::vector<std::string> labels;
    for (vtkPlot* plot : m_entries)
        if (listed(plot))
            labels.push_back(plot->GetLabel());
    return labels;
}

bool PlotLegendItem::Paint(vtkContext2D* painter)
{
    m_painted = vtkRectf(m_left, m_top, 0.f, 0.f);
    vtkTextProperty* tp = m_text;
    tp->SetFontSize(m_fontSize);
    tp->SetColor(0.15, 0.17, 0.22);
    tp->SetBold(false);
    tp->SetItalic(false);
    tp->SetJustificationToLeft();
    tp->SetVerticalJustificationToBottom();
    painter->ApplyTextProp(tp);

    // row height from a string with ascenders and descenders; column width from the labels
    float bounds[4];
    painter->ComputeStringBounds("Tgyf", bounds);
    const float rowH = std::ceil(bounds[3]);
    // spacing in units of the row height, so it follows the font and the device pixel ratio
    const float symbolW = 1.6f * rowH;
    const float padding = std::round(0.3f * rowH);
    const float columnGap = rowH;
    float labelW = 0.f;
    for (vtkPlot* plot : m_entries)
        if (listed(plot)) {
            painter->ComputeStringBounds(plot->GetLabel().c_str(), bounds);
            labelW = std::max(labelW, bounds[2]);
        }
    const float colW = symbolW + padding + std::ceil(labelW) + columnGap;

    float x = m_left;
    float y = m_top - rowH; // bottom of the current row
    float lowest = m_top;
    for (vtkPlot* plot : m_entries) {
        if (!listed(plot))
            continue;
        if (y < m_top - m_height && y < m_top - rowH) { // full: next column, unless it is the first row
            x += colW;
            y = m_top - rowH;
        }
        // the plot paints its own symbol (a line, or a filled box for an area), then the label
        plot->PaintLegend(painter, vtkRectf(x, y + 0.15f * rowH, symbolW, 0.7f * rowH), 0);
        painter->ApplyTextProp(tp);
        painter->DrawString(x + symbolW + padding, y, plot->GetLabel().c_str());
        lowest = std::min(lowest, y);
        y -= rowH + padding;
    }
    if (lowest < m_top)
        m_painted = vtkRectf(m_left, lowest, x + colW - columnGap - m_left, m_top - lowest);
    return true;
}

} // namespace tumble::ui
