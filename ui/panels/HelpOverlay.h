#pragma once
// HelpOverlay: every shortcut and mouse action, drawn over the main window (F1 or ?), as MuJoCo's
// viewer shows its help. The keys are read from the window's actions each time it opens, so the
// list cannot fall behind them; the mouse actions are the views' own (SceneView: VTK's
// trackball camera and picking; PlotView: pan, zoom, follow the run). A click, Escape, F1 or ?
// closes it.
#include <QList>
#include <QString>
#include <QWidget>

class QLabel;

namespace tumble::ui {

class HelpOverlay : public QWidget {
    Q_OBJECT
public:
    /// One line of the help: the keys or mouse gesture, and what it does.
    struct Entry {
        QString keys;
        QString what;
    };

    /// A hidden overlay over window (its child, kept to its size).
    explicit HelpOverlay(QWidget* window);

    /// Shows it (reading the window's actions again) or hides it.
    void toggle();

    /// Every action of window with a shortcut, in creation order: its shortcuts (as the user
    /// types them, "or" between two) and its text without mnemonics.
    static QList<Entry> keyEntries(const QWidget* window);
    /// The mouse's gestures in the 3D view, the plots and the docks.
    static QList<Entry> mouseEntries();
    /// The keys as last shown.
    const QList<Entry>& shownKeys() const { return m_keys; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_window;
    QLabel* m_text;
    QList<Entry> m_keys;
};

} // namespace tumble::ui
