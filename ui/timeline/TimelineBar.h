#pragma once
// TimelineBar: the strip under the 3D view that scrubs through the runner's recent states
// (SimulationRunner's timeline; FrameSnapshot::timeline). While the run plays the slider follows
// the newest state and is locked; paused, dragging it (or the back and forward buttons, or the
// Left and Right keys) shows an earlier state: the 3D view, inspectors and plots show that
// moment, and "Resume from here" plays on from it. The label says which moment is shown and how
// much memory the states take against their budget (Run > Timeline memory).
#include <QWidget>

#include "session/TimelineState.h"

class QLabel;
class QPushButton;
class QSlider;

namespace tumble::ui {

class TimelineBar : public QWidget {
    Q_OBJECT
public:
    explicit TimelineBar(QWidget* parent = nullptr);

    /// Shows the timeline of a snapshot taken at time (s) and step; playing locks the slider.
    void setState(const TimelineState& state, double time, long long step, bool playing);

    QSlider* slider() const { return m_slider; }
    QLabel* label() const { return m_label; }
    QPushButton* resumeButton() const { return m_resume; }
    /// From this width (px) on the button says "Resume from here", below it "Resume".
    static constexpr int kLongNameWidth = 520;

protected:
    void resizeEvent(QResizeEvent* event) override;

signals:
    /// The user asked for timeline state index (0 the oldest).
    void seekRequested(int index);
    /// The user asked to move by delta states.
    void seekByRequested(int delta);
    /// "Resume from here": play on from the state shown.
    void resumeRequested();

private:
    QSlider* m_slider = nullptr;
    QLabel* m_label = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_forward = nullptr;
    QPushButton* m_resume = nullptr;
};

} // namespace tumble::ui
