// SchemePicker: the one place the GUI decides scheme pairs, in the control panel's look and in
// a compare lane's: lists from the registry, a preset as one change named after it, rk4 brings
// its rotation, a pair the core would refuse is refused with a message and the combos go back
// to the pair in force.
#include <QtTest>

#include <QComboBox>
#include <QGridLayout>

#include "ComboChoice.h"
#include "integrate/IntegratorRegistry.h"
#include "panels/SchemePicker.h"

using namespace tumble;
using namespace tumble::ui;
using tumble::test::activate;

Q_DECLARE_METATYPE(tumble::ui::SchemePicker::Look)

namespace {

QString shown(const QComboBox* box)
{
    return box->currentData().toString();
}

struct Sent {
    std::vector<LiveParams> changes;
    QStringList refusals;
};

void listen(SchemePicker& p, Sent& sent)
{
    QObject::connect(&p, &SchemePicker::changeRequested, &p,
                     [&sent](const LiveParams& c) { sent.changes.push_back(c); });
    QObject::connect(&p, &SchemePicker::refused, &p, [&sent](const QString& m) { sent.refusals << m; });
}

} // namespace

class TestSchemePicker : public QObject {
    Q_OBJECT
private slots:
    void listsComeFromTheRegistry_data();
    void listsComeFromTheRegistry();
    void presetIsOneNamedChange_data();
    void presetIsOneNamedChange();
    void rk4BringsItsRotation_data();
    void rk4BringsItsRotation();
    void refusedPairIsRefusedInBothLooks_data();
    void refusedPairIsRefusedInBothLooks();
    void showingThePairInForceSendsNothing();
    void compactLookLeavesRoomForTheLane();
};

namespace {
void looks()
{
    QTest::addColumn<SchemePicker::Look>("look");
    QTest::newRow("panel") << SchemePicker::Look::Form;
    QTest::newRow("lane") << SchemePicker::Look::Compact;
}
} // namespace

void TestSchemePicker::listsComeFromTheRegistry_data()
{
    looks();
}

void TestSchemePicker::listsComeFromTheRegistry()
{
    QFETCH(SchemePicker::Look, look);
    SchemePicker p(look);
    QCOMPARE(p.translationBox()->count(), int(translationSchemes().size()));
    QCOMPARE(p.rotationBox()->count(), int(rotationSchemes().size()));
    QCOMPARE(p.presetBox()->count(), int(presets().size()) + 1); // and "custom"
    for (const PresetInfo& preset : presets())
        QVERIFY(p.presetBox()->findData(QString::fromStdString(preset.name)) >= 0);
    // a custom pair shows as custom
    p.showInForce("explicit_euler", "buss_2nd_order");
    QVERIFY(shown(p.presetBox()).isEmpty());
    QVERIFY(p.presetBox()->currentText().contains(QStringLiteral("custom")));
}

void TestSchemePicker::presetIsOneNamedChange_data()
{
    looks();
}

void TestSchemePicker::presetIsOneNamedChange()
{
    QFETCH(SchemePicker::Look, look);
    SchemePicker p(look);
    Sent sent;
    listen(p, sent);
    p.showInForce("velocity_verlet", "buss_2nd_order");
    QCOMPARE(shown(p.presetBox()), QStringLiteral("pfc"));
    QVERIFY(activate(p.presetBox(), QStringLiteral("rk4")));
    QCOMPARE(sent.changes.size(), std::size_t(1));
    const LiveParams& c = sent.changes[0];
    QCOMPARE(*c.translation, std::string("rk4"));
    QCOMPARE(*c.rotation, std::string("rk4_quaternion"));
    QCOMPARE(c.schemeLabel, std::string("rk4"));
    QVERIFY(!c.dt && !c.dtFactor && !c.localDamping && !c.viscousDamping);
    QCOMPARE(shown(p.translationBox()), QStringLiteral("rk4"));
    QCOMPARE(shown(p.rotationBox()), QStringLiteral("rk4_quaternion"));
    // "custom" is a state, not a choice: the preset in force shows again, nothing goes out
    p.showInForce("velocity_verlet", "buss_2nd_order");
    const int custom = p.presetBox()->findData(QString());
    QVERIFY(custom >= 0);
    p.presetBox()->setCurrentIndex(custom);
    emit p.presetBox()->activated(custom);
    QCOMPARE(sent.changes.size(), std::size_t(1));
    QCOMPARE(shown(p.presetBox()), QStringLiteral("pfc"));
}

void TestSchemePicker::rk4BringsItsRotation_data()
{
    looks();
}

void TestSchemePicker::rk4BringsItsRotation()
{
    QFETCH(SchemePicker::Look, look);
    SchemePicker p(look);
    Sent sent;
    listen(p, sent);
    p.showInForce("velocity_verlet", "buss_2nd_order");
    // a translation that runs with the rotation in force goes alone
    QVERIFY(activate(p.translationBox(), QStringLiteral("explicit_euler")));
    QCOMPARE(sent.changes.size(), std::size_t(1));
    QCOMPARE(*sent.changes[0].translation, std::string("explicit_euler"));
    QVERIFY(!sent.changes[0].rotation);
    // rk4 needs rk4_quaternion: both in one change, labelled with both
    QVERIFY(activate(p.translationBox(), QStringLiteral("rk4")));
    QCOMPARE(sent.changes.size(), std::size_t(2));
    QCOMPARE(*sent.changes[1].translation, std::string("rk4"));
    QCOMPARE(*sent.changes[1].rotation, std::string("rk4_quaternion"));
    QCOMPARE(sent.changes[1].schemeLabel, std::string("rk4 + rk4_quaternion"));
    QCOMPARE(shown(p.rotationBox()), QStringLiteral("rk4_quaternion"));
    QVERIFY(sent.refusals.isEmpty());
}

void TestSchemePicker::refusedPairIsRefusedInBothLooks_data()
{
    looks();
}

void TestSchemePicker::refusedPairIsRefusedInBothLooks()
{
    QFETCH(SchemePicker::Look, look);
    SchemePicker p(look);
    Sent sent;
    listen(p, sent);
    p.showInForce("rk4", "rk4_quaternion");
    QVERIFY(!schemeCombinationError("rk4", "buss_2nd_order").empty());
    QVERIFY(activate(p.rotationBox(), QStringLiteral("buss_2nd_order")));
    QVERIFY(sent.changes.empty()); // never sent
    QCOMPARE(sent.refusals.size(), 1);
    QVERIFY2(sent.refusals[0].contains(QStringLiteral("buss_2nd_order")) &&
                 sent.refusals[0].contains(QStringLiteral("rk4")),
             qPrintable(sent.refusals[0]));
    // the combos show what runs
    QCOMPARE(shown(p.translationBox()), QStringLiteral("rk4"));
    QCOMPARE(shown(p.rotationBox()), QStringLiteral("rk4_quaternion"));
    QCOMPARE(shown(p.presetBox()), QStringLiteral("rk4"));
    // a rotation the translation runs with is sent alone
    p.showInForce("velocity_verlet", "buss_2nd_order");
    QVERIFY(activate(p.rotationBox(), QStringLiteral("rk4_quaternion")));
    QCOMPARE(sent.changes.size(), std::size_t(1));
    QCOMPARE(*sent.changes[0].rotation, std::string("rk4_quaternion"));
    QVERIFY(!sent.changes[0].translation);
}

void TestSchemePicker::showingThePairInForceSendsNothing()
{
    SchemePicker p(SchemePicker::Look::Form);
    Sent sent;
    listen(p, sent);
    for (const PresetInfo& preset : presets()) {
        p.showInForce(preset.translation, preset.rotation);
        QCOMPARE(shown(p.presetBox()), QString::fromStdString(preset.name));
    }
    QVERIFY(sent.changes.empty());
    QVERIFY(sent.refusals.isEmpty());
}

void TestSchemePicker::compactLookLeavesRoomForTheLane()
{
    SchemePicker form(SchemePicker::Look::Form);
    QVERIFY(!form.grid());
    SchemePicker lane(SchemePicker::Look::Compact);
    QGridLayout* g = lane.grid();
    QVERIFY(g);
    // preset in row 0, translation and rotation in row 1; row 0's right half is the lane's
    QCOMPARE(g->itemAtPosition(0, 0)->widget(), lane.presetBox());
    QCOMPARE(g->itemAtPosition(1, 0)->widget(), lane.translationBox());
    QCOMPARE(g->itemAtPosition(1, 2)->widget(), lane.rotationBox());
    QVERIFY(!g->itemAtPosition(0, 2));
}

QTEST_MAIN(TestSchemePicker)
#include "TestSchemePicker.moc"
