// The 3D view's level of detail during a scripted drag (issue 18), without timing: with frames
// made slow (SlowFrames), the frames shown while the camera moves are rendered smaller than the
// view or draw fewer spheres, as their level says, and still show the spheres (a grab meanwhile,
// an export, is full quality); a snapshot that
// arrives meanwhile is drawn at the coarse level too; kSettleMs after the release a
// full-quality frame follows, at the view's full size with every sphere. A drag that begins
// while a slow full-quality frame renders cuts it short after the share of spheres under way,
// and a coarse frame follows. (That a fast view stays at full quality is InteractiveDetail's,
// tested in ui.InteractiveDetail.)
#include <QtTest>

#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkRendererCollection.h>

#include <cmath>
#include <memory>
#include <optional>
#include <vector>

#include "SlowFrames.h"
#include "WaitScale.h"
#include "view3d/SceneView.h"
#include "view3d/ScriptedDrag.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

using tumble::ui::test::SlowFrames;

constexpr int kSide = 12; // spheres along each edge of the cube
constexpr std::size_t kSpheres = std::size_t(kSide) * kSide * kSide;

// a cube of touching spheres of radius 0.5 m at rest, shifted by dx
SnapshotPtr cube(long long serial, float dx = 0.f)
{
    auto info = std::make_shared<SceneInfo>();
    info->revision = 1;
    info->name = "cube";
    const double b[6] = {0, kSide, 0, kSide, 0, kSide};
    std::copy(b, b + 6, info->bounds);
    auto s = std::make_shared<FrameSnapshot>();
    s->scene = info;
    s->serial = serial;
    for (int z = 0; z < kSide; ++z)
        for (int y = 0; y < kSide; ++y)
            for (int x = 0; x < kSide; ++x) {
                s->positions.insert(s->positions.end(), {x + 0.5f + dx, y + 0.5f, z + 0.5f});
                s->radii.push_back(0.5f);
                s->speeds.push_back(0.f);
            }
    s->markers = std::make_shared<const std::vector<ParameterMarker>>();
    return s;
}

// share of the image in the spheres' colour (at rest: the cool end of the scale, blue)
double sphereShare(const QImage& img)
{
    long long blue = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const QColor c = img.pixelColor(x, y);
            blue += c.blue() > c.red() + 40;
        }
    return double(blue) / double(std::max(1LL, 1LL * img.width() * img.height()));
}

vtkRenderer* rendererOf(SceneView& view)
{
    return view.renderWindow()->GetRenderers()->GetFirstRenderer();
}

// the sphere shares' renderers (after the main one), each made slow
std::vector<std::unique_ptr<SlowFrames>> slowShares(SceneView& view, int sleepMs)
{
    std::vector<std::unique_ptr<SlowFrames>> out;
    vtkRendererCollection* rs = view.renderWindow()->GetRenderers();
    // the shares' renderers follow the main one (the selected bond's top layer comes last)
    for (int i = 1; i <= SceneView::kSphereParts && i < rs->GetNumberOfItems(); ++i) {
        out.push_back(std::make_unique<SlowFrames>(vtkRenderer::SafeDownCast(rs->GetItemAsObject(i))));
        out.back()->sleepMs = sleepMs;
    }
    return out;
}

int sharesDrawn(const std::vector<std::unique_ptr<SlowFrames>>& shares)
{
    int n = 0;
    for (const auto& s : shares)
        n += s->started;
    return n;
}

void sendMouse(SceneView& view, QEvent::Type type, QPointF pos)
{
    const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    const Qt::MouseButtons held = type == QEvent::MouseButtonRelease ? Qt::NoButton : Qt::LeftButton;
    QMouseEvent event(type, pos, view.mapToGlobal(pos), button, held, Qt::NoModifier);
    QCoreApplication::sendEvent(&view, &event);
}

} // namespace

class TestSceneViewDetail : public QObject {
    Q_OBJECT
private slots:
    void slowViewDragsAtACoarseLevelThenFullQuality();
    void dragAbandonsTheSlowFrameInFlight();
};

void TestSceneViewDetail::slowViewDragsAtACoarseLevelThenFullQuality()
{
    // (the slowing observer outlives the view: the render thread may call it until the view goes)
    std::optional<SlowFrames> slow;
    SceneView view;
    view.resize(320, 240);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.threadedRendering());
    view.setSnapshot(cube(1));
    const QImage still = view.grabFramebuffer();
    const double stillShare = sphereShare(still);
    QVERIFY2(stillShare > 0.05, qPrintable(QString::number(stillShare)));
    QCOMPARE(view.shownDetailLevel(), 0);
    const QSize full = view.shownFrameSize();

    // every frame takes 200 ms: far over the budget at any level
    slow.emplace(rendererOf(view));
    slow->sleepMs = 200;
    view.grabFramebuffer(); // a full-quality frame measured that slow
    QVERIFY(view.interactiveDetail().estimateMs(0) > InteractiveDetail::kBudgetMs);

    ScriptedDrag drag(&view);
    QSignalSpy finished(&drag, &ScriptedDrag::finished);
    QImage moving;
    int movingLevel = -1;
    int grabbedLevel = -1;
    // (a drag of 2 s; longer where a sanitizer slows every frame beyond its 200 ms)
    const int scale = tumble::test::waitScale();
    QTimer::singleShot(600 * scale, &view, [&view]() { view.setSnapshot(cube(2, 0.1f)); });
    QTimer::singleShot(1200 * scale, &view, [&]() {
        moving = view.shownFrameImage(); // what the screen shows
        movingLevel = view.shownDetailLevel();
        view.grabFramebuffer(); // an export: full quality, also while moving
        grabbedLevel = view.shownDetailLevel();
    });
    drag.start(2000 * scale);
    QVERIFY(finished.wait(20000 * scale));
    const ScriptedDrag::Result& r = drag.result();

    // while moving: coarse frames, each as its level says
    int coarse = 0;
    for (const ScriptedDrag::Frame& f : r.during) {
        if (f.level == 0)
            continue; // the full-quality frame in flight when the drag began, and the grab's
        ++coarse;
        const DetailLevel d = InteractiveDetail::kLadder[std::size_t(f.level)];
        QCOMPARE(f.width, std::max(1, int(std::lround(full.width() * d.scale))));
        QCOMPARE(f.height, std::max(1, int(std::lround(full.height() * d.scale))));
        QCOMPARE(f.spheres, (kSpheres + std::size_t(d.stride) - 1) / std::size_t(d.stride));
        QVERIFY(f.width < full.width() || f.spheres < kSpheres);
    }
    QVERIFY2(coarse >= 3, qPrintable(QString::number(coarse)));
    // the picture during the drag is the spheres, not a blank frame
    QVERIFY(movingLevel > 0);
    QVERIFY(moving.width() < still.width());
    const double movingShare = sphereShare(moving);
    // (every 16th sphere at the coarsest level: far fewer, but there)
    QVERIFY2(movingShare > 0.15 * stillShare, qPrintable(QString::number(movingShare / stillShare)));
    QCOMPARE(grabbedLevel, 0);

    // after the release: the camera settles, then full quality, full size, every sphere
    QVERIFY(r.fullQualityMs >= 0.8 * VtkOpenGLWidget::kSettleMs);
    QCOMPARE(r.fullQuality.level, 0);
    QCOMPARE(QSize(r.fullQuality.width, r.fullQuality.height), full);
    QCOMPARE(r.fullQuality.spheres, kSpheres);
    QVERIFY(!view.interacting());
    QCOMPARE(view.drawnSphereCount(), kSpheres);
}

void TestSceneViewDetail::dragAbandonsTheSlowFrameInFlight()
{
    // (the slowing observers outlive the view: the render thread may call them until the view goes)
    std::vector<std::unique_ptr<SlowFrames>> shares;
    SceneView view;
    view.resize(320, 240);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setSnapshot(cube(1));
    view.grabFramebuffer();
    // every share 150 ms: a full-quality frame takes over a second
    shares = slowShares(view, 150);
    QCOMPARE(int(shares.size()), SceneView::kSphereParts);
    view.grabFramebuffer();
    QVERIFY(view.interactiveDetail().estimateMs(0) > InteractiveDetail::kBudgetMs);
    const long long shown = view.frameCount();

    // a new snapshot: a slow frame starts; a drag begins while its first share draws
    const int before = sharesDrawn(shares);
    view.setSnapshot(cube(2, 0.1f));
    QTRY_VERIFY_WITH_TIMEOUT(sharesDrawn(shares) > before, 5000);
    const QPointF centre(view.width() / 2.0, view.height() / 2.0);
    sendMouse(view, QEvent::MouseButtonPress, centre);
    sendMouse(view, QEvent::MouseMove, centre + QPointF(20, 5));
    QVERIFY(view.interacting());

    // the next frame shown is a coarse one: the slow frame stopped after the share under way
    QTRY_VERIFY_WITH_TIMEOUT(view.frameCount() > shown, 10000);
    const int drawn = sharesDrawn(shares) - before;
    QVERIFY(view.shownDetailLevel() > 0);
    const int coarseShares = SceneView::kSphereParts / view.shownDetail().stride;
    QVERIFY2(drawn < SceneView::kSphereParts + coarseShares, qPrintable(QString::number(drawn)));
    sendMouse(view, QEvent::MouseButtonRelease, centre + QPointF(20, 5));
    for (const auto& s : shares)
        s->sleepMs = 0;
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestSceneViewDetail t;
    return QTest::qExec(&t, argc, argv);
}

#include "TestSceneViewDetail.moc"
