// Saved states (issue 22): a run saved and restored, in memory (the timeline) or through a file
// (tumble-cli --state-in/--state-out, File > Save state), goes on bit for bit as the run that was
// never interrupted, for every pair of schemes, with contacts, clumps, bonds that break and a
// sheared periodic cell whose bodies are re-sorted. States of another scene and damaged files
// are refused with the file and the problem, and a refused restore leaves the run as it was.
#include <QtTest>

#include <cstdio>
#include <fstream>
#include <iterator>

#include "SameState.h"
#include "integrate/IntegratorRegistry.h"
#include "io/StateFile.h"
#include "scene/BuiltinScenes.h"
#include "sim/CriticalTimestep.h"
#include "sim/StateArchive.h"

using namespace tumble;
using tumble::test::difference;

namespace {

Simulation sceneSimulation(const std::string& id, const std::string& translation, const std::string& rotation,
                           int threads = 1)
{
    Scene s = loadBuiltinScene(id);
    s.params.translation = translation;
    s.params.rotation = rotation;
    s.params.threads = threads;
    return Simulation(std::move(s.world), s.params);
}

std::vector<unsigned char> fileBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

void putFile(const std::string& path, const std::vector<unsigned char>& bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// the message of the StateError that f throws ("" when it throws none)
template <class F> QString refusal(F&& f)
{
    try {
        f();
    } catch (const StateError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestSimulationState : public QObject {
    Q_OBJECT

private slots:
    void everySchemeContinuesBitForBit_data();
    void everySchemeContinuesBitForBit();
    void scrubBackAndResume();
    void brokenBondsAndAFileContinue();
    void sortedShearedCellContinues();
    void refusesAnotherScene();
    void refusesDamagedFiles();
    void refusesCutShortState();
    void unstableRunIsNotSaved();
};

void TestSimulationState::everySchemeContinuesBitForBit_data()
{
    QTest::addColumn<QString>("translation");
    QTest::addColumn<QString>("rotation");
    for (const SchemeInfo& t : translationSchemes())
        for (const SchemeInfo& r : rotationSchemes())
            if (schemeCombinationError(t.name, r.name).empty())
                QTest::newRow((t.name + "/" + r.name).c_str())
                    << QString::fromStdString(t.name) << QString::fromStdString(r.name);
}

// the mixed pile (spheres and clumps of 2 to 5 spheres, walls, friction): saved to a file once
// the pile has contacts, restored into a new run of the scene (on two threads: results do not
// depend on it)
void TestSimulationState::everySchemeContinuesBitForBit()
{
    QFETCH(QString, translation);
    QFETCH(QString, rotation);
    Simulation a = sceneSimulation("mixed-pile", translation.toStdString(), rotation.toStdString());
    for (int k = 0; k < 300 && a.contactCount() < 20; ++k)
        a.run(100);
    QVERIFY2(a.contactCount() >= 20, "the pile should touch before the state is saved");
    // through a state file, as tumble-cli --state-out and --state-in do
    const std::string path =
        QDir::temp().filePath("tumble-test-" + translation + "-" + rotation + ".tumble-state").toStdString();
    StateFile::write(path, a.saveState());
    const std::vector<unsigned char> state = StateFile::read(path);
    std::remove(path.c_str());
    a.run(300);

    Simulation b = sceneSimulation("mixed-pile", "velocity_verlet", "explicit_euler", 2);
    QVERIFY(!difference(a, b).empty());
    b.restoreState(state);
    QCOMPARE(b.params().translation, translation.toStdString());
    QCOMPARE(b.params().threads, 2);
    b.run(300);
    QVERIFY(!a.isUnstable());
    const std::string diff = difference(a, b);
    QVERIFY2(diff.empty(), diff.c_str());
    QCOMPARE(b.neighbourListBuilds(), a.neighbourListBuilds());
    QCOMPARE(b.forceEvaluations(), a.forceEvaluations());
}

// the timeline's use: the same run goes back to a state it saved and steps on again
void TestSimulationState::scrubBackAndResume()
{
    Simulation a = sceneSimulation("mixed-pile", "central_difference", "fincham_leapfrog");
    a.run(1500);
    const std::vector<unsigned char> state = a.saveState();
    a.run(400);
    const World reached = a.world();
    const EnergySample energy = a.energy();

    a.restoreState(state);
    QCOMPARE(a.world().step, 1500LL);
    a.run(400);
    QVERIFY(test::sameBits(a.world().position, reached.position));
    QVERIFY(test::sameBits(a.world().angularMomentum, reached.angularMomentum));
    QVERIFY(test::sameBits(a.world().orientation, reached.orientation));
    const EnergySample again = a.energy();
    QVERIFY(std::memcmp(&again, &energy, sizeof energy) == 0);
}

// an agglomerate of bonded spheres hits a wall: bonds break before and after the save; the state
// goes through a file
void TestSimulationState::brokenBondsAndAFileContinue()
{
    const std::string path = QDir::temp().filePath("tumble-test-state.tumble-state").toStdString();
    for (const char* preset : {"pfc", "woo", "rk4"}) {
        const std::optional<PresetInfo> p = findPreset(preset);
        QVERIFY(p);
        Simulation a = sceneSimulation("agglomerate-impact", p->translation, p->rotation);
        // (the impact breaks bonds over some tens of steps: saved at the first)
        for (int k = 0; k < 5000 && a.bondBreaks().empty(); ++k)
            a.run(5);
        QVERIFY2(!a.bondBreaks().empty(), preset);
        StateFile::write(path, a.saveState());
        const std::size_t brokenAtSave = a.bondBreaks().size();
        a.run(2000);
        QVERIFY2(a.bondBreaks().size() > brokenAtSave, "more bonds should break after the save");

        Simulation b = sceneSimulation("agglomerate-impact", p->translation, p->rotation);
        b.restoreState(StateFile::read(path));
        QCOMPARE(b.bondBreaks().size(), brokenAtSave);
        b.run(2000);
        const std::string diff = difference(a, b);
        QVERIFY2(diff.empty(), (std::string(preset) + ": " + diff).c_str());
        QCOMPARE(b.bondBreaks().size(), a.bondBreaks().size());
        QVERIFY(std::memcmp(b.bondBreaks().data(), a.bondBreaks().data(), a.bondBreaks().size() * sizeof(BondBreak)) ==
                0);
    }
    std::remove(path.c_str());
}

// 1024 spheres in a sheared periodic cell: kept in Morton order and re-sorted as the list is
// rebuilt; the state is saved between sorts, and a sort comes after the restore
void TestSimulationState::sortedShearedCellContinues()
{
    Simulation a = sceneSimulation("sheared-dense-packing", "velocity_verlet", "buss_2nd_order");
    QVERIFY(!a.world().bodyIds.empty());
    a.run(200);
    const std::vector<unsigned char> state = a.saveState();
    const long long sortsAtSave = a.bodySorts();
    long long steps = 0;
    while (a.bodySorts() == sortsAtSave && steps < 40000) {
        a.run(500);
        steps += 500;
    }
    QVERIFY2(a.bodySorts() > sortsAtSave, "the bodies should be sorted again after the save");

    Simulation b = sceneSimulation("sheared-dense-packing", "velocity_verlet", "buss_2nd_order");
    b.restoreState(state);
    b.run(steps);
    const std::string diff = difference(a, b);
    QVERIFY2(diff.empty(), diff.c_str());
    QCOMPARE(b.bodySorts(), a.bodySorts());
    const CellStress sa = a.cellStress(), sb = b.cellStress();
    QVERIFY(std::memcmp(&sa, &sb, sizeof sa) == 0);
}

void TestSimulationState::refusesAnotherScene()
{
    Simulation pile = sceneSimulation("mixed-pile", "velocity_verlet", "buss_2nd_order");
    pile.run(100);
    const std::vector<unsigned char> state = pile.saveState();
    Simulation box = sceneSimulation("settling-box", "velocity_verlet", "buss_2nd_order");
    box.run(50);
    const World before = box.world();
    const QString why = refusal([&] { box.restoreState(state); });
    QVERIFY2(why.contains("another scene") && why.contains("128 bodies in the state") &&
                 why.contains("1000 in the scene"),
             qPrintable(why));
    // all or nothing: the run is as it was and steps on
    QVERIFY(test::sameBits(box.world().position, before.position));
    QCOMPARE(box.world().step, 50LL);
    box.run(10);
    QVERIFY(!box.isUnstable());
}

void TestSimulationState::refusesDamagedFiles()
{
    Simulation a = sceneSimulation("mixed-pile", "velocity_verlet", "buss_2nd_order");
    a.run(100);
    const std::string path = QDir::temp().filePath("tumble-test-damaged.tumble-state").toStdString();
    StateFile::write(path, a.saveState());
    const std::vector<unsigned char> good = fileBytes(path);
    QVERIFY(good.size() > 1000);
    const QString file = QString::fromStdString("state file " + path + ": ");

    auto damaged = [&](std::vector<unsigned char> bytes) {
        putFile(path, bytes);
        return refusal([&] { StateFile::read(path); });
    };
    std::vector<unsigned char> flipped = good;
    flipped[good.size() / 2] ^= 0x10;
    QVERIFY(damaged(flipped).startsWith(file));
    QVERIFY(damaged(flipped).contains("checksum"));
    QVERIFY(damaged({good.begin(), good.end() - 100}).contains("announces"));
    QVERIFY(damaged({good.begin(), good.begin() + 20}).contains("cut short inside its header"));
    std::vector<unsigned char> notState(good.size(), 'x');
    QVERIFY(damaged(notState).contains("not a Tumble state file"));
    std::vector<unsigned char> newer = good;
    newer[13] = static_cast<unsigned char>(StateFile::kVersion + 1); // the version follows the 13-byte magic
    QVERIFY(damaged(newer).contains("format version " + QString::number(StateFile::kVersion + 1)));
    std::remove(path.c_str());
    QVERIFY(refusal([&] { StateFile::read(path); }).contains("cannot open"));
    QVERIFY(damaged(good).isEmpty()); // the intact file reads
    std::remove(path.c_str());
}

// a state cut anywhere, or with a record renamed, is refused naming the field, never read past
void TestSimulationState::refusesCutShortState()
{
    Simulation a = sceneSimulation("agglomerate-impact", "velocity_verlet", "buss_2nd_order");
    a.run(50);
    const std::vector<unsigned char> state = a.saveState();
    Simulation b = sceneSimulation("agglomerate-impact", "velocity_verlet", "buss_2nd_order");
    for (std::size_t cut : {std::size_t{0}, std::size_t{5}, state.size() / 3, state.size() - 1}) {
        const QString why = refusal([&] { b.restoreState(state.data(), cut); });
        QVERIFY2(why.startsWith("field ") && (why.contains("cut short") || why.contains("ends early")),
                 qPrintable(why));
    }
    std::vector<unsigned char> longer = state;
    longer.push_back(0);
    QVERIFY(refusal([&] { b.restoreState(longer); }).contains("after its last field"));
    // the first record's name, "fingerprint", after its 2-byte length
    std::vector<unsigned char> renamed = state;
    renamed[2] = 'F';
    QVERIFY(refusal([&] { b.restoreState(renamed); }).contains("field fingerprint expected"));
    QCOMPARE(b.world().step, 0LL);
}

void TestSimulationState::unstableRunIsNotSaved()
{
    Scene s = loadBuiltinScene("mixed-pile");
    s.params.dt = 50.0 * criticalTimestep(s.world);
    Simulation a(std::move(s.world), s.params);
    a.run(5000);
    QVERIFY(a.isUnstable());
    QVERIFY(refusal([&] { (void)a.saveState(); }).contains("unstable"));
}

QTEST_GUILESS_MAIN(TestSimulationState)
#include "TestSimulationState.moc"
