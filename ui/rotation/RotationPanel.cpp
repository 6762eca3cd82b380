#include "rotation/RotationPanel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "plot/AngleDriftPlot.h"
#include "rotation/PoinsotView.h"

namespace tumble::ui {

RotationPanel::RotationPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    auto* buttons = new QHBoxLayout;
    m_ghostButton = new QPushButton(tr("Exact ghost"));
    m_ghostButton->setCheckable(true);
    m_ghostButton->setToolTip(
        tr("Draw the exact torque-free motion of the selected clump, started from its state now, as a "
           "translucent ghost (Euler's equations solved in closed form: the symmetric top exactly, the "
           "asymmetric top with Jacobi elliptic functions). If the ghost and the body pull apart, the "
           "rotation scheme is drifting; the plot below shows the angle between them."));
    m_restartButton = new QPushButton(tr("Restart traces"));
    m_restartButton->setToolTip(tr("Start the polhode, the herpolhode and (when it is on) the exact ghost and its "
                                   "drift plot again from the selected clump's current state"));
    buttons->addWidget(m_ghostButton);
    buttons->addWidget(m_restartButton);
    layout->addLayout(buttons);

    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("ghostStatus"));
    layout->addWidget(m_status);

    m_plot = new AngleDriftPlot;
    m_plot->setMinimumHeight(120);
    layout->addWidget(m_plot, 1);

    auto* poinsotTitle = new QLabel(tr("<b>Poinsot</b>: the inertia ellipsoid rolls on the invariable plane; "
                                       "<span style='color:#e0901e'>polhode</span> on the ellipsoid, "
                                       "<span style='color:#c9b030'>herpolhode</span> on the plane, "
                                       "<b>black</b>: exact polhode"));
    poinsotTitle->setWordWrap(true);
    layout->addWidget(poinsotTitle);
    m_poinsot = new PoinsotView;
    m_poinsot->setMinimumHeight(200);
    m_poinsot->setToolTip(tr("Angular-velocity space (rad/s). The ellipsoid w.Jw = 2T0 turns with the body and "
                             "touches the plane w.L0 = 2T0 at the current w. With T0 and L0 from when tracing "
                             "started, an energy drift lifts w off both, and the polhode spirals instead of "
                             "closing on the black exact curve."));
    layout->addWidget(m_poinsot, 2);

    connect(m_ghostButton, &QPushButton::toggled, this, [this](bool on) {
        if (on && !m_ghost.active() && !startGhost())
            m_ghostButton->setChecked(false);
        else if (!on && m_ghost.active())
            stopGhost();
    });
    connect(m_restartButton, &QPushButton::clicked, this, &RotationPanel::restartTraces);
    refreshStatus();
}

void RotationPanel::setSnapshot(const SnapshotPtr& s, int selectedBody)
{
    m_snapshot = s;
    m_selected = selectedBody;
    const bool wasActive = m_ghost.active();
    if (s && wasActive) {
        m_ghost.update(*s);
        m_plot->setSamples(m_ghost.times(), m_ghost.angles());
        emit ghostChanged();
    }
    if (wasActive && !m_ghost.active()) {
        m_ghostButton->setChecked(false);
        m_plot->setNote(tr("stopped: the scene was reset or changed"));
    }
    m_poinsot->setSnapshot(s, selectedBody);
    refreshStatus();
}

bool RotationPanel::startGhost()
{
    if (!m_snapshot || m_selected < 0 || !m_ghost.start(*m_snapshot, m_selected)) {
        m_status->setText(tr("Select a body first (click it in the 3D view)."));
        return false;
    }
    m_plot->clear();
    m_plot->setSamples(m_ghost.times(), m_ghost.angles());
    m_ghostButton->setChecked(true);
    refreshStatus();
    emit ghostChanged();
    return true;
}

void RotationPanel::stopGhost()
{
    m_ghost.stop();
    m_ghostButton->setChecked(false);
    refreshStatus();
    emit ghostChanged();
}

void RotationPanel::restartTraces()
{
    m_poinsot->restart();
    if (m_ghost.active())
        startGhost(); // from the same snapshot the traces start from
}

QString RotationPanel::statusText() const
{
    return m_status->text();
}

void RotationPanel::refreshStatus()
{
    if (!m_ghost.active()) {
        m_status->setText(m_selected >= 0 ? tr("Body %1 selected: press \"Exact ghost\" to compare it with "
                                               "the exact torque-free motion.")
                                                .arg(m_selected)
                                          : tr("Click a clump in the 3D view to select it."));
        return;
    }
    QString text = tr("Body %1 against its exact motion since t = %2 s: %3 rad apart")
                       .arg(m_ghost.body())
                       .arg(m_ghost.startTime(), 0, 'g', 5)
                       .arg(m_ghost.angle(), 0, 'e', 2);
    if (const auto t = m_ghost.torqueTime()) {
        const QString note =
            tr("a torque acted at t = %1 s: the exact torque-free motion no longer applies").arg(*t, 0, 'g', 5);
        text += QStringLiteral("\n") + note;
        m_plot->setNote(note);
    }
    m_status->setText(text);
}

} // namespace tumble::ui
