#include "TestMain.h"
// Hostile command lines and files, through the real executable as a user meets them: FIFOs and
// devices where a file belongs, huge tables and exports, a file named twice, options that are empty,
// unknown or repeated, two outputs that must be written together, a killed export, and the words of
// every refusal. ROOFSCOPE_CLI_UNDER_TEST names another executable to check (an older build, to see
// these fail).
#include "cli/CliRun.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <sys/stat.h>
#include <unistd.h>

using namespace roofscope::test;

namespace {

QByteArray threeKernels()
{
    return "name,flops,bytes,seconds\ngemm,2e12,1e9,0.010\nsoftmax,1e9,4e9,0.003\nlayernorm,5e8,2e9,0.002\n";
}

// `count` kernels, the i-th with i+1 GFLOP and 1 GB on the default level, measured (i+1) ms.
QByteArray manyKernels(int count)
{
    QByteArray csv = "name,flops,bytes,seconds\n";
    for (int i = 0; i < count; ++i) {
        csv += "kernel_" + QByteArray::number(i) + "," + QByteArray::number(i + 1) + "e9,1e9,"
            + QByteArray::number((i + 1) * 1e-3) + "\n";
    }
    return csv;
}

QByteArray sessionWithRun(const QByteArray& devices, const QByteArray& runFile, const QByteArray& format = {})
{
    return "schema: roofscope-session/1\ntitle: t\ndevices: [" + devices + "]\nruns:\n  - {name: r, file: " + runFile
        + (format.isEmpty() ? QByteArray() : ", format: " + format) + "}\n";
}

bool makeFifo(const QString& path)
{
    return ::mkfifo(QFile::encodeName(path).constData(), 0644) == 0;
}

} // namespace

class TestCliHostile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // --- Not a regular file: refused by name, never opened (a FIFO would block forever) -------

    void aFifoWhereAFileBelongsIsRefusedNotWaitedFor_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("table, a run without format:")
            << "\"$RS\" table --session s.yaml" << QByteArray("pipe.csv: is a FIFO (named pipe), not a regular file");
        QTest::newRow("compare") << "\"$RS\" compare --session s.yaml"
                                 << QByteArray("pipe.csv: is a FIFO (named pipe), not a regular file");
        QTest::newRow("export") << "\"$RS\" export --session s.yaml -o c.svg"
                                << QByteArray("pipe.csv: is a FIFO (named pipe), not a regular file");
        QTest::newRow("diff AFTER") << "\"$RS\" diff k.csv pipe.csv"
                                    << QByteArray("AFTER pipe.csv: is a FIFO (named pipe), not a regular file");
        QTest::newRow("diff BEFORE session")
            << "\"$RS\" diff pipe.yaml k.csv"
            << QByteArray("BEFORE pipe.yaml: is a FIFO (named pipe), not a regular file");
        QTest::newRow("session") << "\"$RS\" table --session pipe.yaml"
                                 << QByteArray("pipe.yaml: is a FIFO (named pipe), not a regular file");
        QTest::newRow("import csv") << "\"$RS\" import csv pipe.csv -o out.yaml"
                                    << QByteArray("pipe.csv: is a FIFO (named pipe), not a regular file");
    }

    void aFifoWhereAFileBelongsIsRefusedNotWaitedFor()
    {
        QFETCH(QString, command);
        QFETCH(QByteArray, message);
        QTemporaryDir home;
        QVERIFY(makeFifo(home.filePath("pipe.csv")));
        QVERIFY(makeFifo(home.filePath("pipe.yaml")));
        writeFile(home.filePath("k.csv"), threeKernels());
        writeFile(home.filePath("s.yaml"), sessionWithRun("nvidia-h100-sxm", "pipe.csv"));
        const Run run = runShell(command, home.path(), 20000);
        QVERIFY2(run.exitCode != -1, "still waiting on the FIFO after 20 s");
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(message), run.err.constData());
        QVERIFY2(!run.err.contains("Operation not supported"), run.err.constData());
    }

    void aDeviceAsSessionSaysNotARegularFile()
    {
        QTemporaryDir home;
        const Run run = runShell("\"$RS\" table --session /dev/null", home.path());
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("/dev/null: is a character device, not a regular file"), run.err.constData());
        QVERIFY2(!run.err.contains("Operation not supported"), run.err.constData());
    }

    // The system's reason is in the message. Root reads any file, so the unreadable file is read as
    // the user nobody where the tests run as root (setpriv); a loop of symbolic links fails for anyone.
    void anUnreadableFileSaysWhy()
    {
        QTemporaryDir home;
        QVERIFY(QFile::link("loop.csv", home.filePath("loop.csv")));
        const Run loop = runShell("\"$RS\" import csv loop.csv -o out.yaml", home.path());
        QCOMPARE(loop.exitCode, 2);
        QVERIFY2(
            loop.err.contains("loop.csv: cannot be read: Too many levels of symbolic links"), loop.err.constData());
        QVERIFY(QFile::link("loop.yaml", home.filePath("loop.yaml")));
        const Run loopSession = runShell("\"$RS\" table --session loop.yaml", home.path());
        QCOMPARE(loopSession.exitCode, 2);
        QVERIFY2(loopSession.err.contains("Too many levels of symbolic links"), loopSession.err.constData());

        writeFile(home.filePath("k.csv"), threeKernels());
        writeFile(home.filePath("s.yaml"), "schema: roofscope-session/1\ntitle: t\n");
        QVERIFY(::chmod(QFile::encodeName(home.filePath("k.csv")).constData(), 0) == 0);
        QVERIFY(::chmod(QFile::encodeName(home.filePath("s.yaml")).constData(), 0) == 0);
        QVERIFY(::chmod(QFile::encodeName(home.path()).constData(), 0755) == 0);
        QString prefix;
        if (::geteuid() == 0) {
            if (QStandardPaths::findExecutable("setpriv").isEmpty()) {
                QSKIP("running as root without setpriv: root reads a file of mode 0, so nothing is denied");
            }
            prefix = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
        }
        QVERIFY(QDir(home.path()).mkdir("out"));
        QVERIFY(::chmod(QFile::encodeName(home.filePath("out")).constData(), 0777) == 0);
        const Run csv = runShell(prefix + "\"$RS\" import csv k.csv -o out/s.yaml", home.path());
        QCOMPARE(csv.exitCode, 2);
        QVERIFY2(csv.err.contains("k.csv: cannot open the file: Permission denied"), csv.err.constData());
        const Run session = runShell(prefix + "\"$RS\" table --session s.yaml", home.path());
        QCOMPARE(session.exitCode, 2);
        QVERIFY2(session.err.contains("s.yaml: cannot be read: Permission denied"), session.err.constData());
    }

    // --- Big in, bounded out --------------------------------------------------------------------

    // The streamed table prints what the whole table printed: every row, the columns aligned to the
    // widest cell of any row (the last row's name is the longest here), in every format.
    void aStreamedTableAlignsEveryRow_data()
    {
        QTest::addColumn<QString>("format");
        QTest::newRow("text") << "text";
        QTest::newRow("markdown") << "markdown";
        QTest::newRow("csv") << "csv";
    }

    void aStreamedTableAlignsEveryRow()
    {
        QFETCH(QString, format);
        QTemporaryDir home;
        // 5,000 kernels: more than one block of rows (4,096 kernels), the longest name in the last.
        QByteArray csv = manyKernels(5000);
        csv += "the_last_kernel_has_by_far_the_longest_name_of_all,1e9,1e9,0.001\n";
        writeFile(home.filePath("k.csv"), csv);
        writeFile(home.filePath("s.yaml"), sessionWithRun("nvidia-h100-sxm, google-tpu-v5e", "k.csv", "csv"));
        const Run run = runShell("\"$RS\" table --session s.yaml --format " + format, home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QList<QByteArray> lines = run.out.split('\n');
        const int header = format == "csv" ? 1 : 2;
        QCOMPARE(lines.size(), header + 5001 * 2 + 1); // 2 devices a kernel, and the final newline
        QVERIFY(lines.last().isEmpty());
        QVERIFY(lines[header].startsWith(format == "markdown" ? "| kernel_0 " : "kernel_0"));
        QVERIFY(lines[lines.size() - 2].contains("the_last_kernel_has_by_far_the_longest_name_of_all"));
        if (format != "csv") {
            // The device column starts where the longest name ends, in the first row as in the last:
            // "kernel_0" is padded to the width of the last row's name.
            const int longest = static_cast<int>(strlen("the_last_kernel_has_by_far_the_longest_name_of_all"));
            const QByteArray gap = format == "markdown" ? " | " : "  ";
            const int device = (format == "markdown" ? 2 : 0) + longest + static_cast<int>(gap.size());
            for (const QByteArray& line : { lines[header], lines[lines.size() - 2] }) {
                QVERIFY2(line.mid(device - gap.size(), gap.size()) == gap && line.at(device) != ' ', line.constData());
            }
        }
    }

    // Memory follows a block of rows, not the table: under an address-space limit that the whole
    // table of 20,000 kernels x 12 devices (240,000 rows) does not fit in, the table still prints.
    void aTableOfManyRowsFitsInBoundedMemory()
    {
        QTemporaryDir home;
        writeFile(home.filePath("k.csv"), manyKernels(20000));
        writeFile(home.filePath("s.yaml"),
            sessionWithRun("amd-instinct-mi300x, amd-instinct-mi325x, amd-instinct-mi350x, amd-instinct-mi355x, "
                           "google-tpu-v5e, google-tpu-v5p, google-tpu-v6e, nvidia-a100-sxm-80gb, nvidia-b200, "
                           "nvidia-gb200, nvidia-h100-sxm, nvidia-h100-pcie",
                "k.csv", "csv"));
        // The limit: what the program maps to print a table of one kernel, plus 300 MB.
        writeFile(home.filePath("one.csv"), manyKernels(1));
        writeFile(home.filePath("one.yaml"), sessionWithRun("nvidia-h100-sxm", "one.csv", "csv"));
        const Run base = runShell("\"$RS\" table --session one.yaml > /dev/null & pid=$!; "
                                  "while kill -0 $pid 2>/dev/null; do grep VmPeak /proc/$pid/status 2>/dev/null; "
                                  "sleep 0.01; done | tail -1",
            home.path());
        QRegularExpressionMatch peak = QRegularExpression("VmPeak:\\s+(\\d+) kB").match(QString::fromUtf8(base.out));
        if (!peak.hasMatch()) {
            QSKIP("the probe table finished before its address space could be read");
        }
        const qint64 limitKb = peak.captured(1).toLongLong() + 300 * 1024;
        const Run run = runShell(
            QStringLiteral("ulimit -v %1 && \"$RS\" table --session s.yaml | wc -l").arg(limitKb), home.path(), 240000);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(run.out.trimmed(), QByteArray("240002"));
    }

    void aChartOfTooManyPixelsIsRefusedWithTheReason_data()
    {
        QTest::addColumn<QString>("arguments");
        QTest::newRow("20000x20000 at scale 2") << "--size 20000x20000 --scale 2 -o c.png";
        QTest::newRow("4000x4000 at scale 8") << "--size 4000x4000 --scale 8 -o c.png";
        QTest::newRow("html 20000x20000") << "--size 20000x20000 -o c.html";
    }

    void aChartOfTooManyPixelsIsRefusedWithTheReason()
    {
        QFETCH(QString, arguments);
        QTemporaryDir home;
        // The memory limit keeps a build that tries to draw it from taking the machine's memory. Under
        // AddressSanitizer, which reserves terabytes of address space at start, no such limit can be set.
#if defined(__SANITIZE_ADDRESS__)
        const QString limit;
#else
        const QString limit = QStringLiteral("ulimit -v 3000000 && ");
#endif
        const Run run
            = runShell(limit + "\"$RS\" export --session \"$EXAMPLES/fusion.yaml\" " + arguments, home.path(), 120000);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("million pixels"), run.err.constData());
        QVERIFY(QDir(home.path()).entryList(QDir::Files | QDir::Hidden).isEmpty());
    }

    // A page of many kernels lists the ones that take the most time and says how many it leaves out.
    void anHtmlPageOfManyKernelsListsTheTopOnesAndSaysSo()
    {
        QTemporaryDir home;
        writeFile(home.filePath("k.csv"), manyKernels(1000));
        writeFile(home.filePath("s.yaml"), sessionWithRun("nvidia-h100-sxm, google-tpu-v5e", "k.csv", "csv"));
        const Run run = runShell("\"$RS\" export --session s.yaml -o page.html", home.path(), 120000);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QString page = QString::fromUtf8(readFile(home.filePath("page.html")));
        QVERIFY2(page.contains("1000 kernels: the table and the chart&#x27;s markers (with tooltips) show the 200 that "
                               "take the most time (measured time x count); the other 800 are drawn as dots")
                || page.contains("1000 kernels: the table and the chart's markers (with tooltips) show the 200 that "
                                 "take the most time (measured time x count); the other 800 are drawn as dots"),
            qPrintable(page.left(3000)));
        // 200 kernels x 2 devices in the table; kernel i ran (i+1) ms, so the listed ones are 800..999.
        QCOMPARE(page.count(QRegularExpression("<tr data-kernel=")), 400);
        QVERIFY(page.contains("<td>kernel_999</td>"));
        QVERIFY(page.contains("<td>kernel_800</td>"));
        QVERIFY(!page.contains("<td>kernel_799</td>"));
        QCOMPARE(page.count(QRegularExpression("class=\"marker\" data-device=")), 400);
        // The 800 others as dots: one path per device; the measured points compared with the first.
        QCOMPARE(page.count(QRegularExpression("<path class=\"dense\" data-device=\"[01]\"")), 2);
        QCOMPARE(page.count(QRegularExpression("<g class=\"dense measured\" data-device=\"0\"")), 1);
    }

    // --- A file named twice -----------------------------------------------------------------------

    void aFileNamedTwiceIsReadOnce_data()
    {
        QTest::addColumn<QString>("files");
        QTest::addColumn<QString>("inlined");
        QTest::addColumn<QByteArray>("warning");
        QTest::newRow("same name") << "k.csv k.csv"
                                   << "" << QByteArray("warning: k.csv is named twice: it is read once");
        QTest::newRow("./ spelling") << "k.csv ./k.csv"
                                     << "" << QByteArray("warning: ./k.csv is the same file as k.csv: it is read once");
        QTest::newRow("same name, --inline")
            << "k.csv k.csv"
            << "--inline" << QByteArray("warning: k.csv is named twice: it is read once");
        QTest::newRow("a hard link") << "k.csv hard.csv"
                                     << "" << QByteArray("warning: hard.csv is the same file as k.csv");
    }

    void aFileNamedTwiceIsReadOnce()
    {
        QFETCH(QString, files);
        QFETCH(QString, inlined);
        QFETCH(QByteArray, warning);
        QTemporaryDir home;
        writeFile(home.filePath("k.csv"), threeKernels());
        QVERIFY(::link(QFile::encodeName(home.filePath("k.csv")).constData(),
                    QFile::encodeName(home.filePath("hard.csv")).constData())
            == 0);
        const Run run = runShell("\"$RS\" import csv " + files + " " + inlined + " -o s.yaml", home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.contains(warning), run.err.constData());
        QVERIFY2(run.out.startsWith("wrote 3 kernels from k.csv to s.yaml"), run.out.constData());
        const QByteArray session = readFile(home.filePath("s.yaml"));
        if (inlined.isEmpty()) {
            QCOMPARE(session.count("file: "), 1);
        } else {
            QCOMPARE(session.count("name: gemm"), 1);
        }
        const Run table = runShell("\"$RS\" table --session s.yaml --format csv", home.path());
        QVERIFY2(table.exitCode == 2, table.out.constData()); // no device in the session
    }

    // --- A session with nothing to tabulate -------------------------------------------------------

    void aTableWithoutADeviceOrKernelIsAnError_data()
    {
        QTest::addColumn<QByteArray>("session");
        QTest::addColumn<QString>("format");
        QTest::addColumn<QByteArray>("message");
        const QByteArray kernel = "kernels:\n  - {name: k, flops: 1e9, bytes: 1e6}\n";
        QTest::newRow("no device") << "schema: roofscope-session/1\ntitle: t\n" + kernel << "text"
                                   << QByteArray("s.yaml: the session shows no device");
        QTest::newRow("no device, csv") << "schema: roofscope-session/1\ntitle: t\n" + kernel << "csv"
                                        << QByteArray("s.yaml: the session shows no device");
        QTest::newRow("hidden device") << "schema: roofscope-session/1\ntitle: t\ndevices:\n  - {id: nvidia-h100-sxm, "
                                          "visible: false}\n"
                + kernel << "markdown" << QByteArray("s.yaml: the session shows no device");
        QTest::newRow("no kernel") << QByteArray("schema: roofscope-session/1\ntitle: t\ndevices: [nvidia-h100-sxm]\n")
                                   << "text" << QByteArray("s.yaml: the session has no kernel");
        QTest::newRow("no kernel, json") << QByteArray(
            "schema: roofscope-session/1\ntitle: t\ndevices: [nvidia-h100-sxm]\n")
                                         << "json" << QByteArray("s.yaml: the session has no kernel");
    }

    void aTableWithoutADeviceOrKernelIsAnError()
    {
        QFETCH(QByteArray, session);
        QFETCH(QString, format);
        QFETCH(QByteArray, message);
        QTemporaryDir home;
        writeFile(home.filePath("s.yaml"), session);
        const Run run = runShell("\"$RS\" table --session s.yaml --format " + format, home.path());
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(message), run.err.constData());
        QVERIFY2(run.out.isEmpty(), run.out.constData());
    }

    // --- Two outputs: both or neither -------------------------------------------------------------

    void aDeviceFileAndItsSessionAreWrittenTogether_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QByteArray>("message");
        // The session's folder does not exist: found before either file is written.
        QTest::newRow("-o in a missing folder")
            << "\"$RS\" import rocprof \"$DATA/import/rocprof-compute/roofline.csv\" "
               "\"$DATA/import/rocprof-compute/pmc_perf.csv\" --hardware-out hw.yaml -o missing/s.yaml"
            << QByteArray("-o: cannot write missing/s.yaml: the folder missing does not exist");
        // The session fails as it is written (the file size limit, as a full disk would): the device
        // file, written first, gets its previous content back.
        QTest::newRow("-o fails while written")
            << "trap '' XFSZ; ulimit -f 5 && exec \"$RS\" import rocprof --inline --title \"$(printf '%06000d' 0)\" "
               "\"$DATA/import/rocprof-compute/roofline.csv\" \"$DATA/import/rocprof-compute/pmc_perf.csv\" "
               "--hardware-out hw.yaml -o s.yaml"
            << QByteArray("; hw.yaml has its previous content back");
    }

    void aDeviceFileAndItsSessionAreWrittenTogether()
    {
        QFETCH(QString, command);
        QFETCH(QByteArray, message);
        QTemporaryDir home;
        const QByteArray old = "# the previous device file\n";
        writeFile(home.filePath("hw.yaml"), old);
        const Run run = runShell(command, home.path());
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(message), run.err.constData());
        QCOMPARE(readFile(home.filePath("hw.yaml")), old);
        QVERIFY(!QFile::exists(home.filePath("s.yaml")));
        QCOMPARE(QDir(home.path()).entryList(QDir::Files | QDir::Hidden), QStringList { "hw.yaml" });
    }

    // --- The window is started only on purpose ----------------------------------------------------

    void anOptionOrEmptyArgumentNeverStartsTheWindow_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("empty") << QStringList { "" } << QByteArray("roofscope: error: argument 1 is empty");
        QTest::newRow("-x") << QStringList { "-x" } << QByteArray("roofscope: error: unknown option '-x'");
        QTest::newRow("--json") << QStringList { "--json" } << QByteArray("roofscope: error: unknown option '--json'");
        QTest::newRow("a session and --json") << QStringList { ROOFSCOPE_RESOURCES_DIR "/examples/fusion.yaml",
            "--json" } << QByteArray("roofscope: error: unknown option '--json'");
        QTest::newRow("--hardware-dir without a folder")
            << QStringList { "--hardware-dir" } << QByteArray("roofscope: error: option --hardware-dir needs a folder");
    }

    void anOptionOrEmptyArgumentNeverStartsTheWindow()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, message);
        QTemporaryDir home;
        // No display at all: a window that starts aborts (SIGABRT), which the exit code shows.
        QProcessEnvironment env = shellEnvironment(home.path());
        for (const char* name : { "QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY" }) {
            env.remove(name);
        }
        QProcess process;
        process.setProcessEnvironment(env);
        process.setWorkingDirectory(home.path());
        process.start(executableUnderTest(), arguments);
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 2);
        const QByteArray err = process.readAllStandardError();
        QVERIFY2(err.contains(message), err.constData());
        QVERIFY2(err.contains("'roofscope help'"), err.constData());
    }

    // --- A killed export leaves nothing behind ----------------------------------------------------

    // The PDF is drawn in memory: no temporary folder to leave behind when the process is killed,
    // nor to fail on when the temporary folder cannot be written.
    void aPdfExportUsesNoTemporaryFolder()
    {
        QTemporaryDir home;
        const QString tmp = home.filePath("tmp");
        QVERIFY(QDir().mkpath(tmp));
        QVERIFY(QDir().mkpath(home.filePath("runtime")));
        QVERIFY(::chmod(QFile::encodeName(home.filePath("runtime")).constData(), 0700) == 0);
        writeFile(home.filePath("k.csv"), manyKernels(20000));
        writeFile(home.filePath("s.yaml"), sessionWithRun("nvidia-h100-sxm, google-tpu-v5e", "k.csv", "csv"));
        QProcessEnvironment env = shellEnvironment(home.path());
        env.insert("TMPDIR", tmp);
        env.insert("XDG_RUNTIME_DIR", home.filePath("runtime"));
        env.insert("QT_QPA_PLATFORM", "offscreen");
        // Killed as soon as anything appears in the temporary folder, or when it is done.
        QProcess process;
        process.setProcessEnvironment(env);
        process.setWorkingDirectory(home.path());
        process.start(executableUnderTest(), { "export", "--session", "s.yaml", "-o", "chart.pdf" });
        QVERIFY(process.waitForStarted());
        QElapsedTimer timer;
        timer.start();
        bool killed = false;
        while (process.state() != QProcess::NotRunning && timer.elapsed() < 120000) {
            if (!QDir(tmp).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).isEmpty()) {
                process.kill(); // SIGKILL: no clean-up runs
                killed = true;
                break;
            }
            process.waitForFinished(5);
        }
        process.waitForFinished();
        const QStringList left = QDir(tmp).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
        QVERIFY2(left.isEmpty(), qPrintable("left in the temporary folder: " + left.join(", ")));
        QVERIFY(!killed);
        QCOMPARE(process.exitCode(), 0);
        QVERIFY(readFile(home.filePath("chart.pdf")).startsWith("%PDF-"));

        // A temporary folder that does not exist is no reason to fail.
        env.insert("TMPDIR", home.filePath("no-such-folder"));
        const Run run
            = runShell("\"$RS\" export --session \"$EXAMPLES/fusion.yaml\" -o fusion.pdf", home.path(), 60000, env);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(readFile(home.filePath("fusion.pdf")).startsWith("%PDF-"));
    }

    // --- The words of each refusal ------------------------------------------------------------------

    void refusalsNameTheirCause_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QByteArray>("message");
        QTest::addColumn<QByteArray>("notSaid");
        const QString eval = "\"$RS\" eval --hardware nvidia-h100-sxm --flops 1e12 ";
        QTest::newRow("sweep --vary names --vary")
            << "\"$RS\" sweep --hardware nvidia-h100-sxm --kernel matmul --param m=64,n=64,k=64 --vary zz=1:10" << 2
            << QByteArray("--vary: matmul(") << QByteArray("--free");
        QTest::newRow("--hardware-dir FILE") << "\"$RS\" hardware list --hardware-dir k.csv" << 2
                                             << QByteArray("k.csv: is not a folder") << QByteArray("does not exist");
        QTest::newRow("--bytes level twice") << eval + "--bytes hbm=1G --bytes hbm=2G" << 2
                                             << QByteArray("--bytes: level 'hbm' is given twice") << QByteArray();
        QTest::newRow("--bytes default twice") << eval + "--bytes 1G --bytes 2G" << 2
                                               << QByteArray("--bytes: level 'default' is given twice") << QByteArray();
        QTest::newRow("--threshold 1e300%") << "\"$RS\" diff k.csv k.csv --threshold 1e300%" << 2
                                            << QByteArray("--threshold '1e300%': at most 1000%") << QByteArray();
        QTest::newRow("--format twice") << "\"$RS\" table --session s.yaml --format csv --format json" << 2
                                        << QByteArray("option --format is given twice ('csv' and 'json')")
                                        << QByteArray();
        QTest::newRow("--format= twice") << "\"$RS\" table --session s.yaml --format=csv --format=json" << 2
                                         << QByteArray("option --format is given twice ('csv' and 'json')")
                                         << QByteArray();
        QTest::newRow("-o twice") << "\"$RS\" import csv k.csv -o a.yaml -o b.yaml" << 2
                                  << QByteArray("option --output is given twice ('a.yaml' and 'b.yaml')")
                                  << QByteArray();
        QTest::newRow("--flops twice") << eval + "--flops 2e12 --bytes 1G" << 2
                                       << QByteArray("option --flops is given twice") << QByteArray();
        QTest::newRow("--param twice")
            << "\"$RS\" eval --hardware nvidia-h100-sxm --kernel matmul --param m=64,n=64,k=64 "
               "--param m=128"
            << 2 << QByteArray("--param m is given twice") << QByteArray();
        QTest::newRow("workload --param twice")
            << "\"$RS\" workload transformer --hardware nvidia-h100-sxm --param layers=2,layers=4" << 2
            << QByteArray("--param layers is given twice") << QByteArray();
        // Repeatable by design: levels and parameters add up, devices and folders are lists.
        QTest::newRow("--bytes two levels")
            << eval + "--bytes hbm=1G --bytes l2=2G" << 0 << QByteArray("hbm") << QByteArray("twice");
        QTest::newRow("--hardware twice")
            << "\"$RS\" eval --hardware nvidia-h100-sxm --hardware google-tpu-v5e --flops 1e12 --bytes 1G" << 0
            << QByteArray("kernel on TPU v5e") << QByteArray("twice");
    }

    void refusalsNameTheirCause()
    {
        QFETCH(QString, command);
        QFETCH(int, exitCode);
        QFETCH(QByteArray, message);
        QFETCH(QByteArray, notSaid);
        QTemporaryDir home;
        writeFile(home.filePath("k.csv"), threeKernels());
        writeFile(home.filePath("s.yaml"), sessionWithRun("nvidia-h100-sxm", "k.csv", "csv"));
        const Run run = runShell(command, home.path());
        QVERIFY2(run.exitCode == exitCode, (run.out + run.err).constData());
        QVERIFY2((run.out + run.err).contains(message), (run.out + run.err).constData());
        if (!notSaid.isEmpty()) {
            QVERIFY2(!run.err.contains(notSaid), run.err.constData());
        }
    }

    void everyCommandPrintsItsUsageOnHelp_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("usage");
        for (const char* command :
            { "eval", "solve", "sweep", "map", "table", "compare", "export", "import", "diff" }) {
            QTest::newRow(command) << QStringList { command, "--help" } << "  roofscope " + QByteArray(command) + " ";
        }
        QTest::newRow("hardware list -h")
            << QStringList { "hardware", "list", "-h" } << QByteArray("  roofscope hardware list");
        QTest::newRow("workload transformer --help")
            << QStringList { "workload", "transformer", "--help" } << QByteArray("  roofscope workload transformer");
        QTest::newRow("eval with options --help")
            << QStringList { "eval", "--hardware", "nope", "--help" } << QByteArray("  roofscope eval ");
    }

    void everyCommandPrintsItsUsageOnHelp()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, usage);
        QTemporaryDir home;
        const Run run = runShell("\"$RS\" " + arguments.join(' '), home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.startsWith("usage:\n"), run.out.constData());
        QVERIFY2(run.out.contains(usage), run.out.constData());
        QVERIFY2(run.out.contains("every command takes --hardware-dir DIR"), run.out.constData());
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        // Its own lines only: no other command's.
        QCOMPARE(run.out.count("  roofscope "), run.out.count("  roofscope " + arguments.front().toUtf8() + " "));
    }

    // "The previous file is untouched" only where there was a previous file.
    void aFailedWriteSpeaksOfThePreviousFileOnlyWhenThereWasOne()
    {
        QTemporaryDir home;
        const QString script
            = "trap '' XFSZ; ulimit -f 8 && exec \"$RS\" export --session \"$EXAMPLES/fusion.yaml\" -o chart.png";
        const Run fresh = runShell(script, home.path());
        QCOMPARE(fresh.exitCode, 2);
        QVERIFY2(fresh.err.contains("cannot write chart.png: File too large"), fresh.err.constData());
        QVERIFY2(!fresh.err.contains("previous"), fresh.err.constData());
        QVERIFY(!QFile::exists(home.filePath("chart.png")));
        writeFile(home.filePath("chart.png"), "the previous chart\n");
        const Run again = runShell(script, home.path());
        QCOMPARE(again.exitCode, 2);
        QVERIFY2(again.err.contains("cannot write chart.png: File too large"), again.err.constData());
        QVERIFY2(again.err.contains("; the previous file is untouched"), again.err.constData());
        QCOMPARE(readFile(home.filePath("chart.png")), QByteArray("the previous chart\n"));
    }
};

ROOFSCOPE_TEST_GUILESS_MAIN(TestCliHostile)
#include "test_cli_hostile.moc"
