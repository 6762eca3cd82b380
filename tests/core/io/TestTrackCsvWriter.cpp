// TrackCsvWriter: the CONTRACT.md header exactly; one row per tracked body per sample, in the
// order asked; world-frame state that reads back to the bit; on-step velocities for a half-step
// state; complete rows on disk at every moment.
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <numbers>

#include "IoTestFiles.h"
#include "TestHelpers.h"
#include "io/IoError.h"
#include "io/TrackCsvWriter.h"

using namespace tumble;
using namespace tumble::test;

namespace {

const char* kContractHeader = "step,time,id,x,y,z,vx,vy,vz,wx,wy,wz,Lx,Ly,Lz,qw,qx,qy,qz";

// three spheres with distinct, awkward state
World threeBodies()
{
    World w;
    w.materials.push_back(Material{});
    for (int i = 0; i < 3; ++i) {
        const double s = i + 1;
        w.addSphere(0, 0.01 * s, Vec3(s / 3.0, -s / 7.0, std::numbers::pi * s), Vec3(1e-17 * s, -2.0 / 3.0, 1e5 / s),
                    Vec3(s / 11.0, 0.0, -s));
        w.orientation.back() = Quat(Eigen::AngleAxisd(0.3 * s, Vec3(1, 2, 3).normalized()));
        w.force.back() = Vec3(0.5, -0.25, 2.0) * s;
        w.torque.back() = Vec3(1e-3, 2e-3, -3e-3) * s;
    }
    w.step = 12345;
    w.time = 0.1 + 0.2;
    return w;
}

} // namespace

class TestTrackCsvWriter : public QObject {
    Q_OBJECT
private slots:
    void headerIsTheContracts()
    {
        QCOMPARE(QString(TrackCsvWriter::kHeader), QString(kContractHeader));
        QTemporaryDir dir;
        const std::string path = dir.filePath("track.csv").toStdString();
        {
            TrackCsvWriter w(path, {0});
        }
        QCOMPARE(QString::fromStdString(readText(path)), QString(kContractHeader) + "\n");
    }

    void rowsRoundTripToTheBit()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("track.csv").toStdString();
        const World world = threeBodies();
        const std::vector<int> ids = {2, 0};
        {
            TrackCsvWriter w(path, ids);
            w.write(world, 1e-5);
            w.write(world, 1e-5);
            QCOMPARE(w.rowCount(), 4LL);
        }
        const auto lines = readLines(path);
        QCOMPARE(lines.size(), std::size_t(5));
        for (std::size_t r = 1; r < lines.size(); ++r) {
            const auto f = splitCsv(lines[r]);
            QCOMPARE(f.size(), std::size_t(19));
            const auto i = static_cast<std::size_t>(ids[(r - 1) % 2]);
            QCOMPARE(f[0], std::string("12345"));
            QCOMPARE(f[2], std::to_string(i));
            const Quat& q = world.orientation[i];
            const double expected[] = {world.time,
                                       world.position[i].x(),
                                       world.position[i].y(),
                                       world.position[i].z(),
                                       world.velocity[i].x(),
                                       world.velocity[i].y(),
                                       world.velocity[i].z(),
                                       world.angularVelocity[i].x(),
                                       world.angularVelocity[i].y(),
                                       world.angularVelocity[i].z(),
                                       world.angularMomentum[i].x(),
                                       world.angularMomentum[i].y(),
                                       world.angularMomentum[i].z(),
                                       q.w(),
                                       q.x(),
                                       q.y(),
                                       q.z()};
            const int column[] = {1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18};
            for (int c = 0; c < 17; ++c) {
                bool ok = false;
                const double v = parseDouble(f[column[c]], &ok);
                QVERIFY(ok);
                QVERIFY2(
                    sameBits(v, expected[c]),
                    qPrintable(QStringLiteral("row %1 column %2: %3").arg(r).arg(column[c]).arg(f[column[c]].c_str())));
            }
        }
    }

    void halfStepValuesAreReportedOnStep_data()
    {
        QTest::addColumn<bool>("halfV");
        QTest::addColumn<bool>("halfL");
        QTest::newRow("translation half-step") << true << false;
        QTest::newRow("rotation half-step") << false << true;
        QTest::newRow("both half-step") << true << true;
    }

    void halfStepValuesAreReportedOnStep()
    {
        // leapfrog keeps v(t - dt/2); the row holds v(t) = v(t - dt/2) + F/m dt/2, L likewise
        // with the torque; each part follows its own timing
        QFETCH(bool, halfV);
        QFETCH(bool, halfL);
        QTemporaryDir dir;
        const std::string path = dir.filePath("track.csv").toStdString();
        World world = threeBodies();
        world.velocityTiming = halfV ? VelocityTiming::HalfStep : VelocityTiming::OnStep;
        world.angularTiming = halfL ? VelocityTiming::HalfStep : VelocityTiming::OnStep;
        const double dt = 0.01;
        TrackCsvWriter(path, {1}).write(world, dt);
        const auto f = splitCsv(readLines(path).at(1));
        const Vec3 v = world.velocity[1] + (halfV ? 0.5 : 0.0) * world.force[1] / world.mass[1] * dt;
        const Vec3 l = world.angularMomentum[1] + (halfL ? 0.5 : 0.0) * world.torque[1] * dt;
        const Vec3 w = halfL ? Vec3(l / world.inertia[1].x()) : world.angularVelocity[1]; // isotropic sphere
        bool ok = false;
        for (int k = 0; k < 3; ++k) {
            TUMBLE_NEAR(parseDouble(f[6 + k], &ok), v[k], 1e-15, 1e-14);
            TUMBLE_NEAR(parseDouble(f[9 + k], &ok), w[k], 1e-15, 1e-12);
            TUMBLE_NEAR(parseDouble(f[12 + k], &ok), l[k], 1e-20, 1e-14);
        }
    }

    void samplesAreOnDiskWhileTheWriterLives()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("track.csv").toStdString();
        World world = threeBodies();
        auto w = std::make_unique<TrackCsvWriter>(path, std::vector<int>{0, 1, 2});
        for (int k = 0; k < 4; ++k) {
            world.step += 1;
            w->write(world, 1e-5);
            const auto lines = readLines(path);
            QCOMPARE(lines.size(), std::size_t(1 + 3 * (k + 1)));
            QCOMPARE(readText(path).back(), '\n');
        }
        w.reset();
        const auto lines = readLines(path);
        QCOMPARE(lines.size(), std::size_t(13));
        for (std::size_t r = 1; r < lines.size(); ++r)
            QCOMPARE(splitCsv(lines[r]).size(), std::size_t(19));
    }

    void sortedWorldIsTrackedBySceneId()
    {
        // a simulation may keep its bodies sorted (World::permuteBodies): id 0 is still the
        // scene's first body
        QTemporaryDir dir;
        const std::string path = dir.filePath("track.csv").toStdString();
        const World scene = threeBodies();
        World sorted = scene;
        std::vector<int> memberOrder;
        World::PermuteScratch scratch;
        sorted.permuteBodies({2, 0, 1}, memberOrder, scratch);
        QCOMPARE(sorted.bodySlot(0), std::size_t(1));
        TrackCsvWriter(path, {0, 2}).write(sorted, 1e-5);
        const auto lines = readLines(path);
        QCOMPARE(lines.size(), std::size_t(3));
        for (int id : {0, 2}) {
            const auto f = splitCsv(lines[id == 0 ? 1 : 2]);
            QCOMPARE(f[2], std::to_string(id));
            bool ok = false;
            for (int k = 0; k < 3; ++k)
                QVERIFY(sameBits(parseDouble(f[3 + k], &ok), scene.position[std::size_t(id)][k]));
            QVERIFY(sameBits(parseDouble(f[15], &ok), scene.orientation[std::size_t(id)].w()));
        }
    }

    void unknownIdIsRejected()
    {
        QTemporaryDir dir;
        TrackCsvWriter w(dir.filePath("track.csv").toStdString(), {3});
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, w.write(threeBodies(), 1e-5));
    }

    void openErrorNamesTheFile()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("missing/track.csv").toStdString();
        try {
            TrackCsvWriter w(path, {0});
            QFAIL("opening a file in a missing directory succeeded");
        } catch (const IoError& e) {
            QVERIFY2(QString(e.what()).contains(QString::fromStdString(path)), e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestTrackCsvWriter)
#include "TestTrackCsvWriter.moc"
