#include "EnergyPlot.h"

#include <QMouseEvent>
#include <QTimer>

#include <vtkAxis.h>
#include <vtkBrush.h>
#include <vtkChartLegend.h>
#include <vtkChartXY.h>
#include <vtkContextInteractorStyle.h>
#include <vtkContextScene.h>
#include <vtkContextView.h>
#include <vtkDoubleArray.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkNew.h>
#include <vtkPen.h>
#include <vtkPlot.h>
#include <vtkRenderer.h>
#include <vtkStringArray.h>
#include <vtkTable.h>
#include <vtkTextProperty.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "PlotMarkerItem.h"

namespace tumble::ui {

namespace {

// |E0| below this is treated as zero energy (the relative error divides by it), J
constexpr double kTinyEnergy = 1e-30;

struct SeriesStyle {
    const char* name;
    unsigned char r, g, b;
    float width;
};

// energy series, in the order of the table's columns after time
constexpr std::array<SeriesStyle, 7> kSeries = {{
    {"kinetic (transl.)", 31, 119, 180, 2.0f},
    {"kinetic (rot.)", 23, 190, 207, 2.0f},
    {"gravity potential", 44, 160, 44, 2.0f},
    {"elastic", 255, 127, 14, 2.0f},
    {"dissipated", 214, 39, 40, 2.0f},
    {"external work", 148, 103, 189, 2.0f},
    {"total (mechanical)", 20, 20, 20, 3.0f},
}};

void styleAxis(vtkAxis* axis, const char* title)
{
    axis->SetTitle(title);
    axis->GetTitleProperties()->SetFontSize(13);
    axis->GetTitleProperties()->SetColor(0.15, 0.17, 0.22);
    axis->GetTitleProperties()->BoldOff();
    axis->GetLabelProperties()->SetFontSize(12);
    axis->GetLabelProperties()->SetColor(0.20, 0.22, 0.28);
    axis->GetGridPen()->SetColor(215, 218, 225, 255);
    axis->GetPen()->SetColor(120, 125, 135, 255);
    // fixed ranges set by the plot; simple ticks keep them (Wilkinson widens them to round ends)
    axis->SetBehavior(vtkAxis::FIXED);
    axis->SetTickLabelAlgorithm(vtkAxis::TICK_SIMPLE);
}

} // namespace

// ------------------------------------------------------------------------------------------------
struct EnergyPlot::Pipeline {
    vtkNew<vtkContextView> view;
    vtkNew<vtkChartXY> energyChart;
    vtkNew<vtkChartXY> errorChart;
    vtkNew<PlotMarkerItem> markers;
    vtkNew<vtkContextInteractorStyle> style;

    vtkNew<vtkTable> energyTable;
    vtkNew<vtkTable> errorTable;
    vtkNew<vtkDoubleArray> time;      // s, energy table
    std::array<vtkNew<vtkDoubleArray>, kSeries.size()> energy; // J
    vtkNew<vtkDoubleArray> errorTime; // s, error table
    vtkNew<vtkDoubleArray> relError;  // -
};

// ------------------------------------------------------------------------------------------------
EnergyPlot::EnergyPlot(QWidget* parent) : VtkOpenGLWidget(parent), m_p(std::make_unique<Pipeline>())
{
    Pipeline& p = *m_p;

    // the view renders into our window and listens to our interactor
    p.view->SetRenderWindow(renderWindow());
    renderWindow()->SetInteractor(interactor());
    interactor()->SetRenderWindow(renderWindow());
    p.style->SetScene(p.view->GetScene());
    interactor()->SetInteractorStyle(p.style);
    p.view->GetRenderer()->SetBackground(1.0, 1.0, 1.0);
    p.view->GetRenderer()->UseFXAAOff();

    // tables: time plus one column per series
    p.time->SetName("time");
    p.energyTable->AddColumn(p.time);
    for (std::size_t i = 0; i < kSeries.size(); ++i) {
        p.energy[i]->SetName(kSeries[i].name);
        p.energyTable->AddColumn(p.energy[i]);
    }
    p.errorTime->SetName("time");
    p.relError->SetName("|balance error| / |E0|");
    p.errorTable->AddColumn(p.errorTime);
    p.errorTable->AddColumn(p.relError);

    // top: energies
    for (std::size_t i = 0; i < kSeries.size(); ++i) {
        vtkPlot* line = p.energyChart->AddPlot(vtkChart::LINE);
        line->SetInputData(p.energyTable, 0, vtkIdType(i + 1));
        line->SetColor(kSeries[i].r, kSeries[i].g, kSeries[i].b, 255);
        line->SetWidth(kSeries[i].width);
        line->SetLabel(kSeries[i].name);
    }
    styleAxis(p.energyChart->GetAxis(vtkAxis::LEFT), "energy (J)");
    styleAxis(p.energyChart->GetAxis(vtkAxis::BOTTOM), "");
    p.energyChart->GetAxis(vtkAxis::BOTTOM)->SetLabelsVisible(false);
    p.energyChart->SetShowLegend(true);
    vtkChartLegend* legend = p.energyChart->GetLegend();
    legend->SetInline(false);
    legend->SetHorizontalAlignment(vtkChartLegend::RIGHT);
    legend->SetVerticalAlignment(vtkChartLegend::TOP);
    legend->GetLabelProperties()->SetFontSize(12);
    legend->GetLabelProperties()->SetColor(0.15, 0.17, 0.22);
    legend->GetBrush()->SetColor(255, 255, 255, 230);
    legend->GetPen()->SetColor(200, 203, 210, 255);
    legend->SetSymbolWidth(22);

    // bottom: relative balance error, log axis
    {
        vtkPlot* line = p.errorChart->AddPlot(vtkChart::LINE);
        line->SetInputData(p.errorTable, 0, 1);
        line->SetColor(106, 61, 154, 255);
        line->SetWidth(2.0f);
        line->SetLabel("|balance error| / |E0|");
    }
    styleAxis(p.errorChart->GetAxis(vtkAxis::LEFT), "|\xce\x94" "E| / |E0|");
    p.errorChart->GetAxis(vtkAxis::LEFT)->SetLogScale(true);
    styleAxis(p.errorChart->GetAxis(vtkAxis::BOTTOM), "time (s)");
    p.errorChart->SetShowLegend(false);

    for (vtkChartXY* chart : {p.energyChart.Get(), p.errorChart.Get()}) {
        chart->SetLayoutStrategy(vtkChart::AXES_TO_RECT);
        p.view->GetScene()->AddItem(chart);
    }
    p.markers->setCharts({p.energyChart, p.errorChart});
    p.view->GetScene()->AddItem(p.markers); // last: paints over the charts

    // throttled repaints while samples stream in
    m_repaintTimer = new QTimer(this);
    m_repaintTimer->setSingleShot(true);
    connect(m_repaintTimer, &QTimer::timeout, this, [this]() { update(); });
    m_sinceRepaint.start();

    // panning or zooming takes the axes from the run; a double-click gives them back
    connect(this, &VtkOpenGLWidget::userInteracted, this, [this]() { m_follow = false; });
    connect(this, &VtkOpenGLWidget::framePainted, this, [this]() { m_sinceRepaint.restart(); });
    setToolTip(tr("Drag to pan, wheel to zoom, double-click to follow the run again."));

    clear();
}

EnergyPlot::~EnergyPlot()
{
    // the view's renderer leaves our window before the window's GL resources go
    renderWindow()->RemoveRenderer(m_p->view->GetRenderer());
}

// ------------------------------------------------------------------------------------------------
void EnergyPlot::clear()
{
    Pipeline& p = *m_p;
    p.time->SetNumberOfTuples(0);
    for (auto& a : p.energy)
        a->SetNumberOfTuples(0);
    p.errorTime->SetNumberOfTuples(0);
    p.relError->SetNumberOfTuples(0);
    p.energyTable->Modified();
    p.errorTable->Modified();
    p.markers->setMarkers({});
    m_markerSource = nullptr;
    m_haveE0 = false;
    m_e0 = 0.0;
    m_lastRelError = 0.0;
    m_tMax = 0.0;
    m_eMin = std::numeric_limits<double>::infinity();
    m_eMax = -std::numeric_limits<double>::infinity();
    m_rMin = std::numeric_limits<double>::infinity();
    m_rMax = -std::numeric_limits<double>::infinity();
    m_dataChanged = true;
    m_follow = true;
    scheduleRepaint();
}

long long EnergyPlot::sampleCount() const { return m_p->time->GetNumberOfTuples(); }
std::size_t EnergyPlot::markerCount() const { return m_p->markers->markerCount(); }

void EnergyPlot::setFollowsRun(bool follow)
{
    m_follow = follow;
    m_dataChanged = true;
    update();
}

// ------------------------------------------------------------------------------------------------
void EnergyPlot::appendSnapshot(const FrameSnapshot& s)
{
    Pipeline& p = *m_p;
    const long long revision = s.scene ? s.scene->revision : 0;
    if (revision != m_revision) {
        clear();
        m_revision = revision;
        // the new run's samples are those the snapshot carries, numbered from its first chunk
        m_nextSeq = s.energy.empty() ? 0 : s.energy.front()->seqBegin;
    }

    bool added = false;
    for (const auto& chunk : s.energy) {
        if (chunk->seqEnd() <= m_nextSeq)
            continue; // plotted already
        for (std::size_t i = 0; i < chunk->samples.size(); ++i) {
            const long long seq = chunk->seqBegin + static_cast<long long>(i);
            if (seq < m_nextSeq)
                continue;
            m_nextSeq = seq + 1;
            const EnergySample& e = chunk->samples[i];
            const std::array<double, kSeries.size()> values = {
                e.kineticTranslational, e.kineticRotational, e.potentialGravity, e.elastic,
                e.dissipated,           e.externalWork,      e.total()};
            // a non-finite sample (a blow-up) would poison the chart's bounds: skip it
            bool finite = std::isfinite(e.time) && std::isfinite(e.balanceError);
            for (double v : values)
                finite = finite && std::isfinite(v);
            if (!finite)
                continue;
            if (!m_haveE0) {
                m_e0 = e.total();
                m_haveE0 = true;
            }
            p.time->InsertNextValue(e.time);
            for (std::size_t k = 0; k < values.size(); ++k) {
                p.energy[k]->InsertNextValue(values[k]);
                m_eMin = std::min(m_eMin, values[k]);
                m_eMax = std::max(m_eMax, values[k]);
            }
            const double rel = std::max(std::abs(e.balanceError) /
                                            std::max(std::abs(m_e0), kTinyEnergy),
                                        kErrorFloor);
            p.errorTime->InsertNextValue(e.time);
            p.relError->InsertNextValue(rel);
            m_rMin = std::min(m_rMin, rel);
            m_rMax = std::max(m_rMax, rel);
            m_tMax = std::max(m_tMax, e.time);
            m_lastRelError = rel;
            added = true;
        }
    }

    // markers: the snapshot's list is immutable and shared; take it when it is a new one
    if (s.markers && s.markers.get() != m_markerSource) {
        std::vector<std::pair<double, std::string>> ms;
        ms.reserve(s.markers->size());
        for (const ParameterMarker& m : *s.markers)
            ms.emplace_back(m.time, m.label);
        p.markers->setMarkers(std::move(ms));
        m_markerSource = s.markers.get();
        added = true;
    }

    if (added) {
        p.time->Modified();
        p.errorTime->Modified();
        for (auto& a : p.energy)
            a->Modified();
        p.relError->Modified();
        p.energyTable->Modified();
        p.errorTable->Modified();
        m_dataChanged = true;
        scheduleRepaint();
    }
}

void EnergyPlot::scheduleRepaint()
{
    if (m_repaintTimer->isActive())
        return;
    const qint64 wait = std::max<qint64>(0, kMinRepaintMs - m_sinceRepaint.elapsed());
    m_repaintTimer->start(int(wait));
}

// ------------------------------------------------------------------------------------------------
void EnergyPlot::prepareRender()
{
    // a line needs two points (VTK complains about fewer)
    const bool drawable = m_p->time->GetNumberOfTuples() >= 2;
    for (vtkChartXY* chart : {m_p->energyChart.Get(), m_p->errorChart.Get()})
        for (vtkIdType i = 0; i < chart->GetNumberOfPlots(); ++i)
            chart->GetPlot(i)->SetVisible(drawable);
    layoutCharts();
    if (m_dataChanged && m_follow)
        updateRanges();
    m_dataChanged = false;
}

void EnergyPlot::layoutCharts()
{
    // scene pixels (device pixels, y up); margins scale with the device pixel ratio
    const int* size = renderWindow()->GetSize();
    const float w = float(size[0]);
    const float h = float(size[1]);
    const float s = float(devicePixelRatioF());
    const float left = 78.f * s;
    const float right = std::min(190.f * s, 0.35f * w);
    const float top = 12.f * s;
    const float bottom = 46.f * s;
    const float gap = 14.f * s;
    const float plotW = std::max(10.f, w - left - right);
    const float avail = std::max(20.f, h - top - bottom - gap);
    const float errorH = std::max(10.f, 0.32f * avail);
    const float energyH = std::max(10.f, avail - errorH);
    m_p->errorChart->SetSize(vtkRectf(left, bottom, plotW, errorH));
    m_p->energyChart->SetSize(vtkRectf(left, bottom + errorH + gap, plotW, energyH));
}

void EnergyPlot::updateRanges()
{
    Pipeline& p = *m_p;
    const double tMax = m_tMax > 0.0 ? m_tMax : 1e-3;
    for (vtkChartXY* chart : {p.energyChart.Get(), p.errorChart.Get()})
        chart->GetAxis(vtkAxis::BOTTOM)->SetRange(0.0, tMax * 1.02);

    double eMin = std::isfinite(m_eMin) ? m_eMin : 0.0;
    double eMax = std::isfinite(m_eMax) ? m_eMax : 1.0;
    if (eMax - eMin <= 0.0) {
        const double pad = std::max(std::abs(eMax), 1e-12);
        eMin -= pad;
        eMax += pad;
    }
    const double pad = 0.05 * (eMax - eMin);
    p.energyChart->GetAxis(vtkAxis::LEFT)->SetRange(eMin - pad, eMax + pad);

    // whole decades around the relative error, labelled every few decades (at most five)
    const double rMin = std::isfinite(m_rMin) ? m_rMin : kErrorFloor;
    const double rMax = std::isfinite(m_rMax) ? m_rMax : 1.0;
    const int loExp = int(std::floor(std::log10(std::max(rMin, kErrorFloor))));
    int hiExp = int(std::ceil(std::log10(std::max(rMax, kErrorFloor))));
    if (hiExp <= loExp)
        hiExp = loExp + 1;
    vtkAxis* errorAxis = p.errorChart->GetAxis(vtkAxis::LEFT);
    errorAxis->SetUnscaledRange(std::pow(10.0, loExp), std::pow(10.0, hiExp));
    const int stride = std::max(1, (hiExp - loExp + 3) / 4);
    vtkNew<vtkDoubleArray> ticks;
    vtkNew<vtkStringArray> labels;
    for (int e = hiExp; e >= loExp; e -= stride) {
        ticks->InsertNextValue(double(e)); // log axes take tick positions in log10 units
        labels->InsertNextValue("1e" + std::to_string(e));
    }
    errorAxis->SetCustomTickPositions(ticks, labels);

    for (vtkChartXY* chart : {p.energyChart.Get(), p.errorChart.Get()}) {
        chart->GetAxis(vtkAxis::LEFT)->RecalculateTickSpacing();
        chart->GetAxis(vtkAxis::BOTTOM)->RecalculateTickSpacing();
    }
}

void EnergyPlot::mouseDoubleClickEvent(QMouseEvent* event)
{
    setFollowsRun(true);
    event->accept();
}

} // namespace tumble::ui
