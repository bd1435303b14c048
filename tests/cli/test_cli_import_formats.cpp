#include "TestMain.h"
// `roofscope import` of each format and `roofscope diff` of renamed kernels, run as real
// processes: MI300 HBM bytes, ncu tensor rules, kernels that moved 0 bytes, split ncu runs, JAX,
// XProf and Intel Advisor files.
#include "TestUtil.h"
#include "cli/CliRun.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <fstream>

using namespace roofscope::test;

namespace {
const QString kImportFormatsData = QStringLiteral(ROOFSCOPE_TEST_DATA_DIR "/import/");

nlohmann::json tableJson(const QString& session, const QStringList& extra = {})
{
    Run run = runRoofscope(QStringList { "table", "--session", session, "--format", "json" } + extra);
    return nlohmann::json::parse(run.out.toStdString(), nullptr, false);
}
} // namespace

class TestCliImportFormats : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // MI300X (gfx942) counters: HBM bytes from TCC_EA0_* (16,792,832 B for dispatch 0), so the
    // session evaluates on the MI300X at its HBM level.
    void mi300xWorkload()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("mi300x.yaml");
        Run run = runRoofscope({ "import", "rocprof", kImportFormatsData + "rocprof-compute-mi300x", "-o", session,
            "--inline", "--hardware", "amd-instinct-mi300x" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("wrote 3 kernels"), run.out.constData());
        QVERIFY2(readFile(session).contains("hbm: 16792832"), readFile(session).constData());
        const auto rows = tableJson(session);
        QVERIFY2(rows.is_array() && rows.size() == 3, rows.dump().c_str());
        QCOMPARE(rows[0]["hardware"].get<std::string>(), std::string("amd-instinct-mi300x"));
    }

    // An FP8 GEMM on MI300: 1,000,000 MFMA F8 MOPS x 512 = 512,000,000 FLOPs, filed under fp8.
    void mi300Fp8Gemm()
    {
        QTemporaryDir dir;
        const QString csv = dir.filePath("pmc_perf.csv");
        writeFile(csv,
            "Dispatch_ID,Kernel_Name,Start_Timestamp,End_Timestamp,SQ_INSTS_VALU_MFMA_MOPS_F8,"
            "SQ_INSTS_VALU_MFMA_MOPS_F16,TCC_EA0_RDREQ_sum,TCC_EA0_RDREQ_32B_sum,TCC_EA0_WRREQ_sum,"
            "TCC_EA0_WRREQ_64B_sum,TCC_BUBBLE_sum\n"
            "0,gemm_fp8,1000,11000,1000000,0,200,0,100,100,0\n");
        const QString session = dir.filePath("s.yaml");
        Run run = runRoofscope({ "import", "rocprof", csv, "-o", session, "--inline" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QByteArray yaml = readFile(session);
        QVERIFY2(yaml.contains("flops: 5.12e+08") && yaml.contains("precision: fp8") && yaml.contains("hbm: 19200"),
            yaml.constData());
    }

    // Our Hopper (CC 9.0) file counts tensor instructions only: the import says no rule applies.
    void ncuTensorRuleNamed()
    {
        QTemporaryDir dir;
        Run run
            = runRoofscope({ "import", "ncu", kImportFormatsData + "ncu-wide/raw.csv", "-o", dir.filePath("s.yaml") });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.contains("tensor-core instructions not counted as FLOPs: compute capability 9.0"),
            run.err.constData());
    }

    // A GEMM with dram__bytes.sum = 0: kept, counted, and said why.
    void zeroByteKernel()
    {
        QTemporaryDir dir;
        const QString csv = dir.filePath("gemm.csv");
        writeFile(csv,
            "\"ID\",\"Kernel Name\",\"CC\",\"gpu__time_duration.sum\",\"dram__bytes.sum\","
            "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\"\n"
            "\"0\",\"gemm\",\"8.0\",\"2e-3\",\"0\",\"5000000000\"\n"
            "\"1\",\"copy\",\"8.0\",\"1e-3\",\"4000000\",\"0\"\n");
        const QString session = dir.filePath("s.yaml");
        Run run = runRoofscope({ "import", "ncu", csv, "-o", session, "--inline" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("wrote 2 kernels"), run.out.constData());
        QVERIFY2(
            run.err.contains("'gemm' (ID 0) moved 0 bytes on dram, the only level counted: kept"), run.err.constData());
        const auto rows = tableJson(session);
        QVERIFY2(rows.is_array() && rows.size() == 2, rows.dump().c_str());
        QCOMPARE(rows[0]["flops"].get<double>(), 1e10);
    }

    // Time, FLOP and byte passes of output.csv in three files: one kernel, merged.
    void ncuSplitRun()
    {
        std::ifstream in((kImportFormatsData + "ncu/output.csv").toStdString(), std::ios::binary);
        std::string header;
        std::getline(in, header);
        std::string parts[3] = { header + "\n", header + "\n", header + "\n" };
        for (std::string line; std::getline(in, line);) {
            const int part = line.find("\"sm__cycles_elapsed") != std::string::npos ? 0
                : line.find("bytes.sum\"") != std::string::npos                     ? 2
                                                                                    : 1;
            parts[part] += line + "\n";
        }
        QTemporaryDir dir;
        const QStringList files { dir.filePath("time.csv"), dir.filePath("flops.csv"), dir.filePath("bytes.csv") };
        for (int i = 0; i < 3; ++i) {
            writeFile(files[i], QByteArray::fromStdString(parts[i]));
        }
        const QString session = dir.filePath("s.yaml");
        Run run = runRoofscope(QStringList { "import", "ncu" } + files + QStringList { "-o", session });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("wrote 1 kernel "), run.out.constData());
        QVERIFY2(run.err.contains("split run: time.csv, flops.csv, bytes.csv merged by kernel name and launch order"),
            run.err.constData());
        const auto rows = tableJson(session);
        QVERIFY2(rows.is_array() && rows.size() == 1, rows.dump().c_str());
        QCOMPARE(rows[0]["flops"].get<double>(), 1963812210336.0 + 49082724716.0);
    }

    // sigma_gpp_gpu_29 (22.765 s) became sigma_gpp_gpu_34 (30.49 s): paired, +33.9 %, a regression.
    void diffPairsRenamedKernel()
    {
        Run run
            = runRoofscope({ "diff", kImportFormatsData + "ncu/output.csv", kImportFormatsData + "ncu/output1.csv" });
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.out.contains("paired by name without its numeric suffix: sigma_gpp_gpu_29 -> sigma_gpp_gpu_34"),
            run.out.constData());
        QVERIFY2(run.out.contains("+33.9 %"), run.out.constData());
        run = runRoofscope(
            { "diff", kImportFormatsData + "ncu/output.csv", kImportFormatsData + "ncu/output1.csv", "--exact-names" });
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("only before: sigma_gpp_gpu_29"), run.out.constData());
    }

    // JAX: three programs of four (custom_call's flops are -1); modelled, so no time.
    void jaxImport()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("s.yaml");
        Run run = runRoofscope({ "import", "jax", kImportFormatsData + "jax/named_costs.json", "-o", session,
            "--inline", "--hardware", "nvidia-h100-sxm" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("wrote 3 kernels"), run.out.constData());
        QVERIFY2(run.err.contains("'custom_call': flops is -1.0"), run.err.constData());
        const auto rows = tableJson(session);
        QVERIFY2(rows.is_array() && rows.size() == 3, rows.dump().c_str());
        QCOMPARE(rows[0]["kernel"].get<std::string>(), std::string("matmul"));
        QCOMPARE(rows[0]["flops"].get<double>(), 2.0 * 1024 * 1024 * 1024);
    }

    // XProf: the ops as a run of the session, the peaks as a device file.
    void xprofImport()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("s.yaml");
        QVERIFY(QDir().mkpath(dir.filePath("devices")));
        const QString device = dir.filePath("devices/tpu.yaml");
        Run run = runRoofscope({ "import", "xprof", kImportFormatsData + "xprof/roofline_model.json", "-o", session,
            "--hardware-out", device });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("wrote 3 kernels"), run.out.constData());
        QVERIFY2(readFile(device).contains("id: xprof-tpu-v5-lite"), readFile(device).constData());
        QVERIFY2(readFile(session).contains("format: xprof"), readFile(session).constData());
        const auto rows = tableJson(session, { "--hardware-dir", dir.filePath("devices") });
        QVERIFY2(rows.is_array() && rows.size() == 3, rows.dump().c_str());
        QCOMPARE(rows[0]["kernel"].get<std::string>(), std::string("fusion.1"));
        // Without --hardware-out the kernels come alone, and the output says so.
        run = runRoofscope(
            { "import", "xprof", kImportFormatsData + "xprof/roofline_model.json", "-o", dir.filePath("k.yaml") });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.contains("give --hardware-out FILE"), run.err.constData());
    }

    // rocprof-compute's analysis database: the daxpy kernel (2 dispatches of 10 and 30 us; 104.8576
    // GFLOP/s x 40,000 ns = 4,194,304 FLOPs, so 2,097,152 per dispatch; HBM intensity 1/12 FLOP/byte
    // -> 25,165,824 bytes per dispatch) and the MI200 roofs as a device file whose levels are those of
    // the same workload's roofline.csv. vecCopy did no FLOPs: a warning names it.
    void rocprofAnalysisDb()
    {
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.filePath("devices")));
        const QString session = dir.filePath("s.yaml");
        const QString device = dir.filePath("devices/db.yaml");
        const QString db = kImportFormatsData + "rocprof-db/analysis.db";
        Run run = runRoofscope({ "import", "rocprof-db", db, "-o", session, "--inline", "--hardware-out", device });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("wrote 1 kernel"), run.out.constData());
        QVERIFY2(run.err.contains("vecCopy") && run.err.contains("total_flops is 0"), run.err.constData());
        const auto rows = tableJson(session, { "--hardware-dir", dir.filePath("devices") });
        QVERIFY2(rows.is_array() && rows.size() == 1, rows.dump().c_str());
        const double flops = 104.8576e9 * 40000e-9 / 2; // per dispatch
        ROOFSCOPE_COMPARE_REL(rows[0]["flops"].get<double>(), flops, 1e-12);
        ROOFSCOPE_COMPARE_REL(rows[0]["bytes"]["hbm"].get<double>(), flops * 12, 1e-12);
        ROOFSCOPE_COMPARE_REL(rows[0]["bytes"]["l1"].get<double>(), flops * 24, 1e-12);
        ROOFSCOPE_COMPARE_REL(rows[0]["measured_s"].get<double>(), 20e-6, 1e-12);
        // The device's levels are the roofline.csv ones (HBMBw 1388.7961 GB/s, ...).
        const QString csvDevice = dir.filePath("csv.yaml");
        run = runRoofscope(
            { "import", "rocprof", kImportFormatsData + "rocprof-compute/roofline.csv", "-o", csvDevice });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        auto levels = [](const QByteArray& text) {
            QList<QByteArray> out;
            for (const QByteArray& line : text.split('\n')) {
                if (line.trimmed().startsWith("bandwidth:") || line.trimmed().startsWith("peak:")) {
                    out.push_back(line);
                }
            }
            return out;
        };
        QVERIFY2(levels(readFile(device)).size() >= 4, readFile(device).constData());
        QCOMPARE(levels(readFile(device)), levels(readFile(csvDevice)));
        // Without -o's --inline the session refers to the database and reads it again.
        run = runRoofscope({ "import", "rocprof-db", db, "-o", session, "--hardware-out", device });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(readFile(session).contains("format: rocprof-db"), readFile(session).constData());
        QCOMPARE(tableJson(session, { "--hardware-dir", dir.filePath("devices") }).size(), std::size_t { 1 });
        // Told by its content when a run names no format; a text file given as a database is refused.
        writeFile(dir.filePath("r.yaml"),
            "schema: roofscope-session/1\ntitle: t\nruns:\n  - name: db\n    file: " + db.toUtf8() + "\n");
        QCOMPARE(
            tableJson(dir.filePath("r.yaml"), { "--hardware-dir", dir.filePath("devices") }).size(), std::size_t { 1 });
        run = runRoofscope(
            { "import", "rocprof-db", kImportFormatsData + "plain/kernels.csv", "-o", dir.filePath("x.yaml") });
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.err.contains("kernels.csv") && run.err.contains("not an SQLite database"), run.err.constData());
        QVERIFY(!QFile::exists(dir.filePath("x.yaml")));
    }

    // Intel Advisor's survey report (advisor/survey.csv): four loops as a run of the session (three
    // rows left out, each said with its line), on a Xeon whose one level is DDR: the L1 bytes are
    // counted there, and the row says so. matvec at line 69: 1.000 GFLOP, 8.000 GB, 2.120 s.
    void advisorImport()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("s.yaml");
        const QString survey = kImportFormatsData + "advisor/survey.csv";
        Run run = runRoofscope({ "import", "advisor", survey, "-o", session, "--hardware", "intel-xeon-6980p" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("wrote 4 kernels"), run.out.constData());
        QVERIFY2(run.err.contains("survey.csv:8: warning: loop '[loop in init at Driver.c:40]' has no 'Self GFLOP'"),
            run.err.constData());
        QVERIFY2(readFile(session).contains("format: advisor"), readFile(session).constData());
        const auto rows = tableJson(session);
        QVERIFY2(rows.is_array() && rows.size() == 4, rows.dump().c_str());
        QCOMPARE(rows[0]["kernel"].get<std::string>(), std::string("[loop in matvec at Multiply.c:69]"));
        QCOMPARE(rows[0]["hardware"].get<std::string>(), std::string("intel-xeon-6980p"));
        ROOFSCOPE_COMPARE_REL(rows[0]["flops"].get<double>(), 1e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(rows[0]["bytes"]["ddr"].get<double>(), 8e9, 1e-12);
        QVERIFY2(
            rows[0]["level_notes"].dump().find("L1 bytes counted on DDR") != std::string::npos, rows[0].dump().c_str());
        ROOFSCOPE_COMPARE_REL(rows[0]["measured_s"].get<double>(), 2.12, 1e-12);
        ROOFSCOPE_COMPARE_REL(rows[0]["achieved_flops_per_s"].get<double>(), 1e9 / 2.12, 1e-12);
        // The same file copied into the session with --inline, by the format told from its content.
        run = runRoofscope({ "import", "advisor", survey, "-o", dir.filePath("i.yaml"), "--inline" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(readFile(dir.filePath("i.yaml")).contains("l1: 8e+09"), readFile(dir.filePath("i.yaml")).constData());
        // Another format's file given as Advisor's: refused, and nothing written.
        run = runRoofscope(
            { "import", "advisor", kImportFormatsData + "plain/kernels.csv", "-o", dir.filePath("x.yaml") });
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("kernels.csv:1: no Intel Advisor report header"), run.err.constData());
        QVERIFY(!QFile::exists(dir.filePath("x.yaml")));
    }

    // A run whose format is not given is told by its content.
    void runFormatDetectedByContent()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("s.yaml");
        writeFile(session,
            "schema: roofscope-session/1\ntitle: t\nruns:\n  - name: model\n    file: "
                + (kImportFormatsData + "jax/matmul_cost.json").toUtf8()
                + "\n  - name: tpu\n    file: " + (kImportFormatsData + "xprof/roofline_model.json").toUtf8() + "\n");
        const auto rows = tableJson(session);
        QVERIFY2(rows.is_array() && rows.size() == 4, rows.dump().c_str());
        QCOMPARE(rows[0]["kernel"].get<std::string>(), std::string("matmul_cost"));
        QCOMPARE(rows[1]["kernel"].get<std::string>(), std::string("fusion.1"));
    }
};

ROOFSCOPE_TEST_GUILESS_MAIN(TestCliImportFormats)
#include "test_cli_import_formats.moc"
