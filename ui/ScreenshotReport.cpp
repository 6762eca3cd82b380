#include "ScreenshotReport.h"

#include <QApplication>
#include <QFileInfo>
#include <QImage>
#include <QTimer>

#include <cstdio>
#include <memory>

#include "EventLoopProbe.h"
#include "MainWindow.h"
#include "plot/EnergyPlot.h"
#include "view3d/InteractiveDetail.h"
#include "view3d/SceneView.h"
#include "view3d/ScriptedDrag.h"

namespace tumble::ui {

namespace {

// the window to path; false (and exit status 1) when it cannot be written
bool saveWindow(MainWindow& window, const QString& path, QImage* out = nullptr)
{
    const QImage image = window.grabWindowImage();
    if (!image.save(path)) {
        std::fprintf(stderr, "tumble: cannot write %s\n", qPrintable(path));
        QApplication::exit(1);
        return false;
    }
    if (out)
        *out = image;
    return true;
}

void takeScreenshot(MainWindow& window, const QString& path, EventLoopProbe* probe)
{
    QImage image;
    if (!saveWindow(window, path, &image))
        return;
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
}

// input waits, ms
struct Waits {
    double median = 0.0;
    double p95 = 0.0;
    double longest = 0.0;
};

void reportDrag(const SceneView& view, const ScriptedDrag::Result& r, const Waits& waits)
{
    std::printf("tumble: drag %.1f s: %zu frames, %.1f fps (%.1f fps from the first frame on); first frame "
                "%.0f ms after the press; full quality %.0f ms after the release (render %.0f ms, %dx%d, %zu "
                "spheres); input waits during the drag: median %.1f ms, 95%% %.1f ms, longest %.1f ms\n",
                r.dragMs * 1e-3, r.during.size(), r.fps(), r.steadyFps(), r.firstFrameMs, r.fullQualityMs,
                r.fullQuality.renderMs, r.fullQuality.width, r.fullQuality.height, r.fullQuality.spheres, waits.median,
                waits.p95, waits.longest);
    // per level: the frames of this drag, and the view's mean over the run (still frames too)
    const InteractiveDetail& detail = view.interactiveDetail();
    for (int l = 0; l < InteractiveDetail::kLevels; ++l) {
        std::size_t n = 0;
        double sum = 0.0;
        int w = 0, h = 0;
        std::size_t spheres = 0;
        for (const ScriptedDrag::Frame& f : r.during)
            if (f.level == l) {
                ++n;
                sum += f.renderMs;
                w = f.width;
                h = f.height;
                spheres = f.spheres;
            }
        if (n == 0 && detail.frames(l) == 0)
            continue;
        const DetailLevel& d = InteractiveDetail::kLadder[std::size_t(l)];
        std::printf("tumble:   level %d (resolution x%.2f, every %d%s sphere): %zu frames in the drag", l, d.scale,
                    d.stride, d.stride == 1 ? "" : "th", n);
        if (n > 0)
            std::printf(" at %dx%d, %zu spheres, render %.0f ms", w, h, spheres, sum / double(n));
        std::printf("; run: %zu frames, mean render %.0f ms\n", detail.frames(l), detail.meanMs(l));
    }
}

} // namespace

void scheduleScreenshot(MainWindow& window, const QString& path, int afterMs, int dragMs)
{
    // how long input would have waited, from a second after start (scene loading excluded)
    auto* probe = new EventLoopProbe(&window);
    QTimer::singleShot(1000, probe, [probe]() { probe->restart(); });
    if (dragMs <= 0) {
        QTimer::singleShot(afterMs, &window, [&window, path, probe]() { takeScreenshot(window, path, probe); });
        return;
    }
    QTimer::singleShot(afterMs, &window, [&window, path, probe, dragMs]() {
        SceneView* view = window.sceneView();
        auto* drag = new ScriptedDrag(view, &window);
        auto* dragProbe = new EventLoopProbe(&window); // input waits during the drag alone
        const QFileInfo info(path);
        const QString midPath =
            info.path() + QLatin1Char('/') + info.completeBaseName() + QStringLiteral("-drag.") + info.suffix();
        // halfway: the 3D view's frame on screen, as rendered (no grab: that would render a
        // full-quality frame and wait for it)
        QTimer::singleShot(dragMs / 2, drag, [view, midPath]() {
            if (!view->shownFrameImage().save(midPath))
                std::fprintf(stderr, "tumble: cannot write %s\n", qPrintable(midPath));
        });
        // input waits press to release
        auto waits = std::make_shared<Waits>();
        QObject::connect(drag, &ScriptedDrag::released, dragProbe, [dragProbe, waits]() {
            *waits = {dragProbe->quantileMs(0.5), dragProbe->quantileMs(0.95), dragProbe->longestMs()};
        });
        QObject::connect(drag, &ScriptedDrag::finished, &window, [&window, path, probe, drag, view, waits]() {
            reportDrag(*view, drag->result(), *waits);
            takeScreenshot(window, path, probe);
        });
        drag->start(dragMs);
    });
}

} // namespace tumble::ui
