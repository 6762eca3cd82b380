#pragma once
// CellPanel: a periodic cell's numbers and its live controls (issue 20): the model, volume,
// strain F - I, the velocity gradient L, pressure and deviator stress in force, and two rates
// to change L with while the run goes on: the shear rate L_xy and the volumetric strain rate
// tr L (negative compresses; put on the diagonal evenly, L_xx = L_yy = L_zz = tr L / 3). The
// other entries of L stay as they are.
//
// Design note. Like the control panel it holds no simulation state: it shows what the latest
// snapshot has in force (a field being edited is left alone) and sends a change as one
// LiveParams with velocityGradient set (liveChangeRequested), which the main window hands to
// the runner as it does the panel's dt; the core validates it and marks it on the plots
// ("L xy 5 1/s"). Enter in either field or Apply sends both fields' values at once, so a shear
// with compression is one change and one marker. Without a cell the controls are disabled and
// the panel says so. Also here: whether the 3D view draws the bodies' images near the cell's
// faces, and what the stress plot's x axis shows.
#include <QWidget>

#include <limits>
#include <optional>

#include "cell/StressPlot.h"
#include "session/FrameSnapshot.h"
#include "sim/LiveParams.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace tumble::ui {

class CellPanel : public QWidget {
    Q_OBJECT
public:
    explicit CellPanel(QWidget* parent = nullptr);

    /// Shows the snapshot's cell (or that there is none) and the rates in force.
    void setSnapshot(const FrameSnapshot& s);
    /// The change the rate fields ask for over the L in force: L_xy = shear rate, each diagonal
    /// entry tr L / 3; empty when a field does not hold a number or no cell is shown.
    std::optional<LiveParams> requestedChange() const;
    /// Sends requestedChange(), if any (what Apply and Enter do).
    void apply();

    QLineEdit* shearRateField() const { return m_shear; }
    QLineEdit* volumeRateField() const { return m_volume; }
    QPushButton* applyButton() const { return m_apply; }
    QCheckBox* imagesBox() const { return m_images; }
    QComboBox* stressAxisBox() const { return m_axis; }
    /// The cell's numbers as shown (model, volume, strain, L, stress), one line each.
    QString cellText() const;

signals:
    /// A new velocity gradient, as one live change.
    void liveChangeRequested(const tumble::LiveParams& change);
    /// Draw (or not) the images of the bodies near the cell's faces.
    void imagesRequested(bool on);
    /// What the stress plot's x axis shows.
    void stressAxisRequested(tumble::ui::StressPlot::XAxis axis);

private:
    QLabel* m_info = nullptr;
    QLineEdit* m_shear = nullptr;
    QLineEdit* m_volume = nullptr;
    QPushButton* m_apply = nullptr;
    QLabel* m_message = nullptr;
    QCheckBox* m_images = nullptr;
    QComboBox* m_axis = nullptr;
    std::optional<Mat3> m_gradient;                                                  // L in force, 1/s (none: no cell)
    Mat3 m_shownGradient = Mat3::Constant(std::numeric_limits<double>::quiet_NaN()); // as the fields show it
};

} // namespace tumble::ui
