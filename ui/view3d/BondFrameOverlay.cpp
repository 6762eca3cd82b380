#include "view3d/BondFrameOverlay.h"

#include <vtkActor.h>
#include <vtkArrowSource.h>
#include <vtkCellArray.h>
#include <vtkDoubleArray.h>
#include <vtkGlyph3DMapper.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>

namespace tumble::ui {

struct BondFrameOverlay::Pipeline {
    // three arrows: one point each at the contact point, its direction, length and colour
    vtkNew<vtkArrowSource> arrow;
    vtkNew<vtkPolyData> arrows;
    vtkNew<vtkPoints> arrowPoints;
    vtkNew<vtkDoubleArray> direction;
    vtkNew<vtkDoubleArray> length;
    vtkNew<vtkUnsignedCharArray> colour;
    vtkNew<vtkGlyph3DMapper> arrowMapper;
    vtkNew<vtkActor> arrowActor;
    // the bending plane: one quad, filled translucent and outlined
    vtkNew<vtkPolyData> plane;
    vtkNew<vtkPoints> planePoints;
    vtkNew<vtkPolyDataMapper> planeMapper;
    vtkNew<vtkActor> planeActor;
    vtkNew<vtkActor> planeEdgeActor;
};

BondFrameOverlay::BondFrameOverlay(vtkRenderer* renderer) : m_p(std::make_unique<Pipeline>())
{
    Pipeline& p = *m_p;
    p.arrow->SetTipResolution(16);
    p.arrow->SetShaftResolution(12);
    p.arrow->SetShaftRadius(0.05);
    p.arrow->SetTipRadius(0.13);
    p.arrow->SetTipLength(0.25);
    p.arrowPoints->SetDataTypeToDouble();
    p.arrowPoints->SetNumberOfPoints(3);
    p.direction->SetName("direction");
    p.direction->SetNumberOfComponents(3);
    p.direction->SetNumberOfTuples(3);
    p.length->SetName("length");
    p.length->SetNumberOfTuples(3);
    p.colour->SetName("colour");
    p.colour->SetNumberOfComponents(3);
    // x red, y green, z blue: the body triads' colours (BodyOverlay)
    const unsigned char rgb[3][3] = {{214, 39, 40}, {44, 160, 44}, {31, 90, 220}};
    for (int k = 0; k < 3; ++k)
        p.colour->InsertNextTypedTuple(rgb[k]);
    p.arrows->SetPoints(p.arrowPoints);
    p.arrows->GetPointData()->AddArray(p.direction);
    p.arrows->GetPointData()->AddArray(p.length);
    p.arrows->GetPointData()->SetScalars(p.colour);
    p.arrowMapper->SetInputData(p.arrows);
    p.arrowMapper->SetSourceConnection(p.arrow->GetOutputPort());
    p.arrowMapper->SetOrientationArray("direction");
    p.arrowMapper->SetOrientationModeToDirection();
    p.arrowMapper->SetScaleArray("length");
    p.arrowMapper->SetScaleModeToScaleByMagnitude();
    p.arrowMapper->SetColorModeToDirectScalars();
    p.arrowMapper->ScalarVisibilityOn();
    p.arrowActor->SetMapper(p.arrowMapper);
    p.arrowActor->GetProperty()->SetAmbient(0.35);
    p.arrowActor->GetProperty()->SetDiffuse(0.75);
    p.arrowActor->GetProperty()->SetSpecular(0.2);
    p.arrowActor->PickableOff();
    p.arrowActor->VisibilityOff();

    p.planePoints->SetDataTypeToDouble();
    p.planePoints->SetNumberOfPoints(4);
    vtkNew<vtkCellArray> quad;
    const vtkIdType ids[4] = {0, 1, 2, 3};
    quad->InsertNextCell(4, ids);
    p.plane->SetPoints(p.planePoints);
    p.plane->SetPolys(quad);
    p.planeMapper->SetInputData(p.plane);
    p.planeMapper->ScalarVisibilityOff();
    p.planeActor->SetMapper(p.planeMapper);
    p.planeActor->GetProperty()->SetColor(1.0, 0.72, 0.10);
    p.planeActor->GetProperty()->SetOpacity(0.38);
    p.planeActor->GetProperty()->SetAmbient(0.6);
    p.planeActor->GetProperty()->SetDiffuse(0.4);
    p.planeActor->GetProperty()->BackfaceCullingOff();
    p.planeActor->PickableOff();
    p.planeActor->VisibilityOff();
    p.planeEdgeActor->SetMapper(p.planeMapper);
    p.planeEdgeActor->GetProperty()->SetRepresentationToWireframe();
    p.planeEdgeActor->GetProperty()->SetColor(0.62, 0.36, 0.0);
    p.planeEdgeActor->GetProperty()->SetLineWidth(2.0);
    p.planeEdgeActor->GetProperty()->LightingOff();
    p.planeEdgeActor->PickableOff();
    p.planeEdgeActor->VisibilityOff();

    // the plane first: the arrows along its edge draw over it
    renderer->AddActor(p.planeActor);
    renderer->AddActor(p.planeEdgeActor);
    renderer->AddActor(p.arrowActor);
}

BondFrameOverlay::~BondFrameOverlay() = default;

void BondFrameOverlay::hide()
{
    Pipeline& p = *m_p;
    p.arrowActor->VisibilityOff();
    p.planeActor->VisibilityOff();
    p.planeEdgeActor->VisibilityOff();
    m_visible = m_planeVisible = false;
}

void BondFrameOverlay::update(const BondState& b)
{
    const double r = std::min(b.radius[0], b.radius[1]);
    if (b.broken || !isFinite(b) || !(r > 0.0) || !std::isfinite(r)) {
        hide();
        return;
    }
    Pipeline& p = *m_p;
    const BondInspection& s = b.inspection;
    m_origin = s.contactPoint;
    const double axisLength = kAxisLength * r;
    for (int k = 0; k < 3; ++k) {
        const auto id = static_cast<vtkIdType>(k);
        m_axes[std::size_t(k)] = axisLength * s.frame[k];
        p.arrowPoints->SetPoint(id, m_origin.x(), m_origin.y(), m_origin.z());
        p.direction->SetTuple3(id, s.frame[k].x(), s.frame[k].y(), s.frame[k].z());
        p.length->SetValue(id, axisLength);
    }
    p.arrowPoints->Modified();
    p.direction->Modified();
    p.length->Modified();
    p.arrows->Modified();
    p.arrowActor->VisibilityOn();
    m_visible = true;

    // the plane of the bond axis z and the bending direction b, toward b from the axis
    m_planeVisible = s.loads.theta >= kFlatBend;
    const double half = kPlaneLength * r;
    const Vec3 along = half * s.frame[2];
    const Vec3 across = half * s.bendDirection;
    m_corners = {m_origin - along, m_origin + along, m_origin + along + across, m_origin - along + across};
    for (int k = 0; k < 4; ++k) {
        const Vec3& c = m_corners[std::size_t(k)];
        p.planePoints->SetPoint(static_cast<vtkIdType>(k), c.x(), c.y(), c.z());
    }
    p.planePoints->Modified();
    p.plane->Modified();
    p.planeActor->SetVisibility(m_planeVisible);
    p.planeEdgeActor->SetVisibility(m_planeVisible);
}

} // namespace tumble::ui
