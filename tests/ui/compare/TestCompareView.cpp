// CompareView: six labelled, coloured lane views over one scene; a lane retuned far past the
// critical dt shows "unstable at t = ..." while the others go on; removing a lane while running
// stalls nobody; the views' cameras are linked; C in the main window toggles compare mode; a
// lane keeps its number, colour, name and place through Restart, retunes and removals.
#include <QtTest>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>

#include <set>

#include "ComboChoice.h"
#include "MainWindow.h"
#include "WaitShown.h"
#include "compare/CompareView.h"
#include "panels/DtField.h"
#include "panels/SchemePicker.h"
#include "scene/BuiltinScenes.h"
#include "session/SimulationRunner.h"
#include "sim/Simulation.h"
#include "view3d/SceneView.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::activate;
using tumble::test::waitUntil;

namespace {

double laneTime(const CompareView& v, int id)
{
    return v.laneSet()->lane(id)->time();
}

// a left-button drag in a view, as Qt delivers it
void drag(QWidget* w, QPoint from, QPoint to)
{
    QMouseEvent press(QEvent::MouseButtonPress, from, w->mapToGlobal(from), Qt::LeftButton, Qt::LeftButton,
                      Qt::NoModifier);
    QCoreApplication::sendEvent(w, &press);
    for (int i = 1; i <= 8; ++i) {
        const QPointF p = from + (to - from) * (i / 8.0);
        QMouseEvent move(QEvent::MouseMove, p, w->mapToGlobal(p), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(w, &move);
    }
    QMouseEvent release(QEvent::MouseButtonRelease, to, w->mapToGlobal(to), Qt::LeftButton, Qt::NoButton,
                        Qt::NoModifier);
    QCoreApplication::sendEvent(w, &release);
}

} // namespace

class TestCompareView : public QObject {
    Q_OBJECT
private slots:
    void sixDefaultLanesLabelledAndColoured();
    void unstableLaneShowsItsLabelAndTheOthersGoOn();
    void removingALaneWhileRunning();
    void camerasAreLinked();
    void keyCTogglesCompareModeInTheMainWindow();
    void laneSpecsGiveTheirTimestep();
    void laneControlsAreThePanelsWidgets();
    void lanesKeepNumberColourNameAndPlace();
};

void TestCompareView::sixDefaultLanesLabelledAndColoured()
{
    const Scene scene = loadBuiltinScene("harmonic-oscillator");
    CompareView v;
    v.resize(1200, 800);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    v.start(scene, CompareView::defaultLanes(scene));
    const std::vector<int> ids = v.laneIds();
    QCOMPARE(ids.size(), std::size_t(6));
    QCOMPARE(v.driftPlot()->laneIds(), ids);
    std::set<QRgb> colours;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const QString preset = QString::fromStdString(defaultLanePresets()[i]);
        QVERIFY(waitUntil([&] { return v.laneTitle(ids[i])->text().startsWith(preset); }));
        QVERIFY(v.laneTitle(ids[i])->text().contains(QStringLiteral("dt ")));
        colours.insert(v.laneColour(ids[i]).rgb());
        // the title is drawn in the lane's colour, as its curve
        QVERIFY(v.laneTitle(ids[i])->styleSheet().contains(v.laneColour(ids[i]).name()));
    }
    QCOMPARE(colours.size(), std::size_t(6));
    // running, and every view draws its lane
    QVERIFY(waitUntil([&] {
        for (int id : ids)
            if (v.laneView(id)->frameCount() == 0 || !v.laneView(id)->snapshot() ||
                v.laneView(id)->snapshot()->step == 0)
                return false;
        return true;
    }));
    QVERIFY(v.laneView(ids[3])->drawnSphereCount() == 1);
    QVERIFY(!v.driftPlot()->drift(ids[3]).empty());
}

void TestCompareView::unstableLaneShowsItsLabelAndTheOthersGoOn()
{
    const Scene scene = loadBuiltinScene("harmonic-oscillator");
    const double critical = Simulation(scene.world, scene.params).criticalDt();
    CompareView v;
    v.resize(900, 600);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    v.start(scene, CompareView::presetLanes(scene, {"pfc", "rk4"}));
    const int good = v.laneIds()[0], bad = v.laneIds()[1];
    QVERIFY(waitUntil([&] { return laneTime(v, bad) > 0.02; }));
    // while running: far past the stability limit (RK4: w dt < 2.83)
    LiveParams s;
    s.dt = 10 * critical;
    v.retuneLane(bad, s);
    QVERIFY(waitUntil([&] { return v.laneStatus(bad)->text().startsWith(QStringLiteral("unstable at t = ")); }));
    QVERIFY(v.laneStatus(bad)->text().endsWith(QStringLiteral(" s")));
    QVERIFY(v.laneSet()->lane(bad)->unstable());
    QVERIFY(!v.laneStatus(good)->text().contains(QStringLiteral("unstable")));
    const double t = laneTime(v, good);
    QVERIFY(waitUntil([&] { return laneTime(v, good) > t + 0.1; }));
    QVERIFY(v.laneStatus(good)->text().startsWith(QStringLiteral("t = ")));

    // retuned back below the limit, the lane starts again from t = 0 in its place and colour,
    // under its id
    const QColor colour = v.laneColour(bad);
    s.dt = scene.params.dt;
    v.retuneLane(bad, s);
    QCOMPARE(v.laneIds(), (std::vector<int>{good, bad}));
    const int again = v.laneIds()[1];
    QCOMPARE(v.laneColour(again), colour);
    QVERIFY(!v.laneSet()->lane(again)->unstable());
    QCOMPARE(v.laneSet()->lane(again)->params().dt, scene.params.dt);
    QCOMPARE(v.laneSet()->lane(again)->params().translation, std::string("rk4")); // its settings kept
    QVERIFY(waitUntil([&] { return laneTime(v, again) > laneTime(v, good) - 0.05 && laneTime(v, again) > 0.1; }));
    QVERIFY(waitUntil([&] { return v.laneStatus(again)->text().startsWith(QStringLiteral("t = ")); }));
}

void TestCompareView::removingALaneWhileRunning()
{
    const Scene scene = loadBuiltinScene("dzhanibekov");
    CompareView v;
    v.resize(900, 600);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    v.start(scene, CompareView::presetLanes(scene, {"pfc", "pfc4", "rk4"}));
    std::vector<int> ids = v.laneIds();
    QVERIFY(waitUntil([&] { return laneTime(v, ids[2]) > 0.05; }));
    v.removeLane(ids[1]);
    QCOMPARE(v.laneIds().size(), std::size_t(2));
    QVERIFY(!v.laneView(ids[1]));
    QCOMPARE(v.driftPlot()->laneIds(), (std::vector<int>{ids[0], ids[2]}));
    const double t0 = laneTime(v, ids[0]), t2 = laneTime(v, ids[2]);
    QVERIFY(waitUntil([&] { return laneTime(v, ids[0]) > t0 + 0.1 && laneTime(v, ids[2]) > t2 + 0.1; }));
    // and one added back takes the free colour
    const QColor freed = CompareView::slotColour(1);
    const int added = v.addLane(LaneSettings::fromPreset("woo", scene.params.dt));
    QVERIFY(added >= 0);
    QCOMPARE(v.laneColour(added), freed);
}

void TestCompareView::camerasAreLinked()
{
    const Scene scene = loadBuiltinScene("bouncing-ball");
    CompareView v;
    v.resize(900, 600);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    v.start(scene, CompareView::presetLanes(scene, {"pfc", "rk4", "euler"}));
    const std::vector<int> ids = v.laneIds();
    // every view drew its first frame and took the shared camera
    QVERIFY(waitUntil([&] {
        for (int id : ids)
            if (!v.cameraLinked(id) || v.laneView(id)->frameCount() == 0)
                return false;
        return true;
    }));
    const auto before = v.cameraPose(ids[1]);
    SceneView* first = v.laneView(ids[0]);
    const QPoint c = first->rect().center();
    drag(first, c, c + QPoint(60, 25));
    QVERIFY(v.cameraPose(ids[0]) != before); // the drag turned the camera
    for (int id : ids)
        QCOMPARE(v.cameraPose(id), v.cameraPose(ids[0]));
    // and the other views repaint with it
    const long long frames = v.laneView(ids[2])->frameCount();
    v.setPlaying(false);
    drag(v.laneView(ids[2]), c, c - QPoint(40, 0));
    QVERIFY(waitUntil([&] { return v.laneView(ids[1])->frameCount() > frames; }, 3000));
    QCOMPARE(v.cameraPose(ids[0]), v.cameraPose(ids[2]));
}

void TestCompareView::keyCTogglesCompareModeInTheMainWindow()
{
    MainWindow w;
    w.resize(1200, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openBuiltinScene(QStringLiteral("harmonic-oscillator")));
    w.worker()->play();
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QVERIFY(test::waitShown(w, [](const FrameSnapshot& s) { return s.step > 0; }));
    QVERIFY(!w.compareMode());
    QTest::keyClick(&w, Qt::Key_C);
    QVERIFY(w.compareMode());
    QVERIFY(w.compareView() && w.compareView()->isVisible());
    QCOMPARE(w.compareView()->laneIds().size(), std::size_t(6));
    QCOMPARE(w.compareView()->laneSet()->scene().name, w.shownSnapshot()->scene->name);
    QVERIFY(!w.sceneView()->isVisible());
    QVERIFY(waitUntil([&] { return w.compareView()->laneSet()->targetTime() > 0.05; }));
    // Space pauses and plays the lanes together, R starts them again from t = 0
    QTest::keyClick(&w, Qt::Key_Space);
    QVERIFY(!w.compareView()->playing());
    QTest::keyClick(&w, Qt::Key_Space);
    QVERIFY(w.compareView()->playing());
    // the single view's run stays paused behind compare mode
    QVERIFY(test::waitShown(w, [](const FrameSnapshot& s) { return !s.playing; }));
    const double before = w.compareView()->laneSet()->targetTime();
    QTest::keyClick(&w, Qt::Key_R);
    QVERIFY(w.compareView()->laneSet()->targetTime() < before);
    QCOMPARE(w.compareView()->laneIds().size(), std::size_t(6));
    QTest::keyClick(&w, Qt::Key_C);
    QVERIFY(!w.compareMode());
    QVERIFY(w.sceneView()->isVisible());
    QVERIFY(!w.compareView()->laneSet()); // the lanes stopped
    // with chosen lanes
    QVERIFY(w.setCompareMode(true, {QStringLiteral("rk4"), QStringLiteral("pfc")}));
    QCOMPARE(w.compareView()->laneIds().size(), std::size_t(2));
    QVERIFY(w.setCompareMode(false));
    QVERIFY(!w.compareMode());
}

void TestCompareView::laneSpecsGiveTheirTimestep()
{
    const Scene scene = loadBuiltinScene("harmonic-oscillator");
    const double critical = Simulation(scene.world, scene.params).criticalDt();
    const std::vector<LaneSettings> lanes = CompareView::presetLanes(scene, {"pfc", "rk4@2.5e-4", "woo@1.4x"});
    QCOMPARE(lanes.size(), std::size_t(3));
    QCOMPARE(*lanes[0].live.dt, scene.params.dt);
    QCOMPARE(*lanes[1].live.dt, 2.5e-4);
    QCOMPARE(*lanes[1].live.translation, std::string("rk4"));
    // a factor travels as one: the lane takes it of its Simulation's critical dt
    QVERIFY(!lanes[2].live.dt);
    QCOMPARE(*lanes[2].live.dtFactor, 1.4);
    QCOMPARE(*lanes[2].live.rotation, std::string("fincham_leapfrog"));
    LaneSet set(scene);
    QCOMPARE(set.lane(set.addLane(lanes[2]))->dt(), 1.4 * critical);
    for (const char* bad : {"pfc@", "pfc@-1e-4", "pfc@0x", "pfc@1e-4s", "nope@1e-4"}) {
        bool thrown = false;
        try {
            CompareView::presetLanes(scene, {bad});
        } catch (const std::invalid_argument& e) {
            thrown = true;
            QVERIFY2(std::string(e.what()).find(std::string(bad).substr(0, 4)) != std::string::npos, e.what());
        }
        QVERIFY2(thrown, bad);
    }
}

void TestCompareView::laneControlsAreThePanelsWidgets()
{
    const Scene scene = loadBuiltinScene("harmonic-oscillator");
    CompareView v;
    v.resize(900, 600);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    v.start(scene, CompareView::presetLanes(scene, {"pfc", "rk4"}));
    const int pfc = v.laneIds()[0], rk4 = v.laneIds()[1];
    SimulationRunner* pfcLane = v.laneSet()->lane(pfc);
    SimulationRunner* rk4Lane = v.laneSet()->lane(rk4);
    QVERIFY(v.laneSchemes(rk4) && v.laneDtField(rk4) && v.laneDamping(rk4));
    QVERIFY(!v.laneDtField(rk4)->factorBox()); // the compact look

    // a rotation rk4 cannot run with is refused by the picker: the status says why, the combos
    // show what runs, and the lane never saw it
    QVERIFY(activate(v.laneSchemes(rk4)->rotationBox(), QStringLiteral("buss_2nd_order")));
    QVERIFY2(v.statusText().contains(QStringLiteral("buss_2nd_order")) &&
                 v.statusText().contains(QStringLiteral("rk4")),
             qPrintable(v.statusText()));
    QCOMPARE(v.laneSchemes(rk4)->rotationBox()->currentData().toString(), QStringLiteral("rk4_quaternion"));
    QCOMPARE(rk4Lane->params().rotation, std::string("rk4_quaternion"));
    QVERIFY(rk4Lane->lastError().empty());

    // rk4 on the pfc lane brings its rotation, in one change; the title follows
    QVERIFY(activate(v.laneSchemes(pfc)->translationBox(), QStringLiteral("rk4")));
    QVERIFY(waitUntil(
        [&] { return pfcLane->params().translation == "rk4" && pfcLane->params().rotation == "rk4_quaternion"; }));
    QVERIFY(waitUntil([&] { return v.laneTitle(pfc)->text().startsWith(QStringLiteral("rk4 ")); }));
    QCOMPARE(v.laneSchemes(pfc)->presetBox()->currentData().toString(), QStringLiteral("rk4"));

    // the dt field: seconds as typed, counted on from where the change lands
    const double half = scene.params.dt / 2;
    QLineEdit* field = v.laneDtField(rk4)->secondsField();
    field->setText(QString::number(half, 'g', 17));
    emit field->editingFinished();
    QVERIFY(waitUntil([&] { return rk4Lane->dt() == half; }));
    QVERIFY(!rk4Lane->unstable());
    // and the damping
    v.laneDamping(pfc)->setValue(0.2);
    QVERIFY(waitUntil([&] { return pfcLane->params().localDamping == 0.2; }));
    QVERIFY(waitUntil([&] { return v.laneTitle(pfc)->text().contains(QStringLiteral("local 0.2")); }));
}

namespace {

// what a lane shows of itself: its number and label (the box title), its colour, and the label
// its view's title starts with ("pfc · dt ...")
struct LaneFace {
    int id = -1;
    QString box;
    QRgb colour = 0;
    QString label;
    bool operator==(const LaneFace&) const = default;
};

std::vector<LaneFace> facesOf(const CompareView& v)
{
    std::vector<LaneFace> out;
    for (int id : v.laneIds()) {
        const QString box = v.laneBoxTitle(id);
        const QString title = v.laneTitle(id)->text();
        out.push_back({id, box, v.laneColour(id).rgb(), title.section(QString::fromUtf8(" \xc2\xb7 "), 0, 0)});
    }
    return out;
}

} // namespace

void TestCompareView::lanesKeepNumberColourNameAndPlace()
{
    const Scene scene = loadBuiltinScene("harmonic-oscillator");
    const double critical = Simulation(scene.world, scene.params).criticalDt();
    CompareView v;
    v.resize(1000, 700);
    v.show();
    QVERIFY(QTest::qWaitForWindowExposed(&v));
    v.start(scene, CompareView::presetLanes(scene, {"euler", "pfc", "woo", "rk4"}));
    const std::vector<int> ids = v.laneIds();
    QCOMPARE(ids.size(), std::size_t(4));
    const QStringList labels = {"euler", "pfc", "woo", "rk4"};
    for (std::size_t i = 0; i < ids.size(); ++i) {
        // numbered 1, 2, 3, 4 in order, coloured by slot in order
        QVERIFY(waitUntil([&] { return !v.laneBoxTitle(ids[i]).isEmpty(); }));
        QCOMPARE(v.laneBoxTitle(ids[i]), QStringLiteral("Lane %1: %2").arg(i + 1).arg(labels[int(i)]));
        QCOMPARE(v.laneColour(ids[i]), CompareView::slotColour(int(i)));
    }
    QVERIFY(waitUntil([&] { return v.laneSet()->targetTime() > 0.05; }));

    // remove lane 2: the others keep number, colour, label and order
    std::vector<LaneFace> faces = facesOf(v);
    v.removeLane(ids[1]);
    faces.erase(faces.begin() + 1);
    QCOMPARE(facesOf(v), faces);

    // Restart: every lane from t = 0, each still itself, in its place, its curve started again
    const double before = v.laneSet()->targetTime();
    v.restart();
    QVERIFY(v.laneSet()->targetTime() < before);
    QCOMPARE(facesOf(v), faces);
    for (const LaneFace& f : faces)
        QVERIFY(laneTime(v, f.id) < before);
    QCOMPARE(v.driftPlot()->laneIds(), (std::vector<int>{ids[0], ids[2], ids[3]}));
    QVERIFY(waitUntil([&] { return v.laneSet()->targetTime() > 0.05; }));
    QCOMPARE(facesOf(v), faces);

    // a dt retune: the lane runs at the new dt under its number, colour and label
    LiveParams half;
    half.dt = scene.params.dt / 2;
    v.retuneLane(ids[2], half);
    QVERIFY(waitUntil([&] { return v.laneSet()->lane(ids[2])->dt() == *half.dt; }));
    QVERIFY(waitUntil([&] { return v.laneTitle(ids[2])->text().contains(QString::number(*half.dt, 'g', 3)); }));
    QCOMPARE(facesOf(v), faces);

    // a lane that blew up and is retuned starts again in place, as itself
    LiveParams huge;
    huge.dt = 10 * critical;
    v.retuneLane(ids[3], huge);
    QVERIFY(waitUntil([&] { return v.laneSet()->lane(ids[3])->unstable(); }));
    LiveParams back;
    back.dt = scene.params.dt;
    v.retuneLane(ids[3], back);
    QVERIFY(!v.laneSet()->lane(ids[3])->unstable());
    QCOMPARE(facesOf(v), faces);

    // and Restart again changes nothing of that
    v.restart();
    QCOMPARE(facesOf(v), faces);

    // a new lane: the next number never used (5) and the first free colour (the removed lane's)
    const int added = v.addLane(LaneSettings::fromPreset("pfc4", scene.params.dt));
    QCOMPARE(CompareView::laneNumber(added), 5);
    QCOMPARE(v.laneIds().back(), added);
    QCOMPARE(v.laneColour(added), CompareView::slotColour(1));
    QVERIFY(waitUntil([&] { return v.laneBoxTitle(added) == QStringLiteral("Lane 5: pfc4"); }));
    std::vector<LaneFace> withNew = facesOf(v);
    withNew.pop_back();
    QCOMPARE(withNew, faces);
}

QTEST_MAIN(TestCompareView)
#include "TestCompareView.moc"
