// SceneView: the spheres are drawn (the grabbed frame differs from the empty background over a
// clear fraction, in several speed colours), walls show, non-finite bodies are skipped, colour
// by body gives a clump's members one colour and different bodies different ones.
#include <QtTest>

#include <cmath>
#include <limits>
#include <set>

#include "view3d/SceneView.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

// a 6 x 6 x 4 lattice of spheres in a unit-ish box with five walls; speed grows with height
SnapshotPtr latticeSnapshot(bool withNaN = false, long long revision = 1, bool withBodies = true)
{
    auto info = std::make_shared<SceneInfo>();
    info->revision = revision;
    info->name = "lattice";
    const double L = 0.12;
    info->walls = {{Vec3(0, 0, 0), Vec3(0, 0, 1), 0},
                   {Vec3(-L, 0, 0), Vec3(1, 0, 0), 0},
                   {Vec3(L, 0, 0), Vec3(-1, 0, 0), 0},
                   {Vec3(0, -L, 0), Vec3(0, 1, 0), 0},
                   {Vec3(0, L, 0), Vec3(0, -1, 0), 0}};
    const double b[6] = {-L, L, -L, L, 0.0, 0.16};
    std::copy(b, b + 6, info->bounds);

    auto s = std::make_shared<FrameSnapshot>();
    s->scene = info;
    s->serial = 1;
    if (withBodies) {
        for (int k = 0; k < 4; ++k)
            for (int j = 0; j < 6; ++j)
                for (int i = 0; i < 6; ++i) {
                    s->positions.insert(s->positions.end(),
                                        {float(-0.09 + 0.036 * i), float(-0.09 + 0.036 * j), float(0.02 + 0.036 * k)});
                    s->radii.push_back(0.016f);
                    s->speeds.push_back(float(k) * 0.5f);
                }
        if (withNaN) {
            s->positions[0] = std::numeric_limits<float>::quiet_NaN();
            s->speeds[1] = std::numeric_limits<float>::infinity();
        }
    }
    s->markers = std::make_shared<const std::vector<ParameterMarker>>();
    return s;
}

// the fraction of pixels whose colours differ clearly
double differingFraction(const QImage& a, const QImage& b)
{
    if (a.size() != b.size())
        return 1.0;
    int n = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QColor p = a.pixelColor(x, y), q = b.pixelColor(x, y);
            n += std::abs(p.red() - q.red()) + std::abs(p.green() - q.green()) + std::abs(p.blue() - q.blue()) > 40;
        }
    return double(n) / double(a.width() * a.height());
}

QImage render(SceneView& view, const SnapshotPtr& s)
{
    view.setSnapshot(s);
    return view.grabFramebuffer(); // paints with the new snapshot
}

} // namespace

class TestSceneView : public QObject {
    Q_OBJECT
private slots:
    void spheresAreDrawnInSeveralColours();
    void nonFiniteBodiesAreSkipped();
    void newSceneResetsTheCamera();
    void bodyColoursGroupMembersByBody();
    void colourBarIsInsideTheView();
};

void TestSceneView::spheresAreDrawnInSeveralColours()
{
    SceneView view;
    view.resize(300, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    // the same scene without bodies is the reference: background and walls only
    const QImage empty = render(view, latticeSnapshot(false, 1, false));
    const QImage full = render(view, latticeSnapshot(false, 1, true));
    QCOMPARE(view.drawnSphereCount(), std::size_t(144));
    QCOMPARE(full.size(), empty.size());

    int differing = 0;
    std::set<int> hues;
    for (int y = 0; y < full.height(); ++y)
        for (int x = 0; x < full.width(); ++x) {
            const QColor a = empty.pixelColor(x, y);
            const QColor b = full.pixelColor(x, y);
            const int d = std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue());
            if (d > 40) {
                ++differing;
                if (b.saturation() > 60 && b.value() > 40)
                    hues.insert(b.hue() / 30); // 12 hue bins
            }
            QCOMPARE(b.alpha(), 255);
        }
    const double fraction = double(differing) / double(full.width() * full.height());
    qInfo("spheres cover %.1f%% of the view, %zu hue bins", 100.0 * fraction, hues.size());
    QVERIFY2(fraction > 0.08, qPrintable(QString::number(fraction)));
    // the speed colour scale spans blue (at rest) to red (fast): both ends are on screen
    QVERIFY(hues.size() >= 2);
    QVERIFY(hues.count(7) || hues.count(8));  // blue, hue 210-269
    QVERIFY(hues.count(0) || hues.count(11)); // red, hue 330-29

    // the empty scene is not blank either: the walls are drawn over the gradient
    const QColor corner = empty.pixelColor(2, 2);
    int wallPixels = 0;
    for (int y = 0; y < empty.height(); ++y)
        for (int x = 0; x < empty.width(); ++x) {
            const QColor c = empty.pixelColor(x, y);
            wallPixels += std::abs(c.blue() - corner.blue()) + std::abs(c.red() - corner.red()) > 25;
        }
    QVERIFY(wallPixels > empty.width() * empty.height() / 50);
}

void TestSceneView::nonFiniteBodiesAreSkipped()
{
    SceneView view;
    view.resize(200, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QImage img = render(view, latticeSnapshot(true));
    QCOMPARE(view.drawnSphereCount(), std::size_t(144 - 2));
    QVERIFY(std::isfinite(view.speedScaleMax()));
    QVERIFY(!img.isNull());
}

void TestSceneView::newSceneResetsTheCamera()
{
    SceneView view;
    view.resize(200, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QImage a = render(view, latticeSnapshot(false, 1));
    // the user zooms far in
    for (int k = 0; k < 15; ++k) {
        QWheelEvent wheel(QPointF(100, 100), view.mapToGlobal(QPointF(100, 100)), QPoint(), QPoint(0, 120),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&view, &wheel);
    }
    const QImage zoomed = view.grabFramebuffer();
    QVERIFY(differingFraction(zoomed, a) > 0.3);
    // a new revision (reset or load) puts the camera back: the same picture, give or take the
    // colour bar's label layout
    const QImage b = render(view, latticeSnapshot(false, 2));
    QVERIFY2(differingFraction(b, a) < 0.02, qPrintable(QString::number(differingFraction(b, a))));
}

void TestSceneView::bodyColoursGroupMembersByBody()
{
    // three clumps of three members each, in a row, no walls
    auto info = std::make_shared<SceneInfo>();
    info->revision = 1;
    info->name = "clumps";
    const double b[6] = {-0.2, 0.2, -0.1, 0.1, -0.1, 0.1};
    std::copy(b, b + 6, info->bounds);
    auto s = std::make_shared<FrameSnapshot>();
    s->scene = info;
    s->serial = 1;
    s->bodies = 3;
    for (int body = 0; body < 3; ++body)
        for (int k = 0; k < 3; ++k) {
            s->positions.insert(s->positions.end(), {float(-0.12 + 0.12 * body), float(-0.03 + 0.03 * k), 0.0f});
            s->radii.push_back(0.02f);
            s->speeds.push_back(float(body + k)); // members differ: speed colours would too
            s->memberBody.push_back(body);
        }
    s->positions[3 * 4] = std::numeric_limits<float>::quiet_NaN(); // body 1 loses a member
    s->markers = std::make_shared<const std::vector<ParameterMarker>>();
    QCOMPARE(s->bodyCount(), std::size_t(3));
    QCOMPARE(s->memberCount(), std::size_t(9));

    SceneView view;
    view.resize(300, 240);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QImage bySpeed = render(view, s);
    QCOMPARE(view.drawnSphereCount(), std::size_t(8));
    QVERIFY(view.drawnColour(0) != view.drawnColour(1)); // speed: members differ

    view.setColourMode(ColourMode::Body);
    const QImage byBody = view.grabFramebuffer();
    QCOMPARE(view.drawnSphereCount(), std::size_t(8));
    // drawn order skips the NaN member: bodies 0 0 0 1 1 2 2 2
    const int owner[8] = {0, 0, 0, 1, 1, 2, 2, 2};
    for (int i = 0; i < 8; ++i)
        QCOMPARE(view.drawnColour(std::size_t(i)), SceneView::bodyColour(owner[i]));
    QVERIFY(SceneView::bodyColour(0) != SceneView::bodyColour(1));
    QVERIFY(SceneView::bodyColour(1) != SceneView::bodyColour(2));
    QVERIFY(differingFraction(bySpeed, byBody) > 0.02);

    // and back
    view.setColourMode(ColourMode::Speed);
    const QImage again = view.grabFramebuffer();
    QVERIFY(view.drawnColour(0) != view.drawnColour(1));
    QVERIFY2(differingFraction(again, bySpeed) < 0.02, qPrintable(QString::number(differingFraction(again, bySpeed))));
}

void TestSceneView::colourBarIsInsideTheView()
{
    // the 3D view's size in 1024 x 768 and 1280 x 800 windows (the default docks), and others;
    // one small sphere in the middle, so the right half shows only the colour bar
    for (const QSize size : {QSize(311, 430), QSize(567, 450), QSize(420, 300), QSize(900, 600)})
        for (const float speed : {1.5f, 1.234e-5f}) {
            auto info = std::make_shared<SceneInfo>();
            info->revision = 1;
            info->name = "one";
            const double b[6] = {-0.2, 0.2, -0.2, 0.2, -0.2, 0.2};
            std::copy(b, b + 6, info->bounds);
            auto s = std::make_shared<FrameSnapshot>();
            s->scene = info;
            s->serial = 1;
            s->positions = {0.0f, 0.0f, 0.0f};
            s->radii = {0.005f};
            s->speeds = {speed};
            s->markers = std::make_shared<const std::vector<ParameterMarker>>();

            SceneView view;
            view.resize(size);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            const QImage withBar = render(view, s);
            view.setColourMode(ColourMode::Body); // no colour bar
            const QImage without = view.grabFramebuffer();
            QCOMPARE(withBar.size(), without.size());
            const QRect box = view.colourBarBox();
            const QString what = QStringLiteral("%1x%2 at %3 m/s: box %4,%5 %6x%7")
                                     .arg(size.width())
                                     .arg(size.height())
                                     .arg(double(speed))
                                     .arg(box.x())
                                     .arg(box.y())
                                     .arg(box.width())
                                     .arg(box.height());
            QVERIFY2(box.left() >= 0 && box.right() < withBar.width() - SceneView::kColourBarMargin + 1,
                     qPrintable(what));
            // where the colour bar, its title and its labels were drawn: right of the sphere
            int left = withBar.width(), right = -1, count = 0;
            for (int y = 0; y < withBar.height(); ++y)
                for (int x = withBar.width() / 2 + 20; x < withBar.width(); ++x) {
                    const QColor a = withBar.pixelColor(x, y), c = without.pixelColor(x, y);
                    if (std::abs(a.red() - c.red()) + std::abs(a.green() - c.green()) + std::abs(a.blue() - c.blue()) >
                        30) {
                        left = std::min(left, x);
                        right = std::max(right, x);
                        ++count;
                    }
                }
            QVERIFY2(count > 200, qPrintable(what)); // the bar and its text are drawn
            // nothing of it in the view's last columns, all of it within its box (+ antialiasing)
            QVERIFY2(right < withBar.width() - SceneView::kColourBarMargin / 2,
                     qPrintable(what + QStringLiteral(": drawn up to x = %1").arg(right)));
            QVERIFY2(left >= box.left() - 2 && right <= box.right() + 2,
                     qPrintable(what + QStringLiteral(": drawn over x = %1..%2").arg(left).arg(right)));
        }
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestSceneView t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestSceneView.moc"
