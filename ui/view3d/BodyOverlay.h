#pragma once
// BodyOverlay: what the 3D view draws over the bodies so a tumbling clump can be judged by eye:
// a body-axes triad, the angular velocity w and angular momentum L as arrows from the centre of
// mass, and a fading trail of a point fixed in the body.
//
// Design note.
// - Triad: e1 e2 e3 (principal axes, J1 <= J2 <= J3) in red, green, blue as in ParaView, each
//   1.3 R long from the centre of mass (R the body's bounding radius), so they poke out of the
//   member spheres without reaching far into the neighbours.
// - Arrows: both are scaled by one reference per body, |L_ref|, the |L| it had the first time
//   the overlay saw it in this scene revision (the load or reset snapshot):
//       L arrow length = 1.5 R |L| / |L_ref|
//       w arrow length = 1.5 R |w| / w_ref,   w_ref = |L_ref| / J2.
//   For a torque-free body L is conserved, so its arrow must keep its length and direction:
//   a turning or growing L arrow is integrator error, visible at a glance. The w arrow uses
//   the same reference through J2, so w = L / J reads directly: spinning about e2 the two
//   arrows are equally long; about e3 (J3 > J2) w is shorter, about e1 longer. A body at rest
//   at load (w_ref below kRestRate) falls back to the largest |L| seen so far in the revision
//   (at least J2 kRestRate), so a clump that only starts turning after a collision still gets
//   arrows of at most 1.5 R. Lengths are capped at kMaxLength R so a blow-up cannot fill the
//   screen. w is orange and opaque, slimmer; L is magenta, fatter and translucent, so w shows
//   through L when they are parallel (a principal-axis spin).
// - Trail: the world position of a point fixed in the body, the surface point of the member
//   farthest from the centre of mass (R e1 for a sphere: its surface point on e1, which shows
//   its spin), kept for the last kTrailLength snapshots as a polyline whose alpha fades from
//   opaque (newest) to transparent (oldest, when the trail is full); the newest point is a dot.
//   A trail keeps the body's pose (centre, orientation) per snapshot and places the point from
//   it. Between two snapshots it inserts points on the slerp of the orientations (and the
//   straight line of the centres), at most kTrailStepAngle of rotation apart (at most
//   kTrailMaxSubdivisions per gap): a clump spinning at 6 rad/s turns 0.5 rad between frames
//   at 12 fps, and a chord polygon would hide the path's shape. The slerp is the path of a
//   constant w about a fixed axis between the two poses: close to the body's own while w
//   changes little within a frame (display only; the snapshot poses themselves are exact). Trails follow the selected
//   body, and every clump when the scene has at most kTrailAllClumps. They restart on a new scene revision (load or
//   reset), when time goes backwards, and when switched off.
// - Which bodies: triads on every clump, or only on the selected body, or none (TriadMode). A
//   sphere gets a triad and arrows only when selected (the snapshot's `selected` state). The
//   arrows go with the triads; with triads off they go on every clump and the selected body.
// - Geometry: arrows are built by hand (a 12-sided shaft and cone each) into two polydata,
//   opaque (triads, w) and translucent (L); the trails are one polydata of polylines with RGBA
//   colours. Each update overwrites points, normals and colours in place; the cells are
//   rebuilt only when the number of arrows or trail points changes, into arrays that keep their
//   capacity, so a steady scene allocates nothing per frame. Non-finite states are skipped.
//   Rejected: vtkGlyph3D with an arrow source (a new output every update, and a separate
//   orientation array per glyph type); a VTK actor per clump (hundreds of actors).
#include <array>
#include <memory>
#include <vector>

#include "math/Types.h"
#include "session/FrameSnapshot.h"
#include "view3d/OverlayOptions.h"

class vtkRenderer;

namespace tumble::ui {

/// What an overlay arrow shows.
enum class ArrowKind { E1, E2, E3, AngularVelocity, AngularMomentum };

/// One arrow as built: from the centre of mass to its tip, world frame, m.
struct OverlayArrow {
    int body = -1;
    ArrowKind kind = ArrowKind::E1;
    Vec3 from = Vec3::Zero();
    Vec3 to = Vec3::Zero();
};

/// One trail vertex as uploaded: world position (m) and alpha (0 transparent .. 1 opaque);
/// key: placed from a snapshot's pose (else interpolated between two of them).
struct TrailVertex {
    Vec3 position = Vec3::Zero();
    double alpha = 0.0;
    bool key = false;
};

class BodyOverlay {
public:
    static constexpr double kTriadLength = 1.3;      ///< triad axis length, x bounding radius
    static constexpr double kArrowLength = 1.5;      ///< w and L arrow length at the reference, x R
    static constexpr double kMaxLength = 8.0;        ///< longest arrow, x R
    static constexpr double kRestRate = 1e-3;        ///< rad/s: below this w_ref a body is at rest
    static constexpr int kTrailLength = 300;         ///< snapshots a trail remembers
    static constexpr int kTrailAllClumps = 8;        ///< up to this many clumps all get trails
    static constexpr double kTrailStepAngle = 0.08;  ///< rad: most rotation between trail points
    static constexpr int kTrailMaxSubdivisions = 16; ///< most segments between two snapshots

    /// Adds the overlay's actors to renderer (kept alive by the overlay); removes them again
    /// on destruction.
    explicit BodyOverlay(vtkRenderer* renderer);
    ~BodyOverlay();
    BodyOverlay(const BodyOverlay&) = delete;
    BodyOverlay& operator=(const BodyOverlay&) = delete;

    void setOptions(const OverlayOptions& options);
    const OverlayOptions& options() const { return m_options; }

    /// Rebuilds the geometry from snapshot s with body selected (-1: none) picked. A trail
    /// takes a point only when time has advanced since its last one, so updating again with
    /// the same snapshot (a selection or option change) changes nothing but what is shown.
    void update(const FrameSnapshot& s, int selected);

    /// The arrows built at the last update, in drawing order.
    const std::vector<OverlayArrow>& arrows() const { return m_arrows; }
    /// The vertices of arrow i as uploaded to VTK (world frame, m).
    std::vector<Vec3> arrowVertices(std::size_t i) const;
    /// Bodies that have a trail, in drawing order.
    std::vector<int> trailBodies() const;
    /// Body b's trail as uploaded to VTK, newest first (empty when b has none).
    std::vector<TrailVertex> trail(int b) const;
    /// Body b's marked point in its principal frame (m); zero when b has no trail.
    Vec3 trailOffset(int b) const;
    /// Number of points and cells in the overlay's polydata (all three), for tests.
    std::size_t pointCount() const;
    std::size_t cellCount() const;

    /// The reference |L| (kg m^2/s) the arrows of body b are scaled by; 0 when unknown.
    double referenceMomentum(int b) const;

    /// Display colours, 8-bit rgb.
    static std::array<unsigned char, 3> colour(ArrowKind kind);
    static std::array<unsigned char, 3> trailColour();

private:
    struct Pipeline; // VTK objects, kept out of this header
    struct Pose {
        Vec3 centre = Vec3::Zero();          // m, world
        Quat orientation = Quat::Identity(); // principal frame -> world
    };
    struct Trail {
        int body = -1;
        Vec3 offset = Vec3::Zero();   // marked point, principal frame, m
        std::vector<Pose> ring;       // (kTrailLength) poses, oldest overwritten first
        int head = 0;                 // next slot to write
        int count = 0;                // poses held
        int vertices = 0;             // polyline vertices at the last upload
        double lastTime = 0.0;        // s, time of the newest pose
        const Pose& key(int j) const; // j-th newest pose
    };

    void resetScene(const FrameSnapshot& s);
    double updateReference(const BodyState& b);
    void addBody(const BodyState& b, bool triad, bool arrows);
    void updateTrails(const FrameSnapshot& s, int selected, const BodyState* selectedState);
    Vec3 markedOffset(const FrameSnapshot& s, const BodyState& b) const;
    void upload();
    void uploadTrails();

    std::unique_ptr<Pipeline> m_p;
    OverlayOptions m_options;
    long long m_revision = -1;
    double m_lastTime = 0.0;            // s, time of the last snapshot seen
    std::vector<double> m_refL0;        // (bodies) |L| at first sight, -1 unseen
    std::vector<double> m_refMax;       // (bodies) largest |L| seen this revision
    std::vector<double> m_scale;        // (bodies) reference |L| of the last update
    std::vector<OverlayArrow> m_arrows; // arrows being drawn, opaque ones then L
    std::vector<double> m_arrowRadius;  // (arrows) bounding radius of the arrow's body, m
    std::vector<Trail> m_trails;
    std::vector<int> m_wanted;             // scratch: bodies that want a trail
    std::vector<unsigned char> m_segments; // scratch: polyline segments per gap between poses
};

} // namespace tumble::ui
