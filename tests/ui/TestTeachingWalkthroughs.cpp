// docs/TEACHING.md's walk-throughs and README's tour, performed on the real window: each test
// does the document's clicks on the real widgets and checks what the text tells the reader to
// see (lane numbers and colours, the step at which a lane stops, which curve lies above which at
// the stated time, the numbers quoted) against the closed forms the text derives them from. A
// test fails when the document and the program drift apart (issue 25).
#include <QtTest>

#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include <algorithm>
#include <cmath>

#include "ComboChoice.h"
#include "MainWindow.h"
#include "TestHelpers.h"
#include "WaitShown.h"
#include "compare/CompareView.h"
#include "panels/ControlPanel.h"
#include "panels/DtField.h"
#include "panels/SchemePicker.h"
#include "plot/AngleDriftPlot.h"
#include "plot/DriftPlot.h"
#include "plot/EnergyPlot.h"
#include "plot/SweepPlot.h"
#include "rotation/RotationPanel.h"
#include "scene/BuiltinScenes.h"
#include "session/LaneSet.h"
#include "session/SimulationRunner.h"
#include "sim/Simulation.h"
#include "sweep/SweepPanel.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::activate;
using tumble::test::activateText;
using tumble::test::waitShown;
using tumble::test::waitUntil;

namespace {

// the colour words the documents use, by hue and lightness (CompareView's lane colours)
QString colourWord(const QColor& c)
{
    if (c.lightnessF() < 0.2)
        return QStringLiteral("black");
    const int h = c.hslHue();
    if (h < 15 || h >= 345)
        return QStringLiteral("red");
    if (h < 45)
        return QStringLiteral("orange");
    if (h < 160)
        return QStringLiteral("green");
    if (h < 250)
        return QStringLiteral("blue");
    return QStringLiteral("purple");
}

QPushButton* button(QWidget* in, const QString& text)
{
    for (QPushButton* b : in->findChildren<QPushButton*>())
        if (b->text().remove(QLatin1Char('&')) == text)
            return b;
    return nullptr;
}

// the window at a projector's size, running the default scene, active (keys reach it)
std::unique_ptr<MainWindow> openWindow()
{
    auto w = std::make_unique<MainWindow>();
    w->resize(MainWindow::initialSize(QSize(1280, 800)));
    w->show();
    w->activateWindow();
    if (!QTest::qWaitForWindowActive(w.get()))
        return nullptr;
    if (!w->openBuiltinScene(QString::fromStdString(defaultSceneId())))
        return nullptr;
    w->play();
    return w;
}

// Step 1 of walk-throughs 1 and 2: pick the oscillator in the Scene combo, press C
CompareView* oscillatorInCompareMode(MainWindow& w)
{
    if (!activate(w.controlPanel()->sceneBox(), QStringLiteral("harmonic-oscillator")))
        return nullptr;
    if (!waitShown(w, [](const FrameSnapshot& s) { return s.scene && s.scene->name == "Harmonic oscillator"; }))
        return nullptr;
    QTest::keyClick(&w, Qt::Key_C);
    if (!waitUntil([&]() { return w.compareMode(); }))
        return nullptr;
    return w.compareView();
}

// lane id's samples up to simulated time t (s): the drift and its band (each sample's lowest
// and highest drift since the previous one)
struct Drift {
    std::vector<double> t, value, low, high;
    double maxAbs(double until = 1e300) const
    {
        double m = 0.0;
        for (std::size_t i = 0; i < t.size() && t[i] <= until; ++i)
            m = std::max({m, std::abs(low[i]), std::abs(high[i])});
        return m;
    }
    // the band's top |drift| and its value at the sample nearest t
    std::size_t at(double time) const
    {
        std::size_t best = 0;
        for (std::size_t i = 0; i < t.size(); ++i)
            if (std::abs(t[i] - time) < std::abs(t[best] - time))
                best = i;
        return best;
    }
};

Drift driftOf(const CompareView& cv, int id)
{
    const DriftPlot& p = *cv.driftPlot();
    return {p.times(id), p.drift(id), p.driftLow(id), p.driftHigh(id)};
}

// waits until every lane of cv that is not unstable has samples up to simulated time t (s)
bool runUntil(CompareView& cv, double t, int ms)
{
    return waitUntil(
        [&]() {
            for (int id : cv.laneIds()) {
                if (cv.laneStatus(id)->text().startsWith(QStringLiteral("unstable")))
                    continue;
                const std::vector<double> times = cv.driftPlot()->times(id);
                if (times.empty() || times.back() < t)
                    return false;
            }
            return true;
        },
        ms);
}

// the oscillator's numbers, from its scene file: theta = w dt, and the oscillating share of E0
struct Oscillator {
    double theta = 0.0;  // w dt at the scene's dt
    double share = 0.0;  // E_osc / E0: the displacement's energy over the springs' total
    double dt = 0.0;     // s
    double dtCrit = 0.0; // s, sqrt(m / kn)
};

// the first step of the oscillator run with p whose energy the runner refuses
// (Simulation::checkEnergySample: non-finite, or |balance error| past 100 x the scene's energy
// scale), or at which the core reports the run unstable
long long firstRunawayStep(const SimParams& p)
{
    const Scene scene = loadBuiltinScene("harmonic-oscillator");
    Simulation sim(scene.world, p);
    while (sim.world().step < 100000) {
        sim.step();
        if (sim.isUnstable() || !sim.checkEnergySample(sim.energy()))
            return sim.world().step;
    }
    return -1;
}

Oscillator oscillator(const CompareView& cv)
{
    const Scene scene = loadBuiltinScene("harmonic-oscillator");
    Oscillator o;
    o.dtCrit = cv.laneSet()->criticalDt();
    o.dt = cv.laneSet()->lanes().front()->dt();
    o.theta = std::sqrt(2.0) * o.dt / o.dtCrit; // two springs: w = sqrt(2 kn / m)
    // x0: the start displacement; d0: each wall's pre-compression; E0 = kn (x0^2 + d0^2)
    const World& world = scene.world;
    const double x0 = world.position[0].z();
    const double d0 =
        world.radius[0] - world.walls[0].normal.dot(world.position[0] - x0 * Vec3::UnitZ() - world.walls[0].point);
    o.share = x0 * x0 / (x0 * x0 + d0 * d0);
    return o;
}

// "Open Run > Convergence sweep. Tick ..., enter dt ... and end time ..., click Run sweep":
// the legend's lines once it finished (empty when it did not)
QStringList sweepLegend(MainWindow& w, const std::vector<std::string>& ticked, const std::vector<double>& dts,
                        double endTime)
{
    SweepPanel* panel = w.sweepPanel();
    QDockWidget* dock = qobject_cast<QDockWidget*>(panel->parentWidget());
    if (!dock)
        return {};
    dock->toggleViewAction()->trigger();
    if (!waitUntil([&]() { return panel->isVisible(); }))
        return {};
    panel->setSchemes(ticked);
    panel->setDts(dts);
    panel->setDuration(endTime);
    panel->runButton()->click();
    if (!waitUntil([&]() { return !panel->isRunning() && !panel->plot()->result().orders.empty(); }, 120000))
        return {};
    return panel->plot()->legendLabels();
}

// the largest |balance error| / |E0| the energy plot's error band reaches
double largestError(const EnergyPlot& plot)
{
    const std::vector<double> high = plot.relativeErrorHigh();
    return high.empty() ? 0.0 : *std::max_element(high.begin(), high.end());
}

// the fitted order a legend line ends with ("... order 1.99")
bool legendSays(const QStringList& legend, const QString& scheme, const QString& order)
{
    for (const QString& line : legend)
        if (line.contains(scheme) && line.endsWith(QStringLiteral("order ") + order))
            return true;
    return false;
}

} // namespace

class TestTeachingWalkthroughs : public QObject {
    Q_OBJECT
private slots:
    void oneEulerVerletRk4OnTheOscillator();
    void twoTheStabilityLimit();
    void threeAClumpNeedsABetterRotationScheme();
    void sweepFollowUps();
    void readmeTryThis();
};

// ------------------------------------------------------------------------------------------------
// 1. Why Euler gains energy, Verlet wobbles without drifting, and RK4 slowly loses
void TestTeachingWalkthroughs::oneEulerVerletRk4OnTheOscillator()
{
    auto w = openWindow();
    QVERIFY(w);
    CompareView* cv = oscillatorInCompareMode(*w);
    QVERIFY(cv);

    // "Six lanes start, numbered and coloured for their whole life: 1 euler (red), ..."
    const std::vector<std::pair<QString, QString>> lanes{{"euler", "red"},   {"symplectic_euler", "orange"},
                                                         {"woo", "green"},   {"pfc", "blue"},
                                                         {"pfc4", "purple"}, {"rk4", "black"}};
    const std::vector<int> ids = cv->laneIds();
    QCOMPARE(ids.size(), lanes.size());
    for (std::size_t i = 0; i < ids.size(); ++i) {
        QCOMPARE(cv->laneNumber(ids[i]), int(i) + 1);
        QVERIFY2(cv->laneBoxTitle(ids[i]).contains(lanes[i].first), qPrintable(cv->laneBoxTitle(ids[i])));
        QCOMPARE(colourWord(cv->laneColour(ids[i])), lanes[i].second);
    }
    const int euler = ids[0], symplectic = ids[1], woo = ids[2], pfc = ids[3], pfc4 = ids[4], rk4 = ids[5];
    const Oscillator o = oscillator(*cv);
    QVERIFY(tumble::test::near(o.theta, 0.2 * std::sqrt(2.0), 1e-12)); // "w dt = 0.2 sqrt(2) = 0.283"
    QVERIFY(tumble::test::near(o.share, 0.2, 1e-12));                  // "2.5e-4 J of 1.25e-3 J"

    // "The lane stops with "unstable at t = 0.01303 s" at step 114, the first step whose balance
    // error is past 100 x the energy scale ... The other lanes go on."
    QVERIFY(waitUntil([&]() { return cv->laneStatus(euler)->text().startsWith(QStringLiteral("unstable")); }));
    const long long eulerStop = firstRunawayStep(cv->laneSet()->lane(euler)->params());
    QCOMPARE(cv->laneStatus(euler)->text(),
             QStringLiteral("unstable at t = %1 s").arg(double(eulerStop) * o.dt, 0, 'g', 4));
    QCOMPARE(cv->laneStatus(euler)->text(), QStringLiteral("unstable at t = 0.01303 s")); // TEACHING.md
    QCOMPARE(eulerStop, 114LL);
    // the closed form: 1 + theta^2 per step passes 100 E0 after ln(500)/ln(1 + theta^2) steps
    QCOMPARE(int(std::ceil(std::log(500.0) / std::log(1.0 + o.theta * o.theta))), 81);

    QVERIFY(runUntil(*cv, 1.0, 60000));
    for (int id : {symplectic, woo, pfc, pfc4, rk4})
        QVERIFY(!cv->laneStatus(id)->text().startsWith(QStringLiteral("unstable")));

    // velocity Verlet from rest at x0: E between E_osc (1 - theta^2/4) and E_osc, so the band
    // reaches theta^2/4 E_osc / E0 = 4e-3 (a step lands within theta/2 of x = 0: at least
    // cos^2(theta/2) of it) and never more
    const Drift verlet = driftOf(*cv, pfc);
    const double wobble = o.theta * o.theta / 4.0 * o.share;
    QVERIFY(tumble::test::near(wobble, 4e-3, 1e-12));
    QVERIFY2(verlet.maxAbs() <= wobble * (1.0 + 1e-9) && verlet.maxAbs() >= wobble * std::pow(std::cos(o.theta / 2), 2),
             qPrintable(QString::number(verlet.maxAbs())));
    // woo and pfc4 advance the sphere alike: one curve. The lanes run on and are read one after
    // the other, so one may hold a few samples more than another: compare the samples both have
    // (both reached t = 1 s)
    for (int id : {woo, pfc4}) {
        const Drift d = driftOf(*cv, id);
        const std::size_t common = std::min(d.t.size(), verlet.t.size());
        QVERIFY(common > 0 && d.t[common - 1] >= 1.0 && verlet.t[common - 1] >= 1.0);
        for (std::size_t i = 0; i < common; ++i) {
            QCOMPARE(d.t[i], verlet.t[i]);
            QVERIFY(std::abs(d.value[i] - verlet.value[i]) <= 1e-9);
        }
    }

    // symplectic Euler from rest: E_osc / (1 + theta/2) <= E <= E_osc / (1 - theta/2), so the
    // wobble is "about 3e-2 of E0": at most (theta/2) / (1 - theta/2) of the share
    const Drift se = driftOf(*cv, symplectic);
    const double seHigh = o.theta / 2.0 / (1.0 - o.theta / 2.0) * o.share;
    const double seLow = o.theta / 2.0 / (1.0 + o.theta / 2.0) * o.share;
    QVERIFY2(se.maxAbs() <= seHigh * (1.0 + 1e-9) && se.maxAbs() >= seLow, qPrintable(QString::number(se.maxAbs())));
    QVERIFY(std::abs(se.maxAbs() - 3e-2) <= 0.5e-2); // "about 3e-2"

    // RK4 multiplies the oscillation energy by |R|^2 = 1 - theta^6/72 + theta^8/576 per step
    // (a scaled rotation in (x, v/w): no wobble), so its drift is share (|R|^2n - 1) exactly
    const double r2 = 1.0 - std::pow(o.theta, 6) / 72.0 + std::pow(o.theta, 8) / 576.0;
    QVERIFY(tumble::test::near(1.0 - r2, 7.0e-6, 0.05e-6)); // "loses 7.0e-6 ... per step"
    const Drift rk = driftOf(*cv, rk4);
    for (std::size_t i = 0; i < rk.t.size(); ++i) {
        const double n = std::round(rk.t[i] / o.dt);
        const double exact = o.share * (std::pow(r2, n) - 1.0);
        QVERIFY2(std::abs(rk.value[i] - exact) <= 1e-9 * o.share,
                 qPrintable(QStringLiteral("t %1: %2, closed form %3").arg(rk.t[i]).arg(rk.value[i]).arg(exact)));
    }
    // "After 1 s (8748 steps) ... a loss of 6.0% of the oscillation energy, which is 1.19e-2 of E0"
    QCOMPARE(std::llround(std::ceil(1.0 / o.dt)), 8748LL);
    QVERIFY(std::abs((1.0 - std::pow(r2, 8748.0)) - 0.060) < 0.0005);
    const std::size_t atOne = rk.at(1.0);
    QVERIFY(std::abs(-rk.value[atOne] - 1.19e-2) < 0.005e-2);
    // "Its drift passes the top of Verlet's bounded wobble (4e-3 of E0) near 0.33 s ... and stays
    // above it from then on": below the band's top before 0.30 s, above it from 0.36 s
    const double crossing = std::log(1.0 - wobble / o.share) / std::log(r2) * o.dt;
    QVERIFY2(std::abs(crossing - 0.33) < 0.005, qPrintable(QString::number(crossing)));
    for (std::size_t i = 0; i < rk.t.size(); ++i) {
        if (rk.t[i] < 0.30)
            QVERIFY(std::abs(rk.value[i]) < verlet.maxAbs());
        else if (rk.t[i] > 0.36)
            QVERIFY(std::abs(rk.value[i]) > verlet.maxAbs());
    }
}

// ------------------------------------------------------------------------------------------------
// 2. How a too-large dt blows up, and where the limit is
void TestTeachingWalkthroughs::twoTheStabilityLimit()
{
    auto w = openWindow();
    QVERIFY(w);
    CompareView* cv = oscillatorInCompareMode(*w);
    QVERIFY(cv);
    std::vector<int> ids = cv->laneIds();
    QCOMPARE(ids.size(), std::size_t(6));

    // "lanes 1 to 3: preset pfc; lane 4: rk4; dt 8.0e-4, 8.29e-4, 1.17e-3, 1.17e-3 (Enter)"
    const std::vector<std::pair<QString, QString>> plan{
        {"pfc", "8.0e-4"}, {"pfc", "8.29e-4"}, {"pfc", "1.17e-3"}, {"rk4", "1.17e-3"}};
    for (std::size_t i = 0; i < plan.size(); ++i) {
        QVERIFY(activateText(cv->laneSchemes(ids[i])->presetBox(), plan[i].first));
        QLineEdit* dt = cv->laneDtField(ids[i])->secondsField();
        dt->setFocus();
        dt->selectAll();
        QTest::keyClicks(dt, plan[i].second);
        QTest::keyClick(dt, Qt::Key_Return);
        // the lane took it (as a teacher sees the field settle) before the next click
        const double want = plan[i].second.toDouble();
        QVERIFY(waitUntil([&]() {
            SimulationRunner* lane = cv->laneSet()->lane(ids[i]);
            return lane && lane->dt() == want;
        }));
    }
    // "Remove lanes 5 and 6", then "Restart"
    for (std::size_t i : {std::size_t(5), std::size_t(4)}) {
        QPushButton* remove = button(cv->laneSchemes(ids[i])->parentWidget(), QStringLiteral("Remove"));
        QVERIFY(remove);
        remove->click();
    }
    QPushButton* restart = button(cv, QStringLiteral("Restart"));
    QVERIFY(restart);
    restart->click();
    QCOMPARE(cv->laneIds(), std::vector<int>(ids.begin(), ids.begin() + 4));

    // lanes 1 to 4 keep their numbers and colours: red, orange, green, blue
    const QStringList colours{"red", "orange", "green", "blue"};
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(cv->laneNumber(ids[std::size_t(i)]), i + 1);
        QCOMPARE(colourWord(cv->laneColour(ids[std::size_t(i)])), colours[i]);
    }
    const Oscillator o = oscillator(*cv);
    QVERIFY(waitUntil([&]() {
        for (std::size_t i = 0; i < 4; ++i)
            if (cv->laneSet()->lane(ids[i]) == nullptr)
                return false;
        return true;
    }));

    // lane 3, pfc at 1.17e-3: "unstable at t = 0.00351 s" (step 3, the first step whose balance
    // error is past 100 x the energy scale)
    QVERIFY(waitUntil([&]() { return cv->laneStatus(ids[2])->text().startsWith(QStringLiteral("unstable")); }));
    const long long pfcStop = firstRunawayStep(cv->laneSet()->lane(ids[2])->params());
    QCOMPARE(cv->laneStatus(ids[2])->text(),
             QStringLiteral("unstable at t = %1 s").arg(double(pfcStop) * 1.17e-3, 0, 'g', 4));
    QCOMPARE(cv->laneStatus(ids[2])->text(), QStringLiteral("unstable at t = 0.00351 s")); // TEACHING.md
    QCOMPARE(pfcStop, 3LL);
    // one spring: theta = dt / dt_crit = 2.05 > 2, unstable whatever the contacts do
    QVERIFY(1.17e-3 / o.dtCrit > 2.0);

    QVERIFY(runUntil(*cv, 2.0, 60000));
    // lane 1, pfc at 1.40 dt_crit (theta = 1.98): stable; from rest its wobble reaches
    // theta^2/4 of the oscillation energy, "as large as the oscillation itself", and no more
    const double theta1 = std::sqrt(2.0) * 8.0e-4 / o.dtCrit;
    QVERIFY(theta1 < 2.0 && theta1 > 1.97);
    const Drift one = driftOf(*cv, ids[0]);
    QVERIFY2(one.maxAbs() <= theta1 * theta1 / 4.0 * o.share * (1.0 + 1e-9), qPrintable(QString::number(one.maxAbs())));
    // lane 2, pfc at 1.45 dt_crit (theta = 2.05): the energy jumps past E0 and stays bounded
    const double theta2 = std::sqrt(2.0) * 8.29e-4 / o.dtCrit;
    QVERIFY(theta2 > 2.0 && 8.29e-4 / o.dtCrit < 2.0);
    const Drift two = driftOf(*cv, ids[1]);
    QVERIFY(!cv->laneStatus(ids[1])->text().startsWith(QStringLiteral("unstable")));
    QVERIFY2(two.maxAbs() > 1.0, qPrintable(QString::number(two.maxAbs())));
    // lane 4, rk4 at 1.17e-3: unstable with both springs (theta > 2 sqrt 2), stable with one;
    // "its energy stays bounded, below E0"
    QVERIFY(std::sqrt(2.0) * 1.17e-3 / o.dtCrit > 2.0 * std::sqrt(2.0) && 1.17e-3 / o.dtCrit < 2.0 * std::sqrt(2.0));
    const Drift four = driftOf(*cv, ids[3]);
    QVERIFY(!cv->laneStatus(ids[3])->text().startsWith(QStringLiteral("unstable")));
    QVERIFY2(four.maxAbs() < 1.0, qPrintable(QString::number(four.maxAbs())));
}

// ------------------------------------------------------------------------------------------------
// 3. Why a clump needs a better rotation scheme
void TestTeachingWalkthroughs::threeAClumpNeedsABetterRotationScheme()
{
    auto w = openWindow();
    QVERIFY(w);
    // "Pick Dzhanibekov flip, then press C (six default lanes)"
    QVERIFY(activate(w->controlPanel()->sceneBox(), QStringLiteral("dzhanibekov")));
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.scene && s.scene->name == "Dzhanibekov flip"; }));
    QTest::keyClick(w.get(), Qt::Key_C);
    QVERIFY(waitUntil([&]() { return w->compareMode(); }));
    CompareView* cv = w->compareView();
    const std::vector<int> ids = cv->laneIds();
    QCOMPARE(ids.size(), std::size_t(6));
    const QStringList colours{"red", "orange", "green", "blue", "purple", "black"};
    for (int i = 0; i < 6; ++i)
        QCOMPARE(colourWord(cv->laneColour(ids[std::size_t(i)])), colours[i]);
    const int euler = ids[0], symplectic = ids[1], woo = ids[2], pfc = ids[3], pfc4 = ids[4], rk4 = ids[5];

    // "Watch two flips (about 7 s)"; the text quotes t = 1.8 s and 9 s
    QVERIFY(runUntil(*cv, 9.0, 90000));
    const auto decade = [](double x) { return std::floor(std::log10(std::abs(x)) + 1e-12); };
    // "euler and symplectic_euler (red under orange): 5e-4 at t = 1.8 s, ... 4.55e-3 after 9 s"
    const Drift e = driftOf(*cv, euler);
    const Drift se = driftOf(*cv, symplectic);
    // red under orange: the two first-order rotation schemes' drifts agree to 1e-6 of their size,
    // sample for sample. The lanes run on and are read one after the other, so one may hold a
    // sample or two more than the other: compare the samples both have (both reached t = 9 s).
    const std::size_t common = std::min(e.value.size(), se.value.size());
    QVERIFY(common > 0 && e.t[common - 1] >= 9.0 && se.t[common - 1] >= 9.0);
    for (std::size_t i = 0; i < common; ++i) {
        QCOMPARE(e.t[i], se.t[i]);
        QVERIFY(std::abs(e.value[i] - se.value[i]) <= 1e-6 * e.maxAbs());
    }
    QVERIFY2(std::abs(std::abs(e.value[e.at(1.8)]) - 5e-4) < 0.5e-4, qPrintable(QString::number(e.value[e.at(1.8)])));
    QVERIFY2(std::abs(std::abs(e.value[e.at(9.0)]) - 4.55e-3) < 0.01e-3,
             qPrintable(QString::number(e.value[e.at(9.0)])));
    // "pfc (blue) wobbles up to 7e-8 and has no trend: the error rises and falls with each flip"
    const Drift p = driftOf(*cv, pfc);
    QVERIFY2(std::abs(p.maxAbs() - 7e-8) < 0.5e-8, qPrintable(QString::number(p.maxAbs())));
    QVERIFY(std::abs(p.value[p.at(9.0)]) < 0.1 * p.maxAbs()); // fallen back
    // "woo (green) stays near 1e-10 with a slow creep"
    const Drift wo = driftOf(*cv, woo);
    QCOMPARE(decade(wo.maxAbs()), -10.0);
    QVERIFY(std::abs(wo.value[wo.at(9.0)]) > std::abs(wo.value[wo.at(1.8)]));
    // "pfc4 and rk4 (purple under black) stay at round-off, 1e-14"
    for (int id : {pfc4, rk4}) { // within a factor 10 of 1e-14
        const double m = driftOf(*cv, id).maxAbs();
        QVERIFY2(m >= 1e-15 && m <= 1e-13, qPrintable(QString::number(m)));
    }

    // "leave compare mode (C), pick rotation explicit_euler, click the clump, and press Exact
    // ghost ... the ghost moves more than 1e-3 rad away from the body within half a flip"
    QTest::keyClick(w.get(), Qt::Key_C);
    QVERIFY(waitUntil([&]() { return !w->compareMode(); }));
    const auto ghostAngleAfter = [&](const QString& rotation, double seconds) -> double {
        if (!activate(w->controlPanel()->rotationBox(), rotation))
            return -1.0;
        if (!waitShown(*w, [&](const FrameSnapshot& s) { return s.params.rotation == rotation.toStdString(); }))
            return -1.0;
        w->selectBody(0); // the clicked clump (the view's picking is tested in ui.SceneView)
        if (!waitShown(*w, [](const FrameSnapshot& s) { return s.selected.has_value(); }))
            return -1.0;
        w->rotationPanel()->ghostButton()->click();
        const AngleDriftPlot* plot = w->rotationPanel()->driftPlot();
        if (!waitUntil(
                [&]() { return plot->sampleCount() > 0 && plot->times().back() - plot->times().front() >= seconds; },
                int(seconds * 4000) + 20000))
            return -1.0;
        double worst = 0.0;
        for (std::size_t i = 0; i < plot->sampleCount(); ++i)
            if (plot->times()[i] - plot->times().front() <= seconds)
                worst = std::max(worst, plot->angles()[i]);
        w->rotationPanel()->stopGhost();
        return worst;
    };
    // the half flip: 2 K(m) / lambda = 3.247 s between flips
    const double euler1 = ghostAngleAfter(QStringLiteral("explicit_euler"), 3.247 / 2.0);
    QVERIFY2(euler1 > 1e-3, qPrintable(QString::number(euler1)));
    // "Under rk4_quaternion it stays within 1e-8 rad after 11 s"
    QVERIFY(activate(w->controlPanel()->speedBox(), 0.0));
    const double rk = ghostAngleAfter(QStringLiteral("rk4_quaternion"), 11.0);
    QVERIFY2(rk >= 0.0 && rk < 1e-8, qPrintable(QString::number(rk)));
}

// ------------------------------------------------------------------------------------------------
// The follow-ups of walk-throughs 1 and 3: the legend shows the orders the text quotes
void TestTeachingWalkthroughs::sweepFollowUps()
{
    auto w = openWindow();
    QVERIFY(w);
    QVERIFY(activate(w->controlPanel()->sceneBox(), QStringLiteral("harmonic-oscillator")));
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.scene && s.scene->name == "Harmonic oscillator"; }));
    // "Tick explicit_euler, velocity_verlet and rk4. Enter dt 3.2e-5, 1.6e-5, 8e-6, 4e-6 and end
    // time 0.005 ... The legend shows the fitted orders 1.10, 1.99 and 4.12."
    QStringList legend =
        sweepLegend(*w, {"explicit_euler", "velocity_verlet", "rk4"}, {3.2e-5, 1.6e-5, 8e-6, 4e-6}, 0.005);
    QVERIFY2(legendSays(legend, QStringLiteral("explicit_euler"), QStringLiteral("1.10")),
             qPrintable(legend.join('|')));
    QVERIFY2(legendSays(legend, QStringLiteral("velocity_verlet"), QStringLiteral("1.99")),
             qPrintable(legend.join('|')));
    QVERIFY2(legendSays(legend, QStringLiteral("rk4"), QStringLiteral("4.12")), qPrintable(legend.join('|')));

    // dzhanibekov: "Tick euler, pfc and rk4. Enter dt 4e-3, 2e-3, 1e-3, 5e-4 and end time 2 ...
    // The fitted orders are 1.02, 2.00 and 4.38", and the legend names the rotation scheme
    QVERIFY(activate(w->controlPanel()->sceneBox(), QStringLiteral("dzhanibekov")));
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.scene && s.scene->name == "Dzhanibekov flip"; }));
    QVERIFY(w->sweepPanel()->plot()->result().orders.empty()); // the new scene cleared it
    w->sweepPanel()->parentWidget()->hide();
    legend = sweepLegend(*w, {"euler", "pfc", "rk4"}, {4e-3, 2e-3, 1e-3, 5e-4}, 2.0);
    QVERIFY2(legendSays(legend, QStringLiteral("rotation: explicit_euler"), QStringLiteral("1.02")),
             qPrintable(legend.join('|')));
    QVERIFY2(legendSays(legend, QStringLiteral("rotation: buss_2nd_order"), QStringLiteral("2.00")),
             qPrintable(legend.join('|')));
    QVERIFY2(legendSays(legend, QStringLiteral("rotation: rk4_quaternion"), QStringLiteral("4.38")),
             qPrintable(legend.join('|')));
}

// ------------------------------------------------------------------------------------------------
// README's "Try this": Verlet's balance error stays at or below 4e-3 |E0| on the oscillator;
// at 0.01x explicit Euler grows it 1.08-fold per step, past 1 |E0|, and the run pauses unstable
// within 3 x 64 steps (at the first step past the runaway bound), saying at which step
void TestTeachingWalkthroughs::readmeTryThis()
{
    auto w = openWindow();
    QVERIFY(w);
    ControlPanel* p = w->controlPanel();
    QVERIFY(activate(p->sceneBox(), QStringLiteral("harmonic-oscillator")));
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.scene && s.scene->name == "Harmonic oscillator"; }));
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return s.time > 1.0; }, 20000));
    // the energy plot's band holds every step's balance error: theta^2/4 x 0.2 = 4e-3 at most
    QVERIFY2(largestError(*w->energyPlot()) <= 4e-3 * (1.0 + 1e-9),
             qPrintable(QString::number(largestError(*w->energyPlot()))));
    QVERIFY(p->runReadout()->text().contains(QStringLiteral("balance error")));
    const double dt = w->shownSnapshot()->params.dt;

    QVERIFY(activate(p->speedBox(), 0.01));
    QVERIFY(activate(p->translationBox(), QStringLiteral("explicit_euler")));
    QVERIFY(waitShown(*w, [](const FrameSnapshot& s) { return s.params.translation == "explicit_euler"; }));
    const long long switched = w->shownSnapshot()->step;
    QVERIFY(waitShown(
        *w, [](const FrameSnapshot& s) { return !s.instabilityMessage.empty(); }, 30000));
    const std::string message = w->shownSnapshot()->instabilityMessage;
    const long long at = w->shownSnapshot()->step;
    QVERIFY2(at - switched <= 3 * 64, message.c_str());
    QVERIFY2(message.find("step " + std::to_string(at)) != std::string::npos, message.c_str());
    QVERIFY(largestError(*w->energyPlot()) > 1.0);
    QCOMPARE(w->shownSnapshot()->params.dt, dt); // the physics stays
}

QTEST_MAIN(TestTeachingWalkthroughs)
#include "TestTeachingWalkthroughs.moc"
