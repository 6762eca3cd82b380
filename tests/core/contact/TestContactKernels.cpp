// The contact kernels compiled for one law's parts (ContactKernels::Specialised: pairs of spheres
// and spheres on walls with the commonest laws) must do exactly what the kernel that reads every
// law at run time does: the same loads, dashpot channel, springs and energy sums, bit for bit,
// whether a spring sticks, slips or starts empty, for linear and Hertz-Mindlin contacts, with and
// without rolling resistance, with candidates that do not touch among those that do (the linear
// kernels take touching pairs four at a time).
#include <QtTest>

#include <cstring>
#include <random>

#include "IoTestFiles.h"
#include "contact/ContactForces.h"
#include "contact/ContactLaw.h"
#include "contact/NeighbourList.h"
#include "model/World.h"

using namespace tumble;
using tumble::test::sameBits;

namespace {

// the four laws with a kernel of their own, one material each
std::vector<Material> kernelMaterials()
{
    Material linear;
    linear.name = "linear";
    linear.friction = 0.4;
    Material linearRolling = linear;
    linearRolling.name = "linear-rolling";
    linearRolling.rollingFriction = 0.05;
    Material hertz;
    hertz.name = "hertz";
    hertz.model = ContactModelKind::HertzMindlin;
    hertz.restitution = 0.6;
    hertz.friction = 0.4;
    Material hertzRolling = hertz;
    hertzRolling.name = "hertz-rolling";
    hertzRolling.rollingFriction = 0.05;
    return {linear, linearRolling, hertz, hertzRolling};
}

bool sameBits(const std::vector<Vec3>& a, const std::vector<Vec3>& b)
{
    // (memcmp may not be given the null data() of an empty vector, even for 0 bytes)
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(Vec3)) == 0);
}

bool sameBits(const std::vector<double>& a, const std::vector<double>& b)
{
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

} // namespace

class TestContactKernels : public QObject {
    Q_OBJECT
private slots:
    void specialisedKernelsMatchTheGenericOneBitForBit_data()
    {
        // every material mixed (each touching pair through the kernel table), or spheres of one
        // (the list has one law: its own loop with the kernel inlined, NeighbourList::uniformLaw)
        QTest::addColumn<int>("only");
        QTest::addColumn<int>("law");
        QTest::newRow("four laws mixed") << -1 << -1;
        QTest::newRow("linear only") << 0 << int(kLawShear);
        QTest::newRow("linear with rolling only") << 1 << (kLawShear | kLawRolling);
        QTest::newRow("hertz only") << 2 << (kLawHertz | kLawShear | kLawShearDashpot);
        QTest::newRow("hertz with rolling only") << 3 << (kLawHertz | kLawShear | kLawRolling | kLawShearDashpot);
    }

    void specialisedKernelsMatchTheGenericOneBitForBit()
    {
        QFETCH(int, only);
        QFETCH(int, law);
        std::mt19937_64 rng(7);
        std::uniform_real_distribution<double> u(-1.0, 1.0);
        auto randomVec = [&](double scale) {
            const double x = u(rng);
            const double y = u(rng);
            const double z = u(rng);
            return Vec3(scale * x, scale * y, scale * z);
        };

        World world;
        world.gravity = Vec3::Zero();
        world.materials = kernelMaterials();
        // Hertz-Mindlin with rolling resistance: mixed with each material it gives that
        // material's law (ContactLaw's rules), so walls meet all four kernels too
        world.walls.push_back(Wall{Vec3::Zero(), Vec3::UnitZ(), 3});
        // per material: pairs of spheres 1 cm across overlapping along random directions, moving
        // and spinning at random, each pair's lower sphere pressed into the floor
        const int perMaterial = 40;
        for (int m = 0; m < 4; ++m) {
            if (only >= 0 && m != only)
                continue;
            for (int k = 0; k < perMaterial; ++k) {
                const double r1 = 0.005 * (1.0 + 0.2 * u(rng));
                const double r2 = 0.005 * (1.0 + 0.2 * u(rng));
                const Vec3 base(0.05 * k, 0.05 * m, r1 * (1.0 - 0.02 * (1.0 + u(rng))));
                Vec3 dir = randomVec(1.0);
                dir.z() = std::abs(dir.z()) + 0.2;
                dir.normalize();
                // every fifth pair apart by less than the skin: a candidate that does not touch,
                // whose stored spring empties between touching ones (list order kept around it)
                const double overlap = k % 5 == 4 ? -2e-4 : 1e-4 * (1.1 + u(rng));
                world.addSphere(m, r1, base, randomVec(0.5), randomVec(20.0));
                world.addSphere(m, r2, base + dir * (r1 + r2 - overlap), randomVec(0.5), randomVec(20.0));
            }
        }
        world.updateMemberPositions();
        const ContactTable table(world.materials);
        NeighbourList list;
        list.build(world, table, 0.001);

        // every law got its own kernel's law bits, and every candidate is a pair of spheres
        std::vector<int> pairLaws(16, 0), wallLaws(16, 0);
        for (const PairCandidate& p : list.pairs()) {
            QVERIFY(p.centredI && p.centredJ);
            ++pairLaws[list.contactParams()[static_cast<std::size_t>(p.params)].law];
        }
        for (const WallCandidate& c : list.wallPairs())
            ++wallLaws[list.contactParams()[static_cast<std::size_t>(c.params)].law];
        const int materials = only >= 0 ? 1 : 4;
        QCOMPARE(list.uniformLaw(), law);
        for (int l : {int(kLawShear), kLawShear | kLawRolling, kLawHertz | kLawShear | kLawShearDashpot,
                      kLawHertz | kLawShear | kLawRolling | kLawShearDashpot}) {
            if (law >= 0 && l != law)
                continue;
            QVERIFY2(pairLaws[l] >= perMaterial, qPrintable(QString::number(l)));
            QVERIFY2(wallLaws[l] >= perMaterial, qPrintable(QString::number(l)));
        }
        QVERIFY(list.pairs().size() >= std::size_t(materials * perMaterial));
        QVERIFY(list.wallPairs().size() >= std::size_t(materials * perMaterial));

        // stored springs: zero (a new contact), small (sticking) or far past Coulomb's limit
        // (slipping), at overlaps that differ from today's (Hertz stiffnesses follow them)
        for (ContactHistory* h : {&list.pairHistory(), &list.wallHistory()}) {
            const bool rolling = law < 0 || (law & kLawRolling) != 0;
            QVERIFY(h->hasShear() && h->hasRoll() == rolling);
            for (std::size_t k = 0; k < h->size(); ++k) {
                const int kind = static_cast<int>(k % 3);
                const double scale = kind == 0 ? 0.0 : kind == 1 ? 1e-7 : 1e-3;
                h->shear[k] = randomVec(scale);
                if (rolling)
                    h->roll[k] = randomVec(kind == 2 ? 1.0 : scale * 10.0); // kr theta past mu_r R* F_n
                h->overlap[k] = kind == 0 ? 0.0 : 1e-4 * (1.0 + 0.5 * u(rng));
            }
        }
        std::vector<Vec3> displacement(world.size()), rotation(world.size());
        for (std::size_t i = 0; i < world.size(); ++i) {
            displacement[i] = randomVec(1e-5);
            rotation[i] = randomVec(1e-3);
        }
        const StepMotion motion{displacement, rotation};

        World specialisedWorld = world;
        NeighbourList specialisedList = list;
        World genericWorld = world;
        NeighbourList genericList = list;
        const ContactSums s =
            addContactForces(specialisedWorld, specialisedList, motion, true, ContactKernels::Specialised);
        const ContactSums g = addContactForces(genericWorld, genericList, motion, true, ContactKernels::Generic);

        // every touching pair and every floor contact
        QVERIFY(s.active >= static_cast<std::size_t>(materials * (2 * perMaterial - perMaterial / 5)));
        QCOMPARE(s.active, g.active);
        const bool rolling = law < 0 || (law & kLawRolling) != 0;
        QVERIFY2(
            s.friction > 0.0 && (s.rolling > 0.0) == rolling,
            qPrintable(QString("friction %1 J, rolling %2 J").arg(s.friction).arg(s.rolling))); // some springs slipped
        QVERIFY(sameBits(s.elasticNormal, g.elasticNormal));
        QVERIFY(sameBits(s.elasticTangential, g.elasticTangential));
        QVERIFY(sameBits(s.elasticRolling, g.elasticRolling));
        QVERIFY(sameBits(s.friction, g.friction));
        QVERIFY(sameBits(s.rolling, g.rolling));
        QVERIFY(sameBits(s.stiffness, g.stiffness));
        QVERIFY(sameBits(specialisedWorld.force, genericWorld.force));
        QVERIFY(sameBits(specialisedWorld.torque, genericWorld.torque));
        QVERIFY(sameBits(specialisedWorld.dissipativeForce[kDashpot], genericWorld.dissipativeForce[kDashpot]));
        QVERIFY(sameBits(specialisedWorld.dissipativeTorque[kDashpot], genericWorld.dissipativeTorque[kDashpot]));
        for (auto [a, b] : {std::pair{&specialisedList.pairHistory(), &genericList.pairHistory()},
                            std::pair{&specialisedList.wallHistory(), &genericList.wallHistory()}}) {
            QVERIFY(sameBits(a->shear, b->shear));
            QVERIFY(sameBits(a->roll, b->roll));
            QVERIFY(sameBits(a->overlap, b->overlap));
        }
        // an evaluation that skips the elastic sums (a step nobody samples) leaves them zero and
        // does everything else as one that sums them
        World skippedWorld = world;
        NeighbourList skippedList = list;
        ContactBlock all;
        all.pairEnd = skippedList.pairs().size();
        all.wallEnd = skippedList.wallPairs().size();
        all.bodyEnd = static_cast<int>(skippedWorld.size());
        const ContactSums k = addBlockContacts(skippedWorld, skippedList, motion, true, all,
                                               ContactKernels::Specialised, ElasticSums::Skipped);
        QCOMPARE(k.elasticNormal, 0.0);
        QCOMPARE(k.elasticTangential, 0.0);
        QCOMPARE(k.elasticRolling, 0.0);
        QCOMPARE(k.active, s.active);
        QVERIFY(sameBits(k.friction, s.friction));
        QVERIFY(sameBits(k.rolling, s.rolling));
        QVERIFY(sameBits(skippedWorld.force, specialisedWorld.force));
        QVERIFY(sameBits(skippedWorld.torque, specialisedWorld.torque));
        QVERIFY(sameBits(skippedList.pairHistory().shear, specialisedList.pairHistory().shear));
        QVERIFY(sameBits(skippedList.pairHistory().overlap, specialisedList.pairHistory().overlap));
        // and the loads are not trivially zero
        double largest = 0.0;
        for (const Vec3& f : specialisedWorld.force)
            largest = std::max(largest, f.norm());
        QVERIFY(largest > 0.0);
    }
};

QTEST_APPLESS_MAIN(TestContactKernels)
#include "TestContactKernels.moc"
