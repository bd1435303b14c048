// `roofscope import` and `roofscope table` on imported sessions, run as real processes.
#include "TestMain.h"
#include "TestUtil.h"
#include "cli/CliRun.h"

#include <nlohmann/json.hpp>

#include <QProcess>
#include <QTemporaryDir>

#include <fstream>

using namespace roofscope::test;

namespace {
const QString kData = QStringLiteral(ROOFSCOPE_TEST_DATA_DIR "/import/");

nlohmann::json json(const QByteArray& text)
{
    return nlohmann::json::parse(text.toStdString(), nullptr, false);
}
} // namespace

class TestCliImport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ncuSessionWithoutDevices()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("ncu.yaml");
        Run run = runRoofscope({ "import", "ncu", kData + "ncu/output.csv", kData + "ncu/output1.csv", "-o", session });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("wrote 2 kernels"), run.out.constData());
        run = runRoofscope({ "table", "--session", session, "--format", "json" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto rows = json(run.out);
        QVERIFY2(rows.is_array() && rows.size() == 2, run.out.constData());
        const auto& k = rows[0];
        QVERIFY(k["hardware"].is_null());
        QCOMPARE(k["kernel"].get<std::string>(), std::string("sigma_gpp_gpu_29"));
        QCOMPARE(k["flops"].get<double>(), 1963812210336.0 + 49082724716.0);
        QCOMPARE(k["bytes"]["dram"].get<double>(), 134957158144.0);
        QCOMPARE(k["bytes"]["l2"].get<double>(), 225714841568.0);
        QCOMPARE(k["bytes"]["l1"].get<double>(), 455104804320.0);
        QCOMPARE(roofscope::test::printed(k["intensity"]["dram"].get<double>(), 2), QString("14.92"));
        QCOMPARE(roofscope::test::printed(k["intensity"]["l2"].get<double>(), 2), QString("8.92"));
        QCOMPARE(roofscope::test::printed(k["intensity"]["l1"].get<double>(), 2), QString("4.42"));
        QCOMPARE(roofscope::test::printed(k["measured_s"].get<double>(), 3), QString("22.765"));
        QCOMPARE(roofscope::test::printed(k["achieved_flops_per_s"].get<double>() / 1e9, 2), QString("88.42"));
        QCOMPARE(rows[1]["kernel"].get<std::string>(), std::string("sigma_gpp_gpu_34"));
        QCOMPARE(roofscope::test::printed(rows[1]["achieved_flops_per_s"].get<double>() / 1e9, 2), QString("85.16"));
    }

    void ncuSessionWithADevice()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("ncu.yaml");
        Run run = runRoofscope(
            { "import", "ncu", kData + "ncu/output.csv", "-o", session, "--hardware", "nvidia-h100-sxm" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        run = runRoofscope({ "table", "--session", session, "--format", "json" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto rows = json(run.out);
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0]["hardware"].get<std::string>(), std::string("nvidia-h100-sxm"));
        QCOMPARE(rows[0]["precision"].get<std::string>(), std::string("fp64"));
        // dram is the H100's hbm by alias; the H100 file has no l1 level, so that one is reported.
        QCOMPARE(rows[0]["bytes"]["hbm"].get<double>(), 134957158144.0);
        QCOMPARE(rows[0]["measured_s"].get<double>(), 36873068823.0 / 1619726202.90);
        run = runRoofscope(
            { "import", "ncu", kData + "ncu/output.csv", "-o", session, "--hardware", "no-such-device" });
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("unknown hardware 'no-such-device'"), run.err.constData());
    }

    void failedRunIsRefusedWithItsWarning()
    {
        QTemporaryDir dir;
        const Run run = runRoofscope({ "import", "ncu", kData + "ncu/output8.csv", "-o", dir.filePath("x.yaml") });
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("output8.csv:9: warning: kernel 'sigma_gpp_gpu_39' (ID 0) cannot be measured"),
            run.err.constData());
        QVERIFY2(run.err.contains("roofscope: error: nothing to import"), run.err.constData());
        QVERIFY(!QFile::exists(dir.filePath("x.yaml")));
    }

    void ertDeviceLoadsLikeAnyOther()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath("ert.yaml");
        Run run = runRoofscope({ "import", "ert", kData + "ert/roofline.json", "-o", file });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        run = runRoofscope(
            { "hardware", "show", "ert-kcadmin-uniserver-r5200-g3", "--hardware-dir", dir.path(), "--json" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto hw = json(run.out);
        QCOMPARE(hw["bandwidth_bytes_per_s"]["dram"].get<double>(), 68.76e9);
        QCOMPARE(hw["bandwidth_bytes_per_s"]["l1"].get<double>(), 1002.83e9);
        QCOMPARE(hw["peak_flops_per_s"]["fp64"].get<double>(), 288.33e9);
        QCOMPARE(hw["default_level"].get<std::string>(), std::string("dram"));
        QCOMPARE(roofscope::test::printed(hw["ridge_default_level"]["fp64"].get<double>(), 2), QString("4.19"));
        QVERIFY(hw["notes"].get<std::string>().find("ERT_VERSION 1.1.0") != std::string::npos);
    }

    void rocprofKernelsAndTheirDevice()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("hw"));
        const QString session = dir.filePath("rocprof.yaml");
        Run run = runRoofscope({ "import", "rocprof", kData + "rocprof-compute", "-o", session });
        QCOMPARE(run.exitCode, 2); // kernels and a device need two files
        QVERIFY2(run.err.contains("--hardware-out"), run.err.constData());
        run = runRoofscope({ "import", "rocprof", kData + "rocprof-compute", "-o", session, "--hardware-out",
            dir.filePath("hw/mi200.yaml") });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        run = runRoofscope({ "table", "--session", session, "--hardware-dir", dir.filePath("hw"), "--format", "json" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto rows = json(run.out);
        QCOMPARE(rows.size(), size_t(3));
        QCOMPARE(rows[0]["hardware"].get<std::string>(), std::string("rocprof-mi200-gfx90a-gpu0"));
        QCOMPARE(rows[0]["kernel"].get<std::string>(),
            std::string("vecCopy(double*, double*, double*, int, int) [clone .kd] #0"));
        QCOMPARE(rows[0]["bytes"]["hbm"].get<double>(), 16777728.0);
        QCOMPARE(rows[0]["measured_s"].get<double>(), 20160e-9);
        QCOMPARE(rows[0]["flops"].get<double>(), 0.0);
        // Against the measured HBM roof: 16,777,728 B / 1388.7961 GB/s.
        QCOMPARE(rows[0]["t_level_s"]["hbm"].get<double>(), 16777728.0 / 1388.7961e9);

        run = runRoofscope({ "import", "rocprof", kData + "rocprof-compute", "-o", session, "--aggregate",
            "--hardware-out", dir.filePath("hw/mi200.yaml") });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        run = runRoofscope({ "table", "--session", session, "--hardware-dir", dir.filePath("hw"), "--format", "json" });
        const auto merged = json(run.out);
        QCOMPARE(merged.size(), size_t(1));
        QCOMPARE(merged[0]["count"].get<double>(), 3.0);
        QCOMPARE(merged[0]["measured_s"].get<double>(), (20160e-9 + 15840e-9 + 16800e-9) / 3.0);
    }

    void plainCsvSession()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("plain.yaml");
        Run run = runRoofscope({ "import", "csv", kData + "plain/kernels.csv", "-o", session, "--json" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto summary = json(run.out);
        QCOMPARE(summary["kind"].get<std::string>(), std::string("session"));
        QCOMPARE(summary["kernels"].get<int>(), 3);
        run = runRoofscope({ "table", "--session", session, "--format", "json" });
        const auto rows = json(run.out);
        QCOMPARE(rows.size(), size_t(3));
        QCOMPARE(rows[0]["kernel"].get<std::string>(), std::string("gemm, 4096 cubed"));
        QCOMPARE(rows[0]["achieved_flops_per_s"].get<double>(), 137438953472.0 / 0.0002);
        QCOMPARE(rows[0]["intensity"]["l2"].get<double>(), 137438953472.0 / 402653184.0);
    }

    // 20,000 launches: more than a session file may hold as kernels, so the session refers to
    // the profile, and reopening it reads every launch.
    void twentyThousandKernelsRoundTrip()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("profiles"));
        const QString profile = dir.filePath("profiles/big.csv");
        constexpr int n = 20000;
        {
            std::ofstream out(profile.toStdString(), std::ios::binary);
            out << "name,flops,bytes,seconds\n";
            for (int i = 0; i < n; ++i) {
                out << "kernel_" << i << "," << (i + 1) << "e6,1e6," << (i % 9 + 1) << "e-6\n";
            }
        }
        const QString session = dir.filePath("big.yaml");
        Run run = runRoofscope({ "import", "csv", profile, "-o", session });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(
            run.out.contains("wrote 20000 kernels") && run.out.contains("referring to 1 run"), run.out.constData());
        QFile file(session);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY2(text.contains("file: profiles/big.csv") && text.size() < 1000, text.constData());
        run = runRoofscope({ "table", "--session", session, "--format", "json" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto rows = json(run.out);
        QCOMPARE(rows.size(), size_t(n));
        QCOMPARE(rows[12345]["kernel"].get<std::string>(), std::string("kernel_12345"));
        QCOMPARE(rows[12345]["flops"].get<double>(), 12346e6);
        ROOFSCOPE_COMPARE_REL(rows[12345]["measured_s"].get<double>(), (12345 % 9 + 1) * 1e-6, 1e-15);
        // Copying the kernels into the session is refused for its size.
        run = runRoofscope({ "import", "csv", profile, "-o", dir.filePath("inline.yaml"), "--inline" });
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("over the 1 MiB a session file may have"), run.err.constData());
        QVERIFY(!QFile::exists(dir.filePath("inline.yaml")));
    }

    // --inline keeps the kernels in the session, as before runs existed.
    void inlineCopiesTheKernels()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("inline.yaml");
        Run run = runRoofscope({ "import", "ncu", kData + "ncu/output.csv", "-o", session, "--inline" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QFile file(session);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY2(text.contains("sigma_gpp_gpu_29") && !text.contains("runs:"), text.constData());
    }

    void badInputIsOneLine_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown format") << QStringList { "import", "vtune", "x.csv", "-o", "o.yaml" }
                                        << "unknown format 'vtune'";
        QTest::newRow("no output") << QStringList { "import", "ncu", kData + "ncu/output.csv" } << "needs -o";
        QTest::newRow("no file") << QStringList { "import", "csv", "-o", "o.yaml" } << "needs at least one FILE";
        QTest::newRow("wrong format for the file")
            << QStringList { "import", "ncu", kData + "rocprof-compute/pmc_perf.csv", "-o", "o.yaml" }
            << "pmc_perf.csv:1: no Nsight Compute CSV header";
        QTest::newRow("ERT as csv") << QStringList { "import", "csv", kData + "ert/roofline.json", "-o", "o.yaml" }
                                    << "roofline.json:1";
        QTest::newRow("two ERT devices") << QStringList { "import", "ert", kData + "ert/roofline.json",
            kData + "ert/roofline.titan.ccs.ornl.gov.01.json", "-o", "o.yaml" }
                                         << "2 devices";
    }

    void badInputIsOneLine()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QProcess process;
        process.setWorkingDirectory(dir.path());
        process.start(QStringLiteral(ROOFSCOPE_EXECUTABLE), args);
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 2);
        const QByteArray err = process.readAllStandardError();
        QCOMPARE(err.count('\n'), 1);
        QVERIFY2(err.startsWith("roofscope: error: "), err.constData());
        QVERIFY2(err.contains(message.toUtf8()), err.constData());
        QVERIFY(!QFile::exists(dir.filePath("o.yaml")));
    }

    void binaryGarbageFromTheCommandLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("garbage.csv");
        {
            std::ofstream out(path.toStdString(), std::ios::binary);
            out << "name,flops,bytes\nk,1,";
            out.write("\0\x01\x02\xff", 4);
        }
        const Run run = runRoofscope({ "import", "csv", path, "-o", dir.filePath("o.yaml") });
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("garbage.csv:2:5: binary data"), run.err.constData());
    }
};

ROOFSCOPE_TEST_GUILESS_MAIN(TestCliImport)
#include "test_cli_import.moc"
