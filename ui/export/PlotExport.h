#pragma once
// PlotExport: writes any ExportablePlot to PNG, SVG or CSV, and images to PNG (issue 6).
//
// Design note. Every writer goes through QSaveFile: the bytes go to a temporary file beside the
// target, which is renamed over it only once everything was written, so a failed export (a
// full disk, a painter error, a directory that is not writable) leaves neither a half file
// nor a changed old one. Errors come back as a message naming the file and the problem; the
// writers never throw and never show dialogs (the menu does). Images get a white background
// so a plot pasted onto a slide has no transparent holes; the SVG is drawn by the same
// paintPlot as the PNG, so it holds real vector paths and text.
#include <QSize>
#include <QString>

class QImage;

namespace tumble::ui {

class ExportablePlot;

/// Writes plot as a PNG of size (logical pixels) at devicePixelRatio (the image has
/// size * ratio pixels, text and lines scaled alike). Empty on success, else the error.
QString exportPlotPng(const ExportablePlot& plot, const QString& path, QSize size, double devicePixelRatio = 1.0);
/// Writes plot as SVG with a view box of size (user units = logical pixels). Empty on success.
QString exportPlotSvg(const ExportablePlot& plot, const QString& path, QSize size);
/// Writes plot.csvText(). Empty on success, else the error.
QString exportPlotCsv(const ExportablePlot& plot, const QString& path);

/// The plot painted on white into an image of size * devicePixelRatio pixels.
QImage renderPlotImage(const ExportablePlot& plot, QSize size, double devicePixelRatio = 1.0);
/// Writes image as PNG through a temporary file. Empty on success, else the error. fast: the
/// lightest compression (a recording's frames: a few times faster, files ~1.5x larger).
QString writePngImage(const QImage& image, const QString& path, bool fast = false);
/// Writes text (UTF-8) through a temporary file. Empty on success, else the error.
QString writeTextFile(const QString& text, const QString& path);

} // namespace tumble::ui
