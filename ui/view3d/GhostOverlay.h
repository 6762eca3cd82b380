#pragma once
// GhostOverlay: the torque-free ghost in the 3D view: the body's member spheres at the exact
// orientation, translucent, with thin principal axes.
//
// Design note. The ghost is one clump (a handful of spheres), so tessellated translucent
// spheres (vtkGlyph3DMapper over a vtkSphereSource) are cheap and, unlike impostors, blend
// correctly with the opaque bodies behind them. It sits at the simulated centre of mass with the
// exact orientation: when the scheme is right the ghost coincides with the body (a white sheen
// over it); drift shows as spheres and axes pulling apart.
#include <memory>

#include "session/FrameSnapshot.h"

class vtkRenderer;

namespace tumble::ui {

class TorqueFreeGhost;

class GhostOverlay {
public:
    explicit GhostOverlay(vtkRenderer* renderer);
    ~GhostOverlay();

    /// Places the ghost of g's body from snapshot s (members from s.scene); hides it when g is
    /// inactive.
    void update(const FrameSnapshot& s, const TorqueFreeGhost& g);
    void hide();
    bool visible() const;
    /// World centres of the ghost's spheres at the last update, m (for tests).
    std::vector<Vec3> sphereCentres() const;

private:
    struct Pipeline;
    std::unique_ptr<Pipeline> m_p;
};

} // namespace tumble::ui
