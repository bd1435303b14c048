#pragma once

// Runs the real roofscope executable for the command-line suites.

#include <QByteArray>
#include <QProcess>
#include <QStringList>

namespace roofscope::test {

struct Run {
    int exitCode = -1; // -2 when it crashed, -1 when it did not finish within a minute
    QByteArray out;
    QByteArray err;
};

inline Run runRoofscope(const QStringList& args)
{
    QProcess process;
    process.start(QStringLiteral(ROOFSCOPE_EXECUTABLE), args);
    Run run;
    if (!process.waitForFinished(60000)) {
        process.kill();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

} // namespace roofscope::test
