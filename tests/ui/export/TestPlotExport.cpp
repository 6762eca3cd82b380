// Plot exports (issue 6): the energy plot's CSV after a short run and the angle plot's CSV
// read back to exactly the plotted doubles; the SVG is well-formed XML with vector curves and
// the axis text; the PNG has the requested size and shows the curve colours; an unwritable
// path gives an error naming it and leaves no file; export names; the frame recorder writes
// exactly the requested frames, numbered, from synthetic frames and from a live 3D view.
#include <QtTest>

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QMenu>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "MainWindow.h"
#include "WaitShown.h"
#include "compare/CompareView.h"
#include "export/ExportMenu.h"
#include "export/ExportNaming.h"
#include "export/FrameRecorder.h"
#include "export/PlotExport.h"
#include "integrate/IntegratorRegistry.h"
#include "plot/AngleDriftPlot.h"
#include "plot/EnergyPlot.h"
#include "plot/PlotFigure.h"
#include "scene/BuiltinScenes.h"
#include "session/SimulationRunner.h"
#include "view3d/SceneView.h"
#include "vtk/VtkSurfaceFormat.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::waitShown;

namespace {

// CSV text -> header and rows of doubles; false (with why) when a field does not parse
bool parseCsv(const QString& text, QStringList& header, std::vector<std::vector<double>>& rows, QString& why)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    if (lines.isEmpty() || !text.endsWith(QLatin1Char('\n'))) {
        why = QStringLiteral("no final newline");
        return false;
    }
    lines.removeLast(); // after the final '\n'
    header = lines.takeFirst().split(QLatin1Char(','));
    for (const QString& line : lines) {
        const QStringList fields = line.split(QLatin1Char(','));
        if (fields.size() != header.size()) {
            why = QStringLiteral("row with %1 fields: %2").arg(fields.size()).arg(line);
            return false;
        }
        std::vector<double> row;
        for (const QString& f : fields) {
            bool ok = false;
            row.push_back(f.toDouble(&ok));
            if (!ok) {
                why = QStringLiteral("field %1 does not parse").arg(f);
                return false;
            }
        }
        rows.push_back(std::move(row));
    }
    return true;
}

std::unique_ptr<MainWindow> windowAfterShortRun()
{
    auto w = tumble::test::runningWindow();
    if (!w)
        return nullptr;
    // some samples with the spheres in contact: several terms are non-zero
    if (!waitShown(
            *w, [](const FrameSnapshot& s) { return s.time > 0.05; }, 30000))
        return nullptr;
    w->worker()->pause();
    if (!waitShown(
            *w, [](const FrameSnapshot& s) { return !s.playing; }, 5000))
        return nullptr;
    QTest::qWait(200); // the plot takes the last samples
    return w;
}

// pixels within tol of colour c in every channel
int pixelsNear(const QImage& img, QColor c, int tol)
{
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const QColor p = img.pixelColor(x, y);
            if (std::abs(p.red() - c.red()) <= tol && std::abs(p.green() - c.green()) <= tol &&
                std::abs(p.blue() - c.blue()) <= tol)
                ++n;
        }
    return n;
}

QStringList filesIn(const QString& dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name);
}

} // namespace

class TestPlotExport : public QObject {
    Q_OBJECT
private slots:
    void energyExportsAfterAShortRun();
    void angleCsvReloadsExactly();
    void unwritablePathGivesAnErrorAndNoFile();
    void exportNames();
    void frameRecorderWritesTheRequestedFrames();
    void frameRecorderRecordsALiveView();
    void viewExportInCompareModeIsTheLaneGrid();
    void longCurvesAreReducedWithoutLosingExtremes();
};

void TestPlotExport::energyExportsAfterAShortRun()
{
    auto w = windowAfterShortRun();
    QVERIFY(w);
    EnergyPlot* plot = w->energyPlot();
    QVERIFY(plot->sampleCount() > 10);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    // CSV: every field reads back to exactly the plotted double
    const QString csvPath = dir.filePath(QStringLiteral("energy.csv"));
    QCOMPARE(ExportMenu::exportPlot(*plot, ExportMenu::Format::Csv, csvPath), QString());
    QFile csvFile(csvPath);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    QStringList header;
    std::vector<std::vector<double>> rows;
    QString why;
    QVERIFY2(parseCsv(QString::fromUtf8(csvFile.readAll()), header, rows, why), qPrintable(why));
    QCOMPARE(header.front(), QStringLiteral("time"));
    QVERIFY(header.contains(QStringLiteral("total")));
    QVERIFY(header.contains(QStringLiteral("kinetic_translational")));
    QVERIFY(header.contains(QStringLiteral("potential_gravity")));
    const std::vector<double> time = plot->timeValues();
    const std::vector<double> rel = plot->relativeErrorValues();
    QCOMPARE(rows.size(), time.size());
    // the columns as before: time, the shown terms (each once), the relative error; then,
    // appended: stride_steps, dt, and each of those columns' min and max
    std::set<QString> expected;
    for (int k = 0; k < EnergyPlot::TermCount; ++k)
        if (plot->termShown(EnergyPlot::Term(k)))
            expected.insert(QString::fromLatin1(EnergyPlot::termCsvName(EnergyPlot::Term(k))));
    const int terms = int(expected.size());
    QCOMPARE(std::set<QString>(header.begin() + 1, header.begin() + 1 + terms), expected);
    QCOMPARE(header[terms + 1], QStringLiteral("relative_balance_error"));
    QCOMPARE(header[terms + 2], QStringLiteral("stride_steps"));
    QCOMPARE(header[terms + 3], QStringLiteral("dt"));
    QCOMPARE(header.size(), 2 * (terms + 1) + terms + 4);
    for (int j = 0; j <= terms; ++j) {
        const QString name = header[j < terms ? j + 1 : terms + 1];
        QCOMPARE(header[terms + 4 + 2 * j], name + QStringLiteral("_min"));
        QCOMPARE(header[terms + 5 + 2 * j], name + QStringLiteral("_max"));
    }
    // the main view's default sampling: every kStepsPerSample steps after the first (step 0)
    const std::vector<long long> strides = plot->sampleSteps();
    const double dt = w->worker()->params().dt;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        QCOMPARE(rows[i][std::size_t(terms + 2)], double(strides[i]));
        QCOMPARE(rows[i][std::size_t(terms + 2)], i == 0 ? 0.0 : double(SimulationRunner::kStepsPerSample));
        QCOMPARE(rows[i][std::size_t(terms + 3)], dt);
    }
    // every value lies within its row's min and max
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (int j = 0; j <= terms; ++j) {
            const double v = rows[i][std::size_t(j < terms ? j + 1 : terms + 1)];
            QVERIFY(rows[i][std::size_t(terms + 4 + 2 * j)] <= v && v <= rows[i][std::size_t(terms + 5 + 2 * j)]);
        }
    for (int c = 0; c < header.size(); ++c) {
        if (c == terms + 2 || c == terms + 3)
            continue; // checked above
        std::vector<double> want;
        QString name = header[c];
        const bool isMin = name.endsWith(QStringLiteral("_min")), isMax = name.endsWith(QStringLiteral("_max"));
        if (isMin || isMax)
            name.chop(4);
        if (name == QStringLiteral("time"))
            want = time;
        else if (name == QStringLiteral("relative_balance_error"))
            want = isMin ? plot->relativeErrorLow() : isMax ? plot->relativeErrorHigh() : rel;
        else
            for (int k = 0; k < EnergyPlot::TermCount; ++k)
                if (name == QLatin1String(EnergyPlot::termCsvName(EnergyPlot::Term(k)))) {
                    const EnergyPlot::Term t = EnergyPlot::Term(k);
                    want = isMin ? plot->termLow(t) : isMax ? plot->termHigh(t) : plot->termValues(t);
                }
        QCOMPARE(want.size(), rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i)
            QVERIFY2(rows[i][std::size_t(c)] == want[i], qPrintable(QStringLiteral("%1 row %2: %3 != %4")
                                                                        .arg(header[c])
                                                                        .arg(i)
                                                                        .arg(rows[i][std::size_t(c)], 0, 'g', 17)
                                                                        .arg(want[i], 0, 'g', 17)));
    }

    // SVG: well-formed, vector curves, the axis text
    const QString svgPath = dir.filePath(QStringLiteral("energy.svg"));
    QCOMPARE(ExportMenu::exportPlot(*plot, ExportMenu::Format::Svg, svgPath), QString());
    QFile svgFile(svgPath);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&svgFile);
    int curves = 0, longest = 0;
    QStringList texts;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const QString name = xml.name().toString();
        if (name == QLatin1String("polyline") || name == QLatin1String("path")) {
            ++curves;
            const QString pts =
                xml.attributes()
                    .value(name == QLatin1String("path") ? QStringLiteral("d") : QStringLiteral("points"))
                    .toString();
            longest = std::max(longest, int(pts.count(QLatin1Char(','))));
        } else if (name == QLatin1String("text")) {
            texts << xml.readElementText(QXmlStreamReader::IncludeChildElements).simplified();
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    qInfo("SVG: %d path/polyline elements, longest %d points, %lld text elements, %lld bytes", curves, longest,
          qlonglong(texts.size()), qlonglong(svgFile.size()));
    QVERIFY(curves >= int(expected.size()) + 1); // a line per shown term and the error curve
    QVERIFY(longest >= 10);                      // curves are drawn point by point, not as images
    QVERIFY2(texts.contains(QStringLiteral("time (s)")), qPrintable(texts.join(QLatin1Char('|'))));
    QVERIFY(texts.contains(QStringLiteral("total (mechanical)")));
    // Qt may split a text into runs by script ("|\u0394" and "E| / |E0|"): look at them joined
    QVERIFY(texts.join(QString()).contains(QStringLiteral("|\u0394E| / |E0|")));
    QVERIFY(std::any_of(texts.begin(), texts.end(),
                        [](const QString& t) { return t.startsWith(QStringLiteral("energy")); }));
    QVERIFY(
        std::any_of(texts.begin(), texts.end(), [](const QString& t) { return t.startsWith(QStringLiteral("1e-")); }));

    // PNG: the requested size in device pixels, the curves' colours present
    const QString pngPath = dir.filePath(QStringLiteral("energy.png"));
    QCOMPARE(exportPlotPng(*plot, pngPath, QSize(600, 400), 2.0), QString());
    QImage png(pngPath);
    QCOMPARE(png.size(), QSize(1200, 800));
    const int total = pixelsNear(png, QColor(20, 20, 20), 12);
    const int kinetic = pixelsNear(png, QColor(31, 119, 180), 12);
    const int error = pixelsNear(png, QColor(106, 61, 154), 12);
    const int white = pixelsNear(png, Qt::white, 0);
    qInfo("PNG 1200x800: %d total, %d kinetic, %d error-curve, %d white pixels", total, kinetic, error, white);
    QVERIFY(total > 200);
    QVERIFY(kinetic > 200);
    QVERIFY(error > 200);
    QVERIFY(white > png.width() * png.height() / 2); // a white background, not a dark frame
    QCOMPARE(filesIn(dir.path()),
             (QStringList{QStringLiteral("energy.csv"), QStringLiteral("energy.png"), QStringLiteral("energy.svg")}));
}

void TestPlotExport::angleCsvReloadsExactly()
{
    AngleDriftPlot plot;
    // awkward doubles: thirds, tiny, subnormal, large, exact powers of two
    const std::vector<double> t = {0.0, 1.0 / 3.0, 0.1 + 0.2, 2.5e-7, 1e300, std::ldexp(1.0, -60)};
    const std::vector<double> a = {0.0, std::acos(-1.0) * 1e-17, 4.9e-324, 1.0 / 7.0, 1e-16, std::nextafter(1.0, 2.0)};
    plot.setSamples(t, a);
    QStringList header;
    std::vector<std::vector<double>> rows;
    QString why;
    QVERIFY2(parseCsv(plot.csvText(), header, rows, why), qPrintable(why));
    QCOMPARE(header, (QStringList{QStringLiteral("time"), QStringLiteral("angle")}));
    QCOMPARE(rows.size(), t.size());
    for (std::size_t i = 0; i < t.size(); ++i) {
        QCOMPARE(rows[i][0], t[i]);
        QCOMPARE(rows[i][1], a[i]);
    }
    QCOMPARE(plot.exportName(), QStringLiteral("angle"));
    // the PNG shows the orange curve on white
    plot.setSamples({0.0, 1.0, 2.0, 3.0}, {1e-12, 1e-10, 1e-8, 1e-6});
    const QImage img = renderPlotImage(plot, QSize(500, 300), 1.0);
    QCOMPARE(img.size(), QSize(500, 300));
    QVERIFY(pixelsNear(img, QColor(230, 110, 30), 20) > 100);
}

void TestPlotExport::unwritablePathGivesAnErrorAndNoFile()
{
    AngleDriftPlot plot;
    plot.setSamples({0.0, 1.0}, {1e-9, 1e-8});
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // a path under a regular file: no one can create it, not even root
    QFile blocker(dir.filePath(QStringLiteral("not-a-directory")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    for (const ExportMenu::Format f : {ExportMenu::Format::Png, ExportMenu::Format::Svg, ExportMenu::Format::Csv}) {
        const QString path = dir.filePath(QStringLiteral("not-a-directory/plot.out"));
        const QString error = ExportMenu::exportPlot(plot, f, path);
        QVERIFY2(error.contains(path), qPrintable(error));
        QVERIFY(error.size() > path.size() + 10); // and says what went wrong
        QVERIFY(!QFile::exists(path));
    }
    // a missing directory: the same, and nothing left behind anywhere in the temporary dir
    const QString missing = dir.filePath(QStringLiteral("missing/plot.png"));
    const QString error = exportPlotPng(plot, missing, QSize(300, 200));
    QVERIFY2(error.contains(missing), qPrintable(error));
    QCOMPARE(filesIn(dir.path()), QStringList{QStringLiteral("not-a-directory")});
    // a nonsense size is refused by name too, and writes nothing
    const QString zero = dir.filePath(QStringLiteral("zero.png"));
    QVERIFY(exportPlotPng(plot, zero, QSize(0, 200)).contains(zero));
    QVERIFY(!QFile::exists(zero));
}

void TestPlotExport::exportNames()
{
    const std::optional<PresetInfo> pfc = findPreset("pfc");
    QVERIFY(pfc);
    FrameSnapshot s;
    auto info = std::make_shared<SceneInfo>();
    info->source = "builtin:harmonic-oscillator";
    info->name = "Harmonic oscillator";
    s.scene = info;
    s.params.translation = pfc->translation;
    s.params.rotation = pfc->rotation;
    s.params.dt = 2e-5;
    QCOMPARE(exportFileName(s, QStringLiteral("energy"), QStringLiteral("svg")),
             QStringLiteral("harmonic-oscillator_pfc_dt2e-05_energy.svg"));

    // a scene file: its base name, made safe
    info->source = "/home/teacher/My Scene (v2).json";
    s.params.dt = 1.25e-4;
    QCOMPARE(exportBaseName(s), QStringLiteral("my-scene-v2_pfc_dt0.000125"));
    // no source: the display name
    info->source.clear();
    info->name = "Ça va? Box #3";
    QCOMPARE(sceneNamePart(info->source, info->name), QStringLiteral("a-va-box-3"));
    QCOMPARE(safeFileNamePart(QStringLiteral("???")), QStringLiteral("scene"));

    // a pair that is no preset: both names
    std::string t, r;
    for (const SchemeInfo& ts : translationSchemes())
        for (const SchemeInfo& rs : rotationSchemes()) {
            bool preset = false;
            for (const PresetInfo& p : presets())
                preset = preset || (p.translation == ts.name && p.rotation == rs.name);
            if (!preset && t.empty()) {
                t = ts.name;
                r = rs.name;
            }
        }
    QVERIFY(!t.empty());
    QCOMPARE(schemeNamePart(t, r), QString::fromStdString(t + "-" + r));

    // dt: short, and exact (it reads back as the same double)
    for (double dt : {2e-5, 1e-3, 0.1 + 0.2, 1.0 / 3.0 * 1e-4, 5e-7}) {
        const QString part = dtNamePart(dt);
        QVERIFY(part.startsWith(QStringLiteral("dt")));
        QCOMPARE(part.mid(2).toDouble(), dt);
        QVERIFY(part.size() <= 2 + 23);
    }
    QCOMPARE(dtNamePart(1e-3), QStringLiteral("dt0.001"));
    // only safe characters
    const QString name = exportFileName(s, QStringLiteral("Energy Plot"), QStringLiteral("png"));
    for (QChar c : name)
        QVERIFY2(c.isLower() || c.isDigit() || c == QLatin1Char('_') || c == QLatin1Char('-') || c == QLatin1Char('.'),
                 qPrintable(name));
}

void TestPlotExport::frameRecorderWritesTheRequestedFrames()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString out = dir.filePath(QStringLiteral("frames/sub")); // created on start
    FrameRecorder rec;
    QSignalSpy stopped(&rec, &FrameRecorder::stopped);
    QCOMPARE(rec.start(out, QStringLiteral("run"), 3, 3), QString());
    // 10 frames, grey level = frame number: frames 0, 3, 6 are written, then the limit stops it
    for (int i = 0; i < 10; ++i) {
        QImage frame(40, 30, QImage::Format_RGB32);
        frame.fill(QColor(20 * i, 20 * i, 20 * i));
        rec.offerFrame(frame);
    }
    QVERIFY(!rec.isRecording());
    QCOMPARE(stopped.count(), 1);
    QCOMPARE(stopped.front().at(0).toInt(), 3);
    QCOMPARE(stopped.front().at(1).toString(), QString());
    QCOMPARE(filesIn(out), (QStringList{QStringLiteral("run_0000.png"), QStringLiteral("run_0001.png"),
                                        QStringLiteral("run_0002.png")}));
    for (int k = 0; k < 3; ++k) {
        const QImage img(rec.framePath(k));
        QCOMPARE(img.size(), QSize(40, 30));
        QCOMPARE(img.pixelColor(5, 5).red(), 20 * 3 * k);
    }
    // stop() before the limit keeps what was written; bad arguments are refused
    QCOMPARE(rec.start(out, QStringLiteral("short"), 1, 100), QString());
    QImage frame(8, 8, QImage::Format_RGB32);
    frame.fill(Qt::red);
    rec.offerFrame(frame);
    rec.offerFrame(frame);
    rec.stop();
    rec.offerFrame(frame); // ignored
    QCOMPARE(rec.framesWritten(), 2);
    QCOMPARE(stopped.count(), 2);
    // the directory vanishes mid-recording (a file in its place): the recording ends with an
    // error naming the frame that could not be written
    const QString gone = dir.filePath(QStringLiteral("gone"));
    QCOMPARE(rec.start(gone, QStringLiteral("g"), 1, 100), QString());
    rec.offerFrame(frame);
    QTRY_COMPARE(rec.framesWritten(), 1);
    QVERIFY(QDir(gone).removeRecursively());
    QFile blocker(gone);
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    rec.offerFrame(frame);
    rec.stop();
    QCOMPARE(stopped.count(), 3);
    QVERIFY2(stopped.back().at(1).toString().contains(rec.framePath(1)), qPrintable(stopped.back().at(1).toString()));
    QCOMPARE(rec.lastError(), stopped.back().at(1).toString());
    QCOMPARE(rec.framesWritten(), 1);

    QVERIFY(!rec.start(out, QStringLiteral("x"), 0, 5).isEmpty());
    QVERIFY(!rec.start(out, QStringLiteral("x"), 1, 0).isEmpty());
    QVERIFY(!rec.isRecording());
    QCOMPARE(filesIn(out).size(), 5);
}

void TestPlotExport::frameRecorderRecordsALiveView()
{
    auto w = windowAfterShortRun();
    QVERIFY(w);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // the 3D view to PNG: its frame at device resolution, not blank
    const QString viewPath = dir.filePath(QStringLiteral("view.png"));
    QCOMPARE(w->exportMenu()->exportView(viewPath), QString());
    const QImage view(viewPath);
    const QSize device = w->sceneView()->size() * w->sceneView()->devicePixelRatio();
    QCOMPARE(view.size(), device);
    QVERIFY(pixelsNear(view, view.pixelColor(0, 0), 3) < view.width() * view.height() * 9 / 10);

    // a recording of the painted frames: every 2nd, at most 4
    FrameRecorder rec;
    QSignalSpy stopped(&rec, &FrameRecorder::stopped);
    const QString out = dir.filePath(QStringLiteral("rec"));
    QCOMPARE(rec.start(w->sceneView(), out, QStringLiteral("view"), 2, 4), QString());
    w->worker()->play();
    QTRY_VERIFY_WITH_TIMEOUT(!rec.isRecording(), 20000);
    QCOMPARE(stopped.count(), 1);
    QCOMPARE(filesIn(out), (QStringList{QStringLiteral("view_0000.png"), QStringLiteral("view_0001.png"),
                                        QStringLiteral("view_0002.png"), QStringLiteral("view_0003.png")}));
    const QImage first(rec.framePath(0)), last(rec.framePath(3));
    QCOMPARE(first.size(), device);
    QVERIFY(pixelsNear(first, first.pixelColor(0, 0), 3) < first.width() * first.height() * 9 / 10);
    QVERIFY(first != last); // the spheres moved between them

    // the window's Export menu: both plots in three formats, the view, the recording; file
    // names from the shown scene, schemes and dt in the current directory; a recording started
    // and stopped there keeps the frames it wrote, numbered from 0
    ExportMenu* menu = w->exportMenu();
    QStringList texts;
    for (QAction* a : menu->menu()->actions())
        if (!a->isSeparator())
            texts << a->text();
    QVERIFY(texts.size() % 3 == 2); // three per plot (other panels add theirs), view, recording
    QVERIFY(texts.contains(menu->viewAction()->text()));
    QVERIFY(texts.contains(menu->recordAction()->text()));
    QVERIFY(texts.filter(QStringLiteral("Energy plot")).size() == 3);
    QVERIFY(texts.filter(QStringLiteral("Angle drift plot")).size() == 3);
    const SnapshotPtr shown = w->shownSnapshot();
    QCOMPARE(menu->defaultPath(QStringLiteral("energy"), QStringLiteral("svg")),
             QDir::current().filePath(exportFileName(*shown, QStringLiteral("energy"), QStringLiteral("svg"))));
    QVERIFY(QFileInfo(menu->defaultPath(QStringLiteral("energy"), QStringLiteral("svg")))
                .fileName()
                .startsWith(QString::fromStdString(defaultSceneId()) + QLatin1Char('_')));
    const QString recDir = dir.filePath(QStringLiteral("menu-rec"));
    QCOMPARE(menu->startRecording(recDir), QString());
    QVERIFY(menu->recorder().isRecording());
    QTRY_VERIFY_WITH_TIMEOUT(menu->recorder().framesWritten() >= 2, 20000);
    menu->stopRecording();
    QVERIFY(!menu->recorder().isRecording());
    const int written = menu->recorder().framesWritten();
    const QStringList recorded = filesIn(recDir);
    QCOMPARE(recorded.size(), written);
    for (int i = 0; i < written; ++i)
        QCOMPARE(recorded[i], QFileInfo(menu->recorder().framePath(i)).fileName());
    QVERIFY(recorded.front().startsWith(exportBaseName(*w->shownSnapshot()) + QStringLiteral("_view_0000")));
}

void TestPlotExport::viewExportInCompareModeIsTheLaneGrid()
{
    auto w = windowAfterShortRun();
    QVERIFY(w);
    QVERIFY(w->setCompareMode(true));
    QVERIFY(w->compareView());
    QTest::qWait(500); // the lanes' views draw their first frames
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("lanes.png"));
    QCOMPARE(w->exportMenu()->exportView(path), QString());
    const QImage img(path);
    QWidget* grid = w->compareView();
    QCOMPARE(img.size(), grid->size() * grid->devicePixelRatio());
    // the lanes' GL frames are in it: the views' gradient background, not the widgets' grey
    const QColor top = SceneView::backgroundTop();
    QVERIFY(pixelsNear(img, top, 6) > 500);
    QVERIFY(w->setCompareMode(false) || !w->compareMode());
}

void TestPlotExport::longCurvesAreReducedWithoutLosingExtremes()
{
    // 100 000 points of 50 sine periods, and a two-point line from (0, -1) to (1, 1) that marks
    // where y = -1 and y = 1 are drawn
    constexpr int n = 100000;
    const double pi = std::acos(-1.0);
    PlotFigure fig;
    PlotPanel panel;
    panel.x.min = 0.0;
    panel.x.max = 1.0;
    panel.y.min = -1.2;
    panel.y.max = 1.2;
    PlotSeries wave, marker;
    wave.colour = Qt::blue;
    marker.colour = Qt::red;
    for (int i = 0; i < n; ++i) {
        wave.x.push_back(double(i) / (n - 1));
        // the peaks and troughs sit exactly on samples
        wave.y.push_back(std::sin(2.0 * pi * 50.0 * wave.x.back() + 1e-9));
    }
    marker.x = {0.0, 1.0};
    marker.y = {-1.0, 1.0};
    panel.series = {wave, marker};
    fig.panels.push_back(panel);

    struct Plot : ExportablePlot {
        PlotFigure fig;
        QString exportName() const override { return QStringLiteral("test"); }
        void paintPlot(QPainter& p, const QRectF& r) const override { paintFigure(p, r, fig); }
        QString csvText() const override { return {}; }
    } plot;
    plot.fig = fig;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("wave.svg"));
    QElapsedTimer timer;
    timer.start();
    QCOMPARE(exportPlotSvg(plot, path, QSize(1200, 750)), QString());
    const qint64 ms = timer.elapsed();
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    // per colour: points and y extent of its polylines
    std::map<QString, std::pair<long long, std::pair<double, double>>> byColour;
    QString stroke; // QSvgGenerator puts the pen on the enclosing group
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("g") &&
            xml.attributes().hasAttribute(QStringLiteral("stroke")))
            stroke = xml.attributes().value(QStringLiteral("stroke")).toString();
        if (!xml.isStartElement() || xml.name() != QLatin1String("polyline"))
            continue;
        const QStringList pts =
            xml.attributes().value(QStringLiteral("points")).toString().split(QLatin1Char(' '), Qt::SkipEmptyParts);
        auto& [count, extent] = byColour[stroke];
        if (count == 0)
            extent = {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
        for (const QString& pt : pts) {
            const double y = pt.section(QLatin1Char(','), 1, 1).toDouble();
            extent.first = std::min(extent.first, y);
            extent.second = std::max(extent.second, y);
            ++count;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    qInfo("100000-point curve: SVG %lld bytes in %lld ms", qlonglong(file.size()), ms);
    long long wavePoints = 0;
    std::pair<double, double> waveExtent{0.0, 0.0}, markerExtent{0.0, 0.0};
    for (const auto& [colour, v] : byColour) {
        qInfo("  polylines %s: %lld points, y %.3f .. %.3f", qPrintable(colour), v.first, v.second.first,
              v.second.second);
        if (colour == QLatin1String("#ff0000"))
            markerExtent = v.second;
        else if (colour == QLatin1String("#0000ff"))
            wavePoints = v.first, waveExtent = v.second;
    }
    QVERIFY(wavePoints > 1000);                                        // drawn point by point, in every pixel column
    QVERIFY(wavePoints < n / 10);                                      // but not all 100 000
    QVERIFY(std::abs(waveExtent.first - markerExtent.first) < 0.05);   // the peaks are kept
    QVERIFY(std::abs(waveExtent.second - markerExtent.second) < 0.05); // and the troughs
    QVERIFY(file.size() < 400000);
}

int main(int argc, char** argv)
{
    tumble::ui::installVtkSurfaceFormat();
    QApplication app(argc, argv);
    TestPlotExport t;
    return QTest::qExec(&t, argc, argv);
}

#include "TestPlotExport.moc"
