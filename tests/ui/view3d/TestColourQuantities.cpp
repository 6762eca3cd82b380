// Colour by any quantity and force chains (issue 22): the colour scale spans the values' 2nd to
// 98th percentile for a two-sided quantity (0 to the 98th for a magnitude), grows at once,
// shrinks no faster than its one-second memory, and holds still when held; the force chains
// drawn are the snapshot's touching pairs, end to end, in width classes by force; and in the
// window the worker computes the quantity chosen in the panel (height: every sphere's z).
#include <QtTest>

#include <QCheckBox>
#include <QElapsedTimer>

#include <cmath>

#include "MainWindow.h"
#include "WaitShown.h"
#include "panels/ControlPanel.h"
#include "session/SimulationRunner.h"
#include "view3d/ForceChainOverlay.h"
#include "view3d/SceneView.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

// 144 spheres in a 12 x 12 square, each carrying its index times scale as the quantity q
std::shared_ptr<FrameSnapshot> squareSnapshot(MemberQuantity q, float scale, long long serial)
{
    static auto info = [] {
        auto i = std::make_shared<SceneInfo>();
        i->revision = 1;
        i->name = "square";
        const double b[6] = {-0.01, 0.25, -0.01, 0.25, -0.01, 0.01};
        std::copy(b, b + 6, i->bounds);
        return i;
    }();
    auto s = std::make_shared<FrameSnapshot>();
    s->scene = info;
    s->serial = serial;
    for (int j = 0; j < 12; ++j)
        for (int i = 0; i < 12; ++i) {
            s->positions.insert(s->positions.end(), {0.02f * float(i), 0.02f * float(j), 0.f});
            s->radii.push_back(0.01f);
            s->speeds.push_back(0.f);
            s->memberValues.push_back(scale * float(12 * j + i));
        }
    s->memberQuantity = q;
    s->markers = std::make_shared<const std::vector<ParameterMarker>>();
    return s;
}

void show(SceneView& view, const SnapshotPtr& s)
{
    view.setSnapshot(s);
    (void)view.grabFramebuffer(); // renders (and uploads) the snapshot
}

} // namespace

class TestColourQuantities : public QObject {
    Q_OBJECT
private slots:
    void scaleSpansThePercentilesAndHolds()
    {
        SceneView view;
        view.resize(300, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setColourMode(ColourMode::BodyId);
        show(view, squareSnapshot(MemberQuantity::BodyId, 1.f, 1));
        // 144 values 0..143: the 2nd percentile is value 2 (index 144 * 2 / 100), the 98th 141
        QCOMPARE(view.colourScaleMin(), 2.0);
        QCOMPARE(view.speedScaleMax(), 141.0);

        // held: values twice as large leave it where it is
        view.setColourRangeHeld(true);
        show(view, squareSnapshot(MemberQuantity::BodyId, 2.f, 2));
        QCOMPARE(view.colourScaleMin(), 2.0);
        QCOMPARE(view.speedScaleMax(), 141.0);
        // released: the top grows at once to the new 98th percentile
        view.setColourRangeHeld(false);
        QElapsedTimer clock; // from before this upload: the decay's time runs from upload to upload
        clock.start();
        show(view, squareSnapshot(MemberQuantity::BodyId, 2.f, 3));
        QCOMPARE(view.speedScaleMax(), 282.0);
        // the bottom relaxes toward 4 from below, slowly
        QVERIFY(view.colourScaleMin() >= 2.0 && view.colourScaleMin() < 4.0);
        // values shrunk to a quarter: the top relaxes toward 70.5 with a memory of 1 s, so after
        // E seconds it is still at least 70.5 + (282 - 70.5) exp(-E)
        show(view, squareSnapshot(MemberQuantity::BodyId, 0.5f, 4));
        const double e = double(clock.elapsed() + 1) * 1e-3;
        QVERIFY2(view.speedScaleMax() >= 70.5 + (282.0 - 70.5) * std::exp(-e) - 1e-9,
                 qPrintable(QString::number(view.speedScaleMax())));
        QVERIFY(view.speedScaleMax() < 282.0);

        // a magnitude (net force) spans 0 to its 98th percentile
        view.setColourMode(ColourMode::NetForce);
        show(view, squareSnapshot(MemberQuantity::NetForce, 0.5f, 5));
        QCOMPARE(view.colourScaleMin(), 0.0);
        QCOMPARE(view.speedScaleMax(), 70.5);
        // a snapshot still carrying another quantity is coloured by speed meanwhile (all 0 here)
        show(view, squareSnapshot(MemberQuantity::Height, 0.5f, 6));
        QVERIFY(view.speedScaleMax() <= 70.5);
    }

    void forceChainsAreTheSnapshotsContacts()
    {
        SceneView view;
        view.resize(300, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        OverlayOptions o;
        o.forceChains = true;
        view.setOverlayOptions(o);
        auto s = squareSnapshot(MemberQuantity::None, 1.f, 1);
        // three chains: 0-1 at 1 N, 1-13 at 4 N, 13-14 at 2.5 N; a fourth through a face, its
        // second member's image shifted by -0.24 m along x; one with a non-finite force skipped
        s->chainsAsked = true;
        s->chainMembers = {0, 1, 1, 13, 13, 14, 0, 11, 2, 3};
        s->chainForce = {1.f, 4.f, 2.5f, 0.5f, std::nanf("")};
        s->chainShift = {0, 0, 0, 0, 0, 0, 0, 0, 0, -0.24f, 0, 0, 0, 0, 0};
        show(view, s);
        const ForceChainOverlay& chains = view.forceChainOverlay();
        QCOMPARE(chains.drawnCount(), std::size_t(4));
        QCOMPARE(chains.forceScale(), 4.0);
        const auto at = [&](int m) {
            return Vec3(s->positions[3 * std::size_t(m)], s->positions[3 * std::size_t(m) + 1],
                        s->positions[3 * std::size_t(m) + 2]);
        };
        QCOMPARE(chains.ends(0)[0], at(0));
        QCOMPARE(chains.ends(0)[1], at(1));
        QCOMPARE(chains.ends(1)[1], at(13));
        QVERIFY((chains.ends(3)[1] - Vec3(at(11).x() - double(0.24f), at(11).y(), 0.0)).norm() < 1e-7);
        // classes: floor(4 F / 4 N), the largest in the top class
        const int expected[4] = {1, 3, 2, 0};
        for (std::size_t k = 0; k < 4; ++k)
            QCOMPARE(chains.widthClass(k), expected[k]);
        // off: none drawn
        o.forceChains = false;
        view.setOverlayOptions(o);
        show(view, squareSnapshot(MemberQuantity::None, 1.f, 2));
        QCOMPARE(view.forceChainOverlay().drawnCount(), std::size_t(0));
    }

    void windowColoursByTheChosenQuantity()
    {
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openBuiltinScene(QString::fromStdString(defaultSceneId())));
        w.worker()->play();
        w.setColourMode(ColourMode::Height);
        QVERIFY(test::waitShown(w, [](const FrameSnapshot& f) {
            return f.memberQuantity == MemberQuantity::Height && f.memberValues.size() == f.memberCount() &&
                   f.memberCount() > 0;
        }));
        // the default scene's gravity is along -z: a sphere's height is its centre's z
        const SnapshotPtr s = w.shownSnapshot();
        for (std::size_t j = 0; j < s->memberCount(); ++j)
            if (s->memberBody.empty() || s->clumpState(s->bodyOf(j)) == nullptr)
                QCOMPARE(s->memberValues[j], s->positions[3 * j + 2]);
        // the force chains, from the panel's box
        w.controlPanel()->forceChainsBox()->setChecked(true);
        QVERIFY(test::waitShown(w, [](const FrameSnapshot& f) { return f.chainsAsked; }));
        QCOMPARE(w.shownSnapshot()->chainForce.size() * 2, w.shownSnapshot()->chainMembers.size());
    }
};

QTEST_MAIN(TestColourQuantities)
#include "TestColourQuantities.moc"
