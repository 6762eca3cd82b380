// A LAMMPS dump of a million atoms replayed (session/ReplaySource.h): how fast the background
// reading goes (MB/s), how soon the first frame is on screen, how long a seek to another frame
// takes, and the process's peak memory against the file's size, so "streamed, not loaded whole"
// is a figure (docs/PERFORMANCE.md, "Replaying a LAMMPS dump"). Label "benchmark": outside the
// default run. Fails when the peak memory grows with the file rather than with one frame.
#include <QtTest>

#include <QElapsedTimer>
#include <QTemporaryDir>

#include <sys/resource.h>

#include <cstdio>
#include <random>

#include "session/ReplaySource.h"

using namespace tumble::ui;

namespace {

constexpr long long kAtoms = 1000000;
constexpr int kFrames = 4;

double peakMegabytes()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_maxrss) / 1024.0; // kB on Linux
}

} // namespace

class TestReplayLargeDump : public QObject {
    Q_OBJECT
private slots:
    void millionAtoms()
    {
        QTemporaryDir tmp;
        const std::string path = tmp.filePath("dump.atoms").toStdString();
        {
            // LammpsExport's columns at 17 digits, a random gas in a 1 m box
            std::FILE* f = std::fopen(path.c_str(), "w");
            QVERIFY(f);
            std::mt19937_64 rng(7);
            std::uniform_real_distribution<double> u(0.0, 1.0);
            for (int k = 0; k < kFrames; ++k) {
                std::fprintf(f,
                             "ITEM: TIMESTEP\n%d\nITEM: TIME\n%.17g\nITEM: NUMBER OF ATOMS\n%lld\n"
                             "ITEM: BOX BOUNDS mm mm mm\n0 1\n0 1\n0 1\n"
                             "ITEM: ATOMS id mol type radius x y z vx vy vz omegax omegay omegaz fx fy fz\n",
                             1000 * k, 1e-5 * 1000 * k, kAtoms);
                for (long long i = 0; i < kAtoms; ++i)
                    std::fprintf(
                        f,
                        "%lld %lld 1 %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n",
                        i + 1, i + 1, 0.001 + 0.001 * u(rng), u(rng), u(rng), u(rng), u(rng) - 0.5, u(rng) - 0.5,
                        u(rng) - 0.5, u(rng), u(rng), u(rng), u(rng), u(rng), u(rng));
            }
            std::fclose(f);
        }
        const double before = peakMegabytes();
        QElapsedTimer clock;
        clock.start();
        ReplaySource source(path);
        QVERIFY(source.waitShown(0, 600000));
        const double firstMs = double(clock.elapsed());
        QVERIFY(source.waitIndexed(600000));
        const double indexMs = double(clock.elapsed());
        const ReplaySource::Status s = source.status();
        QVERIFY2(s.error.empty(), s.error.c_str());
        QCOMPARE(s.frames, kFrames);
        clock.restart();
        source.show(kFrames - 1);
        QVERIFY(source.waitShown(kFrames - 1, 600000));
        const double seekMs = double(clock.elapsed());
        QCOMPARE(source.takeSnapshot()->memberCount(), std::size_t(kAtoms));
        const double fileMb = double(s.bytes) / (1 << 20);
        const double peak = peakMegabytes();
        std::printf(
            "replay of %lld atoms x %d frames, %.0f MB: first frame on screen after %.2f s, whole file read in "
            "%.2f s (%.0f MB/s), a seek and load of another frame %.2f s; peak memory %.0f MB (%.0f MB before), "
            "%.2f of the file\n",
            kAtoms, kFrames, fileMb, firstMs / 1000, indexMs / 1000, fileMb / (indexMs / 1000), seekMs / 1000, peak,
            before, peak / fileMb);
        // one frame's values (the loader's, 8 B x 16 columns; the indexer keeps none after the first)
        // and a snapshot's floats, whatever the number of frames
        const double oneFrameMb = double(kAtoms) * 16 * 8 / (1 << 20);
        QVERIFY2(peak - before < 2.0 * oneFrameMb, "memory grows with the file, not with one frame");
    }
};

QTEST_GUILESS_MAIN(TestReplayLargeDump)
#include "TestReplayLargeDump.moc"
