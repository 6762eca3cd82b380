// CellOverlay (issue 20): the periodic cell's twelve edges end at its corners 0, a, b, c, a + b,
// a + c, b + c, a + b + c; the images of the spheres near its periodic faces are the spheres
// shifted by whole sides, exactly those within one largest diameter of the cell; SceneView draws
// them after the members and colours by the speed relative to the medium when asked.
#include <QApplication>
#include <QtTest>

#include <algorithm>
#include <memory>
#include <set>

#include <vtkNew.h>
#include <vtkRenderer.h>

#include "TestHelpers.h"
#include "session/SceneInfo.h"
#include "view3d/CellOverlay.h"
#include "view3d/SceneView.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

Mat3 tiltedSides()
{
    Mat3 h;
    h.col(0) = Vec3(0.1, 0.0, 0.0);
    h.col(1) = Vec3(0.02, 0.1, 0.0);
    h.col(2) = Vec3(0.0, 0.01, 0.08);
    return h;
}

CellState cellOf(const Mat3& h, std::array<bool, 3> periodic = {true, true, true})
{
    CellState c;
    c.vectors = h;
    c.periodic = periodic;
    c.volume = std::abs(h.determinant());
    return c;
}

// spheres of radius r at fractional coordinates s in the cell h
std::shared_ptr<FrameSnapshot> spheresAt(const CellState& cell, const std::vector<Vec3>& fractional, float r)
{
    auto s = std::make_shared<FrameSnapshot>();
    auto info = std::make_shared<SceneInfo>();
    info->revision = 1;
    info->name = "cell";
    const double b[6] = {0.0, 0.12, 0.0, 0.11, 0.0, 0.09};
    std::copy(b, b + 6, info->bounds);
    info->memberOffsets.assign(fractional.size(), Vec3::Zero());
    s->scene = info;
    s->cell = cell;
    for (std::size_t i = 0; i < fractional.size(); ++i) {
        const Vec3 x = cell.vectors * fractional[i];
        s->positions.insert(s->positions.end(), {float(x.x()), float(x.y()), float(x.z())});
        s->radii.push_back(r);
        s->speeds.push_back(float(i + 1));
        s->fluctuationSpeeds.push_back(0.5f);
    }
    s->bodies = fractional.size();
    return s;
}

} // namespace

class TestCellOverlay : public QObject {
    Q_OBJECT
private slots:
    void edgesEndAtTheCorners()
    {
        vtkNew<vtkRenderer> renderer;
        CellOverlay overlay(renderer);
        QVERIFY(!overlay.visible());
        const Mat3 h = tiltedSides();
        overlay.update(cellOf(h));
        QVERIFY(overlay.visible());
        const Vec3 a = h.col(0), b = h.col(1), c = h.col(2);
        const std::vector<Vec3> corners = {Vec3::Zero(), a, b, c, a + b, a + c, b + c, a + b + c};
        auto isCorner = [&](const Vec3& p) {
            return std::any_of(corners.begin(), corners.end(), [&](const Vec3& q) { return (p - q).norm() < 1e-15; });
        };
        int along[3] = {0, 0, 0}; // edges parallel to a, b, c
        std::set<std::pair<int, int>> seen;
        for (const CellOverlay::Edge& e : overlay.edges()) {
            QVERIFY(isCorner(e[0]) && isCorner(e[1]));
            const Vec3 d = e[1] - e[0];
            for (int k = 0; k < 3; ++k)
                along[k] += (d - h.col(k)).norm() < 1e-15;
            // each edge once
            auto index = [&](const Vec3& p) {
                return int(std::find_if(corners.begin(), corners.end(),
                                        [&](const Vec3& q) { return (p - q).norm() < 1e-15; }) -
                           corners.begin());
            };
            QVERIFY(seen.insert({index(e[0]), index(e[1])}).second);
        }
        QCOMPARE(along[0], 4);
        QCOMPARE(along[1], 4);
        QCOMPARE(along[2], 4);
        overlay.hide();
        QVERIFY(!overlay.visible());
    }

    void imagesAreTheSpheresNearTheFacesShiftedByWholeSides()
    {
        const Mat3 h = tiltedSides();
        const CellState cell = cellOf(h);
        // the margin is one diameter, 0.01 m: 0.1 of the widths along a and b (0.1 m), 0.125 along c
        const float r = 0.005f;
        const std::vector<Vec3> at = {
            {0.5, 0.5, 0.5},   // inside: no image
            {0.05, 0.5, 0.5},  // near the a face at s = 0: one image, + a
            {0.95, 0.04, 0.5}, // near the far a face and the near b face: - a, + b, - a + b
            {0.5, 0.5, -0.1},  // past the c face (bodies stray a quarter cell): its image + c inside
        };
        const auto s = spheresAt(cell, at, r);
        std::vector<float> xyz;
        std::vector<int> member;
        CellOverlay::images(*s, xyz, member);
        QCOMPARE(xyz.size(), 3 * member.size());
        std::vector<std::pair<int, Vec3>> expected = {
            {1, h.col(0)}, {2, -h.col(0)}, {2, h.col(1)}, {2, Vec3(h.col(1) - h.col(0))}, {3, h.col(2)}};
        QCOMPARE(member.size(), expected.size());
        for (std::size_t k = 0; k < member.size(); ++k) {
            const int i = member[std::size_t(k)];
            const Vec3 x = h * at[std::size_t(i)];
            const Vec3 image(xyz[3 * k], xyz[3 * k + 1], xyz[3 * k + 2]);
            const auto it = std::find_if(expected.begin(), expected.end(), [&](const auto& e) {
                return e.first == i && (image - (x + e.second)).norm() < 1e-6;
            });
            QVERIFY2(it != expected.end(), qPrintable(QStringLiteral("unexpected image of sphere %1").arg(i)));
            expected.erase(it);
        }
        QVERIFY(expected.empty());

        // an axis that does not repeat has no images along it
        const auto open = spheresAt(cellOf(h, {true, true, false}), at, r);
        CellOverlay::images(*open, xyz, member);
        QCOMPARE(member.size(), std::size_t(4));
        QVERIFY(std::find(member.begin(), member.end(), 3) == member.end());

        // without a cell, none
        auto none = spheresAt(cell, at, r);
        none->cell.reset();
        CellOverlay::images(*none, xyz, member);
        QVERIFY(member.empty() && xyz.empty());
    }

    void sceneViewDrawsTheCellTheImagesAndTheFluctuationSpeed()
    {
        const CellState cell = cellOf(tiltedSides());
        const std::vector<Vec3> at = {{0.5, 0.5, 0.5}, {0.05, 0.5, 0.5}, {0.95, 0.04, 0.5}};
        const auto s = spheresAt(cell, at, 0.005f);
        SceneView view;
        view.resize(300, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setSnapshot(s);
        view.grabFramebuffer();
        QVERIFY(view.cellOverlay().visible());
        QCOMPARE(view.drawnSphereCount(), std::size_t(3));
        QCOMPARE(view.drawnImageCount(), std::size_t(0)); // off by default
        OverlayOptions images;
        images.cellImages = true;
        view.setOverlayOptions(images);
        view.grabFramebuffer();
        QCOMPARE(view.drawnSphereCount(), std::size_t(3));
        QCOMPARE(view.drawnImageCount(), std::size_t(4));
        // speed: spheres 1, 2, 3 m/s differ in colour; relative to the medium all 0.5 m/s alike
        const QColor slow = view.drawnColour(0), fast = view.drawnColour(2);
        QVERIFY(slow != fast);
        view.setColourMode(ColourMode::FluctuationSpeed);
        view.grabFramebuffer();
        QCOMPARE(view.drawnColour(0), view.drawnColour(2));
        // a snapshot without a cell: no edges, and the plain speed
        auto plain = std::make_shared<FrameSnapshot>(*s);
        plain->cell.reset();
        plain->fluctuationSpeeds.clear();
        plain->serial = 2;
        view.setSnapshot(plain);
        view.grabFramebuffer();
        QVERIFY(!view.cellOverlay().visible());
        QCOMPARE(view.drawnImageCount(), std::size_t(0));
        QVERIFY(view.drawnColour(0) != view.drawnColour(2));
    }
};

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestCellOverlay t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestCellOverlay.moc"
