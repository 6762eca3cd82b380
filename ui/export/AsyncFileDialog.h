#pragma once
// AsyncFileDialog: a window-modal file dialog that returns at once and calls back with the
// chosen path. QFileDialog::getOpenFileName and friends run a nested event loop until the user
// answers; Tumble's frame timer, worker and GL views must go on behind a dialog (issue 25: the 3D
// view went blank while one was open), so every file dialog of the GUI is opened this way.
#include <QFileDialog>

#include <functional>

namespace tumble::ui {

/// Opens the dialog over parent and returns it (deleted when closed). chosen gets the path the
/// user accepted; cancelled (may be empty) runs when the user closes it without one.
/// mode: ExistingFile to open, AnyFile to save (the dialog then asks before overwriting),
/// Directory for a folder.
QFileDialog* openFileDialogAsync(QWidget* parent, const QString& title, const QString& startPath, const QString& filter,
                                 QFileDialog::FileMode mode, std::function<void(const QString&)> chosen,
                                 std::function<void()> cancelled = {});

} // namespace tumble::ui
