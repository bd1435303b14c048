// Data the user can trust, through the real executable: text that is not UTF-8, control characters,
// zero byte counters, saves onto links, special files and inputs, failed writes, and numbers at the
// edges of a double.
#include "TestMain.h"
#include "cli/CliRun.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace roofscope::test;

namespace {

const QByteArray kValidHardware = "schema: roofscope-hardware/1\n"
                                  "id: test-device\n"
                                  "name: Test device\n"
                                  "vendor: Test\n"
                                  "family: Test\n"
                                  "generation: T1\n"
                                  "year: 2024\n"
                                  "sources:\n"
                                  "  - {id: s, title: test, document: test data}\n"
                                  "compute:\n"
                                  "  - {unit: tensor, precision: bf16, peak: 100 TFLOP/s, source: s}\n"
                                  "levels:\n"
                                  "  - {name: hbm, bandwidth: 2 TB/s, source: s}\n"
                                  "default_level: hbm\n";

bool isJson(const QByteArray& text)
{
    return !nlohmann::json::parse(text.toStdString(), nullptr, false).is_discarded();
}

} // namespace

class TestCliSafety : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // --- Text that is not UTF-8 --------------------------------------------------------------

    void aBadUserHardwareFileLeavesHardwareListJsonValid()
    {
        QTemporaryDir home;
        QVERIFY(QDir(home.path()).mkpath("data/roofscope/hardware"));
        QByteArray bad = kValidHardware;
        bad.replace("name: Test device", "name: Test \xFF device");
        writeFile(home.filePath("data/roofscope/hardware/bad.yaml"), bad);
        const Run run = runShell("\"$RS\" hardware list --json", home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(isJson(run.out), run.out.left(300).constData());
        QVERIFY2(run.err.contains("bad.yaml:3:12: warning: invalid UTF-8 (byte 0xff)")
                || run.err.contains("bad.yaml:3:12: error: invalid UTF-8 (byte 0xff)"),
            run.err.constData());
        QVERIFY(!run.out.contains("test-device"));
    }

    void loadersRefuseInvalidUtf8WithAPosition_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("command");
        QTest::addColumn<QByteArray>("position");
        QByteArray hardware = kValidHardware;
        hardware.replace("name: Test device", "name: Test \xFF device");
        QTest::newRow("--hardware-dir file")
            << "hw/bad.yaml" << hardware << "\"$RS\" hardware list --hardware-dir hw" << QByteArray("bad.yaml:3:12:");
        QTest::newRow("session file") << "s.yaml"
                                      << QByteArray("schema: roofscope-session/1\ntitle: t\nkernels:\n"
                                                    "  - {name: \"a\xFF\", flops: 1e9, bytes: {hbm: 1e6}}\n")
                                      << "\"$RS\" table --session s.yaml" << QByteArray("s.yaml:4:14:");
        QTest::newRow("plain csv") << "k.csv" << QByteArray("name,flops,bytes\ngood,1e9,1e6\nb\xFF,1e9,1e6\n")
                                   << "\"$RS\" import csv k.csv -o out.yaml --json" << QByteArray("k.csv:3:2:");
        QTest::newRow("ncu csv, a device id")
            << "n.csv"
            << QByteArray("\"ID\",\"Kernel Name\",\"Device\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
                          "\"0\",\"k\",\"GPU\xFF\",\"dram__bytes.sum\",\"byte\",\"100\"\n")
            << "\"$RS\" import ncu n.csv -o out.yaml" << QByteArray("n.csv:2:13:");
        QTest::newRow("ert json") << "roofline.json" << QByteArray("{\"empirical\": \"\xFF\"}")
                                  << "\"$RS\" import ert roofline.json -o out.yaml"
                                  << QByteArray("roofline.json:1:16:");
    }

    void loadersRefuseInvalidUtf8WithAPosition()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, content);
        QFETCH(QString, command);
        QFETCH(QByteArray, position);
        QTemporaryDir home;
        QVERIFY(QDir(home.path()).mkpath("hw"));
        writeFile(home.filePath(file), content);
        const Run run = runShell(command, home.path());
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(position + " invalid UTF-8 (byte 0xff)"), run.err.constData());
        QVERIFY2(!run.err.contains("json.exception"), run.err.constData());
        QVERIFY(!QFile::exists(home.filePath("out.yaml")));
    }

    void argumentsThatAreNotUtf8StillGiveJson_data()
    {
        QTest::addColumn<QString>("command");
        QTest::newRow("eval --name") << "\"$RS\" eval --peak 1T --bandwidth hbm=1T --flops 1G --bytes 1G "
                                        "--name \"$(printf 'k\\377')\" --json";
        QTest::newRow("import --title") << "printf 'name,flops,bytes\\nk,1e9,1e6\\n' > k.csv && "
                                           "\"$RS\" import csv k.csv -o out.yaml --title \"$(printf 't\\377')\" --json";
    }

    void argumentsThatAreNotUtf8StillGiveJson()
    {
        QFETCH(QString, command);
        QTemporaryDir home;
        const Run run = runShell(command, home.path());
        QVERIFY2(!run.err.contains("json.exception"), run.err.constData());
        QVERIFY2(run.exitCode == 0 || run.exitCode == 2, run.err.constData());
        if (run.exitCode == 0) {
            QVERIFY2(isJson(run.out), run.out.constData());
        } else {
            QVERIFY(run.err.startsWith("roofscope: error: "));
        }
    }

    void controlCharactersAreEscapedInHumanOutput_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<bool>("onStderr");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("eval text, a kernel name")
            << "\"$RS\" eval --peak 1T --bandwidth hbm=1T --flops 1G --bytes 1G --name \"$(printf 'k\\033[2J\\007')\""
            << false << QByteArray("k\\x1b[2J\\x07 on ad hoc (");
        QTest::newRow("import warning, a kernel name")
            << "printf 'name,flops,bytes\\ngood,1e9,1e6\\nz\\033]0;title\\007,1e9,0\\n' > k.csv && "
               "\"$RS\" import csv k.csv -o out.yaml"
            << true << QByteArray("kernel 'z\\x1b]0;title\\x07' moved 0 bytes on default");
        QTest::newRow("an error, a C1 CSI in an argument")
            << "\"$RS\" eval --hardware \"$(printf 'x\\302\\2332J')\" --flops 1 --bytes 1" << true
            << QByteArray("unknown hardware 'x\\u009b2J'");
    }

    void controlCharactersAreEscapedInHumanOutput()
    {
        QFETCH(QString, command);
        QFETCH(bool, onStderr);
        QFETCH(QByteArray, expected);
        QTemporaryDir home;
        const Run run = runShell(command, home.path());
        const QByteArray& text = onStderr ? run.err : run.out;
        QVERIFY2(text.contains(expected), text.constData());
        for (const QByteArray& stream : { run.out, run.err }) {
            for (char c : stream) {
                const auto u = static_cast<unsigned char>(c);
                QVERIFY2(u >= 0x20 || c == '\n' || c == '\t', stream.toHex().constData());
                QVERIFY(u != 0x7F);
            }
            QVERIFY(!stream.contains("\xC2\x9B"));
        }
    }

    // --- Zero byte counters --------------------------------------------------------------------

    void zeroCountersKeepKernelsWithFlops_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QStringList>("kernels");
        QTest::addColumn<QByteArray>("warning");
        // A kernel with FLOPs whose only level moved 0 bytes is kept (compute-bound there), and said so.
        QTest::newRow("plain csv, a row with bytes 0")
            << "csv" << QByteArray("name,flops,bytes\ngood,1e9,1e6\nzero,1e9,0\nalso good,2e9,1e6\n")
            << QStringList { "good", "zero", "also good" }
            << QByteArray("in.txt:3: warning: kernel 'zero' moved 0 bytes on default, the only level counted: kept");
        QTest::newRow("plain csv, no FLOPs and no bytes")
            << "csv" << QByteArray("name,flops,bytes\ngood,1e9,1e6\nidle,0,0\n") << QStringList { "good" }
            << QByteArray("in.txt:3: warning: kernel 'idle' moved no bytes (0 on default) and did no FLOPs");
        QTest::newRow("plain csv, a level column at 0")
            << "csv" << QByteArray("name,flops,bytes,l2\ngood,1e9,1e6,0\n") << QStringList { "good" }
            << QByteArray("in.txt:2: warning: kernel 'good': 0 bytes on l2; that level is left out");
        QTest::newRow("ncu, a kernel whose dram__bytes.sum is 0")
            << "ncu"
            << QByteArray("\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
                          "\"0\",\"idle\",\"dram__bytes.sum\",\"byte\",\"0\"\n"
                          "\"0\",\"idle\",\"sm__sass_thread_inst_executed_op_fadd_pred_on.sum\",\"inst\",\"10\"\n"
                          "\"0\",\"idle\",\"gpu__time_duration.sum\",\"nsecond\",\"1000\"\n"
                          "\"1\",\"busy\",\"dram__bytes.sum\",\"byte\",\"4,096\"\n"
                          "\"1\",\"busy\",\"sm__sass_thread_inst_executed_op_fadd_pred_on.sum\",\"inst\",\"10\"\n"
                          "\"1\",\"busy\",\"gpu__time_duration.sum\",\"nsecond\",\"1000\"\n")
            << QStringList { "idle", "busy" }
            << QByteArray("in.txt:2: warning: kernel 'idle' (ID 0) moved 0 bytes on dram, the only level counted");
    }

    void zeroCountersKeepKernelsWithFlops()
    {
        QFETCH(QString, format);
        QFETCH(QByteArray, content);
        QFETCH(QStringList, kernels);
        QFETCH(QByteArray, warning);
        QTemporaryDir home;
        writeFile(home.filePath("in.txt"), content);
        Run run = runShell("\"$RS\" import " + format + " in.txt -o out.yaml", home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.contains(warning), run.err.constData());
        run = runShell("\"$RS\" table --session out.yaml --format json", home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto rows = nlohmann::json::parse(run.out.toStdString());
        QStringList names;
        for (const auto& row : rows) {
            names << QString::fromStdString(row["kernel"].get<std::string>());
            for (const auto& [level, bytes] : row["bytes"].items()) {
                QVERIFY2(bytes.get<double>() >= 0.0, level.c_str());
            }
        }
        QCOMPARE(names, kernels);
    }

    // --- Saves ---------------------------------------------------------------------------------

    void aSaveThroughASymlinkWritesItsTarget()
    {
        QTemporaryDir home;
        writeFile(home.filePath("k.csv"), "name,flops,bytes\nk,1e9,1e6\n");
        QVERIFY(QDir(home.path()).mkdir("sessions"));
        writeFile(home.filePath("sessions/real.yaml"), "old\n");
        QVERIFY(QFile::link("sessions/real.yaml", home.filePath("link.yaml")));
        const Run run = runShell("\"$RS\" import csv k.csv -o link.yaml", home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(QFileInfo(home.filePath("link.yaml")).isSymLink());
        QVERIFY(readFile(home.filePath("sessions/real.yaml")).startsWith("schema: roofscope-session/1"));
    }

    void aSaveKeepsHardLinksAndTheMode()
    {
        QTemporaryDir home;
        writeFile(home.filePath("k.csv"), "name,flops,bytes\nk,1e9,1e6\n");
        writeFile(home.filePath("s.yaml"), "old\n");
        QCOMPARE(::chmod(home.filePath("s.yaml").toLocal8Bit().constData(), 0600), 0);
        QCOMPARE(::link(home.filePath("s.yaml").toLocal8Bit().constData(),
                     home.filePath("backup-name.yaml").toLocal8Bit().constData()),
            0);
        const Run run = runShell("\"$RS\" import csv k.csv -o s.yaml", home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(readFile(home.filePath("backup-name.yaml")).startsWith("schema: roofscope-session/1"));
        struct stat st { };
        QCOMPARE(::stat(home.filePath("s.yaml").toLocal8Bit().constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0600));
        QCOMPARE(st.st_nlink, nlink_t(2));
    }

    void aSaveRefusesSpecialFilesAndInputs_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QByteArray>("message");
        // Never the real /dev/null: run as root, a program that failed to refuse it would replace the
        // system's device node. A node of the same kind in the temporary folder stands in for it.
        QTest::newRow("import -o a character device like /dev/null")
            << "mknod null c 1 3 && \"$RS\" import csv k.csv -o null" << QByteArray("null: it is a character device");
        QTest::newRow("import -o a FIFO")
            << "mkfifo pipe.yaml && \"$RS\" import csv k.csv -o pipe.yaml" << QByteArray("pipe.yaml: it is a FIFO");
        QTest::newRow("import --hardware-out a FIFO")
            << "mkfifo pipe.yaml && \"$RS\" import rocprof " ROOFSCOPE_TEST_DATA_DIR
               "/import/rocprof-compute -o out.yaml --hardware-out pipe.yaml"
            << QByteArray("pipe.yaml: it is a FIFO");
        QTest::newRow("export -o a FIFO") << "mkfifo chart.png && \"$RS\" export --session " ROOFSCOPE_RESOURCES_DIR
                                             "/examples/fusion.yaml -o chart.png"
                                          << QByteArray("chart.png: it is a FIFO");
        QTest::newRow("import csv a.csv -o a.csv")
            << "\"$RS\" import csv k.csv -o k.csv" << QByteArray("k.csv: it is also an input of this command");
        QTest::newRow("the input under another name")
            << "ln k.csv other.yaml && \"$RS\" import csv k.csv -o other.yaml"
            << QByteArray("other.yaml: it is k.csv, an input of this command");
        QTest::newRow("-o and --hardware-out the same file")
            << "\"$RS\" import rocprof " ROOFSCOPE_TEST_DATA_DIR
               "/import/rocprof-compute -o same.yaml --hardware-out same.yaml"
            << QByteArray("name the same file");
    }

    void aSaveRefusesSpecialFilesAndInputs()
    {
        QFETCH(QString, command);
        QFETCH(QByteArray, message);
        QTemporaryDir home;
        const QByteArray csv = "name,flops,bytes\nk,1e9,1e6\n";
        writeFile(home.filePath("k.csv"), csv);
        struct stat before { };
        QCOMPARE(::stat("/dev/null", &before), 0);
        if (command.startsWith("mknod") && ::geteuid() != 0) {
            QSKIP("creating a device node needs root");
        }
        const Run run = runShell(command, home.path(), 30000);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(message), run.err.constData());
        QCOMPARE(readFile(home.filePath("k.csv")), csv);
        struct stat after { };
        QCOMPARE(::stat("/dev/null", &after), 0);
        QVERIFY(S_ISCHR(after.st_mode));
        QCOMPARE(after.st_rdev, before.st_rdev);
        QVERIFY(!QFile::exists(home.filePath("same.yaml")));
    }

    // A write that fails halfway (the file size limit stands in for a full disk; --inline makes the
    // session large): exit 2, a message
    // naming the file, the previous session intact and no temporary file left.
    void aFailedSaveKeepsThePreviousFile()
    {
        QTemporaryDir home;
        QByteArray csv = "name,flops,bytes\n";
        for (int i = 0; i < 300; ++i) {
            csv += "kernel number " + QByteArray::number(i) + ",1e9,1e6\n";
        }
        writeFile(home.filePath("k.csv"), csv);
        const QByteArray old = "schema: roofscope-session/1\ntitle: the previous one\n";
        writeFile(home.filePath("s.yaml"), old);
        const Run run
            = runShell("trap '' XFSZ; ulimit -f 8 && exec \"$RS\" import csv k.csv --inline -o s.yaml", home.path());
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("cannot write s.yaml: File too large"), run.err.constData());
        QCOMPARE(readFile(home.filePath("s.yaml")), old);
        QCOMPARE(QDir(home.path()).entryList(QDir::Files | QDir::Hidden), (QStringList { "k.csv", "s.yaml" }));
    }

    // A chart export that cannot be written whole (a file size limit below the chart's size) must
    // fail with exit 2 and leave the previous export as it was.
    void aFailedChartExportKeepsThePreviousFile_data()
    {
        QTest::addColumn<QString>("suffix");
        QTest::newRow("png") << "png";
        QTest::newRow("svg") << "svg";
        QTest::newRow("pdf") << "pdf";
    }

    void aFailedChartExportKeepsThePreviousFile()
    {
        QFETCH(QString, suffix);
        QTemporaryDir home;
        const QString file = "chart." + suffix;
        const QByteArray old = "the previous export\n";
        writeFile(home.filePath(file), old);
        const Run run = runShell("trap '' XFSZ; ulimit -f 8 && exec \"$RS\" export --session " ROOFSCOPE_RESOURCES_DIR
                                 "/examples/fusion.yaml -o "
                + file,
            home.path());
        const QByteArray now = readFile(home.filePath(file));
        const bool safe = run.exitCode == 2 && run.err.contains(file.toUtf8()) && now == old;
        QVERIFY2(safe,
            qPrintable(QString("exit %1, %2 bytes left in the file, stderr: %3")
                           .arg(run.exitCode)
                           .arg(now.size())
                           .arg(QString::fromUtf8(run.err))));
    }

    // --- Numbers at the edges ------------------------------------------------------------------

    void numbersThatCannotBeKeptAreRefused_data()
    {
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("--flops 1e-400 underflows")
            << "--flops 1e-400 --bytes 1" << QByteArray("'1e-400' is too small: it is not zero but rounds to 0");
        QTest::newRow("--bytes 1e-330 underflows") << "--flops 1 --bytes 1e-330" << QByteArray("'1e-330' is too small");
        QTest::newRow("--count 1e308 over the session limit")
            << "--flops 1 --bytes 1 --count 1e308" << QByteArray("--count must be between 0 and 1e15");
        QTest::newRow("--count 2e15 over the session limit")
            << "--flops 1 --bytes 1 --count 2e15" << QByteArray("--count must be between 0 and 1e15");
    }

    void numbersThatCannotBeKeptAreRefused()
    {
        QFETCH(QString, arguments);
        QFETCH(QByteArray, message);
        QTemporaryDir home;
        const Run run = runShell("\"$RS\" eval --peak 1T --bandwidth hbm=1T " + arguments, home.path());
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(message), run.err.constData());
    }

    void countAtTheSessionLimitIsAccepted()
    {
        QTemporaryDir home;
        const Run run = runShell(
            "\"$RS\" eval --peak 1T --bandwidth hbm=1T --flops 1 --bytes 1 --count 1e15 --json", home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
    }

    // T_math and T_hbm both overflow to infinity; intensity 100 FLOP/B against a ridge of
    // 1e-300 / 1e-300 = 1 FLOP/B: compute-bound, bound by compute (by hand, not from the code).
    void regimeAndBindingAgreeWhenTheRoofOverflows()
    {
        QTemporaryDir home;
        Run run = runShell(
            "\"$RS\" eval --peak 1e-300 --bandwidth hbm=1e-300 --flops 1e12 --bytes 1e10 --json", home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto rows = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(rows[0]["regime"].get<std::string>(), std::string("compute-bound"));
        QCOMPARE(rows[0]["binding"].get<std::string>(), std::string("compute"));
        run = runShell("\"$RS\" eval --peak 1e-300 --bandwidth hbm=1e-300 --flops 1e10 --bytes 1e12", home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("memory-bound (bound by hbm)"), run.out.constData());
    }
};

ROOFSCOPE_TEST_GUILESS_MAIN(TestCliSafety)
#include "test_cli_safety.moc"
