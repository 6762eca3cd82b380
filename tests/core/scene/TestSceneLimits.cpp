// Scene validation bounds (scene/SceneLimits.h): every coordinate, radius, stiffness, density,
// speed, count and timestep outside its range is refused with a SceneError naming the file, the
// JSON path and the range; values at the edge of a range load; every built-in scene lies within
// the ranges; a scene too big for the memory the process may use is refused before its bodies
// are generated, with the figures.
#include <QtTest>

#include <cstdlib>
#include <string>

#include "TestHelpers.h"
#include "scene/BuiltinScenes.h"
#include "scene/SceneLimits.h"
#include "scene/SceneLoader.h"
#include "sim/ResourceError.h"

using namespace tumble;

namespace {

const char* kGood = R"({
  "format": "tumble-scene", "version": 1, "name": "t", "gravity": [0, 0, -9.81],
  "integration": { "dt": 1e-5 },
  "damping": { "viscous": 0.5 },
  "materials": [ { "name": "glass", "density": 2500,
                   "contact": { "model": "linear", "kn": 1e5, "kt": 2e4, "restitution": 0.9, "friction": 0.3 } } ],
  "bodies": [ { "type": "sphere", "material": "glass", "radius": 0.01, "position": [0, 0, 0.1],
                "velocity": [1, 0, 0], "angular_velocity": [0, 0, 1] },
              { "type": "clump", "material": "glass", "position": [0, 0, 0.3],
                "spheres": [ { "center": [0, 0, 0], "radius": 0.01 }, { "center": [0.015, 0, 0], "radius": 0.008 } ] } ],
  "walls": [ { "type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "glass" } ],
  "generators": [ { "type": "grid", "material": "glass", "radius": 0.004, "count": [2, 2, 2], "spacing": 0.01,
                    "origin": [0, 0, 1], "jitter": 0.1 } ]
})";

// the good scene with one substring replaced
std::string mutated(const std::string& from, const std::string& to)
{
    std::string s = kGood;
    const auto pos = s.find(from);
    if (pos == std::string::npos)
        qFatal("test fixture: '%s' not found", from.c_str());
    return s.replace(pos, from.size(), to);
}

} // namespace

class TestSceneLimits : public QObject {
    Q_OBJECT
private slots:
    void goodSceneLoads() { QCOMPARE(loadSceneText(kGood, "good.json").world.size(), std::size_t(2 + 8)); }

    void outOfRange_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("reason");
        const auto row = [](const char* name, const char* from, const char* to, const char* path, const char* reason) {
            QTest::newRow(name) << from << to << path << reason;
        };
        // issue 21: a clump member at 1e308 m was accepted by inspect and broke the run
        row("clump member at 1e308 m", R"("center": [0.015, 0, 0])", R"("center": [1e308, 0, 0])",
            "/bodies/1/spheres/1/center/0", "beyond");
        row("clump reaching past the range", R"("position": [0, 0, 0.3])", R"("position": [0, 0, 999999.995])",
            "/bodies/1/position/2", "beyond");
        row("sphere position", R"("position": [0, 0, 0.1])", R"("position": [0, -2e6, 0.1])", "/bodies/0/position/1",
            "beyond");
        row("radius too big", R"("radius": 0.01, "position")", R"("radius": 1e4, "position")", "/bodies/0/radius",
            "must be in");
        row("radius too small", R"("radius": 0.01, "position")", R"("radius": 1e-12, "position")", "/bodies/0/radius",
            "must be in");
        row("member radius", R"("radius": 0.008)", R"("radius": 5e3)", "/bodies/1/spheres/1/radius", "must be in");
        row("speed", R"("velocity": [1, 0, 0])", R"("velocity": [1e6, 0, 0])", "/bodies/0/velocity", "exceeds");
        row("angular speed", R"("angular_velocity": [0, 0, 1])", R"("angular_velocity": [0, 0, 1e9])",
            "/bodies/0/angular_velocity", "exceeds");
        row("density", R"("density": 2500)", R"("density": 1e9)", "/materials/0/density", "must be in");
        row("kn", R"("kn": 1e5)", R"("kn": 1e300)", "/materials/0/contact/kn", "must be in");
        row("kt", R"("kt": 2e4)", R"("kt": 1e-9)", "/materials/0/contact/kt", "must be in");
        row("friction", R"("friction": 0.3)", R"("friction": 1e6)", "/materials/0/contact/friction", "must be in");
        row("gravity", R"("gravity": [0, 0, -9.81])", R"("gravity": [0, 0, -1e12])", "/gravity", "exceeds");
        row("wall point", R"("point": [0, 0, 0])", R"("point": [0, 0, 1e7])", "/walls/0/point/2", "beyond");
        row("dt", R"("dt": 1e-5)", R"("dt": 1e9)", "/integration/dt", "must be in");
        row("dt factor", R"("dt": 1e-5)", R"("dt": {"factor": 1e6})", "/integration/dt/factor", "must be <=");
        row("viscous damping", R"("viscous": 0.5)", R"("viscous": 1e12)", "/damping/viscous", "must be in");
        row("generator spacing", R"("spacing": 0.01)", R"("spacing": 1e9)", "/generators/0/spacing", "must be in");
        row("generator reach", R"("count": [2, 2, 2], "spacing": 0.01)", R"("count": [2, 2, 200000], "spacing": 10)",
            "/generators/0/count/2", "beyond");
        row("generator jitter", R"("jitter": 0.1)", R"("jitter": 1e6)", "/generators/0/jitter", "must be in");
        row("generator radius", R"("radius": 0.004)", R"("radius": 1e5)", "/generators/0/radius", "must be in");
        row("generator count", R"("count": [2, 2, 2])", R"("count": [1000, 1000, 1000])", "/generators/0/count",
            "bodies");
    }

    void outOfRange()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, path);
        QFETCH(QString, reason);
        try {
            loadSceneText(mutated(from.toStdString(), to.toStdString()), "limits.json");
            QFAIL("accepted");
        } catch (const SceneError& e) {
            QCOMPARE(QString::fromStdString(e.file()), QString("limits.json"));
            QCOMPARE(QString::fromStdString(e.jsonPath()), path);
            QVERIFY2(QString::fromStdString(e.problem()).contains(reason), e.what());
        }
    }

    void edgesOfTheRangesLoad()
    {
        // the bounds themselves are valid
        loadSceneText(
            mutated(R"("radius": 0.01, "position": [0, 0, 0.1])", R"("radius": 1e3, "position": [0, 0, 1e6])"),
            "edge.json");
        loadSceneText(
            mutated(R"("radius": 0.01, "position": [0, 0, 0.1])", R"("radius": 1e-9, "position": [-1e6, 0, 0.1])"),
            "edge.json");
        loadSceneText(mutated(R"("kn": 1e5)", R"("kn": 1e13)"), "edge.json");
    }

    void tooManyMaterials()
    {
        std::string materials;
        for (int k = 0; k <= limits::kMaxMaterials; ++k)
            materials += (k ? ", " : "") + std::string("{\"name\": \"m") + std::to_string(k) +
                         "\", \"density\": 1000, \"contact\": {\"kn\": 1e5}}";
        const std::string json = mutated(R"("materials": [)", R"("materials": [)" + materials + ", ");
        try {
            loadSceneText(json, "many.json");
            QFAIL("accepted");
        } catch (const SceneError& e) {
            QCOMPARE(QString::fromStdString(e.jsonPath()), QString("/materials/%1").arg(limits::kMaxMaterials));
        }
    }

    void builtinScenesAreWithinTheLimits()
    {
        for (const auto& info : builtinScenes())
            QVERIFY2(loadBuiltinScene(info.id).world.size() > 0, info.id.c_str());
    }

    void sceneTooBigForMemoryIsRefusedBeforeGenerating()
    {
        // a stated limit of 64 MB: 200 000 generated bodies need far more; the loader says so
        // with both figures instead of allocating them
        qputenv("TUMBLE_MEMORY_LIMIT_MB", "64");
        const std::string json =
            mutated(R"("count": [2, 2, 2], "spacing": 0.01)", R"("count": [100, 100, 20], "spacing": 0.01)");
        bool refused = false;
        try {
            loadSceneText(json, "big.json");
        } catch (const ResourceError& e) {
            refused = true;
            const QString msg = e.what();
            QVERIFY2(msg.startsWith("big.json: /generators/0/count: "), e.what());
            QVERIFY2(msg.contains("GB") && msg.contains("TUMBLE_MEMORY_LIMIT_MB"), e.what());
        }
        qunsetenv("TUMBLE_MEMORY_LIMIT_MB");
        QVERIFY(refused);
        // without the stated limit the same scene fits this machine (about 0.4 GB)
        QCOMPARE(loadSceneText(json, "big.json").world.size(), std::size_t(2 + 200000));
    }
};

QTEST_APPLESS_MAIN(TestSceneLimits)
#include "TestSceneLimits.moc"
