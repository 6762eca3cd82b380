#pragma once
// Where a world point is drawn in a SceneView, in the view's logical pixels: VTK's own forward
// projection through the view's renderer. A frame in flight on the render thread is finished
// first (grabFramebuffer), so the renderer is not read while it renders.
#include <cmath>

#include <QPoint>

#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkRendererCollection.h>

#include "view3d/SceneView.h"

namespace tumble::ui::test {

/// x, y, z in m (world frame).
inline QPoint projected(SceneView& view, double x, double y, double z)
{
    view.grabFramebuffer();
    vtkRenderer* ren = view.renderWindow()->GetRenderers()->GetFirstRenderer();
    ren->SetWorldPoint(x, y, z, 1.0);
    ren->WorldToDisplay();
    double d[3];
    ren->GetDisplayPoint(d);
    const double dpr = view.devicePixelRatioF();
    const int h = view.renderWindow()->GetSize()[1];
    return QPoint(int(std::floor(d[0] / dpr)), int(std::floor((h - d[1]) / dpr)));
}

} // namespace tumble::ui::test
