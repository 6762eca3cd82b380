// core/ must never include a Qt or VTK header (DESIGN.md): it stays fast, display-free and
// usable from tumble-cli and benchmarks. This scans every source file under core/.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <regex>

#include "TestHelpers.h"

class TestCoreDependencies : public QObject {
    Q_OBJECT
private slots:
    void noQtOrVtkIncludes()
    {
        namespace fs = std::filesystem;
        const fs::path core = fs::path(tumble::test::sourceDir()) / "core";
        QVERIFY2(fs::is_directory(core), qPrintable(QString::fromStdString(core.string())));
        // (a plain literal: moc's tokenizer mis-reads a raw string holding a hash and "include")
        const std::regex include("^\\s*#\\s*include\\s*[<\"](Q[A-Za-z]|qt|vtk)");
        int files = 0;
        for (const auto& entry : fs::recursive_directory_iterator(core)) {
            const auto ext = entry.path().extension();
            if (ext != ".h" && ext != ".cpp")
                continue;
            ++files;
            std::ifstream in(entry.path());
            std::string line;
            int n = 0;
            while (std::getline(in, line)) {
                ++n;
                if (std::regex_search(line, include))
                    QFAIL(qPrintable(QStringLiteral("%1:%2 includes Qt or VTK: %3")
                                         .arg(QString::fromStdString(entry.path().string()))
                                         .arg(n)
                                         .arg(QString::fromStdString(line))));
            }
        }
        QVERIFY(files > 10); // the scan really saw the core
    }
};

QTEST_APPLESS_MAIN(TestCoreDependencies)
#include "TestCoreDependencies.moc"
