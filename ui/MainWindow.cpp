#include "MainWindow.h"

#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "cell/CellPanel.h"
#include "cell/StressPlot.h"
#include "cell/VelocityProfilePlot.h"
#include "compare/CompareView.h"
#include "export/AsyncFileDialog.h"
#include "export/ExportMenu.h"
#include "io/LammpsExport.h"
#include "panels/BodyInspector.h"
#include "panels/BondInspector.h"
#include "panels/ControlPanel.h"
#include "panels/HelpOverlay.h"
#include "panels/WheelGuard.h"
#include "phase/PhasePanel.h"
#include "phase/PhasePortrait.h"
#include "plot/AngleDriftPlot.h"
#include "plot/EnergyPlot.h"
#include "plot/SweepPlot.h"
#include "replay/ReplayBar.h"
#include "rotation/RotationPanel.h"
#include "scene/BuiltinScenes.h"
#include "scene/SceneLoader.h"
#include "session/ReplaySource.h"
#include "session/SimulationRunner.h"
#include "sweep/SweepPanel.h"
#include "timeline/TimelineBar.h"
#include "view3d/SceneView.h"
#include "vtk/VtkSurfaceFormat.h"
#include <QOpenGLWidget>

namespace tumble::ui {

// ------------------------------------------------------------------------------------------------
MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setWindowTitle(QStringLiteral("Tumble"));
    m_runner = new SimulationRunner(this);

    // centre: the 3D view with its timeline strip, above the energy plot
    m_sceneView = new SceneView;
    m_timeline = new TimelineBar;
    auto* viewBox = new QWidget;
    auto* viewColumn = new QVBoxLayout(viewBox);
    viewColumn->setContentsMargins(0, 0, 0, 0);
    viewColumn->setSpacing(0);
    viewColumn->addWidget(m_sceneView, 1);
    viewColumn->addWidget(m_timeline);
    m_replayBar = new ReplayBar; // in the timeline's place while a LAMMPS run is replayed
    m_replayBar->hide();
    viewColumn->addWidget(m_replayBar);
    m_energyPlot = new EnergyPlot;
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(viewBox);
    split->addWidget(m_energyPlot);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    split->setHandleWidth(6);
    m_centre = new QStackedWidget; // page 0: the single view; compare mode adds its page
    m_centre->addWidget(split);
    setCentralWidget(m_centre);

    // left: the control panel in a dock, scrollable on small screens
    m_panel = new ControlPanel;
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* dock = new QDockWidget(tr("Controls"), this);
    dock->setObjectName(QStringLiteral("controls"));
    dock->setWidget(scroll);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable); // View menu reopens it
    dock->setMinimumWidth(m_panel->sizeHint().width() + 16);
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    // right: the selected body's numbers, compact
    m_inspector = new BodyInspector;
    auto* inspectorScroll = new QScrollArea;
    inspectorScroll->setWidget(m_inspector);
    inspectorScroll->setWidgetResizable(true);
    inspectorScroll->setFrameShape(QFrame::NoFrame);
    inspectorScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* inspectorDock = new QDockWidget(tr("Inspector"), this);
    inspectorDock->setObjectName(QStringLiteral("inspector"));
    inspectorDock->setWidget(inspectorScroll);
    inspectorDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                               QDockWidget::DockWidgetClosable);
    inspectorDock->setMinimumWidth(m_inspector->sizeHint().width() + 16);
    addDockWidget(Qt::RightDockWidgetArea, inspectorDock);
    m_inspectorDock = inspectorDock;
    // the selected bond's numbers: a tab beside the body's (the right column has no room for both)
    m_bondInspector = new BondInspector;
    auto* bondScroll = new QScrollArea;
    bondScroll->setWidget(m_bondInspector);
    bondScroll->setWidgetResizable(true);
    bondScroll->setFrameShape(QFrame::NoFrame);
    bondScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_bondDock = new QDockWidget(tr("Bond"), this);
    m_bondDock->setObjectName(QStringLiteral("bond"));
    m_bondDock->setWidget(bondScroll);
    m_bondDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                            QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::RightDockWidgetArea, m_bondDock);
    tabifyDockWidget(inspectorDock, m_bondDock);
    inspectorDock->raise();
    // right, below: the rotation checks for the selected clump (exact ghost, Poinsot), and in a
    // tab beside them a periodic cell's panel and plots
    m_rotation = new RotationPanel;
    auto* rotationDock = new QDockWidget(tr("Rotation"), this);
    rotationDock->setObjectName(QStringLiteral("rotation"));
    // scrollable like the others: on a 1280x800 screen the dock is shorter than its plots
    auto* rotationScroll = new QScrollArea;
    rotationScroll->setWidget(m_rotation);
    rotationScroll->setWidgetResizable(true);
    rotationScroll->setFrameShape(QFrame::NoFrame);
    rotationScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    rotationDock->setWidget(rotationScroll);
    rotationDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                              QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::RightDockWidgetArea, rotationDock);
    makeCellDocks();
    tabifyDockWidget(inspectorDock, m_cellDock);
    tabifyDockWidget(rotationDock, m_cellPlotsDock);
    // the selected body's phase portrait: a tab beside the rotation checks, in front for the
    // scenes with a translational closed form (startScene)
    m_phase = new PhasePanel;
    m_phaseDock = new QDockWidget(tr("Phase"), this);
    m_phaseDock->setObjectName(QStringLiteral("phase"));
    m_phaseDock->setWidget(m_phase);
    m_phaseDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                             QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::RightDockWidgetArea, m_phaseDock);
    tabifyDockWidget(rotationDock, m_phaseDock);
    rotationDock->raise();
    inspectorDock->raise();
    m_sceneView->setGhost(&m_rotation->ghost());
    connect(m_rotation, &RotationPanel::ghostChanged, m_sceneView, qOverload<>(&SceneView::update));
    connect(m_sceneView, &SceneView::bodyClicked, this, &MainWindow::selectBody);
    connect(m_inspector, &BodyInspector::bodyRequested, this, &MainWindow::selectBody);
    connect(m_sceneView, &SceneView::bondClicked, this, &MainWindow::selectBond);

    m_statusLine = new QLabel;
    statusBar()->addPermanentWidget(m_statusLine);

    // panel requests go to the runner; a live change is one LiveParams, validated by the core
    connect(m_panel, &ControlPanel::playRequested, this, [this]() { m_runner->play(); });
    connect(m_panel, &ControlPanel::pauseRequested, this, [this]() { m_runner->pause(); });
    connect(m_panel, &ControlPanel::stepRequested, this, [this]() { m_runner->step(); });
    connect(m_panel, &ControlPanel::resetRequested, this, [this]() { m_runner->reset(); });
    connect(m_panel, &ControlPanel::liveChangeRequested, this, [this](const LiveParams& c) { m_runner->apply(c); });
    connect(m_panel, &ControlPanel::schemeRefused, this,
            [this](const QString& message) { statusBar()->showMessage(tr("Refused: %1").arg(message), 10000); });
    connect(m_panel, &ControlPanel::colourModeRequested, this, &MainWindow::setColourMode);
    connect(m_panel, &ControlPanel::colourRangeHoldRequested, m_sceneView, &SceneView::setColourRangeHeld);
    connect(m_panel, &ControlPanel::energyPlotModeRequested, m_energyPlot, &EnergyPlot::setMode);
    connect(m_panel, &ControlPanel::overlayOptionsRequested, this, &MainWindow::requestOverlayOptions);
    connect(m_panel, &ControlPanel::builtinSceneRequested, this, [this](const QString& id) { openBuiltinScene(id); });
    connect(m_panel, &ControlPanel::openFileRequested, this, &MainWindow::openFileDialog);
    connect(m_panel, &ControlPanel::speedRequested, m_runner, &SimulationRunner::setSpeed);
    connect(m_panel, &ControlPanel::sampleStrideRequested, m_runner, &SimulationRunner::setSampleStride);

    // runner reports: bad parameters and blow-ups go to the status bar
    connect(m_runner, &SimulationRunner::errorOccurred, this, [this](const QString& message) {
        statusBar()->showMessage(tr("Rejected: %1").arg(message), 10000);
        // a refused change publishes nothing: the panel shows what is in force again
        if (m_shown)
            m_panel->setSnapshot(*m_shown);
    });
    connect(m_runner, &SimulationRunner::becameUnstable, this, [this](const QString& message) {
        statusBar()->showMessage(tr("Paused: the run became unstable. %1").arg(message));
    });

    // File: scenes and saved states (io/StateFile.h: the run goes on bit for bit from one)
    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    QAction* openAction = fileMenu->addAction(tr("Open scene..."));
    openAction->setShortcut(QKeySequence::Open);
    connect(openAction, &QAction::triggered, this, &MainWindow::openFileDialog);
    QAction* saveStateAction = fileMenu->addAction(tr("Save state..."));
    saveStateAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_S));
    saveStateAction->setToolTip(tr("Write the run's full state to a file, to go on from it later"));
    connect(saveStateAction, &QAction::triggered, this, &MainWindow::saveStateDialog);
    QAction* loadStateAction = fileMenu->addAction(tr("Load state..."));
    loadStateAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    loadStateAction->setToolTip(tr("Go on from a state saved from the scene that runs"));
    connect(loadStateAction, &QAction::triggered, this, &MainWindow::loadStateDialog);
    fileMenu->addSeparator();
    QAction* exportLammpsAction = fileMenu->addAction(tr("Export to LAMMPS..."));
    exportLammpsAction->setToolTip(tr("Write the scene, as loaded, as a LAMMPS run for a cluster: data file, input, "
                                      "Slurm job and a README of what maps and how"));
    connect(exportLammpsAction, &QAction::triggered, this, &MainWindow::exportLammpsDialog);
    QAction* replayAction = fileMenu->addAction(tr("Open LAMMPS run..."));
    replayAction->setToolTip(tr("Replay a LAMMPS dump: its frames in the 3D view, its log's energies on the plot"));
    connect(replayAction, &QAction::triggered, this, &MainWindow::openReplayDialog);
    connect(m_runner, &SimulationRunner::stateSaved, this,
            [this](const QString& path) { statusBar()->showMessage(tr("State saved to %1").arg(path), 10000); });
    connect(m_runner, &SimulationRunner::stateLoaded, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Going on from the state in %1").arg(path), 10000);
    });

    // keyboard: Space play/pause, S step, R reset, window-wide actions in the Run menu (a line
    // edit or spin box being typed in keeps its keys: it takes the shortcut override)
    QMenu* runMenu = menuBar()->addMenu(tr("&Run"));
    const auto runAction = [&](const QString& text, Qt::Key key, auto slot) {
        QAction* a = runMenu->addAction(text);
        a->setShortcut(QKeySequence(key));
        connect(a, &QAction::triggered, this, slot);
    };
    runAction(tr("Play / pause"), Qt::Key_Space, [this]() { togglePlay(); });
    runAction(tr("Single step"), Qt::Key_S, [this]() {
        if (m_replay)
            m_replay->show(m_replay->asked() + 1); // the next frame
        else
            m_runner->step();
    });
    runAction(tr("Reset"), Qt::Key_R, [this]() {
        if (m_replay)
            m_replay->show(0);
        else if (compareMode())
            m_compare->restart(); // every lane from t = 0 with its settings
        else
            m_runner->reset();
    });
    // the timeline: Left and Right step through the recorded states while paused
    runMenu->addSeparator();
    runAction(tr("Back one recorded state"), Qt::Key_Left, [this]() {
        if (m_replay)
            m_replay->show(std::max(0LL, m_replay->asked() - 1));
        else if (!compareMode())
            m_runner->seekBy(-1);
    });
    runAction(tr("Forward one recorded state"), Qt::Key_Right, [this]() {
        if (m_replay)
            m_replay->show(m_replay->asked() + 1);
        else if (!compareMode())
            m_runner->seekBy(1);
    });
    QAction* budgetAction = runMenu->addAction(tr("Timeline memory..."));
    budgetAction->setToolTip(tr("How much memory the recent states may take"));
    connect(budgetAction, &QAction::triggered, this, &MainWindow::askTimelineBudget);
    connect(m_timeline, &TimelineBar::seekRequested, m_runner, &SimulationRunner::seek);
    connect(m_timeline, &TimelineBar::seekByRequested, m_runner, &SimulationRunner::seekBy);
    connect(m_timeline, &TimelineBar::resumeRequested, m_runner, &SimulationRunner::play);
    // the convergence sweep: a bottom dock over the loaded scene, shown from the Run menu
    m_sweep = new SweepPanel;
    auto* sweepDock = new QDockWidget(tr("Convergence sweep"), this);
    sweepDock->setObjectName(QStringLiteral("sweep"));
    sweepDock->setWidget(m_sweep);
    addDockWidget(Qt::BottomDockWidgetArea, sweepDock);
    sweepDock->hide();
    runMenu->addSeparator();
    runMenu->addAction(sweepDock->toggleViewAction());

    // exports: the plots, the 3D view and its recording (ExportMenu)
    m_exportMenu = new ExportMenu(this, m_sceneView, [this]() { return m_shown; });
    m_exportMenu->setViewSource(
        [this]() -> QWidget* { return compareMode() ? static_cast<QWidget*>(m_compare) : m_sceneView; });
    m_exportMenu->addPlot(m_energyPlot, tr("Energy plot"));
    m_exportMenu->addPlot(m_rotation->driftPlot(), tr("Angle drift plot"));
    m_exportMenu->addPlot(m_phase->portrait(), tr("Phase portrait"));
    m_exportMenu->addPlot(m_sweep->plot(), tr("Convergence sweep plot"));
    m_exportMenu->addPlot(m_stressPlot, tr("Stress plot"));
    m_exportMenu->addPlot(m_profilePlot, tr("Velocity profile plot"));
    menuBar()->addMenu(m_exportMenu->menu());

    // the frame clock: take the newest snapshot, never wait for one
    m_frameTimer = new QTimer(this);
    m_frameTimer->setTimerType(Qt::PreciseTimer);
    connect(m_frameTimer, &QTimer::timeout, this, &MainWindow::onFrame);
    m_frameTimer->start(kFrameMs);

    // compare mode: the scene in several lanes side by side (C toggles it)
    QMenu* viewMenu = menuBar()->addMenu(tr("&View"));
    m_compareAction = viewMenu->addAction(tr("Compare integrators"));
    m_compareAction->setCheckable(true);
    m_compareAction->setShortcut(QKeySequence(Qt::Key_C));
    m_compareAction->setToolTip(tr("Run the scene under several schemes or timesteps side by side"));
    connect(m_compareAction, &QAction::triggered, this, [this](bool on) { setCompareMode(on); });
    // every dock, checked while shown: a closed dock comes back from here
    viewMenu->addSeparator();
    const QList<QDockWidget*> docks{dock,         inspectorDock, m_bondDock,      m_cellDock,
                                    rotationDock, m_phaseDock,   m_cellPlotsDock, sweepDock};
    for (QDockWidget* d : docks)
        viewMenu->addAction(d->toggleViewAction());
    viewMenu->addSeparator();
    QAction* resetLayoutAction = viewMenu->addAction(tr("Reset layout"));
    resetLayoutAction->setToolTip(tr("Put every dock back where a new window has it"));
    connect(resetLayoutAction, &QAction::triggered, this, &MainWindow::resetLayout);

    // F1 or ?: every key and mouse action over the window (HelpOverlay)
    m_help = new HelpOverlay(this);
    QMenu* helpMenu = menuBar()->addMenu(tr("&Help"));
    QAction* keysAction = helpMenu->addAction(tr("Keys and mouse"));
    keysAction->setShortcuts({QKeySequence(Qt::Key_F1), QKeySequence(Qt::Key_Question)});
    connect(keysAction, &QAction::triggered, this, &MainWindow::toggleKeysHelp);
    // the keys from every dock: a floating dock is a window of its own, where the window's
    // shortcuts reach only through actions added to it
    QList<QAction*> keyed;
    for (QAction* a : findChildren<QAction*>())
        if (!a->shortcuts().isEmpty())
            keyed << a;
    for (QDockWidget* d : docks)
        d->addActions(keyed);

    // the wheel changes a combo or spin box only when it has the focus (WheelGuard.h)
    qApp->installEventFilter(new WheelGuard(this));

    // sized from the screen it opens on, never larger (a 1280x800 projector shows every dock)
    const QScreen* onScreen = screen() ? screen() : QGuiApplication::primaryScreen();
    resize(initialSize(onScreen ? onScreen->availableGeometry().size() : kPreferredSize));
    m_initialLayout = saveState();
}

QSize MainWindow::initialSize(const QSize& available)
{
    // room for a window manager's frame and title bar around the client area
    const QSize frame(16, 48);
    return kPreferredSize.boundedTo(available - frame).expandedTo(QSize(640, 480));
}

void MainWindow::installSurfaceFormat()
{
    installVtkSurfaceFormat();
}

void MainWindow::toggleKeysHelp()
{
    m_help->toggle();
}

void MainWindow::play()
{
    if (m_replay)
        m_replayBar->setPlaying(true);
    else
        m_runner->play();
}

void MainWindow::startGhost()
{
    m_rotation->startGhost();
}

MainWindow::~MainWindow()
{
    // the runner stops before the views it feeds go away
    m_frameTimer->stop();
    m_runner->stop();
    m_replayBar->setSource(nullptr);
    m_replay.reset();
}

// ------------------------------------------------------------------------------------------------
void MainWindow::rememberSession(bool openLastScene)
{
    m_rememberSession = true;
    QSettings settings;
    if (const QByteArray g = settings.value(QStringLiteral("window/geometry")).toByteArray(); !g.isEmpty())
        restoreGeometry(g);
    if (const QByteArray s = settings.value(QStringLiteral("window/layout")).toByteArray(); !s.isEmpty())
        restoreState(s);
    if (const auto mode = colourModeNamed(settings.value(QStringLiteral("view/colour")).toString().toStdString()))
        setColourMode(*mode);
    setForceChains(settings.value(QStringLiteral("view/forceChains"), false).toBool());
    if (const int mb = settings.value(QStringLiteral("timeline/budgetMB"), 0).toInt(); mb > 0)
        setTimelineBudget(mb);
    const QString last = settings.value(QStringLiteral("scene/last")).toString();
    if (openLastScene && !last.isEmpty()) {
        // a remembered file that is gone or bad says so, and the scene on screen stays
        if (last.startsWith(QStringLiteral("builtin:")))
            openBuiltinScene(last.mid(8));
        else
            openSceneFile(last);
    }
}

void MainWindow::saveSession() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/layout"), saveState());
    for (const auto& [name, mode] : kColourModeNames)
        if (mode == m_sceneView->colourMode())
            settings.setValue(QStringLiteral("view/colour"), QString::fromUtf8(name.data(), qsizetype(name.size())));
    settings.setValue(QStringLiteral("view/forceChains"), m_panel->forceChainsBox()->isChecked());
    if (m_shown && m_shown->scene && !m_replay) // (a replay is no scene to open next time)
        settings.setValue(QStringLiteral("scene/last"), QString::fromStdString(m_shown->scene->source));
}

void MainWindow::setTimelineBudget(int megabytes)
{
    m_timelineBudgetMb = std::clamp(megabytes, 1, kMaxTimelineMb);
    m_runner->setTimelineBudget(std::size_t(m_timelineBudgetMb) << 20);
    if (m_rememberSession)
        QSettings().setValue(QStringLiteral("timeline/budgetMB"), m_timelineBudgetMb);
}

void MainWindow::scrubTimeline(double fraction)
{
    m_runner->pause();
    // the pause keeps the state it stopped at: the count is known from the next snapshot on
    QTimer::singleShot(500, this, [this, fraction]() {
        if (m_shown && m_shown->timeline.count > 0)
            m_runner->seek(int(std::lround(std::clamp(fraction, 0.0, 1.0) * (m_shown->timeline.count - 1))));
    });
}

void MainWindow::askTimelineBudget()
{
    bool ok = false;
    const int mb = QInputDialog::getInt(this, tr("Timeline memory"),
                                        tr("Memory the recent states may take (MB); the oldest go first:"),
                                        m_timelineBudgetMb, 1, kMaxTimelineMb, 64, &ok);
    if (ok)
        setTimelineBudget(mb);
}

void MainWindow::saveStateDialog()
{
    m_runner->pause(); // the state saved is the one on screen
    m_fileDialog =
        openFileDialogAsync(this, tr("Save state"), QString(), tr("Tumble states (*.tumble-state);;All files (*)"),
                            QFileDialog::AnyFile, [this](const QString& path) {
                                QString file = path;
                                if (QFileInfo(file).suffix().isEmpty())
                                    file += QStringLiteral(".tumble-state");
                                m_runner->saveState(file);
                            });
}

void MainWindow::loadStateDialog()
{
    m_fileDialog =
        openFileDialogAsync(this, tr("Load state"), QString(), tr("Tumble states (*.tumble-state);;All files (*)"),
                            QFileDialog::ExistingFile, [this](const QString& path) { m_runner->loadState(path); });
}

void MainWindow::exportLammpsDialog()
{
    m_fileDialog = openFileDialogAsync(this, tr("Export to LAMMPS: a folder for the run"), QString(), QString(),
                                       QFileDialog::Directory, [this](const QString& dir) { exportToLammps(dir); });
}

bool MainWindow::exportToLammps(const QString& dir)
{
    if (!m_scene)
        return false;
    try {
        const LammpsExportResult r = ::tumble::exportLammps(*m_scene, dir.toStdString());
        const QString differences = r.notes.empty()
                                        ? tr("every part maps exactly")
                                        : tr("%n thing(s) LAMMPS will not run the same, listed in its README.md", "",
                                             static_cast<int>(r.notes.size()));
        statusBar()->showMessage(tr("Exported to %1: %2 atoms, %3 steps; %4. Run there: mpirun -np 1 lmp -in tumble.in")
                                     .arg(dir)
                                     .arg(r.atoms)
                                     .arg(r.steps)
                                     .arg(differences),
                                 20000);
        return true;
    } catch (const std::exception& e) {
        showSceneError(tr("Export to LAMMPS"), tr("The scene was not exported:\n%1").arg(QString::fromUtf8(e.what())));
        return false;
    }
}

void MainWindow::resetLayout()
{
    restoreState(m_initialLayout);
    // the docks a scene brings forward (a periodic cell's) come back with the next frame
    m_cellRevision = -1;
    m_cellScene = false;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_rememberSession)
        saveSession();
    m_frameTimer->stop();
    m_runner->stop();
    if (m_errorBox)
        m_errorBox->close();
    event->accept();
}

// ------------------------------------------------------------------------------------------------
void MainWindow::onFrame()
{
    // its energy samples go to the plot
    if (m_replay) {
        m_replayBar->refresh();
        // a file with no whole frame is no run to show: said, and the simulation comes back
        if (const ReplaySource::Status st = m_replay->status(); !st.indexing && st.frames == 0) {
            const QString why =
                QString::fromStdString(st.error.empty() ? m_replay->dumpPath() + ": holds no frame" : st.error);
            closeReplay();
            showSceneError(tr("Cannot replay the LAMMPS run"), why);
        }
    }
    SnapshotPtr s = m_replay ? m_replay->takeSnapshot() : m_runner->takeSnapshot();
    m_panel->setRenderRate(m_sceneView->framesPerSecond());
    if (!s || s == m_shown)
        return;
    m_shown = s;
    m_sceneView->setSnapshot(s);
    if (!m_replay)
        m_timeline->setState(s->timeline, s->time, s->step, s->playing);
    m_energyPlot->appendSnapshot(*s);
    // shown with the snapshot below
    m_panel->setBalanceError(m_energyPlot->lastRelativeError(), m_energyPlot->externalWorkSeen());
    m_panel->setSnapshot(*s);
    m_inspector->setSnapshot(s);
    m_bondInspector->setSnapshot(s);
    m_rotation->setSnapshot(s, m_sceneView->selectedBody());
    m_phase->portrait()->appendSnapshot(*s);
    m_cellPanel->setSnapshot(*s);
    m_stressPlot->appendSnapshot(*s);
    if (m_cellPlotsDock->isVisible())
        m_profilePlot->setSnapshot(*s);
    // a scene with a periodic cell brings its dock to the front; one without puts it away
    const long long revision = s->scene ? s->scene->revision : -1;
    if (revision != m_cellRevision && !compareMode()) {
        m_cellRevision = revision;
        m_profilePlot->setSnapshot(*s);
        // (a reset keeps the dock as the user left it)
        if (s->cell && !m_cellScene) {
            for (QDockWidget* d : {m_cellDock, m_cellPlotsDock}) {
                d->show();
                d->raise();
            }
        } else if (!s->cell) {
            m_cellDock->hide();
            m_cellPlotsDock->hide();
        }
        m_cellScene = s->cell.has_value();
    }

    if (s->scene) {
        const QString name = QString::fromStdString(s->scene->name);
        if (name != m_sceneName) {
            m_sceneName = name;
            setWindowTitle(QStringLiteral("Tumble \u2014 %1").arg(name));
        }
    }
    const bool unstable = !s->instabilityMessage.empty();
    if (unstable != m_showingInstability) {
        m_showingInstability = unstable;
        m_panel->setRunMessage(unstable ? QString::fromStdString(s->instabilityMessage) : QString());
    }
    // short: the status bar's messages share the line (the panel's Status group has the rest)
    if (m_replay) {
        m_statusLine->setText(tr("LAMMPS replay   t = %1 s   step %2   %3 atoms")
                                  .arg(QString::number(s->time, 'g', 6))
                                  .arg(s->step)
                                  .arg(s->memberCount()));
        return;
    }
    m_statusLine->setText(tr("t = %1 s   step %2   %3 steps/s   %4 contacts")
                              .arg(QString::number(s->time, 'f', 4))
                              .arg(s->step)
                              .arg(QString::number(s->stepsPerSecond, 'f', 0))
                              .arg(s->contactCount));
}

void MainWindow::setColourMode(ColourMode mode)
{
    m_sceneView->setColourMode(mode);
    m_runner->setMemberQuantity(memberQuantityOf(mode)); // the worker computes it from now on
    m_panel->showColourMode(mode);
}

void MainWindow::setForceChains(bool on)
{
    m_panel->forceChainsBox()->setChecked(on); // the box asks for the overlay options
}

void MainWindow::makeCellDocks()
{
    // at 1280 x 800 the right column has room for the panel over the inspector's tabs or for the
    // two plots over the rotation dock's, not for all three in one dock: two docks, both shown
    // with a scene that has a cell
    m_cellPanel = new CellPanel;
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_cellPanel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_profilePlot = new VelocityProfilePlot;
    m_stressPlot = new StressPlot;
    auto* plots = new QSplitter(Qt::Vertical);
    plots->addWidget(m_profilePlot);
    plots->addWidget(m_stressPlot);
    plots->setChildrenCollapsible(false);
    plots->setHandleWidth(6);
    const auto dock = [this](const QString& title, const QString& name, QWidget* content) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(content);
        d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                       QDockWidget::DockWidgetClosable);
        addDockWidget(Qt::RightDockWidgetArea, d);
        d->hide();
        return d;
    };
    m_cellDock = dock(tr("Cell"), QStringLiteral("cell"), scroll);
    m_cellPlotsDock = dock(tr("Cell plots"), QStringLiteral("cellPlots"), plots);
    // a new L goes to the runner as the panel's dt does: one LiveParams, validated by the core
    connect(m_cellPanel, &CellPanel::liveChangeRequested, this, [this](const LiveParams& c) { m_runner->apply(c); });
    connect(m_cellPanel, &CellPanel::imagesRequested, this, &MainWindow::requestOverlayOptions);
    connect(m_cellPanel, &CellPanel::stressAxisRequested, m_stressPlot, &StressPlot::setXAxis);
}

void MainWindow::requestOverlayOptions()
{
    OverlayOptions o = m_panel->overlayOptions();
    o.cellImages = m_cellPanel->imagesBox()->isChecked();
    m_sceneView->setOverlayOptions(o);
    m_runner->setForceChains(o.forceChains); // the worker lists the touching pairs from now on
}

void MainWindow::setEnergyPlotMode(EnergyPlotMode mode)
{
    m_energyPlot->setMode(mode);
    m_panel->showEnergyPlotMode(mode);
}

void MainWindow::selectBody(int b)
{
    if (b < 0 || (m_shown && std::size_t(b) >= m_shown->bodyCount()))
        b = -1;
    if (m_replay)
        m_replay->selectBody(b);
    else
        m_runner->selectBody(b);
    m_sceneView->setSelectedBody(b);
    m_inspector->setSelectedBody(b);
    if (b >= 0 && m_inspectorDock->toggleViewAction()->isChecked()) // open, maybe behind a tab
        m_inspectorDock->raise();
}

void MainWindow::selectBond(int a, int b)
{
    const int n = m_shown ? int(m_shown->bodyCount()) : 0;
    if (a < 0 || b < 0 || a >= n || b >= n || a == b)
        a = b = -1;
    m_runner->selectBond(a, b);
    m_sceneView->setSelectedBond(a, b);
    m_bondInspector->setSelectedBond(a, b);
    if (a >= 0 && m_bondDock->toggleViewAction()->isChecked()) { // open, maybe behind a tab
        m_bondDock->raise();
        // room for every row without scrolling where the window allows it (at 1280 x 800 the
        // right column's top half is a few rows short; the rotation dock below scrolls)
        const int wanted = m_bondInspector->sizeHint().height() + 72; // dock title, tab bar, frames
        if (!m_bondDock->isFloating() && m_bondDock->height() < wanted)
            resizeDocks({m_bondDock}, {wanted}, Qt::Vertical);
    }
}

void MainWindow::togglePlay()
{
    if (m_replay) {
        m_replayBar->setPlaying(!m_replayBar->playing());
        return;
    }
    if (compareMode()) { // the lanes, together
        m_compare->setPlaying(!m_compare->playing());
        return;
    }
    if (m_shown && m_shown->playing)
        m_runner->pause();
    else
        m_runner->play();
}

// ------------------------------------------------------------------------------------------------
bool MainWindow::openBuiltinScene(const QString& id)
{
    try {
        Scene scene = loadBuiltinScene(id.toStdString());
        const QString name = QString::fromStdString(scene.name);
        startScene(std::move(scene), id, name);
        return true;
    } catch (const std::exception& e) {
        showSceneError(tr("Cannot load the built-in scene"), QString::fromStdString(e.what()));
        return false;
    }
}

bool MainWindow::openSceneFile(const QString& path)
{
    try {
        Scene scene = loadSceneFile(path.toStdString());
        startScene(std::move(scene), QString(), QFileInfo(path).fileName());
        return true;
    } catch (const std::exception& e) {
        // SceneError names the file, the JSON path and the problem; the current scene stays
        showSceneError(tr("Cannot load the scene file"), QString::fromStdString(e.what()));
        showRunningScene();
        return false;
    }
}

void MainWindow::startScene(Scene scene, const QString& builtinId, const QString& displayName)
{
    closeReplay();
    m_scene = std::make_shared<const Scene>(scene);
    m_sweep->setScene(*m_scene);
    m_phase->portrait()->setScene(*m_scene);
    m_runner->loadScene(std::move(scene));
    // the runner drops the selection with the old scene; so do the view and the inspector
    m_sceneView->setSelectedBody(-1);
    m_sceneView->setSelectedBond(-1, -1);
    m_inspector->clear();
    m_bondInspector->clear();
    m_panel->setCurrentScene(builtinId, displayName);
    m_panel->setRunMessage(QString());
    m_showingInstability = false;
    // a translational closed form (oscillator, bouncing ball, head-on impact): its first body's
    // phase portrait in front
    const std::string& exact = m_scene->analytic;
    if (exact == "harmonic_oscillator" || exact == "bouncing_ball" || exact == "head_on_impact") {
        selectBody(0);
        if (m_phaseDock->toggleViewAction()->isChecked())
            m_phaseDock->raise();
    }
    statusBar()->showMessage(tr("Loaded %1").arg(displayName), 4000);
}

bool MainWindow::openReplay(const QString& dump, const QString& log)
{
    if (!QFileInfo(dump).isReadable() || QFileInfo(dump).isDir()) {
        showSceneError(tr("Cannot open the LAMMPS run"),
                       tr("%1: cannot be read (missing, or no permission)").arg(dump));
        return false;
    }
    QString logPath = log;
    if (logPath.isEmpty()) {
        const QString beside = QFileInfo(dump).dir().filePath(QStringLiteral("log.lammps"));
        if (QFileInfo(beside).isReadable())
            logPath = beside;
    }
    setCompareMode(false);
    m_runner->pause();
    m_replayBar->setSource(nullptr);
    m_replay = std::make_unique<ReplaySource>(dump.toStdString(), logPath.toStdString());
    m_replayBar->setSource(m_replay.get());
    m_timeline->hide();
    m_replayBar->show();
    m_panel->setReplay(true);
    m_panel->setCurrentScene(QString(), QFileInfo(dump).fileName());
    m_panel->setRunMessage(QString());
    m_energyPlot->setBalanceShown(false);
    m_showingInstability = false;
    m_energyPlot->clear();
    m_sceneView->setSelectedBody(-1);
    m_sceneView->setSelectedBond(-1, -1);
    m_inspector->clear();
    m_bondInspector->clear();
    statusBar()->showMessage(tr("Replaying %1%2")
                                 .arg(dump)
                                 .arg(logPath.isEmpty() ? tr(" (no log: no energies)") : tr(" with %1").arg(logPath)),
                             8000);
    return true;
}

void MainWindow::closeReplay()
{
    if (!m_replay)
        return;
    m_replayBar->setSource(nullptr);
    m_replayBar->hide();
    m_timeline->show();
    m_panel->setReplay(false);
    m_replay.reset();
    m_energyPlot->clear();
    m_energyPlot->setBalanceShown(true);
    m_shown.reset();
    if (m_scene) // the scene combo shows the simulation's scene again
        showScene(m_scene->source);
}

void MainWindow::openReplayDialog()
{
    m_fileDialog = openFileDialogAsync(this, tr("Open LAMMPS run: its dump"), QString(),
                                       tr("LAMMPS dumps (dump.* *.dump *.lammpstrj *.atom);;All files (*)"),
                                       QFileDialog::ExistingFile, [this](const QString& path) { openReplay(path); });
}

void MainWindow::showRunningScene()
{
    if (m_shown && m_shown->scene)
        showScene(m_shown->scene->source);
}

void MainWindow::showScene(const std::string& src)
{
    const bool builtin = src.rfind("builtin:", 0) == 0;
    m_panel->setCurrentScene(builtin ? QString::fromStdString(src.substr(8)) : QString(),
                             QFileInfo(QString::fromStdString(src)).fileName());
}

void MainWindow::openFileDialog()
{
    // window-modal and non-blocking, like the error box: no nested event loop, so the frame
    // timer, the worker and the views go on behind the dialog
    auto* dialog = openFileDialogAsync(
        this, tr("Open scene"), QString(), tr("Tumble scenes (*.json);;All files (*)"), QFileDialog::ExistingFile,
        [this](const QString& path) { openSceneFile(path); },
        [this]() { showRunningScene(); }); // the scene combo showed "Open file...": back to the one that runs
    m_fileDialog = dialog;
}

void MainWindow::showSceneError(const QString& title, const QString& text)
{
    // window-modal and non-blocking: the simulation and the views keep running behind it
    if (m_errorBox)
        m_errorBox->close();
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    box->open();
    m_errorBox = box;
    statusBar()->showMessage(title + QStringLiteral(": ") + text, 10000);
}

// ------------------------------------------------------------------------------------------------
QImage MainWindow::grabWindowImage()
{
    // widgets through QWidget::grab, then each GL view's own framebuffer on top of it
    QImage image = grab().toImage().convertToFormat(QImage::Format_RGB32);
    QPainter painter(&image);
    for (QOpenGLWidget* gl : findChildren<QOpenGLWidget*>()) {
        if (!gl->isVisible())
            continue;
        const QImage frame = gl->grabFramebuffer();
        const QPoint topLeft = gl->mapTo(this, QPoint(0, 0));
        // only the part on screen: a view in a scroll area is clipped by its viewport
        painter.setClipRegion(gl->visibleRegion().translated(topLeft));
        // logical coordinates: the painter maps them to the image's device pixels
        painter.drawImage(QRectF(topLeft.x(), topLeft.y(), gl->width(), gl->height()), frame);
    }
    // the keys and mouse help lies over the views, as on screen
    if (m_help && m_help->isVisible()) {
        painter.setClipping(false);
        m_help->render(&painter, m_help->mapTo(this, QPoint(0, 0)), QRegion(), QWidget::DrawChildren);
    }
    painter.end();
    return image;
}

// ------------------------------------------------------------------------------------------------
void MainWindow::showCentrePage(QWidget* page)
{
    // a stacked widget is as large as its largest page, shown or not: the compare grid's
    // minimum beside the docks grew the window past the screen (issue 25), so a hidden page asks
    // for no room
    for (int i = 0; i < m_centre->count(); ++i) {
        QWidget* w = m_centre->widget(i);
        w->setSizePolicy(w == page ? QSizePolicy::Preferred : QSizePolicy::Ignored,
                         w == page ? QSizePolicy::Preferred : QSizePolicy::Ignored);
    }
    m_centre->setCurrentWidget(page);
}

bool MainWindow::compareMode() const
{
    return m_compare && m_centre->currentWidget() == m_compare;
}

bool MainWindow::setCompareMode(bool on, const QStringList& lanes)
{
    if (on == compareMode()) {
        m_compareAction->setChecked(on);
        return true;
    }
    if (on)
        closeReplay(); // the lanes run the scene last opened
    if (!on) {
        m_compare->stopAll();
        m_phase->portrait()->setLanesShown(false);
        showCentrePage(m_centre->widget(0));
        for (const QPointer<QDockWidget>& d : m_hiddenDocks)
            if (d)
                d->show();
        m_hiddenDocks.clear();
        m_statusLine->show();
        m_compareAction->setChecked(false);
        if (m_resumeAfterCompare) // the single view goes on as it was left
            m_runner->play();
        return true;
    }
    // the scene as loaded (the lanes start from its initial state), read again from its source
    m_compareAction->setChecked(false);
    if (!m_shown || !m_shown->scene) {
        statusBar()->showMessage(tr("Compare: no scene is running yet"), 5000);
        return false;
    }
    Scene scene;
    std::vector<LaneSettings> settings;
    try {
        const std::string& src = m_shown->scene->source;
        scene = src.rfind("builtin:", 0) == 0 ? loadBuiltinScene(src.substr(8)) : loadSceneFile(src);
        std::vector<std::string> names;
        for (const QString& n : lanes)
            names.push_back(n.trimmed().toStdString());
        settings = names.empty() ? CompareView::defaultLanes(scene) : CompareView::presetLanes(scene, names);
    } catch (const std::exception& e) {
        showSceneError(tr("Cannot start compare mode"), QString::fromStdString(e.what()));
        return false;
    }
    if (!m_compare) {
        m_compare = new CompareView;
        m_centre->addWidget(m_compare);
        connect(m_compare, &CompareView::exitRequested, this, [this]() { setCompareMode(false); });
        // each lane's orbit of the selected body in the phase portrait (View > Phase)
        connect(m_compare, &CompareView::lanePhase, m_phase->portrait(), &PhasePortrait::appendLanePoints);
        connect(m_compare, &CompareView::laneRemoved, m_phase->portrait(), &PhasePortrait::removeLane);
        m_exportMenu->addPlot(m_compare->driftPlot(), tr("Compare drift plot"));
    }
    m_statusLine->hide(); // the single view's run numbers; each lane shows its own
    m_resumeAfterCompare = m_shown && m_shown->playing;
    m_runner->pause();
    for (QDockWidget* d : findChildren<QDockWidget*>())
        if (d->isVisible()) {
            m_hiddenDocks.push_back(d);
            d->hide();
        }
    // the single view's selection goes to every lane, whose orbits the portrait draws
    m_compare->setSelectedBody(m_sceneView->selectedBody());
    m_phase->portrait()->clearLanes();
    m_phase->portrait()->setLanesShown(true);
    m_compare->start(std::move(scene), settings);
    showCentrePage(m_compare);
    m_compareAction->setChecked(true);
    return true;
}

} // namespace tumble::ui
