// Every input the scene-loader fuzzer (tests/fuzz/FuzzSceneLoader.cpp, scripts/fuzz.sh) ever
// crashed or hung on, kept under tests/data/fuzz-regressions/scene_loader/: each must now end in a
// clean refusal (SceneError or ResourceError) or, when it is a valid scene, build a simulation
// and step without any other exception, as the fuzz target does.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "TestHelpers.h"
#include "scene/SceneLoader.h"
#include "sim/ResourceError.h"
#include "sim/Simulation.h"

using namespace tumble;

class TestFuzzRegressions : public QObject {
    Q_OBJECT
private slots:
    void everyInputEndsCleanly()
    {
        const std::filesystem::path dir =
            std::filesystem::path(test::sourceDir()) / "tests" / "data" / "fuzz-regressions" / "scene_loader";
        QVERIFY2(std::filesystem::is_directory(dir), dir.c_str());
        int inputs = 0;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            std::ifstream in(entry.path(), std::ios::binary);
            std::ostringstream text;
            text << in.rdbuf();
            ++inputs;
            try {
                Scene scene = loadSceneText(text.str(), entry.path().filename().string());
                if (scene.world.size() > 2000)
                    continue;
                Simulation sim(std::move(scene.world), scene.params);
                for (int k = 0; k < 3 && !sim.isUnstable(); ++k)
                    sim.step();
            } catch (const SceneError&) {
            } catch (const ResourceError&) {
            } catch (const std::exception& e) {
                QFAIL(qPrintable(QString::fromStdString(entry.path().filename().string()) + ": " + e.what()));
            }
        }
        QVERIFY(inputs >= 2);
    }

    void aBondingGeneratorOverDeeplyOverlappingSpheresIsRefusedAtOnce()
    {
        // the fuzzer's timeout: the bonded benchmark with its radius 0.5 mutated to 5.5 at spacing
        // 1, so each of 10164 spheres is within reach of ~1300 others and the generator built
        // millions of bonds (over 30 s under ASan); now the first crowded body ends it
        const std::filesystem::path file = std::filesystem::path(test::sourceDir()) / "tests" / "data" /
                                           "fuzz-regressions" / "scene_loader" /
                                           "bonds-within-deeply-overlapping-grid.json";
        try {
            loadSceneFile(file.string());
            QFAIL("accepted");
        } catch (const SceneError& e) {
            QCOMPARE(QString::fromStdString(e.jsonPath()), QString("/bonds/0/within"));
            QVERIFY2(QString(e.what()).contains("more than 64 bonds"), e.what());
        }
    }

    void theIssuesClumpMemberIsRefusedWithItsPath()
    {
        const std::filesystem::path file = std::filesystem::path(test::sourceDir()) / "tests" / "data" /
                                           "fuzz-regressions" / "scene_loader" / "issue21-clump-member-1e308.json";
        try {
            loadSceneFile(file.string());
            QFAIL("accepted");
        } catch (const SceneError& e) {
            QCOMPARE(QString::fromStdString(e.jsonPath()), QString("/bodies/0/spheres/1/center/0"));
        }
    }
};

QTEST_APPLESS_MAIN(TestFuzzRegressions)
#include "TestFuzzRegressions.moc"
