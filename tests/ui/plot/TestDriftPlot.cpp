// DriftPlot: each lane's curve is (total + dissipated - E0) / |E0| of its samples, the CSV gives
// back the same doubles, the picture shows every lane's colour, hover reads the nearest sample.
#include <QtTest>

#include <QImage>
#include <QMouseEvent>
#include <QPainter>

#include <map>
#include <random>

#include "export/PlotExport.h"
#include "integrate/IntegratorRegistry.h"
#include "plot/DriftPlot.h"
#include "scene/BuiltinScenes.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::ui;

namespace {

// samples every `every` steps of a scene under a preset, indexed from 0
std::vector<LaneSample> run(const std::string& sceneId, const std::string& preset, double dtFactor, int samples,
                            int every, double* interval = nullptr)
{
    const Scene scene = loadBuiltinScene(sceneId);
    SimParams p = scene.params;
    const auto info = findPreset(preset);
    p.translation = info->translation;
    p.rotation = info->rotation;
    p.dt *= dtFactor;
    Simulation sim(scene.world, p);
    std::vector<LaneSample> out;
    for (int k = 0; k < samples; ++k) {
        out.push_back({k, sim.energy(), {}, {}});
        sim.run(every);
    }
    if (interval)
        *interval = every * p.dt;
    return out;
}

std::vector<std::vector<QString>> parseCsv(const QString& text)
{
    std::vector<std::vector<QString>> rows;
    for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        std::vector<QString> cells;
        for (const QString& c : line.split(QLatin1Char(',')))
            cells.push_back(c);
        rows.push_back(cells);
    }
    return rows;
}

// pixels within tol of colour c (per channel)
int pixelsNear(const QImage& img, const QColor& c, int tol = 40)
{
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const QColor p = img.pixelColor(x, y);
            n += std::abs(p.red() - c.red()) < tol && std::abs(p.green() - c.green()) < tol &&
                 std::abs(p.blue() - c.blue()) < tol;
        }
    return n;
}

} // namespace

class TestDriftPlot : public QObject {
    Q_OBJECT
private slots:
    void curveIsTheRelativeDriftOfTheSamples();
    void csvReloadsToTheSameDoubles();
    void everyLaneIsDrawnInItsColour();
    void hoverShowsTheNearestSample();
    void exportsAsPngSvgAndCsv();
    void envelopeBandsHoldEveryStepsDrift();
    void logBandReachesTheFloorWhenTheDriftChangesSign();
    void boundedHistoryKeepsEveryPeak();
};

void TestDriftPlot::curveIsTheRelativeDriftOfTheSamples()
{
    const std::vector<LaneSample> euler = run("harmonic-oscillator", "euler", 1.0, 40, 5);
    const std::vector<LaneSample> verlet = run("bouncing-ball", "pfc", 1.0, 60, 50);
    DriftPlot plot;
    plot.setLane(0, QStringLiteral("euler"), Qt::red);
    plot.setLane(1, QStringLiteral("pfc"), Qt::blue);
    // in two parts, as the lanes hand them over
    plot.appendSamples(0, {euler.begin(), euler.begin() + 17});
    plot.appendSamples(0, {euler.begin() + 17, euler.end()});
    plot.appendSamples(1, verlet);
    for (const auto* samples : {&euler, &verlet}) {
        const int id = samples == &euler ? 0 : 1;
        const std::vector<double> d = plot.drift(id);
        const std::vector<double> t = plot.times(id);
        QCOMPARE(d.size(), samples->size());
        const double e0 = samples->front().energy.total();
        QVERIFY(e0 != 0.0);
        for (std::size_t i = 0; i < d.size(); ++i) {
            const EnergySample& e = (*samples)[i].energy;
            QCOMPARE(d[i], (e.total() + e.dissipated - e0) / std::abs(e0));
            QCOMPARE(t[i], e.time);
        }
    }
    // explicit Euler gains energy on the oscillator: its drift rises (and is positive)
    const std::vector<double> d = plot.drift(0);
    QCOMPARE(d.front(), 0.0);
    QVERIFY(d.back() > d[d.size() / 2] && d[d.size() / 2] > 0.0);
    plot.setTerm(DriftPlot::Term::Kinetic);
    const std::vector<double> k = plot.termValues(1);
    QCOMPARE(k.size(), verlet.size());
    for (std::size_t i = 0; i < k.size(); ++i)
        QCOMPARE(k[i], verlet[i].energy.kineticTranslational + verlet[i].energy.kineticRotational);
    plot.removeLane(0);
    QCOMPARE(plot.laneIds(), std::vector<int>{1});
}

void TestDriftPlot::csvReloadsToTheSameDoubles()
{
    double interval = 0.0;
    const std::vector<LaneSample> a = run("harmonic-oscillator", "rk4", 1.0, 30, 4, &interval);
    const std::vector<LaneSample> b = run("harmonic-oscillator", "woo", 1.0, 20, 4); // shorter
    DriftPlot plot;
    QCOMPARE(plot.exportName(), QStringLiteral("drift"));
    plot.setSampleInterval(interval);
    plot.setLane(3, QStringLiteral("rk4 \u00b7 dt 1e-4 s"), Qt::black);
    plot.setLane(5, QStringLiteral("woo, half"), Qt::green);
    plot.appendSamples(3, a);
    plot.appendSamples(5, b);
    plot.setTerm(DriftPlot::Term::Total);
    const auto rows = parseCsv(plot.csvText());
    QCOMPARE(rows.size(), a.size() + 1);
    // time, then drift and total per lane; appended: drift min and max per lane
    QCOMPARE(rows[0].size(), std::size_t(9));
    QCOMPARE(rows[0][0], QStringLiteral("time"));
    QVERIFY(rows[0][3].startsWith(QStringLiteral("woo; half"))); // no comma inside a name
    QCOMPARE(rows[0][5], QStringLiteral("rk4 \u00b7 dt 1e-4 s drift min"));
    QCOMPARE(rows[0][8], QStringLiteral("woo; half drift max"));
    const std::vector<double> da = plot.drift(3), db = plot.drift(5);
    for (std::size_t k = 0; k < a.size(); ++k) {
        const auto& r = rows[k + 1];
        QCOMPARE(r.size(), std::size_t(9));
        // samples without an envelope stand for themselves
        QCOMPARE(r[5].toDouble(), da[k]);
        QCOMPARE(r[6].toDouble(), da[k]);
        QCOMPARE(r[0].toDouble(), double(k) * interval);
        QCOMPARE(r[1].toDouble(), da[k]);
        QCOMPARE(r[2].toDouble(), a[k].energy.total());
        if (k < b.size()) {
            QCOMPARE(r[3].toDouble(), db[k]);
            QCOMPARE(r[4].toDouble(), b[k].energy.total());
        } else {
            QVERIFY(r[3].isEmpty() && r[4].isEmpty());
        }
    }
}

void TestDriftPlot::everyLaneIsDrawnInItsColour()
{
    const QColor colours[3] = {QColor(214, 39, 40), QColor(44, 160, 44), QColor(31, 119, 180)};
    const char* presets[3] = {"euler", "symplectic_euler", "rk4"};
    DriftPlot plot;
    for (int i = 0; i < 3; ++i) {
        plot.setLane(i, QString::fromLatin1(presets[i]), colours[i]);
        plot.appendSamples(i, run("harmonic-oscillator", presets[i], 0.5, 50, 10));
    }
    struct Case {
        DriftPlot::Axis axis;
        DriftPlot::Term term;
        int least; // pixels of each colour at least
    };
    // log: every curve apart, plus its legend swatch (24 x 3 px); linear: the small drifts lie
    // on one line near 0 and the last drawn covers the others, the legend still shows; with a
    // term panel (kinetic energy, three distinct curves) more again
    const Case cases[] = {{DriftPlot::Axis::Log, DriftPlot::Term::None, 150},
                          {DriftPlot::Axis::Linear, DriftPlot::Term::None, 40},
                          {DriftPlot::Axis::Log, DriftPlot::Term::Kinetic, 250}};
    int n = 0;
    for (const Case& c : cases) {
        plot.setAxis(c.axis);
        plot.setTerm(c.term);
        QImage img(800, 420, QImage::Format_RGB32);
        img.fill(Qt::white);
        QPainter p(&img);
        plot.paintPlot(p, QRectF(0, 0, 800, 420));
        p.end();
        if (qEnvironmentVariableIsSet("TUMBLE_KEEP_IMAGES"))
            img.save(QStringLiteral("/tmp/driftplot-%1.png").arg(n++));
        for (const QColor& colour : colours)
            QVERIFY2(pixelsNear(img, colour) > c.least,
                     qPrintable(QStringLiteral("%1: %2 px").arg(colour.name()).arg(pixelsNear(img, colour))));
    }
}

void TestDriftPlot::hoverShowsTheNearestSample()
{
    const std::vector<LaneSample> s = run("harmonic-oscillator", "pfc", 1.0, 20, 10);
    DriftPlot plot;
    plot.setLane(0, QStringLiteral("pfc"), Qt::blue);
    plot.appendSamples(0, s);
    const double t = s[7].energy.time + 0.2 * (s[8].energy.time - s[7].energy.time);
    const QStringList lines = plot.hoverLines(t);
    QCOMPARE(lines.size(), 2);
    QVERIFY(lines[1].contains(QString::number(plot.drift(0)[7], 'e', 3)));
    // the mouse: a time under the plot area, none outside it
    plot.resize(600, 300);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    QVERIFY(std::isfinite(plot.timeAt(300)));
    QVERIFY(std::isnan(plot.timeAt(1)));
    // hovering draws the cursor line and the values box over the plot; leaving removes them
    const QImage before = plot.grab().toImage();
    QMouseEvent move(QEvent::MouseMove, QPointF(300, 150), plot.mapToGlobal(QPointF(300, 150)), Qt::NoButton,
                     Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&plot, &move);
    const QImage hovered = plot.grab().toImage();
    if (qEnvironmentVariableIsSet("TUMBLE_KEEP_IMAGES"))
        hovered.save(QStringLiteral("/tmp/driftplot-hover.png"));
    QVERIFY(hovered != before);
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(&plot, &leave);
    QCOMPARE(plot.grab().toImage(), before);
}

void TestDriftPlot::exportsAsPngSvgAndCsv()
{
    double interval = 0.0;
    DriftPlot plot;
    plot.setSampleInterval(1.0);
    plot.setLane(0, QStringLiteral("euler lane"), QColor(214, 39, 40));
    plot.setLane(1, QStringLiteral("rk4 lane"), QColor(31, 119, 180));
    plot.appendSamples(0, run("harmonic-oscillator", "euler", 0.5, 30, 10, &interval));
    plot.appendSamples(1, run("harmonic-oscillator", "rk4", 0.5, 30, 10));
    plot.setSampleInterval(interval);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString png = dir.filePath(QStringLiteral("drift.png"));
    const QString svg = dir.filePath(QStringLiteral("drift.svg"));
    const QString csv = dir.filePath(QStringLiteral("drift.csv"));
    QCOMPARE(exportPlotPng(plot, png, QSize(700, 350)), QString());
    QCOMPARE(exportPlotSvg(plot, svg, QSize(700, 350)), QString());
    QCOMPARE(exportPlotCsv(plot, csv), QString());
    const QImage image(png);
    QCOMPARE(image.size(), QSize(700, 350));
    QVERIFY(pixelsNear(image, QColor(214, 39, 40)) > 100);
    QVERIFY(pixelsNear(image, QColor(31, 119, 180)) > 100);
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("euler lane") && svgText.contains("rk4 lane")); // real text
    QVERIFY(svgText.contains("<path") || svgText.contains("<polyline"));
    QFile csvFile(csv);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(csvFile.readAll()), plot.csvText());
}

void TestDriftPlot::envelopeBandsHoldEveryStepsDrift()
{
    // velocity Verlet on the harmonic oscillator, sampled every 25 steps with every step in
    // the samples' envelopes (as a runner records them)
    const Scene scene = loadBuiltinScene("harmonic-oscillator");
    Simulation sim(scene.world, scene.params);
    const EnergySample first = sim.energy();
    const double e0 = first.total();
    std::vector<LaneSample> samples{{0, first, EnergyEnvelope::of(first, scene.params.dt), {}}};
    std::vector<double> stepDrift; // per step after the first sample
    EnergyEnvelope since;
    for (int s = 1; s <= 500; ++s) {
        sim.step();
        const EnergySample e = sim.energy();
        since.addStep(e, scene.params.dt);
        stepDrift.push_back((e.total() + e.dissipated - e0) / std::abs(e0));
        if (s % 25 == 0) {
            samples.push_back({s / 25, e, since, {}});
            since = EnergyEnvelope();
        }
    }
    DriftPlot plot;
    plot.setLane(0, QStringLiteral("pfc"), Qt::blue);
    plot.appendSamples(0, samples);
    const std::vector<double> lo = plot.driftLow(0), hi = plot.driftHigh(0), d = plot.drift(0);
    QCOMPARE(lo.size(), samples.size());
    QCOMPARE(lo[0], 0.0);
    QCOMPARE(hi[0], 0.0);
    bool wider = false;
    for (std::size_t k = 1; k < samples.size(); ++k) {
        const auto begin = stepDrift.begin() + std::ptrdiff_t(25 * (k - 1));
        const auto [mn, mx] = std::minmax_element(begin, begin + 25);
        QCOMPARE(lo[k], *mn); // the same doubles: the drift is monotone in total + dissipated
        QCOMPARE(hi[k], *mx);
        QVERIFY(lo[k] <= d[k] && d[k] <= hi[k]);
        wider = wider || lo[k] < d[k] || d[k] < hi[k];
    }
    QVERIFY(wider); // the wobble is faster than the sampling

    // drawn as a band under the line, on both axes
    for (DriftPlot::Axis axis : {DriftPlot::Axis::Linear, DriftPlot::Axis::Log}) {
        plot.setAxis(axis);
        const PlotFigure fig = plot.figure();
        const PlotSeries& band = fig.panels[0].series[0];
        QCOMPARE(band.yLow.size(), samples.size());
        QCOMPARE(fig.panels[0].series[1].label, QStringLiteral("pfc")); // the line after it
        for (std::size_t k = 0; k < samples.size(); ++k) {
            const auto [wantLo, wantHi] =
                axis == DriftPlot::Axis::Log ? DriftPlot::magnitudeRange(lo[k], hi[k]) : std::pair(lo[k], hi[k]);
            QCOMPARE(band.yLow[k], wantLo);
            QCOMPARE(band.y[k], wantHi);
            QVERIFY(band.yLow[k] <= fig.panels[0].series[1].y[k] && fig.panels[0].series[1].y[k] <= band.y[k]);
        }
    }
}

void TestDriftPlot::logBandReachesTheFloorWhenTheDriftChangesSign()
{
    // E0 = 1 J; sample 1: total + dissipated went from 1 - 2e-6 J to 1 + 1e-6 J within its
    // steps (the drift changed sign: its smallest magnitude is 0), sample 2: 1 + 1e-6 J to
    // 1 + 3e-6 J (no change of sign)
    auto sample = [](double total) {
        EnergySample e;
        e.kineticTranslational = total;
        return e;
    };
    auto envelope = [&](double lo, double hi) {
        EnergyEnvelope env;
        env.addStep(sample(lo), 1e-3);
        env.addStep(sample(hi), 1e-3);
        return env;
    };
    DriftPlot plot;
    plot.setLane(0, QStringLiteral("lane"), Qt::red);
    plot.appendSamples(0, {{0, sample(1.0), EnergyEnvelope::of(sample(1.0), 1e-3), {}},
                           {1, sample(1.0 + 1e-6), envelope(1.0 - 2e-6, 1.0 + 1e-6), {}},
                           {2, sample(1.0 + 3e-6), envelope(1.0 + 1e-6, 1.0 + 3e-6), {}}});
    const std::vector<double> lo = plot.driftLow(0), hi = plot.driftHigh(0);
    QCOMPARE(lo[1], (1.0 - 2e-6) - 1.0);
    QCOMPARE(hi[1], (1.0 + 1e-6) - 1.0);
    QCOMPARE(lo[2], (1.0 + 1e-6) - 1.0);
    plot.setAxis(DriftPlot::Axis::Log);
    const PlotFigure fig = plot.figure();
    const PlotSeries& band = fig.panels[0].series[0];
    QCOMPARE(band.yLow[1], DriftPlot::kFloor); // |drift| passed through 0
    QCOMPARE(band.y[1], std::abs(lo[1]));
    QCOMPARE(band.yLow[2], lo[2]);
    QCOMPARE(band.y[2], hi[2]);
    QCOMPARE(DriftPlot::magnitudeRange(-2.0, 1.0), std::pair(DriftPlot::kFloor, 2.0));
    QCOMPARE(DriftPlot::magnitudeRange(-3.0, -1.0), std::pair(1.0, 3.0));
}

void TestDriftPlot::boundedHistoryKeepsEveryPeak()
{
    // two lanes (the second added at sample 1000), 40000 samples with one-sample spikes in the
    // drift and the kinetic energy at seeded random places, at most 64 buckets a lane: merged
    // again and again, every spike lies in its bucket's range, memory stops growing, and the CSV
    // has a row per bucket with each lane's latest sample there
    const double interval = 0.01; // s
    const long long n = 40000;
    std::mt19937 rng(7);
    std::map<long long, double> spikes; // sample -> kinetic energy, J (E0 = 1 J: drift = it - 1)
    for (int i = 0; i < 300; ++i)
        spikes[std::uniform_int_distribution<long long>(1, n - 1)(rng)] = i % 2 ? 3.0 + i : -2.0 - i;
    auto sample = [&](long long k) {
        LaneSample ls;
        ls.index = k;
        ls.energy.time = double(k) * interval;
        const auto spike = spikes.find(k);
        ls.energy.kineticTranslational = spike != spikes.end() ? spike->second : 1.0 + 1e-6 * std::sin(0.01 * k);
        return ls;
    };
    DriftPlot plot;
    plot.setSampleInterval(interval);
    plot.setMaxSamples(64);
    plot.setLane(0, QStringLiteral("a"), Qt::red);
    plot.setLane(1, QStringLiteral("b"), Qt::blue);
    plot.setTerm(DriftPlot::Term::Kinetic);
    std::size_t most = 0, bytes = 0;
    for (long long k = 0; k < n; k += 100) {
        std::vector<LaneSample> batch;
        for (long long j = k; j < k + 100; ++j)
            batch.push_back(sample(j));
        plot.appendSamples(0, batch);
        if (k >= 1000)
            plot.appendSamples(1, batch);
        most = std::max(most, plot.storedSamples());
        if (plot.mergeLevel() >= 7 && bytes == 0) // both lanes past half full once
            bytes = plot.storedBytes();
    }
    QVERIFY(plot.mergeLevel() >= 9); // 40000 samples in fewer than 64 buckets: 2^10 a bucket
    QVERIFY(most <= 2 * 64);
    QVERIFY(bytes > 0 && plot.storedBytes() <= bytes);
    for (int id : {0, 1}) {
        const std::vector<double> t = plot.times(id), lo = plot.driftLow(id), hi = plot.driftHigh(id);
        const std::vector<double> kLo = plot.termLow(id), kHi = plot.termHigh(id);
        QVERIFY(t.size() < 64 && t.size() > 16);
        for (const auto& [k, value] : spikes) {
            if (id == 1 && k < 1000)
                continue;
            const auto at = std::lower_bound(t.begin(), t.end(), double(k) * interval - 0.5 * interval);
            QVERIFY(at != t.end());
            const std::size_t i = std::size_t(at - t.begin());
            // the lane's E0: its first sample's total (lane b starts at sample 1000)
            const double e0 = sample(id == 0 ? 0 : 1000).energy.total();
            const double d = (value - e0) / std::abs(e0);
            QVERIFY2(lo[i] <= d && d <= hi[i],
                     qPrintable(QStringLiteral("lane %1 lost the spike at %2").arg(id).arg(k)));
            QVERIFY(kLo[i] <= value && value <= kHi[i]);
        }
    }
    const auto rows = parseCsv(plot.csvText());
    const std::vector<double> ta = plot.times(0), da = plot.drift(0), db = plot.drift(1);
    QCOMPARE(rows.size(), ta.size() + 1);
    const std::size_t offset = ta.size() - db.size(); // lane b's first buckets are empty
    for (std::size_t r = 0; r < ta.size(); ++r) {
        QCOMPARE(rows[r + 1][0].toDouble(), ta[r]); // the bucket's latest sample's shared time
        QCOMPARE(rows[r + 1][1].toDouble(), da[r]);
        if (r >= offset)
            QCOMPARE(rows[r + 1][3].toDouble(), db[r - offset]);
        else
            QVERIFY(rows[r + 1][3].isEmpty());
    }
}

QTEST_MAIN(TestDriftPlot)
#include "TestDriftPlot.moc"
