#pragma once

// Runs the real roofscope executable for the command-line suites.

#include <nlohmann/json.hpp>

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <QTest>

namespace roofscope::test {

struct Run {
    int exitCode = -1; // -2 when it crashed, -1 when it did not finish in time (a minute unless told)
    QByteArray out;
    QByteArray err;
};

inline Run runRoofscope(const QStringList& args, int timeoutMs = 60000)
{
    QProcess process;
    process.start(QStringLiteral(ROOFSCOPE_EXECUTABLE), args);
    Run run;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

// The JSON a successful run prints; null (with its error printed) when it fails, discarded when
// what it printed is not JSON.
inline nlohmann::json runJson(const QStringList& args)
{
    const Run run = runRoofscope(args);
    if (run.exitCode != 0) {
        qWarning("%s", run.err.constData());
        return nullptr;
    }
    return nlohmann::json::parse(run.out.toStdString(), nullptr, false);
}

// The executable the suites check: ROOFSCOPE_CLI_UNDER_TEST names another one (an older build, to
// see the checks fail), else the one just built.
inline QString executableUnderTest()
{
    return qEnvironmentVariable("ROOFSCOPE_CLI_UNDER_TEST", QStringLiteral(ROOFSCOPE_EXECUTABLE));
}

// The environment of a shell run in `home`: $RS the executable, HOME and the XDG folders in `home`
// (so no user file or setting leaks in), $EXAMPLES and $DATA the shipped examples and test data.
inline QProcessEnvironment shellEnvironment(const QString& home)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("RS", executableUnderTest());
    env.insert("HOME", home);
    env.insert("XDG_DATA_HOME", home + "/data");
    env.insert("XDG_CONFIG_HOME", home + "/config");
    env.insert("EXAMPLES", QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples"));
    env.insert("DATA", QStringLiteral(ROOFSCOPE_TEST_DATA_DIR));
    return env;
}

// A shell script run in `home` (bytes that are not UTF-8 reach the program through printf, which
// QProcess arguments cannot carry). A script that hangs is killed after `timeoutMs` and reported with
// exit code -1 and what it had written to standard error.
inline Run runShell(const QString& script, const QString& home, int timeoutMs = 60000,
    const QProcessEnvironment& env = QProcessEnvironment())
{
    QProcess process;
    process.setProcessEnvironment(env.isEmpty() ? shellEnvironment(home) : env);
    process.setWorkingDirectory(home);
    process.start("/bin/sh", { "-c", script });
    Run run;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        run.err = process.readAllStandardError();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

inline void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
    QVERIFY2(f.write(bytes) == bytes.size(), qPrintable(path));
}

// The file's bytes, or nothing when it cannot be read.
inline QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace roofscope::test
