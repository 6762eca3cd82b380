// The ParaView script beside every VTK output (issue 23), run for real: tumble-cli writes the
// frames, pvpython (Debian's ParaView 5.11, installed by scripts/setup.sh) runs the script headless
// on an X server of its own (tests/ui/own-display.sh) and saves a PNG, which is measured here.
// On a green background (--background 0,1,0, the walls translucent grey over it) every pixel whose
// green does not dominate is drawn by a sphere or by the colour legend; their 4-connected blobs
// are counted and measured.
// - A 4x3 grid of spheres over a floor, seen from above: 12 round blobs, each of the radius the
//   scene gives (two sizes, to 6%, the scale from the grid's spacing: diameters or ParaView's
//   default splat size would be 2x or far off), coloured by speed (the slowest column blue, the
//   fastest red), the floor's quad and one colour legend drawn.
// - Clumps are drawn as their member spheres: three dumbbells and a sphere are 7 blobs (their
//   bodies' points would be 4).
// - A LAMMPS text dump converted by tumble-cli convert (radius from `diameter`), in the default
//   view: 5 blobs.
// - The counter itself, on drawn images: a missing disc, two touching ones and the legend's bar
//   all change what it reports.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "CliProcess.h"

using namespace tumble::test;

namespace {

// pvpython: $TUMBLE_PVPYTHON, on the PATH, or where scripts/setup.sh unpacks it (python3-paraview
// conflicts with the python3-vtk9 that libvtk9-dev needs, so apt cannot install both)
QString findPvpython()
{
    const QString given = qEnvironmentVariable("TUMBLE_PVPYTHON");
    if (!given.isEmpty())
        return given;
    const QString onPath = QStandardPaths::findExecutable("pvpython");
    if (!onPath.isEmpty())
        return onPath;
    const QString unpacked = "/opt/tumble/python3-paraview/usr/bin/pvpython";
    return QFileInfo(unpacked).isExecutable() ? unpacked : QString();
}

QString sourceDir()
{
    const QString dir = qEnvironmentVariable("TUMBLE_SOURCE_DIR");
    return dir.isEmpty() ? QString(TUMBLE_FALLBACK_SOURCE_DIR) : dir;
}

// runs the script under pvpython on an X server of its own; empty on success, else the reason
QString renderScript(const QString& script, const QString& png, const QStringList& extra = {})
{
    QProcess p;
    p.start("bash", QStringList{sourceDir() + "/tests/ui/own-display.sh", findPvpython(), script, "--screenshot", png,
                                "--size", "1280x800", "--background", "0,1,0"} +
                        extra);
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return "pvpython did not finish in 2 minutes";
    }
    const QString output =
        QString::fromLocal8Bit(p.readAllStandardError()) + QString::fromLocal8Bit(p.readAllStandardOutput());
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return QString("pvpython failed (exit %1): %2").arg(p.exitCode()).arg(output.right(3000));
    return QFileInfo::exists(png) ? QString() : "pvpython wrote no " + png + ": " + output.right(3000);
}

// background, or a wall over it: green dominates (no sphere colour and no legend text does)
bool isBackground(QRgb p)
{
    return qGreen(p) > qRed(p) + 40 && qGreen(p) > qBlue(p) + 40;
}

struct Blob {
    int area = 0; ///< pixels
    int left = 1 << 30, right = -1, top = 1 << 30, bottom = -1;
    double x = 0.0, y = 0.0;      ///< centroid, pixels
    double red = 0.0, blue = 0.0; ///< mean, 0..255
    int width() const { return right - left + 1; }
    int height() const { return bottom - top + 1; }
    /// a filled disc: as wide as high, filling pi/4 of its box
    bool round() const
    {
        const double fill = area / (std::numbers::pi / 4.0 * width() * height());
        return area >= 200 && std::abs(width() - height()) <= 0.1 * std::max(width(), height()) && fill > 0.85 &&
               fill < 1.15;
    }
    /// the colour legend's bar: upright and thin
    bool bar() const { return height() >= 100 && height() >= 4 * width(); }
    double radius() const { return std::sqrt(area / std::numbers::pi); }
};

// the 4-connected blobs of pixels that are not background
std::vector<Blob> findBlobs(const QImage& image)
{
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    const int w = img.width(), h = img.height();
    std::vector<int> label(static_cast<std::size_t>(w) * h, -1);
    std::vector<Blob> blobs;
    std::vector<std::pair<int, int>> stack;
    for (int y0 = 0; y0 < h; ++y0)
        for (int x0 = 0; x0 < w; ++x0) {
            if (label[static_cast<std::size_t>(y0) * w + x0] >= 0 || isBackground(img.pixel(x0, y0)))
                continue;
            Blob b;
            const int id = static_cast<int>(blobs.size());
            stack.assign(1, {x0, y0});
            label[static_cast<std::size_t>(y0) * w + x0] = id;
            while (!stack.empty()) {
                const auto [x, y] = stack.back();
                stack.pop_back();
                const QRgb p = img.pixel(x, y);
                ++b.area;
                b.left = std::min(b.left, x), b.right = std::max(b.right, x);
                b.top = std::min(b.top, y), b.bottom = std::max(b.bottom, y);
                b.x += x, b.y += y, b.red += qRed(p), b.blue += qBlue(p);
                for (const auto& [dx, dy] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
                    const int nx = x + dx, ny = y + dy;
                    if (nx < 0 || ny < 0 || nx >= w || ny >= h)
                        continue;
                    int& l = label[static_cast<std::size_t>(ny) * w + nx];
                    if (l < 0 && !isBackground(img.pixel(nx, ny))) {
                        l = id;
                        stack.push_back({nx, ny});
                    }
                }
            }
            b.x /= b.area, b.y /= b.area, b.red /= b.area, b.blue /= b.area;
            blobs.push_back(b);
        }
    return blobs;
}

std::vector<Blob> roundBlobs(const std::vector<Blob>& blobs)
{
    std::vector<Blob> out;
    std::copy_if(blobs.begin(), blobs.end(), std::back_inserter(out), [](const Blob& b) { return b.round(); });
    return out;
}

long long countIf(const std::vector<Blob>& blobs, bool (Blob::*test)() const)
{
    return std::count_if(blobs.begin(), blobs.end(), [&](const Blob& b) { return (b.*test)(); });
}

QJsonObject material()
{
    return QJsonObject{
        {"name", "glass"},
        {"density", 2500},
        {"contact",
         QJsonObject{{"model", "linear"}, {"kn", 1e5}, {"kt", 2.5e4}, {"restitution", 0.9}, {"friction", 0.3}}}};
}

QJsonArray vec(double x, double y, double z)
{
    return QJsonArray{x, y, z};
}

// a scene without gravity (nothing moves but by its velocity) over a floor at z = 0
QString writeScene(const QString& path, const QJsonArray& bodies)
{
    const QJsonObject scene{
        {"format", "tumble-scene"},
        {"version", 1},
        {"name", "paraview test"},
        {"gravity", vec(0, 0, 0)},
        {"integration", QJsonObject{{"translation", "velocity_verlet"}, {"rotation", "buss_2nd_order"}, {"dt", 1e-5}}},
        {"materials", QJsonArray{material()}},
        {"bodies", bodies},
        {"walls", QJsonArray{QJsonObject{
                      {"type", "plane"}, {"point", vec(0, 0, 0)}, {"normal", vec(0, 0, 1)}, {"material", "glass"}}}}};
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return "cannot write " + path;
    f.write(QJsonDocument(scene).toJson());
    return {};
}

constexpr double kSpacing = 0.05;                    // m, between the grid's centres
constexpr double kRadius[3] = {0.008, 0.012, 0.008}; // m, by row

} // namespace

class TestParaViewRender : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (findPvpython().isEmpty())
            QFAIL("pvpython not found: scripts/setup.sh installs ParaView (paraview, and python3-paraview "
                  "unpacked into /opt/tumble/python3-paraview)");
    }

    // the counter tells a missing sphere, merged spheres and the legend's bar apart
    void countsDrawnBlobs()
    {
        const auto draw = [](int discs, bool touching) {
            QImage img(640, 400, QImage::Format_RGB32);
            img.fill(QColor(0, 255, 0));
            QPainter p(&img);
            p.setPen(Qt::NoPen);
            p.fillRect(50, 50, 500, 300, QColor(76, 229, 76)); // a wall over the background
            p.setBrush(QColor(200, 40, 50));
            for (int k = 0; k < discs; ++k)
                p.drawEllipse(QPointF(100 + 70 * k, 150), 20, 20);
            if (touching)
                p.drawEllipse(QPointF(100 + 70 * (discs - 1) + 30, 150), 20, 20);
            p.fillRect(600, 50, 20, 200, QColor(60, 80, 200)); // the legend's bar
            p.end();
            return findBlobs(img);
        };
        const auto all = draw(5, false);
        QCOMPARE(roundBlobs(all).size(), std::size_t(5));
        QCOMPARE(countIf(all, &Blob::bar), 1LL);
        QCOMPARE(roundBlobs(draw(4, false)).size(), std::size_t(4));
        // two discs that touch are one blob, and not a round one
        QCOMPARE(roundBlobs(draw(5, true)).size(), std::size_t(4));
    }

    // 12 spheres at their radii, coloured by speed, over the floor, with the legend
    void gridOfSpheres()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        QJsonArray bodies;
        for (int row = 0; row < 3; ++row)
            for (int col = 0; col < 4; ++col)
                bodies.append(QJsonObject{{"type", "sphere"},
                                          {"material", "glass"},
                                          {"radius", kRadius[row]},
                                          {"position", vec(kSpacing * col, kSpacing * row, 0.03)},
                                          {"velocity", vec(0.01 * (col + 1), 0, 0)}}); // speed grows with col
        const QString scene = tmp.filePath("grid.json");
        QCOMPARE(writeScene(scene, bodies), QString());
        const QString vtk = tmp.filePath("vtk");
        const CliResult r = runCli({"run", scene, "--steps", "10", "--vtk-dir", vtk, "--vtk-every", "5"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(QFileInfo::exists(vtk + "/tumble_paraview.py"));

        // the directory moved: the script finds its frames beside itself
        const QString moved = tmp.filePath("moved");
        QVERIFY(QDir().rename(vtk, moved));
        const QString png = tmp.filePath("grid.png");
        QElapsedTimer clock;
        clock.start();
        const QString failure = renderScript(moved + "/tumble_paraview.py", png, {"--view", "top"});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        qInfo("pvpython rendered the grid in %.1f s", clock.elapsed() / 1000.0);
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1280, 800));

        // not blank: the floor's quad (green-dominated but not the background) and more
        int wall = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QRgb p = image.pixel(x, y);
                wall += isBackground(p) && (qRed(p) > 40 || qBlue(p) > 40);
            }
        QVERIFY2(wall > image.width() * image.height() / 20, qPrintable(QString("wall pixels: %1").arg(wall)));

        const std::vector<Blob> blobs = findBlobs(image);
        QCOMPARE(countIf(blobs, &Blob::bar), 1LL); // the colour legend
        std::vector<Blob> spheres = roundBlobs(blobs);
        QCOMPARE(spheres.size(), std::size_t(12));

        // columns left to right (x), rows bottom to top (image y grows down)
        std::sort(spheres.begin(), spheres.end(), [](const Blob& a, const Blob& b) { return a.x < b.x; });
        double columnX[4] = {};
        for (int col = 0; col < 4; ++col) {
            std::sort(spheres.begin() + 3 * col, spheres.begin() + 3 * col + 3,
                      [](const Blob& a, const Blob& b) { return a.y > b.y; });
            for (int row = 0; row < 3; ++row)
                columnX[col] += spheres[3 * col + row].x / 3.0;
        }
        const double pixelsPerMetre = (columnX[3] - columnX[0]) / (3 * kSpacing);
        for (int col = 0; col < 4; ++col)
            for (int row = 0; row < 3; ++row) {
                const Blob& b = spheres[3 * col + row];
                const double expected = kRadius[row] * pixelsPerMetre;
                QVERIFY2(std::abs(b.radius() - expected) < 0.06 * expected,
                         qPrintable(QString("sphere row %1 col %2: radius %3 px, expected %4 px")
                                        .arg(row)
                                        .arg(col)
                                        .arg(b.radius())
                                        .arg(expected)));
                // coloured by speed: the slowest column blue, the fastest red
                if (col == 0)
                    QVERIFY2(b.blue > b.red + 40, qPrintable(QString("slow: red %1 blue %2").arg(b.red).arg(b.blue)));
                if (col == 3)
                    QVERIFY2(b.red > b.blue + 40, qPrintable(QString("fast: red %1 blue %2").arg(b.red).arg(b.blue)));
            }
    }

    // a clump is drawn as its member spheres, not as the point of its centre of mass
    void clumpsAsMembers()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        QJsonArray bodies;
        for (int k = 0; k < 3; ++k) {
            const QJsonArray spheres{QJsonObject{{"center", vec(-0.02, 0, 0)}, {"radius", 0.01}},
                                     QJsonObject{{"center", vec(0.02, 0, 0)}, {"radius", 0.01}}};
            bodies.append(QJsonObject{{"type", "clump"},
                                      {"material", "glass"},
                                      {"spheres", spheres},
                                      {"position", vec(0, 0.07 * k, 0.03)},
                                      {"velocity", vec(0, 0, 0.01 * k)}});
        }
        bodies.append(QJsonObject{{"type", "sphere"},
                                  {"material", "glass"},
                                  {"radius", 0.012},
                                  {"position", vec(0.09, 0.07, 0.03)},
                                  {"velocity", vec(0.02, 0, 0)}});
        const QString scene = tmp.filePath("clumps.json");
        QCOMPARE(writeScene(scene, bodies), QString());
        const QString vtk = tmp.filePath("vtk");
        const CliResult r = runCli({"run", scene, "--steps", "4", "--vtk-dir", vtk, "--vtk-every", "2"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(QFileInfo::exists(vtk + "/tumble_members.pvd"));
        const QString png = tmp.filePath("clumps.png");
        const QString failure = renderScript(vtk + "/tumble_paraview.py", png, {"--view", "top", "--frame", "first"});
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QCOMPARE(roundBlobs(findBlobs(QImage(png))).size(), std::size_t(7));
    }

    // a converted LAMMPS dump, in the default view: the radius from `diameter`
    void convertedLammpsDump()
    {
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        QString dump;
        for (int t : {0, 100}) {
            dump += QString("ITEM: TIMESTEP\n%1\nITEM: NUMBER OF ATOMS\n5\nITEM: BOX BOUNDS pp pp ff\n"
                            "-0.05 0.25\n-0.05 0.05\n0 0.1\nITEM: ATOMS id type x y z vx vy vz diameter\n")
                        .arg(t);
            for (int k = 0; k < 5; ++k)
                dump += QString("%1 1 %2 0 0.03 %3 0 0 0.02\n").arg(k + 1).arg(0.05 * k + 1e-5 * t).arg(0.01 * k);
        }
        QFile f(tmp.filePath("dump.atoms"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(dump.toUtf8());
        f.close();
        const QString vtk = tmp.filePath("vtk");
        const CliResult r = runCli({"convert", f.fileName(), "--vtk-dir", vtk});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString png = tmp.filePath("lammps.png");
        const QString failure = renderScript(vtk + "/lammps_paraview.py", png);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        const std::vector<Blob> blobs = findBlobs(QImage(png));
        QCOMPARE(roundBlobs(blobs).size(), std::size_t(5));
        QCOMPARE(countIf(blobs, &Blob::bar), 1LL);
    }
};

QTEST_GUILESS_MAIN(TestParaViewRender)
#include "TestParaViewRender.moc"
