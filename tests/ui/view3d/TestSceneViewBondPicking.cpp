// SceneView picks and marks bonds: on the bonded rod a click at the projected midpoint of any
// bond picks that bond (its bodies in the bond's order) and a click at a sphere's centre picks
// the sphere; a sphere between the eye and a bond keeps the click; the selected bond gets an
// amber rim and its bond frame (arrows kAxisLength R long along the frame's axes, from the
// contact point) and bending plane (spanned by the bond axis e2 and the direction e1 leans to,
// (e1 - cos theta e2) / sin theta, computed here from the bodies' orientations), drawn over the
// spheres; the plane is hidden on a straight bond; a snapshot of another bond shows no frame.
#include <QtTest>

#include <algorithm>
#include <cmath>

#include <vtkCamera.h>

#include "ProjectedPoint.h"
#include "scene/BuiltinScenes.h"
#include "session/SnapshotBuilder.h"
#include "sim/Simulation.h"
#include "view3d/BondFrameOverlay.h"
#include "view3d/SceneView.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::ui::test::projected;

namespace {

// the bonded rod after the pluck and the twist have loaded every bond, and its snapshots
struct Rod {
    Scene scene = loadBuiltinScene("bonded-rod");
    Simulation sim{scene.world, scene.params};
    std::shared_ptr<SceneInfo> info = makeSceneInfo(scene, sim.world(), 1, 0.01);
    PublishScratch scratch;

    explicit Rod(int steps) { sim.run(steps); }
    std::shared_ptr<FrameSnapshot> snapshot(int a = -1, int b = -1)
    {
        auto s = std::make_shared<FrameSnapshot>();
        s->scene = info;
        fillRunState(*s, sim);
        fillBodies(*s, sim, -1, scratch);
        fillBonds(*s, sim, scratch);
        if (a >= 0)
            s->selectedBond = bondState(sim, a, b);
        s->markers = std::make_shared<const std::vector<ParameterMarker>>();
        return s;
    }
};

Vec3 memberCentre(const FrameSnapshot& s, std::size_t m)
{
    const float* x = &s.positions[3 * m];
    return Vec3(x[0], x[1], x[2]);
}

QPoint at(SceneView& view, const Vec3& x)
{
    return projected(view, x.x(), x.y(), x.z());
}

// pixels within reach of p that pass test
template <class Test> int pixelsNear(const QImage& img, const QPoint& p, int reach, Test test)
{
    int n = 0;
    for (int y = p.y() - reach; y <= p.y() + reach; ++y)
        for (int x = p.x() - reach; x <= p.x() + reach; ++x)
            n += img.rect().contains(x, y) && test(img.pixelColor(x, y));
    return n;
}

} // namespace

class TestSceneViewBondPicking : public QObject {
    Q_OBJECT
private slots:
    void midpointPicksTheBondCentrePicksTheSphere();
    void sphereInFrontKeepsTheClick();
    void selectedBondHasItsRimFrameAndPlane();
    void straightBondHasNoPlane();
};

void TestSceneViewBondPicking::midpointPicksTheBondCentrePicksTheSphere()
{
    Rod rod(400);
    const auto s = rod.snapshot();
    SceneView view;
    view.resize(640, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setSnapshot(s);
    view.grabFramebuffer();
    QCOMPARE(view.drawnBondCount(), std::size_t(11));
    for (std::size_t k = 0; k < s->bondCount(); ++k) {
        const auto a = std::size_t(s->bondMembers[2 * k]), b = std::size_t(s->bondMembers[2 * k + 1]);
        const QPoint mid = at(view, 0.5 * (memberCentre(*s, a) + memberCentre(*s, b)));
        const std::array<int, 2> picked = view.bondAt(mid);
        QCOMPARE(picked, (std::array<int, 2>{s->bodyOf(a), s->bodyOf(b)}));
        // a pixel or two beside the line still picks it (kBondPickPixels of slack)
        QCOMPARE(view.bondAt(mid + QPoint(0, 2)), picked);
    }
    // at every sphere's centre the sphere wins, though two bond lines run through it
    for (std::size_t m = 0; m < s->memberCount(); ++m) {
        const QPoint c = at(view, memberCentre(*s, m));
        QCOMPARE(view.bondAt(c), (std::array<int, 2>{-1, -1}));
        QCOMPARE(view.bodyAt(c), s->bodyOf(m));
    }
    // far from everything: nothing
    QCOMPARE(view.bondAt(QPoint(3, 3)), (std::array<int, 2>{-1, -1}));

    // a click emits the bond; a click on a sphere's centre the body
    QSignalSpy bonds(&view, &SceneView::bondClicked);
    QSignalSpy bodies(&view, &SceneView::bodyClicked);
    const auto a = std::size_t(s->bondMembers[10]), b = std::size_t(s->bondMembers[11]);
    QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier,
                      at(view, 0.5 * (memberCentre(*s, a) + memberCentre(*s, b))));
    QCOMPARE(bonds.count(), 1);
    QCOMPARE(bodies.count(), 0);
    QCOMPARE(bonds.at(0).at(0).toInt(), s->bodyOf(a));
    QCOMPARE(bonds.at(0).at(1).toInt(), s->bodyOf(b));
    QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, at(view, memberCentre(*s, 3)));
    QCOMPARE(bodies.count(), 1);
    QCOMPARE(bodies.at(0).at(0).toInt(), s->bodyOf(3));
    QCOMPARE(bonds.count(), 1);
}

void TestSceneViewBondPicking::sphereInFrontKeepsTheClick()
{
    Rod rod(400);
    const auto s = rod.snapshot();
    SceneView view;
    view.resize(640, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setSnapshot(s);
    view.grabFramebuffer();
    const auto a = std::size_t(s->bondMembers[10]), b = std::size_t(s->bondMembers[11]);
    const Vec3 mid = 0.5 * (memberCentre(*s, a) + memberCentre(*s, b));
    const QPoint click = at(view, mid);
    QVERIFY(view.bondAt(click)[0] >= 0);

    // the same frame with one more sphere (body 12) a third of the way from the bond to the eye
    vtkCamera* camera = view.renderWindow()->GetRenderers()->GetFirstRenderer()->GetActiveCamera();
    double eye[3];
    camera->GetPosition(eye);
    const Vec3 front = mid + (Vec3(eye[0], eye[1], eye[2]) - mid) / 3.0;
    auto covered = std::make_shared<FrameSnapshot>(*s);
    covered->serial = s->serial + 1;
    for (int c = 0; c < 3; ++c)
        covered->positions.push_back(float(front[c]));
    covered->radii.push_back(0.004f);
    covered->speeds.push_back(0.f);
    covered->memberBody.push_back(12);
    covered->bodies = 13;
    view.setSnapshot(covered);
    view.grabFramebuffer();
    QCOMPARE(view.bondAt(click), (std::array<int, 2>{-1, -1}));
    QCOMPARE(view.bodyAt(click), 12);
}

void TestSceneViewBondPicking::selectedBondHasItsRimFrameAndPlane()
{
    Rod rod(400);
    const World& w = rod.sim.world();
    // the bond bent most (the plucked end's), by the angle between its bodies' material lines
    std::size_t bond = 0;
    double most = -1.0;
    for (std::size_t k = 0; k < w.bonds.size(); ++k) {
        const auto bi = std::size_t(w.bonds.bodies[k][0]), bj = std::size_t(w.bonds.bodies[k][1]);
        const double c = (w.orientation[bi] * w.bonds.rest[k].axis[0]).dot(w.orientation[bj] * w.bonds.rest[k].axis[1]);
        if (1.0 - c > most) {
            most = 1.0 - c;
            bond = k;
        }
    }
    const auto i = std::size_t(w.bonds.bodies[bond][0]), j = std::size_t(w.bonds.bodies[bond][1]);
    const int b1 = w.bodyId(i), b2 = w.bodyId(j);
    const BondRest& rest = w.bonds.rest[bond];
    // the material lines from the bodies' own orientations, and where e1 leans from e2
    const Vec3 e1 = w.orientation[i] * rest.axis[0], e2 = w.orientation[j] * rest.axis[1];
    const double theta = std::acos(std::clamp(e1.dot(e2), -1.0, 1.0));
    QVERIFY2(theta > 1e-3, qPrintable(QString::number(theta)));
    const Vec3 lean = (e1 - std::cos(theta) * e2) / std::sin(theta);
    const Vec3 contact = w.position[i] - rest.rho[0] * e1;
    const double r = std::min(w.radius[i], w.radius[j]);

    SceneView view;
    view.resize(640, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setSnapshot(rod.snapshot(b1, b2));
    const QImage plain = view.grabFramebuffer();
    QVERIFY(!view.bondHighlighted());
    QVERIFY(!view.bondFrameOverlay().visible()); // not asked for by the view

    view.setSelectedBond(b2, b1); // either order
    const QImage marked = view.grabFramebuffer();
    QVERIFY(view.bondHighlighted());
    const BondFrameOverlay& o = view.bondFrameOverlay();
    QVERIFY(o.visible());
    QVERIFY(o.planeVisible());
    QVERIFY((o.origin() - contact).norm() < 1e-12);
    for (int a = 0; a < 3; ++a)
        QVERIFY(std::abs(o.axis(a).norm() - BondFrameOverlay::kAxisLength * r) < 1e-12);
    QVERIFY((o.axis(2).normalized() - e2).norm() < 1e-12);
    QVERIFY(std::abs(o.axis(0).dot(o.axis(1))) < 1e-15);
    const auto& c = o.planeCorners();
    QVERIFY(((c[1] - c[0]) - 2.0 * BondFrameOverlay::kPlaneLength * r * e2).norm() < 1e-12);
    QVERIFY(((c[2] - c[1]) - BondFrameOverlay::kPlaneLength * r * lean).norm() < 1e-9);

    // drawn: amber around the bond's middle, the frame's x arrow red, over the spheres
    const Vec3 m = 0.5 * (w.position[i] + w.position[j]);
    auto amber = [](const QColor& q) { return q.red() > 200 && q.green() > 120 && q.green() < 225 && q.blue() < 90; };
    QVERIFY(pixelsNear(marked, at(view, m), 8, amber) > pixelsNear(plain, at(view, m), 8, amber) + 10);
    auto red = [](const QColor& q) { return q.red() > 140 && q.green() < 90 && q.blue() < 90; };
    const QPoint xTip = at(view, o.origin() + 0.6 * o.axis(0));
    QVERIFY2(pixelsNear(marked, xTip, 3, red) > 0, "the x arrow is drawn");
    QCOMPARE(pixelsNear(plain, xTip, 3, red), 0);

    // deselected: no rim, no frame; a snapshot of another bond shows none either
    view.setSelectedBond(-1, -1);
    view.grabFramebuffer();
    QVERIFY(!view.bondHighlighted());
    QVERIFY(!view.bondFrameOverlay().visible());
    view.setSelectedBond(b1, b2);
    const std::size_t other = (bond + 5) % w.bonds.size();
    const auto snap =
        rod.snapshot(w.bodyId(std::size_t(w.bonds.bodies[other][0])), w.bodyId(std::size_t(w.bonds.bodies[other][1])));
    QVERIFY(snap->selectedBond && !snap->selectedBond->broken);
    view.setSnapshot(snap);
    view.grabFramebuffer();
    QVERIFY(view.bondHighlighted()); // its line is still drawn
    QVERIFY(!view.bondFrameOverlay().visible());
}

void TestSceneViewBondPicking::straightBondHasNoPlane()
{
    Rod rod(0); // as loaded: every bond at rest, theta = 0 and phi undefined
    SceneView view;
    view.resize(480, 320);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setSelectedBond(4, 5);
    view.setSnapshot(rod.snapshot(4, 5));
    view.grabFramebuffer();
    QVERIFY(view.bondFrameOverlay().visible());
    QVERIFY(!view.bondFrameOverlay().planeVisible());
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestSceneViewBondPicking t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestSceneViewBondPicking.moc"
