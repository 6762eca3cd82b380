// ui/ is in rooms whose includes go one way (docs/ARCHITECTURE.md): session/ uses the core and
// Qt Core only (no widgets, no VTK, no other room); vtk/ uses nothing else in ui/; no room
// includes MainWindow; app/tumble includes only MainWindow.h and ScreenshotReport.h of ui/.
// This scans the source files; a breach names the file, the line and the include.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "TestHelpers.h"

namespace fs = std::filesystem;

namespace {

struct Include {
    fs::path file;
    int line = 0;
    std::string target; // what is between the brackets or quotes
    bool quoted = false;
};

// every #include of the .h and .cpp files under dir (recursively)
std::vector<Include> includesUnder(const fs::path& dir)
{
    // (a plain literal: moc's tokenizer mis-reads a raw string holding a hash and "include")
    const std::regex include("^\\s*#\\s*include\\s*([<\"])([^>\"]+)[>\"]");
    std::vector<Include> out;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        const auto ext = entry.path().extension();
        if (ext != ".h" && ext != ".cpp")
            continue;
        std::ifstream in(entry.path());
        std::string text;
        int n = 0;
        while (std::getline(in, text)) {
            ++n;
            std::smatch m;
            if (std::regex_search(text, m, include))
                out.push_back({entry.path(), n, m[2].str(), m[1].str() == "\""});
        }
    }
    return out;
}

QString describe(const Include& inc)
{
    return QStringLiteral("%1:%2 includes %3")
        .arg(QString::fromStdString(inc.file.string()))
        .arg(inc.line)
        .arg(QString::fromStdString(inc.target));
}

bool startsWith(const std::string& s, const char* prefix)
{
    return s.rfind(prefix, 0) == 0;
}

const fs::path kUi = fs::path(tumble::test::sourceDir()) / "ui";
const std::vector<std::string> kRooms = {"session/", "vtk/",     "view3d/", "plot/",   "panels/",   "rotation/",
                                         "cell/",    "compare/", "sweep/",  "export/", "timeline/", "replay/"};

} // namespace

class TestUiDependencies : public QObject {
    Q_OBJECT
private slots:
    void sessionUsesCoreAndQtCoreOnly()
    {
        // the Qt Core headers session/ may use; any other Qt header (widgets, GUI) is a breach
        const std::regex qtCore("^(QObject|QString|QStringList|QMetaObject|QTimer|QElapsedTimer|QtCore/.*)$");
        const std::vector<Include> incs = includesUnder(kUi / "session");
        QVERIFY(incs.size() > 20); // the scan really saw the room
        for (const Include& inc : incs) {
            if (startsWith(inc.target, "vtk") || (startsWith(inc.target, "Q") && !std::regex_match(inc.target, qtCore)))
                QFAIL(qPrintable(describe(inc) + QStringLiteral(": session/ has no widgets and no VTK")));
            if (inc.quoted && inc.target.find('/') != std::string::npos && !startsWith(inc.target, "session/")) {
                // core rooms are fine; other ui rooms are not
                for (const std::string& room : kRooms)
                    if (startsWith(inc.target, room.c_str()))
                        QFAIL(qPrintable(describe(inc) + QStringLiteral(": session/ uses the core only")));
            }
            if (inc.quoted && inc.target.find('/') == std::string::npos)
                QFAIL(qPrintable(describe(inc) + QStringLiteral(": session/ must not include the ui root")));
        }
    }

    void vtkUsesNothingElseInUi()
    {
        const std::vector<Include> incs = includesUnder(kUi / "vtk");
        QVERIFY(incs.size() > 10);
        for (const Include& inc : incs) {
            if (!inc.quoted)
                continue;
            const bool ownRoom = startsWith(inc.target, "vtk/");
            bool otherRoom = inc.target.find('/') == std::string::npos; // the ui root
            for (const std::string& room : kRooms)
                otherRoom = otherRoom || (startsWith(inc.target, room.c_str()) && !ownRoom);
            if (otherRoom)
                QFAIL(qPrintable(describe(inc) + QStringLiteral(": vtk/ uses nothing else in ui/")));
        }
    }

    void roomsDoNotIncludeTheWindow()
    {
        for (const std::string& room : kRooms)
            for (const Include& inc : includesUnder(kUi / room))
                if (inc.quoted && (inc.target == "MainWindow.h" || inc.target == "ScreenshotReport.h"))
                    QFAIL(qPrintable(describe(inc) + QStringLiteral(": rooms never reach up to the window")));
    }

    void appIncludesOnlyThePublicHeaders()
    {
        const std::vector<Include> incs = includesUnder(fs::path(tumble::test::sourceDir()) / "app" / "tumble");
        int ui = 0;
        for (const Include& inc : incs) {
            if (!inc.quoted)
                continue;
            if (inc.target == "MainWindow.h" || inc.target == "ScreenshotReport.h") {
                ++ui;
                continue;
            }
            if (!startsWith(inc.target, "scene/"))
                QFAIL(qPrintable(describe(inc) +
                                 QStringLiteral(": app/tumble uses MainWindow.h and ScreenshotReport.h only")));
        }
        QCOMPARE(ui, 2);
    }
};

QTEST_APPLESS_MAIN(TestUiDependencies)
#include "TestUiDependencies.moc"
