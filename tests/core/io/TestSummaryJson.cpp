// SummaryJson: every key CONTRACT.md asks of the run summary, the energy rows keyed by the
// energy CSV's column names, values that read back exactly, the instability message only when
// unstable, and a file replaced whole.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <limits>
#include <numbers>

#include "IoTestFiles.h"
#include "io/EnergyCsvWriter.h"
#include "io/IoError.h"
#include "io/SummaryJson.h"

using namespace tumble;
using namespace tumble::test;

namespace {

RunSummary exampleSummary()
{
    RunSummary r;
    r.scene = "builtin:bouncing-ball";
    r.steps = 2000;
    r.time = 0.1 + 0.2;
    r.dt = 1.0 / 3.0 * 1e-5;
    r.criticalDt = std::numbers::pi * 1e-4;
    r.translation = "velocity_verlet";
    r.rotation = "explicit_euler";
    r.localDamping = 0.7;
    r.localDampingVariant = "woo";
    r.viscousDamping = 2.5;
    r.bodies = 1000;
    r.contacts = 2345;
    r.threads = 4;
    r.wallSeconds = 1.25;
    r.particleStepsPerSecond = 1.6e6;
    r.energyStart.kineticTranslational = 1.0 / 7.0;
    r.energyStart.potentialGravity = 0.5;
    r.energyEnd.step = 2000;
    r.energyEnd.time = 0.1 + 0.2;
    r.energyEnd.kineticTranslational = std::numbers::e;
    r.energyEnd.kineticRotational = 1e-300;
    r.energyEnd.potentialGravity = -1.0 / 3.0;
    r.energyEnd.elastic = 2e-7;
    r.energyEnd.dissipated = 0.3;
    r.energyEnd.externalWork = 0.01;
    r.energyEnd.balanceError = -3e-17;
    r.energyEnd.dissipatedFriction = 0.125 / 3.0;
    r.energyEnd.elasticRolling = 1e-9 / 7.0;
    r.maxAbsBalanceError = 4e-17;
    r.energySamples = 2001;
    return r;
}

QJsonObject parse(const std::string& text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("%s", qPrintable(error.errorString()));
    return doc.object();
}

} // namespace

class TestSummaryJson : public QObject {
    Q_OBJECT
private slots:
    void holdsTheContractsKeys()
    {
        const QJsonObject j = parse(SummaryJson::toText(exampleSummary()));
        QVERIFY(!j.isEmpty());
        for (const char* key : {"steps", "time", "dt", "critical_dt", "translation", "rotation", "bodies", "contacts",
                                "wall_seconds", "particle_steps_per_second", "energy_start", "energy_end",
                                "max_abs_balance_error", "threads", "unstable"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["steps"].toInteger(), 2000);
        QCOMPARE(j["bodies"].toInteger(), 1000);
        QCOMPARE(j["contacts"].toInteger(), 2345);
        QCOMPARE(j["threads"].toInteger(), 4);
        QCOMPARE(j["translation"].toString(), QString("velocity_verlet"));
        QCOMPARE(j["rotation"].toString(), QString("explicit_euler"));
        QCOMPARE(j["local_damping_variant"].toString(), QString("woo"));
        QCOMPARE(j["unstable"].toBool(), false);
        QVERIFY(!j.contains("instability_message"));
    }

    void valuesReadBackExactly()
    {
        const RunSummary r = exampleSummary();
        const QJsonObject j = parse(SummaryJson::toText(r));
        QVERIFY(sameBits(j["time"].toDouble(), r.time));
        QVERIFY(sameBits(j["dt"].toDouble(), r.dt));
        QVERIFY(sameBits(j["critical_dt"].toDouble(), r.criticalDt));
        QVERIFY(sameBits(j["wall_seconds"].toDouble(), r.wallSeconds));
        QVERIFY(sameBits(j["particle_steps_per_second"].toDouble(), r.particleStepsPerSecond));
        QVERIFY(sameBits(j["max_abs_balance_error"].toDouble(), r.maxAbsBalanceError));
    }

    void energyRowsUseTheCsvColumnNames()
    {
        const RunSummary r = exampleSummary();
        const QJsonObject j = parse(SummaryJson::toText(r));
        // the contract's columns, then the ledger split (the --ledger-csv columns)
        const QStringList columns = QString::fromStdString(EnergyCsvWriter::header(true)).split(',');
        for (const char* which : {"energy_start", "energy_end"}) {
            const QJsonObject row = j[which].toObject();
            QCOMPARE(row.size(), columns.size());
            for (const QString& c : columns)
                QVERIFY2(row.contains(c), qPrintable(QString(which) + "." + c));
        }
        const QJsonObject end = j["energy_end"].toObject();
        const EnergySample& e = r.energyEnd;
        QCOMPARE(end["step"].toInteger(), e.step);
        QVERIFY(sameBits(end["time"].toDouble(), e.time));
        QVERIFY(sameBits(end["kinetic_translational"].toDouble(), e.kineticTranslational));
        QVERIFY(sameBits(end["kinetic_rotational"].toDouble(), e.kineticRotational));
        QVERIFY(sameBits(end["potential_gravity"].toDouble(), e.potentialGravity));
        QVERIFY(sameBits(end["elastic"].toDouble(), e.elastic));
        QVERIFY(sameBits(end["dissipated"].toDouble(), e.dissipated));
        QVERIFY(sameBits(end["external_work"].toDouble(), e.externalWork));
        QVERIFY(sameBits(end["total"].toDouble(), e.total()));
        QVERIFY(sameBits(end["balance_error"].toDouble(), e.balanceError));
        QVERIFY(sameBits(end["dissipated_friction"].toDouble(), e.dissipatedFriction));
        QVERIFY(sameBits(end["elastic_rolling"].toDouble(), e.elasticRolling));
    }

    void instabilityIsReported()
    {
        RunSummary r = exampleSummary();
        r.instabilityMessage = "unstable at step 64, t = 0.5 s: runaway energy";
        r.energyEnd.balanceError = std::numeric_limits<double>::infinity();
        const QJsonObject j = parse(SummaryJson::toText(r));
        QCOMPARE(j["unstable"].toBool(), true);
        QCOMPARE(j["instability_message"].toString(), QString::fromStdString(r.instabilityMessage));
        // JSON has no infinity: a non-finite value is null, and the document stays valid
        QVERIFY(j["energy_end"].toObject()["balance_error"].isNull());
    }

    void writeReplacesTheFileWhole()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("summary.json").toStdString();
        SummaryJson::write(path, RunSummary{});
        RunSummary r = exampleSummary();
        SummaryJson::write(path, r);
        QCOMPARE(parse(readText(path))["steps"].toInteger(), r.steps);
        // no temporary is left beside it
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"summary.json"});
    }

    void writeErrorNamesTheFile()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("missing/summary.json").toStdString();
        QVERIFY_THROWS_EXCEPTION(IoError, SummaryJson::write(path, RunSummary{}));
        try {
            SummaryJson::write(path, RunSummary{});
        } catch (const IoError& e) {
            QVERIFY2(QString(e.what()).contains(dir.filePath("missing")), e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestSummaryJson)
#include "TestSummaryJson.moc"
