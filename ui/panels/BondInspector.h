#pragma once
// BondInspector: the selected bond's numbers, docked beside the 3D view (a tab beside the body
// inspector).
//
// Design note. The inspector reads FrameSnapshot::selectedBond only: the worker computes the
// bond's BondInspection (core/bond, the same function the bond CSV writes) from the bodies'
// poses and copies it out with every snapshot, so the panel shows what core holds and updates
// live. It computes nothing but degrees from radians and the total energy. Like BodyInspector it
// shows the bond the window asked for (setSelectedBond, by its bodies' scene ids in either
// order) and ignores snapshots that carry another. When the bond breaks while selected, the
// last numbers stay and the status says "broken at t = ... s". Rows are monospace labels whose
// text is set only when it changed (NumberText.h formats them as BodyInspector's are).
// Rejected: a spin box per body for the keyboard, as the body inspector has: a bond is one of
// at most a dozen pairs round a body, which a click in the view picks faster.
#include <QString>
#include <QStringList>
#include <QWidget>

#include <array>

#include "session/FrameSnapshot.h"

class QLabel;

namespace tumble::ui {

class BondInspector : public QWidget {
    Q_OBJECT
public:
    explicit BondInspector(QWidget* parent = nullptr);
    ~BondInspector() override;

    /// The bond to show, by its bodies' scene ids (either order; a < 0: none, the hint shows).
    void setSelectedBond(int a, int b);
    /// The pair asked for ({-1, -1}: none).
    std::array<int, 2> selectedBond() const { return m_requested; }
    /// Shows the snapshot's selected bond when it is the one asked for.
    void setSnapshot(const SnapshotPtr& snapshot);
    /// Nothing selected (a new scene).
    void clear();

    /// True while the "Nothing selected" hint shows.
    bool showsHint() const { return !m_shownAny; }
    /// The bond state on show (its last intact numbers once it broke); meaningful unless showsHint().
    const BondState& shown() const { return m_shown; }

    /// Every field valueText() knows: bond (header), status, theta, phi, psi (each "rad deg"),
    /// normal ("stretch N"), shear ("slip S"), twist ("psi T"), bend ("theta B"), load, Enormal,
    /// Eshear, Etwist, Ebend, Etotal.
    static QStringList fields();
    /// The text a field's row shows, spaces collapsed: numbers only (units are in the row's
    /// label); empty for an unknown field, a bond that never breaks (load) or while the hint
    /// shows. Value labels are named "value:<field>".
    QString valueText(const QString& field) const;

private:
    enum Field {
        Theta,
        Phi,
        Psi,
        Normal, // per mode: its measure and its generalised force
        Shear,
        Twist,
        Bend,
        Load,
        ENormal,
        EShear,
        ETwist,
        EBend,
        ETotal,
        FieldCount
    };
    struct Row {
        QLabel* label = nullptr;
        std::array<char, 96> text{};
    };

    void showBond(const BondState& b);
    void showHint();
    void setRow(Field f, const char* text);

    std::array<Row, FieldCount> m_rows;
    QLabel* m_header = nullptr; // "Bond between bodies 3 and 4"
    QLabel* m_status = nullptr; // intact / broken at t = ...
    QLabel* m_hint = nullptr;
    QWidget* m_table = nullptr;
    QWidget* m_loadName = nullptr; // the load / strength row's name, hidden for a bond that never breaks

    std::array<int, 2> m_requested{-1, -1};
    BondState m_shown;       // the last state shown (its numbers kept once broken)
    bool m_shownAny = false; // some numbers of the requested bond are on show
    int m_statusKey = -1;    // 0 intact, 1 broken (status label cache)
    double m_statusTime = -1.0;
};

} // namespace tumble::ui
