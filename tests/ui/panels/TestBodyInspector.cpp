// BodyInspector and picking: the inspector shows a snapshot's selected body as computed by
// hand here (body-frame w and L through the rotation matrix, energies from m, v and the
// principal moments), ignores snapshots of another body and shows its hint when nothing is
// selected; in a running window a click at a body's projected centre selects it (the
// inspector's mass and moments equal the core's for the same scene file), a drag does not,
// empty space and a new scene clear it, the keyboard picker selects too; bodyAt() returns the
// nearer of two bodies on one ray and agrees with the drawn pixels; the selected body's members
// get a halo.
#include <QtTest>

#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>

#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkRendererCollection.h>

#include <cmath>
#include <fstream>

#include "MainWindow.h"
#include "ProjectedPoint.h"
#include "TestHelpers.h"
#include "WaitShown.h"
#include "panels/BodyInspector.h"
#include "scene/SceneLoader.h"
#include "session/SimulationRunner.h"
#include "view3d/SceneView.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::waitShown;

namespace {

// a field's numbers as shown
std::vector<double> numbers(const BodyInspector& inspector, const QString& field)
{
    std::vector<double> out;
    for (const QString& part : inspector.valueText(field).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double v = part.toDouble(&ok);
        if (!ok)
            return {};
        out.push_back(v);
    }
    return out;
}

// the rotation matrix of a unit quaternion, written out (not through Eigen's conversion)
Mat3 rotationOf(double w, double x, double y, double z)
{
    Mat3 r;
    r << 1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y), 2 * (x * y + w * z),
        1 - 2 * (x * x + z * z), 2 * (y * z - w * x), 2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y);
    return r;
}

// a snapshot of three bodies: sphere 0 (member 0), clump 1 (members 1..4), sphere 2 (member 5)
SnapshotPtr snapshotWith(std::optional<BodyState> selected)
{
    auto info = std::make_shared<SceneInfo>();
    info->revision = 1;
    auto s = std::make_shared<FrameSnapshot>();
    s->scene = info;
    s->bodies = 3;
    s->memberBody = {0, 1, 1, 1, 1, 2};
    s->radii.assign(6, 0.01f);
    s->positions.assign(18, 0.0f);
    s->speeds.assign(6, 0.0f);
    s->selected = selected;
    if (selected && selected->type == BodyType::Clump)
        s->clumps.push_back(*selected);
    s->markers = std::make_shared<const std::vector<ParameterMarker>>();
    return s;
}

// where a world point is drawn, in the view's logical pixels
QPoint projected(SceneView& view, const Vec3& p)
{
    return tumble::ui::test::projected(view, p.x(), p.y(), p.z());
}

// the background gradient's colour at row y of an image of height h
QColor background(int y, int h)
{
    const QColor bottom = SceneView::backgroundBottom();
    const QColor top = SceneView::backgroundTop();
    const double f = 1.0 - double(y) / double(h - 1);
    return QColor(int(bottom.red() + f * (top.red() - bottom.red())),
                  int(bottom.green() + f * (top.green() - bottom.green())),
                  int(bottom.blue() + f * (top.blue() - bottom.blue())));
}

bool isBackground(const QImage& img, int x, int y)
{
    const QColor c = img.pixelColor(x, y);
    const QColor b = background(y, img.height());
    return std::abs(c.red() - b.red()) + std::abs(c.green() - b.green()) + std::abs(c.blue() - b.blue()) < 30;
}

// three bodies in a row, no gravity: sphere 0, a two-sphere clump 1 (turning), sphere 2
constexpr const char* kSceneJson = R"({
  "format": "tumble-scene", "version": 1,
  "name": "Pick test",
  "description": "Two spheres and a clump at rest in space.",
  "gravity": [0, 0, 0],
  "integration": { "translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": 1e-4 },
  "materials": [
    { "name": "glass", "density": 2500,
      "contact": { "model": "linear", "kn": 1e5, "kt": 2.5e4, "restitution": 0.5, "friction": 0.3 } },
    { "name": "steel", "density": 7800,
      "contact": { "model": "linear", "kn": 1e5, "kt": 2.5e4, "restitution": 0.5, "friction": 0.3 } }
  ],
  "bodies": [
    { "type": "sphere", "material": "glass", "radius": 0.02, "position": [-0.1, 0, 0] },
    { "type": "clump", "material": "glass",
      "spheres": [ { "center": [0.02, 0, 0], "radius": 0.015 },
                   { "center": [-0.02, 0, 0], "radius": 0.012 } ],
      "position": [0, 0, 0], "orientation": [1, 0, 0, 0],
      "velocity": [0, 0, 0], "angular_velocity": [0.3, 0.5, 2.0] },
    { "type": "sphere", "material": "steel", "radius": 0.015, "position": [0.1, 0, 0] }
  ]
})";

} // namespace

class TestBodyInspector : public QObject {
    Q_OBJECT
private slots:
    void showsTheSelectedBodyAsComputedByHand();
    void ignoresOtherBodiesAndShowsTheHint();
    void clickSelectsTheBodyUnderTheCursor();
    void keyboardPickerSelectsAClump();
    void nearerBodyWinsAlongTheRay();
    void pickAgreesWithTheDrawnPixelsAndTheSelectionHasAHalo();
};

// ------------------------------------------------------------------------------------------------
void TestBodyInspector::showsTheSelectedBodyAsComputedByHand()
{
    // a clump with distinct moments, turned by a general quaternion, spinning off its axes
    const double qw = 0.8, qx = 0.2, qy = -0.4, qz = 0.4; // |q| = 1
    const Mat3 R = rotationOf(qw, qx, qy, qz);
    const Vec3 J(1.2e-4, 3.4e-4, 5.6e-4);
    const Vec3 wBody(1.5, -6.0, 0.25); // rad/s on e1 e2 e3
    BodyState b;
    b.id = 1;
    b.type = BodyType::Clump;
    b.mass = 0.2345;
    b.moments = J;
    b.position = Vec3(0.01, -0.25, 1.5);
    b.velocity = Vec3(-0.3, 0.0, 2.0e-5);
    b.orientation = Quat(qw, qx, qy, qz);
    b.angularVelocity = R * wBody;
    b.angularMomentum = R * J.cwiseProduct(wBody);

    BodyInspector inspector;
    inspector.resize(300, 600);
    inspector.show();
    QVERIFY(inspector.showsHint());
    inspector.setSelectedBody(1);
    inspector.setSnapshot(snapshotWith(b));
    QVERIFY(!inspector.showsHint());
    QCOMPARE(inspector.shownBody(), 1);
    // the member count comes from the snapshot's member map: four members of body 1
    QCOMPARE(inspector.valueText(QStringLiteral("body")), QStringLiteral("Body 1: clump of 4 spheres"));

    // 4 significant figures on vector components, 5 on scalars: relative rounding below 5e-4
    // and 5e-5
    auto checkVector = [&](const QString& field, const Vec3& expected) {
        const std::vector<double> v = numbers(inspector, field);
        QCOMPARE(v.size(), std::size_t(3));
        for (int k = 0; k < 3; ++k)
            TUMBLE_NEAR(v[k], expected[k], 1e-300, 5.01e-4);
    };
    auto checkScalar = [&](const QString& field, double expected) {
        const std::vector<double> v = numbers(inspector, field);
        QCOMPARE(v.size(), std::size_t(1));
        TUMBLE_NEAR(v[0], expected, 1e-300, 5.01e-5);
    };
    checkScalar(QStringLiteral("mass"), 0.2345);
    checkVector(QStringLiteral("moments"), J);
    checkVector(QStringLiteral("position"), Vec3(0.01, -0.25, 1.5));
    checkVector(QStringLiteral("velocity"), Vec3(-0.3, 0.0, 2.0e-5));
    checkVector(QStringLiteral("wWorld"), R * wBody);
    // body frame: R^T w gives back the components we started from
    checkVector(QStringLiteral("wBody"), wBody);
    checkVector(QStringLiteral("LWorld"), R * J.cwiseProduct(wBody));
    checkVector(QStringLiteral("LBody"), J.cwiseProduct(wBody));
    checkScalar(QStringLiteral("Lnorm"), J.cwiseProduct(wBody).norm());
    const std::vector<double> q = numbers(inspector, QStringLiteral("quaternion"));
    QCOMPARE(q.size(), std::size_t(4));
    TUMBLE_NEAR(q[0], qw, 5.01e-6, 0.0); // five decimals
    TUMBLE_NEAR(q[1], qx, 5.01e-6, 0.0);
    TUMBLE_NEAR(q[2], qy, 5.01e-6, 0.0);
    TUMBLE_NEAR(q[3], qz, 5.01e-6, 0.0);
    // energies: 1/2 m v^2 and 1/2 sum J_k w_k^2 (= 1/2 w.L), written out
    const double et = 0.5 * 0.2345 * (0.3 * 0.3 + 2.0e-5 * 2.0e-5);
    const double er = 0.5 * (J[0] * 1.5 * 1.5 + J[1] * 6.0 * 6.0 + J[2] * 0.25 * 0.25);
    checkScalar(QStringLiteral("Etrans"), et);
    checkScalar(QStringLiteral("Erot"), er);
    checkScalar(QStringLiteral("Etotal"), et + er);
    QCOMPARE(inspector.valueText(QStringLiteral("nonsense")), QString());

    // every field shows something; the value labels ("value:<row>") are monospace; it fits
    // the dock
    for (const QString& f : BodyInspector::fields())
        QVERIFY2(!inspector.valueText(f).isEmpty(), qPrintable(f));
    int valueLabels = 0;
    for (const QLabel* label : inspector.findChildren<QLabel*>()) {
        if (!label->objectName().startsWith(QStringLiteral("value:")) ||
            label->objectName() == QStringLiteral("value:body"))
            continue;
        ++valueLabels;
        QVERIFY2(QFontInfo(label->font()).fixedPitch(), qPrintable(label->objectName()));
    }
    QCOMPARE(valueLabels, 14);
    qInfo("inspector size hint %dx%d", inspector.sizeHint().width(), inspector.sizeHint().height());
    QVERIFY(inspector.sizeHint().width() <= 320);

    // number forms: scientific below 1e-3 with a short exponent, a figure less when the
    // exponent has two digits (columns stay 9 wide), whole numbers from 1e4
    b.velocity = Vec3(-1.23456e-17, 12345.678, 0.000987654);
    inspector.setSnapshot(snapshotWith(b));
    QCOMPARE(inspector.valueText(QStringLiteral("velocity")), QStringLiteral("-1.23e-17 12346 9.877e-4"));

    // a sphere: header says so
    BodyState sphere;
    sphere.id = 2;
    sphere.mass = 1.0;
    sphere.moments = Vec3::Constant(4e-5);
    inspector.setSelectedBody(2);
    inspector.setSnapshot(snapshotWith(sphere));
    QCOMPARE(inspector.valueText(QStringLiteral("body")), QStringLiteral("Body 2: sphere"));
    QCOMPARE(numbers(inspector, QStringLiteral("wBody")), (std::vector<double>{0.0, 0.0, 0.0}));
    // a held body says how it is held
    sphere.motion = BodyMotion::Fixed;
    inspector.setSnapshot(snapshotWith(sphere));
    QCOMPARE(inspector.valueText(QStringLiteral("body")), QStringLiteral("Body 2: sphere, fixed"));
    sphere.motion = BodyMotion::Driven;
    inspector.setSnapshot(snapshotWith(sphere));
    QCOMPARE(inspector.valueText(QStringLiteral("body")), QStringLiteral("Body 2: sphere, driven"));
}

void TestBodyInspector::ignoresOtherBodiesAndShowsTheHint()
{
    BodyInspector inspector;
    inspector.show();
    BodyState a;
    a.id = 0;
    a.mass = 2.0;
    BodyState c;
    c.id = 2;
    c.mass = 3.0;
    // body 0 asked for: a snapshot still carrying body 2 (published before the worker saw the
    // click) shows nothing new
    inspector.setSelectedBody(0);
    inspector.setSnapshot(snapshotWith(c));
    QVERIFY(inspector.showsHint());
    inspector.setSnapshot(snapshotWith(a));
    QCOMPARE(inspector.shownBody(), 0);
    QCOMPARE(numbers(inspector, QStringLiteral("mass")), std::vector<double>{2.0});
    inspector.setSnapshot(snapshotWith(c));
    QCOMPARE(inspector.shownBody(), 0);
    QCOMPARE(numbers(inspector, QStringLiteral("mass")), std::vector<double>{2.0});
    // the spin box follows, its range is the body count
    QCOMPARE(inspector.bodyBox()->value(), 0);
    QCOMPARE(inspector.bodyBox()->maximum(), 2);
    // cleared: the hint, no values
    inspector.setSelectedBody(-1);
    QVERIFY(inspector.showsHint());
    QVERIFY(inspector.findChild<QLabel*>(QStringLiteral("hint"))->isVisible());
    QCOMPARE(inspector.valueText(QStringLiteral("mass")), QString());
    QCOMPARE(inspector.bodyBox()->value(), -1);
    inspector.setSnapshot(snapshotWith(a));
    QVERIFY(inspector.showsHint());
}

// ------------------------------------------------------------------------------------------------
void TestBodyInspector::clickSelectsTheBodyUnderTheCursor()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("pick.json"));
    {
        std::ofstream f(path.toStdString());
        f << kSceneJson;
    }
    const Scene scene = loadSceneFile(path.toStdString()); // the core's own numbers
    QCOMPARE(scene.world.size(), std::size_t(3));

    MainWindow w;
    w.resize(1100, 760);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openSceneFile(path));
    w.worker()->pause();
    QVERIFY(waitShown(w, [](const FrameSnapshot& s) { return s.scene && s.scene->name == "Pick test" && !s.playing; }));
    SceneView* view = w.sceneView();
    BodyInspector* inspector = w.inspector();
    QVERIFY(inspector->isVisible());
    qInfo("inspector dock %d px wide", inspector->parentWidget()->width());
    QVERIFY(inspector->width() <= 340);
    view->grabFramebuffer(); // paint: the camera is placed for the scene
    QVERIFY(inspector->showsHint());

    // click each body at the projected centre of one of its members (as the worker placed them)
    const SnapshotPtr shown = w.shownSnapshot();
    for (int body : {2, 1, 0}) {
        std::size_t member = 0;
        while (shown->bodyOf(member) != body)
            ++member;
        const float* x = &shown->positions[3 * member];
        const QPoint at = projected(*view, Vec3(x[0], x[1], x[2]));
        QVERIFY(view->rect().contains(at));
        QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, at);
        QCOMPARE(view->selectedBody(), body);
        QVERIFY(waitShown(
            w, [&](const FrameSnapshot& s) { return s.selected && s.selected->id == body; }, 5000));
        QTRY_COMPARE_WITH_TIMEOUT(inspector->shownBody(), body, 2000);
        const std::vector<double> mass = numbers(*inspector, QStringLiteral("mass"));
        QCOMPARE(mass.size(), std::size_t(1));
        TUMBLE_NEAR(mass[0], scene.world.mass[std::size_t(body)], 1e-300, 5.01e-5);
        const std::vector<double> J = numbers(*inspector, QStringLiteral("moments"));
        QCOMPARE(J.size(), std::size_t(3));
        for (int k = 0; k < 3; ++k)
            TUMBLE_NEAR(J[k], scene.world.inertia[std::size_t(body)][k], 1e-300, 5.01e-4);
        const int members = int(std::count(scene.world.memberBody.begin(), scene.world.memberBody.end(), body));
        QCOMPARE(inspector->valueText(QStringLiteral("body")),
                 members > 1 ? QStringLiteral("Body %1: clump of %2 spheres").arg(body).arg(members)
                             : QStringLiteral("Body %1: sphere").arg(body));
        QCOMPARE(view->highlightedSphereCount(), std::size_t(members));
    }

    // the clump turns at its initial w: body-frame w on show is q^-1 w of the core's state
    // (the clump is selected last but one; select it again and compare with the scene's w)
    {
        std::size_t member = 0;
        while (shown->bodyOf(member) != 1)
            ++member;
        const float* x = &shown->positions[3 * member];
        QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, projected(*view, Vec3(x[0], x[1], x[2])));
        QTRY_COMPARE_WITH_TIMEOUT(inspector->shownBody(), 1, 5000);
        const Vec3 w0 = scene.world.angularVelocity[1];
        const std::vector<double> ww = numbers(*inspector, QStringLiteral("wWorld"));
        QCOMPARE(ww.size(), std::size_t(3));
        for (int k = 0; k < 3; ++k)
            TUMBLE_NEAR(ww[k], w0[k], 1e-9, 5.01e-4);
    }

    // a drag starting on a body turns the camera and selects nothing new
    {
        std::size_t member = 0;
        while (shown->bodyOf(member) != 2)
            ++member;
        const float* x = &shown->positions[3 * member];
        const QPoint at = projected(*view, Vec3(x[0], x[1], x[2]));
        QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, at);
        for (int k = 1; k <= 4; ++k) {
            const QPointF p = at + QPoint(10 * k, 0);
            QMouseEvent move(QEvent::MouseMove, p, view->mapToGlobal(p), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(view, &move);
        }
        QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, at + QPoint(40, 0));
        QCOMPARE(view->selectedBody(), 1);
    }

    // empty space (the top left corner, far from the bodies) clears the selection
    view->grabFramebuffer();
    const QImage frame = view->grabFramebuffer();
    QVERIFY(isBackground(frame, 6, 6));
    QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, QPoint(6, 6));
    QCOMPARE(view->selectedBody(), -1);
    QVERIFY(inspector->showsHint());
    QCOMPARE(view->highlightedSphereCount(), std::size_t(0));
    QVERIFY(waitShown(
        w, [](const FrameSnapshot& s) { return !s.selected; }, 5000));

    // a new scene clears a selection too
    w.selectBody(2);
    QTRY_COMPARE_WITH_TIMEOUT(inspector->shownBody(), 2, 5000);
    QVERIFY(w.openBuiltinScene(QStringLiteral("dzhanibekov")));
    QCOMPARE(view->selectedBody(), -1);
    QVERIFY(inspector->showsHint());
    QVERIFY(waitShown(w, [](const FrameSnapshot& s) { return s.scene && s.scene->source == "builtin:dzhanibekov"; }));
    for (int k = 0; k < 10; ++k) {
        QTest::qWait(20);
        QVERIFY(!w.shownSnapshot()->selected);
        QVERIFY(inspector->showsHint());
    }
    // out of range: nothing
    w.selectBody(7);
    QCOMPARE(view->selectedBody(), -1);
}

void TestBodyInspector::keyboardPickerSelectsAClump()
{
    MainWindow w;
    w.resize(1100, 760);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openBuiltinScene(QStringLiteral("dzhanibekov")));
    QVERIFY(waitShown(w, [](const FrameSnapshot& s) { return s.scene && s.scene->source == "builtin:dzhanibekov"; }));
    BodyInspector* inspector = w.inspector();
    QTRY_VERIFY_WITH_TIMEOUT(inspector->nextClumpButton()->isEnabled(), 2000);
    QTest::mouseClick(inspector->nextClumpButton(), Qt::LeftButton);
    QCOMPARE(w.sceneView()->selectedBody(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(inspector->shownBody(), 0, 5000);
    QCOMPARE(inspector->bodyBox()->value(), 0);
    QCOMPARE(inspector->valueText(QStringLiteral("body")), QStringLiteral("Body 0: clump of 4 spheres"));
    // the spin box's "none" clears it
    inspector->bodyBox()->setValue(-1);
    QCOMPARE(w.sceneView()->selectedBody(), -1);
    QVERIFY(inspector->showsHint());
}

// ------------------------------------------------------------------------------------------------
namespace {

// two spheres on the camera's line of sight through the scene centre (SceneView's initial
// view direction for z up is (0.55, -0.95, 0.62)), the far one larger; ids as given
SnapshotPtr inLine(int nearId, int farId)
{
    auto info = std::make_shared<SceneInfo>();
    info->revision = 1;
    info->name = "in line";
    const double b[6] = {-0.1, 0.1, -0.1, 0.1, -0.1, 0.1};
    std::copy(b, b + 6, info->bounds);
    const Vec3 toCamera = Vec3(0.55, -0.95, 0.62).normalized();
    const Vec3 nearC = 0.05 * toCamera, farC = -0.05 * toCamera;
    auto s = std::make_shared<FrameSnapshot>();
    s->scene = info;
    s->bodies = 2;
    // the far body first in member order: order must not decide
    for (const auto& [c, r, id] : {std::tuple{farC, 0.03f, farId}, std::tuple{nearC, 0.02f, nearId}}) {
        s->positions.insert(s->positions.end(), {float(c.x()), float(c.y()), float(c.z())});
        s->radii.push_back(r);
        s->speeds.push_back(0.0f);
        s->memberBody.push_back(id);
    }
    s->markers = std::make_shared<const std::vector<ParameterMarker>>();
    return s;
}

} // namespace

void TestBodyInspector::nearerBodyWinsAlongTheRay()
{
    SceneView view;
    view.resize(300, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QPoint centre(150, 150);
    for (const auto& [nearId, farId] : {std::pair{0, 1}, std::pair{1, 0}}) {
        const SnapshotPtr s = inLine(nearId, farId);
        view.setSnapshot(s);
        view.grabFramebuffer();
        // the ray through the centre meets both spheres: the nearer one wins
        QCOMPARE(view.bodyAt(centre), nearId);
        // beside the near sphere's disc but on the far one's, the far body
        const Vec3 nearC(s->positions[3], s->positions[4], s->positions[5]);
        const QPoint nearAt = projected(view, nearC);
        QVERIFY((nearAt - centre).manhattanLength() <= 2);
        // the far sphere looks larger (0.03 m at D + 0.05 against 0.02 m at D - 0.05, D about
        // 0.67 m): just past the near one's rim along x, the ray meets only the far one
        int x = centre.x();
        while (x < 300 && view.bodyAt(QPoint(x, centre.y())) == nearId)
            ++x;
        QVERIFY(x < 300);
        QCOMPARE(view.bodyAt(QPoint(x + 1, centre.y())), farId);
        QCOMPARE(view.bodyAt(QPoint(2, 2)), -1);
    }
}

void TestBodyInspector::pickAgreesWithTheDrawnPixelsAndTheSelectionHasAHalo()
{
    // a 3 x 3 x 2 block of touching spheres, one body each, and a two-member clump in front:
    // many occlusions
    auto info = std::make_shared<SceneInfo>();
    info->revision = 1;
    info->name = "";
    const double b[6] = {-0.1, 0.1, -0.1, 0.1, -0.05, 0.05};
    std::copy(b, b + 6, info->bounds);
    auto s = std::make_shared<FrameSnapshot>();
    s->scene = info;
    int body = 0;
    for (int k = 0; k < 2; ++k)
        for (int j = 0; j < 3; ++j)
            for (int i = 0; i < 3; ++i) {
                s->positions.insert(s->positions.end(),
                                    {float(-0.05 + 0.05 * i), float(-0.05 + 0.05 * j), float(-0.025 + 0.05 * k)});
                s->radii.push_back(0.025f);
                s->speeds.push_back(0.0f);
                s->memberBody.push_back(body++);
            }
    for (float dx : {-0.02f, 0.02f}) {
        s->positions.insert(s->positions.end(), {0.03f + dx, -0.1f, 0.04f});
        s->radii.push_back(0.018f);
        s->speeds.push_back(0.0f);
        s->memberBody.push_back(body);
    }
    s->bodies = std::size_t(body + 1);
    s->markers = std::make_shared<const std::vector<ParameterMarker>>();

    SceneView view;
    view.resize(320, 260);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setSnapshot(s);
    view.setColourMode(ColourMode::Body);
    const QImage img = view.grabFramebuffer();
    QCOMPARE(img.size(), view.size() * view.devicePixelRatio());
    const double dpr = view.devicePixelRatioF();

    // every pixel away from an outline (where neighbours disagree on background or on body)
    // and from the caption: background exactly where bodyAt finds nothing, and in the body's
    // colour where it finds one (hue within the shading's spread, saturated pixels only)
    int checked = 0, hit = 0;
    std::vector<int> bodyOf(std::size_t(view.width() * view.height()));
    for (int y = 0; y < view.height(); ++y)
        for (int x = 0; x < view.width(); ++x)
            bodyOf[std::size_t(y * view.width() + x)] = view.bodyAt(QPoint(x, y));
    for (int y = 2; y < view.height() - 40; ++y)
        for (int x = 2; x < view.width() - 2; ++x) {
            const int here = bodyOf[std::size_t(y * view.width() + x)];
            bool edge = false;
            for (int dy = -2; dy <= 2 && !edge; ++dy)
                for (int dx = -2; dx <= 2 && !edge; ++dx)
                    edge = bodyOf[std::size_t((y + dy) * view.width() + x + dx)] != here;
            if (edge)
                continue;
            const int px = int(std::lround((x + 0.5) * dpr - 0.5));
            const int py = int(std::lround((y + 0.5) * dpr - 0.5));
            ++checked;
            if (here < 0) {
                QVERIFY2(isBackground(img, px, py), qPrintable(QStringLiteral("%1,%2").arg(x).arg(y)));
                continue;
            }
            ++hit;
            QVERIFY2(!isBackground(img, px, py), qPrintable(QStringLiteral("%1,%2").arg(x).arg(y)));
            const QColor c = img.pixelColor(px, py);
            if (c.saturation() < 90 || c.value() < 60 || c.value() > 245)
                continue; // dark rim, or a channel clipped by the specular highlight: hue shifts
            const int d = std::abs(c.hue() - SceneView::bodyColour(here).hue());
            QVERIFY2(std::min(d, 360 - d) <= 12, qPrintable(QStringLiteral("%1,%2: body %3 hue %4, drawn %5")
                                                                .arg(x)
                                                                .arg(y)
                                                                .arg(here)
                                                                .arg(SceneView::bodyColour(here).hue())
                                                                .arg(c.hue())));
        }
    qInfo("%d interior pixels checked, %d on bodies", checked, hit);
    QVERIFY(hit > 2000);
    QVERIFY(checked - hit > 2000);

    // the halo: amber pixels only once the clump is selected, around its two members
    view.setColourMode(ColourMode::Speed); // blue spheres: amber stands out
    auto amber = [](const QImage& im) {
        int n = 0;
        for (int y = 0; y < im.height(); ++y)
            for (int x = 0; x < im.width(); ++x) {
                const QColor c = im.pixelColor(x, y);
                n += c.hue() >= 25 && c.hue() <= 55 && c.saturation() > 150 && c.value() > 150;
            }
        return n;
    };
    const int before = amber(view.grabFramebuffer());
    view.setSelectedBody(body);
    const QImage selected = view.grabFramebuffer();
    QCOMPARE(view.highlightedSphereCount(), std::size_t(2));
    const int after = amber(selected);
    qInfo("amber pixels: %d before, %d with the clump selected", before, after);
    QCOMPARE(before, 0);
    QVERIFY(after > 150);
    // and gone again
    view.setSelectedBody(-1);
    QCOMPARE(amber(view.grabFramebuffer()), 0);
    QCOMPARE(view.highlightedSphereCount(), std::size_t(0));
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestBodyInspector t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestBodyInspector.moc"
