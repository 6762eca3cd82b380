// LAMMPS text dumps read a frame at a time (io/LammpsDump.h): the items LAMMPS writes (TIME,
// TIMESTEP, NUMBER OF ATOMS, BOX BOUNDS, triclinic tilts, ATOMS and local ENTRIES) come back as
// written, and each kind of damage is refused at its line, naming the file and the problem,
// after the frames before it were read whole.
#include <QtTest>

#include "IoTestFiles.h"
#include "io/LammpsDump.h"

using namespace tumble;

namespace {

const char* kTwoFrames = R"(ITEM: TIME
0
ITEM: TIMESTEP
0
ITEM: NUMBER OF ATOMS
2
ITEM: BOX BOUNDS pp pp mm
-1.0 1.0
-2.0 2.0
0.0 3.5
ITEM: ATOMS id type radius x y z vx
1 1 0.5 0.1 0.2 0.3 -1.5
2 1 0.25 1e-3 -2.5e+01 7 0
ITEM: TIME
0.125
ITEM: TIMESTEP
100
ITEM: NUMBER OF ATOMS
1
ITEM: BOX BOUNDS xy xz yz pp pp pp
-1.0 1.0 0.25
-2.0 2.0 0
0.0 3.5 -0.5
ITEM: ATOMS id type radius x y z vx
2 1 0.25 0.5 0.5 0.5 2
)";

// a dump file of the given text
class DumpFile : public test::TempTextFile {
public:
    explicit DumpFile(const std::string& text) : TempTextFile("dump.txt", text) {}
};

} // namespace

class TestLammpsDump : public QObject {
    Q_OBJECT
private slots:
    void readsFramesAsWritten()
    {
        const DumpFile file(kTwoFrames);
        LammpsDumpReader reader(file.path());
        LammpsDumpFrame f;
        QVERIFY(reader.next(f));
        QCOMPARE(f.timestep, 0LL);
        QCOMPARE(*f.time, 0.0);
        QCOMPARE(f.rows, std::size_t(2));
        QCOMPARE(f.columns.size(), std::size_t(7));
        QVERIFY(!f.triclinic);
        QCOMPARE(f.box[1][0], -2.0);
        QCOMPARE(f.box[2][1], 3.5);
        QCOMPARE(f.at(1, f.column("y")), -25.0);
        QCOMPARE(f.at(1, f.column("x")), 1e-3);
        QCOMPARE(f.at(0, f.column("vx")), -1.5);
        QCOMPARE(f.column("omegax"), -1);
        QVERIFY(reader.next(f));
        QCOMPARE(f.timestep, 100LL);
        QCOMPARE(*f.time, 0.125);
        QVERIFY(f.triclinic);
        QCOMPARE(f.tilt[0], 0.25);
        QCOMPARE(f.tilt[2], -0.5);
        QCOMPARE(f.rows, std::size_t(1));
        QCOMPARE(f.at(0, f.column("vx")), 2.0);
        QVERIFY(!reader.next(f));
    }

    void damageIsNamedAtItsLine_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("problem");
        QTest::newRow("not a number") << "2 1 0.25 0.5 0.5 0.5 2"
                                      << "2 1 0.25 0.5 abc 0.5 2" << 25 << "column y is 'abc', not a number";
        QTest::newRow("a field short") << "2 1 0.25 0.5 0.5 0.5 2"
                                       << "2 1 0.25 0.5 0.5 0.5" << 25
                                       << "row 1 has 6 fields, the ITEM: line names 7 columns";
        QTest::newRow("unknown item") << "ITEM: TIMESTEP\n100"
                                      << "ITEM: TIMESTOP\n100" << 16 << "unknown item 'ITEM: TIMESTOP'";
        QTest::newRow("box line short") << "-2.0 2.0 0\n"
                                        << "-2.0 2.0\n"
                                        << 22 << "a box bound line needs 3 numbers";
        QTest::newRow("count not a count") << "NUMBER OF ATOMS\n1\n"
                                           << "NUMBER OF ATOMS\n-1\n"
                                           << 19 << "the count '-1' is not a count";
        QTest::newRow("rows before the step") << "ITEM: TIMESTEP\n100\n"
                                              << "" << 22 << "the rows begin before the frame's ITEM: TIMESTEP";
    }

    void damageIsNamedAtItsLine()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(int, line);
        QFETCH(QString, problem);
        std::string text = kTwoFrames;
        const std::size_t at = text.rfind(from.toStdString());
        QVERIFY(at != std::string::npos);
        text.replace(at, from.size(), to.toStdString());
        const DumpFile file(text);
        LammpsDumpReader reader(file.path());
        LammpsDumpFrame f;
        QVERIFY(reader.next(f)); // the first frame is whole
        QCOMPARE(f.rows, std::size_t(2));
        try {
            reader.next(f);
            QFAIL("no DumpError");
        } catch (const DumpError& e) {
            const QString what = QString::fromStdString(e.what());
            QVERIFY2(what.startsWith(QString::fromStdString(file.path()) + ": line " + QString::number(line) + ": "),
                     qPrintable(what));
            QVERIFY2(what.contains(problem), qPrintable(what));
        }
    }

    void cutShortAnywhereIsNamed()
    {
        // every cut inside the second frame is refused, naming the line it ends at; a cut between
        // frames is a clean end
        const std::string text = kTwoFrames;
        const std::size_t second = text.find("ITEM: TIME\n0.125");
        for (std::size_t cut = second + 1; cut < text.size() - 1; ++cut) {
            if (text[cut - 1] != '\n')
                continue;
            const DumpFile file(text.substr(0, cut));
            LammpsDumpReader reader(file.path());
            LammpsDumpFrame f;
            QVERIFY(reader.next(f));
            try {
                reader.next(f);
                QFAIL(qPrintable(QString("cut at byte %1 not refused").arg(cut)));
            } catch (const DumpError& e) {
                QVERIFY2(QString(e.what()).contains("cut short"), e.what());
            }
        }
        const DumpFile whole(text.substr(0, second));
        LammpsDumpReader reader(whole.path());
        LammpsDumpFrame f;
        QVERIFY(reader.next(f));
        QVERIFY(!reader.next(f));
    }

    void seekReadsAFrameAgainWithItsLines()
    {
        // (the replay's loader: an index of where frames begin, then any frame in any order)
        const DumpFile file(kTwoFrames);
        LammpsDumpReader reader(file.path());
        LammpsDumpFrame f;
        QVERIFY(reader.next(f));
        QCOMPARE(reader.frameOffset(), std::size_t(0));
        QCOMPARE(reader.frameLine(), 0LL);
        QVERIFY(reader.next(f));
        const std::size_t second = reader.frameOffset();
        const long long secondLine = reader.frameLine();
        QCOMPARE(secondLine, 13LL); // the first frame is lines 1 to 13
        QCOMPARE(second, std::string(kTwoFrames).find("ITEM: TIME\n0.125"));
        QVERIFY(!reader.next(f));
        reader.seek(second, secondLine);
        QVERIFY(reader.next(f));
        QCOMPARE(f.timestep, 100LL);
        QCOMPARE(f.at(0, f.column("vx")), 2.0);
        QCOMPARE(reader.line(), 25LL);
        reader.seek(0, 0);
        QVERIFY(reader.next(f));
        QCOMPARE(f.timestep, 0LL);
        QCOMPARE(f.rows, std::size_t(2));
        QCOMPARE(reader.line(), 13LL);
    }

    void missingFileIsNamed()
    {
        try {
            LammpsDumpReader reader("/nonexistent/dump.atoms");
            QFAIL("no DumpError");
        } catch (const DumpError& e) {
            QVERIFY(QString(e.what()).contains("/nonexistent/dump.atoms"));
        }
    }
};

QTEST_APPLESS_MAIN(TestLammpsDump)
#include "TestLammpsDump.moc"
