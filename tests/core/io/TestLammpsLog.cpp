// LAMMPS logs (io/LammpsLog.h): the thermo blocks of every run read into one table, LAMMPS's
// messages and warnings between and inside them skipped; a row that does not fit its header is
// refused at its line, unless it is the file's last line (a run still writing, or killed), which
// is dropped and said; a second run with other columns and a log without thermo are refused.
#include <QtTest>

#include "IoTestFiles.h"
#include "io/LammpsLog.h"

using namespace tumble;

namespace {

const char* kTwoRuns = R"(LAMMPS (29 Sep 2021 - Update 2)
Reading data file ...
Per MPI rank memory allocation (min/avg/max) = 5.1 | 5.1 | 5.1 Mbytes
Step Time v_kinetic_translational v_potential_gravity 
       0            0            0   0.5 
      10        1e-05  2.5e-07      0.49999975 
WARNING: Less insertions than requested (src/GRANULAR/fix_pour.cpp:681)
      20        2e-05  1e-06   0.499999 
Loop time of 0.01 on 1 procs for 20 steps with 2 atoms

Step Time v_kinetic_translational v_potential_gravity 
      20        2e-05  1e-06   0.499999 
      30        3e-05  2.25e-06   0.49999775 
Loop time of 0.01 on 1 procs for 10 steps with 2 atoms
Total wall time: 0:00:00
)";

// a log file of the given text
class LogFile : public test::TempTextFile {
public:
    explicit LogFile(const std::string& text) : TempTextFile("log.lammps", text) {}
};

} // namespace

class TestLammpsLog : public QObject {
    Q_OBJECT
private slots:
    void readsEveryRunsThermoRows()
    {
        const LogFile file(kTwoRuns);
        const LammpsThermo t = readLammpsLog(file.path());
        QCOMPARE(t.columns.size(), std::size_t(4));
        QCOMPARE(t.column("Time"), 1);
        QCOMPARE(t.column("v_potential_gravity"), 3);
        QCOMPARE(t.column("KinEng"), -1);
        QCOMPARE(t.rows.size(), std::size_t(5)); // a second run repeats its first step: kept as written
        QCOMPARE(t.rows[2][0], 20.0);
        QCOMPARE(t.rows[3][0], 20.0);
        QCOMPARE(t.rows[4][2], 2.25e-06);
        QVERIFY(t.cutShort.empty());
    }

    void badRowIsRefusedAtItsLine()
    {
        std::string text = kTwoRuns;
        text.replace(text.find("2.5e-07"), 7, "2.5e-0x");
        const LogFile file(text);
        try {
            readLammpsLog(file.path());
            QFAIL("no LogError");
        } catch (const LogError& e) {
            const QString m = e.what();
            QVERIFY2(m.startsWith(QString::fromStdString(file.path() + ": line 6: ")), qPrintable(m));
            QVERIFY2(m.contains("needs 4 numbers"), qPrintable(m));
        }
    }

    void cutLastLineIsDroppedAndSaid()
    {
        std::string text = kTwoRuns;
        text = text.substr(0, text.find("2.25e-06") + 4); // a run killed while writing its row
        const LogFile file(text);
        const LammpsThermo t = readLammpsLog(file.path());
        QCOMPARE(t.rows.size(), std::size_t(4));
        QVERIFY2(QString::fromStdString(t.cutShort).contains("line 13"), t.cutShort.c_str());
    }

    void otherColumnsInASecondRunAreRefused()
    {
        std::string text = kTwoRuns;
        const std::size_t second = text.rfind("Step Time v_kinetic_translational");
        text.replace(second, 33, "Step Time KinEng");
        const LogFile file(text);
        try {
            readLammpsLog(file.path());
            QFAIL("no LogError");
        } catch (const LogError& e) {
            QVERIFY2(QString(e.what()).contains(": line 11: this run's thermo columns differ"), e.what());
        }
    }

    void logWithoutThermoIsRefused()
    {
        const LogFile file("LAMMPS (29 Sep 2021)\nERROR: Unknown command: foo (src/input.cpp:232)\n");
        try {
            readLammpsLog(file.path());
            QFAIL("no LogError");
        } catch (const LogError& e) {
            QVERIFY2(QString(e.what()).contains("holds no thermo output"), e.what());
        }
        try {
            readLammpsLog("/nonexistent/log.lammps");
            QFAIL("no LogError");
        } catch (const LogError& e) {
            QVERIFY2(QString(e.what()).startsWith("/nonexistent/log.lammps: line 0: cannot be read"), e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestLammpsLog)
#include "TestLammpsLog.moc"
