// Every argument list the option-parser fuzzer (tests/fuzz/FuzzCliOptions.cpp, scripts/fuzz.sh)
// ever crashed or hung on, kept under tests/data/fuzz-regressions/cli_options/ (arguments split
// at NUL bytes, as the fuzz target does): each must now parse or end in a UsageError.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "CliOptions.h"
#include "TestHelpers.h"
#include "UsageError.h"

using namespace tumble;
using namespace tumble::cli;

class TestCliFuzzRegressions : public QObject {
    Q_OBJECT
private slots:
    void everyInputParsesOrIsAUsageError()
    {
        const std::filesystem::path dir =
            std::filesystem::path(test::sourceDir()) / "tests" / "data" / "fuzz-regressions" / "cli_options";
        QVERIFY2(std::filesystem::is_directory(dir), dir.c_str());
        int inputs = 0;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            std::ifstream in(entry.path(), std::ios::binary);
            std::ostringstream text;
            text << in.rdbuf();
            std::vector<std::string> args;
            std::string current;
            for (char c : text.str()) {
                if (c == '\0') {
                    args.push_back(current);
                    current.clear();
                } else {
                    current.push_back(c);
                }
            }
            if (!current.empty())
                args.push_back(current);
            ++inputs;
            try {
                parseCommandLine(args);
            } catch (const UsageError&) {
            } catch (const std::exception& e) {
                QFAIL(qPrintable(QString::fromStdString(entry.path().filename().string()) + ": " + e.what()));
            }
        }
        QVERIFY(inputs >= 1);
    }
};

QTEST_APPLESS_MAIN(TestCliFuzzRegressions)
#include "TestCliFuzzRegressions.moc"
