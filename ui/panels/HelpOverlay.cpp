#include "panels/HelpOverlay.h"

#include <QAction>
#include <QEvent>
#include <QFrame>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include <algorithm>

namespace tumble::ui {

HelpOverlay::HelpOverlay(QWidget* window) : QWidget(window), m_window(window)
{
    setObjectName(QStringLiteral("helpOverlay"));
    setFocusPolicy(Qt::StrongFocus);
    auto* card = new QFrame(this);
    card->setObjectName(QStringLiteral("helpCard"));
    card->setStyleSheet(QStringLiteral("#helpCard { background: #fbfbfd; border: 1px solid #9aa0aa; "
                                       "border-radius: 6px; }"));
    m_text = new QLabel(card);
    m_text->setTextFormat(Qt::RichText);
    auto* inner = new QVBoxLayout(card);
    inner->setContentsMargins(18, 14, 18, 14);
    inner->addWidget(m_text);
    auto* outer = new QVBoxLayout(this);
    outer->addStretch();
    outer->addWidget(card, 0, Qt::AlignHCenter);
    outer->addStretch();
    window->installEventFilter(this);
    hide();
}

QList<HelpOverlay::Entry> HelpOverlay::keyEntries(const QWidget* window)
{
    QList<Entry> out;
    for (const QAction* a : window->findChildren<QAction*>()) {
        if (a->shortcuts().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        QString what = a->text();
        what.remove(QLatin1Char('&'));
        const Entry e{keys.join(tr(" or ")), what};
        const bool seen = std::any_of(out.begin(), out.end(), [&](const Entry& o) { return o.keys == e.keys; });
        if (!seen)
            out << e;
    }
    return out;
}

QList<HelpOverlay::Entry> HelpOverlay::mouseEntries()
{
    return {
        {tr("click a sphere"), tr("3D view: select its body (Inspector)")},
        {tr("click a bond"), tr("3D view: select the bond (Bond)")},
        {tr("click empty space"), tr("3D view: clear the selection")},
        {tr("left drag"), tr("3D view: turn the camera about the scene")},
        {tr("Shift + left drag, middle drag"), tr("3D view: pan")},
        {tr("right drag, wheel"), tr("3D view: zoom")},
        {tr("Ctrl + left drag"), tr("3D view: roll about the line of sight")},
        {tr("drag"), tr("plots: pan (the plot stops following the run)")},
        {tr("wheel"), tr("plots: zoom about the mouse")},
        {tr("double-click"), tr("plots: follow the whole run again")},
        {tr("drag a dock's title"), tr("move the dock, or float it as a window of its own")},
    };
}

void HelpOverlay::toggle()
{
    if (isVisible()) {
        hide();
        return;
    }
    m_keys = keyEntries(m_window);
    const auto rows = [](const QList<Entry>& entries) {
        QString html;
        for (const Entry& e : entries)
            html += QStringLiteral("<tr><td style='padding-right:14px'><b>%1</b></td><td>%2</td></tr>")
                        .arg(e.keys.toHtmlEscaped(), e.what.toHtmlEscaped());
        return html;
    };
    m_text->setText(QStringLiteral("<table><tr><td valign='top' style='padding-right:28px'><h3>%1</h3><table>%2"
                                   "</table></td><td valign='top'><h3>%3</h3><table>%4</table></td></tr></table>"
                                   "<p style='color:#5a606a'>%5</p>")
                        .arg(tr("Keys"), rows(m_keys), tr("Mouse"), rows(mouseEntries()),
                             tr("The keys work from every dock, floating ones too, unless a field is being typed in. "
                                "Click, Escape, F1 or ? closes this.")));
    setGeometry(m_window->rect());
    raise();
    show();
    setFocus();
}

void HelpOverlay::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), QColor(20, 24, 32, 150)); // the window dimmed behind the card
}

void HelpOverlay::mousePressEvent(QMouseEvent* event)
{
    hide();
    event->accept();
}

void HelpOverlay::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        hide();
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

bool HelpOverlay::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_window && event->type() == QEvent::Resize && isVisible())
        setGeometry(m_window->rect());
    return QWidget::eventFilter(watched, event);
}

} // namespace tumble::ui
