#include "export/PlotExport.h"

#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <cmath>

#include "plot/ExportablePlot.h"

namespace tumble::ui {

namespace {

QString failure(const QString& path, const QString& problem)
{
    return QStringLiteral("cannot write %1: %2").arg(path, problem);
}

// opens a save file or says why not
QString openSave(QSaveFile& file, const QString& path)
{
    if (path.isEmpty())
        return failure(QStringLiteral("\"\""), QStringLiteral("no file name given"));
    if (!file.open(QIODevice::WriteOnly))
        return failure(path, file.errorString());
    return {};
}

// writes what was written into file to its final name, or drops it
QString commitSave(QSaveFile& file, const QString& path)
{
    if (!file.commit())
        return failure(path, file.errorString());
    return {};
}

bool validSize(QSize size, double ratio)
{
    return size.width() > 0 && size.height() > 0 && std::isfinite(ratio) && ratio > 0.0 &&
           double(size.width()) * ratio <= 32768.0 && double(size.height()) * ratio <= 32768.0;
}

QString sizeProblem(const QString& path, QSize size, double ratio)
{
    return failure(
        path, QStringLiteral("bad image size %1x%2 at pixel ratio %3").arg(size.width()).arg(size.height()).arg(ratio));
}

} // namespace

QImage renderPlotImage(const ExportablePlot& plot, QSize size, double devicePixelRatio)
{
    if (!validSize(size, devicePixelRatio))
        return {};
    const QSize pixels(int(std::lround(size.width() * devicePixelRatio)),
                       int(std::lround(size.height() * devicePixelRatio)));
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(devicePixelRatio);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    // logical coordinates: the painter maps them to the image's device pixels
    plot.paintPlot(painter, QRectF(0.0, 0.0, size.width(), size.height()));
    painter.end();
    return image.convertToFormat(QImage::Format_RGB32); // opaque: no alpha on a slide
}

QString writePngImage(const QImage& image, const QString& path, bool fast)
{
    if (image.isNull())
        return failure(path, QStringLiteral("the image is empty"));
    QSaveFile file(path);
    if (QString e = openSave(file, path); !e.isEmpty())
        return e;
    // Qt maps PNG "quality" q to zlib level (100 - q) * 9 / 91: 80 is level 1, -1 the default
    if (!image.save(&file, "PNG", fast ? 80 : -1)) {
        file.cancelWriting();
        return failure(path, file.error() != QFileDevice::NoError ? file.errorString()
                                                                  : QStringLiteral("PNG encoding failed"));
    }
    return commitSave(file, path);
}

QString writeTextFile(const QString& text, const QString& path)
{
    QSaveFile file(path);
    if (QString e = openSave(file, path); !e.isEmpty())
        return e;
    const QByteArray bytes = text.toUtf8();
    if (file.write(bytes) != bytes.size()) {
        const QString problem = file.errorString();
        file.cancelWriting();
        return failure(path, problem);
    }
    return commitSave(file, path);
}

QString exportPlotPng(const ExportablePlot& plot, const QString& path, QSize size, double devicePixelRatio)
{
    if (!validSize(size, devicePixelRatio))
        return sizeProblem(path, size, devicePixelRatio);
    return writePngImage(renderPlotImage(plot, size, devicePixelRatio), path);
}

QString exportPlotSvg(const ExportablePlot& plot, const QString& path, QSize size)
{
    if (!validSize(size, 1.0))
        return sizeProblem(path, size, 1.0);
    // painted into memory first: QSvgGenerator reports no write errors, the save file does
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setResolution(96); // font sizes in pixels map 1:1 onto user units
        svg.setTitle(QStringLiteral("Tumble %1 plot").arg(plot.exportName()));
        svg.setDescription(QStringLiteral("Exported by Tumble"));
        QPainter painter;
        if (!painter.begin(&svg))
            return failure(path, QStringLiteral("cannot start the SVG painter"));
        painter.fillRect(QRectF(0.0, 0.0, size.width(), size.height()), Qt::white);
        plot.paintPlot(painter, QRectF(0.0, 0.0, size.width(), size.height()));
        painter.end();
    }
    QSaveFile file(path);
    if (QString e = openSave(file, path); !e.isEmpty())
        return e;
    if (file.write(buffer.data()) != buffer.data().size()) {
        const QString problem = file.errorString();
        file.cancelWriting();
        return failure(path, problem);
    }
    return commitSave(file, path);
}

QString exportPlotCsv(const ExportablePlot& plot, const QString& path)
{
    return writeTextFile(plot.csvText(), path);
}

} // namespace tumble::ui
