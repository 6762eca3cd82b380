// The timeline strip under the 3D view (issue 22): locked while the run plays; paused, its
// slider, the Left and Right keys and its buttons show earlier states, the energy plot draws a
// cursor at the moment shown, "Resume from here" plays on from it and the plots drop what the
// run no longer leads to (their times rise again from the cut). File has Save and Load state.
#include <QtTest>

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSlider>
#include <QTemporaryDir>

#include <cmath>

#include "MainWindow.h"
#include "WaitShown.h"
#include "phase/PhasePanel.h"
#include "phase/PhasePortrait.h"
#include "plot/EnergyPlot.h"
#include "session/SimulationRunner.h"
#include "timeline/TimelineBar.h"
#include "view3d/SceneView.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::waitShown;

namespace {

bool increasing(const std::vector<double>& t)
{
    for (std::size_t i = 1; i < t.size(); ++i)
        if (!(t[i] > t[i - 1]))
            return false;
    return true;
}

QAction* menuAction(MainWindow& w, const QString& menu, const QString& text)
{
    for (QAction* m : w.menuBar()->actions())
        if (m->text().remove('&') == menu)
            for (QAction* a : m->menu()->actions())
                if (a->text() == text)
                    return a;
    return nullptr;
}

// types a file name into a file dialog and presses Return, as a user does
void type(QFileDialog& dialog, const QString& path)
{
    auto* name = dialog.findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
    QVERIFY(name);
    name->setText(path);
    QTest::keyClick(name, Qt::Key_Return);
}

} // namespace

class TestTimelineBar : public QObject {
    Q_OBJECT
private slots:
    void scrubAndResumeFromTheStrip();
    void menusHoldTheStateAndTimelineActions();
    void fileMenuSavesAndLoadsAState();
};

void TestTimelineBar::scrubAndResumeFromTheStrip()
{
    auto w = tumble::test::runningWindow();
    QVERIFY(w);
    w->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(w.get()));
    TimelineBar* bar = w->timelineBar();
    // playing: states are kept, the slider is locked at the newest
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return s.playing && s.timeline.count >= 8; }, 30000));
    QVERIFY(!bar->slider()->isEnabled());
    QVERIFY(!bar->resumeButton()->isEnabled());

    w->worker()->pause();
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return !s.playing; }));
    QTest::qWait(100);
    const SnapshotPtr paused = w->shownSnapshot();
    const int count = paused->timeline.count;
    QVERIFY(bar->slider()->isEnabled());
    QCOMPARE(bar->slider()->maximum(), count - 1);
    QCOMPARE(bar->slider()->value(), count - 1);
    const double plottedEnd = w->energyPlot()->timeValues().back();

    // the slider to a third of the way: that moment in the view, a cursor in the energy plot
    const int target = count / 3;
    bar->slider()->setValue(target);
    QVERIFY(waitShown(*w, [&](const FrameSnapshot& s) { return s.timeline.shown == target; }));
    const SnapshotPtr shown = w->shownSnapshot();
    QVERIFY(shown->time < paused->time);
    QCOMPARE(w->energyPlot()->cursorTime(), shown->time);
    QVERIFY(bar->label()->text().startsWith(QString("t = %1 s").arg(shown->time, 0, 'g', 5)));
    QVERIFY(bar->label()->toolTip().contains(QString("step %1").arg(shown->step)));
    QVERIFY(bar->resumeButton()->isEnabled());
    // Left and Right: one recorded state back and forth
    w->sceneView()->setFocus();
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Left);
    QVERIFY(waitShown(*w, [&](const FrameSnapshot& s) { return s.timeline.shown == target - 1; }));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Right);
    QVERIFY(waitShown(*w, [&](const FrameSnapshot& s) { return s.timeline.shown == target; }));
    QVERIFY(w->energyPlot()->timeValues().back() == plottedEnd); // looking cuts nothing

    // resume from here: the plot drops the future it no longer has and goes on from the moment
    QTest::mouseClick(bar->resumeButton(), Qt::LeftButton);
    QVERIFY(waitShown(*w, [&](const FrameSnapshot& s) {
        return s.playing && s.timeline.cutSerial > paused->timeline.cutSerial && s.time > shown->time;
    }));
    QVERIFY(std::isnan(w->energyPlot()->cursorTime()));
    const std::vector<double> times = w->energyPlot()->timeValues();
    QVERIFY2(increasing(times), "the plot's times rise from the cut on, with nothing of the dropped run");
    QVERIFY(increasing(w->phasePanel()->portrait()->times()));
    QVERIFY(!bar->slider()->isEnabled());
}

void TestTimelineBar::menusHoldTheStateAndTimelineActions()
{
    MainWindow w;
    QAction* save = menuAction(w, "File", "Save state...");
    QAction* load = menuAction(w, "File", "Load state...");
    QVERIFY(save && load);
    QCOMPARE(save->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_S));
    QAction* back = menuAction(w, "Run", "Back one recorded state");
    QAction* forward = menuAction(w, "Run", "Forward one recorded state");
    QVERIFY(back && forward);
    QCOMPARE(back->shortcut(), QKeySequence(Qt::Key_Left));
    QVERIFY(menuAction(w, "Run", "Timeline memory..."));
    w.setTimelineBudget(64);
    QCOMPARE(w.timelineBudget(), 64);
}

// File > Save state and Load state through their dialogs, as a user would
void TestTimelineBar::fileMenuSavesAndLoadsAState()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("box"); // the dialog adds .tumble-state
    auto w = tumble::test::runningWindow();
    QVERIFY(w);
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.playing && s.step > 100; }));
    menuAction(*w, "File", "Save state...")->trigger();
    QFileDialog* save = w->fileDialog();
    QVERIFY(save);
    // saving pauses the run: the state written is the one on screen
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return !s.playing; }));
    QTest::qWait(100);
    const SnapshotPtr saved = w->shownSnapshot();
    type(*save, path);
    QVERIFY(tumble::test::waitUntil([&]() { return QFileInfo::exists(path + ".tumble-state"); }));

    w->worker()->play();
    QVERIFY(waitShown(*w, [&](const FrameSnapshot& s) { return s.step > saved->step + 100; }));
    menuAction(*w, "File", "Load state...")->trigger();
    QFileDialog* load = w->fileDialog();
    QVERIFY(load);
    type(*load, path + ".tumble-state");
    QVERIFY(waitShown(*w, [&](const FrameSnapshot& s) {
        return s.scene->revision > saved->scene->revision && s.step == saved->step;
    }));
    const SnapshotPtr back = w->shownSnapshot();
    QCOMPARE(back->positions, saved->positions);
    QVERIFY(!back->playing);
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestTimelineBar t;
    return QTest::qExec(&t, argc, argv);
}

#include "TestTimelineBar.moc"
