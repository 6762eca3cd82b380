#include "view3d/GhostOverlay.h"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDoubleArray.h>
#include <vtkGlyph3DMapper.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkSphereSource.h>
#include <vtkUnsignedCharArray.h>

#include "session/TorqueFreeGhost.h"

namespace tumble::ui {

struct GhostOverlay::Pipeline {
    vtkNew<vtkSphereSource> sphere;
    vtkNew<vtkPolyData> centres;
    vtkNew<vtkPoints> points;
    vtkNew<vtkDoubleArray> scale;
    vtkNew<vtkGlyph3DMapper> mapper;
    vtkNew<vtkActor> actor;

    vtkNew<vtkPolyData> axes;
    vtkNew<vtkPoints> axisPoints;
    vtkNew<vtkUnsignedCharArray> axisColours;
    vtkNew<vtkPolyDataMapper> axisMapper;
    vtkNew<vtkActor> axisActor;
};

GhostOverlay::GhostOverlay(vtkRenderer* renderer) : m_p(std::make_unique<Pipeline>())
{
    Pipeline& p = *m_p;
    p.sphere->SetRadius(1.0);
    p.sphere->SetThetaResolution(32);
    p.sphere->SetPhiResolution(20);
    p.points->SetDataTypeToDouble();
    p.scale->SetName("radius");
    p.centres->SetPoints(p.points);
    p.centres->GetPointData()->AddArray(p.scale);
    p.mapper->SetInputData(p.centres);
    p.mapper->SetSourceConnection(p.sphere->GetOutputPort());
    p.mapper->SetScaleArray("radius");
    p.mapper->SetScaleModeToScaleByMagnitude();
    p.mapper->ScalarVisibilityOff();
    p.actor->SetMapper(p.mapper);
    p.actor->GetProperty()->SetColor(0.92, 0.95, 1.0);
    p.actor->GetProperty()->SetOpacity(0.38);
    p.actor->GetProperty()->SetSpecular(0.3);
    p.actor->PickableOff();
    p.actor->VisibilityOff();
    renderer->AddActor(p.actor);

    // the exact principal axes: pale red, green, blue, drawn over the spheres
    p.axisColours->SetNumberOfComponents(3);
    p.axes->SetPoints(p.axisPoints);
    p.axes->GetCellData()->SetScalars(p.axisColours);
    p.axisMapper->SetInputData(p.axes);
    p.axisActor->SetMapper(p.axisMapper);
    p.axisActor->GetProperty()->SetLineWidth(2.0);
    p.axisActor->GetProperty()->SetLineStipplePattern(0xF0F0);
    p.axisActor->PickableOff();
    p.axisActor->VisibilityOff();
    renderer->AddActor(p.axisActor);
}

GhostOverlay::~GhostOverlay() = default;

void GhostOverlay::hide()
{
    m_p->actor->VisibilityOff();
    m_p->axisActor->VisibilityOff();
}

bool GhostOverlay::visible() const
{
    return m_p->actor->GetVisibility() != 0;
}

std::vector<Vec3> GhostOverlay::sphereCentres() const
{
    std::vector<Vec3> out;
    if (!visible())
        return out;
    for (vtkIdType i = 0; i < m_p->points->GetNumberOfPoints(); ++i) {
        double x[3];
        m_p->points->GetPoint(i, x);
        out.emplace_back(x[0], x[1], x[2]);
    }
    return out;
}

void GhostOverlay::update(const FrameSnapshot& s, const TorqueFreeGhost& g)
{
    Pipeline& p = *m_p;
    if (!g.active() || !s.scene || s.scene->memberOffsets.size() != s.memberCount()) {
        hide();
        return;
    }
    const BodyState& b = g.simulated();
    const Quat& q = g.exactOrientation();
    p.points->SetNumberOfPoints(0);
    p.scale->SetNumberOfTuples(0);
    double extent = 0.0;
    for (std::size_t j = 0; j < s.memberCount(); ++j) {
        if (s.bodyOf(j) != g.body())
            continue;
        const Vec3& offset = s.scene->memberOffsets[j];
        const Vec3 x = b.position + q * offset;
        p.points->InsertNextPoint(x.x(), x.y(), x.z());
        // slightly larger than the body so coinciding surfaces do not z-fight
        p.scale->InsertNextValue(1.02 * s.radii[j]);
        extent = std::max(extent, offset.norm() + s.radii[j]);
    }
    p.points->Modified();
    p.scale->Modified();
    p.centres->Modified();

    p.axisPoints->SetNumberOfPoints(0);
    p.axisColours->SetNumberOfTuples(0);
    vtkNew<vtkCellArray> lines;
    static const unsigned char rgb[3][3] = {{255, 150, 150}, {150, 255, 150}, {150, 170, 255}};
    for (int k = 0; k < 3; ++k) {
        const Vec3 tip = b.position + q * (Vec3::Unit(k) * 1.35 * extent);
        const vtkIdType a = p.axisPoints->InsertNextPoint(b.position.x(), b.position.y(), b.position.z());
        const vtkIdType c = p.axisPoints->InsertNextPoint(tip.x(), tip.y(), tip.z());
        const vtkIdType ids[2] = {a, c};
        lines->InsertNextCell(2, ids);
        p.axisColours->InsertNextTypedTuple(rgb[k]);
    }
    p.axes->SetLines(lines);
    p.axisPoints->Modified();
    p.axes->Modified();
    p.actor->VisibilityOn();
    p.axisActor->VisibilityOn();
}

} // namespace tumble::ui
