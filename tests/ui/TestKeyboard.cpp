// Keyboard (issue 6): Space toggles play, S takes exactly one step, R resets to step 0, from
// wherever the focus is (the 3D view, a button); typing a space into the dt field or the
// inspector's spin box types, it does not pause; the keys are Run-menu actions.
#include <QtTest>

#include <QAction>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSpinBox>

#include "MainWindow.h"
#include "WaitShown.h"
#include "panels/BodyInspector.h"
#include "panels/ControlPanel.h"
#include "scene/BuiltinScenes.h"
#include "session/SimulationRunner.h"
#include "view3d/SceneView.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::waitShown;

namespace {

std::unique_ptr<MainWindow> activeRunningWindow()
{
    auto w = tumble::test::runningWindow();
    if (!w)
        return nullptr;
    w->activateWindow();
    if (!QTest::qWaitForWindowActive(w.get()))
        return nullptr;
    if (!waitShown(*w, [](const FrameSnapshot& s) { return s.playing && s.step > 0; }))
        return nullptr;
    return w;
}

// a key pressed where the focus is, as the user would
void press(MainWindow& w, Qt::Key key)
{
    QWidget* target = QApplication::focusWidget() ? QApplication::focusWidget() : &w;
    QTest::keyClick(target, key);
}

} // namespace

class TestKeyboard : public QObject {
    Q_OBJECT
private slots:
    void spaceStepAndReset();
    void keysWorkWhateverHasFocus();
    void typingASpaceInAFieldDoesNotPause();
    void keysAreRunMenuActions();
};

void TestKeyboard::spaceStepAndReset()
{
    auto w = activeRunningWindow();
    QVERIFY(w);
    const long long revision = w->shownSnapshot()->scene->revision;
    w->sceneView()->setFocus();
    press(*w, Qt::Key_Space);
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return !s.playing; }, 5000));
    QTest::qWait(100);
    const long long step = w->shownSnapshot()->step;
    // S: exactly one step each time, and the run stays paused
    press(*w, Qt::Key_S);
    QVERIFY(waitShown(
        *w, [&](const FrameSnapshot& s) { return s.step == step + 1; }, 5000));
    press(*w, Qt::Key_S);
    QVERIFY(waitShown(
        *w, [&](const FrameSnapshot& s) { return s.step == step + 2; }, 5000));
    QTest::qWait(200);
    QCOMPARE(w->shownSnapshot()->step, step + 2);
    QVERIFY(!w->shownSnapshot()->playing);
    // R: back to step 0 of a new revision of the same scene
    press(*w, Qt::Key_R);
    QVERIFY(waitShown(
        *w, [&](const FrameSnapshot& s) { return s.scene->revision == revision + 1 && s.step == 0 && s.time == 0.0; },
        5000));
    // Space: playing again
    press(*w, Qt::Key_Space);
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return s.playing && s.step > 0; }, 5000));
}

void TestKeyboard::keysWorkWhateverHasFocus()
{
    auto w = activeRunningWindow();
    QVERIFY(w);
    // a push button in the panel has the focus: Space still pauses (it is not a click)
    QPushButton* button = nullptr;
    for (QPushButton* b : w->controlPanel()->findChildren<QPushButton*>())
        if (!button && b->isVisible() && b->isEnabled() && b->text() == QStringLiteral("Step"))
            button = b;
    QVERIFY(button);
    button->setFocus();
    QTRY_VERIFY(button->hasFocus());
    press(*w, Qt::Key_Space);
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return !s.playing; }, 5000));
    QTest::qWait(100);
    const long long step = w->shownSnapshot()->step;
    press(*w, Qt::Key_S);
    QVERIFY(waitShown(
        *w, [&](const FrameSnapshot& s) { return s.step == step + 1; }, 5000));
    QTest::qWait(200);
    QCOMPARE(w->shownSnapshot()->step, step + 1); // one step, not a button click on top
}

void TestKeyboard::typingASpaceInAFieldDoesNotPause()
{
    auto w = activeRunningWindow();
    QVERIFY(w);
    // playing: a space typed into the dt field does not pause
    QLineEdit* field = w->controlPanel()->dtField();
    field->setFocus();
    QTRY_VERIFY(field->hasFocus());
    field->end(false);
    press(*w, Qt::Key_Space);
    const long long step = w->shownSnapshot()->step;
    QVERIFY(waitShown(
        *w, [&](const FrameSnapshot& s) { return s.step > step + 5; }, 5000));
    QVERIFY(w->shownSnapshot()->playing);
    QVERIFY(field->hasFocus());

    // paused: Space, S and R typed into the field or the inspector's spin box neither play,
    // step nor reset
    w->worker()->pause();
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return !s.playing; }, 5000));
    QTest::qWait(100);
    const long long pausedStep = w->shownSnapshot()->step;
    const long long revision = w->shownSnapshot()->scene->revision;
    QSpinBox* box = w->inspector()->bodyBox();
    for (QWidget* editor : {static_cast<QWidget*>(field), static_cast<QWidget*>(box)}) {
        editor->setFocus();
        QTRY_VERIFY(editor->hasFocus());
        for (Qt::Key key : {Qt::Key_Space, Qt::Key_S, Qt::Key_R})
            press(*w, key);
    }
    QTest::qWait(300);
    QVERIFY(!w->shownSnapshot()->playing);
    QCOMPARE(w->shownSnapshot()->step, pausedStep);
    QCOMPARE(w->shownSnapshot()->scene->revision, revision);
    // the same keys on the view act again
    w->sceneView()->setFocus();
    press(*w, Qt::Key_S);
    QVERIFY(waitShown(
        *w, [&](const FrameSnapshot& s) { return s.step == pausedStep + 1; }, 5000));
}

void TestKeyboard::keysAreRunMenuActions()
{
    auto w = activeRunningWindow();
    QVERIFY(w);
    // every key is an action with its shortcut in a menu of the window
    for (const QKeySequence& key : {QKeySequence(Qt::Key_Space), QKeySequence(Qt::Key_S), QKeySequence(Qt::Key_R)}) {
        int found = 0;
        for (QAction* menuAction : w->menuBar()->actions())
            if (menuAction->menu())
                for (QAction* a : menuAction->menu()->actions())
                    found += a->shortcut() == key ? 1 : 0;
        QVERIFY2(found == 1, qPrintable(key.toString()));
    }
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestKeyboard t;
    return QTest::qExec(&t, argc, argv);
}

#include "TestKeyboard.moc"
