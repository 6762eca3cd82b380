#include "ListCommand.h"

#include <algorithm>
#include <iomanip>
#include <string>

#include "ExitCode.h"
#include "integrate/IntegratorRegistry.h"
#include "scene/BuiltinScenes.h"

namespace tumble::cli {

namespace {

// prints "  name  description" with the descriptions aligned in one column
template <class Row> void printTable(std::ostream& out, const std::vector<Row>& rows)
{
    std::size_t width = 0;
    for (const Row& r : rows)
        width = std::max(width, r.first.size());
    for (const Row& r : rows)
        out << "  " << std::left << std::setw(static_cast<int>(width)) << r.first << "  " << r.second << '\n';
}

using Row = std::pair<std::string, std::string>;

} // namespace

int listCommand(std::ostream& out)
{
    std::vector<Row> rows;
    for (const SchemeInfo& s : translationSchemes())
        rows.emplace_back(s.name, s.description);
    out << "translation schemes (--translation):\n";
    printTable(out, rows);

    rows.clear();
    for (const SchemeInfo& s : rotationSchemes())
        rows.emplace_back(s.name, s.description);
    out << "\nrotation schemes (--rotation):\n";
    printTable(out, rows);

    rows.clear();
    for (const PresetInfo& p : presets())
        rows.emplace_back(p.name, p.translation + " + " + p.rotation);
    out << "\npresets (--scheme):\n";
    printTable(out, rows);

    rows.clear();
    for (const BuiltinSceneInfo& s : builtinScenes())
        rows.emplace_back("builtin:" + s.id, s.name);
    out << "\nbuilt-in scenes (SCENE.json):\n";
    printTable(out, rows);
    return kExitSuccess;
}

} // namespace tumble::cli
