#include "view3d/ForceChainOverlay.h"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkColorTransferFunction.h>
#include <vtkFloatArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>

namespace tumble::ui {

namespace {

// how long the scale remembers a larger force, s (wall clock), as the sphere colours' scale
constexpr double kScaleMemory = 1.0;

} // namespace

struct ForceChainOverlay::Pipeline {
    struct Class {
        vtkNew<vtkPolyData> lines;
        vtkNew<vtkPoints> points;
        vtkNew<vtkCellArray> cells;
        vtkNew<vtkFloatArray> force;
        vtkNew<vtkPolyDataMapper> mapper;
        vtkNew<vtkActor> actor;
    };
    std::array<Class, kClasses> classes;
    vtkNew<vtkColorTransferFunction> colours;
};

ForceChainOverlay::ForceChainOverlay(vtkRenderer* renderer) : m_p(std::make_unique<Pipeline>())
{
    Pipeline& p = *m_p;
    p.colours->SetColorSpaceToDiverging();
    p.colours->AddRGBPoint(0.0, 0.230, 0.299, 0.754);
    p.colours->AddRGBPoint(1.0, 0.706, 0.016, 0.150);
    for (std::size_t c = 0; c < p.classes.size(); ++c) {
        Pipeline::Class& k = p.classes[c];
        k.points->SetDataTypeToFloat();
        k.force->SetName("force");
        k.lines->SetPoints(k.points);
        k.lines->SetLines(k.cells);
        k.lines->GetCellData()->SetScalars(k.force);
        k.mapper->SetInputData(k.lines);
        k.mapper->SetLookupTable(p.colours);
        k.mapper->SetScalarModeToUseCellData();
        k.mapper->UseLookupTableScalarRangeOn();
        k.actor->SetMapper(k.mapper);
        k.actor->GetProperty()->SetLineWidth(kWidths[c]);
        k.actor->GetProperty()->LightingOff();
        k.actor->PickableOff();
        k.actor->VisibilityOff();
        renderer->AddActor(k.actor);
    }
}

ForceChainOverlay::~ForceChainOverlay() = default;

std::array<Vec3, 2> ForceChainOverlay::ends(std::size_t k) const
{
    const float* e = &m_ends[6 * k];
    return {Vec3(e[0], e[1], e[2]), Vec3(e[3], e[4], e[5])};
}

void ForceChainOverlay::restartScale()
{
    m_scale = 0.0;
    m_clock.invalidate();
}

void ForceChainOverlay::hide()
{
    for (Pipeline::Class& k : m_p->classes)
        k.actor->VisibilityOff();
    m_ends.clear();
    m_forces.clear();
    m_classes.clear();
}

void ForceChainOverlay::update(const FrameSnapshot& s)
{
    Pipeline& p = *m_p;
    m_ends.clear();
    m_forces.clear();
    m_classes.clear();
    const std::size_t n = s.chainForce.size();
    const bool shifted = s.chainShift.size() == 3 * n;
    float top = 0.f;
    for (std::size_t k = 0; k < n; ++k) {
        const auto a = static_cast<std::size_t>(s.chainMembers[2 * k]);
        const auto b = static_cast<std::size_t>(s.chainMembers[2 * k + 1]);
        if (a >= s.memberCount() || b >= s.memberCount() || !std::isfinite(s.chainForce[k]))
            continue;
        float e[6];
        for (int c = 0; c < 3; ++c) {
            e[c] = s.positions[3 * a + std::size_t(c)];
            e[3 + c] = s.positions[3 * b + std::size_t(c)] + (shifted ? s.chainShift[3 * k + std::size_t(c)] : 0.f);
        }
        if (!std::all_of(std::begin(e), std::end(e), [](float v) { return std::isfinite(v); }))
            continue;
        m_ends.insert(m_ends.end(), std::begin(e), std::end(e));
        m_forces.push_back(s.chainForce[k]);
        top = std::max(top, s.chainForce[k]);
    }
    if (m_forces.empty()) {
        hide();
        return;
    }
    // the scale: up at once, down with a one-second memory
    const double elapsed = m_clock.isValid() ? double(m_clock.restart()) * 1e-3 : 0.0;
    if (!m_clock.isValid())
        m_clock.start();
    m_scale = std::max({double(top), std::exp(-elapsed / kScaleMemory) * m_scale, 1e-30});
    p.colours->RemoveAllPoints();
    p.colours->AddRGBPoint(0.0, 0.230, 0.299, 0.754);
    p.colours->AddRGBPoint(m_scale, 0.706, 0.016, 0.150);

    std::array<std::size_t, kClasses> counts{};
    m_classes.resize(m_forces.size());
    for (std::size_t k = 0; k < m_forces.size(); ++k) {
        const int c = std::clamp(int(std::floor(double(m_forces[k]) / m_scale * kClasses)), 0, kClasses - 1);
        m_classes[k] = c;
        ++counts[std::size_t(c)];
    }
    for (std::size_t c = 0; c < p.classes.size(); ++c) {
        Pipeline::Class& cls = p.classes[c];
        cls.points->SetNumberOfPoints(vtkIdType(2 * counts[c]));
        cls.force->SetNumberOfValues(vtkIdType(counts[c]));
        cls.cells->Reset();
        cls.cells->AllocateExact(vtkIdType(counts[c]), vtkIdType(2 * counts[c]));
    }
    std::array<vtkIdType, kClasses> at{};
    for (std::size_t k = 0; k < m_forces.size(); ++k) {
        Pipeline::Class& cls = p.classes[std::size_t(m_classes[k])];
        const vtkIdType line = at[std::size_t(m_classes[k])]++;
        cls.points->SetPoint(2 * line, m_ends[6 * k], m_ends[6 * k + 1], m_ends[6 * k + 2]);
        cls.points->SetPoint(2 * line + 1, m_ends[6 * k + 3], m_ends[6 * k + 4], m_ends[6 * k + 5]);
        const vtkIdType ids[2] = {2 * line, 2 * line + 1};
        cls.cells->InsertNextCell(2, ids);
        cls.force->SetValue(line, m_forces[k]);
    }
    for (std::size_t c = 0; c < p.classes.size(); ++c) {
        Pipeline::Class& cls = p.classes[c];
        cls.points->Modified();
        cls.cells->Modified();
        cls.force->Modified();
        cls.lines->Modified();
        cls.actor->SetVisibility(counts[c] > 0);
    }
}

} // namespace tumble::ui
