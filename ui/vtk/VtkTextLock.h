#pragma once
// VtkTextLock: one lock around VTK's text rendering in the whole process.
//
// Design note. VTK draws text through process-wide singletons (vtkTextRenderer over
// vtkFreeTypeTools and its FreeType cache), which are not thread-safe. With a SceneView
// rendering on its RenderThread while the energy plot or the Poinsot view render on the GUI
// thread, two threads would use that cache at once. So every VTK render on the GUI thread holds
// vtkTextLock() (VtkOpenGLWidget's paintGL), and on a render thread only the props that draw
// text hold it while they render: LockedTextActor and LockedScalarBarActor, a few ms a frame,
// so the GUI thread never waits for a whole slow frame. The lock is recursive: a compare-mode
// SceneView renders its locked actors inside the GUI thread's locked render.
#include <mutex>

#include <vtkScalarBarActor.h>
#include <vtkTextActor.h>

namespace tumble::ui {

/// The lock held while VTK renders text.
std::recursive_mutex& vtkTextLock();

/// A vtkTextActor that renders under vtkTextLock().
class LockedTextActor : public vtkTextActor {
public:
    static LockedTextActor* New();
    vtkTypeMacro(LockedTextActor, vtkTextActor) int RenderOpaqueGeometry(vtkViewport* viewport) override;
    int RenderOverlay(vtkViewport* viewport) override;

protected:
    LockedTextActor() = default;
};

/// A vtkScalarBarActor (title and labels are text) that renders under vtkTextLock().
class LockedScalarBarActor : public vtkScalarBarActor {
public:
    static LockedScalarBarActor* New();
    vtkTypeMacro(LockedScalarBarActor, vtkScalarBarActor) int RenderOpaqueGeometry(vtkViewport* viewport) override;
    int RenderOverlay(vtkViewport* viewport) override;

protected:
    LockedScalarBarActor() = default;
};

} // namespace tumble::ui
