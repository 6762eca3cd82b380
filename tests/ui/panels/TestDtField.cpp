// DtField: the one timestep field of the panel and the lanes: seconds through one validator, the
// factor box sends the factor itself (the simulation takes it of its own critical dt), what is
// in force shows without being sent back, the ratio is coloured against the scheme's limit.
#include <QtTest>

#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>

#include <limits>

#include "panels/DtField.h"

using namespace tumble;
using namespace tumble::ui;

class TestDtField : public QObject {
    Q_OBJECT
private slots:
    void secondsAreSentAsTyped();
    void oneValidatorInBothLooks();
    void factorIsSentAsAFactor();
    void showingWhatIsInForceSendsNothing();
    void ratioAgainstTheSchemesLimit();
};

void TestDtField::secondsAreSentAsTyped()
{
    DtField f(DtField::Look::Compact);
    std::vector<LiveParams> sent;
    connect(&f, &DtField::changeRequested, this, [&](const LiveParams& c) { sent.push_back(c); });
    f.showInForce(1e-4, 0.0, "velocity_verlet");
    QCOMPARE(f.secondsField()->text(), QStringLiteral("0.0001"));
    f.secondsField()->setText(QStringLiteral(" 2.5e-5 "));
    emit f.secondsField()->editingFinished();
    QCOMPARE(sent.size(), std::size_t(1));
    QCOMPARE(*sent[0].dt, 2.5e-5);
    QVERIFY(!sent[0].dtFactor && !sent[0].translation);
    // the dt in force again, or no number: nothing goes out
    f.secondsField()->setText(QStringLiteral("1e-4"));
    emit f.secondsField()->editingFinished();
    f.secondsField()->setText(QStringLiteral("0"));
    emit f.secondsField()->editingFinished();
    QCOMPARE(sent.size(), std::size_t(1));
}

void TestDtField::oneValidatorInBothLooks()
{
    DtField panel(DtField::Look::Form);
    DtField lane(DtField::Look::Compact);
    QVERIFY(panel.factorBox() && panel.criticalDtLabel() && panel.ratioLabel());
    QVERIFY(!lane.factorBox() && !lane.criticalDtLabel());
    for (const char* text : {"2e-5", "1.25E-04", "0.0001", "1.2345678901234567e-5"}) {
        for (DtField* f : {&panel, &lane}) {
            QString t = QString::fromLatin1(text);
            int pos = 0;
            QCOMPARE(f->secondsField()->validator()->validate(t, pos), QValidator::Acceptable);
        }
    }
    for (const char* text : {"abc", "-1e-5", "1e-5 s"}) {
        for (DtField* f : {&panel, &lane}) {
            QString t = QString::fromLatin1(text);
            int pos = 0;
            QVERIFY2(f->secondsField()->validator()->validate(t, pos) != QValidator::Acceptable, text);
        }
    }
}

void TestDtField::factorIsSentAsAFactor()
{
    DtField f(DtField::Look::Form);
    std::vector<LiveParams> sent;
    connect(&f, &DtField::changeRequested, this, [&](const LiveParams& c) { sent.push_back(c); });
    f.showInForce(1e-5, 4e-5, "velocity_verlet");
    QCOMPARE(f.factorBox()->value(), 0.25);
    QVERIFY(f.factorBox()->isEnabled());
    f.factorBox()->setValue(0.5);
    QCOMPARE(sent.size(), std::size_t(1));
    // the factor itself: no dt worked out here from a dt_crit the field saw
    QVERIFY(!sent[0].dt);
    QCOMPARE(*sent[0].dtFactor, 0.5);
    // without a critical dt the box is off
    f.showInForce(1e-5, std::numeric_limits<double>::infinity(), "velocity_verlet");
    QVERIFY(!f.factorBox()->isEnabled());
    QCOMPARE(f.criticalDtLabel()->text(), QStringLiteral("\u2014 s"));
}

void TestDtField::showingWhatIsInForceSendsNothing()
{
    DtField f(DtField::Look::Form);
    std::vector<LiveParams> sent;
    connect(&f, &DtField::changeRequested, this, [&](const LiveParams& c) { sent.push_back(c); });
    for (double dt : {1e-5, 2e-5, 3.3e-6})
        f.showInForce(dt, 4e-5, "rk4");
    QVERIFY(sent.empty());
    QCOMPARE(f.secondsField()->text(), QStringLiteral("3.3e-06"));
    QCOMPARE(f.criticalDtLabel()->text(), QStringLiteral("4e-05 s"));
}

void TestDtField::ratioAgainstTheSchemesLimit()
{
    DtField f(DtField::Look::Form);
    f.showInForce(1e-5, 4e-5, "velocity_verlet");
    QCOMPARE(f.ratioState(), DtRatioState::WithinLimit);
    const QString plain = f.ratioLabel()->styleSheet();
    f.showInForce(6e-5, 4e-5, "velocity_verlet");
    QCOMPARE(f.ratioState(), DtRatioState::BeyondLimit);
    QVERIFY(f.ratioLabel()->styleSheet() != plain);
    QVERIFY(f.ratioLabel()->toolTip().contains(QStringLiteral("velocity_verlet")));
    f.showInForce(6e-5, 4e-5, "explicit_euler");
    QCOMPARE(f.ratioState(), DtRatioState::NoLimit);
    f.showInForce(6e-5, 4e-5, "velocity_verlet", false); // nothing loaded
    QCOMPARE(f.ratioState(), DtRatioState::None);
    QCOMPARE(f.ratioLabel()->styleSheet(), plain);
}

QTEST_MAIN(TestDtField)
#include "TestDtField.moc"
