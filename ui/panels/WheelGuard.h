#pragma once
// WheelGuard: the mouse wheel changes a combo box or spin box only while it has the keyboard
// focus; otherwise the wheel scrolls whatever holds it (the control panel's scroll area), as in
// Qt Creator, Blender and ParaView. Without it one scroll down the panel silently switches the
// integrator or the colour mode under the pointer (issue 25).
//
// Installed once on the application (MainWindow does), so it covers every combo and spin box,
// the compare lanes' too, including ones created later. The guarded widgets are made
// StrongFocus (click or Tab), so the wheel never takes the focus for them either.
#include <QObject>

namespace tumble::ui {

class WheelGuard : public QObject {
    Q_OBJECT
public:
    explicit WheelGuard(QObject* parent = nullptr) : QObject(parent) {}

    /// True for the widgets the guard holds back: combo boxes and spin boxes (any kind).
    static bool guards(const QObject* object);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace tumble::ui
