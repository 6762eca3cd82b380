// State records (sim/StateArchive.h): a field added after states were first written
// (fieldSince) reads back as written, and a state written before it existed reads with the
// field's old meaning and goes on with the records that follow.
#include <QtTest>

#include "sim/StateArchive.h"
#include "sim/StateFields.h"

using namespace tumble;

class TestStateArchive : public QObject {
    Q_OBJECT
private slots:
    void fieldAddedLaterRoundTrips()
    {
        Material m;
        m.name = "rough";
        m.frictionLimit = FrictionLimit::Total;
        StateWriter w;
        w.field("material", m);
        w.field("after", 7.5);
        const std::vector<unsigned char> bytes = w.take();
        StateReader r(bytes.data(), bytes.size());
        Material back;
        double after = 0.0;
        r.field("material", back);
        r.field("after", after);
        QVERIFY(back.frictionLimit == FrictionLimit::Total);
        QCOMPARE(back.name, std::string("rough"));
        QCOMPARE(after, 7.5);
        QCOMPARE(r.remaining(), std::size_t(0));
    }

    void stateFromBeforeTheFieldReadsItsOldMeaning()
    {
        // a material as the first state format wrote it: no frictionLimit record
        Material m;
        m.name = "glass";
        m.friction = 0.4;
        StateWriter old;
        old.field("name", m.name);
        old.field("density", m.density);
        old.field("model", m.model);
        old.field("kn", m.kn);
        old.field("kt", m.kt);
        old.field("young", m.young);
        old.field("poisson", m.poisson);
        old.field("restitution", m.restitution);
        old.field("friction", m.friction);
        old.field("rollingFriction", m.rollingFriction);
        old.field("after", 2.5);
        const std::vector<unsigned char> bytes = old.take();
        StateReader r(bytes.data(), bytes.size());
        Material back;
        back.frictionLimit = FrictionLimit::Total; // must be reset to the old meaning
        archive(r, back);
        double after = 0.0;
        r.field("after", after);
        QVERIFY(back.frictionLimit == FrictionLimit::Elastic);
        QCOMPARE(back.friction, 0.4);
        QCOMPARE(after, 2.5);
    }
};

QTEST_APPLESS_MAIN(TestStateArchive)
#include "TestStateArchive.moc"
