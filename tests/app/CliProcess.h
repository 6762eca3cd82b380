#pragma once
// Runs the real tumble-cli ($TUMBLE_CLI, set by ctest) and collects its exit code and output.
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <cstdlib>

#include "WaitScale.h"

namespace tumble::test {

struct CliResult {
    int exitCode = -1; ///< -2: crashed; -1: did not run
    QString out;
    QString err;
};

// (timeoutMs is a normal build's: the sanitizer presets stretch it, WaitScale.h)
inline CliResult runCli(const QStringList& args, int timeoutMs = 60000)
{
    CliResult r;
    const char* cli = std::getenv("TUMBLE_CLI");
    if (!cli) {
        r.err = "TUMBLE_CLI is not set (run through ctest)";
        return r;
    }
    QProcess p;
    p.start(QString::fromLocal8Bit(cli), args);
    if (!p.waitForFinished(timeoutMs * waitScale())) {
        p.kill();
        p.waitForFinished();
        r.err = "tumble-cli did not finish in time";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(p.readAllStandardError());
    return r;
}

/// The lines of a text file, without empty ones (none when it cannot be read).
inline QStringList fileLines(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
}

} // namespace tumble::test
