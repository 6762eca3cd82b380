#pragma once
// PhasePortrait: the selected body's orbit in phase space (issue 22; Fussell's integration notes,
// "Phase Space"): position against velocity along one world axis, or the angle turned about one
// world axis against the angular velocity about it, drawn as the run goes, with
//   - the exact orbit where the scene declares an analytic solution (AnalyticSolution: the
//     oscillator's ellipse, the bouncing ball's parabolas and contact arcs, a torque-free body's
//     turn), from the state of the first point drawn;
//   - for the linear oscillator, the quadratic form the scheme keeps (analysis/ShadowOrbit.h):
//     the shadow ellipse of a symplectic scheme through the first point since the last change of
//     dt or scheme, or for the others the level Q0 growth^(2n) the newest point must lie on
//     (Euler's radius grows by sqrt(1 + (w dt)^2) a step, RK4's shrinks).
//
// Design note. Points come from the energy samples (EnergyChunk::phase: the state as the
// schemes store it), so the sample stride sets their density and none is lost between frames.
// The history restarts when another body is selected, the scene changes or is reset, or the
// coordinate changes; it is thinned by half when full. The angle is the twist of q q_first* about
// the axis (swing-twist), unwrapped from sample to sample. The exact curve is cached and
// recomputed only when it must grow.
#include <QColor>

#include <memory>
#include <optional>
#include <vector>

#include "analysis/AnalyticSolution.h"
#include "analysis/ShadowOrbit.h"
#include "plot/PlotView.h"
#include "session/FrameSnapshot.h"

namespace tumble {
struct Scene;
}

namespace tumble::ui {

class PhasePortrait : public PlotView {
    Q_OBJECT
public:
    /// What is plotted against what.
    enum class Kind { Translation, Rotation };
    /// Points kept; the oldest half is thinned by two when full.
    static constexpr std::size_t kMaxPoints = 8000;

    explicit PhasePortrait(QWidget* parent = nullptr);
    ~PhasePortrait() override;

    /// The loaded scene: its analytic solution, if it declares one and meets its assumptions.
    void setScene(const Scene& scene);
    /// Position/velocity or angle/angular velocity along world axis 0, 1 or 2 (x, y, z).
    void setCoordinate(Kind kind, int axis);
    Kind kind() const { return m_kind; }
    int axis() const { return m_axis; }
    void setExactShown(bool on);
    void setShadowShown(bool on);
    bool exactShown() const { return m_showExact; }
    bool shadowShown() const { return m_showShadow; }

    /// Takes the snapshot's new phase points (those not taken yet) and its parameters.
    void appendSnapshot(const FrameSnapshot& s);
    void clear();
    /// Drops the points after time t (s): the run resumed from an earlier state (the
    /// snapshot's timeline cut).
    void cutAfter(double t);

    /// Compare mode: every lane's orbit in its colour, drawn instead of the single view's (with
    /// the exact orbit; the kept form is the single view's).
    void setLanesShown(bool on);
    bool lanesShown() const { return m_lanesShown; }
    /// Lane `lane`'s new points (its energy samples', LaneSample::phase), named and coloured as
    /// the lane; a point earlier than the lane's newest (a restart) or of another body starts
    /// the lane's orbit again.
    void appendLanePoints(int lane, const QString& name, const QColor& colour, const std::vector<PhasePoint>& points);
    void removeLane(int lane);
    void clearLanes();
    /// One lane's orbit: its points in the plotted coordinates (q in m or rad, p in m/s or
    /// rad/s) with their times (s).
    struct LaneOrbit {
        int lane = -1;
        QString name;
        QColor colour;
        int body = -1;
        std::vector<double> t, q, p;
        Quat first = Quat::Identity(); // orientation at the first point
        double lastTwist = 0.0;        // rad
    };
    const std::vector<LaneOrbit>& lanes() const { return m_lanes; }

    /// The plotted points: coordinate q (m or rad) and rate p (m/s or rad/s), with their time
    /// (s) and step.
    const std::vector<double>& q() const { return m_q; }
    const std::vector<double>& p() const { return m_p; }
    const std::vector<double>& times() const { return m_t; }
    const std::vector<long long>& steps() const { return m_steps; }
    int body() const { return m_body; }
    /// Whether the scene has an exact solution for the shown body and coordinate.
    bool hasExact() const;

    /// The linear oscillator's kept form (ShadowOrbit) in the plotted coordinates, when it
    /// applies: the scene is the harmonic oscillator, the axis is its normal, the scheme known.
    struct Shadow {
        ShadowOrbit orbit;   ///< in y = (q - q_eq) s, v = p s, s = +-1 the normal's sign
        double qEquilibrium; ///< m
        double sign;         ///< +-1
        double level0;       ///< Q at the first point since the last change, m^2/s^2
        long long step0;     ///< that point's step
        std::string scheme;  ///< the translation scheme
        double dt = 0.0;     ///< s
        /// Q(y, v) at plot coordinates (q, p).
        double form(double q, double p) const;
        /// Q the points must have at step n: level0 growth^(2 (n - step0)).
        double level(long long n) const;
    };
    std::optional<Shadow> shadow() const { return m_shadow; }

    // ExportablePlot: columns time, step, q, p, exact_q, exact_p (empty when there is none)
    QString exportName() const override { return QStringLiteral("phase"); }
    QString csvText() const override;
    PlotFigure figure() const override;

    QSize sizeHint() const override { return {320, 260}; }
    QSize minimumSizeHint() const override { return {220, 160}; }

private:
    void restart();
    void addPoint(const PhasePoint& point, long long step);
    void thin();
    void updateShadow(const FrameSnapshot& s);
    // the exact state along the plotted coordinate at time t (s), of body b
    std::pair<double, double> exactAt(double t, int b) const;
    // the exact curve of body b from t0 to tEnd (s), cached
    void updateExactCurve(double t0, double tEnd, int b) const;
    // (q, p) of point in the plotted coordinates; the angle measured from first (set from the
    // point when fresh) and unwrapped near lastTwist
    std::pair<double, double> coordinates(const PhasePoint& point, Quat& first, double& lastTwist, bool fresh) const;
    // the body the exact orbit is drawn for: the single view's, or the lanes'
    int shownBody() const;

    std::unique_ptr<AnalyticSolution> m_exact;
    double m_period = 0.0;                             // of the exact motion when it is periodic (the oscillator), s
    std::vector<std::pair<double, double>> m_contacts; // exact contacts' [start, end], s
    Vec3 m_equilibrium = Vec3::Zero(), m_normal = Vec3::Zero();
    double m_omega = 0.0; // the oscillator's w, rad/s

    Kind m_kind = Kind::Translation;
    int m_axis = 2;
    bool m_showExact = true, m_showShadow = true;

    long long m_revision = -1;
    long long m_seqEnd = 0;    // one past the newest sample taken
    long long m_cutSerial = 0; // the timeline cut taken last (TimelineState::cutSerial)
    int m_body = -1;
    Quat m_qFirst = Quat::Identity(); // orientation at the first point (the angle's zero)
    double m_lastTwist = 0.0;         // the unwrapped angle of the newest point, rad
    std::vector<double> m_t, m_q, m_p;
    std::vector<long long> m_steps;
    std::optional<Shadow> m_shadow;
    std::size_t m_markersSeen = 0;
    bool m_damped = false; // damping acts: the exact motion no longer applies

    bool m_lanesShown = false;
    std::vector<LaneOrbit> m_lanes;

    // the exact curve over [m_exactStart, m_exactEnd] for body m_exactBody
    mutable std::vector<double> m_exactQ, m_exactP;
    mutable double m_exactStart = -1.0, m_exactEnd = -1.0;
    mutable int m_exactBody = -1;
};

} // namespace tumble::ui
