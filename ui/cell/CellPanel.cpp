#include "cell/CellPanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <cmath>

#include "panels/PanelLayout.h"

namespace tumble::ui {

namespace {

// a field for a rate in 1/s, in the C locale (as the dt field)
QLineEdit* rateField(const QString& tip)
{
    auto* f = new QLineEdit;
    f->setToolTip(tip);
    f->setMinimumWidth(70);
    return f;
}

// a matrix's entries that are not zero, "xy 12.16 yy -0.5" ("0" when none is): F - I carries
// rounding in the entries a deformation leaves alone, so entries below 1e-9 of the largest count
// as zero
QString entries(const Mat3& m)
{
    const double largest = m.cwiseAbs().maxCoeff();
    QString out;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            if (std::abs(m(r, c)) > 1e-9 * largest)
                out += (out.isEmpty() ? QString() : QStringLiteral(" ")) + QLatin1Char("xyz"[r]) +
                       QLatin1Char("xyz"[c]) + QLatin1Char(' ') + shortNumber(m(r, c), 4);
    return out.isEmpty() ? QStringLiteral("0") : out;
}

} // namespace

CellPanel::CellPanel(QWidget* parent) : QWidget(parent)
{
    auto* col = new QVBoxLayout(this);
    col->setContentsMargins(4, 4, 4, 4);

    m_info = new QLabel;
    m_info->setTextFormat(Qt::PlainText);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_info->setWordWrap(true);
    QFont mono = m_info->font();
    mono.setStyleHint(QFont::Monospace);
    mono.setFamily(QStringLiteral("DejaVu Sans Mono"));
    m_info->setFont(mono);
    auto* infoBox = new QGroupBox(tr("Cell"));
    auto* infoCol = new QVBoxLayout(infoBox);
    infoCol->addWidget(m_info);
    col->addWidget(infoBox);

    // the live rates
    QFormLayout* f = panelForm();
    m_shear = rateField(tr("Shear rate L_xy, 1/s: the medium moves with v_x = L_xy y (simple shear). Enter applies "
                           "both rates as one change."));
    auto* shearRow = new QHBoxLayout;
    shearRow->addWidget(m_shear, 1);
    shearRow->addWidget(new QLabel(tr("1/s")));
    f->addRow(tr("shear L_xy"), shearRow);
    m_volume = rateField(tr("Volumetric strain rate tr L, 1/s: the cell's volume changes as dV/dt = tr L V; negative "
                            "compresses. Put on the diagonal evenly, L_xx = L_yy = L_zz = tr L / 3 (isotropic)."));
    auto* volumeRow = new QHBoxLayout;
    volumeRow->addWidget(m_volume, 1);
    volumeRow->addWidget(new QLabel(tr("1/s")));
    f->addRow(tr("volume tr L"), volumeRow);
    m_apply = new QPushButton(tr("Apply"));
    m_apply->setToolTip(tr("Send both rates as one live change of L (a marker on the plots); the other entries of "
                           "L stay"));
    f->addRow(QString(), m_apply);
    m_message = new QLabel;
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_message->hide();
    f->addRow(m_message);
    auto* rates = new QGroupBox(tr("Live rates (< 0 compresses)"));
    rates->setLayout(f);
    col->addWidget(rates);
    connect(m_apply, &QPushButton::clicked, this, &CellPanel::apply);
    connect(m_shear, &QLineEdit::returnPressed, this, &CellPanel::apply);
    connect(m_volume, &QLineEdit::returnPressed, this, &CellPanel::apply);

    // the view and the stress plot
    QFormLayout* v = panelForm();
    m_images = new QCheckBox(tr("images near the faces"));
    m_images->setToolTip(tr("Draw copies of the spheres within one sphere diameter of a periodic face on the far "
                            "side too, where their images touch the bodies across the boundary"));
    v->addRow(QString(), m_images);
    m_axis = new QComboBox;
    m_axis->addItem(tr("time"), int(StressPlot::XAxis::Time));
    m_axis->addItem(tr("shear strain"), int(StressPlot::XAxis::ShearStrain));
    m_axis->addItem(tr("volumetric strain"), int(StressPlot::XAxis::VolumetricStrain));
    m_axis->setToolTip(tr("The stress plot's x axis: time, the shear strain (F - I)_xy or V / V0 - 1"));
    v->addRow(tr("stress against"), m_axis);
    auto* view = new QGroupBox(tr("View"));
    view->setLayout(v);
    col->addWidget(view);
    col->addStretch(1);
    connect(m_images, &QCheckBox::toggled, this, &CellPanel::imagesRequested);
    connect(m_axis, &QComboBox::activated, this,
            [this](int i) { emit stressAxisRequested(static_cast<StressPlot::XAxis>(m_axis->itemData(i).toInt())); });

    FrameSnapshot none;
    setSnapshot(none);
}

void CellPanel::setSnapshot(const FrameSnapshot& s)
{
    const bool cell = s.cell.has_value();
    for (QWidget* w : {static_cast<QWidget*>(m_shear), static_cast<QWidget*>(m_volume), static_cast<QWidget*>(m_apply),
                       static_cast<QWidget*>(m_images)})
        w->setEnabled(cell);
    if (!cell) {
        m_gradient.reset();
        m_info->setText(tr("This scene has no periodic cell."));
        return;
    }
    const CellState& c = *s.cell;
    m_gradient = c.gradient;
    QString periodic;
    for (std::size_t k = 0; k < 3; ++k)
        if (c.periodic[k])
            periodic += QLatin1Char("xyz"[k]);
    const QString text =
        tr("%1, periodic %2\nV      %3 m^3\np      %4 Pa   q %5 Pa\nL      %6\nF - I  %7")
            .arg(QString::fromLatin1(cellModelName(c.model)), periodic.isEmpty() ? tr("none") : periodic,
                 shortNumber(c.volume, 4), shortNumber(c.pressure, 4), shortNumber(c.deviator, 4),
                 c.gradient.isZero(0.0) ? QStringLiteral("0") : entries(c.gradient) + tr(" 1/s"), entries(c.strain));
    if (m_info->text() != text)
        m_info->setText(text);
    // the fields show the rates in force when they change, unless being typed in
    if (c.gradient != m_shownGradient) {
        m_shownGradient = c.gradient;
        m_message->hide();
        if (!m_shear->hasFocus())
            m_shear->setText(QString::number(c.gradient(0, 1), 'g', 6));
        if (!m_volume->hasFocus())
            m_volume->setText(QString::number(c.gradient.trace(), 'g', 6));
    }
}

std::optional<LiveParams> CellPanel::requestedChange() const
{
    if (!m_gradient)
        return std::nullopt;
    bool okShear = false, okVolume = false;
    const double shear = QLocale::c().toDouble(m_shear->text().trimmed(), &okShear);
    const double volume = QLocale::c().toDouble(m_volume->text().trimmed(), &okVolume);
    if (!okShear || !okVolume || !std::isfinite(shear) || !std::isfinite(volume))
        return std::nullopt;
    Mat3 l = *m_gradient;
    l(0, 1) = shear;
    for (int k = 0; k < 3; ++k)
        l(k, k) = volume / 3.0;
    LiveParams change;
    change.velocityGradient = l;
    return change;
}

void CellPanel::apply()
{
    const std::optional<LiveParams> change = requestedChange();
    if (!change) {
        m_message->setText(tr("Give both rates as numbers in 1/s, e.g. 5 or -0.5."));
        m_message->setVisible(m_gradient.has_value());
        return;
    }
    m_message->hide();
    emit liveChangeRequested(*change);
}

QString CellPanel::cellText() const
{
    return m_info->text();
}

} // namespace tumble::ui
