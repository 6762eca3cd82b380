#include "plot/PlotMarkerItem.h"

#include <vtkAxis.h>
#include <vtkChartXY.h>
#include <vtkContext2D.h>
#include <vtkObjectFactory.h>
#include <vtkPen.h>
#include <vtkTextProperty.h>

#include <cmath>

namespace tumble::ui {

vtkStandardNewMacro(PlotMarkerItem);

void PlotMarkerItem::setMarkers(std::vector<std::pair<double, std::string>> markers)
{
    m_markers = std::move(markers);
    Modified();
}

bool PlotMarkerItem::Paint(vtkContext2D* painter)
{
    if (m_markers.empty())
        return true;
    for (std::size_t c = 0; c < m_charts.size(); ++c) {
        vtkChartXY* chart = m_charts[c];
        if (!chart || !chart->GetVisible())
            continue;
        vtkAxis* xAxis = chart->GetAxis(vtkAxis::BOTTOM);
        vtkAxis* yAxis = chart->GetAxis(vtkAxis::LEFT);
        const float* x1 = xAxis->GetPoint1();
        const float* x2 = xAxis->GetPoint2();
        const float* y1 = yAxis->GetPoint1();
        const float* y2 = yAxis->GetPoint2();
        const double tmin = xAxis->GetMinimum();
        const double tmax = xAxis->GetMaximum();
        if (!(tmax > tmin) || !(x2[0] > x1[0]))
            continue;
        const float bottom = std::min(y1[1], y2[1]);
        const float top = std::max(y1[1], y2[1]);

        int row = 0;
        for (const auto& [t, label] : m_markers) {
            if (!std::isfinite(t) || t < tmin || t > tmax)
                continue;
            const float x = x1[0] + float((t - tmin) / (tmax - tmin)) * (x2[0] - x1[0]);
            // dashed line across the plot area
            painter->GetPen()->SetColor(90, 90, 100, 200);
            painter->GetPen()->SetWidth(1.2f);
            painter->GetPen()->SetLineType(vtkPen::DASH_LINE);
            painter->DrawLine(x, bottom, x, top);
            if (c != 0)
                continue;
            // label just right of the line, near the top, on one of three rows
            vtkTextProperty* tp = painter->GetTextProp();
            tp->SetColor(0.22, 0.22, 0.28);
            tp->SetFontSize(11);
            tp->SetBold(false);
            tp->SetItalic(false);
            tp->SetJustificationToLeft();
            tp->SetVerticalJustificationToTop();
            painter->DrawString(x + 3.f, top - 4.f - 14.f * float(row), label.c_str());
            row = (row + 1) % 3;
        }
    }
    painter->GetPen()->SetLineType(vtkPen::SOLID_LINE);
    return true;
}

} // namespace tumble::ui
