#include "plot/EnergyPlot.h"

#include <QMouseEvent>
#include <QPainter>
#include <QTimer>

#include <vtkAxis.h>
#include <vtkBrush.h>
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
#include <vtkPlotArea.h>
#include <vtkRenderer.h>
#include <vtkStringArray.h>
#include <vtkTable.h>
#include <vtkTextProperty.h>
#include <vtkTextRenderer.h>
#include <vtkWindow.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "plot/PlotLegendItem.h"
#include "plot/PlotMarkerItem.h"

namespace tumble::ui {

namespace {

using Term = EnergyPlot::Term;
constexpr int kTerms = EnergyPlot::TermCount;
constexpr int kStacked = EnergyPlot::kStackedTerms;

// |E0| below this is treated as zero energy (the relative error divides by it), J
constexpr double kTinyEnergy = 1e-30;
// an aggregate minus its parts smaller than this fraction of their magnitude is rounding
constexpr double kRoundoff = 1e-12;
constexpr double kInf = std::numeric_limits<double>::infinity();

struct TermStyle {
    const char* name;
    const char* stackedName; // legend label of its band, when it differs
    unsigned char r, g, b;
    float width;
    bool dashed; // a remainder ("other"), not a mechanism
};

// per Term: kinetic blues, potential green, elastic oranges, dissipated reds and browns
constexpr std::array<TermStyle, kTerms> kStyles = {{
    {"gravity potential", "gravity pot. above min", 44, 160, 44, 2.0f, false},
    {"kinetic (transl.)", nullptr, 31, 119, 180, 2.0f, false},
    {"kinetic (rot.)", nullptr, 23, 190, 207, 2.0f, false},
    {"elastic: normal", nullptr, 255, 127, 14, 2.0f, false},
    {"elastic: tangential", nullptr, 253, 180, 98, 2.0f, false},
    {"elastic: rolling", nullptr, 190, 80, 0, 2.0f, false},
    {"elastic: bond", nullptr, 230, 175, 30, 2.0f, false},
    {"elastic: other", nullptr, 245, 140, 50, 2.0f, true},
    {"dissipated: dashpot", nullptr, 214, 39, 40, 2.0f, false},
    {"dissipated: friction", nullptr, 140, 86, 75, 2.0f, false},
    {"dissipated: rolling", nullptr, 125, 20, 35, 2.0f, false},
    {"dissipated: local damping", nullptr, 240, 120, 100, 2.0f, false},
    {"dissipated: viscous", nullptr, 190, 135, 95, 2.0f, false},
    {"dissipated: other", nullptr, 200, 60, 50, 2.0f, true},
    {"dissipated: stiffness", nullptr, 85, 50, 40, 2.0f, false},
    {"external work", nullptr, 148, 103, 189, 2.0f, false},
    {"total (mechanical)", nullptr, 20, 20, 20, 3.0f, false},
}};

// per Term: CSV column names, in CONTRACT.md's energy CSV style
constexpr std::array<const char*, kTerms> kCsvNames = {{
    "potential_gravity",
    "kinetic_translational",
    "kinetic_rotational",
    "elastic_normal",
    "elastic_tangential",
    "elastic_rolling",
    "elastic_bond",
    "elastic_other",
    "dissipated_dashpot",
    "dissipated_friction",
    "dissipated_rolling",
    "dissipated_local_damping",
    "dissipated_viscous",
    "dissipated_other",
    "dissipated_stiffness",
    "external_work",
    "total",
}};

constexpr const char* kTopEdgeLabel = "total + dissipated";
constexpr const char* kBudgetLabel = "E0 + external work";

// legend order, top first: the separate view's lines, then the stacked view's edge, budget and
// bands from the top of the stack down (a view's hidden plots are skipped by the legend)
constexpr std::array<Term, kTerms> kLineLegendOrder = {
    Term::Total,
    Term::KineticTranslational,
    Term::KineticRotational,
    Term::GravityPotential,
    Term::ElasticNormal,
    Term::ElasticTangential,
    Term::ElasticRolling,
    Term::ElasticBond,
    Term::ElasticOther,
    Term::DissipatedDashpot,
    Term::DissipatedFriction,
    Term::DissipatedRolling,
    Term::DissipatedLocalDamping,
    Term::DissipatedViscous,
    Term::DissipatedStiffness,
    Term::DissipatedOther,
    Term::ExternalWork,
};

// a sample's terms, J; the "other" terms are the aggregates minus their parts
std::array<double, kTerms> termsOf(const EnergySample& e)
{
    auto remainder = [](double aggregate, std::initializer_list<double> parts) {
        double sum = 0.0, scale = std::abs(aggregate);
        for (double p : parts) {
            sum += p;
            scale += std::abs(p);
        }
        const double r = aggregate - sum;
        return std::abs(r) <= kRoundoff * scale ? 0.0 : r;
    };
    std::array<double, kTerms> v{};
    v[Term::GravityPotential] = e.potentialGravity;
    v[Term::KineticTranslational] = e.kineticTranslational;
    v[Term::KineticRotational] = e.kineticRotational;
    v[Term::ElasticNormal] = e.elasticNormal;
    v[Term::ElasticTangential] = e.elasticTangential;
    v[Term::ElasticRolling] = e.elasticRolling;
    v[Term::ElasticBond] = e.elasticBond;
    v[Term::ElasticOther] =
        remainder(e.elastic, {e.elasticNormal, e.elasticTangential, e.elasticRolling, e.elasticBond});
    v[Term::DissipatedDashpot] = e.dissipatedDashpot;
    v[Term::DissipatedFriction] = e.dissipatedFriction;
    v[Term::DissipatedRolling] = e.dissipatedRolling;
    v[Term::DissipatedLocalDamping] = e.dissipatedLocalDamping;
    v[Term::DissipatedViscous] = e.dissipatedViscous;
    v[Term::DissipatedStiffness] = e.dissipatedStiffness;
    v[Term::DissipatedOther] =
        remainder(e.dissipated, {e.dissipatedDashpot, e.dissipatedFriction, e.dissipatedRolling,
                                 e.dissipatedLocalDamping, e.dissipatedViscous, e.dissipatedStiffness});
    v[Term::ExternalWork] = e.externalWork;
    v[Term::Total] = e.total();
    return v;
}

// tops of the stacked bands relative to the reference potential potRef, J: the sum of the
// stacked terms up to each band, the potential taken as (potential - potRef)
std::array<double, kStacked> stackSums(const std::array<double, kTerms>& v, double potRef)
{
    std::array<double, kStacked> s{};
    double acc = v[Term::GravityPotential] - potRef;
    s[0] = acc;
    for (int k = 1; k < kStacked; ++k) {
        acc += v[k];
        s[k] = acc;
    }
    return s;
}

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

const char* energyTitle(EnergyPlotMode mode)
{
    return mode == EnergyPlotMode::Stacked ? "stacked energy (J)" : "energy (J)";
}

// an energy range narrower than this fraction of its magnitude is widened to it: below, the
// plot would show rounding in the last few bits (and the offset label would need 17 digits)
constexpr double kRelativeSpanFloor = 1e-12;

// 1, 2 or 5 times a power of ten, near x > 0
double niceStep(double x)
{
    const double decade = std::pow(10.0, std::floor(std::log10(x)));
    const double f = x / decade;
    return (f < 1.5 ? 1.0 : f < 3.0 ? 2.0 : f < 7.0 ? 5.0 : 10.0) * decade;
}

// floor(log10(x)) for x > 0, robust to log10 landing just below an exact power of ten
int decadeOf(double x)
{
    return int(std::floor(std::log10(x) + 1e-9));
}

// x with `digits` significant digits in scientific notation, trailing zeros dropped:
// "1.681210346e-3" (no exponent when it is 0)
std::string scientific(double x, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*e", std::clamp(digits, 1, 17) - 1, x);
    std::string s(buf);
    const std::size_t e = s.find('e');
    std::string mantissa = s.substr(0, e);
    const int exponent = std::atoi(s.c_str() + e + 1);
    if (mantissa.find('.') != std::string::npos) {
        mantissa.erase(mantissa.find_last_not_of('0') + 1);
        if (mantissa.back() == '.')
            mantissa.pop_back();
    }
    return exponent == 0 ? mantissa : mantissa + "e" + std::to_string(exponent);
}

} // namespace

// ------------------------------------------------------------------------------------------------
struct EnergyPlot::Pipeline {
    vtkNew<vtkContextView> view;
    vtkNew<vtkChartXY> energyChart;
    vtkNew<vtkChartXY> errorChart;
    vtkNew<PlotMarkerItem> markers;
    vtkNew<PlotLegendItem> legend;
    vtkNew<vtkContextInteractorStyle> style;

    vtkNew<vtkTable> energyTable;
    vtkNew<vtkTable> errorTable;
    vtkNew<vtkDoubleArray> time;                     // s, energy table
    std::array<vtkNew<vtkDoubleArray>, kTerms> term; // J
    // stacked view only (empty otherwise): zeros under the first band, band tops, budget; J
    vtkNew<vtkDoubleArray> stackBase;
    std::array<vtkNew<vtkDoubleArray>, kStacked> stackTop;
    vtkNew<vtkDoubleArray> budget;    // E0 + external work, on the stacked scale
    vtkNew<vtkDoubleArray> errorTime; // s, error table
    vtkNew<vtkDoubleArray> relError;  // -

    std::array<vtkPlot*, kTerms> lines{};   // separate view, per term
    std::array<vtkPlot*, kStacked> bands{}; // stacked view, per stacked term
    vtkPlot* topEdge = nullptr;
    vtkPlot* budgetLine = nullptr;
    vtkPlot* errorLine = nullptr;

    std::vector<vtkDoubleArray*> stackColumns()
    {
        std::vector<vtkDoubleArray*> c{stackBase.Get(), budget.Get()};
        for (auto& a : stackTop)
            c.push_back(a.Get());
        return c;
    }
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

    // energy table: time, one column per term, then the stacked view's columns
    p.time->SetName("time");
    p.energyTable->AddColumn(p.time);
    for (int k = 0; k < kTerms; ++k) {
        p.term[k]->SetName(kStyles[k].name);
        p.energyTable->AddColumn(p.term[k]);
    }
    p.stackBase->SetName("stack base");
    p.energyTable->AddColumn(p.stackBase);
    for (int k = 0; k < kStacked; ++k) {
        p.stackTop[k]->SetName((std::string("stack top: ") + kStyles[k].name).c_str());
        p.energyTable->AddColumn(p.stackTop[k]);
    }
    p.budget->SetName(kBudgetLabel);
    p.energyTable->AddColumn(p.budget);
    p.errorTime->SetName("time");
    p.relError->SetName("|balance error| / |E0|");
    p.errorTable->AddColumn(p.errorTime);
    p.errorTable->AddColumn(p.relError);

    // stacked bands first (painted first), each between the previous band's top and its own
    for (int k = 0; k < kStacked; ++k) {
        auto* band = vtkPlotArea::SafeDownCast(p.energyChart->AddPlot(vtkChart::AREA));
        band->SetInputData(p.energyTable);
        band->SetInputArray(0, "time");
        band->SetInputArray(1, k == 0 ? p.stackBase->GetName() : p.stackTop[k - 1]->GetName());
        band->SetInputArray(2, p.stackTop[k]->GetName());
        const TermStyle& st = kStyles[k];
        band->SetColor(st.r, st.g, st.b, 200); // brush: translucent enough to show the grid
        band->GetPen()->SetColor(st.r, st.g, st.b, 255);
        band->SetLabel(st.stackedName ? st.stackedName : st.name);
        p.bands[k] = band;
    }
    // the stacked view's top edge and the energy budget it should meet
    p.topEdge = p.energyChart->AddPlot(vtkChart::LINE);
    p.topEdge->SetInputData(p.energyTable, p.time->GetName(), p.stackTop[kStacked - 1]->GetName());
    p.topEdge->SetColor(20, 20, 20, 255);
    p.topEdge->SetWidth(2.5f);
    p.topEdge->SetLabel(kTopEdgeLabel);
    p.budgetLine = p.energyChart->AddPlot(vtkChart::LINE);
    p.budgetLine->SetInputData(p.energyTable, p.time->GetName(), p.budget->GetName());
    p.budgetLine->SetColor(148, 103, 189, 255);
    p.budgetLine->SetWidth(2.0f);
    p.budgetLine->GetPen()->SetLineType(vtkPen::DASH_LINE);
    p.budgetLine->SetLabel(kBudgetLabel);
    // separate view: a line per term, the total last so it paints on top
    for (int k = 0; k < kTerms; ++k) {
        vtkPlot* line = p.energyChart->AddPlot(vtkChart::LINE);
        line->SetInputData(p.energyTable, 0, vtkIdType(k + 1));
        const TermStyle& st = kStyles[k];
        line->SetColor(st.r, st.g, st.b, 255);
        line->SetWidth(st.width);
        if (st.dashed)
            line->GetPen()->SetLineType(vtkPen::DASH_LINE);
        line->SetLabel(st.name);
        p.lines[k] = line;
    }
    styleAxis(p.energyChart->GetAxis(vtkAxis::LEFT), energyTitle(m_mode));
    styleAxis(p.energyChart->GetAxis(vtkAxis::BOTTOM), "");
    p.energyChart->GetAxis(vtkAxis::BOTTOM)->SetLabelsVisible(false);
    p.energyChart->SetShowLegend(false); // PlotLegendItem, outside the plot area

    std::vector<vtkPlot*> legendEntries;
    for (Term t : kLineLegendOrder)
        legendEntries.push_back(p.lines[t]);
    legendEntries.push_back(p.topEdge);
    legendEntries.push_back(p.budgetLine);
    for (int k = kStacked - 1; k >= 0; --k)
        legendEntries.push_back(p.bands[k]);
    p.legend->setEntries(std::move(legendEntries));
    p.legend->setFontSize(12);

    // bottom: relative balance error, log axis
    p.errorLine = p.errorChart->AddPlot(vtkChart::LINE);
    p.errorLine->SetInputData(p.errorTable, 0, 1);
    p.errorLine->SetColor(106, 61, 154, 255);
    p.errorLine->SetWidth(2.0f);
    p.errorLine->SetLabel("|balance error| / |E0|");
    styleAxis(p.errorChart->GetAxis(vtkAxis::LEFT), "|\xce\x94"
                                                    "E| / |E0|");
    p.errorChart->GetAxis(vtkAxis::LEFT)->SetLogScale(true);
    styleAxis(p.errorChart->GetAxis(vtkAxis::BOTTOM), "time (s)");
    p.errorChart->SetShowLegend(false);

    for (vtkChartXY* chart : {p.energyChart.Get(), p.errorChart.Get()}) {
        chart->SetLayoutStrategy(vtkChart::AXES_TO_RECT);
        p.view->GetScene()->AddItem(chart);
    }
    p.view->GetScene()->AddItem(p.legend);
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

const char* EnergyPlot::termLabel(Term term)
{
    return kStyles[term].name;
}
const char* EnergyPlot::topEdgeLabel()
{
    return kTopEdgeLabel;
}
const char* EnergyPlot::termCsvName(Term term)
{
    return kCsvNames[term];
}

// ------------------------------------------------------------------------------------------------
void EnergyPlot::clear()
{
    Pipeline& p = *m_p;
    p.time->SetNumberOfTuples(0);
    for (auto& a : p.term)
        a->SetNumberOfTuples(0);
    for (vtkDoubleArray* a : p.stackColumns())
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
    m_seen.fill(false);
    m_potRef = m_potMin = m_stackShift = 0.0;
    m_stackBuilt = m_mode == EnergyPlotMode::Stacked; // empty columns are a built empty stack
    m_tMax = 0.0;
    m_termMin.fill(kInf);
    m_termMax.fill(-kInf);
    m_stackMin.fill(kInf);
    m_stackMax.fill(-kInf);
    m_budgetMin = kInf;
    m_budgetMax = -kInf;
    m_rMin = kInf;
    m_rMax = -kInf;
    m_dataChanged = true;
    m_follow = true;
    applyVisibility();
    scheduleRepaint();
}

long long EnergyPlot::sampleCount() const
{
    return m_p->time->GetNumberOfTuples();
}
std::size_t EnergyPlot::markerCount() const
{
    return m_p->markers->markerCount();
}

void EnergyPlot::setFollowsRun(bool follow)
{
    m_follow = follow;
    m_dataChanged = true;
    update();
}

void EnergyPlot::setMode(EnergyPlotMode mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    // the stacked columns cost as much memory as the terms: they exist only while shown
    if (mode == EnergyPlotMode::Stacked)
        buildStack();
    else
        dropStack();
    m_p->energyChart->GetAxis(vtkAxis::LEFT)->SetTitle(energyTitle(mode));
    applyVisibility();
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
            const std::array<double, kTerms> v = termsOf(e);
            // the first sample sets E0 and the potential the stacked sums are measured from
            const double e0 = m_haveE0 ? m_e0 : v[Term::Total];
            const double potRef = m_haveE0 ? m_potRef : v[Term::GravityPotential];
            const std::array<double, kStacked> sums = stackSums(v, potRef);
            const double budget = (e0 - potRef) + v[Term::ExternalWork];
            // a non-finite sample (a blow-up) would poison the chart's bounds: skip it whole
            bool finite = std::isfinite(e.time) && std::isfinite(e.balanceError) && std::isfinite(budget);
            for (double x : v)
                finite = finite && std::isfinite(x);
            for (double x : sums)
                finite = finite && std::isfinite(x);
            if (!finite)
                continue;
            if (!m_haveE0) {
                m_haveE0 = true;
                m_e0 = e0;
                m_potRef = m_potMin = potRef;
                m_stackShift = 0.0;
            }
            m_potMin = std::min(m_potMin, v[Term::GravityPotential]);
            p.time->InsertNextValue(e.time);
            for (int k = 0; k < kTerms; ++k) {
                p.term[k]->InsertNextValue(v[k]);
                m_termMin[k] = std::min(m_termMin[k], v[k]);
                m_termMax[k] = std::max(m_termMax[k], v[k]);
                m_seen[k] = m_seen[k] || v[k] != 0.0;
            }
            for (int k = 0; k < kStacked; ++k) {
                m_stackMin[k] = std::min(m_stackMin[k], sums[k]);
                m_stackMax[k] = std::max(m_stackMax[k], sums[k]);
            }
            m_budgetMin = std::min(m_budgetMin, budget);
            m_budgetMax = std::max(m_budgetMax, budget);
            if (m_stackBuilt)
                appendStack(v);
            const double rel = std::max(std::abs(e.balanceError) / std::max(std::abs(m_e0), kTinyEnergy), kErrorFloor);
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
        for (auto& a : p.term)
            a->Modified();
        for (vtkDoubleArray* a : p.stackColumns())
            a->Modified();
        p.relError->Modified();
        p.energyTable->Modified();
        p.errorTable->Modified();
        applyVisibility();
        m_dataChanged = true;
        scheduleRepaint();
    }
}

// ------------------------------------------------------------------------------------------------
// stacked columns: sums relative to m_potRef, stored minus m_stackShift

void EnergyPlot::appendStack(const std::array<double, TermCount>& v)
{
    Pipeline& p = *m_p;
    const std::array<double, kStacked> sums = stackSums(v, m_potRef);
    p.stackBase->InsertNextValue(0.0);
    for (int k = 0; k < kStacked; ++k)
        p.stackTop[k]->InsertNextValue(sums[k] - m_stackShift);
    p.budget->InsertNextValue((m_e0 - m_potRef) + v[Term::ExternalWork] - m_stackShift);
}

void EnergyPlot::buildStack()
{
    Pipeline& p = *m_p;
    dropStack();
    m_stackShift = m_potMin - m_potRef;
    m_stackBuilt = true;
    const vtkIdType n = p.time->GetNumberOfTuples();
    for (vtkDoubleArray* a : p.stackColumns())
        a->Allocate(n);
    std::array<double, kTerms> v{};
    for (vtkIdType i = 0; i < n; ++i) {
        for (int k = 0; k < kTerms; ++k)
            v[k] = p.term[k]->GetValue(i);
        appendStack(v);
    }
    for (vtkDoubleArray* a : p.stackColumns())
        a->Modified();
    p.energyTable->Modified();
}

void EnergyPlot::dropStack()
{
    for (vtkDoubleArray* a : m_p->stackColumns()) {
        a->SetNumberOfTuples(0);
        a->Squeeze();
        a->Modified();
    }
    m_p->energyTable->Modified();
    m_stackBuilt = false;
}

void EnergyPlot::shiftStackToLowestPotential()
{
    // the lowest potential dropped since the columns were written: lower every value by as much
    const double shift = m_potMin - m_potRef;
    if (!m_stackBuilt || shift == m_stackShift)
        return;
    const double delta = m_stackShift - shift;
    Pipeline& p = *m_p;
    std::vector<vtkDoubleArray*> columns{p.budget.Get()};
    for (auto& a : p.stackTop)
        columns.push_back(a.Get());
    for (vtkDoubleArray* a : columns) {
        double* x = a->GetPointer(0);
        for (vtkIdType i = 0, n = a->GetNumberOfTuples(); i < n; ++i)
            x[i] += delta;
        a->Modified();
    }
    p.energyTable->Modified();
    m_stackShift = shift;
}

// ------------------------------------------------------------------------------------------------
std::vector<double> EnergyPlot::termValues(Term term) const
{
    vtkDoubleArray* a = m_p->term[term];
    std::vector<double> y(std::size_t(a->GetNumberOfTuples()));
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = a->GetValue(vtkIdType(i));
    return y;
}

namespace {
std::vector<double> valuesOf(vtkDoubleArray* a)
{
    std::vector<double> y(std::size_t(a->GetNumberOfTuples()));
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = a->GetValue(vtkIdType(i));
    return y;
}
} // namespace

std::vector<double> EnergyPlot::timeValues() const
{
    return valuesOf(m_p->time);
}
std::vector<double> EnergyPlot::relativeErrorValues() const
{
    return valuesOf(m_p->relError);
}

std::vector<double> EnergyPlot::stackedTopEdge()
{
    if (!m_stackBuilt)
        return {};
    shiftStackToLowestPotential();
    vtkDoubleArray* a = m_p->stackTop[kStacked - 1];
    std::vector<double> y(std::size_t(a->GetNumberOfTuples()));
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = a->GetValue(vtkIdType(i));
    return y;
}

std::vector<double> EnergyPlot::stackedBand(Term term)
{
    if (!m_stackBuilt || term >= kStacked)
        return {};
    shiftStackToLowestPotential();
    vtkDoubleArray* top = m_p->stackTop[term];
    vtkDoubleArray* below = term == 0 ? m_p->stackBase.Get() : m_p->stackTop[term - 1].Get();
    std::vector<double> y(std::size_t(top->GetNumberOfTuples()));
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = top->GetValue(vtkIdType(i)) - below->GetValue(vtkIdType(i));
    return y;
}

std::vector<std::string> EnergyPlot::legendLabels() const
{
    return m_p->legend->shownLabels();
}

QRectF EnergyPlot::legendArea() const
{
    const vtkRectf r = m_p->legend->paintedRect();
    return QRectF(r.GetX(), r.GetY(), r.GetWidth(), r.GetHeight());
}

QRectF EnergyPlot::energyPlotArea() const
{
    const vtkRectf r = m_p->energyChart->GetSize();
    return QRectF(r.GetX(), r.GetY(), r.GetWidth(), r.GetHeight());
}

std::vector<std::string> EnergyPlot::energyTickLabels() const
{
    vtkStringArray* labels = m_p->energyChart->GetAxis(vtkAxis::LEFT)->GetTickLabels();
    std::vector<std::string> out;
    for (vtkIdType i = 0; i < labels->GetNumberOfValues(); ++i)
        out.push_back(labels->GetValue(i));
    return out;
}

std::string EnergyPlot::energyAxisTitle() const
{
    return m_p->energyChart->GetAxis(vtkAxis::LEFT)->GetTitle();
}

// ------------------------------------------------------------------------------------------------
void EnergyPlot::applyVisibility()
{
    // a line needs two points (VTK complains about fewer); a term zero all run stays hidden
    Pipeline& p = *m_p;
    const bool drawable = p.time->GetNumberOfTuples() >= 2;
    const bool stacked = m_mode == EnergyPlotMode::Stacked;
    for (int k = 0; k < kTerms; ++k)
        p.lines[k]->SetVisible(drawable && !stacked && (k == Term::Total || m_seen[k]));
    for (int k = 0; k < kStacked; ++k)
        p.bands[k]->SetVisible(drawable && stacked && m_seen[k]);
    p.topEdge->SetVisible(drawable && stacked);
    p.budgetLine->SetVisible(drawable && stacked && m_seen[Term::ExternalWork]);
    p.errorLine->SetVisible(drawable);
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
    shiftStackToLowestPotential();
    if (m_dataChanged && m_follow)
        updateRanges();
    m_dataChanged = false;
    updateEnergyTicks(); // every frame: a pan or zoom moves the range too
    layoutCharts();      // after the labels: the left margin fits them
}

void EnergyPlot::layoutCharts()
{
    // scene pixels (device pixels, y up); margins scale with the device pixel ratio. The right
    // margin holds the legend, clear of the curves.
    const int* size = renderWindow()->GetSize();
    const float w = float(size[0]);
    const float h = float(size[1]);
    const float s = float(devicePixelRatioF());
    // left margin: the widest tick label of either chart, the gap VTK leaves, the title
    float labelW = 0.f, titleH = 0.f;
    vtkTextRenderer* text = vtkTextRenderer::GetInstance();
    const int dpi = renderWindow()->GetDPI();
    for (vtkChartXY* chart : {m_p->energyChart.Get(), m_p->errorChart.Get()}) {
        vtkAxis* axis = chart->GetAxis(vtkAxis::LEFT);
        axis->Update(); // the labels of the range just set
        int bbox[4];
        vtkStringArray* labels = axis->GetTickLabels();
        for (vtkIdType i = 0; text && i < labels->GetNumberOfValues(); ++i)
            if (text->GetBoundingBox(axis->GetLabelProperties(), labels->GetValue(i), bbox, dpi))
                labelW = std::max(labelW, float(bbox[1] - bbox[0] + 1));
        const std::string title = axis->GetTitle();
        if (text && !title.empty() && text->GetBoundingBox(axis->GetTitleProperties(), title, bbox, dpi))
            titleH = std::max(titleH, float(std::min(bbox[1] - bbox[0], bbox[3] - bbox[2]) + 1));
    }
    const float left = std::max(78.f * s, labelW + titleH + 26.f * s);
    const float right = std::min(215.f * s, 0.4f * w);
    const float top = 12.f * s;
    const float bottom = 46.f * s;
    const float gap = 14.f * s;
    const float plotW = std::max(10.f, w - left - right);
    const float avail = std::max(20.f, h - top - bottom - gap);
    const float errorH = std::max(10.f, 0.32f * avail);
    const float energyH = std::max(10.f, avail - errorH);
    m_p->errorChart->SetSize(vtkRectf(left, bottom, plotW, errorH));
    m_p->energyChart->SetSize(vtkRectf(left, bottom + errorH + gap, plotW, energyH));
    // past the x axis' last tick label, from the top of the energy chart down the whole view
    m_p->legend->setAnchor(left + plotW + 22.f * s, h - top, h - top - 4.f * s);
}

EnergyPlot::Ranges EnergyPlot::runRanges() const
{
    Ranges r;
    r.tLo = 0.0;
    r.tHi = (m_tMax > 0.0 ? m_tMax : 1e-3) * 1.02;

    // the shown columns' extrema: a term's line, or the bands from zero and the budget line
    double eMin = kInf, eMax = -kInf;
    if (m_mode == EnergyPlotMode::Stacked) {
        const double shift = m_potMin - m_potRef;
        eMin = 0.0;
        for (int k = 0; k < kStacked; ++k) {
            eMin = std::min(eMin, m_stackMin[k] - shift);
            eMax = std::max(eMax, m_stackMax[k] - shift);
        }
        if (m_seen[Term::ExternalWork]) {
            eMin = std::min(eMin, m_budgetMin - shift);
            eMax = std::max(eMax, m_budgetMax - shift);
        }
    } else {
        for (int k = 0; k < kTerms; ++k)
            if (k == Term::Total || m_seen[k]) {
                eMin = std::min(eMin, m_termMin[k]);
                eMax = std::max(eMax, m_termMax[k]);
            }
    }
    if (!std::isfinite(eMin) || !std::isfinite(eMax)) {
        eMin = 0.0;
        eMax = 1.0;
    }
    if (eMax - eMin <= 0.0) {
        const double pad = std::max(std::abs(eMax), 1e-12);
        eMin -= pad;
        eMax += pad;
    } else if (const double floor = kRelativeSpanFloor * std::max(std::abs(eMin), std::abs(eMax));
               eMax - eMin < floor) {
        const double mid = 0.5 * (eMin + eMax);
        eMin = mid - 0.5 * floor;
        eMax = mid + 0.5 * floor;
    }
    const double pad = 0.05 * (eMax - eMin);
    r.eLo = eMin - pad;
    r.eHi = eMax + pad;

    // whole decades around the relative error
    const double rMin = std::isfinite(m_rMin) ? m_rMin : kErrorFloor;
    const double rMax = std::isfinite(m_rMax) ? m_rMax : 1.0;
    r.loExp = int(std::floor(std::log10(std::max(rMin, kErrorFloor))));
    r.hiExp = int(std::ceil(std::log10(std::max(rMax, kErrorFloor))));
    if (r.hiExp <= r.loExp)
        r.hiExp = r.loExp + 1;
    return r;
}

namespace {
// the error axis' labelled decades, top first: every few decades, at most five labels
std::vector<int> labelledDecades(int loExp, int hiExp)
{
    const int stride = std::max(1, (hiExp - loExp + 3) / 4);
    std::vector<int> out;
    for (int e = hiExp; e >= loExp; e -= stride)
        out.push_back(e);
    return out;
}
} // namespace

void EnergyPlot::updateRanges()
{
    Pipeline& p = *m_p;
    const Ranges r = runRanges();
    for (vtkChartXY* chart : {p.energyChart.Get(), p.errorChart.Get()})
        chart->GetAxis(vtkAxis::BOTTOM)->SetRange(r.tLo, r.tHi);
    p.energyChart->GetAxis(vtkAxis::LEFT)->SetRange(r.eLo, r.eHi);

    vtkAxis* errorAxis = p.errorChart->GetAxis(vtkAxis::LEFT);
    errorAxis->SetUnscaledRange(std::pow(10.0, r.loExp), std::pow(10.0, r.hiExp));
    vtkNew<vtkDoubleArray> ticks;
    vtkNew<vtkStringArray> labels;
    for (int e : labelledDecades(r.loExp, r.hiExp)) {
        ticks->InsertNextValue(double(e)); // log axes take tick positions in log10 units
        labels->InsertNextValue("1e" + std::to_string(e));
    }
    errorAxis->SetCustomTickPositions(ticks, labels);

    for (vtkChartXY* chart : {p.energyChart.Get(), p.errorChart.Get()}) {
        chart->GetAxis(vtkAxis::LEFT)->RecalculateTickSpacing();
        chart->GetAxis(vtkAxis::BOTTOM)->RecalculateTickSpacing();
    }
}

EnergyPlot::EnergyTicks EnergyPlot::energyTicks(double lo, double hi) const
{
    EnergyTicks out;
    out.title = energyTitle(m_mode);
    const double span = hi - lo;
    const double magnitude = std::max(std::abs(lo), std::abs(hi));
    if (!(std::isfinite(span) && span > 0.0 && span < kOffsetLabelsBelow * magnitude))
        return out;
    // ticks at multiples of a round step from an offset that is itself a multiple of it:
    // the first sample's total when it is in view (steady while the run drifts), else the
    // middle of the range
    out.offset = true;
    const double step = niceStep(span / 5.0);
    const bool e0InView = m_mode == EnergyPlotMode::Separate && m_haveE0 && m_e0 >= lo && m_e0 <= hi;
    const double offset = std::round((e0InView ? m_e0 : 0.5 * (lo + hi)) / step) * step;
    const long long kLo = (long long)std::ceil((lo - offset) / step - 1e-9);
    const long long kHi = (long long)std::floor((hi - offset) / step + 1e-9);
    // one exponent for every label (that of the largest), as many decimals as the step needs
    const int stepExp = decadeOf(step);
    const long long kMax = std::max(std::abs(kLo), std::abs(kHi));
    const int exp = kMax > 0 ? decadeOf(double(kMax) * step) : stepExp;
    const int decimals = std::max(0, exp - stepExp);
    for (long long k = kLo; k <= kHi; ++k) {
        out.ticks.push_back(offset + double(k) * step);
        char buf[48] = "0";
        if (k != 0)
            std::snprintf(buf, sizeof buf, "%+.*fe%d", decimals, double(k) * step / std::pow(10.0, exp), exp);
        out.labels.push_back(buf);
    }
    const std::string base = m_mode == EnergyPlotMode::Stacked ? "stacked energy" : "energy";
    out.title = base + (offset < 0.0 ? " + " : " \xe2\x88\x92 ") +
                scientific(std::abs(offset), decadeOf(std::abs(offset)) - stepExp + 1) + " (J)";
    return out;
}

void EnergyPlot::updateEnergyTicks()
{
    vtkAxis* axis = m_p->energyChart->GetAxis(vtkAxis::LEFT);
    const EnergyTicks et = energyTicks(axis->GetMinimum(), axis->GetMaximum());
    if (et.offset) {
        vtkNew<vtkDoubleArray> ticks;
        vtkNew<vtkStringArray> labels;
        for (std::size_t i = 0; i < et.ticks.size(); ++i) {
            ticks->InsertNextValue(et.ticks[i]);
            labels->InsertNextValue(et.labels[i]);
        }
        // only when they change: the axis recomputes its layout on every Modified()
        vtkStringArray* shown = axis->GetTickLabels();
        vtkDoubleArray* shownAt = axis->GetTickPositions();
        bool same = m_offsetTicks && shown->GetNumberOfValues() == labels->GetNumberOfValues() &&
                    shownAt->GetNumberOfTuples() == ticks->GetNumberOfTuples();
        for (vtkIdType i = 0; same && i < labels->GetNumberOfValues(); ++i)
            same = shown->GetValue(i) == labels->GetValue(i) && shownAt->GetValue(i) == ticks->GetValue(i);
        if (!same)
            axis->SetCustomTickPositions(ticks, labels);
        m_offsetTicks = true;
    } else if (m_offsetTicks) {
        axis->SetCustomTickPositions(nullptr, nullptr); // VTK's own ticks again
        m_offsetTicks = false;
    }
    if (et.title != axis->GetTitle())
        axis->SetTitle(et.title);
}

void EnergyPlot::mouseDoubleClickEvent(QMouseEvent* event)
{
    setFollowsRun(true);
    event->accept();
}

// ------------------------------------------------------------------------------------------------
// export: the charts as data for PlotFigure, and the numbers behind them

PlotFigure EnergyPlot::figure() const
{
    const Pipeline& p = *m_p;
    const Ranges r = runRanges();
    double tLo = r.tLo, tHi = r.tHi, eLo = r.eLo, eHi = r.eHi;
    double errLo = std::pow(10.0, r.loExp), errHi = std::pow(10.0, r.hiExp);
    if (!m_follow) {
        // the user's pan or zoom, as on screen
        vtkAxis* t = p.energyChart->GetAxis(vtkAxis::BOTTOM);
        vtkAxis* e = p.energyChart->GetAxis(vtkAxis::LEFT);
        vtkAxis* err = p.errorChart->GetAxis(vtkAxis::LEFT);
        tLo = t->GetMinimum();
        tHi = t->GetMaximum();
        eLo = e->GetMinimum();
        eHi = e->GetMaximum();
        errLo = err->GetUnscaledMinimum();
        errHi = err->GetUnscaledMaximum();
    }
    const int loExp = int(std::floor(std::log10(errLo) + 1e-9));
    const int hiExp = int(std::ceil(std::log10(errHi) - 1e-9));

    PlotFigure fig;
    const std::vector<double> time = timeValues();
    const bool drawable = time.size() >= 2;
    const bool stacked = m_mode == EnergyPlotMode::Stacked;
    auto colourOf = [](const TermStyle& st, int alpha = 255) { return QColor(st.r, st.g, st.b, alpha); };

    PlotPanel energy;
    energy.weight = 0.68;
    energy.x.min = tLo;
    energy.x.max = tHi;
    energy.x.ticks = niceTicks(tLo, tHi, 6);
    energy.y.min = eLo;
    energy.y.max = eHi;
    const EnergyTicks et = energyTicks(eLo, eHi);
    energy.y.title = QString::fromStdString(et.title);
    if (et.offset) {
        energy.y.ticks = et.ticks;
        for (const std::string& l : et.labels)
            energy.y.labels.push_back(QString::fromStdString(l));
    } else {
        energy.y.ticks = niceTicks(eLo, eHi, 5);
        energy.y.labels = tickLabels(energy.y.ticks);
    }

    std::array<std::vector<double>, kTerms> v;
    for (int k = 0; k < kTerms; ++k)
        v[k] = termValues(Term(k));
    if (drawable && !stacked) {
        // a line per shown term, the total last (on top)
        for (int k = 0; k < kTerms; ++k) {
            if (!termShown(Term(k)))
                continue;
            const TermStyle& st = kStyles[k];
            PlotSeries s;
            s.label = QString::fromUtf8(st.name);
            s.colour = colourOf(st);
            s.width = st.width;
            s.style = st.dashed ? Qt::DashLine : Qt::SolidLine;
            s.x = time;
            s.y = v[k];
            energy.series.push_back(std::move(s));
        }
        for (Term t : kLineLegendOrder)
            if (termShown(t)) {
                const TermStyle& st = kStyles[t];
                fig.legend.push_back({QString::fromUtf8(st.name), colourOf(st), st.width,
                                      st.dashed ? Qt::DashLine : Qt::SolidLine, QColor()});
            }
    } else if (drawable) {
        // bands between the running sums from the lowest potential, then the edge and budget
        std::vector<double> below(time.size(), 0.0), top(time.size());
        for (int k = 0; k < kStacked; ++k) {
            for (std::size_t i = 0; i < time.size(); ++i)
                top[i] = k == 0 ? v[k][i] - m_potMin : below[i] + v[k][i];
            if (m_seen[k]) {
                const TermStyle& st = kStyles[k];
                PlotSeries s;
                s.label = QString::fromUtf8(st.stackedName ? st.stackedName : st.name);
                s.colour = colourOf(st);
                s.fill = colourOf(st, 200);
                s.x = time;
                s.y = top;
                s.yLow = below;
                energy.series.push_back(std::move(s));
            }
            below = top;
        }
        PlotSeries edge;
        edge.label = QString::fromUtf8(kTopEdgeLabel);
        edge.colour = QColor(20, 20, 20);
        edge.width = 2.5;
        edge.x = time;
        edge.y = top;
        energy.series.push_back(edge);
        fig.legend.push_back({edge.label, edge.colour, edge.width, Qt::SolidLine, QColor()});
        if (m_seen[Term::ExternalWork]) {
            PlotSeries budget;
            budget.label = QString::fromUtf8(kBudgetLabel);
            budget.colour = QColor(148, 103, 189);
            budget.style = Qt::DashLine;
            budget.x = time;
            for (double w : v[Term::ExternalWork])
                budget.y.push_back((m_e0 - m_potMin) + w);
            fig.legend.push_back({budget.label, budget.colour, budget.width, budget.style, QColor()});
            energy.series.push_back(std::move(budget));
        }
        for (int k = kStacked - 1; k >= 0; --k)
            if (m_seen[k]) {
                const TermStyle& st = kStyles[k];
                fig.legend.push_back({QString::fromUtf8(st.stackedName ? st.stackedName : st.name), colourOf(st), 1.0,
                                      Qt::SolidLine, colourOf(st, 200)});
            }
    }

    PlotPanel error;
    error.weight = 0.32;
    error.x = energy.x;
    error.x.labels = tickLabels(error.x.ticks);
    error.x.title = QStringLiteral("time (s)");
    error.y.log = true;
    error.y.min = errLo;
    error.y.max = errHi;
    error.y.title = QStringLiteral("|\u0394E| / |E0|");
    for (int e : labelledDecades(loExp, hiExp)) {
        error.y.ticks.push_back(std::pow(10.0, e));
        error.y.labels.push_back(QStringLiteral("1e%1").arg(e));
    }
    if (drawable) {
        PlotSeries s;
        s.label = QStringLiteral("|balance error| / |E0|");
        s.colour = QColor(106, 61, 154);
        s.x = valuesOf(p.errorTime);
        s.y = relativeErrorValues();
        error.series.push_back(std::move(s));
    }

    fig.panels.push_back(std::move(energy));
    fig.panels.push_back(std::move(error));
    for (const auto& [t, label] : p.markers->markers())
        fig.markers.emplace_back(t, QString::fromStdString(label));
    return fig;
}

void EnergyPlot::paintPlot(QPainter& painter, const QRectF& rect) const
{
    paintFigure(painter, rect, figure());
}

QString EnergyPlot::csvText() const
{
    // time, the shown terms in legend order, the plotted relative error; 17 significant digits
    std::vector<Term> columns;
    for (Term t : kLineLegendOrder)
        if (termShown(t))
            columns.push_back(t);
    QString out = QStringLiteral("time");
    for (Term t : columns)
        out += QLatin1Char(',') + QLatin1String(kCsvNames[t]);
    out += QStringLiteral(",relative_balance_error\n");
    const std::vector<double> time = timeValues();
    const std::vector<double> rel = relativeErrorValues();
    std::vector<std::vector<double>> values;
    for (Term t : columns)
        values.push_back(termValues(t));
    for (std::size_t i = 0; i < time.size(); ++i) {
        out += QString::number(time[i], 'g', 17);
        for (const std::vector<double>& c : values)
            out += QLatin1Char(',') + QString::number(c[i], 'g', 17);
        out += QLatin1Char(',') + QString::number(rel[i], 'g', 17) + QLatin1Char('\n');
    }
    return out;
}

} // namespace tumble::ui
