#include "TestMain.h"
// Hostile files and failures, through the real executable: an image write that fails, a JSON file of
// many names, a session of a run over the default size, a map too large to hold as text, ncu passes
// appended to one file, rates that overflow, a database in WAL mode, keys given twice, and the words
// of the errors (Intel Advisor reports among them). ROOFSCOPE_CLI_UNDER_TEST names another executable to check (an
// older build, to see these fail).
#include "cli/CliRun.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace roofscope::test;

namespace {

const QString kHostileFilesData = QStringLiteral(ROOFSCOPE_TEST_DATA_DIR "/import/");

QByteArray threeKernelsCsv()
{
    return "name,flops,bytes,seconds\ngemm,2e12,1e9,0.010\nsoftmax,1e9,4e9,0.003\nlayernorm,5e8,2e9,0.002\n";
}

// XProf's Roofline Model table with the columns Roofscope reads: fusion.1 at `rate` GFLOP/s, copy.3
// at 0 (a data-movement op), both with HBM traffic.
QByteArray xprofTable(const QByteArray& rate)
{
    return R"({"cols": [{"id": "step"}, {"id": "category"}, {"id": "operation"}, {"id": "occurrences"},
  {"id": "total_self_time"}, {"id": "model_flop_rate"}, {"id": "hbm_bw"}],
 "rows": [
  {"c": [{"v": "Total"}, {"v": "convolution fusion"}, {"v": "fusion.1"}, {"v": 10}, {"v": 2000.0}, {"v": )"
        + rate + R"(}, {"v": 600.0}]},
  {"c": [{"v": "Total"}, {"v": "data formatting"}, {"v": "copy.3"}, {"v": 4}, {"v": 400.0}, {"v": 0.0}, {"v": 700.0}]}
 ],
 "p": {"device_type": "TPU v5 lite", "peak_flop_rate": "197000", "peak_hbm_bw": "763"}}
)";
}

// The prefix that runs a command as the user nobody where the tests run as root (root writes into a
// read-only folder); empty when not root. Sets `skip` when it cannot.
QString asNobody(bool& skip)
{
    skip = false;
    if (::geteuid() != 0) {
        return {};
    }
    if (QStandardPaths::findExecutable("setpriv").isEmpty()) {
        skip = true;
        return {};
    }
    return "setpriv --reuid=65534 --regid=65534 --clear-groups ";
}

} // namespace

class TestCliHostileFiles : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // --- A failed write keeps the previous file -------------------------------------------------

    void aMapImageThatCannotBeWrittenKeepsThePreviousOne_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("png") << "map.png";
        QTest::newRow("svg") << "map.svg";
    }

    void aMapImageThatCannotBeWrittenKeepsThePreviousOne()
    {
        QFETCH(QString, file);
        QTemporaryDir home;
        writeFile(home.filePath(file), "the previous image\n");
        // A file size limit of 8 blocks: the image (tens of kilobytes at 256 steps) cannot be written.
        const Run run = runShell("trap '' XFSZ; ulimit -f 8 && exec \"$RS\" map --hardware nvidia-h100-sxm "
                                 "--kernel matmul --param k=4096 --x m=1:8192 --y n=1:8192 --steps 256 -o "
                + file,
            home.path());
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("cannot write " + file.toUtf8() + ": File too large"), run.err.constData());
        QVERIFY2(run.err.contains("the previous file is untouched"), run.err.constData());
        QVERIFY2(!run.out.contains("wrote"), run.out.constData());
        QCOMPARE(readFile(home.filePath(file)), QByteArray("the previous image\n"));
        // Without the limit the same command writes the image.
        const Run ok = runShell("\"$RS\" map --hardware nvidia-h100-sxm --kernel matmul --param k=4096 "
                                "--x m=1:8192 --y n=1:8192 --steps 256 -o "
                + file,
            home.path());
        QVERIFY2(ok.exitCode == 0, ok.err.constData());
        QVERIFY(readFile(home.filePath(file)).size() > 8 * 1024);
    }

    // --- Big in, bounded time and memory ---------------------------------------------------------

    // A JSON dict of 1,000,000 names (54 MB): read in linear time. Keeping the file's order used to
    // search every earlier name for each new one: 100,000 names took 20 s, 500,000 took 13 minutes, so
    // this file would take hours; read in one pass it takes seconds (4.3 s on the 2-core machine). No
    // timing is asserted: the run's only limit is the suite's two-minute guard against a hang.
    void aJaxFileOfManyNamesIsReadInLinearTime()
    {
        QTemporaryDir home;
        QByteArray json = "{";
        json.reserve(56 * 1000 * 1000);
        for (int i = 0; i < 1000000; ++i) {
            json += (i == 0 ? "\"p" : ",\n\"p") + QByteArray::number(i) + "\": {\"flops\": " + QByteArray::number(i + 1)
                + ", \"bytes accessed\": 4096}";
        }
        json += "}\n";
        writeFile(home.filePath("costs.json"), json);
        const Run run = runShell("\"$RS\" import jax costs.json -o s.yaml --json", home.path(), 120000);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        // The first 100,000 names, in the file's order.
        const auto summary = nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(summary.is_object(), run.out.constData());
        QCOMPARE(summary.value("kernels", 0), 100000);
        QVERIFY2(run.out.contains("more than 100000 programs"), run.out.constData());
    }

    // `map --json` of 2048 x 2048 cells is streamed: it prints about half a gigabyte of text in a
    // fraction of that memory (it used to build the whole text first, 8 times its size).
    void aLargeMapPrintsAsItGoes()
    {
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("ulimit -v cannot bound a program built with AddressSanitizer: its shadow memory reserves "
              "terabytes of address space; the normal build runs this case");
#endif
        QTemporaryDir home;
        const Run run
            = runShell("ulimit -v 1500000; { \"$RS\" map --hardware nvidia-h100-sxm --kernel matmul "
                       "--param k=4096 --x m=1:8192 --y n=1:8192 --steps 2048 --json; echo \"exit $?\" >&2; } "
                       "| tail -c 200",
                home.path(), 300000);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.contains("exit 0"), run.err.constData());
        QVERIFY2(!run.err.contains("bad_alloc"), run.err.constData());
        QVERIFY2(run.out.endsWith("]\n}\n"), run.out.constData());
    }

    // The JSON of a small map is the same text as before it was streamed: every key, sorted, indented.
    void aStreamedMapIsValidJson()
    {
        QTemporaryDir home;
        const Run run = runShell("\"$RS\" map --hardware nvidia-h100-sxm,google-tpu-v5e --kernel matmul --param k=64 "
                                 "--x m=1:4096 --y n=1:4096 --steps 3 --json",
            home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto j = nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(!j.is_discarded(), run.out.constData());
        QCOMPARE(j.at("cells").size(), std::size_t { 18 });
        QCOMPARE(j.at("hardware").size(), std::size_t { 2 });
        QCOMPARE(QByteArray::fromStdString(j.dump(2) + "\n"), run.out);
    }

    // --- A session opens what its import read -----------------------------------------------------

    // A 129 MiB profile imported with --max-size: the session opens with the same --max-size, which
    // the commands that open sessions take (the error used to advise an option they refused).
    void aRunImportedWithALargerLimitOpens()
    {
        QTemporaryDir home;
        const Run make = runShell(
            "{ echo name,flops,bytes,seconds; yes k,1e9,1e9,0.001 | head -c 135266304; } > big.csv", home.path());
        QCOMPARE(make.exitCode, 0);
        const Run import = runShell("\"$RS\" import csv big.csv -o s.yaml --hardware nvidia-h100-sxm --aggregate "
                                    "--max-size 200M",
            home.path(), 180000);
        QVERIFY2(import.exitCode == 0, import.err.constData());
        QVERIFY2(import.err.contains("open the session with --max-size 200000000"), import.err.constData());
        const Run refused = runShell("\"$RS\" table --session s.yaml --format csv", home.path(), 180000);
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("raise --max-size"), refused.err.constData());
        for (const char* command : { "table --session s.yaml --format csv", "compare --session s.yaml",
                 "export --session s.yaml -o chart.svg" }) {
            const Run run = runShell("\"$RS\" " + QString(command) + " --max-size 200M", home.path(), 180000);
            QVERIFY2(run.exitCode == 0, (QByteArray(command) + ": " + run.err).constData());
        }
    }

    // The limit applies as the import's does: a run over it is refused with the advice to raise it.
    void aSessionRunObeysMaxSize()
    {
        QTemporaryDir home;
        writeFile(home.filePath("k.csv"), threeKernelsCsv());
        writeFile(home.filePath("s.yaml"),
            "schema: roofscope-session/1\ntitle: t\ndevices: [nvidia-h100-sxm]\nruns:\n"
            "  - {name: r, file: k.csv, format: csv}\n");
        const Run over = runShell("\"$RS\" table --session s.yaml --max-size 50", home.path());
        QCOMPARE(over.exitCode, 2);
        QVERIFY2(over.err.contains("k.csv: the file is"), over.err.constData());
        QVERIFY2(over.err.contains("raise --max-size"), over.err.constData());
        const Run within = runShell("\"$RS\" table --session s.yaml --max-size 1k --format csv", home.path());
        QVERIFY2(within.exitCode == 0, within.err.constData());
        QVERIFY2(within.out.contains("softmax"), within.out.constData());
    }

    // --- ncu passes in one file ---------------------------------------------------------------------

    // NERSC's method appends each pass (time, FLOPs, bytes) to one file, each with ncu's header: the
    // passes are merged as split files are, and give the kernels the split files give.
    void ncuPassesInOneFileAreMerged()
    {
        QTemporaryDir home;
        const QString split = kHostileFilesData + "ncu-split/";
        QByteArray all;
        for (const char* pass : { "time.csv", "flops.csv", "bytes.csv" }) {
            all += "==PROF== Disconnected from process 15249\n" + readFile(split + pass);
        }
        writeFile(home.filePath("passes.csv"), all);
        const Run one
            = runShell("\"$RS\" import ncu passes.csv -o one.yaml --inline --hardware nvidia-h100-sxm", home.path());
        QVERIFY2(one.exitCode == 0, one.err.constData());
        const Run three = runShell("\"$RS\" import ncu \"" + split + "time.csv\" \"" + split + "flops.csv\" \"" + split
                + "bytes.csv\" -o three.yaml --inline --hardware nvidia-h100-sxm",
            home.path());
        QVERIFY2(three.exitCode == 0, three.err.constData());
        const Run tableOne = runShell("\"$RS\" table --session one.yaml --format csv", home.path());
        const Run tableThree = runShell("\"$RS\" table --session three.yaml --format csv", home.path());
        QVERIFY2(tableOne.exitCode == 0, tableOne.err.constData());
        QVERIFY2(tableOne.out.count('\n') > 1, tableOne.out.constData());
        QCOMPARE(tableOne.out, tableThree.out);
        QVERIFY2(one.err.contains("passes.csv (pass 1), passes.csv (pass 2), passes.csv (pass 3) merged"),
            one.err.constData());
    }

    // One launch that gives a counter twice with different values is left out, the counter named
    // (the last value used to win: 500 times the FLOPs here).
    void anNcuCounterGivenTwiceIsNamed()
    {
        QTemporaryDir home;
        const QByteArray head = "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n";
        QByteArray csv = head;
        for (const char* id : { "0", "1" }) {
            const QByteArray row = QByteArray("\"") + id + "\",\"k" + id + "\",";
            csv += row + "\"dram__bytes.sum\",\"byte\",\"1,000,000\"\n";
            csv += row + "\"gpu__time_duration.sum\",\"nsecond\",\"1,000\"\n";
            csv += row + "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\",\"inst\",\"1,000\"\n";
            if (id == QByteArray("1")) {
                csv += row + "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\",\"inst\",\"500,000\"\n";
            }
        }
        writeFile(home.filePath("twice.csv"), csv);
        const Run run = runShell("\"$RS\" import ncu twice.csv -o s.yaml --inline", home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.contains("sm__sass_thread_inst_executed_op_ffma_pred_on.sum is given twice for this launch, "
                                  "with different values (1000 and 500000)"),
            run.err.constData());
        const QByteArray session = readFile(home.filePath("s.yaml"));
        QVERIFY2(session.contains("k0") && !session.contains("k1"), session.constData());
    }

    // --- Numbers that overflow ----------------------------------------------------------------------

    // A FLOP rate whose FLOPs overflow to infinity is left out at import, its row and field named, and
    // the session opens; with --inline too.
    void anXprofRateThatOverflowsIsLeftOutAtImport_data()
    {
        QTest::addColumn<QString>("inlined");
        QTest::newRow("run") << "";
        QTest::newRow("inline") << "--inline";
    }

    void anXprofRateThatOverflowsIsLeftOutAtImport()
    {
        QFETCH(QString, inlined);
        QTemporaryDir home;
        writeFile(home.filePath("roofline_model.json"), xprofTable("1.5e308"));
        const Run run = runShell(
            "\"$RS\" import xprof roofline_model.json -o s.yaml --hardware google-tpu-v5e " + inlined, home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.contains("row 1: 'fusion.1': model_flop_rate 1.5e+308 GFLOP/s over 2000 us is more FLOPs "
                                  "than a number holds: left out"),
            run.err.constData());
        const Run table = runShell("\"$RS\" table --session s.yaml --format csv", home.path());
        QVERIFY2(table.exitCode == 0, table.err.constData());
        QVERIFY2(table.out.contains("copy.3") && !table.out.contains("fusion.1"), table.out.constData());
    }

    // A row left out names the field that is wrong and what it holds.
    void aDroppedXprofRowNamesItsField()
    {
        QTemporaryDir home;
        writeFile(home.filePath("roofline_model.json"), xprofTable("\"fast\""));
        const Run run = runShell("\"$RS\" import xprof roofline_model.json -o s.yaml --inline", home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.contains("row 1: 'fusion.1': model_flop_rate is \"fast\" (a finite GFLOP/s of at least 0): "
                                  "left out"),
            run.err.constData());
    }

    // --- SQLite and JSON read as they are --------------------------------------------------------------

    // A database in WAL mode is read without the -wal and -shm files SQLite would create beside it,
    // also from a folder no one may write.
    void aWalDatabaseIsReadWithoutWritingBesideIt()
    {
        QTemporaryDir home;
        QByteArray db = readFile(kHostileFilesData + "rocprof-db/analysis.db");
        QVERIFY(db.size() > 100);
        db[18] = 2; // the header's file format versions: 2 is WAL mode
        db[19] = 2;
        QVERIFY(QDir(home.path()).mkdir("ro"));
        writeFile(home.filePath("ro/analysis.db"), db);
        QVERIFY(QDir(home.path()).mkdir("out"));
        QVERIFY(::chmod(QFile::encodeName(home.filePath("out")).constData(), 0777) == 0);
        QVERIFY(::chmod(QFile::encodeName(home.filePath("ro")).constData(), 0555) == 0);
        QVERIFY(::chmod(QFile::encodeName(home.path()).constData(), 0755) == 0);
        bool skip = false;
        const QString prefix = asNobody(skip);
        if (skip) {
            QSKIP("running as root without setpriv: root writes into a read-only folder");
        }
        const Run run = runShell(
            prefix + "\"$RS\" import rocprof-db ro/analysis.db -o out/s.yaml --inline --hardware-out out/d.yaml",
            home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(QDir(home.filePath("ro")).entryList(QDir::Files), QStringList { "analysis.db" });
        // Root may write anywhere: as root, nothing is created beside it either.
        const Run asRoot = runShell(
            "\"$RS\" import rocprof-db ro/analysis.db -o out/r.yaml --inline --hardware-out out/e.yaml", home.path());
        QVERIFY2(asRoot.exitCode == 0, asRoot.err.constData());
        QCOMPARE(QDir(home.filePath("ro")).entryList(QDir::Files), QStringList { "analysis.db" });
        QVERIFY(::chmod(QFile::encodeName(home.filePath("ro")).constData(), 0755) == 0);
    }

    // A key given twice in one object is an error at its line and column (a JSON reader keeps one
    // of the values, silently).
    void aJsonKeyGivenTwiceIsAnError_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("jax") << "jax"
                             << QByteArray("{\n  \"flops\": 1e9,\n  \"bytes accessed\": 4096,\n  \"flops\": 2e9\n}\n")
                             << QByteArray("f.json:4:3: not valid JSON: key 'flops' is given twice in one object");
        QTest::newRow("xprof") << "xprof"
                               << xprofTable("150000.0").replace("\"p\": {", "\"p\": {\"peak_hbm_bw\": \"1\", ")
                               << QByteArray("f.json:7:");
    }

    void aJsonKeyGivenTwiceIsAnError()
    {
        QFETCH(QString, format);
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, message);
        QTemporaryDir home;
        writeFile(home.filePath("f.json"), text);
        const Run run = runShell("\"$RS\" import " + format + " f.json -o s.yaml --inline", home.path());
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(message), run.err.constData());
        QVERIFY2(run.err.contains("key 'peak_hbm_bw' is given twice") || format != "xprof", run.err.constData());
        QVERIFY(!QFile::exists(home.filePath("s.yaml")));
    }

    // --- What the documentation offers --------------------------------------------------------------

    // A transformer step varies chips as the other kernels do (it used to be "no parameter 'chips'").
    void aTransformerSweepVariesChips()
    {
        QTemporaryDir home;
        const Run run = runShell("\"$RS\" sweep --hardware nvidia-h100-sxm --kernel transformer --param "
                                 "layers=80,hidden=8192,heads=64,kv_heads=8,ffn=28672,vocab=128256,seq=4096,batch=64 "
                                 "--vary chips=1:8:4 --json",
            home.path());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto j = nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(j.is_object(), run.out.constData());
        QCOMPARE(j.at("vary").get<std::string>(), std::string("chips"));
        const auto& points = j.at("devices").at(0).at("points");
        QCOMPARE(points.size(), std::size_t { 4 });
        // More chips serve more tokens per second, and hold less per chip.
        QVERIFY(points.back().at("tokens_per_s").get<double>() > points.front().at("tokens_per_s").get<double>());
        QVERIFY(points.back().at("per_chip_bytes").get<double>() < points.front().at("per_chip_bytes").get<double>());
    }

    // --- The words of the errors ----------------------------------------------------------------------

    void errorsNameTheirPlace_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QByteArray>("message");
        QTest::addColumn<QByteArray>("notSaid");
        QTest::newRow("JSON syntax error at its line and column")
            << "printf '{\\n  \"flops\": 1e9,\\n  \"bytes accessed\" 4096\\n}\\n' > f.json; \"$RS\" import jax f.json "
               "-o s.yaml"
            << 2 << QByteArray("f.json:3:20: not valid JSON: syntax error") << QByteArray("NaN");
        QTest::newRow("NaN hint at NaN") << "printf '{\\n  \"flops\": NaN,\\n  \"bytes accessed\": 1}\\n' > f.json; "
                                            "\"$RS\" import jax f.json -o s.yaml"
                                         << 2 << QByteArray("f.json:2:12: not valid JSON") << QByteArray();
        QTest::newRow("NaN hint names NaN")
            << "printf '{\"flops\": -Infinity, \"bytes accessed\": 1}' > f.json; \"$RS\" import jax f.json -o s.yaml"
            << 2 << QByteArray("NaN and Infinity are not JSON") << QByteArray();
        QTest::newRow("XProf syntax error at its line")
            << "printf '[\\n{\"cols\": [}\\n]' > f.json; \"$RS\" import xprof f.json -o s.yaml" << 2
            << QByteArray("f.json:2:11: not valid JSON") << QByteArray();
        QTest::newRow("fixed cap: no --max-size advice")
            << "head -c 17000000 /dev/zero | tr '\\000' ' ' > r.json; \"$RS\" import ert r.json -o d.yaml --max-size 1G"
            << 2 << QByteArray("over the 16 MiB Roofscope reads of this format") << QByteArray("--max-size");
        QTest::newRow("import usage names rocprof-db")
            << "\"$RS\" import --help" << 0 << QByteArray("import ncu|rocprof|rocprof-db|advisor|ert|csv|jax|xprof")
            << QByteArray();
        QTest::newRow("--hardware-dir names the current folder")
            << "\"$RS\" import ert \"$DATA/import/ert/roofline.json\" -o d.yaml" << 0
            << QByteArray("load it with --hardware-dir .\n") << QByteArray();
        QTest::newRow("one file yields no device")
            << "\"$RS\" import csv k.csv -o s.yaml --hardware-out d.yaml" << 2
            << QByteArray("--hardware-out: k.csv yields no device") << QByteArray("yield no");
        QTest::newRow("Advisor report without FLOP counts")
            << "printf 'ID,Function Call Sites and Loops,Self Time,Self Memory GB\\n1,[loop in f at "
               "a.c:1],1.000s,2.0\\n' "
               "> a.csv; \"$RS\" import advisor a.csv -o s.yaml"
            << 2 << QByteArray("a.csv:1: the header has no 'Self GFLOP' column") << QByteArray("nothing to import");
        QTest::newRow("Advisor figure at its line and column")
            << "printf 'Function Call Sites and Loops,Self GFLOP,Self Memory GB\\nf,1.0,2.0\\ng,\"1,5\",2.0\\n' > "
               "a.csv; "
               "\"$RS\" import advisor a.csv -o s.yaml --inline"
            << 0 << QByteArray("a.csv:3:3: warning: loop 'g': 'Self GFLOP' is '1,5', not a number: left out")
            << QByteArray();
        QTest::newRow("Advisor file of rows left out")
            << "printf 'Function Call Sites and Loops;Self GFLOP;Self Memory GB\\nf;;2.0\\ng;0.000;2.0\\n' > a.csv; "
               "\"$RS\" import advisor a.csv -o s.yaml"
            << 2 << QByteArray("nothing to import from a.csv: every kernel was left out") << QByteArray();
        QTest::newRow("Advisor header past the preamble's length")
            << "(seq 1 100; echo 'Function Call Sites and Loops,Self GFLOP,Self Memory GB'; echo 'f,1,2') > a.csv; "
               "\"$RS\" import advisor a.csv -o s.yaml"
            << 2 << QByteArray("a.csv:1: no Intel Advisor report header") << QByteArray();
        QTest::newRow("rocprof-db link loop")
            << "ln -s loop.db loop.db; \"$RS\" import rocprof-db loop.db -o s.yaml" << 2
            << QByteArray("loop.db: cannot be read: Too many levels of symbolic links") << QByteArray("no such file");
        QTest::newRow("--hardware-dir link loop")
            << "ln -s loop loop; \"$RS\" hardware list --hardware-dir loop" << 2
            << QByteArray("Too many levels of symbolic links") << QByteArray("does not exist");
        QTest::newRow("transformer parameter at its line")
            << "printf 'schema: roofscope-session/1\\ntitle: t\\ndevices: [nvidia-h100-sxm]\\nkernels:\\n  - name: "
               "step\\n"
               "    template: transformer\\n    params:\\n      layers: 2\\n      hidden: 4096\\n      heads: 0\\n' "
               "> t.yaml; \"$RS\" table --session t.yaml"
            << 2 << QByteArray("t.yaml:10:") << QByteArray("t.yaml:6:");
    }

    void errorsNameTheirPlace()
    {
        QFETCH(QString, command);
        QFETCH(int, exitCode);
        QFETCH(QByteArray, message);
        QFETCH(QByteArray, notSaid);
        QTemporaryDir home;
        writeFile(home.filePath("k.csv"), threeKernelsCsv());
        const Run run = runShell(command, home.path());
        const QByteArray all = run.out + run.err;
        QVERIFY2(run.exitCode == exitCode, all.constData());
        QVERIFY2(all.contains(message), all.constData());
        if (!notSaid.isEmpty()) {
            QVERIFY2(!all.contains(notSaid), all.constData());
        }
    }
};

ROOFSCOPE_TEST_GUILESS_MAIN(TestCliHostileFiles)
#include "test_cli_hostile_files.moc"
