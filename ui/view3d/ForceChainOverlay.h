#pragma once
// ForceChainOverlay: the contact force network (PFC's and YADE's force chains): a line between
// the centres of every two touching bodies' spheres in the snapshot (FrameSnapshot::chainMembers),
// wider and warmer the larger its normal spring force.
//
// Design note. Drawn on the view's top layer, which clears the depth: a line between two centres
// runs inside both spheres and would be hidden by them, so the network is drawn over the packing,
// as PFC plots it. Four width classes (one actor each: VTK's line width is per actor) by the
// force against the scale's top, and the colour through the view's cool-to-warm map. The top of
// the scale grows at once and shrinks with a one-second memory of wall time, like the sphere
// colours, so a steady packing keeps steady lines. All the work is the snapshot's lines: the
// worker only lists the touching pairs (SnapshotBuilder::fillForceChains).
#include <QElapsedTimer>

#include <array>
#include <memory>
#include <vector>

#include "session/FrameSnapshot.h"

class vtkRenderer;

namespace tumble::ui {

class ForceChainOverlay {
public:
    static constexpr int kClasses = 4;
    /// Line width of each class, px: forces up to 1/4, 1/2, 3/4 of the scale and above.
    static constexpr std::array<float, kClasses> kWidths = {1.0f, 2.0f, 3.5f, 5.5f};

    /// Adds the lines' actors to renderer (hidden until update()).
    explicit ForceChainOverlay(vtkRenderer* renderer);
    ~ForceChainOverlay();
    ForceChainOverlay(const ForceChainOverlay&) = delete;
    ForceChainOverlay& operator=(const ForceChainOverlay&) = delete;

    /// Draws s's chains whose two spheres are finite; hides them when s carries none.
    void update(const FrameSnapshot& s);
    void hide();
    /// A new scene: the scale starts again.
    void restartScale();

    /// Chains drawn at the last update.
    std::size_t drawnCount() const { return m_forces.size(); }
    /// The two end points of drawn chain k (m): the first sphere's centre and the second's, or
    /// its image's in a periodic cell.
    std::array<Vec3, 2> ends(std::size_t k) const;
    /// Drawn chain k's force (N) and width class (0 to kClasses - 1).
    float force(std::size_t k) const { return m_forces[k]; }
    int widthClass(std::size_t k) const { return m_classes[k]; }
    /// The scale's top, N: the largest force for the widest lines and the warmest colour.
    double forceScale() const { return m_scale; }

private:
    struct Pipeline;
    std::unique_ptr<Pipeline> m_p;
    std::vector<float> m_ends; // 6 per drawn chain, m
    std::vector<float> m_forces;
    std::vector<int> m_classes;
    double m_scale = 0.0;
    QElapsedTimer m_clock;
};

} // namespace tumble::ui
