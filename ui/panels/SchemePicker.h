#pragma once
// SchemePicker: the one place the GUI decides scheme pairs: a preset combo and the translation
// and rotation combos, filled from the core's registry, used by the control panel and by every
// compare lane's controls.
//
// Design note. Schemes switch as pairs: a preset, or a translation that needs its own rotation
// (rk4 with rk4_quaternion, the preset's pairing), goes out as one LiveParams, so the runner
// never sees a half-switched pair the core refuses; a rotation the translation in force cannot
// run with is refused here (refused()) and the combos go back to the pair in force. The picker
// decides against the pair in force (showInForce(), from the latest snapshot), never against
// what it last sent; the core validates every change again (Simulation::apply). Showing a pair
// blocks the combos' signals, so it never sends it back as a request.
#include <QWidget>

#include <string>

#include "sim/LiveParams.h"

class QComboBox;
class QGridLayout;

namespace tumble::ui {

class SchemePicker : public QWidget {
    Q_OBJECT
public:
    enum class Look {
        /// The control panel: labelled rows Preset, Translation, Rotation; "(custom)" first;
        /// each scheme's tooltip gives its description, order, stability limit and equations.
        Form,
        /// A compare lane: a grid, the preset in row 0 (columns 0-1), translation and rotation
        /// in row 1 (columns 0-1 and 2-3); "custom" last; the equations as tooltips.
        Compact
    };

    explicit SchemePicker(Look look, QWidget* parent = nullptr);

    /// Shows the pair in force, which the choices are decided against; sends nothing.
    void showInForce(const std::string& translation, const std::string& rotation);
    /// No run yet: choices go out as they are (the core still validates them).
    void clearInForce() { m_known = false; }

    QComboBox* presetBox() const { return m_preset; }
    QComboBox* translationBox() const { return m_translation; }
    QComboBox* rotationBox() const { return m_rotation; }
    /// The compact look's grid (nullptr for the form): the host may put its own widgets in its
    /// free cells (row 0, columns 2-3) and in rows below.
    QGridLayout* grid() const { return m_grid; }

    /// The rotation a translation scheme must run with when the one in force is refused: a
    /// preset's pairing first (rk4 -> rk4_quaternion), else the first the core accepts; empty
    /// if none.
    static std::string pairedRotation(const std::string& translation);

signals:
    /// A change of schemes the core accepts (one or both; a preset's change names it).
    void changeRequested(const tumble::LiveParams& change);
    /// A choice the core would refuse was not sent; message says why.
    void refused(const QString& message);

private:
    void choosePreset(int index);
    void chooseTranslation(int index);
    void chooseRotation(int index);
    /// Shows translation and rotation in the combos and the preset they make (no signals).
    void showSchemes(const std::string& translation, const std::string& rotation);

    const Look m_look;
    QComboBox* m_preset = nullptr;
    QComboBox* m_translation = nullptr;
    QComboBox* m_rotation = nullptr;
    QGridLayout* m_grid = nullptr;
    bool m_known = false; // a pair is in force
    std::string m_inForceTranslation;
    std::string m_inForceRotation;
};

} // namespace tumble::ui
