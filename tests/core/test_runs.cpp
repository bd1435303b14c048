// Bounded-memory imports (launches merged while a file streams through the reader), sessions
// that refer to measured runs, and the before/after comparison of two runs.
#include "TestMain.h"
#include "TestUtil.h"
#include "io/CsvReader.h"
#include "io/Importers.h"
#include "io/SessionFile.h"
#include "io/SessionRuns.h"
#include "model/RunDiff.h"

#include <QTemporaryDir>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

using namespace roofscope;

namespace {
const std::string kRuns = ROOFSCOPE_TEST_DATA_DIR "/runs/";

void writeRunFile(const std::string& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
}

double bytesOn(const Kernel& k, const std::string& level)
{
    for (const auto& b : k.bytes) {
        if (b.level == level) {
            return b.bytes;
        }
    }
    return -1.0;
}

// Row i of the generated plain CSV: kernel k(i % 7), FLOPs 1000 + i, bytes 2000 + 3 i, and a
// runtime of (1 + i % 5) us on every row but those with i % 11 == 0, which have none.
constexpr int kNames = 7;
std::string generatedRow(int i)
{
    std::string row
        = "k" + std::to_string(i % kNames) + "," + std::to_string(1000 + i) + "," + std::to_string(2000 + 3 * i) + ",";
    if (i % 11 != 0) {
        row += std::to_string(1 + i % 5) + "e-6";
    }
    return row + "\n";
}

Kernel measured(const std::string& name, double seconds, double count = 1.0)
{
    Kernel k;
    k.name = name;
    k.flops = 1e9;
    k.bytes = { { "default", 1e8 } };
    k.measuredSeconds = seconds;
    k.count = count;
    return k;
}
} // namespace

class TestRuns : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // 300,000 rows (about 7 MB, more than the reader's buffer): the merged kernels hold the counts
    // and means the rows give, summed here row by row.
    void aggregateWhileStreaming()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("big.csv").toStdString();
        constexpr int rows = 300000;
        {
            std::ofstream out(path, std::ios::binary);
            out << "name,flops,bytes,seconds\n";
            for (int i = 0; i < rows; ++i) {
                out << generatedRow(i);
            }
        }
        QVERIFY(std::filesystem::file_size(path) > std::size_t { 6 } << 20);
        ImportOptions options;
        options.aggregate = true;
        const auto r = importPlainCsv(path, options);
        QVERIFY2(r.ok(), firstError(r.diagnostics).c_str());
        QCOMPARE(r.kernels.size(), size_t(kNames));
        for (int n = 0; n < kNames; ++n) {
            double launches = 0;
            double flops = 0;
            double bytes = 0;
            double seconds = 0;
            double timed = 0;
            for (int i = n; i < rows; i += kNames) {
                launches += 1;
                flops += 1000 + i;
                bytes += 2000 + 3.0 * i;
                if (i % 11 != 0) {
                    seconds += (1 + i % 5) * 1e-6;
                    timed += 1;
                }
            }
            const ImportedKernel& k = r.kernels[size_t(n)];
            QCOMPARE(k.kernel.name, "k" + std::to_string(n));
            QCOMPARE(k.launches, int(launches));
            QCOMPARE(k.kernel.count, launches);
            ROOFSCOPE_COMPARE_REL(k.kernel.flops, flops / launches, 1e-12);
            ROOFSCOPE_COMPARE_REL(bytesOn(k.kernel, "default"), bytes / launches, 1e-12);
            QVERIFY(k.kernel.measuredSeconds);
            ROOFSCOPE_COMPARE_REL(*k.kernel.measuredSeconds, seconds / timed, 1e-9);
        }
    }

    // The same file read as a stream and from memory gives the same kernels; positions of an error
    // past the first buffer are exact.
    void streamEqualsMemory()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("ncu.csv").toStdString();
        std::string text = "==PROF== Connected to process 1 (/app)\n"
                           "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n";
        constexpr int launches = 12000; // 4 rows each, about 8 MB
        for (int i = 0; i < launches; ++i) {
            const std::string head = "\"" + std::to_string(i) + "\",\"kernel_" + std::to_string(i % 13)
                + "<float, 128>(const float*, float*, int) with a long name to fill the buffer\",";
            text += head + "\"dram__bytes.sum\",\"byte\",\"" + std::to_string(4096 + i) + "\"\n";
            text += head + "\"lts__t_bytes.sum\",\"Kbyte\",\"" + std::to_string(8 + i % 3) + "\"\n";
            text += head + "\"gpu__time_duration.sum\",\"usecond\",\"" + std::to_string(2 + i % 7) + "\"\n";
            text += head + "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\",\"inst\",\""
                + std::to_string(100000 + i) + "\"\n";
        }
        writeRunFile(path, text);
        QVERIFY(text.size() > std::size_t { 6 } << 20);
        ImportOptions options;
        const auto streamed = importNcuCsv(path, options);
        auto inMemory = importNcuCsvText(text, path, options);
        QVERIFY2(streamed.ok(), firstError(streamed.diagnostics).c_str());
        QCOMPARE(streamed.kernels.size(), size_t(launches));
        QCOMPARE(inMemory.kernels.size(), size_t(launches));
        for (std::size_t i = 0; i < streamed.kernels.size(); i += 997) {
            QCOMPARE(streamed.kernels[i].kernel.name, inMemory.kernels[i].kernel.name);
            QCOMPARE(streamed.kernels[i].line, inMemory.kernels[i].line);
            QCOMPARE(streamed.kernels[i].kernel.flops, 2.0 * (100000 + double(i)));
            QCOMPARE(bytesOn(streamed.kernels[i].kernel, "l2"), 1000.0 * double(8 + i % 3));
        }
        QCOMPARE(streamed.kernels.back().line, 3 + 4 * (launches - 1));
        options.aggregate = true;
        const auto merged = importNcuCsv(path, options);
        aggregateLaunches(inMemory);
        QCOMPARE(merged.kernels.size(), size_t(13));
        for (std::size_t i = 0; i < merged.kernels.size(); ++i) {
            QCOMPARE(merged.kernels[i].kernel.name, inMemory.kernels[i].kernel.name);
            QCOMPARE(merged.kernels[i].launches, inMemory.kernels[i].launches);
            ROOFSCOPE_COMPARE_REL(merged.kernels[i].kernel.flops, inMemory.kernels[i].kernel.flops, 1e-12);
            ROOFSCOPE_COMPARE_REL(
                *merged.kernels[i].kernel.measuredSeconds, *inMemory.kernels[i].kernel.measuredSeconds, 1e-12);
        }

        // A bad value on the last line: reported at its line and column.
        const int lastLine = 3 + 4 * launches;
        writeRunFile(path, text + "\"x\",\"k\",\"dram__bytes.sum\",\"byte\",\"1\"\n\"broken\"x,2\n");
        const auto bad = importNcuCsv(path);
        QVERIFY(!bad.ok());
        QVERIFY(bad.kernels.empty());
        const Diagnostic* error = nullptr;
        for (const auto& d : bad.diagnostics) {
            error = error ? error : (d.severity == Severity::Error ? &d : nullptr);
        }
        QVERIFY(error);
        QCOMPARE(error->line, lastLine + 1);
        QCOMPARE(error->column, 9); // the text after the closing quote of "broken"
    }

    // Rows of one launch apart from each other cannot be read a launch at a time: refused there.
    void launchRowsApart_data()
    {
        QTest::addColumn<QStringList>("ids");
        QTest::addColumn<int>("line"); // of the row that comes back; 0: the file is read
        QTest::newRow("in order") << QStringList { "0", "0", "1", "1", "2" } << 0;
        QTest::newRow("numbers out of order, each together") << QStringList { "5", "3", "3", "4", "9", "0" } << 0;
        QTest::newRow("a number back") << QStringList { "0", "1", "2", "1" } << 8;
        QTest::newRow("an earlier number back") << QStringList { "7", "3", "9", "3" } << 8;
        QTest::newRow("names, in order") << QStringList { "a", "a", "b" } << 0;
        QTest::newRow("a name back") << QStringList { "a", "b", "a" } << 6;
    }

    void launchRowsApart()
    {
        QFETCH(QStringList, ids);
        QFETCH(int, line);
        std::string text = "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n";
        for (const QString& id : ids) {
            text += "\"" + id.toStdString() + "\",\"k\",\"dram__bytes.sum\",\"byte\",\"100\"\n";
            text += "\"" + id.toStdString()
                + "\",\"k\",\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\",\"inst\",\"7\"\n";
        }
        // Two rows per entry (lines 2n and 2n + 1 for the n-th), both of the launch the entry names.
        const auto r = importNcuCsvText(text, "apart.csv");
        if (line == 0) {
            QVERIFY2(r.ok(), firstError(r.diagnostics).c_str());
            return;
        }
        QVERIFY(!r.ok());
        QVERIFY(r.kernels.empty());
        QVERIFY2(
            firstError(r.diagnostics).find("are not together") != std::string::npos, firstError(r.diagnostics).c_str());
        QCOMPARE(r.diagnostics.back().line, line);
    }

    // rocprof-compute's pmc_perf.csv streams too: three dispatches of one kernel merged while read.
    void rocprofDispatchesMerged()
    {
        ImportOptions options;
        options.aggregate = true;
        const auto r = importRocprof({ ROOFSCOPE_TEST_DATA_DIR "/import/rocprof-compute/pmc_perf.csv" }, options);
        QVERIFY2(r.ok(), firstError(r.diagnostics).c_str());
        QCOMPARE(r.kernels.size(), size_t(1));
        QCOMPARE(r.kernels[0].launches, 3);
        // End_Timestamp - Start_Timestamp of the three rows: 20,160, 15,840 and 16,800 ns.
        ROOFSCOPE_COMPARE_REL(*r.kernels[0].kernel.measuredSeconds, (20160e-9 + 15840e-9 + 16800e-9) / 3.0, 1e-12);
    }

    // Random CSV text of 6 MB (quoted fields with doubled quotes, separators and line breaks
    // inside, CRLF and LF, empty lines, a stray quote at the end): read as a stream through a small
    // buffer and from memory, record by record, the same fields, lines, columns and error.
    void streamedReaderMatchesMemory()
    {
        std::mt19937 random(2026);
        std::string text;
        while (text.size() < std::size_t { 6 } << 20) {
            const int fields = 1 + int(random() % 6);
            for (int f = 0; f < fields; ++f) {
                if (f > 0) {
                    text += ',';
                }
                const int length = int(random() % 40);
                const bool quoted = random() % 3 == 0;
                if (quoted) {
                    text += '"';
                }
                for (int c = 0; c < length; ++c) {
                    const unsigned pick = random() % 50;
                    if (quoted && pick == 0) {
                        text += "\"\"";
                    } else if (quoted && pick == 1) {
                        text += random() % 2 ? "\n" : ",";
                    } else {
                        text += char('a' + pick % 26);
                    }
                }
                if (quoted) {
                    text += '"';
                }
            }
            const unsigned end = random() % 10;
            text += end == 0 ? "\r\n" : end == 1 ? "\n\n" : "\n";
        }
        text += "last,\"stray\"quote\n";
        std::istringstream in(text);
        CsvReader streamed(in, "r.csv", 4096, ',', 257); // a refill every few records
        CsvReader memory(text, "r.csv", 4096);
        int records = 0;
        while (true) {
            const bool a = streamed.next();
            const bool b = memory.next();
            QCOMPARE(a, b);
            if (!a) {
                break;
            }
            ++records;
            QCOMPARE(streamed.line(), memory.line());
            QCOMPARE(streamed.size(), memory.size());
            for (std::size_t i = 0; i < memory.size(); ++i) {
                QCOMPARE(streamed.field(i), memory.field(i));
                QCOMPARE(streamed.column(i), memory.column(i));
            }
        }
        QVERIFY(records > 50000);
        QVERIFY(streamed.failed() && memory.failed());
        QCOMPARE(streamed.error().line, memory.error().line);
        QCOMPARE(streamed.error().column, memory.error().column);
        QVERIFY2(streamed.error().message.find("after a closing quote") != std::string::npos,
            streamed.error().message.c_str());
    }

    // The reader over a stream: records and columns across a byte order mark and CRLF lines.
    void readerOnAStream()
    {
        std::istringstream in(std::string("\xEF\xBB\xBF") + "a,b\r\n\r\n\"x\ny\",2\r\nlast,\"q\"\"\"\n");
        CsvReader r(in, "s.csv", 64);
        QVERIFY(r.next());
        QCOMPARE(std::string(r.field(0)), std::string("a"));
        QCOMPARE(r.column(1), 3);
        QVERIFY(r.next());
        QCOMPARE(r.line(), 3);
        QCOMPARE(std::string(r.field(0)), std::string("x\ny"));
        QCOMPARE(r.column(1), 4); // on line 4
        QVERIFY(r.next());
        QCOMPARE(r.line(), 5);
        QCOMPARE(std::string(r.field(1)), std::string("q\""));
        QVERIFY(!r.next());
        QVERIFY(!r.failed());
    }

    void sessionLoadsItsRuns()
    {
        const auto loaded = loadSessionWithRuns(kRuns + "after.yaml");
        QVERIFY2(!hasErrors(loaded.diagnostics), firstError(loaded.diagnostics).c_str());
        QVERIFY(loaded.session);
        const Session& s = *loaded.session;
        QCOMPARE(s.runs.size(), size_t(1));
        QCOMPARE(s.runs[0].name, std::string("after"));
        QCOMPARE(s.runs[0].path, kRuns + "after-slower.csv"); // relative to the session file
        QCOMPARE(s.runs[0].line, 8);
        QCOMPARE(s.kernels.size(), size_t(1 + 4));
        QVERIFY(s.kernels[0].fromRun.empty()); // the session's own kernel first
        QCOMPARE(s.kernels[2].name, std::string("softmax"));
        QCOMPARE(s.kernels[2].fromRun, std::string("after"));
        QCOMPARE(*s.kernels[2].measuredSeconds, 0.0026);

        // Launches of one name: separate "NAME #ID" kernels, or one with `aggregate: true`.
        const auto two = loadSessionWithRuns(kRuns + "two-runs.yaml");
        QVERIFY2(!hasErrors(two.diagnostics), firstError(two.diagnostics).c_str());
        QCOMPARE(two.session->kernels.size(), size_t(5 + 4));
        QCOMPARE(two.session->kernels[0].name, std::string("gemm #1"));
        QCOMPARE(two.session->kernels[1].name, std::string("gemm #2"));
        QCOMPARE(two.session->kernels[5].name, std::string("gemm"));
        QCOMPARE(two.session->kernels[5].count, 1.0);
    }

    void sessionSavesReferencesNotKernels()
    {
        auto loaded = loadSessionWithRuns(kRuns + "after.yaml");
        QVERIFY(loaded.session);
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("sub"));
        const std::string path = dir.filePath("sub/moved.yaml").toStdString();
        QCOMPARE(saveSessionFile(*loaded.session, path), std::string());
        const auto again = loadSessionWithRuns(path);
        QVERIFY2(!hasErrors(again.diagnostics), firstError(again.diagnostics).c_str());
        QCOMPARE(again.session->kernels.size(), loaded.session->kernels.size());
        QCOMPARE(again.session->runs[0].path, loaded.session->runs[0].path); // still the same file
        const std::string text = sessionToYaml(*loaded.session, path);
        QVERIFY(text.find("softmax") == std::string::npos); // the run's kernels stay in its file
        QVERIFY(text.find("what-if copy") != std::string::npos);
        QVERIFY2(text.find("file: "
                     + std::filesystem::path(kRuns + "after-slower.csv")
                           .lexically_relative(dir.filePath("sub").toStdString())
                           .string())
                != std::string::npos,
            text.c_str());
    }

    void reloadReplacesARunsKernels()
    {
        auto loaded = loadSessionWithRuns(kRuns + "after.yaml");
        Session s = *loaded.session;
        RunReference run = s.runs[0];
        run.path = kRuns + "after-faster.csv";
        auto fresh = loadRun(run);
        QVERIFY(fresh.ok());
        replaceRunKernels(s, "after", fresh.kernels);
        QCOMPARE(s.kernels.size(), size_t(1 + 6));
        QCOMPARE(s.kernels[0].name, std::string("what-if copy"));
        QCOMPARE(s.kernels[1].name, std::string("gemm #1"));
        QCOMPARE(s.kernels[1].fromRun, std::string("after"));
    }

    void badRuns_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing file") << "schema: roofscope-session/1\nruns:\n  - {name: gone, file: nothing.csv}\n"
                                      << 3 << 24 << "run 'gone' cannot be read: ";
        QTest::newRow("unknown format") << "schema: roofscope-session/1\nruns:\n  - {name: a, file: before.csv, "
                                           "format: vtune}\n"
                                        << 3 << 41
                                        << "format must be ncu, rocprof, rocprof-db, advisor, csv, jax or xprof";
        QTest::newRow("same name twice")
            << "schema: roofscope-session/1\nruns:\n  - {name: a, file: before.csv}\n  - {name: a, file: x.csv}\n"
            << 4 << 12 << "named twice";
        QTest::newRow("no file") << "schema: roofscope-session/1\nruns:\n  - {name: a}\n"
                                 << 3 << 5 << "missing required key 'file'";
        QTest::newRow("unknown key") << "schema: roofscope-session/1\nruns:\n  - {name: a, file: b.csv, path: c}\n"
                                     << 3 << 28 << "path";
        QTest::newRow("an ERT file") << "schema: roofscope-session/1\nruns:\n  - {name: a, file: roofline.json}\n"
                                     << 3 << 21 << "holds a device";
        QTest::newRow("not a list") << "schema: roofscope-session/1\nruns: before.csv\n" << 2 << 7 << "expected a list";
    }

    void badRuns()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        QTemporaryDir dir;
        std::filesystem::copy_file(kRuns + "before.csv", dir.filePath("before.csv").toStdString());
        writeRunFile(dir.filePath("roofline.json").toStdString(), "{}");
        const std::string path = dir.filePath("s.yaml").toStdString();
        writeRunFile(path, text.toStdString());
        const auto loaded = loadSessionWithRuns(path);
        QVERIFY(hasErrors(loaded.diagnostics));
        const Diagnostic* error = nullptr;
        for (const auto& d : loaded.diagnostics) {
            error = error ? error : (d.severity == Severity::Error ? &d : nullptr);
        }
        QCOMPARE(error->file, path);
        QCOMPARE(error->line, line);
        QCOMPARE(error->column, column);
        QVERIFY2(error->message.find(message.toStdString()) != std::string::npos, error->toString().c_str());
    }

    void diffMatchesByName()
    {
        // Before: a twice (1 ms and 3 ms: 2 ms per launch), b once; after: a 2.5 ms, c.
        const std::vector<Kernel> before { measured("a", 1e-3), measured("b", 5e-3), measured("a", 3e-3) };
        const std::vector<Kernel> after { measured("c", 1e-3), measured("a", 2.5e-3) };
        RunDiffOptions options;
        options.threshold = 0.2;
        const RunDiff d = diffRuns(before, after, options);
        QCOMPARE(d.kernels.size(), size_t(1));
        QCOMPARE(d.kernels[0].name, std::string("a"));
        QCOMPARE(d.kernels[0].before.launches, 2.0);
        ROOFSCOPE_COMPARE_REL(*d.kernels[0].before.seconds, 2e-3, 1e-15);
        ROOFSCOPE_COMPARE_REL(*d.kernels[0].change, 2.5e-3 / 2e-3 - 1.0, 1e-12);
        ROOFSCOPE_COMPARE_REL(*d.kernels[0].after.achieved, 1e9 / 2.5e-3, 1e-12);
        ROOFSCOPE_COMPARE_REL(*d.kernels[0].after.intensity, 1e9 / 1e8, 1e-15);
        QVERIFY(d.kernels[0].regression); // +25 % > 20 %
        QCOMPARE(d.regressions, 1);
        QCOMPARE(d.onlyBefore, std::vector<std::string> { "b" });
        QCOMPARE(d.onlyAfter, std::vector<std::string> { "c" });
        options.threshold = 0.25; // not more than the threshold
        QCOMPARE(diffRuns(before, after, options).regressions, 0);
    }

    // An aggregated kernel (count 3, mean 2 ms) against three single launches of 1, 2 and 6 ms.
    void diffWeighsCounts()
    {
        const std::vector<Kernel> before { measured("k", 2e-3, 3.0) };
        const std::vector<Kernel> after { measured("k", 1e-3), measured("k", 2e-3), measured("k", 6e-3) };
        const RunDiff d = diffRuns(before, after, {});
        QCOMPARE(d.kernels.size(), size_t(1));
        ROOFSCOPE_COMPARE_REL(*d.kernels[0].after.seconds, 3e-3, 1e-15);
        ROOFSCOPE_COMPARE_REL(*d.kernels[0].change, 0.5, 1e-12);
        // Unmeasured kernels are matched but have no change, and come last.
        Kernel unmeasured = measured("u", 1e-3);
        unmeasured.measuredSeconds.reset();
        const RunDiff e = diffRuns({ unmeasured, measured("k", 1e-3) }, { unmeasured, measured("k", 0.5e-3) }, {});
        QCOMPARE(e.kernels.size(), size_t(2));
        QCOMPARE(e.kernels[1].name, std::string("u"));
        QVERIFY(!e.kernels[1].change);
        QCOMPARE(e.regressions, 0);
    }

    // The window's before/after view: two runs of one session, launches merged per name.
    void diffOfASessionsRuns()
    {
        const auto loaded = loadSessionWithRuns(kRuns + "two-runs.yaml");
        QVERIFY(loaded.session);
        const auto d = diffSessionRuns(*loaded.session, "before", "after", {});
        QVERIFY2(d.diff, firstError(d.diagnostics).c_str());
        QCOMPARE(d.diff->regressions, 1); // softmax, 2 ms -> 2.6 ms
        QCOMPARE(d.diff->kernels.front().name, std::string("softmax"));
        QCOMPARE(d.diff->kernels.size(), size_t(3)); // gemm matched although the session shows "gemm #1", "gemm #2"
        QCOMPARE(d.diff->onlyBefore, std::vector<std::string> { "old_kernel" });
        const auto missing = diffSessionRuns(*loaded.session, "before", "later", {});
        QVERIFY(!missing.diff);
        QVERIFY(hasErrors(missing.diagnostics));
    }

    void thresholds_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("value"); // -1: refused
        QTest::newRow("percent") << "5%" << 0.05;
        QTest::newRow("percent with a space") << "12.5 %" << 0.125;
        QTest::newRow("fraction") << "0.05" << 0.05;
        QTest::newRow("zero") << "0" << 0.0;
        QTest::newRow("over 100 percent") << "150%" << 1.5;
        QTest::newRow("bare number over one is ambiguous") << "5" << -1.0;
        QTest::newRow("negative") << "-5%" << -1.0;
        QTest::newRow("text") << "five" << -1.0;
        QTest::newRow("empty") << "" << -1.0;
        QTest::newRow("percent only") << "%" << -1.0;
        QTest::newRow("not finite") << "inf%" << -1.0;
    }

    void thresholds()
    {
        QFETCH(QString, text);
        QFETCH(double, value);
        const auto parsed = parseThreshold(text.toStdString());
        if (value < 0) {
            QVERIFY(!parsed);
        } else {
            QVERIFY(parsed);
            ROOFSCOPE_COMPARE_REL(*parsed, value, 1e-15);
        }
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestRuns)
#include "test_runs.moc"
