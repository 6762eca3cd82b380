// A Tumble periodic cell as a LAMMPS box (io/LammpsBox.h, written by io/LammpsExport): the box's
// boundary words, corner and tilts, a body outside the cell written at its image inside with the
// image's velocity (x - H n, v - L H n), fix deform with remap v for a deforming cell, the
// closed forms of a ramped schedule, and the cells LAMMPS cannot hold refused with their JSON
// path. app.ExportLammps runs the sheared cell in LAMMPS against Tumble.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

#include "IoTestFiles.h"
#include "io/LammpsBox.h"
#include "io/LammpsExport.h"
#include "scene/SceneError.h"
#include "scene/SceneLoader.h"

using namespace tumble;
using tumble::test::readText;

namespace {

QString scene(const QString& cell, const QString& bodies, const QString& walls = "[]")
{
    return QString(R"({"format": "tumble-scene", "version": 1, "name": "cell", "gravity": [0, 0, 0],
  "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": 1e-4},
  "materials": [{"name": "glass", "density": 2500,
     "contact": {"model": "linear", "kn": 1e4, "kt": 2.5e3, "restitution": 0.8, "friction": 0.3,
       "friction_limit": "total"}}],
  "bodies": [%1], "walls": %2, "cell": %3})")
        .arg(bodies, walls, cell);
}

const char* const kSphere = R"({"type": "sphere", "material": "glass", "radius": 0.005, "position": [0.05, 0.1, 0.05],
   "velocity": [0.1, 0.5, 0]})";

struct Written {
    std::string data, input;
    std::vector<std::string> notes;
};

Written exported(const QString& text)
{
    const Scene s = loadSceneText(text.toStdString(), "cell.json");
    QTemporaryDir dir;
    const LammpsExportResult r = exportLammps(s, dir.path().toStdString());
    return {readText(dir.filePath("tumble.data").toStdString()), readText(dir.filePath("tumble.in").toStdString()),
            r.notes};
}

QString refusal(const QString& text)
{
    try {
        exported(text);
    } catch (const SceneError& e) {
        return QString::fromStdString(e.jsonPath());
    }
    return "not refused";
}

bool has(const std::string& text, const std::string& what)
{
    return text.find(what) != std::string::npos;
}

} // namespace

class TestLammpsBox : public QObject {
    Q_OBJECT
private slots:
    void shearedCellIsATiltingBoxWithRemapV()
    {
        const QString cell = R"({"vectors": [[0.1, 0, 0], [0.02, 0.2, 0], [0, 0, 0.3]], "periodic": [true, true, true],
          "velocity_gradient": [[0, 5, 0], [0, 0, 0], [0, 0, 0]], "model": "lees_edwards"})";
        // a sphere on the y face (y = 0.2 is the cell's next period): written at y = 0 in the box
        // (x less the tilt 0.02) with the image's velocity, v - L b = v - (5 x 0.2, 0, 0)
        const QString sphere = R"({"type": "sphere", "material": "glass", "radius": 0.005,
           "position": [0.07, 0.2, 0.05], "velocity": [0.1, 0.5, 0]})";
        const Written w = exported(scene(cell, sphere));
        QVERIFY(has(w.data, "\n0 0.1 xlo xhi\n0 0.2 ylo yhi\n0 0.3 zlo zhi\n0.02 0 0 xy xz yz\n"));
        QVERIFY2(has(w.data, "\n1 1 0.01 2500 0.05 0 0.05\n"), w.data.c_str());
        QVERIFY2(has(w.data, "\n1 -0.9 0.5 0 0 0 0\n"), w.data.c_str());
        QVERIFY(has(w.input, "\nboundary p p p\n"));
        QVERIFY(has(w.input, "\nvariable gradient_xy equal 5\n"));
        QVERIFY(has(w.input, "\nvariable strain_xy equal 5*time\n"));
        QVERIFY2(has(w.input, "\nvariable box_xy equal (0.02+v_strain_xy*0.2)\n"), w.input.c_str());
        QVERIFY(has(w.input, "\nvariable box_xy_rate equal v_gradient_xy*0.2\n"));
        QVERIFY(has(w.input, "\nfix deform all deform 1 xy variable v_box_xy_change v_box_xy_rate remap v flip yes "
                             "units box\n"));
        // Lees-Edwards as in LAMMPS: only its box's lag of a step is noted
        std::string all;
        for (const std::string& n : w.notes)
            all += n + "\n";
        QVERIFY2(w.notes.size() == 1 && has(w.notes[0], "the step before"), all.c_str());
    }

    void stillCellWithAnOpenAxisAndAFloor()
    {
        const QString cell = R"({"vectors": [[0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.1]], "periodic": [true, true, false],
          "model": "lees_edwards"})";
        const Written w = exported(scene(
            cell, kSphere, R"([{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "glass"}])"));
        QVERIFY(has(w.input, "\nboundary p p m\n"));
        QVERIFY(!has(w.input, "fix deform"));
        QVERIFY(!has(w.data, "xy xz yz"));
        QVERIFY(has(w.data, "\n0 0.1 xlo xhi\n0 0.1 ylo yhi\n"));
        QVERIFY(has(w.input, "zplane 0 NULL"));
    }

    void rampedScheduleIsPiecewiseInTime()
    {
        // an isotropic compression ramped in and out, then a shear: L commutes with itself
        const QString cell = R"({"vectors": [[0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.1]], "periodic": [true, true, true],
          "velocity_gradient_schedule": [
            {"time": 0.0, "velocity_gradient": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]},
            {"time": 0.1, "velocity_gradient": [[-1, 0, 0], [0, -1, 0], [0, 0, -1]]},
            {"time": 0.2, "velocity_gradient": [[0, 2, 0], [0, 0, 0], [0, 0, 0]]}],
          "model": "medium_carried"})";
        const Written w = exported(scene(cell, kSphere));
        // L_xx: 0 -> -1 over [0, 0.1), back to 0 over [0.1, 0.2), then 0
        QVERIFY2(has(w.input,
                     "\nvariable gradient_xx equal (time<0.1)*(0+(-10)*(time-0))+(time>=0.1)*(time<0.2)*((-1)+10*"
                     "(time-0.1))+(time>=0.2)*(0+0*(time-0.2))\n"),
                 w.input.c_str());
        // its integral: -0.05 at 0.1, -0.1 from 0.2 on
        QVERIFY(has(w.input, "(time>=0.2)*((-0.1)+0*(time-0.2)+0*(time-0.2)^2)"));
        QVERIFY(has(w.input, "\nvariable box_lx equal exp(v_strain_xx)*(0.1)\n"));
        QVERIFY(has(w.input, "\nvariable box_xy equal exp(v_strain_xx)*(0+v_strain_xy*0.1)\n"));
        QVERIFY(has(w.input, " x variable v_box_lx_change v_box_lx_rate"));
        QVERIFY(has(w.input, " xy variable v_box_xy_change v_box_xy_rate"));
        QVERIFY(has(w.data, "0 0 0 xy xz yz")); // triclinic from the start: fix deform tilts it
        auto noted = [&](const std::string& what) {
            return std::any_of(w.notes.begin(), w.notes.end(), [&](const std::string& n) { return has(n, what); });
        };
        QVERIFY(noted("medium-carried"));
        QVERIFY(noted("while L ramps"));
    }

    void cellsLammpsCannotHoldAreRefused()
    {
        const QString lower = R"({"vectors": [[0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.1]], "periodic": [true, true, true],
          "velocity_gradient": [[0, 0, 0], [5, 0, 0], [0, 0, 0]], "model": "lees_edwards"})";
        QCOMPARE(refusal(scene(lower, kSphere)), QString("/cell/velocity_gradient"));
        const QString tilted =
            R"({"vectors": [[0.1, 0.01, 0], [0, 0.1, 0], [0, 0, 0.1]], "periodic": [true, true, true],
          "model": "lees_edwards"})";
        QCOMPARE(refusal(scene(tilted, kSphere)), QString("/cell/vectors/0"));
        const QString mixed = R"({"vectors": [[0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.1]], "periodic": [true, true, true],
          "velocity_gradient": [[1, 2, 0], [0, -1, 0], [0, 0, 0]], "model": "lees_edwards"})";
        QCOMPARE(refusal(scene(mixed, kSphere)), QString("/cell/velocity_gradient"));
        // an open side's tilt does not matter: no images along it
        const QString open = R"({"vectors": [[0.1, 0, 0], [0, 0.1, 0], [0, 0.05, 0.1]], "periodic": [true, true, false],
          "model": "lees_edwards"})";
        QCOMPARE(refusal(scene(open, kSphere)), QString("not refused"));
    }

    void wrapTakesWholePeriods()
    {
        PeriodicCell cell(Mat3::Identity() * 0.1, {true, true, false}, Mat3::Zero(), CellModel::LeesEdwards);
        const LammpsBox box = lammpsBox(cell, "test");
        QVERIFY((lammpsWrap(box, Vec3(0.25, -0.01, 7.0)) - Vec3(0.2, -0.1, 0.0)).norm() < 1e-15);
    }
};

QTEST_APPLESS_MAIN(TestLammpsBox)
#include "TestLammpsBox.moc"
