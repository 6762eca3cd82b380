// tumble-cli export-lammps end to end (issue 23): the exported directory is run by Debian's LAMMPS
// (`lmp`, installed by scripts/setup.sh) and what it writes is checked against closed forms and
// against Tumble's own run of the same scene.
// - A ball dropped on the floor, linear and Hertz, rebounds with the scene's restitution to 1e-3
//   (velocity Verlet's error at dt = 1e-6 is 4e-4 for the linear law: Tumble's own run shows the
//   same), and with Tumble's rebound speed to 1e-12: both programs integrate the same model by
//   the same scheme, so they part by round-off only.
// - An oblique impact with sticking then sliding under friction_limit "total" gives LAMMPS's and
//   Tumble's velocities and spin within 1e-3: LAMMPS takes the lever arm of friction as the full
//   radius, Tumble the contact point R - d/2, which differ by d_max / 2R ~ 1.6e-4 here. Under
//   Tumble's default cap (elastic) the same impact ends 10% away: the option is what makes them
//   agree.
// - Clumps keep Tumble's mass and principal moments (from its union integration, overlaps
//   counted once) in LAMMPS's rigid bodies to 1e-12, on two MPI ranks: two whose spheres overlap
//   (LAMMPS's own sum would be 10% or more heavier) and one whose spheres do not.
// - A periodic cell under simple shear (fix deform ... remap v): the box's tilt, flip included, and
//   the velocity shift of a sphere through the sheared face are the closed forms in both programs to
//   1e-12; a dense sheared gas's kinetic energy and shear stress agree with six Tumble runs within
//   5 sd of theirs. A bonded scene stops in Debian's LAMMPS only at its BPM atom style.
// - tumble-cli convert turns LAMMPS's dump of the mixed pile into VTK frame for frame (times and
//   every position to the bit), and a dump cut short in its last frame into the frames before
//   it, naming the line (exit 3).
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <random>

#include "CliProcess.h"
#include "io/LammpsDump.h"

using namespace tumble::test;

namespace {

// runs lmp on DIR/tumble.in (on `ranks` MPI ranks when > 1); empty on success, else the reason
QString runLammps(const QString& dir, int ranks = 1)
{
    const QString lmp = QStandardPaths::findExecutable("lmp");
    if (lmp.isEmpty())
        return "lmp not found: LAMMPS is installed by scripts/setup.sh (Debian package lammps)";
    QProcess p;
    p.setWorkingDirectory(dir);
    QStringList args{"-in", "tumble.in", "-log", "log.lammps", "-echo", "none", "-screen", "none"};
    if (ranks > 1) {
        const QString mpirun = QStandardPaths::findExecutable("mpirun");
        if (mpirun.isEmpty())
            return "mpirun not found: it comes with Debian's openmpi-bin (scripts/setup.sh)";
        // as root Open MPI wants to be told; on a 2-core machine it may need more slots than cores,
        // and a rank that waits must yield its core (it polls otherwise, starving the other)
        QStringList mpi{"--allow-run-as-root",
                        "--oversubscribe",
                        "--mca",
                        "mpi_yield_when_idle",
                        "1",
                        "-np",
                        QString::number(ranks),
                        lmp};
        p.start(mpirun, mpi + args);
    } else {
        p.start(lmp, args);
    }
    if (!p.waitForFinished(240000 * waitScale()))
        return "lmp did not finish in " + QString::number(4 * waitScale()) + " minutes";
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return "lmp failed: " + QString::fromLocal8Bit(p.readAllStandardError()) +
               QString::fromLocal8Bit(p.readAllStandardOutput()).right(2000);
    return {};
}

// the last frame of a text dump (atoms or a local dump's entries)
tumble::LammpsDumpFrame lastFrame(const QString& path)
{
    tumble::LammpsDumpReader reader(path.toStdString());
    tumble::LammpsDumpFrame frame, last;
    while (reader.next(frame))
        last = frame;
    return last;
}

// Tumble's own run: the last track row of body 0 (vx, vz, wy)
struct Motion {
    double vx = 0, vz = 0, wy = 0;
};

Motion tumbleRun(const QString& scene, long long steps, const QString& dir)
{
    const QString csv = dir + "/track.csv";
    const CliResult r = runCli({"run", scene, "--steps", QString::number(steps), "--track", "0", "--track-csv", csv,
                                "--every", QString::number(steps)});
    if (r.exitCode != 0)
        qFatal("tumble-cli run failed: %s", qPrintable(r.err));
    const QStringList last = fileLines(csv).last().split(',');
    return {last[6].toDouble(), last[8].toDouble(), last[10].toDouble()};
}

Motion lammpsRun(const QString& scene, long long steps, const QString& dir, QString& error)
{
    const CliResult r = runCli(
        {"export-lammps", scene, dir, "--steps", QString::number(steps), "--dump-every", QString::number(steps)});
    if (r.exitCode != 0) {
        error = "export failed: " + r.err;
        return {};
    }
    error = runLammps(dir);
    if (!error.isEmpty())
        return {};
    const tumble::LammpsDumpFrame f = lastFrame(dir + "/dump.atoms");
    if (f.rows != 1) {
        error = "dump.atoms has no last frame of one atom";
        return {};
    }
    return {f.at(0, f.column("vx")), f.at(0, f.column("vz")), f.at(0, f.column("omegay"))};
}

QString writeScene(const QTemporaryDir& tmp, const QString& name, const QString& material, const QString& body,
                   double dt)
{
    const QString text = QString(R"({"format": "tumble-scene", "version": 1, "name": "%1", "gravity": [0, 0, 0],
  "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": %2},
  "materials": [{"name": "glass", "density": 2500, "contact": %3}],
  "bodies": [%4],
  "walls": [{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "glass"}]})")
                             .arg(name)
                             .arg(dt, 0, 'g', 17)
                             .arg(material, body);
    const QString path = tmp.filePath(name + ".json");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text.toUtf8());
    return path;
}

// ~2000 frictional spheres, radii 0.8 to 1.2 mm, poured from a jittered grid into a box of five
// walls under LAMMPS's Coulomb cap (friction_limit total); variant k in 1..6 nudges one of two
// spheres' initial velocity by 1e-9 m/s along x, y or z
QString writePour(const QTemporaryDir& tmp, int variant)
{
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> radius(0.8e-3, 1.2e-3), jitter(-0.2e-3, 0.2e-3);
    std::normal_distribution<double> speed(0.0, 0.05);
    const int nx = 12, nz = 14;
    const double s = 2.6e-3, side = nx * s;
    QString bodies;
    for (int k = 0; k < nz; ++k)
        for (int j = 0; j < nx; ++j)
            for (int i = 0; i < nx; ++i) {
                const double r = radius(rng), x = (i + 0.5) * s + jitter(rng), y = (j + 0.5) * s + jitter(rng);
                double v[3] = {speed(rng), speed(rng), speed(rng)};
                const int at = 3 + 2 * ((variant - 1) / 3); // (3, 3, 3) or (5, 5, 5)
                if (variant > 0 && i == at && j == at && k == at)
                    v[(variant - 1) % 3] += 1e-9;
                bodies += QString(R"(%1{"type": "sphere", "material": "grain", "radius": %2, "position": [%3, %4, %5],)"
                                  R"( "velocity": [%6, %7, %8]})")
                              .arg(bodies.isEmpty() ? "" : ", ")
                              .arg(r, 0, 'g', 17)
                              .arg(x, 0, 'g', 17)
                              .arg(y, 0, 'g', 17)
                              .arg(1.5e-3 + k * s, 0, 'g', 17)
                              .arg(v[0], 0, 'g', 17)
                              .arg(v[1], 0, 'g', 17)
                              .arg(v[2], 0, 'g', 17);
            }
    const QString walls = QString(R"([{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "grain"},
      {"type": "plane", "point": [0, 0, 0], "normal": [1, 0, 0], "material": "grain"},
      {"type": "plane", "point": [%1, 0, 0], "normal": [-1, 0, 0], "material": "grain"},
      {"type": "plane", "point": [0, 0, 0], "normal": [0, 1, 0], "material": "grain"},
      {"type": "plane", "point": [0, %1, 0], "normal": [0, -1, 0], "material": "grain"}])")
                              .arg(side, 0, 'g', 17);
    const QString text = QString(R"({"format": "tumble-scene", "version": 1, "name": "pour", "gravity": [0, 0, -9.81],
  "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": 2e-5},
  "materials": [{"name": "grain", "density": 2500, "contact": {"model": "linear", "kn": 1000, "kt": 285.7,
     "restitution": 0.5, "friction": 0.5, "friction_limit": "total"}}],
  "walls": %1, "bodies": [%2]})")
                             .arg(walls, bodies);
    const QString path = tmp.filePath(QString("pour%1.json").arg(variant));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text.toUtf8());
    return path;
}

// a dense sheared gas: 216 frictional spheres (radius 5 mm, volume fraction 0.27) on a jittered
// lattice in a periodic cube of 75 mm under L_xy = 5 1/s (Lees-Edwards), started on the affine
// profile v_x = 5 y plus 0.1 m/s random velocities; variant k in 1..6 nudges one sphere's velocity
// by k x 1e-9 m/s along x, y or z
QString writeDenseShear(const QTemporaryDir& tmp, int variant, double dt)
{
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> jitter(-1e-3, 1e-3);
    std::normal_distribution<double> speed(0.0, 0.1);
    const int n = 6;
    const double s = 0.0125, side = n * s, g = 5.0;
    QString bodies;
    int index = 0;
    for (int k = 0; k < n; ++k)
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i, ++index) {
                const double x = (i + 0.5) * s + jitter(rng), y = (j + 0.5) * s + jitter(rng),
                             z = (k + 0.5) * s + jitter(rng);
                double v[3] = {g * y + speed(rng), speed(rng), speed(rng)};
                if (variant > 0 && index == 100)
                    v[(variant - 1) % 3] += 1e-9 * (1 + (variant - 1) / 3);
                bodies += QString(R"(%1{"type": "sphere", "material": "g", "radius": 0.005, "position": [%2, %3, %4],)"
                                  R"( "velocity": [%5, %6, %7]})")
                              .arg(bodies.isEmpty() ? "" : ", ")
                              .arg(x, 0, 'g', 17)
                              .arg(y, 0, 'g', 17)
                              .arg(z, 0, 'g', 17)
                              .arg(v[0], 0, 'g', 17)
                              .arg(v[1], 0, 'g', 17)
                              .arg(v[2], 0, 'g', 17);
            }
    const QString text = QString(R"({"format": "tumble-scene", "version": 1, "name": "dense", "gravity": [0, 0, 0],
  "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": %1},
  "materials": [{"name": "g", "density": 2500, "contact": {"model": "linear", "kn": 1e4, "kt": 2.5e3,
     "restitution": 0.8, "friction": 0.3, "friction_limit": "total"}}],
  "bodies": [%2],
  "cell": {"vectors": [[%3, 0, 0], [0, %3, 0], [0, 0, %3]], "periodic": [true, true, true],
           "velocity_gradient": [[0, %4, 0], [0, 0, 0], [0, 0, 0]], "model": "lees_edwards"}})")
                             .arg(dt, 0, 'g', 17)
                             .arg(bodies)
                             .arg(side, 0, 'g', 17)
                             .arg(g, 0, 'g', 17);
    const QString path = tmp.filePath(QString("dense%1.json").arg(variant));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text.toUtf8());
    return path;
}

// the mean of a CSV column over the rows at or after time t0 (column 1 is the time)
double csvMean(const QString& path, int column, double t0)
{
    double sum = 0;
    int count = 0;
    const QStringList lines = fileLines(path);
    for (int k = 1; k < lines.size(); ++k) {
        const QStringList c = lines[k].split(',');
        if (c.size() > column && c[1].toDouble() >= t0) {
            sum += c[column].toDouble();
            ++count;
        }
    }
    return count ? sum / count : std::nan("");
}

struct PourFigures {
    double meanHeight = 0;       // m
    double coordination = 0;     // touching neighbours per sphere, walls not counted
    std::vector<double> kinetic; // J, every 2000 steps from step 0
};

// mean height and coordination number of spheres at positions x (m) with radii r (m)
void bedFigures(const std::vector<std::array<double, 3>>& x, const std::vector<double>& r, PourFigures& out)
{
    double z = 0;
    long long contacts = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        z += x[i][2];
        for (std::size_t j = i + 1; j < x.size(); ++j) {
            const double dx = x[i][0] - x[j][0], dy = x[i][1] - x[j][1], dz = x[i][2] - x[j][2];
            contacts += dx * dx + dy * dy + dz * dz < (r[i] + r[j]) * (r[i] + r[j]);
        }
    }
    out.meanHeight = z / double(x.size());
    out.coordination = 2.0 * double(contacts) / double(x.size());
}

// the numbers of a VTK ascii DataArray named `name` (Points: the positions) in a frame
std::vector<double> vtpArray(const QStringList& lines, const QString& name)
{
    std::vector<double> out;
    int k = 0;
    while (k < lines.size() && !lines[k].contains(name == "Points" ? "<Points>" : "Name=\"" + name + "\""))
        ++k;
    if (name == "Points")
        ++k;
    for (++k; k < lines.size() && !lines[k].contains("</DataArray>"); ++k)
        for (const QString& v : lines[k].split(' ', Qt::SkipEmptyParts))
            out.push_back(v.toDouble());
    return out;
}

PourFigures tumbleFigures(const QString& energyCsv, const QString& vtp)
{
    PourFigures f;
    for (const QString& row : fileLines(energyCsv).mid(1))
        f.kinetic.push_back(row.section(',', 2, 2).toDouble() + row.section(',', 3, 3).toDouble());
    const QStringList lines = fileLines(vtp);
    const std::vector<double> p = vtpArray(lines, "Points"), r = vtpArray(lines, "radius");
    std::vector<std::array<double, 3>> x(r.size());
    for (std::size_t i = 0; i < r.size(); ++i)
        x[i] = {p[3 * i], p[3 * i + 1], p[3 * i + 2]};
    bedFigures(x, r, f);
    return f;
}

PourFigures lammpsFigures(const QString& dir)
{
    PourFigures f;
    bool rows = false;
    for (const QString& line : fileLines(dir + "/log.lammps")) {
        const QStringList w = line.split(' ', Qt::SkipEmptyParts);
        if (w.value(0) == "Step") {
            rows = true;
        } else if (rows && w.size() == 5 && w[0].toLongLong() % 2000 == 0) {
            f.kinetic.push_back(w[2].toDouble() + w[3].toDouble());
        } else if (rows && w.value(0) == "Loop") {
            rows = false;
        }
    }
    const tumble::LammpsDumpFrame last = lastFrame(dir + "/dump.atoms");
    std::vector<std::array<double, 3>> x(last.rows);
    std::vector<double> r(last.rows);
    for (std::size_t i = 0; i < last.rows; ++i) {
        x[i] = {last.at(i, last.column("x")), last.at(i, last.column("y")), last.at(i, last.column("z"))};
        r[i] = last.at(i, last.column("radius"));
    }
    bedFigures(x, r, f);
    return f;
}

} // namespace

class TestExportLammps : public QObject {
    Q_OBJECT
private slots:
    // Simple shear L = g e_x e_y (Lees-Edwards) of a cell with three spheres that never touch, run
    // by both programs for T = 0.14 s (strain 0.7, so both flip once): LAMMPS's box tilt is the
    // closed form g T Ly - Lx, as Tumble's cell, to 1e-12 of Ly (round-off over 1400 steps); the
    // sphere crossing the y face leaves with v_x - g Ly exactly in both, the one crossing the x
    // face with its own velocity; every position is x0 + v0 T modulo the final lattice in Tumble
    // (straight lines: Newton's law between crossings) to 1e-12 of the cell, and in LAMMPS too but
    // for the crossing sphere, which ends dt g Ly further along x: LAMMPS wraps it by the box of
    // the step before (the export notes it).
    void shearedCellShiftsCrossingVelocities()
    {
        QTemporaryDir tmp;
        const double g = 5.0, side = 0.1, t = 0.14;
        const long long steps = 1400;
        const std::array<std::array<double, 3>, 3> x0{{{0.05, 0.09, 0.05}, {0.02, 0.03, 0.02}, {0.05, 0.05, 0.08}}};
        const std::array<std::array<double, 3>, 3> v0{{{0, 0.5, 0}, {1.0, 0, 0}, {0, 0, 0}}};
        QString bodies;
        for (std::size_t b = 0; b < 3; ++b)
            bodies += QString(R"(%1{"type": "sphere", "material": "glass", "radius": 0.005, "position": [%2, %3, %4],)"
                              R"( "velocity": [%5, %6, %7]})")
                          .arg(b ? ", " : "")
                          .arg(x0[b][0])
                          .arg(x0[b][1])
                          .arg(x0[b][2])
                          .arg(v0[b][0])
                          .arg(v0[b][1])
                          .arg(v0[b][2]);
        const QString text = QString(R"({"format": "tumble-scene", "version": 1, "name": "shear", "gravity": [0, 0, 0],
  "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": 1e-4},
  "materials": [{"name": "glass", "density": 2500, "contact": {"model": "linear", "kn": 1e4, "kt": 2.5e3,
     "restitution": 0.8, "friction": 0.3, "friction_limit": "total"}}],
  "bodies": [%1],
  "cell": {"vectors": [[0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.1]], "periodic": [true, true, true],
           "velocity_gradient": [[0, 5, 0], [0, 0, 0], [0, 0, 0]], "model": "lees_edwards"}})")
                                 .arg(bodies);
        const QString scene = tmp.filePath("shear.json");
        {
            QFile f(scene);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text.toUtf8());
        }
        const QString dir = tmp.filePath("lammps");
        const CliResult exported = runCli(
            {"export-lammps", scene, dir, "--steps", QString::number(steps), "--dump-every", QString::number(steps)});
        QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
        QVERIFY2(exported.err.count("not the same") == 1 && exported.err.contains("the step before"),
                 qPrintable(exported.err));
        const QString error = runLammps(dir);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const tumble::LammpsDumpFrame f = lastFrame(dir + "/dump.atoms");
        QCOMPARE(f.rows, std::size_t{3});

        // the box: tilt g T Ly flipped once by Lx, in LAMMPS and in Tumble's summary
        const double tilt = g * t * side - side;
        QVERIFY2(std::abs(f.tilt[0] - tilt) <= 1e-12 * side,
                 qPrintable(QString("LAMMPS xy %1, closed form %2").arg(f.tilt[0], 0, 'g', 17).arg(tilt, 0, 'g', 17)));
        const QString csv = tmp.filePath("track.csv"), json = tmp.filePath("summary.json");
        const CliResult run = runCli({"run", scene, "--steps", QString::number(steps), "--track", "0,1,2",
                                      "--track-csv", csv, "--every", QString::number(steps), "--summary-json", json});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QFile js(json);
        QVERIFY(js.open(QIODevice::ReadOnly));
        const QJsonArray sideB =
            QJsonDocument::fromJson(js.readAll()).object()["cell"].toObject()["vectors"].toArray()[1].toArray();
        QVERIFY2(
            std::abs(sideB[0].toDouble() - tilt) <= 1e-12 * side,
            qPrintable(
                QString("Tumble xy %1, closed form %2").arg(sideB[0].toDouble(), 0, 'g', 17).arg(tilt, 0, 'g', 17)));

        // the final lattice: a = (L, 0, 0), b = (tilt, L, 0), c = (0, 0, L)
        auto offLattice = [&](const std::array<double, 3>& d) {
            const double sy = d[1] / side, sx = (d[0] - tilt * sy) / side, sz = d[2] / side;
            return std::max(
                {std::abs(sx - std::round(sx)), std::abs(sy - std::round(sy)), std::abs(sz - std::round(sz))});
        };
        const QStringList rows = fileLines(csv);
        for (std::size_t b = 0; b < 3; ++b) {
            // crossing y shifts v_x by -g Ly; crossing x shifts nothing
            const std::array<double, 3> v{v0[b][0] - (b == 0 ? g * side : 0.0), v0[b][1], v0[b][2]};
            const std::array<double, 3> x{x0[b][0] + v0[b][0] * t, x0[b][1] + v0[b][1] * t, x0[b][2] + v0[b][2] * t};
            // LAMMPS: the dump is sorted by id, atom b + 1 is body b; Tumble: the last step's row of body b
            QStringList last;
            for (const QString& line : rows) {
                const QStringList c = line.split(',');
                if (c.size() > 8 && c[0] == QString::number(steps) && c[2] == QString::number(b))
                    last = c;
            }
            QVERIFY2(!last.isEmpty(), "no track row at the last step");
            const std::array<double, 3> lammpsX{f.at(b, f.column("x")), f.at(b, f.column("y")), f.at(b, f.column("z"))};
            const std::array<double, 3> tumbleX{last[3].toDouble(), last[4].toDouble(), last[5].toDouble()};
            for (int k = 0; k < 3; ++k) {
                const double lv = f.at(b, f.column(std::string("v") + "xyz"[k]));
                const double tv = last[6 + k].toDouble();
                const QString both = QString("sphere %1 v%2: LAMMPS %3, Tumble %4, closed form %5")
                                         .arg(b)
                                         .arg("xyz"[k])
                                         .arg(lv, 0, 'g', 17)
                                         .arg(tv, 0, 'g', 17)
                                         .arg(v[static_cast<std::size_t>(k)], 0, 'g', 17);
                QVERIFY2(std::abs(lv - v[static_cast<std::size_t>(k)]) <= 1e-12, qPrintable(both));
                QVERIFY2(std::abs(tv - v[static_cast<std::size_t>(k)]) <= 1e-12, qPrintable(both));
            }
            std::array<double, 3> dl{}, dt{};
            for (std::size_t k = 0; k < 3; ++k) {
                dl[k] = lammpsX[k] - x[k];
                dt[k] = tumbleX[k] - x[k];
            }
            // LAMMPS wraps an atom by its box of the step before (fix deform moves the box at the
            // step's end): the crossing sphere ends one step's shear, dt g Ly, ahead along x
            if (b == 0)
                dl[0] -= 1e-4 * g * side;
            QVERIFY2(
                offLattice(dl) <= 1e-12,
                qPrintable(QString("sphere %1: LAMMPS off the closed form by %2 periods").arg(b).arg(offLattice(dl))));
            QVERIFY2(
                offLattice(dt) <= 1e-12,
                qPrintable(QString("sphere %1: Tumble off the closed form by %2 periods").arg(b).arg(offLattice(dt))));
        }
    }

    // The dense sheared gas of writeDenseShear over 1 s at dt = 2.5e-5 s (0.074 of the critical
    // step): the mean kinetic energy of the motion relative to the medium (the export's
    // kinetic_translational) and the mean shear stress -P_xy (compute pressure with temp/deform,
    // added to the exported input) over 0.5 to 1 s against six Tumble runs whose initial velocities
    // differ by 1e-9 m/s, within 5 sd of theirs (were LAMMPS one more such run, odds of 0.6% to
    // fail: Student's t with 5 degrees of freedom at 5 / sqrt(7/6)). Measured here: kinetic energy
    // LAMMPS 4.703e-4 J, Tumble 4.887e-4 +- 1.7e-5 (-1.1 sd); shear stress 1.161 Pa against
    // 1.384 +- 0.17 (-1.3 sd). On a variant of this gas (other random numbers) five LAMMPS runs
    // were +1.3% (1.1 standard errors) off Tumble's kinetic energy at this dt and -4.7% (2.8 se) at
    // twice it: LAMMPS's box lags a step at the sheared faces (noted in the export), a first-order
    // error that this step keeps within the runs' own spread.
    void denseShearedGasAgreesWithTumble()
    {
        QTemporaryDir tmp;
        const double dt = 2.5e-5, t0 = 0.5;
        const long long steps = 40000, every = 400;
        std::vector<double> kinetic, shear;
        for (int variant = 1; variant <= 6; ++variant) {
            const QString energy = tmp.filePath(QString("energy%1.csv").arg(variant));
            const QString stress = tmp.filePath(QString("stress%1.csv").arg(variant));
            const CliResult r =
                runCli({"run", writeDenseShear(tmp, variant, dt), "--steps", QString::number(steps), "--every",
                        QString::number(every), "--energy-csv", energy, "--stress-csv", stress});
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            kinetic.push_back(csvMean(energy, 2, t0));
            shear.push_back(csvMean(stress, 13, t0));
        }
        const QString dir = tmp.filePath("lammps");
        const CliResult e = runCli({"export-lammps", writeDenseShear(tmp, 0, dt), dir, "--steps",
                                    QString::number(steps), "--dump-every", QString::number(steps)});
        QVERIFY2(e.exitCode == 0, qPrintable(e.err));
        // the pressure tensor on the motion relative to the box's streaming velocity (L x here)
        QFile in(dir + "/tumble.in");
        QVERIFY(in.open(QIODevice::ReadOnly));
        QString input = QString::fromUtf8(in.readAll());
        in.close();
        const QString thermo = "thermo_style custom step time v_kinetic_translational v_kinetic_rotational "
                               "v_potential_gravity";
        QVERIFY(input.contains(thermo));
        input.replace(thermo, "compute relative all temp/deform\ncompute stress all pressure relative\n" + thermo +
                                  " c_stress[4]");
        input.replace(QRegularExpression("variable thermo_every equal \\d+"),
                      "variable thermo_every equal " + QString::number(every));
        QVERIFY(in.open(QIODevice::WriteOnly | QIODevice::Truncate));
        in.write(input.toUtf8());
        in.close();
        const QString error = runLammps(dir);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        double lammpsKinetic = 0, lammpsShear = 0;
        int rows = 0;
        bool inTable = false;
        for (const QString& line : fileLines(dir + "/log.lammps")) {
            if (line.trimmed().startsWith("Step")) {
                inTable = true;
                continue;
            }
            if (line.startsWith("Loop"))
                inTable = false;
            const QStringList c = line.split(' ', Qt::SkipEmptyParts);
            if (inTable && c.size() == 6 && c[1].toDouble() >= t0) {
                lammpsKinetic += c[2].toDouble();
                lammpsShear -= c[5].toDouble(); // Tumble's stress is tension positive, LAMMPS's pressure not
                ++rows;
            }
        }
        QCOMPARE(rows, static_cast<int>((steps - t0 / dt) / every) + 1);
        auto compare = [&](const char* what, double value, const std::vector<double>& runs) {
            double mean = 0, var = 0;
            for (double x : runs)
                mean += x / static_cast<double>(runs.size());
            for (double x : runs)
                var += (x - mean) * (x - mean) / static_cast<double>(runs.size() - 1);
            const double sd = std::sqrt(var);
            qInfo("%s: LAMMPS %.6g, Tumble %.6g +- %.2g (%.1f sd)", what, value, mean, sd, (value - mean) / sd);
            QVERIFY2(std::abs(value - mean) <= 5.0 * sd,
                     qPrintable(QString("%1: LAMMPS %2, Tumble %3 +- %4").arg(what).arg(value).arg(mean).arg(sd)));
        };
        compare("kinetic energy relative to the medium (J)", lammpsKinetic / rows, kinetic);
        compare("shear stress sigma_xy (Pa)", lammpsShear / rows, shear);
    }

    // Debian 12's LAMMPS has no BPM package: a bonded scene's input stops at its first BPM word,
    // the atom style, and at nothing before it
    void bondedSceneNeedsBpm()
    {
        QTemporaryDir tmp;
        const QString text = R"({"format": "tumble-scene", "version": 1, "name": "pair", "gravity": [0, 0, 0],
  "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": 1e-6},
  "materials": [{"name": "steel", "density": 7800, "contact": {"model": "linear", "kn": 1e6, "kt": 2e5,
     "restitution": 0.5, "friction": 0.3}}],
  "bodies": [{"type": "sphere", "material": "steel", "radius": 0.01, "position": [0, 0, 0]},
             {"type": "sphere", "material": "steel", "radius": 0.01, "position": [0.02, 0, 0], "velocity": [0.1, 0, 0]}],
  "bonds": [{"bodies": [0, 1], "kn": 1e5, "ks": 4e4, "kt": 4, "kb": 6}]})";
        const QString scene = tmp.filePath("pair.json");
        {
            QFile f(scene);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text.toUtf8());
        }
        const QString dir = tmp.filePath("lammps");
        const CliResult exported = runCli({"export-lammps", scene, dir, "--steps", "100"});
        QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
        QVERIFY(exported.err.contains("BPM package"));
        QVERIFY(!runLammps(dir).isEmpty());
        const QStringList log = fileLines(dir + "/log.lammps");
        QStringList errors;
        for (const QString& line : log)
            if (line.startsWith("ERROR"))
                errors << line;
        QVERIFY2(errors.size() == 1 && errors[0].contains("atom style") && errors[0].contains("bpm/sphere"),
                 qPrintable(errors.join('\n')));
    }

    void bouncingBall_data()
    {
        QTest::addColumn<QString>("contact");
        QTest::addColumn<long long>("steps");
        QTest::newRow("linear") << R"({"model": "linear", "kn": 1e5, "kt": 2.5e4, "restitution": 0.5, "friction": 0.3})"
                                << 3000LL;
        QTest::newRow("hertz") << R"({"model": "hertz_mindlin", "young": 1e7, "poisson": 0.3, "restitution": 0.5,)"
                                  R"( "friction": 0.3})"
                               << 8000LL;
    }

    void bouncingBall()
    {
        QFETCH(QString, contact);
        QFETCH(long long, steps);
        QTemporaryDir tmp;
        // 0.37 of a step's travel short of touching: a contact that began exactly on a step would
        // take its first dashpot kick or not by one ulp of position
        const QString scene = writeScene(
            tmp, "ball", contact,
            R"({"type": "sphere", "material": "glass", "radius": 0.01, "position": [0, 0, 0.01000037], "velocity": [0, 0, -1]})",
            1e-6);
        QString error;
        const Motion lammps = lammpsRun(scene, steps, tmp.filePath("lammps"), error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const Motion tumble = tumbleRun(scene, steps, tmp.path());
        QVERIFY2(std::abs(lammps.vz - 0.5) <= 1e-3, qPrintable(QString("LAMMPS rebounds at %1 m/s").arg(lammps.vz)));
        QVERIFY2(std::abs(lammps.vz - tumble.vz) <= 1e-12 * tumble.vz,
                 qPrintable(QString("LAMMPS %1, Tumble %2 m/s").arg(lammps.vz, 0, 'g', 17).arg(tumble.vz, 0, 'g', 17)));
    }

    void obliqueImpactTotalLimit()
    {
        QTemporaryDir tmp;
        const QString body = R"({"type": "sphere", "material": "glass", "radius": 0.01, )"
                             R"("position": [0, 0, 0.010000137], "velocity": [1, 0, -1]})";
        const QString linear = R"({"model": "linear", "kn": 1e9, "kt": 2.5e8, "restitution": 0.5, "friction": 0.3)";
        const QString total = writeScene(tmp, "total", linear + R"(, "friction_limit": "total"})", body, 1e-8);
        const QString elastic = writeScene(tmp, "elastic", linear + "}", body, 1e-8);
        QString error;
        const Motion lammps = lammpsRun(total, 3000, tmp.filePath("lammps"), error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const Motion same = tumbleRun(total, 3000, tmp.path());
        const Motion other = tumbleRun(elastic, 3000, tmp.path());
        const QString both = QString("LAMMPS v (%1, %2) w %3; Tumble (total) v (%4, %5) w %6")
                                 .arg(lammps.vx)
                                 .arg(lammps.vz)
                                 .arg(lammps.wy)
                                 .arg(same.vx)
                                 .arg(same.vz)
                                 .arg(same.wy);
        QVERIFY2(std::abs(lammps.vx - same.vx) <= 1e-3 * std::abs(same.vx), qPrintable(both));
        QVERIFY2(std::abs(lammps.vz - same.vz) <= 1e-3 * std::abs(same.vz), qPrintable(both));
        QVERIFY2(std::abs(lammps.wy - same.wy) <= 1e-3 * std::abs(same.wy), qPrintable(both));
        QVERIFY2(std::abs(lammps.vx - other.vx) > 0.05 * std::abs(lammps.vx),
                 qPrintable(QString("the elastic cap should end far from LAMMPS: vx %1").arg(other.vx)));
    }

    void clumpMassPropertiesOnTwoRanks()
    {
        QTemporaryDir tmp;
        // clumps whose spheres overlap (where LAMMPS would sum them), one whose spheres do not,
        // and a sphere, over a floor under gravity
        const QString clump = R"({"type": "clump", "material": "glass", "position": %1, "orientation": %2,
            "spheres": %3})";
        const QString list =
            clump.arg("[0, 0, 0.05]", "[1, 0, 0, 0]", R"([{"center": [0, 0, 0], "radius": 0.01},
                {"center": [0.01, 0, 0], "radius": 0.01}])") +
            ", " + clump.arg("[0.06, 0, 0.05]", "[0.8, 0.2, -0.3, 0.4]", R"([{"center": [0, 0, 0], "radius": 0.01},
                {"center": [0.012, 0.004, 0], "radius": 0.007}, {"center": [0, 0.009, 0.005], "radius": 0.005}])") +
            ", " + clump.arg("[-0.06, 0, 0.05]", "[1, 0, 0, 0]", R"([{"center": [0, 0, 0], "radius": 0.008},
                {"center": [0.0162, 0, 0], "radius": 0.008}])") +
            R"(, {"type": "sphere", "material": "glass", "radius": 0.01, "position": [0, 0.06, 0.05]})";
        const QString scene = writeScene(
            tmp, "pile", R"({"model": "linear", "kn": 1e5, "restitution": 0.5, "friction": 0.3})", list, 1e-5);
        {
            // (with gravity: writeScene's is zero)
            QFile f(scene);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QByteArray text = f.readAll().replace(R"("gravity": [0, 0, 0])", R"("gravity": [0, 0, -9.81])");
            f.resize(0);
            f.write(text);
        }
        const QString dir = tmp.filePath("pile");
        const CliResult r = runCli({"export-lammps", scene, dir, "--procs", "2", "--steps", "1", "--dump-every", "1"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(QFile::exists(dir + "/clumps.rigid"));
        const QString error = runLammps(dir, 2);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const tumble::LammpsDumpFrame bodies = lastFrame(dir + "/dump.bodies");
        // columns: c_bodies[1] id, [2] mol, [3] mass, ..., [17..19] principal moments
        auto entry = [&](std::size_t row, int c) {
            return bodies.at(row, bodies.column(QString("c_bodies[%1]").arg(c).toStdString()));
        };
        std::vector<double> mol(bodies.rows);
        for (std::size_t k = 0; k < bodies.rows; ++k)
            mol[k] = entry(k, 2);
        const CliResult inspect = runCli({"inspect", scene});
        QCOMPARE(inspect.exitCode, 0);
        const QJsonArray tumbleBodies = QJsonDocument::fromJson(inspect.out.toUtf8()).object()["bodies"].toArray();
        int clumps = 0;
        for (const QJsonValue& b : tumbleBodies)
            clumps += b.toObject()["type"].toString() == "clump";
        QVERIFY(clumps > 0);
        QCOMPARE(int(mol.size()), clumps);
        for (std::size_t k = 0; k < mol.size(); ++k) {
            const QJsonObject b = tumbleBodies[int(mol[k]) - 1].toObject(); // molecule = body id + 1
            QCOMPARE(b["type"].toString(), QStringLiteral("clump"));
            const double mass = b["mass"].toDouble();
            if (mol[k] == 1) {
                // the overlapping pair: LAMMPS's own sum would count the lens twice
                const double sum = 2 * 4.0 / 3.0 * std::numbers::pi * 1e-6 * 2500;
                QVERIFY2(sum - mass > 0.1 * mass, qPrintable(QString("mass %1, sum %2").arg(mass).arg(sum)));
            }
            QVERIFY2(std::abs(entry(k, 3) - mass) <= 1e-12 * mass,
                     qPrintable(QString("clump %1: mass %2 in LAMMPS, %3 in Tumble")
                                    .arg(mol[k] - 1)
                                    .arg(entry(k, 3), 0, 'g', 17)
                                    .arg(mass, 0, 'g', 17)));
            std::vector<double> lmp{entry(k, 17), entry(k, 18), entry(k, 19)};
            std::sort(lmp.begin(), lmp.end());
            const QJsonArray j = b["principal_moments"].toArray();
            for (int a = 0; a < 3; ++a)
                QVERIFY2(std::abs(lmp[a] - j[a].toDouble()) <= 1e-12 * j[2].toDouble(),
                         qPrintable(QString("clump %1: moment %2 in LAMMPS, %3 in Tumble")
                                        .arg(mol[k] - 1)
                                        .arg(lmp[a], 0, 'g', 17)
                                        .arg(j[a].toDouble(), 0, 'g', 17)));
        }
    }

    void convertReadsWhatLammpsWrote()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.filePath("pile");
        QCOMPARE(
            runCli({"export-lammps", "builtin:mixed-pile", dir, "--steps", "2000", "--dump-every", "1000"}).exitCode,
            0);
        const QString error = runLammps(dir);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const CliResult r = runCli({"convert", dir + "/dump.atoms", "--vtk-dir", dir + "/vtk"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        // frame for frame: the dump's times and every atom's position, to the bit
        tumble::LammpsDumpReader reader((dir + "/dump.atoms").toStdString());
        tumble::LammpsDumpFrame frame;
        const QStringList pvd = fileLines(dir + "/vtk/lammps.pvd");
        int k = 0;
        for (; reader.next(frame); ++k) {
            const QString entry = pvd.filter("<DataSet").value(k);
            QCOMPARE(entry.section("timestep=\"", 1).section('"', 0, 0).toDouble(), *frame.time);
            const QString vtp = dir + "/vtk/" + entry.section("file=\"", 1).section('"', 0, 0);
            const QStringList lines = fileLines(vtp);
            const int points = lines.indexOf(QRegularExpression(".*<Points>.*"));
            QVERIFY(points > 0);
            QVERIFY(lines.join('\n').contains(QString("NumberOfPoints=\"%1\"").arg(frame.rows)));
            for (std::size_t i = 0; i < frame.rows; ++i) {
                const QStringList xyz = lines[points + 2 + int(i)].split(' ', Qt::SkipEmptyParts);
                QCOMPARE(xyz.size(), 3);
                QCOMPARE(xyz[0].toDouble(), frame.at(i, frame.column("x")));
                QCOMPARE(xyz[1].toDouble(), frame.at(i, frame.column("y")));
                QCOMPARE(xyz[2].toDouble(), frame.at(i, frame.column("z")));
            }
        }
        QCOMPARE(k, 3);
        QCOMPARE(pvd.filter("<DataSet").size(), 3);

        // cut short inside its last frame: the frames before it are converted, the cut is named
        const QStringList all = fileLines(dir + "/dump.atoms");
        QFile cut(dir + "/cut.atoms");
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write((all.mid(0, all.size() - 100).join('\n') + '\n').toUtf8());
        cut.close();
        const CliResult bad = runCli({"convert", dir + "/cut.atoms", "--vtk-dir", dir + "/vtk-cut"});
        QCOMPARE(bad.exitCode, 3);
        QVERIFY2(bad.err.contains("cut.atoms: line " + QString::number(all.size() - 100)) &&
                     bad.err.contains("cut short"),
                 qPrintable(bad.err));
        QCOMPARE(fileLines(dir + "/vtk-cut/lammps.pvd").filter("<DataSet").size(), 2);
    }

    void pourOnTwoRanksAgreesWithTumble()
    {
        QTemporaryDir tmp;
        const double duration = 0.4;
        // six Tumble runs whose initial velocities differ by 1e-9 m/s: a pour is chaotic, so their
        // spread is the resolution at which any two runs of one model can agree
        std::vector<PourFigures> tumble;
        for (int k = 0; k < 6; ++k) {
            const QString scene = writePour(tmp, k);
            const QString vtk = tmp.filePath(QString("vtk%1").arg(k)), csv = tmp.filePath(QString("e%1.csv").arg(k));
            const CliResult r = runCli({"run", scene, "--duration", QString::number(duration), "--energy-csv", csv,
                                        "--every", "2000", "--vtk-dir", vtk, "--vtk-every", "20000"},
                                       120000);
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            tumble.push_back(tumbleFigures(csv, vtk + "/tumble_000020000.vtp"));
        }
        const QString dir = tmp.filePath("lammps");
        const CliResult e = runCli({"export-lammps", writePour(tmp, 0), dir, "--duration", QString::number(duration),
                                    "--dump-every", "20000", "--procs", "2"});
        QVERIFY2(e.exitCode == 0, qPrintable(e.err));
        const QString error = runLammps(dir, 2);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const PourFigures lammps = lammpsFigures(dir);
        QCOMPARE(lammps.kinetic.size(), tumble[0].kinetic.size());
        // LAMMPS's figure against the spread of Tumble's: within 5 sample standard deviations of
        // their mean (were it one more of Tumble's runs, |t| > 5 would happen with odds of 0.5%),
        // and never closer than round-off demands
        auto within = [&](const char* what, double value, auto get) {
            double mean = 0.0, var = 0.0;
            for (const PourFigures& t : tumble)
                mean += get(t) / double(tumble.size());
            for (const PourFigures& t : tumble)
                var += (get(t) - mean) * (get(t) - mean) / double(tumble.size() - 1);
            const double sd = std::max(std::sqrt(var), 1e-12 * std::abs(mean));
            qInfo("%s: LAMMPS %.6g, Tumble %.6g +- %.2g (%.1f sd)", what, value, mean, sd, (value - mean) / sd);
            QVERIFY2(std::abs(value - mean) <= 5.0 * sd,
                     qPrintable(QString("%1: LAMMPS %2, Tumble %3 +- %4").arg(what).arg(value).arg(mean).arg(sd)));
        };
        within("bed height (mean z, m)", lammps.meanHeight, [](const PourFigures& f) { return f.meanHeight; });
        within("coordination number", lammps.coordination, [](const PourFigures& f) { return f.coordination; });
        QVERIFY(lammps.coordination > 3.0); // a settled bed, not a gas
        // the kinetic energy curve, every 2000 steps while the pour moves (above 1% of its peak)
        const double peak = *std::max_element(tumble[0].kinetic.begin(), tumble[0].kinetic.end());
        int compared = 0;
        for (std::size_t k = 0; k < lammps.kinetic.size(); ++k) {
            if (tumble[0].kinetic[k] < 0.01 * peak)
                continue;
            ++compared;
            within(qPrintable(QString("kinetic energy at sample %1 (J)").arg(k)), lammps.kinetic[k],
                   [k](const PourFigures& f) { return f.kinetic[k]; });
        }
        QVERIFY(compared >= 3);
    }
};

QTEST_GUILESS_MAIN(TestExportLammps)
#include "TestExportLammps.moc"
