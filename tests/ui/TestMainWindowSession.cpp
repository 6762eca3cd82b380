// Remembered sessions (issue 22): a window that remembers its session saves on close the colour
// mode, the force chains, the docks' layout and the scene on screen, and the next one that
// remembers opens with them; a window that does not remember reads and writes nothing; View >
// Reset layout puts the docks back where a new window has them.
#include <QtTest>

#include <QAction>
#include <QCheckBox>
#include <QDockWidget>
#include <QMenuBar>
#include <QSettings>
#include <QTemporaryDir>

#include "MainWindow.h"
#include "WaitShown.h"
#include "panels/ControlPanel.h"
#include "session/SimulationRunner.h"
#include "view3d/SceneView.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

QAction* menuAction(MainWindow& w, const QString& text)
{
    for (QAction* menu : w.menuBar()->actions())
        if (menu->menu())
            for (QAction* a : menu->menu()->actions())
                if (a->text() == text)
                    return a;
    return nullptr;
}

bool showsScene(MainWindow& w, const std::string& source)
{
    return test::waitShown(w, [&](const FrameSnapshot& s) { return s.scene && s.scene->source == source; });
}

} // namespace

class TestMainWindowSession : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("TumbleTest"));
        QCoreApplication::setApplicationName(QStringLiteral("TumbleTest"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
        QSettings().clear();
    }

    void theNextWindowOpensAsTheLastClosed()
    {
        {
            MainWindow w;
            w.resize(1280, 800);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.rememberSession(true); // nothing saved yet: the defaults
            QCOMPARE(w.sceneView()->colourMode(), ColourMode::Speed);
            QVERIFY(w.openBuiltinScene(QStringLiteral("settling-box")));
            QVERIFY(showsScene(w, "builtin:settling-box"));
            w.setColourMode(ColourMode::Coordination);
            w.setForceChains(true);
            w.phaseDock()->hide();
            w.close();
        }
        QSettings settings;
        QCOMPARE(settings.value(QStringLiteral("view/colour")).toString(), QStringLiteral("coordination"));
        QCOMPARE(settings.value(QStringLiteral("scene/last")).toString(), QStringLiteral("builtin:settling-box"));

        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(!w.phaseDock()->isHidden()); // a new window's layout until it remembers
        w.rememberSession(true);
        QCOMPARE(w.sceneView()->colourMode(), ColourMode::Coordination);
        QVERIFY(w.controlPanel()->forceChainsBox()->isChecked());
        QVERIFY(w.sceneView()->overlayOptions().forceChains);
        QVERIFY(w.phaseDock()->isHidden());
        QVERIFY(showsScene(w, "builtin:settling-box"));

        // View > Reset layout: the phase dock is back
        QAction* reset = menuAction(w, QStringLiteral("Reset layout"));
        QVERIFY(reset);
        reset->trigger();
        QVERIFY(!w.phaseDock()->isHidden());
        w.close();
    }

    void aWindowThatDoesNotRememberLeavesTheSettings()
    {
        QSettings().setValue(QStringLiteral("view/colour"), QStringLiteral("height"));
        {
            MainWindow w;
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QCOMPARE(w.sceneView()->colourMode(), ColourMode::Speed);
            w.setColourMode(ColourMode::Body);
            w.close();
        }
        QCOMPARE(QSettings().value(QStringLiteral("view/colour")).toString(), QStringLiteral("height"));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestMainWindowSession)
#include "TestMainWindowSession.moc"
