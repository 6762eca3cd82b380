#include "export/ExportMenu.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QStatusBar>

#include "export/AsyncFileDialog.h"
#include "export/ExportNaming.h"
#include "export/FrameRecorder.h"
#include "export/PlotExport.h"
#include "export/WidgetImage.h"
#include "plot/ExportablePlot.h"
#include "vtk/VtkOpenGLWidget.h"

namespace tumble::ui {

namespace {

const char* extensionOf(ExportMenu::Format f)
{
    switch (f) {
    case ExportMenu::Format::Png:
        return "png";
    case ExportMenu::Format::Svg:
        return "svg";
    case ExportMenu::Format::Csv:
        return "csv";
    }
    return "";
}

QString filterOf(ExportMenu::Format f)
{
    switch (f) {
    case ExportMenu::Format::Png:
        return QObject::tr("PNG images (*.png)");
    case ExportMenu::Format::Svg:
        return QObject::tr("SVG drawings (*.svg)");
    case ExportMenu::Format::Csv:
        return QObject::tr("CSV tables (*.csv)");
    }
    return {};
}

} // namespace

ExportMenu::ExportMenu(QMainWindow* window, VtkOpenGLWidget* view, std::function<SnapshotPtr()> snapshot)
    : QObject(window), m_window(window), m_view(view), m_snapshot(std::move(snapshot))
{
    m_menu = new QMenu(tr("&Export"), window);
    m_plotsEnd = m_menu->addSeparator();
    m_viewAction = m_menu->addAction(tr("3D view as PNG\xe2\x80\xa6"), this, &ExportMenu::askView);
    m_menu->addSeparator();
    m_recordAction =
        m_menu->addAction(tr("Start recording the 3D view\xe2\x80\xa6"), this, &ExportMenu::toggleRecording);

    m_recorder = new FrameRecorder(this);
    connect(m_recorder, &FrameRecorder::frameWritten, this, [this](int index, const QString&) {
        // queued from the encoder: one arriving after the end must not hide the summary
        if (m_window && m_window->statusBar() && m_recorder->isRecording())
            m_window->statusBar()->showMessage(
                tr("Recording: %1 of at most %2 frames").arg(index + 1).arg(kRecordMaxFrames), 2000);
    });
    connect(m_recorder, &FrameRecorder::stopped, this, [this](int frames, const QString& error) {
        m_recordAction->setText(tr("Start recording the 3D view\xe2\x80\xa6"));
        report(error, tr("Recorded %1 frames into %2").arg(frames).arg(m_recorder->directory()));
    });
}

ExportMenu::~ExportMenu() = default;

void ExportMenu::addPlot(ExportablePlot* plot, const QString& title)
{
    if (!plot)
        return;
    for (Format f : {Format::Png, Format::Svg, Format::Csv}) {
        const QString text = f == Format::Csv
                                 ? tr("%1 data as CSV\xe2\x80\xa6").arg(title)
                                 : tr("%1 as %2\xe2\x80\xa6").arg(title, QString::fromLatin1(extensionOf(f)).toUpper());
        auto* action = new QAction(text, m_menu);
        connect(action, &QAction::triggered, this, [this, plot, title, f]() { askPlot(plot, title, f); });
        m_menu->insertAction(m_plotsEnd, action);
    }
}

QString ExportMenu::defaultPath(const QString& what, const QString& extension) const
{
    const SnapshotPtr s = m_snapshot ? m_snapshot() : nullptr;
    const QString name = s ? exportFileName(*s, what, extension) : QStringLiteral("tumble_%1.%2").arg(what, extension);
    return QDir::current().filePath(name);
}

QString ExportMenu::exportPlot(const ExportablePlot& plot, Format format, const QString& path)
{
    switch (format) {
    case Format::Png:
        return exportPlotPng(plot, path, kPlotSize, kPlotPixelRatio);
    case Format::Svg:
        return exportPlotSvg(plot, path, kPlotSize);
    case Format::Csv:
        return exportPlotCsv(plot, path);
    }
    return QStringLiteral("cannot write %1: unknown format").arg(path);
}

QString ExportMenu::exportView(const QString& path) const
{
    QWidget* source = m_viewSource ? m_viewSource() : m_view.data();
    if (!source)
        return QStringLiteral("cannot write %1: there is no 3D view").arg(path);
    return writePngImage(grabWidgetImage(source), path);
}

QString ExportMenu::startRecording(const QString& directory)
{
    if (!m_view)
        return QStringLiteral("cannot record into %1: there is no 3D view").arg(directory);
    const SnapshotPtr s = m_snapshot ? m_snapshot() : nullptr;
    const QString base = (s ? exportBaseName(*s) : QStringLiteral("tumble")) + QStringLiteral("_view");
    const QString error = m_recorder->start(m_view, directory, base, kRecordEvery, kRecordMaxFrames);
    if (error.isEmpty()) {
        m_recordAction->setText(tr("Stop recording"));
        m_view->update();
    }
    return error;
}

void ExportMenu::stopRecording()
{
    m_recorder->stop();
}

void ExportMenu::askPlot(ExportablePlot* plot, const QString& title, Format format)
{
    const QString ext = QString::fromLatin1(extensionOf(format));
    // the plot may go while the dialog is open (a compare lane's): ask again when chosen
    auto* object = dynamic_cast<QObject*>(plot);
    const QPointer<QObject> alive(object);
    openFileDialogAsync(m_window, tr("Export %1").arg(title.toLower()), defaultPath(plot->exportName(), ext),
                        filterOf(format), QFileDialog::AnyFile,
                        [this, plot, object, alive, format](const QString& path) {
                            if (object && !alive)
                                return;
                            report(exportPlot(*plot, format, path), tr("Wrote %1").arg(path));
                        });
}

void ExportMenu::askView()
{
    openFileDialogAsync(m_window, tr("Export the 3D view"), defaultPath(QStringLiteral("view"), QStringLiteral("png")),
                        filterOf(Format::Png), QFileDialog::AnyFile,
                        [this](const QString& path) { report(exportView(path), tr("Wrote %1").arg(path)); });
}

void ExportMenu::toggleRecording()
{
    if (m_recorder->isRecording()) {
        stopRecording();
        return;
    }
    openFileDialogAsync(
        m_window,
        tr("Record the 3D view into (one frame in %1, at most %2 PNGs)").arg(kRecordEvery).arg(kRecordMaxFrames),
        QDir::currentPath(), QString(), QFileDialog::Directory, [this](const QString& dir) {
            if (const QString error = startRecording(dir); !error.isEmpty())
                report(error, QString());
            else if (m_window && m_window->statusBar())
                m_window->statusBar()->showMessage(tr("Recording the 3D view into %1").arg(dir), 3000);
        });
}

void ExportMenu::report(const QString& error, const QString& done)
{
    if (!m_window)
        return;
    if (error.isEmpty()) {
        if (!done.isEmpty() && m_window->statusBar())
            m_window->statusBar()->showMessage(done, 6000);
        return;
    }
    if (m_window->statusBar())
        m_window->statusBar()->showMessage(tr("Export failed: %1").arg(error), 10000);
    // non-blocking: the run and the views go on behind it
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Export failed"), error, QMessageBox::Ok, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    box->open();
}

} // namespace tumble::ui
