// ParaViewScript: the Python text names the collections and embeds the walls to the bit, escapes
// file names into valid string literals, and parses as Python (python3's ast, when python3 is
// there; app.ParaViewRender runs it under ParaView itself).
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

#include <string>

#include "io/ParaViewScript.h"

using namespace tumble;

namespace {

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

// empty when python3 parses text, else its complaint
QString pythonSyntaxError(const std::string& text)
{
    QProcess p;
    p.start("python3", {"-c", "import ast, sys; ast.parse(sys.stdin.read())"});
    p.write(text.c_str(), static_cast<qint64>(text.size()));
    p.closeWriteChannel();
    if (!p.waitForFinished(30000))
        return "python3 did not finish";
    return p.exitCode() == 0 ? QString() : QString::fromLocal8Bit(p.readAllStandardError());
}

} // namespace

class TestParaViewScript : public QObject {
    Q_OBJECT
private slots:
    void embedsTheSceneItCannotReadFromTheFrames()
    {
        ParaViewScene scene;
        scene.spheres = "tumble_members.pvd";
        scene.cell = "tumble_cell.pvd";
        scene.walls = {Wall{Vec3(0, 0, 0), Vec3(0, 0, 1), 0}, Wall{Vec3(0.1, -1.0 / 3.0, 2e-300), Vec3(-1, 0, 0), 1}};
        scene.directory = "/tmp/run";
        const std::string py = paraViewScript(scene);
        QVERIFY(contains(py, "SPHERES = \"tumble_members.pvd\"\n"));
        QVERIFY(contains(py, "CELL = \"tumble_cell.pvd\"\n"));
        QVERIFY(contains(py, "    ((0, 0, 0), (0, 0, 1)),\n"));
        // numbers round-trip (shortest decimal)
        QVERIFY(contains(py, "    ((0.1, -0.3333333333333333, 2e-300), (-1, 0, 0)),\n"));
        QVERIFY(contains(py, "WRITTEN_IN = \"/tmp/run\"\n"));
        // what it draws and how
        QVERIFY(contains(py, "\"Point Gaussian\""));
        QVERIFY(contains(py, "spheres.SetScaleArray = [\"POINTS\", \"radius\"]"));
        QVERIFY(contains(py, "mag(velocity)"));
        QVERIFY(contains(py, "\"speed (m/s)\""));
        QVERIFY(contains(py, "--screenshot"));
    }

    void withoutCellOrWalls()
    {
        const std::string py = paraViewScript(ParaViewScene{"lammps.pvd", "", {}, "/d"});
        QVERIFY(contains(py, "CELL = None\n"));
        QVERIFY(contains(py, "WALLS = [\n]\n"));
    }

    void namesAreEscaped()
    {
        const std::string py = paraViewScript(ParaViewScene{"a\"b\\c.pvd", "", {}, "/x\ny"});
        QVERIFY(contains(py, "SPHERES = \"a\\\"b\\\\c.pvd\"\n"));
        QVERIFY(contains(py, "WRITTEN_IN = \"/x\\x0ay\"\n"));
    }

    void isPython()
    {
        if (QStandardPaths::findExecutable("python3").isEmpty())
            QFAIL("python3 not found (Debian's python3, which ParaView needs too)");
        for (const ParaViewScene& scene :
             {ParaViewScene{"tumble.pvd", "tumble_cell.pvd", {Wall{Vec3(0, 0, 0), Vec3(0, 0, 1), 0}}, "/d"},
              ParaViewScene{"q\"uote'.pvd", "", {}, "/x\ny\\"}}) {
            const QString error = pythonSyntaxError(paraViewScript(scene));
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
    }
};

QTEST_GUILESS_MAIN(TestParaViewScript)
#include "TestParaViewScript.moc"
