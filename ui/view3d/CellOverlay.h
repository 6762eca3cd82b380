#pragma once
// CellOverlay: a periodic cell in the 3D view (issue 20): the parallelepiped's twelve edges,
// following its side vectors H every snapshot, and the images of the member spheres near its
// periodic faces.
//
// Design note. The edges are one polydata of eight corners and twelve lines in SceneView's main
// renderer, which keeps the spheres' depth: an edge behind a sphere is hidden by it, as a wire
// frame in space should be. The images are shifted copies x + H n of the spheres whose copy lies
// within one largest sphere diameter d of the cell, i.e. within d / width_k of [0, 1] in the
// fractional coordinate along each periodic axis k (width_k the distance between the faces axis
// k crosses, so a sheared cell gets the same margin in space). images() lists them; SceneView
// draws them in its sphere shares after the members themselves (same impostors, same colour),
// so they cost no renderer of their own and picking, which walks the members, never hits one.
// Rejected: drawing the images as a second impostor actor here (a second copy of the shaders and
// colour tables to keep in step with SceneView's) and a full ring of images (a 3 x 3 x 3 block of
// the cell hides the cell itself).
#include <array>
#include <memory>
#include <vector>

#include "math/Types.h"
#include "session/CellState.h"
#include "session/FrameSnapshot.h"

class vtkRenderer;

namespace tumble::ui {

class CellOverlay {
public:
    /// Adds the edges' actor to renderer (hidden until update()).
    explicit CellOverlay(vtkRenderer* renderer);
    ~CellOverlay();
    CellOverlay(const CellOverlay&) = delete;
    CellOverlay& operator=(const CellOverlay&) = delete;

    /// Draws cell's edges where its side vectors are now.
    void update(const CellState& cell);
    void hide();
    bool visible() const { return m_visible; }

    /// The edges as last drawn: each from corner H s to corner H s', s and s' fractional corners
    /// (0 or 1 per axis) that differ along one axis, m.
    using Edge = std::array<Vec3, 2>;
    const std::array<Edge, 12>& edges() const { return m_edges; }

    /// The images of s's drawable members (finite, radius > 0) within one largest member
    /// diameter of s's cell along its periodic axes: positions (3 per image, m) and the member
    /// each copies (index into s's members); both cleared first (they keep their capacity).
    /// Nothing without a cell.
    static void images(const FrameSnapshot& s, std::vector<float>& xyz, std::vector<int>& member);

private:
    struct Pipeline;
    std::unique_ptr<Pipeline> m_p;
    bool m_visible = false;
    std::array<Edge, 12> m_edges{};
};

} // namespace tumble::ui
