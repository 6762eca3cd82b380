#pragma once
// InspectorTable: the widgets the inspectors (BodyInspector, BondInspector) build their tables
// from, so both panels look alike: the grey "nothing selected" hint, the table that keeps its
// place while hidden under it, bold section titles and headers, and selectable monospace value
// labels named "value:<name>" (what the panels' valueText finds).
#include <QFont>
#include <QString>

class QGridLayout;
class QLabel;
class QWidget;

namespace tumble::ui::inspector {

/// The hint shown while nothing is selected.
QLabel* hint(const QString& text);
/// A table widget, hidden under the hint without giving up its place (the dock is sized for the
/// numbers), and its grid.
QGridLayout* table(QWidget*& widget);
/// The values' monospace font, at most 9 pt.
QFont monoFont();
/// A bold label: the header (objectName "value:<name>") or a section title.
QLabel* header(const QString& name);
QLabel* sectionTitle(const QString& text);
/// A value label "value:<name>" in the font, selectable, with the tooltip.
QLabel* value(const QString& name, const QFont& mono, const QString& tip);

} // namespace tumble::ui::inspector
