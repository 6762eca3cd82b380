// tumble: the GUI. Opens the main window on the default scene (or a scene file, or another
// built-in scene, given on the command line) and starts playing.
//
//   tumble [SCENE.json] [--scene ID] [--colour MODE] [--force-chains] [--select ID [--ghost]] [--select-bond I-J]
//          [--compare [--lanes PRESET[@DT|@Fx],...]] [--replay DUMP [--log LOG]]
//          [--screenshot PATH [--after SECONDS] [--drag SECONDS] [--scrub FRACTION]]
//          [--size WxH]   (default: sized from the screen, MainWindow::initialSize)
//
// --screenshot grabs the whole window (widgets plus the GL views' frames) after SECONDS of
// running, writes PATH and quits: scripts/screenshot.sh uses it under Xvfb. With --drag, a
// scripted camera drag of that many seconds runs first and its frame rate is reported
// (docs/PERFORMANCE.md, "The GUI at 100k spheres"). With --scrub, the run is paused a second
// before the screenshot and the timeline shows the state that fraction of the way along it.
#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include <algorithm>
#include <cstdio>

#include "MainWindow.h"
#include "ScreenshotReport.h"
#include "scene/BuiltinScenes.h"

int main(int argc, char** argv)
{
    // VTK's surface format must be the default before the application (and any context) exists
    tumble::ui::MainWindow::installSurfaceFormat();

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Tumble"));
    QApplication::setOrganizationName(QStringLiteral("Tumble")); // QSettings: ~/.config/Tumble/Tumble.conf
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Tumble: an interactive discrete-element (DEM) lab."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("scene"),
                                 QStringLiteral("Scene file to open (default: built-in %1).")
                                     .arg(QString::fromStdString(tumble::defaultSceneId())),
                                 QStringLiteral("[SCENE.json]"));
    const QCommandLineOption shotOption(QStringLiteral("screenshot"),
                                        QStringLiteral("Write a PNG of the window and quit."), QStringLiteral("PATH"));
    const QCommandLineOption afterOption(QStringLiteral("after"),
                                         QStringLiteral("Seconds to run before the screenshot "
                                                        "(default 4)."),
                                         QStringLiteral("SECONDS"), QStringLiteral("4"));
    const QCommandLineOption dragOption(QStringLiteral("drag"),
                                        QStringLiteral("With --screenshot: after --after seconds, drag the 3D "
                                                       "view's camera for SECONDS, report its frame rate, "
                                                       "then take the screenshot."),
                                        QStringLiteral("SECONDS"));
    const QCommandLineOption sizeOption(QStringLiteral("size"),
                                        QStringLiteral("Window size, e.g. 1280x800 (default: from the screen)."),
                                        QStringLiteral("WxH"));
    const QCommandLineOption sceneOption(QStringLiteral("scene"),
                                         QStringLiteral("Built-in scene to open, e.g. dzhanibekov "
                                                        "(tumble-cli list shows them)."),
                                         QStringLiteral("ID"));
    const QCommandLineOption colourOption(
        QStringLiteral("colour"),
        QStringLiteral("Colour the spheres by speed (default), by "
                       "body, by speed relative to a periodic "
                       "cell's medium (fluctuation), spin rate, kinetic "
                       "energy, coordination number, net force, height or "
                       "body id."),
        QStringLiteral("speed|body|fluctuation|spin|energy|coordination|force|height|id"), QStringLiteral("speed"));
    const QCommandLineOption freshOption(QStringLiteral("fresh"),
                                         QStringLiteral("Start from the default layout and view settings, "
                                                        "without remembering this session."));
    const QCommandLineOption chainsOption(QStringLiteral("force-chains"),
                                          QStringLiteral("Draw the contact force chains over the spheres."));
    const QCommandLineOption selectOption(QStringLiteral("select"),
                                          QStringLiteral("Select body ID once the scene runs."), QStringLiteral("ID"));
    const QCommandLineOption ghostOption(QStringLiteral("ghost"),
                                         QStringLiteral("With --select: start the exact torque-free "
                                                        "ghost of that body."));
    const QCommandLineOption scrubOption(QStringLiteral("scrub"),
                                         QStringLiteral("With --screenshot: pause a second before it and "
                                                        "show the timeline's state FRACTION (0 oldest, 1 "
                                                        "newest) of the way along."),
                                         QStringLiteral("FRACTION"));
    const QCommandLineOption keysOption(QStringLiteral("show-keys"),
                                        QStringLiteral("Open the keys and mouse help (F1) over the window."));
    const QCommandLineOption selectBondOption(QStringLiteral("select-bond"),
                                              QStringLiteral("Select the bond between bodies I and J once the "
                                                             "scene runs (the bond inspector's tab comes forward)."),
                                              QStringLiteral("I-J"));
    const QCommandLineOption compareOption(QStringLiteral("compare"),
                                           QStringLiteral("Open compare mode on the scene: several "
                                                          "integrator lanes side by side."));
    const QCommandLineOption lanesOption(QStringLiteral("lanes"),
                                         QStringLiteral("With --compare: the lanes' presets (default "
                                                        "euler,symplectic_euler,woo,pfc,pfc4,rk4), each "
                                                        "optionally at its own dt: pfc@2e-5 (s) or "
                                                        "pfc@1.4x (times the critical dt)."),
                                         QStringLiteral("PRESET,..."));
    const QCommandLineOption replayOption(QStringLiteral("replay"),
                                          QStringLiteral("Replay a LAMMPS run: its dump's frames in the 3D view "
                                                         "(with dump.bodies beside it: clumps' axes), log.lammps "
                                                         "beside it on the energy plot."),
                                          QStringLiteral("DUMP"));
    const QCommandLineOption logOption(QStringLiteral("log"),
                                       QStringLiteral("With --replay: the LAMMPS log to plot (default: log.lammps "
                                                      "beside the dump)."),
                                       QStringLiteral("LOG"));
    parser.addOption(replayOption);
    parser.addOption(logOption);
    parser.addOption(compareOption);
    parser.addOption(keysOption);
    parser.addOption(scrubOption);
    parser.addOption(lanesOption);
    parser.addOption(sceneOption);
    parser.addOption(selectOption);
    parser.addOption(ghostOption);
    parser.addOption(selectBondOption);
    parser.addOption(colourOption);
    parser.addOption(chainsOption);
    parser.addOption(freshOption);
    parser.addOption(shotOption);
    parser.addOption(afterOption);
    parser.addOption(dragOption);
    parser.addOption(sizeOption);
    parser.process(app);

    tumble::ui::MainWindow window;
    if (parser.isSet(sizeOption)) {
        const QStringList wh = parser.value(sizeOption).split(QLatin1Char('x'));
        if (wh.size() == 2 && wh[0].toInt() > 0 && wh[1].toInt() > 0)
            window.resize(wh[0].toInt(), wh[1].toInt());
    }
    window.show();

    // the default scene first, so a bad file still leaves something running behind the error
    window.openBuiltinScene(QString::fromStdString(tumble::defaultSceneId()));
    if (parser.isSet(sceneOption))
        window.openBuiltinScene(parser.value(sceneOption));
    const QStringList args = parser.positionalArguments();
    if (!args.isEmpty())
        window.openSceneFile(args.first());
    // the last session's layout, view settings and (with no scene given) scene; a screenshot
    // always starts from the defaults
    const bool sceneGiven = parser.isSet(sceneOption) || !args.isEmpty();
    if (!parser.isSet(shotOption) && !parser.isSet(freshOption))
        window.rememberSession(!sceneGiven);
    const QString colour = parser.value(colourOption);
    if (const auto mode = tumble::ui::colourModeNamed(colour.toStdString())) {
        if (parser.isSet(colourOption) || parser.isSet(shotOption) || parser.isSet(freshOption))
            window.setColourMode(*mode); // (else the remembered one stays)
    } else {
        std::fprintf(stderr,
                     "tumble: --colour takes speed, body, fluctuation, spin, energy, coordination, force, height "
                     "or id, not %s\n",
                     qPrintable(colour));
        return 2;
    }
    if (parser.isSet(chainsOption))
        window.setForceChains(true);
    if (parser.isSet(replayOption) && !window.openReplay(parser.value(replayOption), parser.value(logOption))) {
        std::fprintf(stderr, "tumble: cannot replay %s: it cannot be read\n", qPrintable(parser.value(replayOption)));
        if (parser.isSet(shotOption))
            return 3;
    }
    window.play();
    if (parser.isSet(selectOption)) {
        const int body = parser.value(selectOption).toInt();
        const bool ghost = parser.isSet(ghostOption);
        // after the first snapshots: the selection and the ghost need the body's state
        QTimer::singleShot(300, &window, [&window, body, ghost]() {
            window.selectBody(body);
            if (ghost)
                QTimer::singleShot(300, &window, [&window]() { window.startGhost(); });
        });
    }

    if (parser.isSet(selectBondOption)) {
        const QStringList ij = parser.value(selectBondOption).split(QLatin1Char('-'));
        bool okI = false, okJ = false;
        const int i = ij.size() == 2 ? ij[0].toInt(&okI) : -1;
        const int j = ij.size() == 2 ? ij[1].toInt(&okJ) : -1;
        if (!okI || !okJ) {
            std::fprintf(stderr, "tumble: --select-bond takes two body ids, I-J, not %s\n",
                         qPrintable(parser.value(selectBondOption)));
            return 2;
        }
        // after the first snapshots, as --select: the window checks the ids against the scene
        QTimer::singleShot(300, &window, [&window, i, j]() { window.selectBond(i, j); });
    }

    if (parser.isSet(compareOption)) {
        const QStringList lanes = parser.isSet(lanesOption)
                                      ? parser.value(lanesOption).split(QLatin1Char(','), Qt::SkipEmptyParts)
                                      : QStringList();
        // after the first snapshot: compare mode starts from the scene on screen
        QTimer::singleShot(300, &window, [&window, lanes]() { window.setCompareMode(true, lanes); });
    }

    if (parser.isSet(keysOption))
        QTimer::singleShot(300, &window, [&window]() { window.toggleKeysHelp(); });

    if (parser.isSet(shotOption)) {
        bool ok = false;
        const double after = parser.value(afterOption).toDouble(&ok);
        const double drag = parser.isSet(dragOption) ? parser.value(dragOption).toDouble() : 0.0;
        const int afterMs = ok && after >= 0.0 ? int(after * 1000.0) : 4000;
        if (parser.isSet(scrubOption)) {
            const double fraction = std::clamp(parser.value(scrubOption).toDouble(), 0.0, 1.0);
            QTimer::singleShot(std::max(0, afterMs - 1200), &window,
                               [&window, fraction]() { window.scrubTimeline(fraction); });
        }
        tumble::ui::scheduleScreenshot(window, parser.value(shotOption), afterMs, drag > 0.0 ? int(drag * 1000.0) : 0);
    }
    return app.exec();
}
