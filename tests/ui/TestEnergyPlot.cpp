// EnergyPlot: every sample is plotted once (duplicates across snapshots skipped, none lost
// when a snapshot is skipped), markers follow the snapshot, non-finite samples are dropped,
// a new scene starts a new plot, and the chart draws.
#include <QtTest>

#include <cmath>
#include <limits>

#include "EnergyPlot.h"
#include "TestHelpers.h"
#include "VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

std::shared_ptr<const EnergyChunk> chunk(long long seqBegin, int count, double dtSample)
{
    auto c = std::make_shared<EnergyChunk>();
    c->seqBegin = seqBegin;
    for (int i = 0; i < count; ++i) {
        EnergySample e;
        const long long seq = seqBegin + i;
        e.step = seq * 10;
        e.time = double(seq) * dtSample;
        // a ball falling from 1 m: potential turns into kinetic, a tiny drift in the balance
        e.potentialGravity = 1.0 - 0.5 * e.time * e.time;
        e.kineticTranslational = 0.5 * e.time * e.time;
        e.balanceError = 1e-9 * e.time;
        c->samples.push_back(e);
    }
    return c;
}

SnapshotPtr snapshot(long long revision, std::vector<std::shared_ptr<const EnergyChunk>> chunks,
                     std::shared_ptr<const std::vector<ParameterMarker>> markers = nullptr)
{
    static std::shared_ptr<SceneInfo> infos[8];
    if (!infos[revision]) {
        infos[revision] = std::make_shared<SceneInfo>();
        infos[revision]->revision = revision;
    }
    auto s = std::make_shared<FrameSnapshot>();
    s->scene = infos[revision];
    s->energy = std::move(chunks);
    s->markers = markers ? markers : std::make_shared<const std::vector<ParameterMarker>>();
    return s;
}

} // namespace

class TestEnergyPlot : public QObject {
    Q_OBJECT
private slots:
    void everySampleOnce();
    void markersAndNewScene();
    void nonFiniteSamplesAreDropped();
    void chartDraws();
};

void TestEnergyPlot::everySampleOnce()
{
    EnergyPlot plot;
    const auto c0 = chunk(0, 5, 0.01);
    const auto c1 = chunk(5, 7, 0.01);
    const auto c2 = chunk(12, 3, 0.01);
    plot.appendSnapshot(*snapshot(1, {c0}));
    QCOMPARE(plot.sampleCount(), 5LL);
    // the GUI skipped the snapshot carrying c1: the next one still carries it (unacknowledged)
    plot.appendSnapshot(*snapshot(1, {c0, c1, c2}));
    QCOMPARE(plot.sampleCount(), 15LL);
    // the same snapshot again adds nothing
    plot.appendSnapshot(*snapshot(1, {c1, c2}));
    QCOMPARE(plot.sampleCount(), 15LL);
    // relative error against E0 = 1 J
    TUMBLE_NEAR(plot.lastRelativeError(), 1e-9 * 0.14, 1e-20, 1e-9);
}

void TestEnergyPlot::markersAndNewScene()
{
    EnergyPlot plot;
    auto markers = std::make_shared<std::vector<ParameterMarker>>();
    markers->push_back({0.02, 2, "dt 5e-05 s"});
    plot.appendSnapshot(*snapshot(1, {chunk(0, 4, 0.01)}, markers));
    QCOMPARE(plot.markerCount(), std::size_t(1));
    auto more = std::make_shared<std::vector<ParameterMarker>>(*markers);
    more->push_back({0.03, 3, "explicit_euler"});
    plot.appendSnapshot(*snapshot(1, {chunk(4, 2, 0.01)}, more));
    QCOMPARE(plot.markerCount(), std::size_t(2));
    QCOMPARE(plot.sampleCount(), 6LL);
    // a reset or a new scene: a new revision starts from its own first sample
    plot.appendSnapshot(*snapshot(2, {chunk(40, 3, 0.01)}));
    QCOMPARE(plot.sampleCount(), 3LL);
    QCOMPARE(plot.markerCount(), std::size_t(0));
}

void TestEnergyPlot::nonFiniteSamplesAreDropped()
{
    EnergyPlot plot;
    auto c = std::const_pointer_cast<EnergyChunk>(chunk(0, 6, 0.01));
    c->samples[3].kineticTranslational = std::numeric_limits<double>::quiet_NaN();
    c->samples[4].elastic = std::numeric_limits<double>::infinity();
    plot.appendSnapshot(*snapshot(1, {c}));
    QCOMPARE(plot.sampleCount(), 4LL);
}

void TestEnergyPlot::chartDraws()
{
    EnergyPlot plot;
    plot.resize(600, 400);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    const QImage blank = plot.grabFramebuffer();
    auto markers = std::make_shared<std::vector<ParameterMarker>>();
    markers->push_back({0.5, 50, "dt 5e-05 s"});
    plot.appendSnapshot(*snapshot(1, {chunk(0, 100, 0.01)}, markers));
    const QImage drawn = plot.grabFramebuffer();
    // curves in their series colours: blue (kinetic) and green (potential) pixels appear
    int blue = 0, green = 0, changed = 0;
    for (int y = 0; y < drawn.height(); ++y)
        for (int x = 0; x < drawn.width(); ++x) {
            const QColor c = drawn.pixelColor(x, y);
            blue += c.blue() > 140 && c.red() < 80 && c.green() < 150;
            green += c.green() > 130 && c.red() < 90 && c.blue() < 90;
            changed += c != blank.pixelColor(x, y);
        }
    QVERIFY2(blue > 100, qPrintable(QString::number(blue)));
    QVERIFY2(green > 100, qPrintable(QString::number(green)));
    QVERIFY(changed > 1000);
}

int main(int argc, char** argv)
{
    installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestEnergyPlot t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestEnergyPlot.moc"
