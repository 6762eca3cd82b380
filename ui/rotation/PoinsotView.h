#pragma once
// PoinsotView: Poinsot's construction for the selected body: its inertia ellipsoid rolling
// without slipping on the invariable plane, with the polhode (the path of w on the ellipsoid,
// body frame) and the herpolhode (its path on the plane, world frame).
//
// Design note. Drawn in angular-velocity space (rad/s) about the fixed point: the ellipsoid
// w . J w = 2 T0 (semi-axes sqrt(2 T0 / J_i), turning with the body) touches the plane
// w . L0 / |L0| = 2 T0 / |L0| at the current w. T0 and L0 are the body's values when the view
// started following it, not the current ones: with the current values the construction holds
// by definition, while with the start values an energy drift lifts w off the ellipsoid and
// the plane, so a scheme's error shows as the polhode spiralling instead of closing. For an
// asymmetric or symmetric top the exact polhode (TorqueFreeMotion over one period) is drawn
// thin beside the simulated one. Only torque-free motion obeys the construction; when L
// changes (a contact, damping) the caption says so.
// Colours: the exact polhode lies on the ellipsoid, so the ellipsoid (light blue, lit, over the
// dark background) is what it is seen against; it is drawn near-black, not white, which vanished
// into the lit ellipsoid and its light wireframe.
#include <array>
#include <memory>
#include <vector>

#include "session/FrameSnapshot.h"
#include "vtk/VtkOpenGLWidget.h"

namespace tumble::ui {

class PoinsotView : public VtkOpenGLWidget {
    Q_OBJECT
public:
    /// Trace points kept (each of polhode and herpolhode); older ones are dropped.
    static constexpr std::size_t kMaxTrace = 6000;
    using Rgb = std::array<double, 3>; ///< sRGB components in [0, 1], as VTK takes them
    /// The background gradient, bottom and top.
    static constexpr Rgb kBackgroundBottom = {0.13, 0.15, 0.19};
    static constexpr Rgb kBackgroundTop = {0.24, 0.27, 0.33};
    /// The inertia ellipsoid's colour and opacity.
    static constexpr Rgb kEllipsoidColour = {0.35, 0.62, 0.90};
    static constexpr double kEllipsoidOpacity = 0.55;
    /// The exact polhode's colour (near-black: drawn on the ellipsoid).
    static constexpr Rgb kExactPolhodeColour = {0.06, 0.06, 0.10};

    explicit PoinsotView(QWidget* parent = nullptr);
    ~PoinsotView() override;

    /// Follows body b (-1: none) through the snapshots; a new body, scene or reset restarts the
    /// traces and takes T0 and L0 afresh.
    void setSnapshot(SnapshotPtr s, int body);
    /// Starts the traces again from the body's state in the last snapshot (new T0, L0).
    void restart();

    bool following() const { return m_following; }
    /// The reference energy 2 T0 (J) and momentum L0 (kg m^2/s, world) of the construction.
    double twoT0() const { return m_twoT0; }
    const Vec3& l0() const { return m_l0; }
    /// Distance of the invariable plane from the fixed point, 2 T0 / |L0|, rad/s.
    double planeDistance() const;
    /// Polhode (body frame) and herpolhode (world frame) points, rad/s, oldest first.
    const std::vector<Vec3>& polhode() const { return m_polhode; }
    const std::vector<Vec3>& herpolhode() const { return m_herpolhode; }
    /// The exact polhode over one period (body frame), empty when none applies.
    const std::vector<Vec3>& exactPolhode() const { return m_exactPolhode; }
    /// The caption's text.
    QString captionText() const;

protected:
    void prepareRender() override;

private:
    struct Pipeline;
    void startFrom(const BodyState& b);
    void placeCamera();
    void upload();

    std::unique_ptr<Pipeline> m_p;
    SnapshotPtr m_snapshot;
    int m_body = -1;
    long long m_revision = -1;
    bool m_following = false;
    bool m_dirty = false;
    double m_lastTime = 0.0;
    double m_twoT0 = 0.0;
    Vec3 m_l0 = Vec3::Zero();
    BodyState m_state;
    std::vector<Vec3> m_polhode, m_herpolhode, m_exactPolhode;
};

} // namespace tumble::ui
