// The keys and mouse help (issue 22): F1 or ? opens it over the window, listing every action that
// has a shortcut (read from the window, so a new shortcut appears in it by itself) and the mouse's
// gestures; Escape, a click, F1 or ? close it. The keys work from a floating dock too: the Run
// menu's S steps a paused run from a floating Inspector.
#include <QtTest>

#include <QAction>
#include <QDockWidget>

#include <algorithm>

#include "MainWindow.h"
#include "WaitShown.h"
#include "panels/BodyInspector.h"
#include "panels/HelpOverlay.h"
#include "session/SimulationRunner.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::waitShown;

class TestHelpOverlay : public QObject {
    Q_OBJECT
private slots:
    void listsEveryShortcutAndCloses()
    {
        auto w = tumble::test::runningWindow();
        QVERIFY(w);
        w->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w.get()));
        HelpOverlay* help = w->helpOverlay();
        QVERIFY(help && !help->isVisible());
        QTest::keyClick(w.get(), Qt::Key_F1);
        QTRY_VERIFY(help->isVisible());
        QCOMPARE(help->geometry(), w->rect());
        // every action of the window with a shortcut is listed, with its keys
        QStringList expected;
        for (const QAction* a : w->findChildren<QAction*>())
            if (!a->shortcuts().isEmpty())
                expected << a->shortcuts().first().toString(QKeySequence::NativeText);
        QVERIFY(expected.size() >= 5); // Space, S, R, C and F1 or ?, at least
        for (const QString& keys : expected) {
            const bool listed = std::any_of(help->shownKeys().begin(), help->shownKeys().end(),
                                            [&](const HelpOverlay::Entry& e) { return e.keys.startsWith(keys); });
            QVERIFY2(listed, qPrintable(keys));
        }
        const auto lists = [&](const QString& keys, const QString& what) {
            return std::any_of(help->shownKeys().begin(), help->shownKeys().end(),
                               [&](const HelpOverlay::Entry& e) { return e.keys == keys && e.what.contains(what); });
        };
        QVERIFY(lists(QStringLiteral("Space"), QStringLiteral("Play")));
        QVERIFY(lists(QStringLiteral("F1 or ?"), QStringLiteral("Keys and mouse")));
        QVERIFY(HelpOverlay::mouseEntries().size() >= 8);
        // closed by Escape, opened by ?, closed by F1, opened again and closed by a click
        QTest::keyClick(help, Qt::Key_Escape);
        QTRY_VERIFY(!help->isVisible());
        QTest::keyClick(w.get(), Qt::Key_Question);
        QTRY_VERIFY(help->isVisible());
        QTest::keyClick(help, Qt::Key_F1);
        QTRY_VERIFY(!help->isVisible());
        QTest::keyClick(w.get(), Qt::Key_F1);
        QTRY_VERIFY(help->isVisible());
        QTest::mouseClick(help, Qt::LeftButton, {}, help->rect().center());
        QTRY_VERIFY(!help->isVisible());
    }

    void keysWorkFromAFloatingDock()
    {
        auto w = tumble::test::runningWindow();
        QVERIFY(w);
        QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.playing && s.step > 0; }));
        w->worker()->pause();
        QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return !s.playing; }));
        QTest::qWait(100);
        const long long step = w->shownSnapshot()->step;
        QDockWidget* dock = nullptr;
        for (QDockWidget* d : w->findChildren<QDockWidget*>())
            if (d->isAncestorOf(w->inspector()))
                dock = d;
        QVERIFY(dock);
        dock->setFloating(true);
        dock->show();
        dock->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(dock));
        QTest::keyClick(dock, Qt::Key_S);
        QVERIFY(waitShown(
            *w, [&](const FrameSnapshot& s) { return s.step == step + 1; }, 5000));
    }
};

int main(int argc, char** argv)
{
    MainWindow::installSurfaceFormat();
    QApplication app(argc, argv);
    TestHelpOverlay t;
    return QTest::qExec(&t, argc, argv);
}

#include "TestHelpOverlay.moc"
