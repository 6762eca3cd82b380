// A UTF-16 literal (QStringLiteral, u"...") takes each \x escape as one UTF-16 unit, so the
// UTF-8 bytes of an em dash written as "\xe2\x80\x94" show as "â€\"" on screen (issue 25: the
// window title, which a test then expected). This scans ui/, app/ and tests/ for such literals; a breach names the file
// and line. In a UTF-16 literal a non-ASCII character is written as \u2014; in tr() or a plain char literal the UTF-8
// bytes are right.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "TestHelpers.h"

namespace fs = std::filesystem;

namespace {

// QStringLiteral("...") or u"..." whose text has a \x escape of 0x80 or above
const std::regex& utf16WithUtf8Escape()
{
    static const std::regex r("(QStringLiteral\\s*\\(\\s*|\\bu)\"([^\"\\\\]|\\\\.)*\\\\x[89a-fA-F][0-9a-fA-F]");
    return r;
}

} // namespace

class TestStringLiterals : public QObject {
    Q_OBJECT
private slots:
    void utf16LiteralsHoldNoUtf8Bytes()
    {
        const std::regex& utf16 = utf16WithUtf8Escape();
        QStringList breaches;
        int files = 0;
        for (const char* room : {"ui", "app", "tests"}) {
            for (const auto& entry : fs::recursive_directory_iterator(fs::path(tumble::test::sourceDir()) / room)) {
                const auto ext = entry.path().extension();
                if ((ext != ".h" && ext != ".cpp") || entry.path().filename() == "TestStringLiterals.cpp")
                    continue; // (this file holds the bad line on purpose)
                ++files;
                std::ifstream in(entry.path());
                std::string line;
                for (int n = 1; std::getline(in, line); ++n)
                    if (std::regex_search(line, utf16))
                        breaches << QStringLiteral("%1:%2: %3")
                                        .arg(QString::fromStdString(entry.path().string()))
                                        .arg(n)
                                        .arg(QString::fromStdString(line).trimmed());
            }
        }
        QVERIFY2(files > 50, "the scan found the sources");
        QVERIFY2(breaches.isEmpty(), qPrintable(breaches.join(QLatin1Char('\n'))));
    }

    void theScanCatchesTheTitleBug()
    {
        // the pattern, on the line that shipped (so the scan cannot pass by matching nothing)
        const std::regex& utf16 = utf16WithUtf8Escape();
        QVERIFY(std::regex_search(std::string(R"(setWindowTitle(QStringLiteral("Tumble \xe2\x80\x94 %1"));)"), utf16));
        QVERIFY(!std::regex_search(std::string(R"(setWindowTitle(QStringLiteral("Tumble \u2014 %1"));)"), utf16));
        QVERIFY(!std::regex_search(std::string(R"(tr("Open file\xe2\x80\xa6"))"), utf16));
    }
};

QTEST_GUILESS_MAIN(TestStringLiterals)
#include "TestStringLiterals.moc"
