// tumble-cli end to end: the real binary ($TUMBLE_CLI) on small scenes written to a temporary
// directory. Expectations come from CONTRACT.md (headers, exit codes, the energy identities, row
// cadence) and closed forms (a sphere's mass and moments), never from a previous run's output.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <numbers>

#include "CliProcess.h"
#include "TestHelpers.h"
#include "analysis/HarmonicOscillatorSolution.h"
#include "analysis/ShadowOrbit.h"
#include "integrate/IntegratorRegistry.h"
#include "io/PhaseCsvWriter.h"
#include "io/StressCsvWriter.h"
#include "scene/BuiltinScenes.h"

using namespace tumble;

namespace {

const QString kEnergyHeader = "step,time,kinetic_translational,kinetic_rotational,potential_gravity,elastic,"
                              "dissipated,external_work,total,balance_error";
const QString kTrackHeader = "step,time,id,x,y,z,vx,vy,vz,wx,wy,wz,Lx,Ly,Lz,qw,qx,qy,qz";

using Result = tumble::test::CliResult;
using tumble::test::runCli;

QString writeFile(const QTemporaryDir& dir, const QString& name, const QString& text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text.toUtf8());
    return path;
}

// one linear material "glass" (kn in N/m, restitution e, density rho in kg/m^3), a floor at
// z = 0 and the given bodies; dt in s
QString sceneText(const QString& bodies, double e = 0.5, double rho = 2500.0, double kn = 1e5,
                  const QString& translation = "velocity_verlet", double dt = 1e-5)
{
    return QStringLiteral(R"({
  "format": "tumble-scene", "version": 1, "name": "test", "gravity": [0, 0, -9.81],
  "integration": {"translation": "%1", "rotation": "%2", "dt": %3},
  "materials": [{"name": "glass", "density": %4,
                 "contact": {"model": "linear", "kn": %5, "kt": 2.5e4, "restitution": %6, "friction": 0.3}}],
  "bodies": %7,
  "walls": [{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "glass"}]
})")
        .arg(translation, QString::fromStdString(rotationSchemes().front().name))
        .arg(dt, 0, 'g', 17)
        .arg(rho, 0, 'g', 17)
        .arg(kn, 0, 'g', 17)
        .arg(e, 0, 'g', 17)
        .arg(bodies);
}

QString sphere(double r, double x, double y, double z, double vx = 0.0, double wz = 0.0)
{
    return QStringLiteral(R"({"type": "sphere", "material": "glass", "radius": %1, "position": [%2, %3, %4],
      "velocity": [%5, 0, 0], "angular_velocity": [0, 0, %6]})")
        .arg(r, 0, 'g', 17)
        .arg(x, 0, 'g', 17)
        .arg(y, 0, 'g', 17)
        .arg(z, 0, 'g', 17)
        .arg(vx, 0, 'g', 17)
        .arg(wz, 0, 'g', 17);
}

// four spheres dropped on the floor, two of them touching it and each other from the start,
// so contacts, dashpots and friction all act within a few hundred steps
QString pileScene(const QString& translation = "velocity_verlet")
{
    const QString bodies = "[" + sphere(0.01, 0.0, 0.0, 0.0099) + ", " + sphere(0.01, 0.0199, 0.0, 0.0099, 0.0, 3.0) +
                           ", " + sphere(0.008, 0.0, 0.0, 0.03, 0.05) + ", " + sphere(0.012, 0.05, 0.02, 0.04) + "]";
    return sceneText(bodies, 0.5, 2500.0, 1e5, translation);
}

struct Csv {
    QString header;
    QList<QVector<double>> rows;
    bool complete = false; // every line has the header's field count and every field parses
    bool endsWithNewline = false;
};

Csv readCsv(const QString& path)
{
    Csv csv;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return csv;
    const QString text = QString::fromUtf8(f.readAll());
    csv.endsWithNewline = text.endsWith('\n');
    QStringList lines = text.split('\n');
    if (csv.endsWithNewline)
        lines.removeLast();
    if (lines.isEmpty())
        return csv;
    csv.header = lines.takeFirst();
    const qsizetype fields = csv.header.split(',').size();
    csv.complete = true;
    for (const QString& line : lines) {
        const QStringList parts = line.split(',');
        if (parts.size() != fields) {
            csv.complete = false;
            continue;
        }
        QVector<double> row;
        for (const QString& p : parts) {
            bool ok = false;
            row.push_back(p.toDouble(&ok));
            csv.complete = csv.complete && ok && std::isfinite(row.back());
        }
        csv.rows.push_back(row);
    }
    return csv;
}

// Whether a bond CSV row's loads and energies are the law's closed forms of its own stretch, slip
// and angles (columns of BondCsvWriter; kn, ks in N/m, kt, kb in N m/rad).
bool bondRowHolds(const QVector<double>& row, double kn, double ks, double kt, double kb)
{
    const double stretch = row[8], slip = row[9], theta = row[10], psi = row[12];
    return test::near(row[4], kn * stretch, 1e-15, 1e-12) && test::near(row[5], ks * slip, 1e-15, 1e-12) &&
           test::near(row[6], kt * psi, 1e-15, 1e-12) && test::near(row[7], kb * theta, 1e-15, 1e-12) &&
           test::near(row[13], 0.5 * kn * stretch * stretch, 1e-20, 1e-12) &&
           test::near(row[14], 0.5 * ks * slip * slip, 1e-20, 1e-12) &&
           test::near(row[15], 0.5 * kt * psi * psi, 1e-20, 1e-12) &&
           test::near(row[16], 0.5 * kb * theta * theta, 1e-20, 1e-12);
}

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

QJsonObject parseJson(const QString& text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

// energy CSV columns
enum Column { kStep, kTime, kKinT, kKinR, kGrav, kElastic, kDissipated, kExternal, kTotal, kBalance };

// the first row of the energy CSV that breaks CONTRACT.md's identities, or an empty string:
// total = the four terms; balance_error = total + dissipated - external_work - total(row 0);
// time = step dt; and, with only dashpots and damping acting, dissipated grows from zero
QString energyIdentityError(const Csv& energy, double dt)
{
    if (energy.rows.isEmpty())
        return "no rows";
    const double total0 = energy.rows.front()[kTotal];
    if (energy.rows.front()[kBalance] != 0.0 || energy.rows.front()[kDissipated] != 0.0)
        return "row 0 has a balance error or dissipation";
    for (qsizetype k = 0; k < energy.rows.size(); ++k) {
        const auto& row = energy.rows[k];
        // rounding of sums of these magnitudes
        const double scale = std::abs(row[kKinT]) + std::abs(row[kKinR]) + std::abs(row[kGrav]) +
                             std::abs(row[kElastic]) + std::abs(row[kDissipated]) + std::abs(row[kExternal]) +
                             std::abs(total0);
        const QString where = QStringLiteral("row %1 (step %2): ").arg(k).arg(row[kStep]);
        if (!test::near(row[kTotal], row[kKinT] + row[kKinR] + row[kGrav] + row[kElastic], 1e-14 * scale))
            return where + "total is not the sum of the four terms";
        if (!test::near(row[kBalance], row[kTotal] + row[kDissipated] - row[kExternal] - total0, 1e-14 * scale))
            return where + "balance_error is not total + dissipated - external_work - total(0)";
        if (!test::near(row[kTime], row[kStep] * dt, 1e-12 * row[kStep] * dt))
            return where + "time is not step x dt";
        if (k > 0 && row[kDissipated] < energy.rows[k - 1][kDissipated])
            return where + "cumulative dissipation decreased";
    }
    if (!(energy.rows.back()[kDissipated] > 0.0))
        return "nothing was dissipated";
    return {};
}

} // namespace

class TestTumbleCli : public QObject {
    Q_OBJECT
private slots:
    void runWritesTheContractsFiles()
    {
        QTemporaryDir dir;
        const QString scene = writeFile(dir, "pile.json", pileScene());
        const long long steps = 3000, every = 7;
        const double dt = 2e-5; // overrides the scene's 1e-5
        const Result r = runCli({"run",
                                 scene,
                                 "--dt",
                                 QString::number(dt),
                                 "--steps",
                                 QString::number(steps),
                                 "--energy-csv",
                                 dir.filePath("energy.csv"),
                                 "--every",
                                 QString::number(every),
                                 "--track",
                                 "1,0",
                                 "--track-csv",
                                 dir.filePath("track.csv"),
                                 "--summary-json",
                                 dir.filePath("summary.json"),
                                 "--vtk-dir",
                                 dir.filePath("vtk"),
                                 "--vtk-every",
                                 "1000",
                                 "--local-damping",
                                 "0.1",
                                 "--threads",
                                 "2"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        // --threads 2 steps on two threads (recorded in the summary): nothing to say on stderr
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));

        // energy rows at step 0, every K steps and the last step
        const Csv energy = readCsv(dir.filePath("energy.csv"));
        QCOMPARE(energy.header, kEnergyHeader);
        QVERIFY(energy.complete && energy.endsWithNewline);
        const long long expectedRows = steps / every + 1 + (steps % every ? 1 : 0);
        QCOMPARE(energy.rows.size(), expectedRows);
        for (qsizetype k = 0; k + 1 < energy.rows.size(); ++k)
            QCOMPARE(energy.rows[k][kStep], double(k * every));
        QCOMPARE(energy.rows.back()[kStep], double(steps));

        const QString broken = energyIdentityError(energy, dt);
        QVERIFY2(broken.isEmpty(), qPrintable(broken));
        double maxBalance = 0.0;
        for (const auto& row : energy.rows)
            maxBalance = std::max(maxBalance, std::abs(row[kBalance]));

        // track rows: the asked bodies in the asked order, at the energy rows' steps
        const Csv track = readCsv(dir.filePath("track.csv"));
        QCOMPARE(track.header, kTrackHeader);
        QVERIFY(track.complete && track.endsWithNewline);
        QCOMPARE(track.rows.size(), 2 * energy.rows.size());
        for (qsizetype k = 0; k < track.rows.size(); ++k) {
            QCOMPARE(track.rows[k][2], k % 2 == 0 ? 1.0 : 0.0);
            QCOMPARE(track.rows[k][0], energy.rows[k / 2][kStep]);
        }
        // the first row is the scene's initial state; the quaternion stays unit length
        QCOMPARE(track.rows[0][3], 0.0199);
        QCOMPARE(track.rows[0][5], 0.0099);
        QCOMPARE(track.rows[0][11], 3.0); // wz of body 1
        for (const auto& row : track.rows)
            TUMBLE_NEAR(row[15] * row[15] + row[16] * row[16] + row[17] * row[17] + row[18] * row[18], 1.0, 1e-12, 0.0);

        // summary: what was run, the end row equal to the CSV's last row, the largest |balance_error|
        const QJsonObject s = readJson(dir.filePath("summary.json"));
        QCOMPARE(s["steps"].toInteger(), steps);
        QCOMPARE(s["dt"].toDouble(), dt);
        QCOMPARE(s["bodies"].toInteger(), 4);
        QCOMPARE(s["threads"].toInteger(), 2);
        QCOMPARE(s["translation"].toString(), QString("velocity_verlet"));
        QCOMPARE(s["local_damping"].toDouble(), 0.1);
        QCOMPARE(s["unstable"].toBool(), false);
        QVERIFY(s["critical_dt"].toDouble() > 0.0);
        QVERIFY(s["wall_seconds"].toDouble() > 0.0);
        QVERIFY(s["particle_steps_per_second"].toDouble() > 0.0);
        QVERIFY(s.contains("contacts"));
        // the heap the run held: at least every body's pose and motion (position, velocity,
        // orientation, angular velocity and momentum: 16 doubles), and the figure per body
        const double heap = s["heap_bytes"].toDouble();
        QVERIFY(heap >= 16.0 * sizeof(double) * s["bodies"].toDouble());
        QCOMPARE(s["heap_bytes_per_body"].toDouble(), heap / s["bodies"].toDouble());
        TUMBLE_NEAR(s["time"].toDouble(), steps * dt, 1e-12, 1e-12);
        const QStringList columns = kEnergyHeader.split(',');
        const QJsonObject start = s["energy_start"].toObject();
        const QJsonObject end = s["energy_end"].toObject();
        for (int c = 0; c < columns.size(); ++c) {
            QCOMPARE(start[columns[c]].toDouble(), energy.rows.front()[c]);
            QCOMPARE(end[columns[c]].toDouble(), energy.rows.back()[c]);
        }
        QCOMPARE(s["max_abs_balance_error"].toDouble(), maxBalance);

        // VTK: frames at 0, 1000, 2000, 3000 and a collection listing them
        QCOMPARE(QDir(dir.filePath("vtk")).entryList({"*.vtp"}, QDir::Files).size(), 4);
        QFile pvd(dir.filePath("vtk/tumble.pvd"));
        QVERIFY(pvd.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(pvd.readAll()).count("<DataSet "), 4);
    }

    void everyPresetKeepsTheEnergyIdentities_data()
    {
        QTest::addColumn<QString>("preset");
        for (const PresetInfo& p : presets())
            QTest::newRow(p.name.c_str()) << QString::fromStdString(p.name);
    }

    void everyPresetKeepsTheEnergyIdentities()
    {
        QFETCH(QString, preset);
        QTemporaryDir dir;
        const QString scene = writeFile(dir, "pile.json", pileScene());
        const Result r = runCli({"run", scene, "--scheme", preset, "--steps", "2000", "--every", "10", "--energy-csv",
                                 dir.filePath("e.csv"), "--track", "0,1,2,3", "--track-csv", dir.filePath("t.csv")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const Csv energy = readCsv(dir.filePath("e.csv"));
        QCOMPARE(energy.header, kEnergyHeader);
        QVERIFY(energy.complete);
        QCOMPARE(energy.rows.size(), 201);
        const QString broken = energyIdentityError(energy, 1e-5);
        QVERIFY2(broken.isEmpty(), qPrintable(broken));
        const Csv track = readCsv(dir.filePath("t.csv"));
        QVERIFY(track.complete);
        QCOMPARE(track.rows.size(), 4 * 201);
    }

    void ledgerCsvSplitsTheTerms()
    {
        // the pile has dashpots and friction: the split columns must add up to the contract's
        // elastic and dissipated columns, and friction must have taken its share
        QTemporaryDir dir;
        const QString scene = writeFile(dir, "pile.json", pileScene());
        const Result r = runCli({"run", scene, "--scheme", "pfc", "--steps", "2000", "--every", "100", "--energy-csv",
                                 dir.filePath("e.csv"), "--ledger-csv", dir.filePath("l.csv"), "--summary-json",
                                 dir.filePath("s.json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const Csv energy = readCsv(dir.filePath("e.csv"));
        const Csv ledger = readCsv(dir.filePath("l.csv"));
        QVERIFY(ledger.complete);
        const QString split = "elastic_normal,elastic_tangential,elastic_rolling,elastic_bond,elastic_bond_normal,"
                              "elastic_bond_shear,elastic_bond_twist,elastic_bond_bend,dissipated_dashpot,"
                              "dissipated_friction,dissipated_rolling,dissipated_local_damping,dissipated_viscous,"
                              "dissipated_stiffness,dissipated_bond_breaking";
        QCOMPARE(ledger.header, kEnergyHeader + "," + split);
        QCOMPARE(ledger.rows.size(), energy.rows.size());
        for (qsizetype k = 0; k < ledger.rows.size(); ++k) {
            const auto& row = ledger.rows[k];
            QCOMPARE(row.mid(0, 10), energy.rows[k]); // the contract's columns, identical
            // elastic_bond (13) is the sum of its four modes (14-17), which are the parts
            const double elastic = row[10] + row[11] + row[12] + row[14] + row[15] + row[16] + row[17];
            QCOMPARE(row[13], row[14] + row[15] + row[16] + row[17]);
            const double dissipated = row[18] + row[19] + row[20] + row[21] + row[22] + row[23] + row[24];
            QVERIFY(test::near(row[kElastic], elastic, 1e-14 * std::abs(row[kElastic]) + 1e-300));
            QVERIFY(test::near(row[kDissipated], dissipated, 1e-14 * std::abs(row[kDissipated]) + 1e-300));
        }
        QVERIFY(ledger.rows.back()[19] > 0.0); // friction slipped
        QVERIFY(ledger.rows.back()[18] > 0.0); // dashpots worked
        // the summary's energy rows carry the same split
        const QJsonObject end = readJson(dir.filePath("s.json"))["energy_end"].toObject();
        QCOMPARE(end["dissipated_friction"].toDouble(), ledger.rows.back()[19]);
        QCOMPARE(end["elastic_tangential"].toDouble(), ledger.rows.back()[11]);
    }

    void bondCsvFollowsTheBondLaw()
    {
        // the bonded rod (kn 1e5 N/m, ks 4e4 N/m, kt 4 and kb 6 N m/rad), every 10 steps: each
        // row's loads and energies are the law's closed forms of its own stretch, slip and angles
        QTemporaryDir dir;
        const Result r = runCli({"run", "builtin:bonded-rod", "--steps", "400", "--every", "10", "--bond-csv",
                                 dir.filePath("b.csv"), "--summary-json", dir.filePath("s.json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const Csv bonds = readCsv(dir.filePath("b.csv"));
        QVERIFY(bonds.complete && bonds.endsWithNewline);
        QCOMPARE(bonds.header, QString("step,time,body1,body2,tension,shear_force,twist_moment,bend_moment,stretch,"
                                       "slip,theta,phi,psi,energy_normal,energy_shear,energy_twist,energy_bend"));
        QCOMPARE(bonds.rows.size(), qsizetype(11 * 41)); // 11 bonds, steps 0, 10, ..., 400
        const double kn = 1e5, ks = 4e4, kt = 4, kb = 6;
        bool bent = false, twisted = false;
        for (const auto& row : bonds.rows) {
            QCOMPARE(std::abs(row[2] - row[3]), 1.0); // neighbours in the row
            const double theta = row[10], phi = row[11], psi = row[12];
            QVERIFY(bondRowHolds(row, kn, ks, kt, kb));
            QVERIFY(theta >= 0.0 && theta <= M_PI && phi >= 0.0 && phi < 2 * M_PI && std::abs(psi) <= M_PI);
            bent = bent || theta > 1e-4;
            twisted = twisted || std::abs(psi) > 1e-4;
        }
        QVERIFY(bent && twisted); // the plucked, twisted rod loads both
        const QJsonObject summary = readJson(dir.filePath("s.json"));
        QCOMPARE(summary["bonds"].toInt(), 11);
        QCOMPARE(summary["bonds_broken"].toInt(), 0);
        QVERIFY(summary["first_break_time"].isNull());
    }

    void incrementalBondsInTheCsvAndInspect()
    {
        // Wang's chain under the incremental law: inspect names the law of each bond, and the bond
        // CSV gives its springs' loads, each row's loads and energies the springs' own closed forms
        // (slip |Fs| / ks, theta |Mb| / kb, psi -Mt / kt; kn 1e5, ks 4e4 N/m, kt 4, kb 6 N m/rad)
        const Result inspect = runCli({"inspect", "builtin:wang-chain-incremental"});
        QVERIFY2(inspect.exitCode == 0, qPrintable(inspect.err));
        const QJsonArray listed = QJsonDocument::fromJson(inspect.out.toUtf8()).object()["bonds"].toArray();
        QCOMPARE(listed.size(), qsizetype(6));
        for (const auto& b : listed)
            QCOMPARE(b.toObject()["law"].toString(), QString("incremental"));
        QVERIFY(!QJsonDocument::fromJson(runCli({"inspect", "builtin:wang-chain-twisting"}).out.toUtf8())
                     .object()["bonds"]
                     .toArray()[0]
                     .toObject()
                     .contains("law"));
        QTemporaryDir dir;
        const Result r = runCli({"run", "builtin:wang-chain-incremental", "--duration", "1", "--every", "1000",
                                 "--bond-csv", dir.filePath("b.csv")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const Csv bonds = readCsv(dir.filePath("b.csv"));
        QVERIFY(bonds.complete && bonds.rows.size() > 6 * 10);
        const double kn = 1e5, ks = 4e4, kt = 4, kb = 6;
        bool bent = false, twisted = false;
        for (const auto& row : bonds.rows) {
            const double theta = row[10], psi = row[12];
            QVERIFY(bondRowHolds(row, kn, ks, kt, kb));
            bent = bent || theta > 1e-3;
            twisted = twisted || std::abs(psi) > 1e-3;
        }
        QVERIFY(bent && twisted);
    }

    void stressCsvOfALatticeInAPeriodicCell()
    {
        // 27 spheres of radius 0.01 m on a simple-cubic lattice of spacing 0.0198 m filling a
        // periodic cube: every row has the lattice's closed-form pressure kn (2R - a) / a^2 (each
        // sphere one contact per axis); a scene without a cell has no stress to write
        QString bodies;
        for (int k = 0; k < 27; ++k)
            bodies += (k ? ", " : "") +
                      sphere(0.01, 0.0198 * (k % 3 + 0.5), 0.0198 * (k / 3 % 3 + 0.5), 0.0198 * (k / 9 + 0.5));
        QString scene = sceneText("[" + bodies + "]", 1.0);
        scene.replace(R"("gravity": [0, 0, -9.81])", R"("gravity": [0, 0, 0])");
        scene.replace(R"("walls": [{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "glass"}])",
                      R"("walls": [], "cell": {"vectors": [[0.0594, 0, 0], [0, 0.0594, 0], [0, 0, 0.0594]]})");
        QTemporaryDir dir;
        const QString path = writeFile(dir, "lattice.json", scene);
        const Result r = runCli({"run", path, "--steps", "20", "--every", "10", "--stress-csv", dir.filePath("s.csv"),
                                 "--summary-json", dir.filePath("s.json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject cell = readJson(dir.filePath("s.json"))["cell"].toObject();
        QCOMPARE(cell["model"].toString(), QString("medium_carried"));
        QCOMPARE(cell["vectors"].toArray()[1].toArray()[1].toDouble(), 0.0594);
        QVERIFY(tumble::test::near(cell["pressure"].toDouble(), 1e5 * (0.02 - 0.0198) / (0.0198 * 0.0198), 0.0, 1e-9));
        const Csv stress = readCsv(dir.filePath("s.csv"));
        QVERIFY(stress.complete);
        QCOMPARE(stress.header, QString(StressCsvWriter::kHeader));
        QCOMPARE(stress.rows.size(), qsizetype(3)); // steps 0, 10, 20
        const double p = 1e5 * (0.02 - 0.0198) / (0.0198 * 0.0198);
        for (const auto& row : stress.rows) {
            QVERIFY(tumble::test::near(row[21], p, 0.0, 1e-9));                   // pressure
            QVERIFY(tumble::test::near(row[12], -p, 0.0, 1e-9));                  // sigma_xx
            QVERIFY(tumble::test::near(row[2], std::pow(0.0594, 3), 0.0, 1e-12)); // volume
            QVERIFY(tumble::test::near(row[13], 0.0, 1e-9 * p, 0.0));             // sigma_xy
        }
        const Result plain = runCli(
            {"run", writeFile(dir, "pile.json", pileScene()), "--steps", "1", "--stress-csv", dir.filePath("t.csv")});
        QCOMPARE(plain.exitCode, 2);
        QVERIFY2(plain.err.contains("--stress-csv: the scene has no periodic cell"), qPrintable(plain.err));
    }

    void phaseCsvPointsLieOnTheShadowEllipse()
    {
        // the harmonic oscillator under Woo's central difference, which keeps half-step
        // velocities: the phase CSV gives x with that v (velocity_timing half_step), and its
        // points lie on the scheme's shadow ellipse (analysis/ShadowOrbit.h) to the rounding of
        // a run; a body that is not tracked is refused
        QTemporaryDir dir;
        const Result r = runCli({"run", "builtin:harmonic-oscillator", "--scheme", "woo", "--dt-factor", "0.5",
                                 "--steps", "300", "--every", "3", "--track", "0", "--phase-csv", dir.filePath("p.csv"),
                                 "--summary-json", dir.filePath("s.json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const double dt = readJson(dir.filePath("s.json"))["dt"].toDouble();
        const Scene scene = loadBuiltinScene("harmonic-oscillator");
        const HarmonicOscillatorSolution exact(scene.world, scene.params, scene.listedBodies);
        const double w = std::sqrt(exact.stiffness() / exact.mass());
        const ShadowOrbit orbit = *shadowOrbit("central_difference", w, dt);
        const Wall& wall = scene.world.walls[0];
        QFile f(dir.filePath("p.csv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.takeFirst(), QString(PhaseCsvWriter::kHeader));
        QCOMPARE(lines.size(), qsizetype(101)); // steps 0, 3, ..., 300
        double q0 = 0.0, worst = 0.0;
        for (const QString& line : lines) {
            const QStringList c = line.split(',');
            QCOMPARE(c.size(), qsizetype(17));
            QCOMPARE(c[3], QString("half_step"));
            const Vec3 x(c[5].toDouble(), c[6].toDouble(), c[7].toDouble());
            const Vec3 v(c[8].toDouble(), c[9].toDouble(), c[10].toDouble());
            const double q = orbit.form((x - wall.point).dot(wall.normal) - exact.equilibrium(), v.dot(wall.normal));
            if (q0 == 0.0)
                q0 = q;
            worst = std::max(worst, std::abs(q / q0 - 1.0));
        }
        qInfo("phase points off the shadow ellipse by at most %.2e of Q", worst);
        QVERIFY(worst < 1e-10);
        const Result untracked =
            runCli({"run", "builtin:harmonic-oscillator", "--steps", "1", "--phase-csv", dir.filePath("q.csv")});
        QCOMPARE(untracked.exitCode, 2);
        QVERIFY2(untracked.err.contains("--phase-csv: needs --track"), qPrintable(untracked.err));
    }

    void bondCsvStopsAtABreak()
    {
        // the spinning rod's middle bond (bodies 4-5) breaks first: its rows end at the break
        QTemporaryDir dir;
        const Result r =
            runCli({"run", "builtin:spinning-rod", "--duration", "0.02", "--bond-csv", dir.filePath("b.csv"), "--bonds",
                    "4-5,0-1", "--summary-json", dir.filePath("s.json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject summary = readJson(dir.filePath("s.json"));
        QVERIFY(summary["bonds_broken"].toInt() >= 1);
        const double broke = summary["first_break_time"].toDouble();
        const Csv bonds = readCsv(dir.filePath("b.csv"));
        QVERIFY(bonds.complete);
        double lastMiddle = -1.0;
        for (const auto& row : bonds.rows)
            if (std::min(row[2], row[3]) == 4.0)
                lastMiddle = row[1];
        QVERIFY(lastMiddle >= 0.0 && lastMiddle < broke);
        // --bonds needs bonded pairs and the CSV
        QCOMPARE(runCli({"run", "builtin:spinning-rod", "--steps", "1", "--bond-csv", dir.filePath("c.csv"), "--bonds",
                         "0-2"})
                     .exitCode,
                 2);
        const Result noCsv = runCli({"run", "builtin:spinning-rod", "--steps", "1", "--bonds", "0-1"});
        QCOMPARE(noCsv.exitCode, 2);
        QVERIFY2(noCsv.err.contains("--bonds: needs --bond-csv PATH"), qPrintable(noCsv.err));
    }

    void durationRunsWholeSteps()
    {
        QTemporaryDir dir;
        const QString scene = writeFile(dir, "pile.json", pileScene());
        const QString preset = QString::fromStdString(presets().front().name);
        const Result r = runCli({"run", scene, "--dt", "1e-5", "--duration", "0.001", "--scheme", preset,
                                 "--summary-json", dir.filePath("s.json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject s = readJson(dir.filePath("s.json"));
        QCOMPARE(s["steps"].toInteger(), 100); // 1e-3 s / 1e-5 s
        QCOMPARE(s["translation"].toString(), QString::fromStdString(presets().front().translation));
        QCOMPARE(s["rotation"].toString(), QString::fromStdString(presets().front().rotation));
    }

    void builtinSceneRuns()
    {
        QTemporaryDir dir;
        const auto scenes = builtinScenes();
        QVERIFY(!scenes.empty());
        const Result r = runCli({"run", "builtin:" + QString::fromStdString(scenes.front().id), "--steps", "20",
                                 "--energy-csv", dir.filePath("e.csv")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const Csv energy = readCsv(dir.filePath("e.csv"));
        QCOMPARE(energy.header, kEnergyHeader);
        QCOMPARE(energy.rows.size(), 21);
    }

    void typoInSceneExits3NamingTheKey()
    {
        QTemporaryDir dir;
        QString text = sceneText("[" + sphere(0.01, 0, 0, 0.1) + "]");
        text.replace("\"radius\"", "\"radiuss\"");
        const QString scene = writeFile(dir, "typo.json", text);
        const Result r = runCli({"run", scene, "--steps", "10", "--energy-csv", dir.filePath("e.csv")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("radiuss"), qPrintable(r.err));
        QVERIFY2(r.err.contains("typo.json"), qPrintable(r.err));
        QVERIFY2(r.err.contains("/bodies/0"), qPrintable(r.err));
        // nothing is written for a scene that does not load
        QVERIFY(!QFile::exists(dir.filePath("e.csv")));

        const Result inspect = runCli({"inspect", scene});
        QCOMPARE(inspect.exitCode, 3);
        QVERIFY2(inspect.err.contains("radiuss"), qPrintable(inspect.err));
    }

    void missingSceneFileExits3()
    {
        QTemporaryDir dir;
        const Result r = runCli({"run", dir.filePath("absent.json"), "--steps", "10"});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("absent.json"), qPrintable(r.err));
    }

    void blowUpExits4WithValidFiles()
    {
        // explicit Euler at 50 x the critical timestep amplifies every contact oscillation
        QTemporaryDir dir;
        const QString scene = writeFile(dir, "pile.json", pileScene());
        const Result r = runCli({"run", scene, "--translation", "explicit_euler", "--dt-factor", "50", "--steps",
                                 "100000", "--energy-csv", dir.filePath("e.csv"), "--track", "0", "--track-csv",
                                 dir.filePath("t.csv"), "--summary-json", dir.filePath("s.json")});
        QCOMPARE(r.exitCode, 4);
        QVERIFY2(r.err.contains("step"), qPrintable(r.err));
        QVERIFY2(r.err.contains("t ="), qPrintable(r.err));

        // the files written so far parse completely and end at a stable row
        const Csv energy = readCsv(dir.filePath("e.csv"));
        QCOMPARE(energy.header, kEnergyHeader);
        QVERIFY(energy.endsWithNewline);
        QVERIFY(energy.complete);
        QVERIFY(!energy.rows.isEmpty());
        const Csv track = readCsv(dir.filePath("t.csv"));
        QCOMPARE(track.header, kTrackHeader);
        QVERIFY(track.endsWithNewline && track.complete);
        QCOMPARE(track.rows.size(), energy.rows.size());

        const QJsonObject s = readJson(dir.filePath("s.json"));
        QCOMPARE(s["unstable"].toBool(), true);
        QVERIFY(s["instability_message"].toString().contains("step"));
        QVERIFY(s["steps"].toInteger() < 100000);
        QCOMPARE(s["energy_end"].toObject()["step"].toDouble(), energy.rows.back()[kStep]);
        // the reported step is past the last row written
        const QRegularExpression stepRe("step (\\d+)");
        const auto m = stepRe.match(r.err);
        QVERIFY2(m.hasMatch(), qPrintable(r.err));
        QVERIFY(m.captured(1).toDouble() > energy.rows.back()[kStep]);
    }

    void inspectSphereMatchesClosedForm()
    {
        QTemporaryDir dir;
        const double R = 0.02, rho = 1234.0, kn = 3e5, e = 0.7;
        const QString scene = writeFile(dir, "one.json", sceneText("[" + sphere(R, 0.1, -0.2, 0.3) + "]", e, rho, kn));
        const Result r = runCli({"inspect", scene});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject j = parseJson(r.out);
        const QJsonArray bodies = j["bodies"].toArray();
        QCOMPARE(bodies.size(), 1);
        const QJsonObject b = bodies[0].toObject();
        QCOMPARE(b["id"].toInt(), 0);
        QCOMPARE(b["type"].toString(), QString("sphere"));
        const double m = 4.0 / 3.0 * std::numbers::pi * R * R * R * rho;
        TUMBLE_NEAR(b["mass"].toDouble(), m, 0.0, 1e-14);
        const QJsonArray com = b["center_of_mass"].toArray();
        QCOMPARE(com.size(), 3);
        QCOMPARE(com[0].toDouble(), 0.1);
        QCOMPARE(com[1].toDouble(), -0.2);
        QCOMPARE(com[2].toDouble(), 0.3);
        const QJsonArray moments = b["principal_moments"].toArray();
        QCOMPARE(moments.size(), 3);
        for (const auto& v : moments)
            TUMBLE_NEAR(v.toDouble(), 0.4 * m * R * R, 0.0, 1e-14);
        const QJsonArray axes = b["principal_axes"].toArray();
        QCOMPARE(axes.size(), 4);
        // [w, x, y, z] of a rotation: unit length
        double norm2 = 0.0;
        for (const auto& v : axes)
            norm2 += v.toDouble() * v.toDouble();
        TUMBLE_NEAR(norm2, 1.0, 1e-14, 0.0);
        // CriticalTimestep.h: sqrt(m / kn) (sqrt(1 + zeta^2) - zeta), zeta from the restitution
        const double lnE = std::log(e);
        const double zeta = -lnE / std::sqrt(std::numbers::pi * std::numbers::pi + lnE * lnE);
        const double critical = std::sqrt(m / kn) * (std::sqrt(1.0 + zeta * zeta) - zeta);
        TUMBLE_NEAR(j["critical_dt"].toDouble(), critical, 0.0, 1e-12);
    }

    void listNamesSchemesPresetsAndScenes()
    {
        const Result r = runCli({"list"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains("velocity_verlet"));
        QVERIFY(r.out.contains("explicit_euler"));
        for (const SchemeInfo& s : translationSchemes())
            QVERIFY(r.out.contains(QString::fromStdString(s.description)));
        for (const PresetInfo& p : presets())
            QVERIFY(r.out.contains(QString::fromStdString(p.name)));
        for (const BuiltinSceneInfo& s : builtinScenes()) {
            QVERIFY(r.out.contains(QString::fromStdString(s.id)));
            QVERIFY(r.out.contains(QString::fromStdString(s.name)));
        }
    }

    void sweepWritesCsvAndOrders()
    {
        // CONTRACT: CSV "scheme,dt,steps,error", one row per scheme and dt; stdout one line per
        // scheme, "SCHEME order P", then what varied, "(translation: NAME)"; on the harmonic
        // oscillator the orders are 1, 2 and 4
        QTemporaryDir dir;
        const QString csvPath = dir.filePath("sweep.csv");
        const Result r =
            runCli({"sweep", "builtin:harmonic-oscillator", "--scheme", "explicit_euler,velocity_verlet,rk4", "--dt",
                    "3.2e-5,1.6e-5,8e-6,4e-6", "--duration", "0.005", "--csv", csvPath});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile f(csvPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
        // reference and measure are appended after the original four columns
        QCOMPARE(lines.value(0), QStringLiteral("scheme,dt,steps,error,reference,measure"));
        for (int k = 1; k < lines.size(); ++k)
            QVERIFY2(lines[k].endsWith(",analytic,position_m"), qPrintable(lines[k]));
        QCOMPARE(lines.size(), 1 + 3 * 4);
        QCOMPARE(lines[1].split(',').value(0), QStringLiteral("explicit_euler"));
        QCOMPARE(lines[1].split(',').value(2), QStringLiteral("157")); // ceil(0.005 / 3.2e-5)
        const QStringList out = r.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(out.size(), 3);
        const double expected[3] = {1.0, 2.0, 4.0};
        const char* names[3] = {"explicit_euler", "velocity_verlet", "rk4"};
        for (int k = 0; k < 3; ++k) {
            const QStringList words = out[k].split(' ');
            QCOMPARE(words.size(), 5);
            QCOMPARE(words[0], QString::fromLatin1(names[k]));
            QCOMPARE(words[1], QStringLiteral("order"));
            QVERIFY2(std::abs(words[2].toDouble() - expected[k]) < 0.15, qPrintable(out[k]));
            QCOMPARE(words[3] + ' ' + words[4], QStringLiteral("(translation: %1)").arg(QString::fromLatin1(names[k])));
        }
    }

    void sweepVariesTheRotationSchemeOnAngleScenes()
    {
        // dzhanibekov is torque-free (measure angle_rad): a rotation scheme name varies the
        // rotation scheme and the line says so; a preset names its rotation scheme; the CSV keeps
        // the names as given
        QTemporaryDir dir;
        const QString csvPath = dir.filePath("sweep.csv");
        Result r = runCli({"sweep", "builtin:dzhanibekov", "--scheme", "explicit_euler,pfc", "--dt", "4e-3,2e-3",
                           "--duration", "0.2", "--csv", csvPath});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QStringList out = r.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(out.size(), 2);
        QVERIFY2(out[0].startsWith(QStringLiteral("explicit_euler order ")), qPrintable(out[0]));
        QVERIFY2(out[0].endsWith(QStringLiteral(" (rotation: explicit_euler)")), qPrintable(out[0]));
        QVERIFY2(out[1].startsWith(QStringLiteral("pfc order ")), qPrintable(out[1]));
        QVERIFY2(out[1].endsWith(QStringLiteral(" (rotation: buss_2nd_order)")), qPrintable(out[1]));
        QFile f(csvPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 2 * 2);
        QVERIFY2(lines[1].startsWith(QStringLiteral("explicit_euler,")), qPrintable(lines[1]));
        QVERIFY2(lines[1].endsWith(QStringLiteral(",analytic,angle_rad")), qPrintable(lines[1]));

        // a translation scheme varies nothing there: bad usage, before any run
        r = runCli({"sweep", "builtin:dzhanibekov", "--scheme", "pfc,velocity_verlet", "--dt", "4e-3", "--duration",
                    "0.2", "--csv", dir.filePath("refused.csv")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--scheme") && r.err.contains("velocity_verlet") &&
                     r.err.contains("orientation angle") && r.err.contains("rk4_quaternion"),
                 qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    void sweepColumnsNameReferenceAndMeasure()
    {
        // a torque-free scene measures the orientation angle against its closed form; a scene
        // without one, positions against rk4
        QTemporaryDir dir;
        const QString top = dir.filePath("top.csv"), box = dir.filePath("box.csv");
        Result r = runCli({"sweep", "builtin:symmetric-top", "--scheme", "pfc", "--dt", "2e-3,1e-3", "--duration",
                           "0.5", "--csv", top});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runCli({"sweep", "builtin:sliding-to-rolling", "--scheme", "pfc", "--dt", "2e-5,1e-5", "--duration", "2e-4",
                    "--csv", box});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        for (const auto& [path, tail] : {std::pair{top, QStringLiteral(",analytic,angle_rad")},
                                         std::pair{box, QStringLiteral(",rk4,position_m")}}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
            QCOMPARE(lines.size(), 3);
            QCOMPARE(lines[0], QStringLiteral("scheme,dt,steps,error,reference,measure"));
            QVERIFY2(lines[1].endsWith(tail) && lines[2].endsWith(tail), qPrintable(lines[1]));
            QCOMPARE(lines[1].split(',').size(), 6);
        }
        // the help names the new columns
        QVERIFY(runCli({"--help"}).out.contains("scheme,dt,steps,error,reference,"));
    }

    void helpPrintsUsage()
    {
        for (const QStringList& args : {QStringList{"--help"}, QStringList{"help"}}) {
            const Result r = runCli(args);
            QCOMPARE(r.exitCode, 0);
            QVERIFY(r.out.contains("usage"));
            QVERIFY(r.out.contains("--energy-csv"));
        }
    }

    void badOptionExits2()
    {
        const Result r = runCli({"run", "builtin:bouncing-ball", "--steps", "10", "--bogus", "1"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--bogus"), qPrintable(r.err));
        const Result none = runCli({});
        QCOMPARE(none.exitCode, 2);
    }

    void trackedIdPastTheLastBodyExits2()
    {
        QTemporaryDir dir;
        const QString scene = writeFile(dir, "pile.json", pileScene());
        const Result r = runCli({"run", scene, "--steps", "10", "--track", "4", "--track-csv", dir.filePath("t.csv")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--track"), qPrintable(r.err));
    }

    void unwritableOutputExits2NamingTheOption()
    {
        QTemporaryDir dir;
        const QString scene = writeFile(dir, "pile.json", pileScene());
        const QString bad = dir.filePath("missing-dir/e.csv");
        const Result r = runCli({"run", scene, "--steps", "10", "--energy-csv", bad});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--energy-csv"), qPrintable(r.err));
        QVERIFY2(r.err.contains(bad), qPrintable(r.err));
    }
};

QTEST_APPLESS_MAIN(TestTumbleCli)
#include "TestTumbleCli.moc"
