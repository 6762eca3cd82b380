#pragma once
// DtField: the one timestep field of the GUI, used by the control panel and by every compare
// lane: dt in seconds (one validator: C locale, scientific notation) and, in the panel's look,
// the critical timestep, dt / dt_crit coloured against the translation scheme's stability limit
// and "set dt to F x dt crit".
//
// Design note. The field sends LiveParams: dt in seconds, or the factor itself (dtFactor),
// which the Simulation resolves against its own critical timestep, so dt lands at exactly
// F x dt_crit and no copy of dt_crit the GUI saw last is ever multiplied. The core validates
// the value (Simulation::apply); the field only refuses what is not a number. What is in force
// comes back through showInForce(); a field the user is typing in is left alone, and showing
// a value never sends it back.
#include <QWidget>

#include <string>

#include "panels/DtRatioState.h"
#include "sim/LiveParams.h"

class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace tumble::ui {

class DtField : public QWidget {
    Q_OBJECT
public:
    enum class Look {
        /// The control panel: rows dt [s], dt crit, dt / dt crit, set dt to (F x dt crit).
        Form,
        /// A compare lane: the seconds field alone (the lane labels it).
        Compact
    };

    explicit DtField(Look look, QWidget* parent = nullptr);

    /// Shows what is in force: dt (s), the simulation's critical timestep (s; not finite or 0:
    /// none), the translation scheme (its limit colours the ratio); loaded: a run exists.
    void showInForce(double dt, double criticalDt, const std::string& translation, bool loaded = true);

    QLineEdit* secondsField() const { return m_dt; }
    /// The form's widgets (nullptr in the compact look).
    QDoubleSpinBox* factorBox() const { return m_factor; }
    QLabel* criticalDtLabel() const { return m_crit; }
    QLabel* ratioLabel() const { return m_ratio; }
    /// How the shown dt / dt_crit stands against the translation scheme's limit (its colour).
    DtRatioState ratioState() const { return m_ratioState; }

signals:
    /// The user asked for a timestep: dt (s) or dtFactor set.
    void changeRequested(const tumble::LiveParams& change);

private:
    void commitSeconds();
    void commitFactor(double factor);
    void showRatio(double ratio, const std::string& translation);

    QLineEdit* m_dt = nullptr;
    QLabel* m_crit = nullptr;
    QLabel* m_ratio = nullptr;
    QDoubleSpinBox* m_factor = nullptr;
    double m_shownDt = 0.0; // dt last shown as in force, s
    bool m_loaded = false;
    DtRatioState m_ratioState = DtRatioState::None;
};

} // namespace tumble::ui
