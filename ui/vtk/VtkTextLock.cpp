#include "vtk/VtkTextLock.h"

#include <vtkObjectFactory.h>

namespace tumble::ui {

std::recursive_mutex& vtkTextLock()
{
    static std::recursive_mutex lock;
    return lock;
}

vtkStandardNewMacro(LockedTextActor);

int LockedTextActor::RenderOpaqueGeometry(vtkViewport* viewport)
{
    std::lock_guard<std::recursive_mutex> lock(vtkTextLock());
    return Superclass::RenderOpaqueGeometry(viewport);
}

int LockedTextActor::RenderOverlay(vtkViewport* viewport)
{
    std::lock_guard<std::recursive_mutex> lock(vtkTextLock());
    return Superclass::RenderOverlay(viewport);
}

vtkStandardNewMacro(LockedScalarBarActor);

int LockedScalarBarActor::RenderOpaqueGeometry(vtkViewport* viewport)
{
    std::lock_guard<std::recursive_mutex> lock(vtkTextLock());
    return Superclass::RenderOpaqueGeometry(viewport);
}

int LockedScalarBarActor::RenderOverlay(vtkViewport* viewport)
{
    std::lock_guard<std::recursive_mutex> lock(vtkTextLock());
    return Superclass::RenderOverlay(viewport);
}

} // namespace tumble::ui
