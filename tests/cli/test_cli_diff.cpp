// `roofscope diff BEFORE AFTER` and sessions with runs, through the real executable: the exit
// status CI reads (0 / 3 / 2), the JSON form and the text table.
#include "TestMain.h"
#include "TestUtil.h"
#include "cli/CliRun.h"

#include <nlohmann/json.hpp>

#include <cmath>

using namespace roofscope::test;

namespace {
const QString kRuns = QStringLiteral(ROOFSCOPE_TEST_DATA_DIR "/runs/");

nlohmann::json diffJson(const QByteArray& text)
{
    return nlohmann::json::parse(text.toStdString(), nullptr, false);
}

const nlohmann::json* kernelNamed(const nlohmann::json& diff, const std::string& name)
{
    for (const auto& k : diff["kernels"]) {
        if (k["name"] == name) {
            return &k;
        }
    }
    return nullptr;
}
} // namespace

class TestCliDiff : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void slowerKernelExitsThree()
    {
        const Run run = runRoofscope({ "diff", kRuns + "before.csv", kRuns + "after-slower.csv", "--json" });
        QVERIFY2(run.exitCode == 3, run.err.constData());
        const auto d = diffJson(run.out);
        QVERIFY2(d.is_object(), run.out.constData());
        QCOMPARE(d["threshold"].get<double>(), 0.05);
        QCOMPARE(d["regressions"].get<int>(), 1);
        QVERIFY(d["only_before"] == nlohmann::json::array({ "old_kernel" }));
        QVERIFY(d["only_after"] == nlohmann::json::array({ "new_kernel" }));
        QCOMPARE(d["kernels"].size(), size_t(3));
        // The largest change first: softmax 2 ms -> 2.6 ms.
        const auto& softmax = d["kernels"][0];
        QCOMPARE(softmax["name"].get<std::string>(), std::string("softmax"));
        QCOMPARE(softmax["before_s"].get<double>(), 0.002);
        QCOMPARE(softmax["after_s"].get<double>(), 0.0026);
        ROOFSCOPE_COMPARE_REL(softmax["change"].get<double>(), 0.0026 / 0.002 - 1.0, 1e-12);
        QVERIFY(softmax["regression"].get<bool>());
        ROOFSCOPE_COMPARE_REL(softmax["achieved_flops_per_s_after"].get<double>(), 1e9 / 0.0026, 1e-12);
        ROOFSCOPE_COMPARE_REL(softmax["intensity_before"].get<double>(), 1e9 / 4e9, 1e-12);
        // gemm: two launches of 10 and 12 ms before (11 ms per launch), one of 9.9 ms after.
        const auto* gemm = kernelNamed(d, "gemm");
        QVERIFY(gemm);
        QCOMPARE((*gemm)["launches_before"].get<double>(), 2.0);
        ROOFSCOPE_COMPARE_REL((*gemm)["before_s"].get<double>(), 0.011, 1e-12);
        ROOFSCOPE_COMPARE_REL((*gemm)["change"].get<double>(), 0.0099 / 0.011 - 1.0, 1e-12);
        QVERIFY(!(*gemm)["regression"].get<bool>());
        // layernorm +2 %: under the 5 % threshold.
        const auto* layernorm = kernelNamed(d, "layernorm");
        QVERIFY(layernorm);
        ROOFSCOPE_COMPARE_REL((*layernorm)["change"].get<double>(), 0.00102 / 0.001 - 1.0, 1e-12);
        QVERIFY((*layernorm)["fraction_of_roof_before"].is_null()); // no device given
    }

    void nothingSlowerExitsZero()
    {
        const Run run = runRoofscope({ "diff", kRuns + "before.csv", kRuns + "after-faster.csv", "--json" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto d = diffJson(run.out);
        QCOMPARE(d["regressions"].get<int>(), 0);
        QCOMPARE(d["kernels"].size(), size_t(4));
        QVERIFY(d["only_before"].empty());
        QVERIFY(d["only_after"].empty());
        // gemm: 11 ms per launch in both (two launches before, three after).
        const auto* gemm = kernelNamed(d, "gemm");
        ROOFSCOPE_COMPARE_REL((*gemm)["after_s"].get<double>(), 0.011, 1e-12);
        QCOMPARE((*gemm)["launches_after"].get<double>(), 3.0);
        QVERIFY(std::fabs((*gemm)["change"].get<double>()) < 1e-12);
    }

    void thresholdDecides_data()
    {
        QTest::addColumn<QString>("threshold");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<int>("regressions");
        QTest::newRow("50 %: softmax's +30 % passes") << "50%" << 0 << 0;
        QTest::newRow("0.3 exactly: not more than it") << "0.3" << 0 << 0;
        QTest::newRow("1 %: layernorm's +2 % fails too") << "1%" << 3 << 2;
    }

    void thresholdDecides()
    {
        QFETCH(QString, threshold);
        QFETCH(int, exitCode);
        QFETCH(int, regressions);
        const Run run = runRoofscope(
            { "diff", kRuns + "before.csv", kRuns + "after-slower.csv", "--threshold", threshold, "--json" });
        QCOMPARE(run.exitCode, exitCode);
        QCOMPARE(diffJson(run.out)["regressions"].get<int>(), regressions);
    }

    // Sessions with one run each, and a device for the fraction of roof.
    void sessionsWithOneRunEach()
    {
        Run run = runRoofscope(
            { "diff", kRuns + "before.yaml", kRuns + "after.yaml", "--hardware", "nvidia-h100-sxm", "--json" });
        QVERIFY2(run.exitCode == 3, run.err.constData());
        const auto d = diffJson(run.out);
        QCOMPARE(d["regressions"].get<int>(), 1);
        QCOMPARE(d["hardware"].get<std::string>(), std::string("nvidia-h100-sxm"));
        const auto* softmax = kernelNamed(d, "softmax");
        QVERIFY(softmax);
        QVERIFY((*softmax)["fraction_of_roof_before"].is_number());
        // Slower at the same work: the fraction of the roof falls by the same factor.
        ROOFSCOPE_COMPARE_REL((*softmax)["fraction_of_roof_after"].get<double>(),
            (*softmax)["fraction_of_roof_before"].get<double>() * 0.002 / 0.0026, 1e-9);
        QCOMPARE((*softmax)["intensity_level"].get<std::string>(), std::string("hbm"));
        QVERIFY(kernelNamed(d, "what-if copy") == nullptr); // the session's own kernels are not a run
    }

    void textTable()
    {
        const Run run = runRoofscope({ "diff", kRuns + "before.csv", kRuns + "after-slower.csv" });
        QCOMPARE(run.exitCode, 3);
        const QStringList lines = QString::fromUtf8(run.out).split('\n');
        QVERIFY2(lines.size() > 6, run.out.constData());
        QVERIFY(lines[2].startsWith("KERNEL"));
        QVERIFY2(lines[3].startsWith("softmax") && lines[3].contains("+30.0 %") && lines[3].endsWith("SLOWER"),
            qPrintable(lines[3]));
        // Columns line up: each row's change ends where the header's CHANGE ends.
        const int changeEnd = lines[2].indexOf("CHANGE") + 6;
        QCOMPARE(lines[3].indexOf("+30.0 %") + 7, changeEnd);
        QVERIFY(run.out.contains("only before: old_kernel"));
        QVERIFY(run.out.contains("only after: new_kernel"));
        QVERIFY(run.out.contains("1 kernel slower by more than 5 %"));
    }

    void badInputExitsTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing file") << QStringList { "diff", kRuns + "before.csv", kRuns + "nothing.csv" }
                                      << "AFTER " + kRuns + "nothing.csv: no such file";
        QTest::newRow("one run only") << QStringList { "diff", kRuns + "before.csv" } << "diff needs two runs";
        QTest::newRow("bad threshold") << QStringList { "diff", kRuns + "before.csv", kRuns + "after-slower.csv",
            "--threshold", "five" } << "--threshold 'five'";
        QTest::newRow("ambiguous threshold") << QStringList { "diff", kRuns + "before.csv", kRuns + "after-slower.csv",
            "--threshold", "5" } << "a percentage (5%)";
        QTest::newRow("session with two runs") << QStringList { "diff", kRuns + "two-runs.yaml",
            kRuns + "after-slower.csv" } << "exactly one run, it has 2";
        QTest::newRow("session whose run is missing")
            << QStringList { "diff", kRuns + "missing-run.yaml", kRuns + "after-slower.csv" } << "no such file";
        QTest::newRow("not a profile") << QStringList { "diff", kRuns + "README.md", kRuns + "after-slower.csv" }
                                       << "README.md:3: the header needs name";
        QTest::newRow("unknown device") << QStringList { "diff", kRuns + "before.csv", kRuns + "after-slower.csv",
            "--hardware", "nope" } << "unknown hardware 'nope'";
    }

    void badInputExitsTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run run = runRoofscope(args);
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(run.err.startsWith("roofscope: error: "), run.err.constData());
        QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
        QVERIFY(run.out.isEmpty());
    }

    // table, compare and export read a session's runs.
    void tableReadsTheRuns()
    {
        Run run = runRoofscope({ "table", "--session", kRuns + "after.yaml", "--format", "json" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto rows = diffJson(run.out);
        QCOMPARE(rows.size(), size_t(5)); // the session's kernel and the run's four, on one device
        QCOMPARE(rows[2]["kernel"].get<std::string>(), std::string("softmax"));
        QCOMPARE(rows[2]["measured_s"].get<double>(), 0.0026);
        run = runRoofscope({ "compare", "--session", kRuns + "after.yaml", "--format", "json" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        run = runRoofscope({ "table", "--session", kRuns + "missing-run.yaml" });
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("missing-run.yaml:3:24: run 'gone' cannot be read: "), run.err.constData());
    }
};

ROOFSCOPE_TEST_GUILESS_MAIN(TestCliDiff)
#include "test_cli_diff.moc"
