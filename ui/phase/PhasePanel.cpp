#include "phase/PhasePanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QVBoxLayout>

#include "phase/PhasePortrait.h"

namespace tumble::ui {

PhasePanel::PhasePanel(QWidget* parent) : QWidget(parent)
{
    m_portrait = new PhasePortrait;
    m_coordinate = new QComboBox;
    for (const QString& a : {QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z")})
        m_coordinate->addItem(tr("%1 against v_%1").arg(a));
    for (const QString& a : {QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z")})
        m_coordinate->addItem(tr("angle about %1 against w_%1").arg(a));
    m_coordinate->setToolTip(tr("The coordinate and its rate: position and velocity along a world axis, or the angle "
                                "turned about it and the angular velocity about it"));
    m_exact = new QCheckBox(tr("Exact"));
    m_exact->setToolTip(tr("The exact orbit, for a scene with a closed form (oscillator, bouncing ball, head-on "
                           "impact, torque-free body)"));
    m_shadow = new QCheckBox(tr("Kept orbit"));
    m_shadow->setToolTip(tr("On the linear oscillator: the ellipse the scheme keeps exactly (a symplectic scheme's "
                            "shadow orbit), or the level Q0 g^2n its growth per step predicts"));
    m_exact->setChecked(true);
    m_shadow->setChecked(true);

    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_coordinate, 1);
    row->addWidget(m_exact);
    row->addWidget(m_shadow);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(row);
    layout->addWidget(m_portrait, 1);

    setCoordinateIndex(2); // z: up in the built-in scenes, the oscillator's and the ball's axis
    connect(m_coordinate, &QComboBox::currentIndexChanged, this, &PhasePanel::setCoordinateIndex);
    connect(m_exact, &QCheckBox::toggled, m_portrait, &PhasePortrait::setExactShown);
    connect(m_shadow, &QCheckBox::toggled, m_portrait, &PhasePortrait::setShadowShown);
}

void PhasePanel::setCoordinateIndex(int index)
{
    index = std::clamp(index, 0, 5);
    if (m_coordinate->currentIndex() != index)
        m_coordinate->setCurrentIndex(index); // comes back here through the signal
    m_portrait->setCoordinate(index < 3 ? PhasePortrait::Kind::Translation : PhasePortrait::Kind::Rotation, index % 3);
}

} // namespace tumble::ui
