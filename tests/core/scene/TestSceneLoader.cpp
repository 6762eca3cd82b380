// Scene files: every built-in scene loads; the grid generator places bodies where the contract
// says; and each kind of bad input fails with a SceneError naming the file, the JSON path and the
// problem, never a crash.
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>

#include "SceneText.h"
#include "TestHelpers.h"
#include "scene/BuiltinScenes.h"

using namespace tumble;
using namespace tumble::test;

namespace {

const char* kGood = R"({
  "format": "tumble-scene", "version": 1, "name": "t",
  "materials": [ { "name": "glass", "density": 2500,
                   "contact": { "model": "linear", "kn": 1e5, "restitution": 0.9 } } ],
  "bodies": [ { "type": "sphere", "material": "glass", "radius": 0.01, "position": [0, 0, 0.1] } ],
  "walls": [ { "type": "plane", "point": [0, 0, 0], "normal": [0, 0, 2], "material": "glass" } ]
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

// three spheres in a row touching, a clump, and the bonds given
std::string bondedScene(const std::string& bonds)
{
    return R"({
  "format": "tumble-scene", "version": 1, "name": "b",
  "materials": [ { "name": "glass", "density": 2500,
                   "contact": { "model": "linear", "kn": 1e5, "restitution": 0.9 } } ],
  "bodies": [ { "type": "sphere", "material": "glass", "radius": 0.01, "position": [0, 0, 0.1] },
              { "type": "sphere", "material": "glass", "radius": 0.01, "position": [0.02, 0, 0.1] },
              { "type": "sphere", "material": "glass", "radius": 0.01, "position": [0.04, 0, 0.1] },
              { "type": "clump", "material": "glass", "position": [0.1, 0, 0.1],
                "spheres": [ { "center": [0, 0, 0], "radius": 0.01 }, { "center": [0.01, 0, 0], "radius": 0.01 } ] } ],
  "bonds": )" +
           bonds + "}";
}

const char* kBond = R"("kn": 1e4, "ks": 1e4, "kt": 0.1, "kb": 0.1)";

// the good scene's sphere in a periodic cell given as JSON (its wall, along z, replaced by walls)
std::string cellScene(const std::string& cell, const std::string& walls = "[]")
{
    return mutated(R"("walls": [ { "type": "plane", "point": [0, 0, 0], "normal": [0, 0, 2], "material": "glass" } ])",
                   R"("walls": )" + walls + R"(, "cell": )" + cell);
}

const char* kCube = R"("vectors": [[0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.2]])";

} // namespace

class TestSceneLoader : public QObject {
    Q_OBJECT
private slots:
    void goodScene()
    {
        const Scene s = loadSceneText(kGood, "good.json");
        QCOMPARE(s.world.size(), std::size_t(1));
        QCOMPARE(s.world.walls.size(), std::size_t(1));
        TUMBLE_NEAR(s.world.walls[0].normal.norm(), 1.0, 1e-15, 0.0); // normalised
        QCOMPARE(s.params.translation, std::string("velocity_verlet"));
        QVERIFY(s.params.dt > 0.0);
    }

    void builtinScenesLoad()
    {
        const auto list = builtinScenes();
        QVERIFY(list.size() >= 2);
        bool hasDefault = false;
        for (const auto& info : list) {
            const Scene s = loadBuiltinScene(info.id);
            QVERIFY(s.world.size() > 0);
            QVERIFY(!info.name.empty());
            hasDefault = hasDefault || info.id == defaultSceneId();
        }
        QVERIFY(hasDefault);
        QCOMPARE(loadBuiltinScene("settling-box").world.size(), std::size_t(1000));
    }

    void gridGenerator()
    {
        // centres at origin + spacing (i, j, k), x fastest, jitter moving each by <= jitter * spacing
        const std::string gen = R"(, "generators": [ { "type": "grid", "material": "glass", "radius": 0.004,
            "count": [3, 4, 5], "spacing": 0.01, "origin": [1, 2, 3], "jitter": 0.0 } ])";
        std::string json = kGood;
        json.insert(json.rfind('}'), gen);
        const Scene s = loadSceneText(json, "grid.json");
        QCOMPARE(s.world.size(), std::size_t(1 + 60)); // the listed body first, then generated ones
        const Vec3 last = s.world.position.back();
        TUMBLE_NEAR(last.x(), 1.02, 1e-12, 0.0);
        TUMBLE_NEAR(last.y(), 2.03, 1e-12, 0.0);
        TUMBLE_NEAR(last.z(), 3.04, 1e-12, 0.0);
        TUMBLE_NEAR(s.world.position[2].x(), 1.01, 1e-12, 0.0);

        std::string jittered = json;
        jittered.replace(jittered.find("\"jitter\": 0.0"), 13, "\"jitter\": 0.2, \"seed\": 5");
        const Scene j = loadSceneText(jittered, "grid.json");
        double maxMove = 0.0;
        for (std::size_t b = 1; b < j.world.size(); ++b)
            maxMove = std::max(maxMove, (j.world.position[b] - s.world.position[b]).norm());
        QVERIFY(maxMove > 0.0);
        QVERIFY(maxMove <= 0.2 * 0.01 + 1e-15);
        // same seed, same scene
        QVERIFY(loadSceneText(jittered, "grid.json").world.position == j.world.position);
    }

    void gridGeneratorGas()
    {
        // a gas: the grid moves at "velocity" as a whole, each sphere's own velocity normal with
        // deviation thermal_speed per component (1000 spheres: a variance estimate's relative
        // deviation is sqrt(2/999) = 4.5%, so 4 deviations: 18%); positions as without it
        const std::string gen = R"(, "generators": [ { "type": "grid", "material": "glass", "radius": 0.004,
            "count": [10, 10, 10], "spacing": 0.01, "origin": [1, 2, 3], "jitter": 0.2,
            "seed": 9, "velocity": [0.5, 0, -1], "thermal_speed": 0.3 } ])";
        std::string json = kGood;
        json.insert(json.rfind('}'), gen);
        const Scene s = loadSceneText(json, "gas.json");
        std::string still = json;
        const std::string moving = R"(, "velocity": [0.5, 0, -1], "thermal_speed": 0.3)";
        QVERIFY(still.find(moving) != std::string::npos);
        still.replace(still.find(moving), moving.size(), "");
        const Scene at = loadSceneText(still, "gas.json");
        QCOMPARE(s.world.size(), std::size_t(1001));
        Vec3 mean = Vec3::Zero();
        for (std::size_t b = 1; b < s.world.size(); ++b) {
            QCOMPARE(s.world.position[b], at.world.position[b]);
            QCOMPARE(at.world.velocity[b], Vec3(Vec3::Zero()));
            mean += s.world.velocity[b];
        }
        mean /= 1000.0;
        QVERIFY((mean - Vec3(0.5, 0, -1)).norm() < 1e-14);
        for (int k = 0; k < 3; ++k) {
            double variance = 0.0;
            for (std::size_t b = 1; b < s.world.size(); ++b)
                variance += std::pow(s.world.velocity[b][k] - mean[k], 2);
            variance /= 999.0;
            TUMBLE_NEAR(variance, 0.09, 0.0, 0.18);
        }
        QVERIFY(loadSceneText(json, "gas.json").world.velocity == s.world.velocity); // the seed decides
        std::string hot = json;
        const std::string warm = R"("thermal_speed": 0.3)";
        hot.replace(hot.find(warm), warm.size(), R"("thermal_speed": 1e4)");
        try {
            loadSceneText(hot, "hot.json");
            QFAIL("no SceneError");
        } catch (const SceneError& e) {
            QCOMPARE(QString::fromStdString(e.jsonPath()), QString("/generators/0/thermal_speed"));
        }
    }

    void badInput_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("problem");
        QTest::newRow("typo in a key") << QString::fromStdString(mutated("\"radius\": 0.01", "\"raduis\": 0.01"))
                                       << "/bodies/0/raduis"
                                       << "unknown key 'raduis'";
        QTest::newRow("negative radius") << QString::fromStdString(mutated("\"radius\": 0.01", "\"radius\": -0.01"))
                                         << "/bodies/0/radius"
                                         << "must be in [1e-09, 1000] m, got -0.01";
        QTest::newRow("missing material") << QString::fromStdString(mutated("\"material\": \"glass\", \"radius\"",
                                                                            "\"material\": \"steel\", \"radius\""))
                                          << "/bodies/0/material"
                                          << "unknown material 'steel'";
        QTest::newRow("malformed JSON") << QString::fromStdString(
                                               mutated("\"position\": [0, 0, 0.1] }", "\"position\": [0, 0, 0.1 }"))
                                        << "line 5, column"
                                        << "malformed JSON";
        QTest::newRow("unknown scheme") << QString::fromStdString(mutated(
                                               "\"name\": \"t\",",
                                               "\"name\": \"t\", \"integration\": {\"translation\": \"leapfrogg\"},"))
                                        << "/integration/translation"
                                        << "unknown translation scheme 'leapfrogg'";
        QTest::newRow("string for a number")
            << QString::fromStdString(mutated("\"density\": 2500", "\"density\": \"2500\"")) << "/materials/0/density"
            << "expected a number";
        QTest::newRow("restitution above one")
            << QString::fromStdString(mutated("\"restitution\": 0.9", "\"restitution\": 1.5"))
            << "/materials/0/contact/restitution"
            << "must be in [0, 1]";
        QTest::newRow("unknown friction limit")
            << QString::fromStdString(
                   mutated("\"restitution\": 0.9", "\"restitution\": 0.9, \"friction_limit\": \"dashpot\""))
            << "/materials/0/contact/friction_limit"
            << "unknown friction limit 'dashpot' (known: elastic, total)";
        QTest::newRow("two friction limits in one scene")
            << QString::fromStdString(mutated(R"("material": "glass" } ])", R"("material": "rough" } ])")
                                          .insert(std::string(kGood).find(R"( ],
  "bodies")"),
                                                  R"(, { "name": "rough", "density": 2500, "contact": )"
                                                  R"({ "model": "linear", "kn": 1e5, "friction_limit": "total" } })"))
            << "/materials/1/contact/friction_limit"
            << "must share one friction limit";
        QTest::newRow("zero wall normal")
            << QString::fromStdString(mutated("\"normal\": [0, 0, 2]", "\"normal\": [0, 0, 0]")) << "/walls/0/normal"
            << "zero vector";
        QTest::newRow("wrong format") << QString::fromStdString(mutated("tumble-scene", "tumble-scen")) << "/format"
                                      << "expected \"tumble-scene\"";
        QTest::newRow("short vector") << QString::fromStdString(
                                             mutated("\"position\": [0, 0, 0.1]", "\"position\": [0, 0.1]"))
                                      << "/bodies/0/position"
                                      << "array of 3 numbers";
        QTest::newRow("no bodies") << QString::fromStdString(
                                          mutated("\"bodies\": [ { \"type\": \"sphere\", \"material\": \"glass\", "
                                                  "\"radius\": 0.01, \"position\": [0, 0, 0.1] } ],",
                                                  ""))
                                   << "/"
                                   << "no bodies";
        const std::string hertz =
            R"("contact": { "model": "hertz_mindlin", "young": 1e7, "poisson": 0.3, "restitution": 0.9 })";
        const std::string linear = R"("contact": { "model": "linear", "kn": 1e5, "restitution": 0.9 })";
        QTest::newRow("poisson out of range")
            << QString::fromStdString(
                   mutated(linear, R"("contact": { "model": "hertz_mindlin", "young": 1e7, "poisson": 0.5 })"))
            << "/materials/0/contact/poisson"
            << "must be in (-1, 0.5)";
        QTest::newRow("hertz without young")
            << QString::fromStdString(mutated(linear, R"("contact": { "model": "hertz_mindlin", "poisson": 0.3 })"))
            << "/materials/0/contact/young"
            << "missing required key 'young'";
        QTest::newRow("kn on a hertz material")
            << QString::fromStdString(mutated(
                   linear, R"("contact": { "model": "hertz_mindlin", "young": 1e7, "poisson": 0.3, "kn": 1e5 })"))
            << "/materials/0/contact/kn"
            << "unknown key 'kn'";
        QTest::newRow("negative friction")
            << QString::fromStdString(mutated("\"restitution\": 0.9", "\"restitution\": 0.9, \"friction\": -0.1"))
            << "/materials/0/contact/friction"
            << "must be in [0, 100], got -0.1";
        // a Hertz wall under a linear sphere: no law joins the two; the error names the second
        // model met (materials are listed rubber, glass)
        std::string mixed = mutated("\"normal\": [0, 0, 2], \"material\": \"glass\"",
                                    "\"normal\": [0, 0, 2], \"material\": \"rubber\"");
        mixed.insert(mixed.find("{ \"name\": \"glass\""),
                     "{ \"name\": \"rubber\", \"density\": 1100, " + hertz + " }, ");
        QTest::newRow("mixed contact models") << QString::fromStdString(mixed) << "/materials/1/contact/model"
                                              << "must share one contact model";
        QTest::newRow("huge generator")
            << QString::fromStdString(
                   mutated("\"walls\"", "\"generators\": [{\"type\": \"grid\", \"material\": \"glass\", \"radius\": "
                                        "0.001, \"count\": [100000, 100000, 10], \"spacing\": 0.01}], \"walls\""))
            << "/generators/0/count"
            << "more than";
    }

    // a scene that declares a closed form it does not satisfy is refused, naming what breaks it
    void analyticAssumptions_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("problem");
        const auto with = [](const std::string& analytic, const std::string& from = {}, const std::string& to = {}) {
            std::string s = mutated("\"name\": \"t\",", "\"name\": \"t\", \"analytic\": " + analytic + ",");
            if (!from.empty()) {
                const auto pos = s.find(from);
                if (pos == std::string::npos)
                    qFatal("test fixture: '%s' not found", from.c_str());
                s.replace(pos, from.size(), to);
            }
            return QString::fromStdString(s);
        };
        const std::string ball = R"({"type": "bouncing_ball"})";
        QTest::newRow("unknown type")
            << with(R"({"type": "harmonic"})") << "/analytic/type"
            << "unknown analytic solution 'harmonic' (known: harmonic_oscillator, bouncing_ball";
        QTest::newRow("unknown key") << with(R"({"type": "bouncing_ball", "omega": 3})") << "/analytic/omega"
                                     << "unknown key";
        QTest::newRow("viscous damping") << with(ball, "\"materials\"", "\"damping\": {\"viscous\": 2}, \"materials\"")
                                         << "/damping/viscous"
                                         << "closed form has no viscous damping";
        QTest::newRow("sideways throw") << with(ball, "\"position\": [0, 0, 0.1]",
                                                "\"position\": [0, 0, 0.1], \"velocity\": [1, 0, -1]")
                                        << "/bodies/0/velocity"
                                        << "must be along the wall's normal";
        QTest::newRow("spin") << with(ball, "\"position\": [0, 0, 0.1]",
                                      "\"position\": [0, 0, 0.1], \"angular_velocity\": [0, 3, 0]")
                              << "/bodies/0/angular_velocity"
                              << "must be zero";
        QTest::newRow("tilted gravity") << with(ball, "\"materials\"", "\"gravity\": [1, 0, -9.81], \"materials\"")
                                        << "/gravity"
                                        << "must be along the wall's normal";
        QTest::newRow("hertz contact")
            << with(ball, R"("model": "linear", "kn": 1e5, "restitution": 0.9)",
                    R"("model": "hertz_mindlin", "young": 1e7, "poisson": 0.3, "restitution": 0.9)")
            << "/materials/0/contact/model"
            << "must be \"linear\"";
        QTest::newRow("no restitution") << with(ball, "\"restitution\": 0.9", "\"restitution\": 0")
                                        << "/materials/0/contact/restitution"
                                        << "underdamped";
        QTest::newRow("oscillator, one wall") << with(R"({"type": "harmonic_oscillator"})") << "/walls"
                                              << "needs exactly 2 plane walls, the scene has 1";
        QTest::newRow("impact, one body") << with(R"({"type": "head_on_impact"})") << "/bodies"
                                          << "needs exactly 2 bodies, the scene has 1";
        QTest::newRow("torque-free under gravity")
            << with(R"({"type": "torque_free"})",
                    R"("walls": [ { "type": "plane", "point": [0, 0, 0], "normal": [0, 0, 2], "material": "glass" } ])",
                    R"("walls": [])")
            << "/gravity"
            << "no force may act";
        QTest::newRow("torque-free with a wall") << with(R"({"type": "torque_free"})") << "/walls"
                                                 << "needs exactly 0 plane walls";
        // the oscillator pushed beyond its walls' pre-compression (0.1 mm each side)
        std::string osc;
        for (const BuiltinSceneSource& b : detail::kBuiltinSceneData)
            if (std::string(b.id) == "harmonic-oscillator")
                osc = b.json;
        const std::string x0 = "\"position\": [0, 0, 0.00005]";
        QVERIFY(!osc.empty() && osc.find(x0) != std::string::npos);
        osc.replace(osc.find(x0), x0.size(), "\"position\": [0, 0, 0.00012]");
        QTest::newRow("oscillator leaves a wall") << QString::fromStdString(osc) << "/bodies/0/position"
                                                  << "must stay pressed into both walls";
    }

    void analyticAssumptions() { badInput(); }

    void badBonds_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("problem");
        auto row = [](const char* name, const std::string& bonds, const char* path, const char* problem) {
            QTest::newRow(name) << QString::fromStdString(bondedScene(bonds)) << path << problem;
        };
        const std::string k = kBond;
        row("no such body", R"([{"bodies": [0, 7], )" + k + "}]", "/bonds/0/bodies/1",
            "no body 7 (the scene has bodies 0 to 3)");
        row("negative index", R"([{"bodies": [-1, 0], )" + k + "}]", "/bonds/0/bodies/0", "no body -1");
        row("bonded to itself", R"([{"bodies": [1, 1], )" + k + "}]", "/bonds/0/bodies",
            "a body cannot be bonded to itself");
        row("a clump", R"([{"bodies": [2, 3], )" + k + "}]", "/bonds/0/bodies/1",
            "body 3 is a clump; bonds join spheres");
        row("bonded twice", R"([{"bodies": [0, 1], )" + k + R"(}, {"bodies": [1, 0], )" + k + "}]", "/bonds/1/bodies",
            "bodies 0 and 1 are bonded twice");
        row("negative stiffness", R"([{"bodies": [0, 1], "kn": -1, "ks": 1e4, "kt": 0.1, "kb": 0.1}])", "/bonds/0/kn",
            "must be in [0, 1e+13] N/m, got -1");
        row("missing stiffness", R"([{"bodies": [0, 1], "kn": 1e4, "ks": 1e4, "kt": 0.1}])", "/bonds/0/kb", "missing");
        row("one index", R"([{"bodies": [0], )" + k + "}]", "/bonds/0/bodies", "expected two body indices");
        row("index not an integer", R"([{"bodies": [0, 1.5], )" + k + "}]", "/bonds/0/bodies/1",
            "expected a body index (an integer)");
        row("typo", R"([{"bodies": [0, 1], "kn": 1e4, "ks": 1e4, "kt": 0.1, "kbb": 0.1}])", "/bonds/0/kbb",
            "unknown key 'kbb'");
        row("not an array", R"({"bodies": [0, 1]})", "/bonds", "expected an array");
        row("bad range", R"([{"within": 1e-4, "range": [2, 1], )" + k + "}]", "/bonds/0/range",
            "expected 0 <= first <= last < 4, got [2, 1]");
        row("negative gap", R"([{"within": -1e-4, )" + k + "}]", "/bonds/0/within", "must be in [0, 1000] m");
        row("beam and stiffnesses", R"([{"bodies": [0, 1], "kn": 1, "beam": {"young": 1e9, "shear_modulus": 4e8}}])",
            "/bonds/0/kn", "give the four stiffnesses or a beam, not both");
        row("beam without shear modulus", R"([{"bodies": [0, 1], "beam": {"young": 1e9}}])",
            "/bonds/0/beam/shear_modulus", "missing required key");
        row("unknown law", R"([{"bodies": [0, 1], "law": "wang", )" + k + "}]", "/bonds/0/law",
            "unknown bond law 'wang' (known: total, incremental)");
        row("law not a string", R"([{"within": 1e-6, "law": 1, )" + k + "}]", "/bonds/0/law", "expected a string");
    }
    void badBonds() { badInput(); }

    void badCell_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("problem");
        auto row = [](const char* name, const std::string& json, const char* path, const char* problem) {
            QTest::newRow(name) << QString::fromStdString(json) << path << problem;
        };
        const std::string c = kCube;
        row("no vectors", cellScene(R"({"periodic": [true, true, true]})"), "/cell/vectors", "missing");
        row("two vectors", cellScene(R"({"vectors": [[1, 0, 0], [0, 1, 0]]})"), "/cell/vectors",
            "expected three rows of three numbers");
        row("not a number", cellScene(R"({"vectors": [[1, 0, 0], [0, "a", 0], [0, 0, 1]]})"), "/cell/vectors/1/1",
            "expected a finite number");
        row("coplanar sides", cellScene(R"({"vectors": [[1, 0, 0], [0, 1, 0], [1, 1, 0]]})"), "/cell/vectors",
            "the cell has no volume");
        row("too far", cellScene(R"({"vectors": [[1e7, 0, 0], [0, 1, 0], [0, 0, 1]]})"), "/cell/vectors/0/0",
            "is beyond +-1e+06 m");
        row("nothing periodic", cellScene("{" + c + R"(, "periodic": [false, false, false]})"), "/cell/periodic",
            "no side repeats");
        row("periodic not a boolean", cellScene("{" + c + R"(, "periodic": [true, 1, true]})"), "/cell/periodic/1",
            "expected true or false");
        row("unknown model", cellScene("{" + c + R"(, "model": "sllod"})"), "/cell/model",
            "unknown model 'sllod' (known: medium_carried, lees_edwards)");
        row("strain rate too high",
            cellScene("{" + c + R"(, "velocity_gradient": [[0, 2e6, 0], [0, 0, 0], [0, 0, 0]]})"),
            "/cell/velocity_gradient/0/1", "is beyond +-1e+06 1/s");
        row("typo", cellScene("{" + c + R"(, "velocity_gradiant": []})"), "/cell/velocity_gradiant", "unknown key");
        // the sphere is 0.02 m wide: a cell 0.03 m across z is narrower than twice that
        row("body wider than half the cell", cellScene(R"({"vectors": [[0.1, 0, 0], [0, 0.1, 0], [0, 0, 0.03]]})"),
            "/cell/vectors", "body 0 is 0.02 m wide, more than half the cell's narrowest periodic width 0.03 m");
        row("wall across a periodic side",
            cellScene("{" + c + "}",
                      R"([{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "glass"}])"),
            "/walls/0/normal", "the wall cuts the cell's periodic side 2");
        // z does not repeat, but shear along x across z tilts side x... no: side z tilts into x,
        // which a wall along z cuts once the cell deforms
        row("wall across a side once sheared",
            cellScene(
                "{" + c +
                    R"(, "periodic": [true, true, false], "velocity_gradient": [[0, 0, 0], [0, 0, 0], [1, 0, 0]]})",
                R"([{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "glass"}])"),
            "/walls/0/normal", "the wall cuts the cell's periodic side 0 once the cell deforms");
        const std::string zero = "[[0, 0, 0], [0, 0, 0], [0, 0, 0]]";
        const std::string shearXZ = "[[0, 0, 0], [0, 0, 0], [1, 0, 0]]";
        row("constant and scheduled L",
            cellScene("{" + c + R"(, "velocity_gradient": )" + zero +
                      R"(, "velocity_gradient_schedule": [{"time": 0, "velocity_gradient": )" + zero + "}]}"),
            "/cell/velocity_gradient_schedule", "not both");
        row("empty schedule", cellScene("{" + c + R"(, "velocity_gradient_schedule": []})"),
            "/cell/velocity_gradient_schedule", "expected a non-empty array");
        row("schedule going back in time",
            cellScene("{" + c + R"(, "velocity_gradient_schedule": [{"time": 0.5, "velocity_gradient": )" + zero +
                      R"(}, {"time": 0.2, "velocity_gradient": )" + zero + "}]}"),
            "/cell/velocity_gradient_schedule/1/time", "the times must increase: 0.2 s after 0.5 s");
        row("scheduled strain rate too high",
            cellScene(
                "{" + c +
                R"(, "velocity_gradient_schedule": [{"time": 0, "velocity_gradient": [[0, 3e6, 0], [0, 0, 0], [0, 0, 0]]}]})"),
            "/cell/velocity_gradient_schedule/0/velocity_gradient/0/1", "is beyond +-1e+06 1/s");
        row("knot typo",
            cellScene("{" + c + R"(, "velocity_gradient_schedule": [{"time": 0, "gradient": )" + zero + "}]}"),
            "/cell/velocity_gradient_schedule/0/gradient", "unknown key");
        // the cell starts still, and a later knot shears side z into x, which the wall cuts
        row("wall across a side once the schedule shears",
            cellScene("{" + c +
                          R"(, "periodic": [true, true, false], "velocity_gradient_schedule": [{"time": 0, )"
                          R"("velocity_gradient": )" +
                          zero + R"(}, {"time": 1, "velocity_gradient": )" + shearXZ + "}]}",
                      R"([{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "glass"}])"),
            "/walls/0/normal", "the wall cuts the cell's periodic side 0 once the cell deforms");
    }
    void badCell() { badInput(); }

    void cellLoads()
    {
        // a sheared cell, periodic along x and y, walls along z: loads with its L and model, and
        // the tilted side is reduced to the least tilted equivalent (0.17 - 2 x 0.1 = -0.03 along x)
        const Scene s = loadSceneText(
            cellScene(R"({"vectors": [[0.1, 0, 0], [0.17, 0.1, 0], [0, 0, 0.2]],
            "periodic": [true, true, false], "model": "lees_edwards",
            "velocity_gradient": [[0, 2, 0], [0, 0, 0], [0, 0, 0]]})",
                      R"([{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "glass"}])"),
            "cell.json");
        QVERIFY(s.world.cell.has_value());
        const PeriodicCell& c = *s.world.cell;
        QCOMPARE(c.model(), CellModel::LeesEdwards);
        QVERIFY(c.periodic(0) && c.periodic(1) && !c.periodic(2));
        QCOMPARE(c.gradient()(0, 1), 2.0);
        TUMBLE_NEAR(c.vectors()(0, 1), -0.03, 1e-15, 0.0);
        TUMBLE_NEAR(c.vectors()(1, 1), 0.1, 0.0, 0.0);
        TUMBLE_NEAR(c.volume(), 0.1 * 0.1 * 0.2, 0.0, 1e-14);
        // a scene without a cell has none; a cell without a gradient is still, medium-carried
        QVERIFY(!loadSceneText(kGood, "plain.json").world.cell);
        const Scene still = loadSceneText(cellScene("{" + std::string(kCube) + "}"), "still.json");
        QVERIFY(!still.world.cell->deforming());
        QCOMPARE(still.world.cell->model(), CellModel::MediumCarried);
        QVERIFY(still.world.cell->schedule().empty());
        // a schedule: L starts at its first knot's; a wall along z stays clear of compression
        const Scene ramp = loadSceneText(
            cellScene("{" + std::string(kCube) + R"(, "periodic": [true, true, false], "velocity_gradient_schedule": [
                {"time": 0.1, "velocity_gradient": [[-1, 0, 0], [0, -1, 0], [0, 0, 0]]},
                {"time": 0.3, "velocity_gradient": [[0, 0, 0], [0, 0, 0], [0, 0, 0]]}]})",
                      R"([{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "glass"}])"),
            "ramp.json");
        const PeriodicCell& r = *ramp.world.cell;
        QCOMPARE(r.schedule().knots().size(), std::size_t(2));
        QCOMPARE(r.gradient()(0, 0), -1.0);
        QCOMPARE(r.schedule().at(0.2)(1, 1), -0.5);
    }

    void clumpsLoadInATurningMedium()
    {
        // the medium-carried model turns clumps with the medium too (MediumStage)
        std::string scene = bondedScene("[]");
        scene.insert(scene.rfind('}'), R"(, "cell": {"vectors": [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
            "velocity_gradient": [[0, 1, 0], [0, 0, 0], [0, 0, 0]]})");
        const Scene s = loadSceneText(scene, "c.json");
        QVERIFY(s.world.cell);
        QCOMPARE(s.world.type[3], BodyType::Clump);
    }

    void bondsInACellMeetTheNearestImage()
    {
        // a ring of 8 touching spheres (r 5 mm) along x in a cell 8 diameters long: "within" bonds
        // the 7 neighbour pairs inside and the pair through the face x = 0 (bodies 0 and 7), every
        // bond a diameter long (its partner's nearest image); the explicit scene bonds 0 and 7 too
        const auto ringScene = [](const std::string& bonds) {
            std::string bodies;
            for (int i = 0; i < 8; ++i)
                bodies += std::string(i ? ", " : "") +
                          R"({ "type": "sphere", "material": "glass", "radius": 0.005, "position": [)" +
                          std::to_string(0.005 + 0.01 * i) + ", 0.02, 0.02] }";
            return std::string(R"({ "format": "tumble-scene", "version": 1, "name": "ring", "gravity": [0, 0, 0],
  "materials": [ { "name": "glass", "density": 2500, "contact": { "model": "linear", "kn": 1e5, "restitution": 0.9 } } ],
  "cell": { "vectors": [[0.08, 0, 0], [0, 0.04, 0], [0, 0, 0.04]] },
  "bodies": [ )") + bodies +
                   R"( ], "bonds": )" + bonds + "}";
        };
        const Scene ring = loadSceneText(ringScene(R"([{"within": 1e-6, )" + std::string(kBond) + "}]"), "ring.json");
        QCOMPARE(ring.world.bonds.size(), std::size_t(8));
        QVERIFY(ring.world.bonds.bonded(0, 7));
        for (std::size_t k = 0; k < ring.world.bonds.size(); ++k)
            TUMBLE_NEAR(ring.world.bonds.rest[k].length, 0.01, 1e-15, 0.0);
        const Scene pair = loadSceneText(ringScene(R"([{"bodies": [7, 0], )" + std::string(kBond) + "}]"), "pair.json");
        QCOMPARE(pair.world.bonds.size(), std::size_t(1));
        TUMBLE_NEAR(pair.world.bonds.rest[0].length, 0.01, 1e-15, 0.0);
        // (the bond's rest direction, from body 2's image to body 1, is +x: body 7 at x = 0.075
        // meets body 0's image at 0.085)
        TUMBLE_NEAR(pair.world.bonds.rest[0].axis[0].x(), -1.0, 1e-15, 0.0);
    }

    void bondsTooLongForTheCell_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("problem");
        // the bonded scene's spheres (r 1 cm at x = 0, 0.02, 0.04; its clump 3 cm wide) in a cell
        // 0.07 m wide along y
        const auto inCell = [](const std::string& bonds) {
            std::string s = bondedScene(bonds);
            s.insert(s.rfind('}'),
                     R"(, "gravity": [0, 0, 0], "cell": {"vectors": [[1, 0, 0], [0, 0.07, 0], [0, 0, 1]]})");
            return QString::fromStdString(s);
        };
        const std::string k = kBond;
        QTest::newRow("a bond of half the width")
            << inCell(R"([{"bodies": [0, 2], )" + k + "}]") << "/bonds/0/bodies"
            << "the bond between bodies 0 and 2 reaches 0.04 m, not under half the periodic cell's narrowest width "
               "0.07 m";
        QTest::newRow("a generator reaching half the width")
            << inCell(R"([{"within": 0.016, )" + k + "}]") << "/bonds/0/within"
            << "reaches 0.036 m, not under half the periodic cell's narrowest width 0.07 m";
    }
    void bondsTooLongForTheCell() { badInput(); }

    void badMotion_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("problem");
        // body 0 (a sphere) or body 3 (a clump) of the bonded scene given a motion
        auto row = [](const char* name, const std::string& from, const std::string& to, const char* path,
                      const char* problem) {
            std::string s = bondedScene("[]");
            const auto pos = s.find(from);
            if (pos == std::string::npos)
                qFatal("test fixture: '%s' not found", from.c_str());
            s.replace(pos, from.size(), to);
            QTest::newRow(name) << QString::fromStdString(s) << path << problem;
        };
        const std::string sphere = R"("position": [0, 0, 0.1] })";
        const std::string clump = R"("position": [0.1, 0, 0.1],)";
        row("unknown motion", sphere, R"("position": [0, 0, 0.1], "motion": "clamped" })", "/bodies/0/motion",
            "unknown motion 'clamped' (known: free, fixed, driven)");
        row("not a string", sphere, R"("position": [0, 0, 0.1], "motion": true })", "/bodies/0/motion",
            "expected a string");
        row("fixed but moving", sphere, R"("position": [0, 0, 0.1], "motion": "fixed", "velocity": [0, 0, 1] })",
            "/bodies/0/motion", "a fixed body does not move");
        row("driven clump turning", clump,
            R"("position": [0.1, 0, 0.1], "motion": "driven", "angular_velocity": [0, 0, 1],)", "/bodies/3/motion",
            "a driven clump cannot turn");
    }
    void badMotion() { badInput(); }

    void motionLoads()
    {
        // a fixed sphere and a driven clump (translating): held, with their velocities kept
        std::string s = bondedScene("[]");
        const std::string sphere = R"("position": [0, 0, 0.1] })";
        s.replace(s.find(sphere), sphere.size(), R"("position": [0, 0, 0.1], "motion": "fixed" })");
        const std::string clump = R"("position": [0.1, 0, 0.1],)";
        s.replace(s.find(clump), clump.size(),
                  R"("position": [0.1, 0, 0.1], "motion": "driven", "velocity": [1, 2, 3],)");
        const Scene scene = loadSceneText(s, "held.json");
        const World& w = scene.world;
        QVERIFY(w.hasHeldBodies());
        QCOMPARE(w.motion.size(), w.size());
        QVERIFY(w.motion[0] == BodyMotion::Fixed);
        QVERIFY(w.motion[1] == BodyMotion::Free && w.motion[2] == BodyMotion::Free);
        QVERIFY(w.motion[3] == BodyMotion::Driven);
        QCOMPARE(w.velocity[3], Vec3(1, 2, 3));
        // a scene without motions holds no per-body motion array at all
        QVERIFY(!loadSceneText(bondedScene("[]"), "free.json").world.hasHeldBodies());
    }

    void beamStiffnesses()
    {
        // a beam of Young's modulus E, shear modulus G and radius r between centres L0 = 0.02 m
        // apart: kn = E pi r^2 / L0, ks = G pi r^2 / L0, kt = G pi r^4 / (2 L0), kb = E pi r^4 / (4 L0);
        // without a radius, the smaller sphere's (0.01 m)
        const double E = 2e9, G = 8e8, L0 = 0.02, pi = std::numbers::pi;
        for (const auto& [json, r] : {std::pair<std::string, double>{R"("radius": 0.004)", 0.004}, {"", 0.01}}) {
            const std::string beam =
                R"({"young": 2e9, "shear_modulus": 8e8)" + (json.empty() ? std::string() : ", " + json) + "}";
            const Scene s = loadSceneText(bondedScene(R"([{"bodies": [0, 1], "beam": )" + beam + "}]"), "b.json");
            const BondStiffness& k = s.world.bonds.stiffness[0];
            QVERIFY(std::abs(k.kn / (E * pi * r * r / L0) - 1.0) <= 1e-14);
            QVERIFY(std::abs(k.ks / (G * pi * r * r / L0) - 1.0) <= 1e-14);
            QVERIFY(std::abs(k.kt / (G * pi * std::pow(r, 4) / (2 * L0)) - 1.0) <= 1e-14);
            QVERIFY(std::abs(k.kb / (E * pi * std::pow(r, 4) / (4 * L0)) - 1.0) <= 1e-14);
        }
    }

    void bondsLoad()
    {
        // explicit bonds and a generator: the generator adds the pairs within its gap among its
        // range (spheres only, the clump left out) and leaves out those bonded already
        const std::string k = kBond;
        const Scene s = loadSceneText(
            bondedScene(R"([{"bodies": [1, 0], )" + k + R"(}, {"within": 1e-6, "range": [0, 3], )" + k + "}]"),
            "b.json");
        const BondSet& bonds = s.world.bonds;
        QCOMPARE(bonds.size(), std::size_t(2));
        QVERIFY(bonds.bonded(0, 1) && bonds.bonded(1, 0) && bonds.bonded(1, 2) && bonds.bonded(2, 1));
        QVERIFY(!bonds.bonded(0, 2) && !bonds.bonded(2, 3));
        for (std::size_t b = 0; b < bonds.size(); ++b)
            QVERIFY(std::abs(bonds.rest[b].length - 0.02) <= 1e-15);
        // sorted by the lower body
        QVERIFY(bonds.owner(0) <= bonds.owner(1));
        // a gap wider than the generator's is not bonded
        const Scene none = loadSceneText(bondedScene(R"([{"within": 0, "range": [0, 0], )" + k + "}]"), "b.json");
        QCOMPARE(none.world.bonds.size(), std::size_t(0));
        // Wang's total law unless "law" says incremental; an incremental bond starts unloaded along
        // its bodies' line (from body 2 to body 1)
        QVERIFY(bonds.formulation(0) == BondFormulation::Total && bonds.springs.empty());
        const Scene inc = loadSceneText(bondedScene(R"([{"bodies": [1, 0], "law": "total", )" + k +
                                                    R"(}, {"within": 1e-6, "law": "incremental", )" + k + "}]"),
                                        "b.json");
        const BondSet& ib = inc.world.bonds;
        QCOMPARE(ib.springs.size(), std::size_t(2));
        for (std::size_t b = 0; b < 2; ++b) {
            const bool generated = std::min(ib.bodies[b][0], ib.bodies[b][1]) == 1; // the (1, 2) pair
            QCOMPARE(ib.formulation(b), generated ? BondFormulation::Incremental : BondFormulation::Total);
            if (generated) {
                const Vec3 d = inc.world.position[static_cast<std::size_t>(ib.bodies[b][0])] -
                               inc.world.position[static_cast<std::size_t>(ib.bodies[b][1])];
                QVERIFY((ib.springs[b].normal - d.normalized()).norm() <= 1e-15);
                QCOMPARE(ib.springs[b].shear, Vec3::Zero());
                QCOMPARE(ib.springs[b].bend, Vec3::Zero());
                QCOMPARE(ib.springs[b].twist, 0.0);
            }
        }
    }

    void analyticScenesLoad()
    {
        // the built-in teaching scenes declare their closed forms and satisfy them
        const std::pair<const char*, const char*> expected[] = {{"harmonic-oscillator", "harmonic_oscillator"},
                                                                {"bouncing-ball", "bouncing_ball"},
                                                                {"two-sphere-impact", "head_on_impact"},
                                                                {"symmetric-top", "torque_free"},
                                                                {"dzhanibekov", "torque_free"}};
        for (const auto& [id, type] : expected)
            QCOMPARE(loadBuiltinScene(id).analytic, std::string(type));
        QVERIFY(loadBuiltinScene("settling-box").analytic.empty());
    }

    void badInput()
    {
        QFETCH(QString, json);
        QFETCH(QString, path);
        QFETCH(QString, problem);
        try {
            loadSceneText(json.toStdString(), "bad.json");
            QFAIL("no SceneError thrown");
        } catch (const SceneError& e) {
            const QString what = QString::fromUtf8(e.what());
            QCOMPARE(QString::fromStdString(e.file()), QStringLiteral("bad.json"));
            QVERIFY2(what.startsWith("bad.json: "), qPrintable(what));
            QVERIFY2(QString::fromStdString(e.jsonPath()).startsWith(path), qPrintable(what));
            QVERIFY2(what.contains(problem), qPrintable(what));
        }
    }

    void hertzMaterial()
    {
        const Scene s = loadSceneText(
            mutated(
                R"("model": "linear", "kn": 1e5, "restitution": 0.9)",
                R"("model": "hertz_mindlin", "young": 2e7, "poisson": 0.25, "restitution": 0.8, "friction": 0.4, "rolling_friction": 0.02)"),
            "hertz.json");
        const Material& m = s.world.materials.at(0);
        QVERIFY(m.model == ContactModelKind::HertzMindlin);
        QCOMPARE(m.young, 2e7);
        QCOMPARE(m.poisson, 0.25);
        QCOMPARE(m.restitution, 0.8);
        QCOMPARE(m.friction, 0.4);
        QCOMPARE(m.rollingFriction, 0.02);
        QVERIFY(m.frictionLimit == FrictionLimit::Elastic); // the default
        const Scene total = loadSceneText(
            mutated("\"restitution\": 0.9", "\"restitution\": 0.9, \"friction_limit\": \"total\""), "total.json");
        QVERIFY(total.world.materials.at(0).frictionLimit == FrictionLimit::Total);
    }

    void missingFile()
    {
        try {
            loadSceneFile("/nonexistent/dir/scene.json");
            QFAIL("no SceneError thrown");
        } catch (const SceneError& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains("/nonexistent/dir/scene.json"));
            QVERIFY(QString::fromUtf8(e.what()).contains("cannot open"));
        }
    }
};

QTEST_APPLESS_MAIN(TestSceneLoader)
#include "TestSceneLoader.moc"
