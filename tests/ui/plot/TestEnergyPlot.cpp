// EnergyPlot: every sample is plotted once (duplicates across snapshots skipped, none lost
// when a snapshot is skipped), markers follow the snapshot, non-finite samples are dropped,
// a new scene starts a new plot, and the chart draws. Terms split by mechanism: the stacked
// view's top edge is total + dissipated above the lowest potential (flat when the balance
// closes, also after the lowest potential drops), terms zero all run stay out of the legend
// until they are not, aggregates without parts show as "other", switching views keeps every
// sample, the legend is painted outside the plot area, and the stacked view draws its bands.
// A tiny range around a large energy gets distinct labels relative to an offset named in the
// axis title; a normal range keeps plain labels. The figure (PlotFigure) the screen and the
// exports draw has the same offset labels and title, legend, curves and stacked bands; long
// curves are reduced per pixel column and paint fast; a pan takes the axes from the run and a
// double-click gives them back.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>

#include "TestHelpers.h"
#include "plot/EnergyPlot.h"

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

// A ledger that closes: a ball falling to its lowest point at t = 1.2 s and rising a little,
// with every split term moving; translational kinetic energy takes what the others leave of
// E0 = 6 J. No bonds, no rolling, no local or viscous damping, no external work.
constexpr double kE0 = 6.0; // J

EnergySample closedLedgerSample(double t)
{
    EnergySample e;
    e.time = t;
    e.potentialGravity = 1.0 + 4.0 * (t - 1.2) * (t - 1.2) / 1.44; // 5 J at 0, 1 J at 1.2 s
    e.kineticRotational = 0.05 * t;
    e.elasticNormal = 0.3 * std::sin(2.0 * t) * std::sin(2.0 * t);
    e.elasticTangential = 0.1 * t;
    e.elastic = e.elasticParts();
    e.dissipatedDashpot = 0.5 * t;
    e.dissipatedFriction = 0.2 * t * t;
    e.dissipatedStiffness = -0.05 * std::sin(3.0 * t); // Hertz-Mindlin's term, either sign
    e.dissipated = e.dissipatedParts();
    e.kineticTranslational = kE0 - e.potentialGravity - e.kineticRotational - e.elastic - e.dissipated;
    e.balanceError = e.total() + e.dissipated - e.externalWork - kE0; // ~0
    return e;
}

std::shared_ptr<const EnergyChunk> ledgerChunk(long long seqBegin, int count, double dtSample,
                                               EnergySample (*make)(double) = closedLedgerSample)
{
    auto c = std::make_shared<EnergyChunk>();
    c->seqBegin = seqBegin;
    for (int i = 0; i < count; ++i) {
        const long long seq = seqBegin + i;
        EnergySample e = make(double(seq) * dtSample);
        e.step = seq * 10;
        c->samples.push_back(e);
    }
    return c;
}

bool contains(const std::vector<std::string>& labels, const char* label)
{
    return std::find(labels.begin(), labels.end(), std::string(label)) != labels.end();
}

QString joined(const std::vector<std::string>& labels)
{
    QStringList l;
    for (const std::string& s : labels)
        l << QString::fromStdString(s);
    return l.join(QStringLiteral(", "));
}

// the top edge against total + dissipated - min potential, sample by sample
void checkTopEdge(EnergyPlot& plot, double minPotential)
{
    const std::vector<double> top = plot.stackedTopEdge();
    const std::vector<double> total = plot.termValues(EnergyPlot::Total);
    const std::vector<double> pot = plot.termValues(EnergyPlot::GravityPotential);
    QCOMPARE(top.size(), std::size_t(plot.sampleCount()));
    QCOMPARE(total.size(), top.size());
    TUMBLE_NEAR(plot.lowestPotential(), minPotential, 1e-14, 0.0);
    QCOMPARE(*std::min_element(pot.begin(), pot.end()), minPotential);
    for (std::size_t i = 0; i < top.size(); ++i) {
        double dissipated = 0.0;
        for (EnergyPlot::Term t :
             {EnergyPlot::DissipatedDashpot, EnergyPlot::DissipatedFriction, EnergyPlot::DissipatedRolling,
              EnergyPlot::DissipatedLocalDamping, EnergyPlot::DissipatedViscous, EnergyPlot::DissipatedStiffness,
              EnergyPlot::DissipatedOther})
            dissipated += plot.termValues(t)[i];
        TUMBLE_NEAR(top[i], total[i] + dissipated - minPotential, 1e-13, 1e-13);
    }
}

// checkTopEdge, stopping the test at its first failure
#define CHECK_TOP_EDGE(plot, minPotential)                                                                             \
    do {                                                                                                               \
        checkTopEdge(plot, minPotential);                                                                              \
        if (QTest::currentTestFailed())                                                                                \
            return;                                                                                                    \
    } while (0)

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
    void stackedTopEdgeIsTotalPlusDissipatedAboveLowestPotential();
    void zeroTermsStayHiddenUntilNonZero();
    void aggregatesWithoutPartsShowAsOther();
    void switchingModesKeepsEverySample();
    void legendIsPaintedOutsideThePlotArea();
    void stackedChartDrawsItsBands();
    void tinyRangeGetsDistinctOffsetLabels();
    void exportFigureShowsWhatTheScreenShows();
    void aOneSamplePeakSurvivesALongRun();
    void panTakesTheAxesAndDoubleClickFollowsAgain();
    void envelopesAreBandsUnderTheLines();
    void boundedHistoryKeepsEveryExtreme();
    void longRunKeepsEveryPeakInBoundedMemory();
    void markerLabelsClearTheLegendAndEachOther();
    void wheelZoomKeepsFollowingTheRun();
    void errorIsRelativeToTheDrivesWork();
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
    QVERIFY(!plot.externalWorkSeen());
}

void TestEnergyPlot::errorIsRelativeToTheDrivesWork()
{
    // a drive did 3 J on a scene that started with E0 = 1 J: the error is against 4 J
    EnergyPlot plot;
    auto c = std::make_shared<EnergyChunk>();
    c->seqBegin = 0;
    for (int i = 0; i < 3; ++i) {
        EnergySample e;
        e.step = i;
        e.time = 0.01 * i;
        e.potentialGravity = 1.0 + 1.5 * i;
        e.externalWork = 1.5 * i;
        e.balanceError = 2e-9 * i;
        c->samples.push_back(e);
    }
    plot.appendSnapshot(*snapshot(1, {c}));
    QVERIFY(plot.externalWorkSeen());
    TUMBLE_NEAR(plot.lastRelativeError(), 4e-9 / 4.0, 1e-20, 1e-12);
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
    // every term finite, but the stacked sum overflows: dropped as well
    c->samples[5].potentialGravity = 1.5e308;
    c->samples[5].kineticTranslational = 0.0;
    c->samples[5].dissipatedDashpot = 1.5e308;
    c->samples[5].dissipated = 1.5e308;
    plot.setMode(EnergyPlotMode::Stacked);
    plot.appendSnapshot(*snapshot(1, {c}));
    QCOMPARE(plot.sampleCount(), 3LL);
    for (double y : plot.stackedTopEdge())
        QVERIFY(std::isfinite(y));
    for (int t = 0; t < EnergyPlot::TermCount; ++t)
        for (double y : plot.termValues(EnergyPlot::Term(t)))
            QVERIFY(std::isfinite(y));
}

void TestEnergyPlot::chartDraws()
{
    EnergyPlot plot;
    plot.resize(600, 400);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    const QImage blank = plot.grab().toImage();
    auto markers = std::make_shared<std::vector<ParameterMarker>>();
    markers->push_back({0.5, 50, "dt 5e-05 s"});
    plot.appendSnapshot(*snapshot(1, {chunk(0, 100, 0.01)}, markers));
    const QImage drawn = plot.grab().toImage();
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

void TestEnergyPlot::stackedTopEdgeIsTotalPlusDissipatedAboveLowestPotential()
{
    EnergyPlot plot;
    plot.resize(700, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setMode(EnergyPlotMode::Stacked);
    // first half: the potential is still falling, its lowest value is the last sample's
    const double dt = 0.01;
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(0, 60, dt)}));
    const double min1 = closedLedgerSample(59 * dt).potentialGravity;
    CHECK_TOP_EDGE(plot, min1);
    plot.grab().toImage(); // a repaint moves the stored columns to the lowest potential
    CHECK_TOP_EDGE(plot, min1);
    // second half: the lowest point (1 J at 1.2 s) comes later; earlier samples follow it
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(60, 91, dt)}));
    QCOMPARE(plot.sampleCount(), 151LL);
    CHECK_TOP_EDGE(plot, 1.0);
    plot.grab().toImage();
    CHECK_TOP_EDGE(plot, 1.0);

    // the balance closes: the top edge is flat at E0 - min potential
    const std::vector<double> top = plot.stackedTopEdge();
    const auto [lo, hi] = std::minmax_element(top.begin(), top.end());
    TUMBLE_NEAR(*lo, kE0 - 1.0, 1e-12, 0.0);
    TUMBLE_NEAR(*hi, kE0 - 1.0, 1e-12, 0.0);
    // every band is >= 0, the potential band touches zero at the lowest point; only the
    // stiffness term may be negative (and is here, for sin(3t) > 0)
    for (EnergyPlot::Term t : EnergyPlot::stackOrder()) {
        const std::vector<double> band = plot.stackedBand(t);
        QCOMPARE(band.size(), top.size());
        const double least = *std::min_element(band.begin(), band.end());
        if (t == EnergyPlot::DissipatedStiffness)
            QVERIFY(least < 0.0);
        else
            QVERIFY2(least >= -1e-12, EnergyPlot::termLabel(t));
    }
    const std::vector<double> potBand = plot.stackedBand(EnergyPlot::GravityPotential);
    TUMBLE_NEAR(*std::min_element(potBand.begin(), potBand.end()), 0.0, 1e-12, 0.0);
    TUMBLE_NEAR(potBand.front(), 5.0 - 1.0, 1e-12, 0.0);
    // a band is the term it stands for
    const std::vector<double> friction = plot.stackedBand(EnergyPlot::DissipatedFriction);
    const std::vector<double> frictionTerm = plot.termValues(EnergyPlot::DissipatedFriction);
    for (std::size_t i = 0; i < friction.size(); ++i)
        TUMBLE_NEAR(friction[i], frictionTerm[i], 1e-13, 0.0);
}

void TestEnergyPlot::zeroTermsStayHiddenUntilNonZero()
{
    EnergyPlot plot;
    // no tangential springs or friction yet: only what moves is listed
    auto noShear = [](double t) {
        EnergySample e = closedLedgerSample(t);
        e.kineticTranslational += e.elasticTangential + e.dissipatedFriction;
        e.elasticTangential = 0.0;
        e.dissipatedFriction = 0.0;
        e.elastic = e.elasticParts();
        e.dissipated = e.dissipatedParts();
        return e;
    };
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(0, 20, 0.01, noShear)}));
    std::vector<std::string> shown = plot.legendLabels();
    for (EnergyPlot::Term t : {EnergyPlot::Total, EnergyPlot::KineticTranslational, EnergyPlot::KineticRotational,
                               EnergyPlot::GravityPotential, EnergyPlot::ElasticNormal, EnergyPlot::DissipatedDashpot,
                               EnergyPlot::DissipatedStiffness})
        QVERIFY2(contains(shown, EnergyPlot::termLabel(t)), qPrintable(joined(shown)));
    for (EnergyPlot::Term t :
         {EnergyPlot::ElasticTangential, EnergyPlot::ElasticRolling, EnergyPlot::ElasticBond, EnergyPlot::ElasticOther,
          EnergyPlot::DissipatedFriction, EnergyPlot::DissipatedRolling, EnergyPlot::DissipatedLocalDamping,
          EnergyPlot::DissipatedViscous, EnergyPlot::DissipatedOther, EnergyPlot::ExternalWork})
        QVERIFY2(!contains(shown, EnergyPlot::termLabel(t)), qPrintable(joined(shown)));
    QCOMPARE(shown.size(), std::size_t(7));
    QCOMPARE(shown.front(), std::string(EnergyPlot::termLabel(EnergyPlot::Total)));

    // the stacked view lists its top edge and the same terms' bands, nothing zero
    plot.setMode(EnergyPlotMode::Stacked);
    shown = plot.legendLabels();
    QCOMPARE(shown.size(), std::size_t(7)); // top edge + 6 bands (the total is not a band)
    QCOMPARE(shown.front(), std::string(EnergyPlot::topEdgeLabel()));
    QVERIFY(!contains(shown, EnergyPlot::termLabel(EnergyPlot::DissipatedFriction)));
    QVERIFY(!contains(shown, EnergyPlot::termLabel(EnergyPlot::ElasticTangential)));
    // bands listed top of the stack first: stiffness (last stacked) ... potential (bottom)
    QCOMPARE(shown[1], std::string(EnergyPlot::termLabel(EnergyPlot::DissipatedStiffness)));

    // shear starts: its two terms appear in both views, and stay when they fall back to zero
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(20, 5, 0.01)}));
    shown = plot.legendLabels();
    QVERIFY2(contains(shown, EnergyPlot::termLabel(EnergyPlot::ElasticTangential)), qPrintable(joined(shown)));
    QVERIFY(contains(shown, EnergyPlot::termLabel(EnergyPlot::DissipatedFriction)));
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(25, 5, 0.01, noShear)}));
    plot.setMode(EnergyPlotMode::Separate);
    shown = plot.legendLabels();
    QVERIFY(contains(shown, EnergyPlot::termLabel(EnergyPlot::ElasticTangential)));
    QVERIFY(contains(shown, EnergyPlot::termLabel(EnergyPlot::DissipatedFriction)));
    QCOMPARE(shown.size(), std::size_t(9));
    QVERIFY(!contains(shown, EnergyPlot::termLabel(EnergyPlot::ElasticBond)));

    // a new run starts hidden again
    plot.appendSnapshot(*snapshot(2, {ledgerChunk(0, 5, 0.01, noShear)}));
    shown = plot.legendLabels();
    QVERIFY(!contains(shown, EnergyPlot::termLabel(EnergyPlot::ElasticTangential)));
    QCOMPARE(shown.size(), std::size_t(7));
}

void TestEnergyPlot::aggregatesWithoutPartsShowAsOther()
{
    // a ledger that fills elastic and dissipated but not their parts: the difference is
    // plotted as "other", so the stack still reaches total + dissipated
    auto unsplit = [](double t) {
        EnergySample e = closedLedgerSample(t);
        e.elasticNormal = e.elasticTangential = 0.0;
        e.dissipatedDashpot = e.dissipatedFriction = e.dissipatedStiffness = 0.0;
        return e; // e.elastic and e.dissipated keep their sums
    };
    EnergyPlot plot;
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(0, 40, 0.01, unsplit)}));
    const std::vector<std::string> shown = plot.legendLabels();
    QVERIFY2(contains(shown, EnergyPlot::termLabel(EnergyPlot::ElasticOther)), qPrintable(joined(shown)));
    QVERIFY(contains(shown, EnergyPlot::termLabel(EnergyPlot::DissipatedOther)));
    QVERIFY(!contains(shown, EnergyPlot::termLabel(EnergyPlot::ElasticNormal)));
    const std::vector<double> other = plot.termValues(EnergyPlot::ElasticOther);
    for (std::size_t i = 0; i < other.size(); ++i)
        TUMBLE_NEAR(other[i], closedLedgerSample(0.01 * double(i)).elastic, 1e-15, 1e-14);
    plot.setMode(EnergyPlotMode::Stacked);
    const double minPot = closedLedgerSample(0.39).potentialGravity;
    CHECK_TOP_EDGE(plot, minPot);
    for (double y : plot.stackedTopEdge())
        TUMBLE_NEAR(y, kE0 - minPot, 1e-12, 0.0);

    // parts that add up to the aggregate leave no "other"
    EnergyPlot split;
    split.appendSnapshot(*snapshot(1, {ledgerChunk(0, 40, 0.01)}));
    for (double y : split.termValues(EnergyPlot::ElasticOther))
        QCOMPARE(y, 0.0);
    QVERIFY(!contains(split.legendLabels(), EnergyPlot::termLabel(EnergyPlot::ElasticOther)));
}

void TestEnergyPlot::switchingModesKeepsEverySample()
{
    EnergyPlot plot;
    plot.resize(700, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(0, 70, 0.01)}));
    QCOMPARE(plot.mode(), EnergyPlotMode::Separate);
    QVERIFY(plot.stackedTopEdge().empty()); // no stacked columns while they are not shown
    std::vector<std::vector<double>> before;
    for (int t = 0; t < EnergyPlot::TermCount; ++t)
        before.push_back(plot.termValues(EnergyPlot::Term(t)));
    plot.grab().toImage();

    plot.setMode(EnergyPlotMode::Stacked);
    QCOMPARE(plot.sampleCount(), 70LL);
    CHECK_TOP_EDGE(plot, closedLedgerSample(0.69).potentialGravity);
    plot.grab().toImage();
    // more samples while stacked: appended to the stack as they come
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(70, 80, 0.01)}));
    QCOMPARE(plot.sampleCount(), 150LL);
    CHECK_TOP_EDGE(plot, 1.0);
    plot.grab().toImage();

    plot.setMode(EnergyPlotMode::Separate);
    QCOMPARE(plot.sampleCount(), 150LL);
    QVERIFY(plot.stackedTopEdge().empty());
    for (int t = 0; t < EnergyPlot::TermCount; ++t) {
        const std::vector<double> now = plot.termValues(EnergyPlot::Term(t));
        QCOMPARE(now.size(), std::size_t(150));
        QVERIFY(std::equal(before[t].begin(), before[t].end(), now.begin()));
    }
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(150, 10, 0.01)}));
    plot.setMode(EnergyPlotMode::Stacked);
    QCOMPARE(plot.sampleCount(), 160LL);
    CHECK_TOP_EDGE(plot, 1.0);
}

void TestEnergyPlot::legendIsPaintedOutsideThePlotArea()
{
    EnergyPlot plot;
    plot.resize(900, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(0, 150, 0.01)}));
    for (EnergyPlotMode mode : {EnergyPlotMode::Separate, EnergyPlotMode::Stacked}) {
        plot.setMode(mode);
        const QImage img = plot.grab().toImage();
        const QRectF legend = plot.legendArea();
        const QRectF area = plot.energyPlotArea();
        QVERIFY(!legend.isEmpty());
        QVERIFY(!area.isEmpty());
        // right of the plot area (the newest samples), inside the view
        QVERIFY2(legend.left() > area.right(),
                 qPrintable(QStringLiteral("legend %1, plot area ends at %2").arg(legend.left()).arg(area.right())));
        QVERIFY(legend.right() <= img.width());
        QVERIFY(legend.bottom() <= img.height() && legend.top() >= 0.0);
        // and it is drawn there: dark label pixels right of the plot area
        int ink = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = int(area.right()) + 4; x < img.width(); ++x)
                ink += qGray(img.pixel(x, y)) < 120;
        QVERIFY2(ink > 200, qPrintable(QString::number(ink)));
    }
}

void TestEnergyPlot::stackedChartDrawsItsBands()
{
    EnergyPlot plot;
    plot.resize(700, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(0, 150, 0.01)}));
    const QRectF area = plot.energyPlotArea();
    auto count = [&](const QImage& img, auto pred) {
        int n = 0;
        for (int y = int(area.top()) + 2; y < int(area.bottom()) - 2; ++y)
            for (int x = int(area.left()) + 2; x < int(area.right()) - 2; ++x)
                n += pred(img.pixelColor(x, y));
        return n;
    };
    // green-tinted fill (potential band) and blue-tinted fill (kinetic band)
    auto greenFill = [](const QColor& c) { return c.green() > 140 && c.red() < 120 && c.blue() < 120; };
    auto blueFill = [](const QColor& c) { return c.blue() > 150 && c.red() < 100 && c.green() < 160; };
    const QImage lines = plot.grab().toImage();
    plot.setMode(EnergyPlotMode::Stacked);
    const QImage bands = plot.grab().toImage();
    const int plotPixels = int(area.width() * area.height());
    // lines cover a little of the plot area, bands most of it
    QVERIFY2(count(lines, greenFill) < plotPixels / 20, qPrintable(QString::number(count(lines, greenFill))));
    QVERIFY2(count(bands, greenFill) > plotPixels / 10, qPrintable(QString::number(count(bands, greenFill))));
    QVERIFY2(count(bands, blueFill) > plotPixels / 10, qPrintable(QString::number(count(bands, blueFill))));
}

// a torque-free body: all its energy rotational, 1.68121e-3 J drifting by ~1e-12 J
EnergySample spinningSample(double t)
{
    EnergySample e;
    e.time = t;
    e.kineticRotational = 1.68121e-3 + 1e-12 * std::sin(3.0 * t);
    e.balanceError = e.kineticRotational - 1.68121e-3;
    return e;
}

EnergySample unitSample(double t)
{
    EnergySample e;
    e.time = t;
    e.kineticTranslational = 5.0 * t; // 0 .. 5 J
    e.potentialGravity = 5.0 - 5.0 * t;
    return e;
}

void TestEnergyPlot::tinyRangeGetsDistinctOffsetLabels()
{
    EnergyPlot plot;
    plot.resize(700, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    auto distinct = [](std::vector<std::string> labels) {
        std::sort(labels.begin(), labels.end());
        return std::adjacent_find(labels.begin(), labels.end()) == labels.end();
    };
    for (EnergyPlotMode mode : {EnergyPlotMode::Separate, EnergyPlotMode::Stacked}) {
        plot.setMode(mode);
        plot.appendSnapshot(*snapshot(1, {ledgerChunk(0, 101, 0.01, spinningSample)}));
        const QImage img = plot.grab().toImage();
        const std::vector<std::string> labels = plot.energyTickLabels();
        const std::string title = plot.energyAxisTitle();
        // the title and labels fit the left margin: nothing drawn against the left edge
        int edgeInk = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < 3; ++x)
                edgeInk += qGray(img.pixel(x, y)) < 200;
        QCOMPARE(edgeInk, 0);
        if (mode == EnergyPlotMode::Stacked) {
            // the bands start at zero: a normal range, plain labels
            QVERIFY2(title == "stacked energy (J)", title.c_str());
            QVERIFY2(labels.size() >= 2 && distinct(labels), qPrintable(joined(labels)));
            continue;
        }
        QVERIFY2(labels.size() >= 3, qPrintable(joined(labels)));
        QVERIFY2(distinct(labels), qPrintable(joined(labels)));
        // short differences from the offset in the title, which names the energy to 1e-12 J
        for (const std::string& l : labels)
            QVERIFY2(l.size() <= 9 && (l == "0" || l.find('e') != std::string::npos), qPrintable(joined(labels)));
        QVERIFY2(title.rfind("energy \xe2\x88\x92 1.68121", 0) == 0 && title.find("(J)") != std::string::npos,
                 title.c_str());
        // the labels are the tick positions minus the offset: read it back from the title
        const std::string offsetText = title.substr(std::string("energy \xe2\x88\x92 ").size());
        const double offset = std::stod(offsetText);
        TUMBLE_NEAR(offset, 1.68121e-3, 2e-12, 0.0);
    }

    // a normal range (0 .. 5 J): plain numbers and the plain title again
    plot.setMode(EnergyPlotMode::Separate);
    plot.appendSnapshot(*snapshot(2, {ledgerChunk(0, 101, 0.01, unitSample)}));
    plot.grab().toImage();
    const std::vector<std::string> labels = plot.energyTickLabels();
    QCOMPARE(plot.energyAxisTitle(), std::string("energy (J)"));
    QVERIFY2(labels.size() >= 3 && distinct(labels), qPrintable(joined(labels)));
    for (const std::string& l : labels) {
        QVERIFY2(l.find('e') == std::string::npos && l.find('+') == std::string::npos, qPrintable(joined(labels)));
        bool ok = false;
        const double y = QString::fromStdString(l).toDouble(&ok);
        QVERIFY2(ok && y >= -0.5 && y <= 5.5, qPrintable(joined(labels)));
    }
}

void TestEnergyPlot::exportFigureShowsWhatTheScreenShows()
{
    EnergyPlot plot;
    plot.resize(700, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    auto qstrings = [](const std::vector<std::string>& v) {
        std::vector<QString> out;
        for (const std::string& s : v)
            out.push_back(QString::fromStdString(s));
        return out;
    };
    auto legendOf = [](const PlotFigure& f) {
        std::vector<QString> out;
        for (const PlotLegendEntry& e : f.legend)
            out.push_back(e.label);
        return out;
    };

    // a tiny range: the offset labels and the title as on screen
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(0, 101, 0.01, spinningSample)}));
    plot.grab().toImage();
    PlotFigure fig = plot.figure();
    QCOMPARE(fig.panels.size(), std::size_t(2));
    QCOMPARE(fig.panels[0].y.labels, qstrings(plot.energyTickLabels()));
    QCOMPARE(fig.panels[0].y.title, QString::fromStdString(plot.energyAxisTitle()));
    QVERIFY(fig.panels[1].y.log);

    // separate lines: the legend as on screen, one curve per shown term with its samples
    plot.appendSnapshot(*snapshot(2, {ledgerChunk(0, 150, 0.01)}));
    plot.grab().toImage();
    fig = plot.figure();
    QCOMPARE(legendOf(fig), qstrings(plot.legendLabels()));
    QCOMPARE(fig.panels[0].series.size(), plot.legendLabels().size());
    for (const PlotSeries& s : fig.panels[0].series) {
        QCOMPARE(s.x, plot.timeValues());
        QVERIFY(s.yLow.empty());
    }
    QCOMPARE(fig.panels[1].series.size(), std::size_t(1));
    QCOMPARE(fig.panels[1].series[0].y, plot.relativeErrorValues());

    // stacked bands: thickness and top edge as the chart draws them (to rounding)
    plot.setMode(EnergyPlotMode::Stacked);
    plot.grab().toImage();
    fig = plot.figure();
    QCOMPARE(legendOf(fig), qstrings(plot.legendLabels()));
    const std::vector<double> edge = plot.stackedTopEdge();
    bool sawEdge = false;
    const std::vector<EnergyPlot::Term>& stack = EnergyPlot::stackOrder();
    std::size_t k = 0; // the stacked term of the next band: terms zero all run have none
    auto allZero = [](const std::vector<double>& v) {
        return std::all_of(v.begin(), v.end(), [](double b) { return b == 0.0; });
    };
    for (const PlotSeries& s : fig.panels[0].series) {
        if (s.label == QLatin1String(EnergyPlot::topEdgeLabel())) {
            sawEdge = true;
            QCOMPARE(s.y.size(), edge.size());
            for (std::size_t i = 0; i < edge.size(); ++i)
                TUMBLE_NEAR(s.y[i], edge[i], 1e-12, 1e-12);
        }
        if (s.yLow.empty())
            continue;
        while (k < stack.size() && allZero(plot.stackedBand(stack[k])))
            ++k;
        QVERIFY(k < stack.size());
        const std::vector<double> band = plot.stackedBand(stack[k]);
        QCOMPARE(s.y.size(), band.size());
        for (std::size_t i = 0; i < band.size(); ++i)
            TUMBLE_NEAR(s.y[i] - s.yLow[i], band[i], 1e-12, 1e-12);
        ++k;
    }
    QVERIFY(sawEdge);
    while (k < stack.size() && allZero(plot.stackedBand(stack[k])))
        ++k;
    QCOMPARE(k, stack.size()); // no band left out
}

EnergySample spikeSample(double t)
{
    // 2 J of potential and kinetic energy at rest, and one sample (t = 0.5 s) where the kinetic
    // energy jumps to 3 J
    EnergySample e;
    e.time = t;
    e.potentialGravity = 2.0;
    e.kineticTranslational = std::abs(t - 0.5) < 1e-9 ? 3.0 : 1.0;
    return e;
}

void TestEnergyPlot::aOneSamplePeakSurvivesALongRun()
{
    // 200 001 samples, far more than pixel columns and than the history keeps: the lone peak
    // is drawn (the history keeps each plotted sample's range of recorded values and the line
    // goes through it; the curve is reduced to each column's extremes, not thinned)
    constexpr int n = 200001;
    EnergyPlot plot;
    plot.resize(900, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    auto c = std::make_shared<EnergyChunk>();
    c->seqBegin = 0;
    for (int i = 0; i < n; ++i)
        c->samples.push_back(spikeSample(double(i) / (n - 1)));
    plot.appendSnapshot(*snapshot(1, {c}));
    QVERIFY(plot.sampleCount() <= (long long)EnergyPlot::kMaxSamples);
    QVERIFY(plot.mergeLevel() >= 5);
    const PlotFigure fig = plot.figure();
    // lines through each plotted sample's range (two points), bands by plotted sample
    for (const PlotSeries& s : fig.panels[0].series)
        QVERIFY(s.x.size() == std::size_t(plot.sampleCount()) || s.x.size() == 2 * std::size_t(plot.sampleCount()));
    plot.grab();
    const QImage img = plot.grab().toImage();
    if (qEnvironmentVariableIsSet("TUMBLE_KEEP_IMAGES"))
        img.save(QStringLiteral("/tmp/energyplot-long.png"));
    qInfo("%d samples: paint %.1f ms", n, plot.paintMilliseconds());
    // kinetic blue pixels above the 2 J line (the potential's) near t = 0.5 s: the peak
    const QRectF area = plot.energyPlotArea();
    const PlotPanel& energy = fig.panels[0];
    const double yTwo = area.bottom() - (2.0 - energy.y.min) / (energy.y.max - energy.y.min) * area.height();
    const double xMid = area.left() + (0.5 - energy.x.min) / (energy.x.max - energy.x.min) * area.width();
    int peak = 0;
    for (int y = int(area.top()); y < int(yTwo) - 4; ++y)
        for (int x = int(xMid) - 3; x <= int(xMid) + 3; ++x) {
            const QColor col = img.pixelColor(x, y);
            peak += col.blue() > 140 && col.red() < 120;
        }
    QVERIFY2(peak >= 10, qPrintable(QString::number(peak)));
}

void TestEnergyPlot::panTakesTheAxesAndDoubleClickFollowsAgain()
{
    EnergyPlot plot;
    plot.resize(800, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(0, 100, 0.01)}));
    plot.grab();
    QVERIFY(plot.followsRun());
    const PlotFigure before = plot.figure();
    const QPointF from = plot.energyPlotArea().center();
    QTest::mousePress(&plot, Qt::LeftButton, Qt::NoModifier, from.toPoint());
    QTest::mouseMove(&plot, (from + QPointF(-120, 40)).toPoint());
    QTest::mouseRelease(&plot, Qt::LeftButton, Qt::NoModifier, (from + QPointF(-120, 40)).toPoint());
    QVERIFY(!plot.followsRun());
    const PlotFigure panned = plot.figure();
    // dragged left and down: later times and higher energies come into view
    QVERIFY(panned.panels[0].x.min > before.panels[0].x.min);
    QVERIFY(panned.panels[0].y.min > before.panels[0].y.min);
    QCOMPARE(panned.panels[1].x.min, panned.panels[0].x.min); // the panels share the time axis
    // new samples do not move the user's axes
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(100, 50, 0.01)}));
    QCOMPARE(plot.figure().panels[0].x.max, panned.panels[0].x.max);
    QTest::mouseDClick(&plot, Qt::LeftButton, Qt::NoModifier, from.toPoint());
    QVERIFY(plot.followsRun());
    QVERIFY(plot.figure().panels[0].x.max > panned.panels[0].x.max);
}

namespace {

// a chunk whose every sample stands for `steps` steps of a fast wobble: kinetic energy
// 1 + 0.5 sin(w t) J at each step (dtStep s apart), the potential 1 J, sampled every `steps`
std::shared_ptr<const EnergyChunk> wobbleChunk(long long seqBegin, int count, int steps, double dtStep)
{
    auto c = std::make_shared<EnergyChunk>();
    c->seqBegin = seqBegin;
    auto at = [](long long step, double dt) {
        EnergySample e;
        e.step = step;
        e.time = double(step) * dt;
        e.potentialGravity = 1.0;
        e.kineticTranslational = 1.0 + 0.5 * std::sin(2.3 * double(step));
        e.balanceError = 1e-9 * std::sin(2.3 * double(step));
        return e;
    };
    for (int i = 0; i < count; ++i) {
        const long long last = (seqBegin + i) * steps;
        EnergyEnvelope env;
        for (long long s = last - steps + 1; s <= last && last > 0; ++s)
            env.addStep(at(s, dtStep), dtStep);
        c->samples.push_back(at(last, dtStep));
        c->envelopes.push_back(last > 0 ? env : EnergyEnvelope::of(at(0, dtStep), dtStep));
    }
    return c;
}

} // namespace

void TestEnergyPlot::envelopesAreBandsUnderTheLines()
{
    EnergyPlot plot;
    plot.resize(900, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    auto c = wobbleChunk(0, 200, 50, 1e-4);
    plot.appendSnapshot(*snapshot(1, {c}));
    QCOMPARE(plot.sampleCount(), 200LL);
    const std::vector<double> lo = plot.termLow(EnergyPlot::KineticTranslational);
    const std::vector<double> hi = plot.termHigh(EnergyPlot::KineticTranslational);
    const std::vector<double> v = plot.termValues(EnergyPlot::KineticTranslational);
    for (std::size_t i = 0; i < v.size(); ++i) {
        QCOMPARE(lo[i], c->envelopes[i].term(EnergyPlot::KineticTranslational).min);
        QCOMPARE(hi[i], c->envelopes[i].term(EnergyPlot::KineticTranslational).max);
        QVERIFY(lo[i] <= v[i] && v[i] <= hi[i]);
    }
    QCOMPARE(plot.sampleSteps().back(), 50LL);
    QCOMPARE(plot.sampleDt().back(), 1e-4);
    // the potential never moves: no band of its own
    QCOMPARE(plot.termLow(EnergyPlot::GravityPotential), plot.termValues(EnergyPlot::GravityPotential));

    const PlotFigure fig = plot.figure();
    int bands = 0;
    const PlotSeries* kinetic = nullptr;
    for (const PlotSeries& s : fig.panels[0].series) {
        if (s.yLow.empty())
            continue;
        ++bands;
        QCOMPARE(s.colour.alpha(), 0); // no edge line
        QVERIFY(s.fill.alpha() < 255);
        QVERIFY(s.label.isEmpty()); // no hover line of its own
        if (s.y == hi && s.yLow == lo)
            kinetic = &s;
    }
    QVERIFY(kinetic);
    QCOMPARE(bands, 2); // the kinetic energy and the total (which moves with it)
    // the bands come before the lines, so every line is drawn over them
    QVERIFY(fig.panels[0].series[0].yLow.size() == v.size() && fig.panels[0].series[1].yLow.size() == v.size());
    QVERIFY(!fig.legendNote.isEmpty());
    // the axis shows the run's extremes: the envelope's, not only the sampled values'
    const double lowest = *std::min_element(lo.begin(), lo.end());
    const double highest = *std::max_element(hi.begin(), hi.end());
    QVERIFY(fig.panels[0].y.min <= lowest && fig.panels[0].y.max >= highest);
    // the error panel's band: |balance error| / |E0| over the steps, 0 (the floor) where the
    // error changed sign within them
    const std::vector<double> relLo = plot.relativeErrorLow(), relHi = plot.relativeErrorHigh();
    for (std::size_t i = 1; i < relLo.size(); ++i) {
        const EnergyRange& b = c->envelopes[i].term(EnergyPlot::BalanceError);
        const double e0 = plot.termValues(EnergyPlot::Total)[0];
        if (b.min <= 0.0 && b.max >= 0.0)
            QCOMPARE(relLo[i], EnergyPlot::kErrorFloor);
        else
            QCOMPARE(relLo[i], std::min(std::abs(b.min), std::abs(b.max)) / std::abs(e0));
        QCOMPARE(relHi[i], std::max(std::abs(b.min), std::abs(b.max)) / std::abs(e0));
    }
    QVERIFY(!fig.panels[1].series.front().yLow.empty());
}

void TestEnergyPlot::boundedHistoryKeepsEveryExtreme()
{
    EnergyPlot plot;
    plot.setMaxSamples(64);
    long long seq = 0;
    std::vector<std::shared_ptr<const EnergyChunk>> chunks;
    for (int k = 0; k < 20; ++k) { // 20 snapshots of 50 samples
        auto c = wobbleChunk(seq, 50, 50, 1e-4);
        seq = c->seqEnd();
        chunks.push_back(c);
        plot.appendSnapshot(*snapshot(1, {c}));
        QVERIFY(plot.sampleCount() < 64);
    }
    QVERIFY(plot.mergeLevel() >= 4); // 1000 samples in fewer than 64
    // the plotted extremes are the run's, bit for bit, and every plotted sample is a recorded one
    const std::vector<double> pLo = plot.termLow(EnergyPlot::KineticTranslational);
    const std::vector<double> pHi = plot.termHigh(EnergyPlot::KineticTranslational);
    const std::vector<double> t = plot.timeValues();
    long long steps = 0;
    for (long long s : plot.sampleSteps())
        steps += s;
    // the newest recorded samples (fewer than 2^level) wait to be merged: the plotted ones
    // stand for every step up to the last plotted sample's
    const long long lastStep = (long long)std::llround(t.back() / 1e-4);
    QCOMPARE(steps, lastStep);
    QVERIFY((seq - 1) * 50 - lastStep < 50 * (1LL << plot.mergeLevel()));
    double lo = 1e300, hi = -1e300;
    for (const auto& c : chunks)
        for (std::size_t i = 0; i < c->samples.size(); ++i)
            if (c->samples[i].step <= lastStep) {
                lo = std::min(lo, c->envelopes[i].term(EnergyPlot::KineticTranslational).min);
                hi = std::max(hi, c->envelopes[i].term(EnergyPlot::KineticTranslational).max);
            }
    QCOMPARE(*std::min_element(pLo.begin(), pLo.end()), lo);
    QCOMPARE(*std::max_element(pHi.begin(), pHi.end()), hi);
    for (std::size_t i = 0; i < t.size(); ++i) {
        const long long step = (long long)std::llround(t[i] / 1e-4);
        const double v = 1.0 + 0.5 * std::sin(2.3 * double(step));
        QCOMPARE(plot.termValues(EnergyPlot::KineticTranslational)[i], v);
        QVERIFY(pLo[i] <= v && v <= pHi[i]);
    }
    // time goes on uniformly: each plotted sample stands for 2^level recorded ones
    for (std::size_t i = 2; i < t.size(); ++i)
        QCOMPARE(plot.sampleSteps()[i], 50LL << plot.mergeLevel());

    // samples that stand for themselves (every step sampled): merged, a rising term's range is
    // its first and last recorded value of the block
    EnergyPlot every;
    every.setMaxSamples(16);
    const auto raw = chunk(0, 40, 0.01);
    every.appendSnapshot(*snapshot(1, {raw}));
    QCOMPARE(every.mergeLevel(), 2); // 40 samples: blocks of 4
    const std::vector<double> kLo = every.termLow(EnergyPlot::KineticTranslational);
    const std::vector<double> kHi = every.termHigh(EnergyPlot::KineticTranslational);
    const std::vector<double> kV = every.termValues(EnergyPlot::KineticTranslational);
    QCOMPARE(kV.size(), std::size_t(10));
    for (std::size_t i = 0; i < kV.size(); ++i) {
        QCOMPARE(kLo[i], raw->samples[4 * i].kineticTranslational);
        QCOMPARE(kHi[i], raw->samples[4 * i + 3].kineticTranslational);
        QCOMPARE(kV[i], kHi[i]);
    }
}

void TestEnergyPlot::markerLabelsClearTheLegendAndEachOther()
{
    for (const QSize size : {QSize(900, 420), QSize(600, 300), QSize(1280, 360)}) {
        EnergyPlot plot;
        plot.resize(size);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        // six changes close together, the last ones at the newest samples (next to the legend)
        auto markers = std::make_shared<std::vector<ParameterMarker>>();
        for (double t : {0.40, 0.41, 0.42, 0.95, 0.97, 0.99})
            markers->push_back({t, 0, t < 0.9 ? "dt 2e-05 s" : "rot. rk4_quaternion"});
        plot.appendSnapshot(*snapshot(1, {ledgerChunk(0, 101, 0.01)}, markers));
        plot.grab();
        const PlotLayout layout = plot.currentLayout();
        QVERIFY(!layout.legend.isEmpty());
        QVERIFY(layout.markerLabels.size() >= 3);
        for (std::size_t i = 0; i < layout.markerLabels.size(); ++i) {
            const QRectF& r = layout.markerLabels[i].rect;
            QVERIFY2(!r.intersects(layout.legend), qPrintable(layout.markerLabels[i].text));
            QVERIFY(layout.areas[0].contains(r));
            for (std::size_t j = 0; j < i; ++j)
                QVERIFY(!r.intersects(layout.markerLabels[j].rect));
            QVERIFY(!layout.markerLabels[i].text.isEmpty());
        }
        // at this size every label fits whole
        if (size.width() >= 900)
            QCOMPARE(layout.markerLabels.size(), std::size_t(6));
    }
}

void TestEnergyPlot::wheelZoomKeepsFollowingTheRun()
{
    EnergyPlot plot;
    plot.resize(800, 420);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(0, 100, 0.01)}));
    plot.grab();
    const PlotFigure before = plot.figure();
    const double span = before.panels[0].x.max - before.panels[0].x.min;
    const QPointF at = plot.energyPlotArea().center();
    QWheelEvent wheel(at, plot.mapToGlobal(at), QPoint(), QPoint(0, 240), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(&plot, &wheel);
    QVERIFY(plot.followsRun());
    QVERIFY(plot.zoomedWhileFollowing());
    const PlotFigure zoomed = plot.figure();
    const double zspan = zoomed.panels[0].x.max - zoomed.panels[0].x.min;
    TUMBLE_NEAR(zspan, span * 0.85 * 0.85, 1e-12, 1e-12);     // two notches in
    QCOMPARE(zoomed.panels[0].x.max, before.panels[0].x.max); // the right edge stays at the newest
    const double eSpan = before.panels[0].y.max - before.panels[0].y.min;
    TUMBLE_NEAR(zoomed.panels[0].y.max - zoomed.panels[0].y.min, eSpan * 0.85 * 0.85, 1e-12, 1e-12);

    // new samples: the window keeps its length and moves with the newest one
    plot.appendSnapshot(*snapshot(1, {ledgerChunk(100, 50, 0.01)}));
    const PlotFigure later = plot.figure();
    const double newest = plot.timeValues().back();
    TUMBLE_NEAR(later.panels[0].x.max, newest * 1.02, 1e-12, 0.0);
    TUMBLE_NEAR(later.panels[0].x.max - later.panels[0].x.min, zspan, 1e-12, 1e-12);
    QVERIFY(later.panels[0].x.max > zoomed.panels[0].x.max);
    QCOMPARE(later.panels[1].x.max, later.panels[0].x.max); // the panels share the time axis
    // the "paused view" note's colour, in text pixels
    auto notePixels = [](const QImage& img) {
        int n = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) {
                const QColor p = img.pixelColor(x, y);
                n += std::abs(p.red() - 150) < 30 && std::abs(p.green() - 90) < 30 && std::abs(p.blue() - 20) < 30;
            }
        return n;
    };
    const int following = notePixels(plot.grab().toImage());

    // a drag pauses the view (and the screen says so); a double-click follows the whole run
    QTest::mousePress(&plot, Qt::LeftButton, Qt::NoModifier, at.toPoint());
    QTest::mouseMove(&plot, (at + QPointF(-60, 0)).toPoint());
    QTest::mouseRelease(&plot, Qt::LeftButton, Qt::NoModifier, (at + QPointF(-60, 0)).toPoint());
    QVERIFY(!plot.followsRun());
    const int paused = notePixels(plot.grab().toImage());
    QVERIFY2(paused > following + 20, qPrintable(QStringLiteral("%1 %2").arg(paused).arg(following)));
    QTest::mouseDClick(&plot, Qt::LeftButton, Qt::NoModifier, at.toPoint());
    QVERIFY(plot.followsRun());
    QVERIFY(!plot.zoomedWhileFollowing());
    QCOMPARE(plot.figure().panels[0].x.min, 0.0);
}

void TestEnergyPlot::longRunKeepsEveryPeakInBoundedMemory()
{
    // 50 x kMaxSamples samples of a slow wave with one-sample spikes up and down at seeded random
    // places: at the default bound the history is merged again and again, yet every spike lies
    // in the range of the plotted sample that stands for it, and the memory stops growing
    EnergyPlot plot;
    const long long n = 50 * (long long)EnergyPlot::kMaxSamples;
    const double dt = 1e-3; // s between samples
    std::mt19937 rng(21);
    std::map<long long, double> spikes; // sample -> kinetic energy there, J
    for (int i = 0; i < 400; ++i)
        spikes[std::uniform_int_distribution<long long>(1, n - 1)(rng)] = i % 2 ? 50.0 + i : -20.0 - i;
    std::size_t bytesAtBound = 0, mostBytes = 0;
    long long most = 0;
    for (long long seq = 0; seq < n;) {
        auto c = std::make_shared<EnergyChunk>();
        c->seqBegin = seq;
        for (int i = 0; i < 997 && seq < n; ++i, ++seq) {
            EnergySample e;
            e.step = seq;
            e.time = double(seq) * dt;
            e.potentialGravity = 1.0;
            const auto spike = spikes.find(seq);
            e.kineticTranslational = spike != spikes.end() ? spike->second : std::sin(1e-4 * double(seq));
            c->samples.push_back(e);
            EnergyEnvelope env; // the sample stands for one step
            env.addStep(e, dt);
            c->envelopes.push_back(env);
        }
        plot.appendSnapshot(*snapshot(1, {c}));
        most = std::max(most, plot.sampleCount());
        mostBytes = std::max(mostBytes, plot.storedBytes());
        if (bytesAtBound == 0 && plot.mergeLevel() >= 2)
            bytesAtBound = plot.storedBytes();
    }
    QVERIFY(plot.mergeLevel() >= 5);
    QVERIFY(most <= (long long)EnergyPlot::kMaxSamples);
    // memory: what the history held once merged twice is all it ever holds (the arrays keep
    // their capacity), about 1 kB per plotted sample
    QVERIFY(bytesAtBound > 0);
    QCOMPARE(mostBytes, bytesAtBound);
    QVERIFY(mostBytes <= EnergyPlot::kMaxSamples * (5 * EnergyPlot::TermCount + 8) * sizeof(double));

    const std::vector<double> t = plot.timeValues();
    const std::vector<double> lo = plot.termLow(EnergyPlot::KineticTranslational);
    const std::vector<double> hi = plot.termHigh(EnergyPlot::KineticTranslational);
    const std::vector<long long> steps = plot.sampleSteps();
    for (const auto& [seq, value] : spikes) {
        const double ts = double(seq) * dt;
        // the plotted sample standing for seq: the first whose time is at or after it
        const auto at = std::lower_bound(t.begin(), t.end(), ts - 0.5 * dt);
        if (at == t.end())
            continue; // still pending: fewer than 2^level samples after the last plotted one
        const std::size_t i = std::size_t(at - t.begin());
        QVERIFY2(lo[i] <= value && value <= hi[i], qPrintable(QStringLiteral("spike at sample %1 lost").arg(seq)));
    }
    // the extremes of the run are the plot's
    double top = -1e300, bottom = 1e300;
    for (const auto& [seq, value] : spikes)
        if (double(seq) * dt <= t.back()) {
            top = std::max(top, value);
            bottom = std::min(bottom, value);
        }
    QCOMPARE(*std::max_element(hi.begin(), hi.end()), top);
    QCOMPARE(*std::min_element(lo.begin(), lo.end()), bottom);
    // the plotted samples are uniform: each stands for 2^level recorded ones
    for (std::size_t i = 1; i < t.size(); ++i)
        QCOMPARE(steps[i], 1LL << plot.mergeLevel());
}

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    TestEnergyPlot t;
    return QTest::qExec(&t, argc, argv);
}
#include "TestEnergyPlot.moc"
