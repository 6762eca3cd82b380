// Stepping on several threads gives the same bits as on one.
//
// The step's per-body passes run in fixed chunks, contacts are evaluated in fixed chunks into
// per-pair loads that each body adds in pair order (the one-thread loop's order), and every sum
// is taken per chunk and added in chunk order (Simulation.h). So the final state, the contact
// history and the energy ledger must be identical, bit for bit, for any thread count: a hash of
// all of them after a few hundred steps of a settling, rubbing, rolling pile is compared.
#include <QtTest>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "SceneText.h"
#include "scene/BuiltinScenes.h"
#include "scene/SceneLoader.h"
#include "sim/CriticalTimestep.h"
#include "sim/Simulation.h"

using namespace tumble;
using namespace tumble::test;

namespace {

// FNV-1a over the bytes of everything that makes up the state
struct Hash {
    std::uint64_t h = 1469598103934665603ull;
    void bytes(const void* p, std::size_t n)
    {
        const auto* c = static_cast<const unsigned char*>(p);
        for (std::size_t k = 0; k < n; ++k) {
            h ^= c[k];
            h *= 1099511628211ull;
        }
    }
    void add(double x) { bytes(&x, sizeof x); }
    void add(const Vec3& v) { bytes(v.data(), 3 * sizeof(double)); }
    void add(const Quat& q) { bytes(q.coeffs().data(), 4 * sizeof(double)); }
    template <class T> void add(const std::vector<T>& v)
    {
        for (const T& x : v)
            add(x);
    }
};

std::uint64_t energyHash(const EnergySample& e)
{
    Hash h;
    h.bytes(&e.step, sizeof e.step);
    for (double x :
         {e.time, e.kineticTranslational, e.kineticRotational, e.potentialGravity, e.elasticNormal, e.elasticTangential,
          e.elasticRolling, e.elasticBondNormal, e.elasticBondShear, e.elasticBondTwist, e.elasticBondBend,
          e.dissipatedBondBreaking, e.dissipatedDashpot, e.dissipatedFriction, e.dissipatedRolling,
          e.dissipatedLocalDamping, e.dissipatedViscous, e.dissipatedStiffness, e.balanceError})
        h.add(x);
    return h.h;
}

std::uint64_t stateHash(const Simulation& sim)
{
    const World& w = sim.world();
    Hash h;
    h.add(w.position);
    h.add(w.velocity);
    h.add(w.orientation);
    h.add(w.angularVelocity);
    h.add(w.angularMomentum);
    h.add(w.force);
    h.add(w.torque);
    for (int c = 0; c < kDissipationChannels; ++c) {
        h.add(w.dissipativeForce[c]);
        h.add(w.dissipativeTorque[c]);
    }
    for (const PairCandidate& p : sim.neighbours().pairs()) {
        h.bytes(&p.i, sizeof p.i);
        h.bytes(&p.j, sizeof p.j);
    }
    for (const ContactHistory* history : {&sim.neighbours().pairHistory(), &sim.neighbours().wallHistory()}) {
        h.add(history->shear);
        h.add(history->roll);
        h.add(history->overlap);
    }
    for (const BondBreak& b : sim.bondBreaks()) {
        h.add(b.time);
        h.add(b.energy);
        h.add(b.point);
        h.bytes(b.bodies, sizeof b.bodies);
    }
    for (const auto& b : sim.world().bonds.bodies)
        h.bytes(b.data(), sizeof(int) * 2);
    const std::uint64_t energy = energyHash(sim.energy());
    h.bytes(&energy, sizeof energy);
    return h.h;
}

// 8 x 8 x 6 = 384 jittered spheres with friction and rolling resistance falling into a box of
// five walls, a few of them spinning
Scene frictionPile()
{
    const std::string text = R"({"format": "tumble-scene", "version": 1, "name": "pile",
        "gravity": [0, 0, -9.81],
        "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": {"factor": 0.3}},
        "materials": [)" + frictionMaterialJson("m", 1e5, 2.5e4, 0.5, 0.5, 0.05) +
                             R"(],
        "walls": [
            {"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "m"},
            {"type": "plane", "point": [-0.005, 0, 0], "normal": [1, 0, 0], "material": "m"},
            {"type": "plane", "point": [0.165, 0, 0], "normal": [-1, 0, 0], "material": "m"},
            {"type": "plane", "point": [0, -0.005, 0], "normal": [0, 1, 0], "material": "m"},
            {"type": "plane", "point": [0, 0.165, 0], "normal": [0, -1, 0], "material": "m"}],
        "bodies": [)" + sphereJson("m", 0.01, Vec3(0.08, 0.08, 0.3), Vec3(0.3, -0.2, -1.0), Vec3(20, 5, -10)) +
                             "," +
                             sphereJson("m", 0.008, Vec3(0.03, 0.12, 0.32), Vec3(-0.1, 0.2, -0.5), Vec3(-5, 30, 2)) +
                             R"(],
        "generators": [{"type": "grid", "material": "m", "radius": 0.009, "count": [8, 8, 6], "spacing": 0.0185,
                        "origin": [0.01, 0.01, 0.0092], "jitter": 0.0005, "seed": 3}]})";
    return loadSceneText(text, "pile");
}

// 8 x 8 x 11 = 704 dumbbell clumps (two touching spheres of 6 mm) on a 26 mm grid in a box,
// each thrown towards the middle in its own direction: 1408 members over two body chunks (kBodyChunk = 512), so
// clumps of both chunks collide and contacts crossing from one chunk to the other carry loads
// on members off their bodies' centres
Scene clumpCrowd()
{
    const double r = 0.006;
    const double spacing = 0.026;
    const int nx = 8, ny = 8, nz = 11;
    std::string bodies;
    unsigned state = 12345u; // a fixed linear congruential sequence: the same scene everywhere
    auto next = [&state]() {
        state = state * 1664525u + 1013904223u;
        return double(state >> 8) / double(1u << 24) * 2.0 - 1.0; // in [-1, 1)
    };
    for (int k = 0; k < nx * ny * nz; ++k) {
        const Vec3 x(spacing * (0.5 + k % nx), spacing * (0.5 + (k / nx) % ny), spacing * (0.5 + k / (nx * ny)));
        const Vec3 axis = Vec3(next(), next(), next() + 1.5).normalized() * r;
        // towards the middle of the crowd, so the clumps pile into each other
        const Vec3 middle(spacing * nx / 2, spacing * ny / 2, spacing * nz / 2);
        const Vec3 v = Vec3(next(), next(), next()) * 0.5 + 20.0 * (middle - x);
        const Vec3 w(20.0 * next(), 20.0 * next(), 20.0 * next());
        char text[700];
        std::snprintf(
            text, sizeof text,
            R"(%s{"type": "clump", "material": "m", "spheres": [)"
            R"({"center": [%.17g, %.17g, %.17g], "radius": %.17g}, {"center": [%.17g, %.17g, %.17g], "radius": %.17g}],)"
            R"( "position": [%.17g, %.17g, %.17g], "velocity": [%.17g, %.17g, %.17g], "angular_velocity": [%.17g, %.17g, %.17g]})",
            k == 0 ? "" : ",", axis.x(), axis.y(), axis.z(), r, -axis.x(), -axis.y(), -axis.z(), r, x.x(), x.y(), x.z(),
            v.x(), v.y(), v.z(), w.x(), w.y(), w.z());
        bodies += text;
    }
    const double side = spacing * nx;
    char walls[800];
    std::snprintf(walls, sizeof walls,
                  R"({"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "m"},)"
                  R"({"type": "plane", "point": [0, 0, 0], "normal": [1, 0, 0], "material": "m"},)"
                  R"({"type": "plane", "point": [%.17g, 0, 0], "normal": [-1, 0, 0], "material": "m"},)"
                  R"({"type": "plane", "point": [0, 0, 0], "normal": [0, 1, 0], "material": "m"},)"
                  R"({"type": "plane", "point": [0, %.17g, 0], "normal": [0, -1, 0], "material": "m"})",
                  side, side);
    const std::string text = R"({"format": "tumble-scene", "version": 1, "name": "crowd",
        "gravity": [0, 0, -9.81],
        "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": {"factor": 0.3}},
        "materials": [)" + frictionMaterialJson("m", 1e5, 2.5e4, 0.5, 0.5, 0.05) +
                             R"(],
        "walls": [)" + std::string(walls) +
                             R"(],
        "bodies": [)" + bodies +
                             "]}";
    return loadSceneText(text, "crowd");
}

// the clump crowd's clumps without walls or gravity in a periodic cell the size of their grid,
// sheared (v_x = 5 y 1/s, Lees-Edwards), each thrown in its own direction: contacts across every
// face, images moving with the medium
Scene periodicCrowd()
{
    Scene s = clumpCrowd();
    s.world.walls.clear();
    s.world.gravity = Vec3::Zero();
    Mat3 h = Mat3::Zero();
    h.diagonal() = Vec3(0.026 * 8, 0.026 * 8, 0.026 * 11);
    Mat3 l = Mat3::Zero();
    l(0, 1) = 5.0;
    s.world.cell = PeriodicCell(h, {true, true, true}, l, CellModel::LeesEdwards);
    // a gas rather than a crowd thrown to the middle: every clump in its own direction at ~2 m/s
    unsigned state = 777u;
    auto next = [&state]() {
        state = state * 1664525u + 1013904223u;
        return double(state >> 8) / double(1u << 24) * 2.0 - 1.0; // in [-1, 1)
    };
    for (Vec3& v : s.world.velocity)
        v = 2.0 * Vec3(next(), next(), next());
    return s;
}

// 12 x 12 x 8 = 1152 spheres in a touching grid, every face neighbour bonded (3120 bonds), each
// body thrown in its own direction over a frictional floor: bonds cross the three body chunks
// (kBodyChunk = 512) and deform in every mode while the block rattles on the floor; under Wang's
// law or the incremental one (whose springs each block commits for its own bonds)
// periodic: no floor and no gravity, the block filling a periodic cell sheared at v_x = 5 y 1/s
// (medium-carried, the bodies starting with the medium's velocity too), every face neighbour
// bonded through the faces too (3456 bonds): the bonds break and the spheres collide
Scene bondedBlock(const std::string& law = "total", bool periodic = false)
{
    const std::string cell =
        periodic ? R"("cell": {"vectors": [[0.24, 0, 0], [0, 0.24, 0], [0, 0, 0.16]], )"
                   R"("velocity_gradient": [[0, 5, 0], [0, 0, 0], [0, 0, 0]], "model": "medium_carried"},)"
                 : "";
    const std::string text =
        R"({"format": "tumble-scene", "version": 1, "name": "bonded block", )" + cell + R"("gravity": )" +
        (periodic ? "[0, 0, 0]" : "[0, 0, -9.81]") + R"(,
        "integration": {"translation": "velocity_verlet", "rotation": "buss_2nd_order", "dt": {"factor": 0.3}},
        "materials": [)" +
        frictionMaterialJson("m", 1e5, 2.5e4, 0.5, 0.5, 0.05) +
        R"(],
        "walls": )" +
        (periodic ? "[]" : R"([{"type": "plane", "point": [0, 0, 0], "normal": [0, 0, 1], "material": "m"}])") +
        R"(,
        "generators": [{"type": "grid", "material": "m", "radius": 0.01, "count": [12, 12, 8], "spacing": 0.02,
                        "origin": [0.01, 0.01, 0.0101]}],
        "bonds": [{"within": 1e-4, "kn": 1e5, "ks": 5e4, "kt": 2.5, "kb": 2.5, "law": ")" +
        law + R"(",
                   "strength": {"criterion": "linear_sum", "tension": 3, "shear": 3, "twist": 0.05, "bend": 0.05}}]})";
    Scene scene = loadSceneText(text, "bonded block");
    unsigned state = 777u;
    auto next = [&state]() {
        state = state * 1664525u + 1013904223u;
        return double(state >> 8) / double(1u << 24) * 2.0 - 1.0; // in [-1, 1)
    };
    for (std::size_t i = 0; i < scene.world.size(); ++i) {
        scene.world.velocity[i] = Vec3(0.05 * next(), 0.05 * next(), 0.05 * next() - (periodic ? 0.0 : 0.3));
        if (periodic)
            scene.world.velocity[i] += scene.world.cell->gradient() * scene.world.position[i];
        scene.world.angularMomentum[i] = Vec3(next(), next(), next()) * (5.0 * scene.world.inertia[i].x()); // ~5 rad/s
    }
    return scene;
}

// bonds whose two bodies lie in different body chunks
std::size_t crossingBonds(const Simulation& sim)
{
    const BondSet& bonds = sim.world().bonds;
    std::size_t n = 0;
    for (const auto& b : bonds.bodies)
        n += static_cast<std::size_t>(b[0]) / kBodyChunk != static_cast<std::size_t>(b[1]) / kBodyChunk ? 1 : 0;
    return n;
}

// touching pairs whose bodies lie in different body chunks
std::size_t crossingContacts(const Simulation& sim)
{
    const NeighbourList& list = sim.neighbours();
    std::size_t n = 0;
    for (std::size_t k = 0; k < list.pairs().size(); ++k)
        n += list.pairs()[k].crossesChunk && list.pairHistory().overlap[k] > 0.0 ? 1 : 0;
    return n;
}

// touching pairs through a periodic face (their second member's image is not the member)
std::size_t imageContacts(const Simulation& sim)
{
    const NeighbourList& list = sim.neighbours();
    std::size_t n = 0;
    for (std::size_t k = 0; k < list.pairs().size(); ++k)
        n += list.pairs()[k].image != kNoImage && list.pairHistory().overlap[k] > 0.0 ? 1 : 0;
    return n;
}

Simulation makeSim(Scene scene, int threads)
{
    SimParams p = scene.params;
    p.threads = threads;
    return Simulation(std::move(scene.world), p);
}

// the scene of a row of joinedStepsAreSingleSteps_data (pile or crowd, with its local damping)
Scene joinedRowScene()
{
    QFETCH(QString, scene);
    QFETCH(double, localDamping);
    Scene s = scene == "pile" ? frictionPile() : clumpCrowd();
    s.params.localDamping = localDamping;
    return s;
}

int joinedRowThreads()
{
    QFETCH(int, threads);
    return threads;
}

} // namespace

class TestParallelStep : public QObject {
    Q_OBJECT

private slots:
    void sameBitsForAnyThreadCount_data()
    {
        QTest::addColumn<QString>("scene");
        QTest::addColumn<double>("localDamping");
        QTest::addColumn<double>("viscousDamping");
        QTest::addColumn<int>("steps");
        QTest::addColumn<int>("minContacts");
        QTest::newRow("friction pile") << "pile" << 0.0 << 0.0 << 600 << 200;
        QTest::newRow("friction pile, damped") << "pile" << 0.3 << 2.0 << 600 << 200;
        QTest::newRow("mixed clump pile") << "mixed-pile" << 0.0 << 0.0 << 5000 << 20;
        QTest::newRow("clump crowd, two chunks") << "crowd" << 0.0 << 0.0 << 1000 << 100;
        QTest::newRow("clump crowd, damped") << "crowd" << 0.3 << 2.0 << 1000 << 100;
        QTest::newRow("clump crowd, sheared periodic cell") << "crowd-periodic" << 0.0 << 0.0 << 4000 << 100;
        QTest::newRow("bonded block, three chunks") << "bonded" << 0.0 << 0.0 << 600 << 50;
        QTest::newRow("bonded block, incremental law") << "bonded-incremental" << 0.0 << 0.0 << 600 << 50;
        QTest::newRow("bonded block, sheared periodic cell") << "bonded-periodic" << 0.0 << 0.0 << 2000 << 50;
    }

    void sameBitsForAnyThreadCount()
    {
        QFETCH(QString, scene);
        QFETCH(double, localDamping);
        QFETCH(double, viscousDamping);
        QFETCH(int, steps);
        QFETCH(int, minContacts);
        Scene base = scene == "pile"                 ? frictionPile()
                     : scene == "crowd"              ? clumpCrowd()
                     : scene == "crowd-periodic"     ? periodicCrowd()
                     : scene == "bonded"             ? bondedBlock()
                     : scene == "bonded-incremental" ? bondedBlock("incremental")
                     : scene == "bonded-periodic"    ? bondedBlock("total", true)
                                                     : loadBuiltinScene(scene.toStdString());
        const std::size_t bonds = base.world.bonds.size();
        std::size_t bondsThroughFaces = 0;
        for (std::size_t k = 0; k < bonds; ++k) {
            const World& w = base.world;
            const ImageShift n =
                w.imageNear(std::size_t(w.bonds.bodies[k][1]), w.position[std::size_t(w.bonds.bodies[k][0])]);
            bondsThroughFaces += n != ImageShift{0, 0, 0} ? 1 : 0;
        }
        if (scene == "bonded-periodic") { // 12 x 12 + 12 x 8 + 12 x 8 pairs through the three faces
            QCOMPARE(bonds, std::size_t(3456));
            QCOMPARE(bondsThroughFaces, std::size_t(336));
        }
        if (scene == "mixed-pile") // thrown down onto the floor, so the clumps collide within the run
            for (Vec3& v : base.world.velocity)
                v.z() = -1.0;
        std::vector<std::uint64_t> hashes;
        for (int threads : {1, 2, 3}) {
            Scene s = base;
            s.params.localDamping = localDamping;
            s.params.localDampingVariant = LocalDampingVariant::Woo;
            s.params.viscousDamping = viscousDamping;
            Simulation sim = makeSim(std::move(s), threads);
            QCOMPARE(sim.params().threads, threads);
            std::size_t crossings = 0;    // touching crossing pairs, summed over ten looks during the run
            std::size_t touching = 0;     // contacts, likewise
            std::size_t throughFaces = 0; // touching pairs through a periodic face, likewise
            for (int part = 0; part < 10; ++part) {
                sim.run(steps / 10);
                crossings += crossingContacts(sim);
                throughFaces += imageContacts(sim);
                touching += sim.contactCount();
            }
            QVERIFY2(!sim.isUnstable(), sim.instabilityMessage().c_str());
            // the run exercised what the hash covers: contacts, rebuilds, spin, slip
            // (the bonded block bounces off the floor mid-run: its contacts are counted along the way)
            const bool bonded = scene.startsWith("bonded");
            // (and the periodic gas's collisions come and go: counted along the way too)
            const std::size_t contacts = bonded || scene == "crowd-periodic" ? touching : sim.contactCount();
            QVERIFY2(contacts > std::size_t(minContacts), std::to_string(contacts).c_str());
            QVERIFY(sim.neighbourListBuilds() > 1);
            const EnergySample e = sim.energy();
            QVERIFY(e.kineticRotational > 0.0);
            QVERIFY(e.dissipatedFriction > 0.0);
            if (scene == "crowd-periodic")
                QVERIFY2(throughFaces > 20, std::to_string(throughFaces).c_str());
            if (scene.startsWith("crowd")) // loads left for another chunk's bodies were added
                QVERIFY2(crossings > 20, std::to_string(crossings).c_str());
            if (bonded) { // some bonds broke, some crossing chunks, every mode loaded
                qInfo("%zu bonds broke; %zu contacts over the run", sim.bondBreaks().size(), touching);
                QVERIFY(!sim.bondBreaks().empty() && sim.bondBreaks().size() < bonds);
                QCOMPARE(sim.world().bonds.size() + sim.bondBreaks().size(), bonds);
                QVERIFY(e.dissipatedBondBreaking > 0.0);

                QVERIFY2(crossingBonds(sim) > 100, std::to_string(crossingBonds(sim)).c_str());
                QVERIFY(e.elasticBondNormal > 0.0 && e.elasticBondShear > 0.0);
                QVERIFY(e.elasticBondTwist > 0.0 && e.elasticBondBend > 0.0);
            }
            hashes.push_back(stateHash(sim));
        }
        QCOMPARE(hashes[1], hashes[0]);
        QCOMPARE(hashes[2], hashes[0]);
    }

    // run() joins one step's end pass and the next one's begin pass: the same bits, state and
    // every step's energy, as one step() at a time, on one thread and on two
    void joinedStepsAreSingleSteps_data()
    {
        QTest::addColumn<QString>("scene");
        QTest::addColumn<double>("localDamping");
        QTest::addColumn<int>("threads");
        for (int threads : {1, 2}) {
            const QByteArray t = " on " + QByteArray::number(threads) + " thread(s)";
            QTest::newRow("friction pile" + t) << "pile" << 0.0 << threads;
            QTest::newRow("friction pile, damped" + t) << "pile" << 0.3 << threads;
            QTest::newRow("clump crowd, two chunks" + t) << "crowd" << 0.0 << threads;
        }
    }

    void joinedStepsAreSingleSteps()
    {
        const int threads = joinedRowThreads();
        const Scene s = joinedRowScene();
        const long long steps = 400;
        Simulation joined = makeSim(s, threads);
        Simulation single = makeSim(s, threads);
        std::vector<std::uint64_t> joinedEnergy;
        // in uneven batches, each ending on step: the next batch starts from a state on step
        for (long long done = 0, batch = 1; done < steps; batch = 2 * batch + 3) {
            const long long n = std::min(batch, steps - done);
            joined.run(n, [&] { joinedEnergy.push_back(energyHash(joined.energy())); });
            done += n;
        }
        QCOMPARE(joined.world().step, steps);
        for (long long k = 0; k < steps; ++k) {
            single.step();
            QVERIFY2(joinedEnergy[std::size_t(k)] == energyHash(single.energy()),
                     ("the energy (or its step or time) differs at step " + std::to_string(k + 1)).c_str());
        }
        QVERIFY2(!single.isUnstable(), single.instabilityMessage().c_str());
        QCOMPARE(stateHash(joined), stateHash(single));
        QVERIFY(single.contactCount() > 20);
        QVERIFY(single.neighbourListBuilds() > 1);
        // most steps were joined (not the first of a batch, nor one before a runaway check or a sort)
        QCOMPARE(single.joinedSteps(), 0LL);
        QVERIFY2(joined.joinedSteps() > steps * 3 / 4, std::to_string(joined.joinedSteps()).c_str());
    }

    // run() told that its caller reads the energy only at every 8th step (or, without afterStep,
    // only after the last) skips the kinetic energy sums of the other joined steps: the state,
    // the energies read and the one after the last step are those of one step() at a time, and
    // reading the energy after a skipped step is refused rather than answered from a state that
    // has moved on
    void sampledEnergyOnlyAtItsSteps_data() { joinedStepsAreSingleSteps_data(); }

    void sampledEnergyOnlyAtItsSteps()
    {
        const int threads = joinedRowThreads();
        const Scene s = joinedRowScene();
        const long long steps = 400, every = 8;
        Simulation sampled = makeSim(s, threads);
        Simulation unobserved = makeSim(s, threads);
        Simulation single = makeSim(s, threads);
        std::vector<std::uint64_t> sampledEnergy;
        long long refused = 0;
        sampled.run(
            steps,
            [&] {
                if (sampled.world().step % every == 0) {
                    sampledEnergy.push_back(energyHash(sampled.energy()));
                    return;
                }
                try {
                    (void)sampled.energy(); // (a step before a runaway check or a sort is not joined)
                } catch (const std::logic_error&) {
                    ++refused;
                }
            },
            every);
        unobserved.run(steps);
        for (long long k = 1; k <= steps; ++k) {
            single.step();
            if (k % every == 0)
                QVERIFY2(sampledEnergy[std::size_t(k / every - 1)] == energyHash(single.energy()),
                         ("the energy differs at step " + std::to_string(k)).c_str());
        }
        QVERIFY2(!single.isUnstable(), single.instabilityMessage().c_str());
        QCOMPARE(sampledEnergy.size(), std::size_t(steps / every));
        QCOMPARE(stateHash(sampled), stateHash(single));
        QCOMPARE(stateHash(unobserved), stateHash(single));
        QCOMPARE(energyHash(sampled.energy()), energyHash(single.energy()));
        QCOMPARE(energyHash(unobserved.energy()), energyHash(single.energy()));
        // most of the other steps were joined and skipped their sums
        QVERIFY2(refused > (steps - steps / every) / 2, std::to_string(refused).c_str());
        QVERIFY(unobserved.joinedSteps() > steps * 3 / 4);
    }

    // a runaway found by the caller after a joined step (tumble-cli checks every sample) names the
    // body and speed that one step() at a time names, though the bodies have moved on by then
    void joinedRunawayIsReportedAsSingleSteps()
    {
        for (int threads : {1, 2}) {
            Scene s = frictionPile();
            s.params.dt = 8.0 * criticalTimestep(s.world); // unstable within a few dozen steps
            Simulation joined = makeSim(s, threads);
            Simulation single = makeSim(s, threads);
            joined.run(1000, [&] { joined.checkEnergySample(joined.energy()); });
            for (int k = 0; k < 1000 && !single.isUnstable(); ++k) {
                single.step();
                if (!single.isUnstable())
                    single.checkEnergySample(single.energy());
            }
            QVERIFY(single.isUnstable());
            QVERIFY2(single.instabilityMessage().find("runaway energy") != std::string::npos,
                     single.instabilityMessage().c_str());
            // (a step before a runaway check of the core's own is never joined)
            QVERIFY2(single.instability().step() % 64 != 0, single.instabilityMessage().c_str());
            QVERIFY(joined.joinedSteps() > 0);
            QCOMPARE(joined.instabilityMessage(), single.instabilityMessage());
            QCOMPARE(joined.instability().body(), single.instability().body());
        }
    }

    void threadsChangedMidRun()
    {
        // switching between 1 and 3 threads every 50 steps lands on the same bits as one thread
        Simulation one = makeSim(frictionPile(), 1);
        Simulation mixed = makeSim(frictionPile(), 1);
        for (int k = 0; k < 6; ++k) {
            mixed.setThreads(k % 2 == 0 ? 3 : 1);
            one.run(50);
            mixed.run(50);
        }
        QCOMPARE(stateHash(mixed), stateHash(one));
    }

    void invalidThreadCount()
    {
        Simulation sim = makeSim(frictionPile(), 2);
        for (int bad : {0, -1, SimParams::kMaxThreads + 1}) {
            try {
                sim.setThreads(bad);
                QFAIL("expected a ParameterError");
            } catch (const ParameterError& e) {
                QVERIFY2(std::string(e.what()).find("threads") != std::string::npos, e.what());
            }
        }
        QCOMPARE(sim.params().threads, 2);
        Scene s = frictionPile();
        s.params.threads = 0;
        QVERIFY_THROWS_EXCEPTION(ParameterError, Simulation(std::move(s.world), s.params));
    }
};

QTEST_APPLESS_MAIN(TestParallelStep)
#include "TestParallelStep.moc"
