// EnergyCsvWriter: the CONTRACT.md header exactly, one complete row per sample, values that read
// back to the same bits, rows on disk as soon as they are written (a run may stop at any time),
// and I/O errors that name the file and the system's reason.
#include <QTemporaryDir>
#include <QtTest>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>

#include "IoTestFiles.h"
#include "io/EnergyCsvWriter.h"
#include "io/IoError.h"

using namespace tumble;
using namespace tumble::test;

namespace {

const char* kContractHeader = "step,time,kinetic_translational,kinetic_rotational,potential_gravity,elastic,"
                              "dissipated,external_work,total,balance_error";

// samples with values that need all 17 significant digits, extremes and signed zero
std::vector<EnergySample> awkwardSamples()
{
    std::vector<EnergySample> out;
    for (int k = 0; k < 7; ++k) {
        EnergySample s;
        s.step = 1000000000LL * k + k;
        s.time = (k + 1) / 3.0 * 1e-5;
        s.kineticTranslational = std::numbers::pi * std::pow(10.0, 3 * k - 10);
        s.kineticRotational = k == 0 ? -0.0 : std::nextafter(1.0 / 7.0, 1.0) * k;
        s.potentialGravity = -std::numbers::e * 1e-300 * (k + 1);
        s.elastic = k == 1 ? std::numeric_limits<double>::denorm_min() : std::numeric_limits<double>::max() / 1e10;
        s.dissipated = 0.1 * k;
        s.externalWork = std::sqrt(2.0) * 1e200 * (k % 2 ? -1 : 1);
        s.balanceError = std::numeric_limits<double>::epsilon() * (k - 3);
        out.push_back(s);
    }
    return out;
}

} // namespace

class TestEnergyCsvWriter : public QObject {
    Q_OBJECT
private slots:
    void headerIsTheContracts()
    {
        QCOMPARE(QString(EnergyCsvWriter::kHeader), QString(kContractHeader));
        // built from the table of energy terms: the contract's columns, then the split ones
        QCOMPARE(QString::fromStdString(EnergyCsvWriter::header(false)), QString(kContractHeader));
        QCOMPARE(QString::fromStdString(EnergyCsvWriter::header(true)),
                 QString(kContractHeader) + ",elastic_normal,elastic_tangential,elastic_rolling,elastic_bond,"
                                            "elastic_bond_normal,elastic_bond_shear,elastic_bond_twist,"
                                            "elastic_bond_bend,dissipated_dashpot,dissipated_friction,"
                                            "dissipated_rolling,dissipated_local_damping,dissipated_viscous,"
                                            "dissipated_stiffness,dissipated_bond_breaking");
        QTemporaryDir dir;
        const std::string path = dir.filePath("energy.csv").toStdString();
        {
            EnergyCsvWriter w(path);
        }
        QCOMPARE(QString::fromStdString(readText(path)), QString(kContractHeader) + "\n");
    }

    void rowsRoundTripToTheBit()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("energy.csv").toStdString();
        const auto samples = awkwardSamples();
        {
            EnergyCsvWriter w(path);
            for (const EnergySample& s : samples)
                w.write(s);
            QCOMPARE(w.rowCount(), static_cast<long long>(samples.size()));
        }
        const auto lines = readLines(path);
        QCOMPARE(lines.size(), samples.size() + 1);
        for (std::size_t r = 0; r < samples.size(); ++r) {
            const auto f = splitCsv(lines[r + 1]);
            QCOMPARE(f.size(), std::size_t(10));
            const EnergySample& s = samples[r];
            QCOMPARE(f[0], std::to_string(s.step));
            const double expected[] = {s.time,        s.kineticTranslational, s.kineticRotational, s.potentialGravity,
                                       s.elastic,     s.dissipated,           s.externalWork,      s.total(),
                                       s.balanceError};
            for (int c = 0; c < 9; ++c) {
                bool ok = false;
                const double v = parseDouble(f[c + 1], &ok);
                QVERIFY2(ok, f[c + 1].c_str());
                QVERIFY2(sameBits(v, expected[c]), qPrintable(QStringLiteral("row %1 column %2: %3 vs %4")
                                                                  .arg(r)
                                                                  .arg(c + 1)
                                                                  .arg(f[c + 1].c_str())
                                                                  .arg(expected[c], 0, 'g', 17)));
            }
        }
    }

    void totalIsTheSumOfTheFourTerms()
    {
        // the total column is kinetic (both) + gravity + elastic, as CONTRACT.md defines it
        QTemporaryDir dir;
        const std::string path = dir.filePath("energy.csv").toStdString();
        EnergySample s;
        s.kineticTranslational = 1.5;
        s.kineticRotational = 0.25;
        s.potentialGravity = -3.0;
        s.elastic = 0.125;
        EnergyCsvWriter(path).write(s);
        const auto f = splitCsv(readLines(path).at(1));
        bool ok = false;
        QCOMPARE(parseDouble(f.at(8), &ok), 1.5 + 0.25 - 3.0 + 0.125);
        QVERIFY(ok);
    }

    void rowsAreOnDiskWhileTheWriterLives()
    {
        // a run that stops (killed, unstable) leaves a parseable file ending at a complete row
        QTemporaryDir dir;
        const std::string path = dir.filePath("energy.csv").toStdString();
        const auto samples = awkwardSamples();
        EnergyCsvWriter w(path);
        for (std::size_t r = 0; r < samples.size(); ++r) {
            w.write(samples[r]);
            const std::string text = readText(path);
            QVERIFY(!text.empty() && text.back() == '\n');
            const auto lines = readLines(path);
            QCOMPARE(lines.size(), r + 2);
            for (std::size_t k = 1; k < lines.size(); ++k)
                QCOMPARE(splitCsv(lines[k]).size(), std::size_t(10));
        }
    }

    void destroyedMidRunLeavesCompleteRows()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("energy.csv").toStdString();
        {
            auto w = std::make_unique<EnergyCsvWriter>(path);
            for (const EnergySample& s : awkwardSamples())
                w->write(s);
            w.reset();
        }
        const auto lines = readLines(path);
        QCOMPARE(lines.size(), awkwardSamples().size() + 1);
        QCOMPARE(lines.front(), std::string(kContractHeader));
        for (std::size_t k = 1; k < lines.size(); ++k)
            for (const std::string& field : splitCsv(lines[k])) {
                bool ok = false;
                parseDouble(field, &ok);
                QVERIFY(ok);
            }
    }

    void openErrorNamesFileAndReason()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("no-such-dir/energy.csv").toStdString();
        try {
            EnergyCsvWriter w(path);
            QFAIL("opening a file in a missing directory succeeded");
        } catch (const IoError& e) {
            const QString what = e.what();
            QVERIFY2(what.contains(QString::fromStdString(path)), e.what());
            QVERIFY2(what.contains(std::strerror(ENOENT)), e.what());
            QCOMPARE(e.path(), path);
        }
    }

    void writeErrorNamesFileAndReason()
    {
        // /dev/full (Linux) accepts the open and fails every flush with ENOSPC
        QVERIFY(QFile::exists("/dev/full"));
        try {
            EnergyCsvWriter w("/dev/full");
            QFAIL("writing to /dev/full succeeded");
        } catch (const IoError& e) {
            const QString what = e.what();
            QVERIFY2(what.contains("/dev/full"), e.what());
            QVERIFY2(what.contains(std::strerror(ENOSPC)), e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestEnergyCsvWriter)
#include "TestEnergyCsvWriter.moc"
