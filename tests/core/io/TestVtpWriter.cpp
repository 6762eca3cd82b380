// VtpWriter: well-formed VTK XML PolyData whose points are the bodies' centres and whose point
// data (radius, velocity, id, ...) read back to the bit, one vertex cell per body, and a .pvd
// collection that lists every frame with its time, valid after each frame; a periodic cell as its
// own series of parallelepipeds; with clumps a series of their member spheres; the ParaView script
// once, with the first frame, naming what it shows.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <array>
#include <map>
#include <numbers>
#include <set>

#include "IoTestFiles.h"
#include "io/IoError.h"
#include "io/VtpWriter.h"

using namespace tumble;
using namespace tumble::test;

namespace {

World twoBodies()
{
    World w;
    w.materials.push_back(Material{});
    w.addSphere(0, 0.01, Vec3(1.0 / 3.0, 0.0, std::numbers::pi), Vec3(0.1, -0.2, 1e-300), Vec3(0, 0, 1));
    w.addSphere(0, 0.02 / 3.0, Vec3(-1e5, 2.5, 1e-17), Vec3(-1.0 / 7.0, 0, 0), Vec3(1, 2, 3));
    w.step = 42;
    w.time = 0.1 + 0.2;
    return w;
}

struct ArrayData {
    int components = 1;
    std::vector<double> values;
};

// the named DataArrays of a .vtp, by section ("PointData/radius", "Points/Points", ...), plus
// the Piece's point count; fails the test on malformed XML
std::map<QString, ArrayData> readVtp(const QString& path, int* pointCount)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(path));
    QXmlStreamReader xml(&f);
    std::map<QString, ArrayData> arrays;
    QString section;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("Piece"))
            *pointCount = xml.attributes().value("NumberOfPoints").toInt();
        if (name == QLatin1String("PointData") || name == QLatin1String("Points") || name == QLatin1String("Verts") ||
            name == QLatin1String("FieldData") || name == QLatin1String("Lines"))
            section = name.toString();
        if (name == QLatin1String("DataArray")) {
            ArrayData a;
            const QString comps = xml.attributes().value("NumberOfComponents").toString();
            a.components = comps.isEmpty() ? 1 : comps.toInt();
            const QString key = section + "/" + xml.attributes().value("Name").toString();
            const QString text = xml.readElementText();
            for (const QString& tok : text.split(QRegularExpression("\\s+"), Qt::SkipEmptyParts)) {
                bool ok = false;
                a.values.push_back(parseDouble(tok.toStdString(), &ok));
                if (!ok)
                    qWarning("bad number %s in %s", qPrintable(tok), qPrintable(key));
            }
            arrays[key] = a;
        }
    }
    if (xml.hasError())
        qWarning("%s: %s", qPrintable(path), qPrintable(xml.errorString()));
    return xml.hasError() ? std::map<QString, ArrayData>{} : arrays;
}

} // namespace

class TestVtpWriter : public QObject {
    Q_OBJECT
private slots:
    void frameHoldsCentresAndPointData()
    {
        QTemporaryDir dir;
        const World world = twoBodies();
        VtpWriter writer(dir.path().toStdString());
        writer.writeFrame(world, 1e-5);
        QCOMPARE(writer.frameFiles().size(), std::size_t(1));
        int points = -1;
        const auto arrays = readVtp(dir.filePath(QString::fromStdString(writer.frameFiles()[0])), &points);
        QVERIFY(!arrays.empty());
        QCOMPARE(points, 2);

        const ArrayData& xyz = arrays.at("Points/Points");
        const ArrayData& radius = arrays.at("PointData/radius");
        const ArrayData& velocity = arrays.at("PointData/velocity");
        const ArrayData& id = arrays.at("PointData/id");
        QCOMPARE(xyz.components, 3);
        QCOMPARE(velocity.components, 3);
        QCOMPARE(xyz.values.size(), std::size_t(6));
        QCOMPARE(radius.values.size(), std::size_t(2));
        QCOMPARE(id.values.size(), std::size_t(2));
        for (std::size_t i = 0; i < 2; ++i) {
            QVERIFY(sameBits(radius.values[i], world.radius[i]));
            QCOMPARE(id.values[i], double(i));
            for (int k = 0; k < 3; ++k) {
                QVERIFY(sameBits(xyz.values[3 * i + k], world.position[i][k]));
                QVERIFY(sameBits(velocity.values[3 * i + k], world.velocity[i][k]));
            }
        }
        // a vertex cell per body, so ParaView draws the points as they are
        QCOMPARE(arrays.at("Verts/connectivity").values, (std::vector<double>{0, 1}));
        QCOMPARE(arrays.at("Verts/offsets").values, (std::vector<double>{1, 2}));
        QVERIFY(sameBits(arrays.at("FieldData/TimeValue").values.at(0), world.time));
    }

    void sortedWorldGoesOutInSceneOrder()
    {
        // a simulation may keep its bodies sorted (World::permuteBodies): point s is still the
        // body with scene id s
        QTemporaryDir dir;
        const World scene = twoBodies();
        World sorted = scene;
        std::vector<int> memberOrder;
        World::PermuteScratch scratch;
        sorted.permuteBodies({1, 0}, memberOrder, scratch);
        QCOMPARE(sorted.bodyId(0), 1);
        QVERIFY(sameBits(sorted.position[0].x(), scene.position[1].x()));
        VtpWriter writer(dir.path().toStdString());
        writer.writeFrame(sorted, 1e-5);
        int points = -1;
        const auto arrays = readVtp(dir.filePath(QString::fromStdString(writer.frameFiles()[0])), &points);
        QVERIFY(!arrays.empty());
        QCOMPARE(points, 2);
        for (std::size_t i = 0; i < 2; ++i) {
            QCOMPARE(arrays.at("PointData/id").values[i], double(i));
            QVERIFY(sameBits(arrays.at("PointData/radius").values[i], scene.radius[i]));
            for (int k = 0; k < 3; ++k) {
                QVERIFY(sameBits(arrays.at("Points/Points").values[3 * i + k], scene.position[i][k]));
                QVERIFY(sameBits(arrays.at("PointData/velocity").values[3 * i + k], scene.velocity[i][k]));
            }
        }
    }

    void collectionListsEveryFrameWithItsTime()
    {
        QTemporaryDir dir;
        World world = twoBodies();
        VtpWriter writer(dir.filePath("frames/nested").toStdString()); // created with its parents
        std::vector<double> times;
        for (int k = 0; k < 3; ++k) {
            world.step = 100 * k;
            world.time = k / 3.0;
            times.push_back(world.time);
            writer.writeFrame(world, 1e-5);

            // the collection is valid after every frame, and names only files that exist
            QFile pvd(QString::fromStdString(writer.collectionPath()));
            QVERIFY(pvd.open(QIODevice::ReadOnly));
            QXmlStreamReader xml(&pvd);
            std::vector<double> listed;
            while (!xml.atEnd()) {
                xml.readNext();
                if (xml.isStartElement() && xml.name() == QLatin1String("DataSet")) {
                    bool ok = false;
                    listed.push_back(parseDouble(xml.attributes().value("timestep").toString().toStdString(), &ok));
                    QVERIFY(ok);
                    const QString file = xml.attributes().value("file").toString();
                    QVERIFY2(QFile::exists(dir.filePath("frames/nested/" + file)), qPrintable(file));
                }
            }
            QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
            QCOMPARE(listed.size(), times.size());
            for (std::size_t i = 0; i < times.size(); ++i)
                QVERIFY(sameBits(listed[i], times[i]));
        }
        // frame files sort in step order by name
        QStringList files = QDir(dir.filePath("frames/nested")).entryList({"*.vtp"}, QDir::Files, QDir::Name);
        QCOMPARE(files.size(), 3);
        for (int k = 0; k < 3; ++k)
            QCOMPARE(files[k].toStdString(), writer.frameFiles()[static_cast<std::size_t>(k)]);
    }

    void aPeriodicCellGoesOutAsItsParallelepiped()
    {
        // a tilted cell: its 8 corners are the sums of subsets of the sides, and each of its 12
        // edges joins two corners one side apart
        QTemporaryDir dir;
        World world = twoBodies();
        Mat3 h;
        h << 0.3, 0.1, -0.05, 0.0, 0.25, 0.02, 0.0, 0.0, 0.2; // columns a, b, c, m
        Mat3 l = Mat3::Zero();
        l(0, 1) = 2.5;
        world.cell = PeriodicCell(h, {true, true, false}, l, CellModel::LeesEdwards);
        VtpWriter writer(dir.path().toStdString());
        writer.writeFrame(world, 1e-5);
        world.step = 43;
        world.time = 0.5;
        writer.writeFrame(world, 1e-5);
        const QString pvd = QString::fromStdString(writer.cellCollectionPath());
        QVERIFY(pvd.endsWith("tumble_cell.pvd"));
        QVERIFY(readText(writer.scriptPath()).find("CELL = \"tumble_cell.pvd\"") != std::string::npos);
        const std::string collection = readText(pvd.toStdString());
        QVERIFY(collection.find("tumble_cell_000000042.vtp") != std::string::npos);
        QVERIFY(collection.find("tumble_cell_000000043.vtp") != std::string::npos);

        int points = 0;
        auto cell = readVtp(dir.filePath("tumble_cell_000000043.vtp"), &points);
        QCOMPARE(points, 8);
        const std::vector<double>& xyz = cell["Points/Points"].values;
        QCOMPARE(xyz.size(), std::size_t(24));
        auto corner = [&](int c) { return Vec3(xyz[3 * c], xyz[3 * c + 1], xyz[3 * c + 2]); };
        std::set<std::array<long, 3>> corners;
        for (int c = 0; c < 8; ++c) {
            const Vec3 f = h.inverse() * corner(c); // fractional: 0 or 1 along each side
            for (int k = 0; k < 3; ++k)
                QVERIFY2(std::abs(f[k]) < 1e-12 || std::abs(f[k] - 1.0) < 1e-12, qPrintable(QString::number(f[k])));
            corners.insert({std::lround(f[0]), std::lround(f[1]), std::lround(f[2])});
        }
        QCOMPARE(corners.size(), std::size_t(8));
        const std::vector<double>& ends = cell["Lines/connectivity"].values;
        QCOMPARE(ends.size(), std::size_t(24));
        int along[3] = {0, 0, 0};
        for (std::size_t e = 0; e < 12; ++e) {
            const Vec3 d = corner(int(ends[2 * e + 1])) - corner(int(ends[2 * e]));
            int sides = 0;
            for (int k = 0; k < 3; ++k)
                if ((d - h.col(k)).norm() < 1e-12) {
                    ++along[k];
                    ++sides;
                }
            QCOMPARE(sides, 1);
        }
        QCOMPARE(along[0], 4);
        QCOMPARE(along[1], 4);
        QCOMPARE(along[2], 4);
        QCOMPARE(cell["Lines/offsets"].values.back(), 24.0);
        // the cell's sides and L travel as field data, in the bodies' frames too
        for (const QString& file : {QString("tumble_cell_000000043.vtp"), QString("tumble_000000043.vtp")}) {
            auto arrays = readVtp(dir.filePath(file), &points);
            const std::vector<double>& sides = arrays["FieldData/cell_vectors"].values;
            const std::vector<double>& gradient = arrays["FieldData/velocity_gradient"].values;
            QCOMPARE(sides.size(), std::size_t(9));
            QCOMPARE(gradient.size(), std::size_t(9));
            for (int k = 0; k < 3; ++k)
                for (int j = 0; j < 3; ++j) {
                    QVERIFY(sameBits(sides[std::size_t(3 * k + j)], h(j, k))); // tuple k: side k
                    QVERIFY(sameBits(gradient[std::size_t(3 * k + j)], l(k, j)));
                }
            QVERIFY(sameBits(arrays["FieldData/TimeValue"].values.at(0), 0.5));
        }
        // each body's velocity relative to the medium, v - L x
        auto bodies = readVtp(dir.filePath("tumble_000000043.vtp"), &points);
        const std::vector<double>& u = bodies["PointData/fluctuation_velocity"].values;
        QCOMPARE(u.size(), std::size_t(6));
        for (std::size_t b = 0; b < 2; ++b) {
            const Vec3 expected = world.velocity[b] - l * world.position[b];
            for (int k = 0; k < 3; ++k)
                QVERIFY(sameBits(u[3 * b + std::size_t(k)], expected[k]));
        }
        // a world without a cell writes no cell series
        QTemporaryDir plain;
        VtpWriter none(plain.path().toStdString());
        none.writeFrame(twoBodies(), 1e-5);
        QVERIFY(!QFile::exists(QString::fromStdString(none.cellCollectionPath())));
        QCOMPARE(QDir(plain.path()).entryList({"*.vtp"}, QDir::Files).size(), 1);
    }

    void clumpsGoOutAsTheirMembers()
    {
        // a sphere and a turned two-member clump, then sorted: members in scene order, each at its
        // world centre with its own radius, its body's scene id and velocity
        QTemporaryDir dir;
        World world = twoBodies();
        const Quat turn(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitZ()));
        const int clump = world.addRigidBody(0, 2.0, Vec3(1e-4, 2e-4, 2e-4), turn, 0.05, Vec3(1, 2, 3), Vec3(0.5, 0, 0),
                                             Vec3::Zero());
        world.addMember(clump, Vec3(0.02, 0, 0), 0.015);
        world.addMember(clump, Vec3(-0.02, 0, 0), 0.01);
        world.updateMemberPositions();
        std::vector<int> memberOrder;
        World::PermuteScratch scratch;
        world.permuteBodies({2, 1, 0}, memberOrder, scratch);
        VtpWriter writer(dir.path().toStdString());
        writer.writeFrame(world, 1e-5);
        QVERIFY(QString::fromStdString(writer.membersCollectionPath()).endsWith("tumble_members.pvd"));
        QVERIFY(readText(writer.membersCollectionPath()).find("tumble_members_000000042.vtp") != std::string::npos);
        int points = -1;
        auto arrays = readVtp(dir.filePath("tumble_members_000000042.vtp"), &points);
        QCOMPARE(points, 4);
        QCOMPARE(arrays["PointData/radius"].values, (std::vector<double>{0.01, 0.02 / 3.0, 0.015, 0.01}));
        QCOMPARE(arrays["PointData/body_id"].values, (std::vector<double>{0, 1, 2, 2}));
        const std::vector<double>& xyz = arrays["Points/Points"].values;
        const Vec3 expected[4] = {Vec3(1.0 / 3.0, 0.0, std::numbers::pi), Vec3(-1e5, 2.5, 1e-17), Vec3(1, 2.02, 3),
                                  Vec3(1, 1.98, 3)};
        for (int m = 0; m < 4; ++m)
            for (int k = 0; k < 3; ++k)
                QVERIFY(std::abs(xyz[std::size_t(3 * m + k)] - expected[m][k]) < 1e-12);
        const std::vector<double>& v = arrays["PointData/velocity"].values;
        QCOMPARE(v[9], 0.5);
        QCOMPARE(v[6], 0.5);
        QCOMPARE(v[0], 0.1);
        QCOMPARE(arrays["Verts/offsets"].values.size(), std::size_t(4));
        // the script shows the members in place of the bodies
        QVERIFY(readText(writer.scriptPath()).find("SPHERES = \"tumble_members.pvd\"") != std::string::npos);
        // a world of spheres has no members series
        QTemporaryDir plain;
        VtpWriter none(plain.path().toStdString());
        none.writeFrame(twoBodies(), 1e-5);
        QVERIFY(!QFile::exists(QString::fromStdString(none.membersCollectionPath())));
        QVERIFY(readText(none.scriptPath()).find("SPHERES = \"tumble.pvd\"") != std::string::npos);
    }

    void theParaViewScriptComesWithTheFirstFrame()
    {
        QTemporaryDir dir;
        World world = twoBodies();
        world.walls.push_back(Wall{Vec3(0, 0, -0.5), Vec3(0, 0, 1), 0});
        VtpWriter writer(dir.path().toStdString(), "run");
        QVERIFY(QString::fromStdString(writer.scriptPath()).endsWith("run_paraview.py"));
        QVERIFY(!QFile::exists(QString::fromStdString(writer.scriptPath())));
        writer.writeFrame(world, 1e-5);
        const std::string script = readText(writer.scriptPath());
        QVERIFY(script.find("SPHERES = \"run.pvd\"") != std::string::npos);
        QVERIFY(script.find("((0, 0, -0.5), (0, 0, 1))") != std::string::npos);
        QVERIFY(script.find("CELL = None") != std::string::npos);
        // written once: a later frame leaves it be
        QVERIFY(QFile::remove(QString::fromStdString(writer.scriptPath())));
        ++world.step;
        writer.writeFrame(world, 1e-5);
        QVERIFY(!QFile::exists(QString::fromStdString(writer.scriptPath())));
        // frames given as text (tumble-cli convert) get one too, without walls
        QTemporaryDir converted;
        VtpWriter text(converted.path().toStdString(), "lammps");
        text.writeFrameText(7, 0.5, VtpWriter::frameText(twoBodies(), 1e-5));
        const std::string plain = readText(text.scriptPath());
        QVERIFY(plain.find("SPHERES = \"lammps.pvd\"") != std::string::npos);
        QVERIFY(plain.find("WALLS = [\n]") != std::string::npos);
        // the frame, the collection and the script
        QCOMPARE(QDir(converted.path()).entryList(QDir::Files).size(), 3);
    }

    void emptyWorldIsAValidFrame()
    {
        QTemporaryDir dir;
        World world;
        VtpWriter writer(dir.path().toStdString());
        writer.writeFrame(world, 1e-5);
        int points = -1;
        const auto arrays = readVtp(dir.filePath(QString::fromStdString(writer.frameFiles()[0])), &points);
        QVERIFY(!arrays.empty());
        QCOMPARE(points, 0);
    }

    void directoryErrorNamesTheDirectory()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath("a-file");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        // a directory cannot be created below a regular file
        const std::string bad = (file + "/frames").toStdString();
        try {
            VtpWriter writer(bad);
            QFAIL("a directory below a regular file was accepted");
        } catch (const IoError& e) {
            QVERIFY2(QString(e.what()).contains(QString::fromStdString(bad)), e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestVtpWriter)
#include "TestVtpWriter.moc"
