#pragma once
// BondFrameOverlay: the selected bond's geometry in the 3D view: its bond frame as three short
// arrows at the bond's contact point (x red, y green, z blue as the body triads; z along the
// bond, body 2's material line e2; x, y the frame Wang's angles are measured in) and its bending
// plane, a translucent amber quad spanned by the bond axis and the bending direction b at
// azimuth phi, on the side body 1's line leans to (e1 = cos theta e2 + sin theta b).
//
// Design note. Drawn in a renderer of its own over the rest of the scene (SceneView puts it on
// the top layer, which clears depth): the contact point lies where the two spheres meet, so any
// depth test against the impostors (flat at their centres) would cut the arrows in half, and the
// selected bond's frame should show through a packing anyway. Sizes follow the smaller of the
// two spheres' radii R: arrows kAxisLength R, the plane kPlaneLength R along the bond either
// side of the contact point and kPlaneLength R toward b. The plane is hidden while the bond is
// practically straight (theta < kFlatBend), where phi is undefined. The geometry is a handful
// of points, rebuilt per snapshot: arrows by a glyph mapper over three points, the plane and
// its outline from one quad. Rejected: a vtkAxesActor (its own labels and scaling, and no place
// for the plane).
#include <array>
#include <memory>

#include "math/Types.h"
#include "session/FrameSnapshot.h"

class vtkRenderer;

namespace tumble::ui {

class BondFrameOverlay {
public:
    static constexpr double kAxisLength = 2.0;  ///< frame arrows, x the smaller radius (out of the spheres)
    static constexpr double kPlaneLength = 1.6; ///< bending plane half-length and width, x the smaller radius
    static constexpr double kFlatBend = 1e-6;   ///< rad: below this bend the plane is hidden

    /// Adds the overlay's actors to renderer.
    explicit BondFrameOverlay(vtkRenderer* renderer);
    ~BondFrameOverlay();
    BondFrameOverlay(const BondFrameOverlay&) = delete;
    BondFrameOverlay& operator=(const BondFrameOverlay&) = delete;

    /// Draws bond b (an intact bond with finite numbers; otherwise hides).
    void update(const BondState& b);
    void hide();

    bool visible() const { return m_visible; }
    bool planeVisible() const { return m_planeVisible; }
    /// Where the arrows start, m, and each arrow (tip - start), m, world frame, as last drawn.
    const Vec3& origin() const { return m_origin; }
    const Vec3& axis(int i) const { return m_axes[std::size_t(i)]; }
    /// The bending plane's corners as last drawn, m, world frame (in order round the quad).
    const std::array<Vec3, 4>& planeCorners() const { return m_corners; }

private:
    struct Pipeline;
    std::unique_ptr<Pipeline> m_p;
    bool m_visible = false;
    bool m_planeVisible = false;
    Vec3 m_origin = Vec3::Zero();
    std::array<Vec3, 3> m_axes{};
    std::array<Vec3, 4> m_corners{};
};

} // namespace tumble::ui
