#include "export/ExportNaming.h"

#include <QFileInfo>
#include <QLocale>

#include "integrate/IntegratorRegistry.h"
#include "session/FrameSnapshot.h"

namespace tumble::ui {

QString safeFileNamePart(const QString& text)
{
    QString out;
    out.reserve(text.size());
    bool dash = false; // the last character written is a replacement '-'
    for (const QChar c : text.toLower()) {
        const char16_t u = c.unicode();
        const bool keep = (u >= 'a' && u <= 'z') || (u >= '0' && u <= '9') || u == '_' || u == '.' || u == '-';
        if (keep) {
            out.append(c);
            dash = u == '-';
        } else if (!dash && !out.isEmpty()) {
            out.append(QLatin1Char('-'));
            dash = true;
        }
    }
    while (out.endsWith(QLatin1Char('-')) || out.endsWith(QLatin1Char('.')))
        out.chop(1);
    while (out.startsWith(QLatin1Char('-')) || out.startsWith(QLatin1Char('.')))
        out.remove(0, 1);
    return out.isEmpty() ? QStringLiteral("scene") : out;
}

QString schemeNamePart(const std::string& translation, const std::string& rotation)
{
    for (const PresetInfo& p : presets())
        if (p.translation == translation && p.rotation == rotation)
            return safeFileNamePart(QString::fromStdString(p.name));
    return safeFileNamePart(QString::fromStdString(translation + "-" + rotation));
}

QString dtNamePart(double dt)
{
    // the shortest representation that round-trips (C locale: '.' and no group separators)
    return QStringLiteral("dt") + safeFileNamePart(QString::number(dt, 'g', QLocale::FloatingPointShortest));
}

QString sceneNamePart(const std::string& source, const std::string& displayName)
{
    const QString src = QString::fromStdString(source);
    if (src.startsWith(QStringLiteral("builtin:")))
        return safeFileNamePart(src.mid(8));
    if (!src.isEmpty())
        return safeFileNamePart(QFileInfo(src).completeBaseName());
    return safeFileNamePart(QString::fromStdString(displayName));
}

QString exportBaseName(const FrameSnapshot& s)
{
    const QString scene = s.scene ? sceneNamePart(s.scene->source, s.scene->name) : QStringLiteral("scene");
    return scene + QLatin1Char('_') + schemeNamePart(s.params.translation, s.params.rotation) + QLatin1Char('_') +
           dtNamePart(s.params.dt);
}

QString exportFileName(const FrameSnapshot& s, const QString& what, const QString& extension)
{
    return exportBaseName(s) + QLatin1Char('_') + safeFileNamePart(what) + QLatin1Char('.') + extension;
}

} // namespace tumble::ui
