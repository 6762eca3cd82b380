#pragma once
// SceneView: the 3D view of a snapshot: spheres, walls, a speed colour bar.
//
// Design note. Spheres are impostors: one vtkPolyData point per sphere drawn by
// vtkPointGaussianMapper with a sphere splat shader (a camera-facing quad per point, shaded as a
// sphere in the fragment shader), scaled by a "radius" array and coloured by a "speed" array
// through a lookup table. Measured on llvmpipe with 5000 spheres: tessellated glyphs 2.4 fps,
// impostors 12.7 fps (issue 2). Each snapshot overwrites the points and arrays of the
// kSphereParts polydata (below) in place: one upload per frame, no VTK object per sphere, no
// allocation once the body count is steady. Non-finite bodies (a blow-up) are skipped, so no NaN reaches VTK.
// Clumps are drawn as their member spheres (the snapshot carries members, not bodies). Colour
// shows the owning body's speed (in a periodic cell, optionally its speed relative to the
// medium, ColourMode::FluctuationSpeed) or the body itself (a distinct colour per body from a
// golden-ratio hue walk, so a clump's members look alike and neighbours differ).
// Plane walls are infinite; they are drawn as translucent polygons clipped to the scene's
// bounding box (bodies at load time plus the walls' anchor points).
// The camera is placed once per scene (a 3/4 view looking down at the box, gravity down) and
// then belongs to the user: trackball rotate (left), pan (middle or shift+left), zoom (wheel).
// Picking: a left press and release within kClickSlop pixels (no drag, so the trackball keeps
// its button) is a click; bodyAt() casts the ray through that pixel (view -> world at the near
// and far planes, device pixels, y up) and tests it analytically against every drawn member
// sphere, the nearest hit wins. Exact, and O(members) only per click. The camera and the
// snapshot are those of the frame on screen (copied after each render, afterRender), not VTK's
// live objects: the next frame may be rendering on the render thread meanwhile.
// Threading (VtkOpenGLWidget's design note): the view renders on a RenderThread, so a frame of
// 100k spheres never blocks input; every VTK edit here (snapshot upload, overlays, selection,
// colour mode, camera) runs on the GUI thread between frames (prepareRender, editPipeline).
// Compact views (compare mode) render on the GUI thread: the grid shares one vtkCamera
// between their renderers and edits it directly. Caption and colour bar are text, drawn
// under vtkTextLock() (VtkTextLock.h).
// While the camera moves (VtkOpenGLWidget::interacting) the main view draws at a level of
// detail InteractiveDetail chooses from the measured frame times: a reduced render resolution,
// then every stride-th sphere (snapshot order); snapshots that arrive meanwhile are drawn at
// that level too. kSettleMs after the camera stops it draws full quality again. Picking tests
// only the spheres of the frame on screen. Compact views always draw full quality.
// Spheres sit in kSphereParts renderers on layer 0 (the first clears and draws the background),
// everything else in the main renderer on layer 1 over their colours and depth. Choosing the
// shares to draw is then a switch per renderer (no re-upload, no actor modified). When a
// full-quality frame is slower than the budget, camera input while it renders skips the shares
// not yet drawn (VtkOpenGLWidget::frameCancellable; the frame is dropped), so a drag starts
// within one share's render, not one whole frame.
// Rejected: vtkPicker/hardware selection (a render pass per pick, and the impostors have no
// geometry a cell picker could hit). The selected body's members get an amber halo ring (a
// second impostor mapper over the same radii, drawing only 1 < |offset| < kHaloOuter).
// Bonds are lines between their spheres' centres in the main renderer, coloured per bond by its
// load against its strength (green, amber, red at 1) or, for a bond that never breaks, by the
// mode holding most of its energy (the energy plot's colours of the four bond terms; grey when
// it holds none). A bond between touching spheres lies inside them, and the impostors' depth is
// their flat camera-facing quad at the centre: so every frame each end is lifted toward the eye
// along its own view ray (the picture does not move) until it is its sphere's radius nearer in
// view depth. The line then shows over its own two spheres and stays hidden behind spheres that
// are really in front (a sphere's radius nearer or more), which drawing on top would not do.
// Where a bond broke, a red burst (an impostor, lifted likewise) shows for breakMarkerSeconds of
// wall time after the view first got the break. A legend over the caption names the colours.
// While the camera moves at a coarse level (every stride-th sphere) the bonds are not drawn.
// Bond picking: a click within kBondPickPixels of a drawn bond's line on screen (the segment
// between its spheres' projected centres) picks the bond, the nearest in depth when several are
// that close. Spheres come first where they are drawn over the bond: a sphere hit nearer than the
// bond's line (lifted as drawn) keeps the click. A bond's line is drawn over its own two
// spheres, so there it wins on the middle half of the segment (around the contact point); nearer
// a sphere's centre the click picks that sphere, so every body stays clickable in a bonded rod.
// The selected bond gets an amber rim (its line again, wider, just behind it) and its bond frame
// and bending plane (BondFrameOverlay) in a renderer on the top layer, drawn over everything.
#include <QElapsedTimer>
#include <QStringList>
#include <QTimer>

#include <Eigen/Dense>
#include <array>
#include <memory>
#include <vector>

#include "session/FrameSnapshot.h"
#include "view3d/ColourMode.h"
#include "view3d/InteractiveDetail.h"
#include "view3d/OverlayOptions.h"
#include "vtk/VtkOpenGLWidget.h"

namespace tumble::ui {

class BodyOverlay;
class BondFrameOverlay;
class CellOverlay;
class ForceChainOverlay;
class GhostOverlay;
class TorqueFreeGhost;

class SceneView : public VtkOpenGLWidget {
    Q_OBJECT
public:
    explicit SceneView(QWidget* parent = nullptr);
    ~SceneView() override;

    /// Shows this snapshot at the next paint (no lock: snapshots are immutable).
    void setSnapshot(SnapshotPtr snapshot);
    SnapshotPtr snapshot() const { return m_snapshot; }

    /// Back to the scene's initial 3/4 view.
    void resetCamera();

    /// What the sphere colours show; the next paint redraws with it.
    void setColourMode(tumble::ui::ColourMode mode);
    ColourMode colourMode() const { return m_colourMode; }
    /// The colour body b gets in ColourMode::Body.
    static QColor bodyColour(int b);
    /// The colour drawn sphere i (finite members in snapshot order) had at the last upload.
    QColor drawnColour(std::size_t i) const;

    /// The selected body (-1: none): overlays may draw only it, the inspector shows it.
    void setSelectedBody(int b);
    int selectedBody() const { return m_selectedBody; }
    /// The body drawn under a widget position (logical pixels), -1 for none: the nearest
    /// member sphere the ray through that pixel hits, in the snapshot on screen.
    int bodyAt(const QPoint& widgetPos) const;
    /// The selected bond, by its bodies' scene ids (either order; a < 0: none): highlighted,
    /// and its frame and bending plane drawn from the snapshot's selectedBond.
    void setSelectedBond(int a, int b);
    std::array<int, 2> selectedBond() const { return m_selectedBond; }
    /// The bond drawn under a widget position (logical pixels) by its bodies' scene ids in the
    /// bond's order, {-1, -1} for none: the picking rule above, in the frame on screen.
    std::array<int, 2> bondAt(const QPoint& widgetPos) const;
    /// A click this close to a bond's line (logical pixels) may pick it.
    static constexpr double kBondPickPixels = 5.0;
    /// True when the selected bond's line has its rim in the frame last prepared.
    bool bondHighlighted() const;
    /// The selected bond's frame and bending plane as last placed.
    const BondFrameOverlay& bondFrameOverlay() const { return *m_bondFrame; }
    /// Member spheres with the selection halo: the selected body's drawn members in the
    /// snapshot uploaded last (counted at once; the halo follows in the next frame).
    std::size_t highlightedSphereCount() const { return m_highlighted; }
    /// A press and release closer than this (logical pixels) is a click, not a drag.
    static constexpr int kClickSlop = 4;

    /// Triads, w and L arrows and trails drawn over the bodies (BodyOverlay).
    void setOverlayOptions(const tumble::ui::OverlayOptions& options);
    const OverlayOptions& overlayOptions() const;
    /// The overlay as last built (tests read its geometry).
    const BodyOverlay& bodyOverlay() const { return *m_overlay; }
    /// Draws g's exact torque-free pose as a translucent ghost while it is active (nullptr:
    /// none); g must outlive the view. Call update() when it changes.
    void setGhost(const TorqueFreeGhost* g);
    const GhostOverlay& ghostOverlay() const { return *m_ghostOverlay; }

    /// Compact: no colour bar and only the time in the caption (the small compare-lane views).
    /// Compact views render on the GUI thread: the compare grid links their cameras (one
    /// vtkCamera in several renderers) and edits them directly. Call before the first show.
    void setCompact(bool compact)
    {
        m_compact = compact;
        if (compact)
            setThreadedRendering(false);
    }

    /// Spheres uploaded from the last snapshot: its finite ones (a frame at a coarse level of
    /// detail draws some of them: shownSphereCount).
    std::size_t drawnSphereCount() const { return m_drawn; }
    /// The spheres are uploaded in this many shares, member i in share i % kSphereParts, each
    /// in a renderer of its own: a coarse level draws every stride-th share; a slow full-quality
    /// frame draws one share per render pass.
    static constexpr int kSphereParts = 16;
    static_assert(kSphereParts % InteractiveDetail::kMaxStride == 0);
    /// The level of detail of the frame on screen (0: full quality) and what it is.
    int shownDetailLevel() const { return m_shownLevel; }
    DetailLevel shownDetail() const { return InteractiveDetail::kLadder[std::size_t(m_shownLevel)]; }
    /// Spheres in the frame on screen.
    std::size_t shownSphereCount() const { return m_shownDrawn; }
    /// The level chooser with its per-level render times.
    const InteractiveDetail& interactiveDetail() const { return m_detail; }
    /// Images of spheres near a periodic cell's faces uploaded from the last snapshot
    /// (OverlayOptions::cellImages; drawn in the shares after the members, never picked).
    std::size_t drawnImageCount() const { return m_imagesDrawn; }
    /// The periodic cell's edges as last placed (hidden without a cell).
    const CellOverlay& cellOverlay() const { return *m_cellOverlay; }
    /// The force chains as last drawn (OverlayOptions::forceChains).
    const ForceChainOverlay& forceChainOverlay() const { return *m_chains; }
    /// Upper end of the colour scale (m/s for speed; the quantity's unit, MemberQuantity.h).
    double speedScaleMax() const { return m_speedMax; }
    /// Lower end of the colour scale: 0 but for a two-sided one (height, body id).
    double colourScaleMin() const { return m_colourLow; }
    /// Holds the colour scale where it is (a steady bar to compare frames by), or lets it follow
    /// the values again (growing at once, shrinking with a 1 s memory).
    void setColourRangeHeld(bool held) { m_holdRange = held; }
    bool colourRangeHeld() const { return m_holdRange; }

    /// Bonds uploaded from the last snapshot (both spheres finite).
    std::size_t drawnBondCount() const { return m_bondsDrawn; }
    /// The colour bond line k (drawn bonds in snapshot order) got at the last upload.
    QColor drawnBondColour(std::size_t k) const;
    /// The colour a bond gets: by its load / strength when it has a strength (load >= 0), else
    /// by its dominant mode (BondMode; -1: grey).
    static QColor bondColour(float load, int mode);
    /// Break markers in the frame last prepared.
    std::size_t breakMarkerCount() const { return m_breakMarks.size(); }
    /// How long a break stays marked, s of wall time from when the view got it.
    void setBreakMarkerSeconds(double seconds) { m_breakSeconds = seconds; }
    double breakMarkerSeconds() const { return m_breakSeconds; }
    /// The bond legend's words as drawn in the frame last prepared, row by row (empty rows
    /// left out): empty when the scene has no bonds, or in a compact view.
    QStringList bondLegend() const;

    /// Where the colour bar was last laid out, title and tick labels included: a rectangle in
    /// the render window's device pixels (y down), kept kColourBarMargin from the right edge;
    /// empty before the first frame.
    QRect colourBarBox() const;
    /// Device pixels between the colour bar's box and the view's right edge.
    static constexpr int kColourBarMargin = 8;

    /// Background colours (bottom, top) of the gradient.
    static QColor backgroundBottom();
    static QColor backgroundTop();

signals:
    /// A left click without drag: the body under the cursor (bodyAt), -1 on empty space.
    void bodyClicked(int body);
    /// A left click without drag on a bond (bondAt): its bodies' scene ids. A click on empty
    /// space emits bodyClicked(-1) and bondClicked(-1, -1).
    void bondClicked(int body1, int body2);

protected:
    void prepareRender() override;
    void afterRender() override;
    void frameShown() override;
    bool renderWanted() const override;
    void interactionEnded() override;
    bool frameCancellable() const override;
    bool frameComplete() const override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    // a rendered frame's camera: view coordinates (-1..1, z -1 near, 1 far) to world, and the
    // window size in device pixels it was rendered at
    struct ViewCamera {
        Eigen::Matrix4d viewToWorld = Eigen::Matrix4d::Identity();
        int width = 0;
        int height = 0;
        bool valid = false;
    };
    struct Pipeline; // VTK objects, kept out of this header
    void placeCamera();
    void uploadBodies(const FrameSnapshot& s);
    void afterShare(std::size_t share);               // render thread: a share drew; cut the frame short?
    void uploadSelection(const FrameSnapshot& s);     // the selected body's halo
    void uploadBonds(const FrameSnapshot& s);         // lines and their colours, the legend
    void uploadBondSelection(const FrameSnapshot& s); // the selected bond's frame and plane
    // the ray through a widget position in the frame on screen (false: no frame or camera)
    bool rayAt(const QPoint& widgetPos, Vec3& origin, Vec3& dir) const;
    // the nearest sphere the ray hits in the frame on screen: its member, and the entry distance
    int memberHit(const FrameSnapshot& s, const Vec3& origin, const Vec3& dir, double& t) const;
    void collectBreaks(const FrameSnapshot& s);   // marks the breaks not seen yet
    void placeBondsAndBreaks(bool bondsShown);    // lifted toward the eye, for this frame's camera
    void placeBondLegend(bool modes, bool loads); // the legend's rows
    void rebuildWalls(const SceneInfo& info);
    void refreshOverlay();
    void placeColourBar(); // sized to its title and labels, inside the view's right edge

    std::unique_ptr<Pipeline> m_p;
    std::unique_ptr<BodyOverlay> m_overlay;        // triads, arrows, trails, in m_p's renderer
    std::unique_ptr<GhostOverlay> m_ghostOverlay;  // the exact torque-free pose, likewise
    std::unique_ptr<BondFrameOverlay> m_bondFrame; // the selected bond's frame, on the top layer
    std::unique_ptr<CellOverlay> m_cellOverlay;    // a periodic cell's edges, in m_p's renderer
    std::unique_ptr<ForceChainOverlay> m_chains;   // the contact force network, on the top layer
    const TorqueFreeGhost* m_ghost = nullptr;
    SnapshotPtr m_snapshot;
    SnapshotPtr m_uploaded;          // the snapshot whose bodies VTK holds
    SnapshotPtr m_rendering;         // the snapshot of the frame last requested
    SnapshotPtr m_shown;             // and of the frame on screen (bodyAt)
    ViewCamera m_shownCamera;        // the camera of the frame on screen
    OverlayOptions m_overlayOptions; // as set (the overlay gets them between frames)
    bool m_ghostPlaced = false;      // the ghost was drawn in the frame last requested
    double m_ghostStart = 0.0;       // s, that ghost's start time
    long long m_sceneRevision = -1;
    std::size_t m_drawn = 0;
    InteractiveDetail m_detail;
    bool m_cutShares = false; // the frame last requested may be cut short between shares
    bool m_frameCut = false;  // and was (render thread, pipeline held)
    int m_renderingLevel = 0; // detail of the frame last requested
    int m_shownLevel = 0;     // and of the frame on screen
    std::size_t m_renderingDrawn = 0;
    std::size_t m_shownDrawn = 0;
    double m_speedMax = 0.0;     // top of the colour scale (m/s for speed)
    double m_colourLow = 0.0;    // and its bottom
    bool m_scaleStarted = false; // the scale has been set from values since the last restart
    bool m_holdRange = false;    // the user holds the scale
    ColourMode m_colourMode = ColourMode::Speed;
    bool m_compact = false; // no colour bar, time-only caption
    int m_selectedBody = -1;
    std::size_t m_highlighted = 0;     // members in the selection halo
    QPoint m_pressPos;                 // left press, for telling a click from a drag
    bool m_clickArmed = false;         // a left press that has not moved beyond kClickSlop
    QElapsedTimer m_scaleClock;        // wall time between uploads, for the scale's decay
    std::vector<float> m_speedScratch; // speeds for the percentile, reused
    std::vector<float> m_imageXyz;     // a periodic cell's images (CellOverlay::images), reused
    std::vector<int> m_imageMember;    // and the member each copies
    std::size_t m_imagesDrawn = 0;
    // the colour bar's layout: for this view size and scale (device pixels, m/s)
    int m_barViewW = 0, m_barViewH = 0;
    double m_barScale = -1.0;
    double m_barBottom = 0.0;
    std::array<int, 4> m_barBox{}; // x, y (down), width, height, device pixels
    // bonds and breaks
    struct BreakMark {
        float point[3];
        float radius;
        qint64 until; // ms of m_breakClock
    };
    std::size_t m_bondsDrawn = 0;
    std::array<int, 2> m_selectedBond{-1, -1}; // scene ids, as asked for
    long long m_selectedLine = -1;             // its line among the drawn bonds, -1: not drawn
    std::vector<BreakMark> m_breakMarks;       // shown now
    long long m_breaksSeen = 0;                // breaks of this run already marked
    long long m_breakRevision = -1;            // the run they belong to (scene revision)
    double m_breakTime = 0.0;                  // s, the time of the snapshot they were collected from
    double m_breakSeconds = 1.0;
    QElapsedTimer m_breakClock;
    QTimer m_breakTimer;  // a frame when the oldest marker is due to go
    int m_legendRows = 0; // (modes ? 1 : 0) | (loads ? 2 : 0), as placed
    int m_legendDpi = 0;
};

} // namespace tumble::ui
