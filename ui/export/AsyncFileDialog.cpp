#include "export/AsyncFileDialog.h"

namespace tumble::ui {

QFileDialog* openFileDialogAsync(QWidget* parent, const QString& title, const QString& startPath, const QString& filter,
                                 QFileDialog::FileMode mode, std::function<void(const QString&)> chosen,
                                 std::function<void()> cancelled)
{
    auto* dialog = new QFileDialog(parent, title, startPath, filter);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setFileMode(mode);
    if (mode == QFileDialog::Directory)
        dialog->setOption(QFileDialog::ShowDirsOnly);
    dialog->setAcceptMode(mode == QFileDialog::AnyFile ? QFileDialog::AcceptSave : QFileDialog::AcceptOpen);
    QObject::connect(dialog, &QFileDialog::fileSelected, dialog, [chosen = std::move(chosen)](const QString& path) {
        if (chosen && !path.isEmpty())
            chosen(path);
    });
    if (cancelled)
        QObject::connect(dialog, &QFileDialog::rejected, dialog, std::move(cancelled));
    dialog->open();
    return dialog;
}

} // namespace tumble::ui
