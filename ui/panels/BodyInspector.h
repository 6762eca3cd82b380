#pragma once
// BodyInspector: the selected body's numbers, docked beside the 3D view.
//
// Design note. The inspector reads FrameSnapshot::selected only (the worker copies that body's
// state out every snapshot, on-step, in double precision) and computes nothing but the
// display: body-frame w and L (q^-1 w, q^-1 L) and the kinetic energy split (1/2 m v^2,
// 1/2 w.L) come from BodyState's helpers, so the inspector shows what core holds.
// It shows the body the window asked for (setSelectedBody) and ignores snapshots that carry
// another one (published before the worker saw the new selection), so a click never flickers
// back to the previous body. Each row is one plain-text QLabel in a monospace font: a vector's
// three components share a row, right-aligned in fixed-width columns, so they line up without
// a grid of labels. A row's text is formatted into a stack buffer and the label is touched only
// when that text changed: a frame costs one QString per changed row (position, q, w while a
// body turns), nothing for the rest. Snapshots arrive at most at the frame rate (the window's
// frame timer), so the inspector never refreshes faster than that.
// Rejected: a QFormLayout of one label per component (three times the labels and strings for
// the same information) and a QTableWidget (item allocations, and a table look for ten rows).
#include <QString>
#include <QStringList>
#include <QWidget>

#include <array>
#include <vector>

#include "session/FrameSnapshot.h"

class QLabel;
class QPushButton;
class QSpinBox;

namespace tumble::ui {

class BodyInspector : public QWidget {
    Q_OBJECT
public:
    explicit BodyInspector(QWidget* parent = nullptr);
    ~BodyInspector() override;

    /// The body to show (-1: none, the hint shows at once); the spin box follows.
    void setSelectedBody(int body);
    int selectedBody() const { return m_requested; }
    /// Shows the snapshot's selected body when it is the one asked for (setSelectedBody);
    /// keeps the snapshot for the "next clump" button and the spin box's range.
    void setSnapshot(const SnapshotPtr& snapshot);
    /// Nothing selected, no snapshot kept (a new scene).
    void clear();

    /// The body whose numbers are on show, -1 when the hint shows.
    int shownBody() const { return m_shownId; }
    /// True while the "Nothing selected" hint shows.
    bool showsHint() const;

    /// Every field valueText() knows: body (header), mass, moments, position, velocity,
    /// quaternion, wWorld, wBody, LWorld, LBody, Lnorm, Etrans, Erot, Etotal.
    static QStringList fields();
    /// The text a field's row shows: numbers only (units are in the row's label), a vector's
    /// components separated by spaces (quaternion: w x y z, from its two rows; body frame: axes
    /// 1 2 3); empty for an unknown field or while the hint shows. Value labels are named
    /// "value:<row>" (rows as fields, the quaternion's "qw" and "qxyz").
    QString valueText(const QString& field) const;

    // for tests and keyboard users
    QSpinBox* bodyBox() const { return m_bodyBox; }
    QPushButton* nextClumpButton() const { return m_nextClump; }

signals:
    /// The user chose a body from the keyboard (spin box, next-clump button); -1: none.
    void bodyRequested(int body);

private:
    // one value row: its label and the text it holds (compared before setText)
    struct Row {
        QLabel* label = nullptr;
        std::array<char, 96> text{};
    };
    enum Field {
        Mass,
        Moments,
        Position,
        Velocity,
        QuatW,
        QuatXyz,
        WWorld,
        WBody,
        LWorld,
        LBody,
        LNorm,
        ETrans,
        ERot,
        ETotal,
        FieldCount
    };

    void showBody(const BodyState& b, const FrameSnapshot& s);
    void showHint();
    void setRow(Field f, const char* text);
    int memberCount(const FrameSnapshot& s, int body);
    void selectNextClump();

    std::array<Row, FieldCount> m_rows;
    QLabel* m_header = nullptr; // "body 3: clump of 4 spheres"
    QLabel* m_hint = nullptr;
    QWidget* m_table = nullptr; // everything but the hint and the picker
    QSpinBox* m_bodyBox = nullptr;
    QPushButton* m_nextClump = nullptr;

    SnapshotPtr m_snapshot; // the latest snapshot given (clump ids, body count)
    int m_requested = -1;   // the body asked for
    int m_shownId = -1;     // the body on show
    int m_shownType = -1;   // its type as shown (header cache)
    // member count cache: recounted when the scene revision or the body changes
    long long m_countRevision = -1;
    int m_countBody = -1;
    int m_count = 0;
};

} // namespace tumble::ui
