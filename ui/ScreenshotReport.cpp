#include "ScreenshotReport.h"

#include <QApplication>
#include <QImage>
#include <QTimer>

#include <cstdio>

#include "EventLoopProbe.h"
#include "MainWindow.h"
#include "plot/EnergyPlot.h"
#include "view3d/SceneView.h"

namespace tumble::ui {

void scheduleScreenshot(MainWindow& window, const QString& path, int afterMs)
{
    // how long input would have waited, from a second after start (scene loading excluded)
    auto* probe = new EventLoopProbe(&window);
    QTimer::singleShot(1000, probe, [probe]() { probe->restart(); });
    QTimer::singleShot(afterMs, &window, [&window, path, probe]() {
        const QImage image = window.grabWindowImage();
        if (!image.save(path)) {
            std::fprintf(stderr, "tumble: cannot write %s\n", qPrintable(path));
            QApplication::exit(1);
            return;
        }
        std::printf("tumble: wrote %s (%dx%d); 3D view %.1f fps, paint %.1f ms, render %.1f ms%s; "
                    "energy plot paint %.1f ms\n",
                    qPrintable(path), image.width(), image.height(), window.sceneView()->framesPerSecond(),
                    window.sceneView()->paintMilliseconds(), window.sceneView()->renderMilliseconds(),
                    window.sceneView()->threadedRendering() ? " (render thread)" : "",
                    window.energyPlot()->paintMilliseconds());
        if (const SnapshotPtr s = window.shownSnapshot())
            std::printf("tumble: worker %.0f steps/s, snapshot %.2f ms, snapshots %.2f %% of the worker's "
                        "time; input waits: median %.1f ms, 95%% %.1f ms, longest %.1f ms\n",
                        s->stepsPerSecond, s->buildMicroseconds * 1e-3, 100.0 * s->publishShare, probe->quantileMs(0.5),
                        probe->quantileMs(0.95), probe->longestMs());
        window.close();
    });
}

} // namespace tumble::ui
