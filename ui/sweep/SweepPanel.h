#pragma once
// SweepPanel: the convergence sweep in the GUI (issue 6): which schemes, which timesteps, the
// end time, Run / Cancel with a progress bar, and the log-log error plot (SweepPlot).
//
// Design note. The panel works on its own copy of the scene the main window loaded (setScene),
// never on the running simulation, and runs the sweep on SweepRunner's thread, so the 3D view
// and the plots keep going. Against the scene's analytic solution when it declares one
// (ConvergenceSweep), else rk4 at a sixteenth of the smallest dt; the note under the controls
// says which. The dt list defaults to the scene's dt times 1, 1/2, 1/4, 1/8. The schemes offered
// are what varies on the scene (SweepScheme): rotation schemes and presets on a torque-free
// scene, translation schemes and presets otherwise; the legend names what varied. A new scene
// clears the plot and cancels a sweep of the old one (its result would describe another scene).
// The progress bar moves after every (scheme, dt) run.
#include <QWidget>

#include <map>
#include <memory>
#include <optional>

#include "scene/Scene.h"
#include "session/SweepScheme.h"

class QCheckBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace tumble::ui {

class SweepPlot;
class SweepRunner;

class SweepPanel : public QWidget {
    Q_OBJECT
public:
    explicit SweepPanel(QWidget* parent = nullptr);
    ~SweepPanel() override;

    /// The scene to sweep (a copy is kept); resets the dt list to its dt x 1, 1/2, 1/4, 1/8 and
    /// the end time to 100 of its steps, clears the plot, and cancels a running sweep (its
    /// result is dropped). The schemes offered follow the scene's kind (SweepScheme); ticks stay
    /// while the kind does, else the kind's defaults are ticked.
    void setScene(const Scene& scene);
    bool hasScene() const { return m_scene != nullptr; }

    /// Ticks exactly these schemes (names offered for the scene: SweepScheme::names).
    void setSchemes(const std::vector<std::string>& names);
    /// The names offered, in display order.
    std::vector<std::string> offeredSchemes() const;
    SweepKind kind() const { return m_kind; }
    std::vector<std::string> schemes() const;
    /// dt list in s, written into the field as the user would.
    void setDts(const std::vector<double>& dts);
    /// The dt list parsed from the field; nullopt (and a message) when it is not a list of positive numbers.
    std::optional<std::vector<double>> dts() const;
    /// Measure against rk4 at the smallest dt / 16 even when the scene declares a closed form.
    void setRk4Reference(bool on);
    void setDuration(double seconds);
    std::optional<double> duration() const;

    /// Starts the sweep as the Run button does; false (with a note) for bad input or while one runs.
    bool run();
    /// Cancels a running sweep, as the Cancel button does.
    void cancel();
    bool isRunning() const;

    SweepPlot* plot() const { return m_plot; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }
    /// The line under the controls: the reference and measure, or what is wrong.
    QString note() const;

signals:
    /// A sweep ended and its result is on the plot (cancelled ones too).
    void sweepFinished();
    /// Run done of total finished; the progress bar already shows it.
    void runFinished(int done, int total);

private:
    void setRunning(bool running);
    void offerSchemes(SweepKind kind);
    void showNote(const QString& text, bool error);

    std::shared_ptr<const Scene> m_scene;
    SweepKind m_kind = SweepKind::Translation;
    std::map<std::string, QCheckBox*> m_schemeBoxes;
    QGroupBox* m_schemesBox = nullptr;
    QLineEdit* m_dts = nullptr;
    QLineEdit* m_duration = nullptr;
    QCheckBox* m_rk4Reference = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_note = nullptr;
    SweepPlot* m_plot = nullptr;
    SweepRunner* m_runner = nullptr;
    QString m_runningAnalytic; // the analytic type of the scene the running sweep started with
    bool m_dropResult = false; // the running sweep's scene was replaced: its result is not shown
};

} // namespace tumble::ui
