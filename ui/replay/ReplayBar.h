#pragma once
// ReplayBar: the strip under the 3D view while a LAMMPS run is replayed (session/ReplaySource.h):
// play and pause, a timeline over the frames read so far, the frame's step and time, "Colour by"
// any column of the dump, the background reading's progress, and what went wrong or was left out
// (a malformed frame with its file and line: the frames before it stay on the timeline).
#include <QElapsedTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;

namespace tumble::ui {

class ReplaySource;

class ReplayBar : public QWidget {
    Q_OBJECT
public:
    /// Frames a second while playing, at most (a frame waits for the one before it to be shown).
    static constexpr int kFramesPerSecond = 25;

    explicit ReplayBar(QWidget* parent = nullptr);

    /// The replay the bar drives (nullptr: none); it must outlive its use here.
    void setSource(ReplaySource* source);
    /// Takes the source's progress and plays on; called on the window's frame timer.
    void refresh();
    void setPlaying(bool playing);
    bool playing() const { return m_playing; }

    QSlider* slider() const { return m_slider; }
    QComboBox* colourBox() const { return m_colour; }
    QProgressBar* progress() const { return m_progress; }
    QLabel* message() const { return m_message; }
    QLabel* frameLabel() const { return m_frame; }

private:
    void fillColumns();

    ReplaySource* m_source = nullptr;
    QPushButton* m_play = nullptr;
    QSlider* m_slider = nullptr;
    QLabel* m_frame = nullptr;
    QComboBox* m_colour = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_message = nullptr;
    bool m_playing = false;
    bool m_columnsFilled = false;
    QElapsedTimer m_lastAdvance;
};

} // namespace tumble::ui
