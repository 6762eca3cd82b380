#pragma once
// PhasePanel: the phase portrait (PhasePortrait) with its choices above it: which coordinate
// (position along x, y or z, or the angle about one), and whether the exact orbit and the
// scheme's kept orbit are drawn. The Phase dock of the main window.
#include <QWidget>

class QCheckBox;
class QComboBox;

namespace tumble::ui {

class PhasePortrait;

class PhasePanel : public QWidget {
    Q_OBJECT
public:
    explicit PhasePanel(QWidget* parent = nullptr);

    PhasePortrait* portrait() const { return m_portrait; }
    QComboBox* coordinateBox() const { return m_coordinate; }
    QCheckBox* exactBox() const { return m_exact; }
    QCheckBox* shadowBox() const { return m_shadow; }
    /// Chooses the coordinate as the combo box does: 0-2 position along x, y, z; 3-5 the angle
    /// about x, y, z.
    void setCoordinateIndex(int index);

private:
    PhasePortrait* m_portrait = nullptr;
    QComboBox* m_coordinate = nullptr;
    QCheckBox* m_exact = nullptr;
    QCheckBox* m_shadow = nullptr;
};

} // namespace tumble::ui
