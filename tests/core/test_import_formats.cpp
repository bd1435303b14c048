#include "TestMain.h"
// Counters read right on each architecture (MI300 HBM, MFMA FP8/FP6, ncu tensor rules), kernels that
// moved 0 bytes, split ncu runs, renamed kernels in a diff, and the JAX, XProf and Intel Advisor importers. The
// numbers are worked out by hand from each file (tests/data/import, see its README).
#include "ImportTestUtil.h"
#include "TestUtil.h"
#include "io/HardwareLoader.h"
#include "io/HardwareWriter.h"
#include "io/ImportDetect.h"
#include "io/Importers.h"
#include "io/SessionFile.h"
#include "model/RunDiff.h"

#include <QTemporaryDir>

#include <fstream>
#include <sstream>

using namespace roofscope;
using roofscope::test::bytesOn;
using roofscope::test::mentions;
using roofscope::test::messages;

namespace {
const std::string kFormatsData = ROOFSCOPE_TEST_DATA_DIR "/import/";

void writeFile(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

double flopsOf(const ImportedKernel& k, const std::string& precision)
{
    const auto it = k.flopsByPrecision.find(precision);
    return it == k.flopsByPrecision.end() ? -1.0 : it->second;
}

// A kernel list makes a session that loads back (as `roofscope import --inline` writes it).
bool loadsBack(const ImportResult& r)
{
    Session session;
    session.title = "t";
    for (const auto& k : r.kernels) {
        session.kernels.push_back(k.kernel);
    }
    return loadSessionText(sessionToYaml(session), "t.yaml").session.has_value();
}

const double kFormatsGiB = 1024.0 * 1024.0 * 1024.0;
} // namespace

class TestImportFormats : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // rocprof-compute's MI300X (gfx942) workload: HBM bytes from TCC_EA0_* and TCC_BUBBLE (128-byte
    // reads), as its roofline_calc.py computes them:
    //   BUBBLE x 128 + RDREQ_32B x 32 + (RDREQ - BUBBLE - RDREQ_32B) x 64 + (WRREQ - WRREQ_64B) x 32 + WRREQ_64B x 64.
    // Dispatch 0: 65,536 x 128 + 0 + (65,780 - 65,536) x 64 + 0 + 131,072 x 64 = 16,792,832 B, 23,000 ns.
    // Dispatches 1, 2: RDREQ 65,782: 16,792,960 B; 12,760 ns and 12,719 ns.
    void mi300xHbmFromEa0Counters()
    {
        const auto r = importRocprof({ kFormatsData + "rocprof-compute-mi300x" });
        QVERIFY2(r.ok(), messages(r).c_str());
        QCOMPARE(r.kernels.size(), size_t(3));
        const std::vector<double> hbm { 8388608.0 + 244.0 * 64 + 8388608.0, 8388608.0 + 246.0 * 64 + 8388608.0,
            8388608.0 + 246.0 * 64 + 8388608.0 };
        const std::vector<double> ns { 23000.0, 12760.0, 12719.0 };
        for (size_t i = 0; i < 3; ++i) {
            const Kernel& k = r.kernels[i].kernel;
            QCOMPARE(k.name, std::string("vecCopy(double*, double*, double*, int, int) (.kd)"));
            QCOMPARE(bytesOn(k, "hbm"), hbm[i]);
            QCOMPARE(hbm[i], i == 0 ? 16792832.0 : 16792960.0);
            QCOMPARE(bytesOn(k, "lds"), -1.0); // no LDS traffic: left out with a warning
            ROOFSCOPE_COMPARE_REL(*k.measuredSeconds, ns[i] * 1e-9, 1e-12);
        }
    }

    // FP8 MFMA (MI300, MI350) and FP6/FP4 MFMA (MI350): 512 FLOPs per MOPS count, as for the other
    // MFMA types. 1,000,000 x 512 fp8 + 10 x 512 fp16 + 2,000 x 512 fp6.
    void mfmaFp8AndFp6Counted()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("pmc_perf.csv").toStdString();
        writeFile(path,
            "Dispatch_ID,Kernel_Name,Start_Timestamp,End_Timestamp,SQ_INSTS_VALU_MFMA_MOPS_F8,"
            "SQ_INSTS_VALU_MFMA_MOPS_F16,SQ_INSTS_VALU_MFMA_MOPS_F6F4,TCC_EA0_RDREQ_sum,TCC_EA0_RDREQ_32B_sum,"
            "TCC_EA0_WRREQ_sum,TCC_EA0_WRREQ_64B_sum,TCC_BUBBLE_sum\n"
            "0,gemm_fp8,1000,11000,1000000,10,2000,200,0,100,100,0\n");
        const auto r = importRocprof({ path });
        QVERIFY2(r.ok() && r.kernels.size() == 1, messages(r).c_str());
        const ImportedKernel& k = r.kernels.front();
        QCOMPARE(flopsOf(k, "fp8"), 512000000.0);
        QCOMPARE(flopsOf(k, "fp16"), 5120.0);
        QCOMPARE(flopsOf(k, "fp6"), 1024000.0);
        QCOMPARE(k.kernel.flops, 512000000.0 + 5120.0 + 1024000.0);
        QCOMPARE(k.kernel.precision, std::string("fp8"));
        QCOMPARE(bytesOn(k.kernel, "hbm"), 200.0 * 64 + 100.0 * 64); // no bubbles, no 32-byte requests
        QVERIFY2(mentions(r, "F6F4 counts FP6 and FP4"), messages(r).c_str());
    }

    // Tensor-core FLOPs by architecture, each rule named in a warning.
    void ncuTensorRules_data()
    {
        QTest::addColumn<QString>("cc");
        QTest::addColumn<QString>("extraHeader");
        QTest::addColumn<QString>("extraValue");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<double>("flops");
        QTest::addColumn<QString>("warning");
        // Volta: one HMMA shape, 512 FLOPs an instruction (seed 003).
        QTest::newRow("volta") << "7.0"
                               << ""
                               << ""
                               << "tensor" << 1000.0 * 512 << "x 512 (Volta, compute capability 7.0";
        // Ampere with the tensor-path operation counts: those, not the instruction count.
        QTest::newRow("ampere ops") << "8.0"
                                    << ",\"sm__ops_path_tensor_src_fp16_dst_fp32.sum\""
                                    << ",\"4096000\""
                                    << "fp16" << 4096000.0 << "sm__ops_path_tensor_src_*.sum";
        QTest::newRow("ampere bf16 ops") << "8.0"
                                         << ",\"sm__ops_path_tensor_src_bf16_dst_fp32.sum\""
                                         << ",\"2048000\""
                                         << "bf16" << 2048000.0 << "one FLOP per operation";
        // Hopper with the instruction count only: no rule, no guess.
        QTest::newRow("hopper instructions")
            << "9.0"
            << ""
            << ""
            << "tensor" << 0.0 << "compute capability 9.0 has no single FLOPs-per-instruction rule";
    }
    void ncuTensorRules()
    {
        QFETCH(QString, cc);
        QFETCH(QString, extraHeader);
        QFETCH(QString, extraValue);
        QFETCH(QString, precision);
        QFETCH(double, flops);
        QFETCH(QString, warning);
        const std::string text = "\"ID\",\"Kernel Name\",\"CC\",\"gpu__time_duration.sum\",\"dram__bytes.sum\","
                                 "\"sm__inst_executed_pipe_tensor.sum\""
            + extraHeader.toStdString() + "\n\"0\",\"gemm\",\"" + cc.toStdString() + "\",\"1e-5\",\"1000000\",\"1000\""
            + extraValue.toStdString() + "\n";
        const auto r = importNcuCsvText(text, "t.csv");
        QVERIFY2(r.ok() && r.kernels.size() == 1, messages(r).c_str());
        const ImportedKernel& k = r.kernels.front();
        QCOMPARE(flopsOf(k, precision.toStdString()), flops);
        QCOMPARE(k.kernel.flops, flops);
        QVERIFY2(mentions(r, warning.toStdString()), messages(r).c_str());
    }

    // Our wide-layout file is a Hopper (CC 9.0) profile with instruction counts only: the flash
    // kernel's 1,048,576 tensor instructions are no longer 512 FLOPs each; its fp16 FLOPs stay.
    void ncuHopperFileHasNoTensorGuess()
    {
        const auto r = importNcuCsv(kFormatsData + "ncu-wide/raw.csv");
        QVERIFY2(r.ok() && r.kernels.size() >= 2, messages(r).c_str());
        const ImportedKernel& flash = r.kernels[1];
        QCOMPARE(flopsOf(flash, "tensor"), 0.0);
        QCOMPARE(flash.kernel.flops, 131072.0 + 2.0 * 262144.0);
        QVERIFY2(
            mentions(r, "raw.csv:8: warning: tensor-core instructions not counted as FLOPs: compute capability 9.0"),
            messages(r).c_str());
    }

    // A GEMM whose only counted level moved 0 bytes (its data stayed in L2): kept, compute-bound at
    // DRAM, with its FLOPs and time, and it loads back as a session.
    void zeroByteKernelKept()
    {
        const std::string text = "\"ID\",\"Kernel Name\",\"CC\",\"gpu__time_duration.sum\",\"dram__bytes.sum\","
                                 "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\"\n"
                                 "\"0\",\"gemm\",\"8.0\",\"2e-3\",\"0\",\"5000000000\"\n";
        const auto r = importNcuCsvText(text, "t.csv");
        QVERIFY2(r.ok() && r.kernels.size() == 1, messages(r).c_str());
        const Kernel& k = r.kernels.front().kernel;
        QCOMPARE(k.flops, 1e10);
        QCOMPARE(bytesOn(k, "dram"), 0.0);
        QCOMPARE(*k.measuredSeconds, 2e-3);
        QVERIFY2(
            mentions(r, "moved 0 bytes on dram, the only level counted: kept as compute-bound"), messages(r).c_str());
        QVERIFY(loadsBack(r));
        // No FLOPs and no bytes: nothing to place, still left out.
        const auto empty
            = importNcuCsvText("\"ID\",\"Kernel Name\",\"dram__bytes.sum\","
                               "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\"\n\"0\",\"k\",\"0\",\"0\"\n",
                "t.csv");
        QVERIFY(empty.kernels.empty());
        QVERIFY2(mentions(empty, "did no FLOPs"), messages(empty).c_str());
    }

    // NERSC's split collection: time, FLOP counters and byte counters in three ncu runs. The three
    // passes are cut from the real output.csv (sigma_gpp_gpu_29) by metric, so the merged launch
    // must equal the whole file's: FP64 1,963,812,210,336 + FP32 49,082,724,716 FLOPs.
    void ncuSplitRunMerged()
    {
        std::ifstream in(kFormatsData + "ncu/output.csv", std::ios::binary);
        std::string header;
        std::getline(in, header);
        std::string time = header + "\n";
        std::string flops = header + "\n";
        std::string bytes = header + "\n";
        for (std::string line; std::getline(in, line);) {
            if (line.find("\"sm__cycles_elapsed") != std::string::npos) {
                time += line + "\n";
            } else if (line.find("bytes.sum\"") != std::string::npos) {
                bytes += line + "\n";
            } else {
                flops += line + "\n";
            }
        }
        QTemporaryDir dir;
        const std::vector<std::string> files { dir.filePath("time.csv").toStdString(),
            dir.filePath("flops.csv").toStdString(), dir.filePath("bytes.csv").toStdString() };
        writeFile(files[0], time);
        writeFile(files[1], flops);
        writeFile(files[2], bytes);
        bool split = false;
        const auto r = importNcuFiles(files, {}, &split);
        QVERIFY2(r.ok() && split && r.kernels.size() == 1, messages(r).c_str());
        const auto whole = importNcuCsv(kFormatsData + "ncu/output.csv");
        QCOMPARE(r.kernels[0].kernel.name, std::string("sigma_gpp_gpu_29"));
        QCOMPARE(r.kernels[0].kernel.flops, 1963812210336.0 + 49082724716.0);
        QCOMPARE(r.kernels[0].kernel.bytes.size(), whole.kernels[0].kernel.bytes.size());
        for (const auto& level : whole.kernels[0].kernel.bytes) {
            QCOMPARE(bytesOn(r.kernels[0].kernel, level.level), level.bytes);
        }
        QCOMPARE(*r.kernels[0].kernel.measuredSeconds, *whole.kernels[0].kernel.measuredSeconds);
        QVERIFY2(mentions(r,
                     "split run: time.csv, flops.csv, bytes.csv merged by kernel name and launch order: 1 "
                     "launch of 1 kernel found in every file (their launch IDs agree)"),
            messages(r).c_str());
        // A launch in one pass only is reported, and left out for lack of the other metrics.
        std::string again = "\n" + time.substr(header.size() + 1); // the time rows once more, as launch 1
        for (std::size_t at = again.find("\n\"0\","); at != std::string::npos; at = again.find("\n\"0\",", at)) {
            again.replace(at + 2, 1, "1");
        }
        writeFile(files[0], time + again.substr(1));
        const auto partial = importNcuFiles(files, {}, &split);
        QVERIFY2(mentions(partial, "1 launch could not be merged: 'sigma_gpp_gpu_29' (ID 1) only in time.csv"),
            messages(partial).c_str());
        // Complete files stay apart: two programs, two kernels.
        const auto two
            = importNcuFiles({ kFormatsData + "ncu/output.csv", kFormatsData + "ncu/output1.csv" }, {}, &split);
        QVERIFY(!split);
        QCOMPARE(two.kernels.size(), size_t(2));
    }

    // The GPP example before and after: sigma_gpp_gpu_29 became sigma_gpp_gpu_34.
    void diffPairsNumericSuffixes()
    {
        QCOMPARE(withoutNumericSuffix("sigma_gpp_gpu_29"), std::string("sigma_gpp_gpu"));
        QCOMPARE(withoutNumericSuffix("fusion.12"), std::string("fusion"));
        QCOMPARE(withoutNumericSuffix("gemm"), std::string());
        QCOMPARE(withoutNumericSuffix("sm90"), std::string()); // digits without a separator: part of the name
        std::vector<Kernel> before;
        std::vector<Kernel> after;
        for (const auto& k : importNcuCsv(kFormatsData + "ncu/output.csv").kernels) {
            before.push_back(k.kernel);
        }
        for (const auto& k : importNcuCsv(kFormatsData + "ncu/output1.csv").kernels) {
            after.push_back(k.kernel);
        }
        RunDiffOptions options;
        RunDiff diff = diffRuns(before, after, options);
        QCOMPARE(diff.pairs.size(), size_t(1));
        QCOMPARE(diff.pairs[0].first, std::string("sigma_gpp_gpu_29"));
        QCOMPARE(diff.pairs[0].second, std::string("sigma_gpp_gpu_34"));
        QCOMPARE(diff.kernels.size(), size_t(1));
        QCOMPARE(diff.kernels[0].name, std::string("sigma_gpp_gpu_29 -> sigma_gpp_gpu_34"));
        // 30.49 s after 22.765 s (SOURCES): +33.9 %.
        QCOMPARE(test::printed(*diff.kernels[0].change * 100.0, 1), QString("33.9"));
        options.pairNumberedSuffixes = false;
        diff = diffRuns(before, after, options);
        QVERIFY(diff.pairs.empty() && diff.kernels.empty());
        QCOMPARE(diff.onlyBefore.size(), size_t(1));
        // Two candidates on one side: no pair (ambiguous).
        after.push_back(after.front());
        after.back().name = "sigma_gpp_gpu_35";
        options.pairNumberedSuffixes = true;
        QVERIFY(diffRuns(before, after, options).pairs.empty());
    }

    // jax/make_fixtures.py: f32 matmul 1024^3: 2 x 1024^3 FLOPs, 3 matrices of 4 MiB.
    void jaxCostDict()
    {
        QCOMPARE(detectImportFormat(kFormatsData + "jax/matmul_cost.json"), std::string("jax"));
        const auto r = importJaxJson(kFormatsData + "jax/matmul_cost.json");
        QVERIFY2(r.ok() && r.kernels.size() == 1 && r.diagnostics.empty(), messages(r).c_str());
        const Kernel& k = r.kernels[0].kernel;
        QCOMPARE(k.name, std::string("matmul_cost"));
        QCOMPARE(k.flops, 2.0 * 1024 * 1024 * 1024);
        QCOMPARE(bytesOn(k, "default"), 3.0 * 1024 * 1024 * 4);
        QVERIFY(!k.measuredSeconds); // modelled, not measured
        QVERIFY(loadsBack(r));
    }

    // Older JAX: a list of per-device dicts, operand bytes spelled out and no total: 4 MiB in, 4 MiB out.
    void jaxPerDeviceList()
    {
        const auto r = importJaxJson(kFormatsData + "jax/gelu_per_device.json");
        QVERIFY2(r.ok() && r.kernels.size() == 1, messages(r).c_str());
        QCOMPARE(r.kernels[0].kernel.flops, 8.0 * 1024 * 1024);
        QCOMPARE(bytesOn(r.kernels[0].kernel, "default"), 2.0 * 4194304);
        QVERIFY2(mentions(r, "lists 2 per-device cost dicts of one program: the first device's is read"),
            messages(r).c_str());
    }

    // A dict of names in file order; flops -1 leaves one out, flops 0 warns.
    void jaxNamedCosts()
    {
        const auto r = importJaxJson(kFormatsData + "jax/named_costs.json");
        QVERIFY2(r.ok(), messages(r).c_str());
        QCOMPARE(r.kernels.size(), size_t(3));
        QCOMPARE(r.kernels[0].kernel.name, std::string("matmul"));
        QCOMPARE(r.kernels[1].kernel.name, std::string("gelu"));
        QCOMPARE(r.kernels[2].kernel.name, std::string("copy"));
        QCOMPARE(r.kernels[2].kernel.flops, 0.0);
        QCOMPARE(bytesOn(r.kernels[2].kernel, "default"), 8.0 * 1024 * 1024);
        QVERIFY2(mentions(r, "'copy': flops is 0"), messages(r).c_str());
        QVERIFY2(mentions(r, "'custom_call': flops is -1.0"), messages(r).c_str());
        QVERIFY(!importJaxJsonText("{\"a\": 1}", "x.json").ok());
        QVERIFY(!importJaxJsonText("[1, 2", "x.json").ok());
    }

    // xprof/make_fixture.py: the "Total" rows of three ops (the program row and the per-step rows
    // left out). fusion.1: 10 occurrences, 2,000 us -> 200 us each; 150,000 GFLOP/s x 200 us =
    // 3e10 FLOPs; HBM 600 GiB/s and VMEM 2,000 + 1,000 GiB/s over 200 us.
    void xprofTable()
    {
        QCOMPARE(detectImportFormat(kFormatsData + "xprof/roofline_model.json"), std::string("xprof"));
        const auto r = importXprofJson(kFormatsData + "xprof/roofline_model.json");
        QVERIFY2(r.ok(), messages(r).c_str());
        QCOMPARE(r.kernels.size(), size_t(3));
        const Kernel& fusion = r.kernels[0].kernel;
        QCOMPARE(fusion.name, std::string("fusion.1"));
        QCOMPARE(fusion.count, 10.0);
        ROOFSCOPE_COMPARE_REL(*fusion.measuredSeconds, 200e-6, 1e-15);
        ROOFSCOPE_COMPARE_REL(fusion.flops, 3e10, 1e-15);
        ROOFSCOPE_COMPARE_REL(bytesOn(fusion, "hbm"), 600.0 * kFormatsGiB * 200e-6, 1e-15);
        ROOFSCOPE_COMPARE_REL(bytesOn(fusion, "vmem"), 3000.0 * kFormatsGiB * 200e-6, 1e-15);
        QCOMPARE(bytesOn(fusion, "cmem"), -1.0);
        const Kernel& copy = r.kernels[1].kernel;
        QCOMPARE(copy.name, std::string("copy.3"));
        QCOMPARE(copy.count, 4.0);
        QCOMPARE(copy.flops, 0.0);
        ROOFSCOPE_COMPARE_REL(bytesOn(copy, "hbm"), 700.0 * kFormatsGiB * 100e-6, 1e-15);
        // all-reduce.5: 500 GFLOP/s x 50 us = 2.5e7 FLOPs and no bytes: kept, compute-bound.
        const Kernel& reduce = r.kernels[2].kernel;
        ROOFSCOPE_COMPARE_REL(reduce.flops, 2.5e7, 1e-15);
        QCOMPARE(bytesOn(reduce, "hbm"), 0.0);
        QVERIFY2(mentions(r, "1 program row(s) left out"), messages(r).c_str());
        QVERIFY(loadsBack(r));
        // The device: 197,000 GFLOP/s bf16, HBM 763 GiB/s, VMEM 12,000 GiB/s.
        QCOMPARE(r.devices.size(), size_t(1));
        const Hardware& hw = r.devices[0];
        QCOMPARE(hw.id, std::string("xprof-tpu-v5-lite"));
        QCOMPARE(hw.peak("bf16").value_or(0.0), 197000e9);
        QCOMPARE(hw.findLevel("hbm")->bytesPerSecond, 763.0 * kFormatsGiB);
        QCOMPARE(hw.findLevel("vmem")->bytesPerSecond, 12000.0 * kFormatsGiB);
        QVERIFY(!hw.findLevel("cmem"));
        const auto loaded = loadHardwareText(hardwareToYaml(hw), "d.yaml");
        QVERIFY2(
            loaded.hardware.has_value(), loaded.diagnostics.empty() ? "" : loaded.diagnostics[0].toString().c_str());
        QVERIFY(!importXprofJsonText("{\"cols\": [], \"rows\": []}", "x.json").ok());
    }

    // advisor/survey.csv (comma, four preamble lines, header on line 5). Kept: line 6 (1.000 GFLOP,
    // 8.000 GB, 2.120 s elapsed, Float64), line 7 (4.000 GFLOP, 16.000 GB, 0.705 s, Float32), line 10
    // (0.002 GFLOP, 0.016 GB, elapsed <0.001s: no time) and line 11, a function whose quoted name
    // holds commas (0.500 GFLOP, 1.000 GB, 0.250 s; Float64 and Float32: fp32, the higher roof). Left out:
    // line 8 (no Self GFLOP), line 9 (<0.001 GFLOP), line 12 (0.000 GFLOP).
    void advisorSurvey()
    {
        const std::string file = kFormatsData + "advisor/survey.csv";
        QCOMPARE(detectImportFormat(file), std::string("advisor"));
        const auto r = importAdvisorCsv(file);
        QVERIFY2(r.ok(), messages(r).c_str());
        QCOMPARE(r.kernels.size(), size_t(4));
        const std::vector<std::string> names { "[loop in matvec at Multiply.c:69]", "[loop in matvec at Multiply.c:82]",
            "[loop in scale at Multiply.c:95]", "matvec(int, int, double (*)[101], double *, double *)" };
        const std::vector<double> gflop { 1.0, 4.0, 0.002, 0.5 };
        const std::vector<double> gb { 8.0, 16.0, 0.016, 1.0 };
        const std::vector<double> seconds { 2.120, 0.705, -1.0, 0.250 };
        const std::vector<std::string> precision { "fp64", "fp32", "fp64", "fp32" };
        const std::vector<int> lines { 6, 7, 10, 11 };
        const std::vector<std::string> ids { "4", "9", "17", "21" };
        for (size_t i = 0; i < 4; ++i) {
            const ImportedKernel& k = r.kernels[i];
            QCOMPARE(k.kernel.name, names[i]);
            ROOFSCOPE_COMPARE_REL(k.kernel.flops, gflop[i] * 1e9, 1e-12);
            QCOMPARE(k.kernel.bytes.size(), size_t(1));
            ROOFSCOPE_COMPARE_REL(bytesOn(k.kernel, "l1"), gb[i] * 1e9, 1e-12);
            QCOMPARE(k.kernel.measuredSeconds.has_value(), seconds[i] > 0.0);
            if (seconds[i] > 0.0) {
                ROOFSCOPE_COMPARE_REL(*k.kernel.measuredSeconds, seconds[i], 1e-12);
            }
            QCOMPARE(k.kernel.precision, precision[i]);
            QCOMPARE(k.line, lines[i]);
            QCOMPARE(k.launchId, ids[i]);
        }
        QVERIFY2(mentions(r, "survey.csv:8: warning: loop '[loop in init at Driver.c:40]' has no 'Self GFLOP'"),
            messages(r).c_str());
        QVERIFY2(mentions(r, "survey.csv:9: warning: loop '[loop in tail at Multiply.c:90]': 'Self GFLOP' is <0.001"),
            messages(r).c_str());
        QVERIFY2(mentions(r,
                     "survey.csv:10: warning: loop '[loop in scale at Multiply.c:95]': 'Self Elapsed Time' is "
                     "<0.001s, below what Advisor prints: imported without a measured time"),
            messages(r).c_str());
        QVERIFY2(mentions(r,
                     "survey.csv:11: warning: loop 'matvec(int, int, double (*)[101], double *, double *)' works on "
                     "several floating-point types ('Float64; Float32'): its precision is taken as fp32"),
            messages(r).c_str());
        QVERIFY2(mentions(r, "survey.csv:12: warning: loop '[loop in copy at Driver.c:55]': 'Self GFLOP' is 0.000"),
            messages(r).c_str());
        QCOMPARE(r.diagnostics.size(), size_t(5));
        QVERIFY(loadsBack(r));
    }

    // advisor/cachesim-tab.csv: tab-delimited, every field quoted, CRLF, the cache simulation's columns.
    // triad (line 6): 2 GFLOP; DRAM 16, L3 18.5, L2 20, L1 (Self Memory GB) 24 GB; 1.250 s. dgemm
    // (line 7): 64 GFLOP, DRAM 0 (left out, said), L3 3, L2 12, L1 96 GB, 2.000 s. spmv (line 8):
    // 0.8 GFLOP, no L3 figure (said), DRAM 6.4, L2 8, L1 9.6 GB, 0.400 s, Float32.
    void advisorCacheSimulation()
    {
        const std::string file = kFormatsData + "advisor/cachesim-tab.csv";
        QCOMPARE(detectImportFormat(file), std::string("advisor"));
        const auto r = importAdvisorCsv(file);
        QVERIFY2(r.ok() && r.kernels.size() == 3, messages(r).c_str());
        const Kernel& triad = r.kernels[0].kernel;
        QCOMPARE(triad.name, std::string("[loop in triad at stream.c:210]"));
        ROOFSCOPE_COMPARE_REL(triad.flops, 2e9, 1e-12);
        QCOMPARE(triad.bytes.front().level, std::string("dram")); // slowest first, as the other importers
        ROOFSCOPE_COMPARE_REL(bytesOn(triad, "dram"), 16e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(bytesOn(triad, "l3"), 18.5e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(bytesOn(triad, "l2"), 20e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(bytesOn(triad, "l1"), 24e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(*triad.measuredSeconds, 1.25, 1e-12);
        const Kernel& dgemm = r.kernels[1].kernel;
        ROOFSCOPE_COMPARE_REL(dgemm.flops, 64e9, 1e-12);
        QCOMPARE(bytesOn(dgemm, "dram"), -1.0);
        ROOFSCOPE_COMPARE_REL(bytesOn(dgemm, "l3"), 3e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(bytesOn(dgemm, "l2"), 12e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(bytesOn(dgemm, "l1"), 96e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(*dgemm.measuredSeconds, 2.0, 1e-12);
        QVERIFY2(
            mentions(r, "cachesim-tab.csv:7: warning: loop '[loop in dgemm_kernel at gemm.c:88]': 0 bytes on dram"),
            messages(r).c_str());
        const Kernel& spmv = r.kernels[2].kernel;
        ROOFSCOPE_COMPARE_REL(spmv.flops, 0.8e9, 1e-12);
        QCOMPARE(bytesOn(spmv, "l3"), -1.0);
        ROOFSCOPE_COMPARE_REL(bytesOn(spmv, "dram"), 6.4e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(bytesOn(spmv, "l2"), 8e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(bytesOn(spmv, "l1"), 9.6e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(*spmv.measuredSeconds, 0.4, 1e-12);
        QCOMPARE(spmv.precision, std::string("fp32"));
        QVERIFY2(mentions(r,
                     "cachesim-tab.csv:8: warning: loop '[loop in spmv at sparse.c:31]': Self L3 GB empty: imported "
                     "without that level"),
            messages(r).c_str());
        QCOMPARE(r.diagnostics.size(), size_t(2));
        // Saved as roofline.csv (rocprof-compute's name), the content still says Advisor.
        QTemporaryDir dir;
        const std::string copy = dir.filePath("roofline.csv").toStdString();
        std::ifstream in(file, std::ios::binary);
        writeFile(copy, std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()));
        QCOMPARE(detectImportFormat(copy), std::string("advisor"));
        QCOMPARE(detectImportFormat(kFormatsData + "rocprof-compute/roofline.csv"), std::string("rocprof"));
        // The importer reads the header in any case; detection does too.
        const std::string lower = dir.filePath("loops.csv").toStdString();
        writeFile(lower, "function call sites and loops,self gflop,self memory gb,self elapsed time\nloop,1,2,0.5s\n");
        QCOMPARE(detectImportFormat(lower), std::string("advisor"));
    }

    // Other delimiters and spellings: a semicolon file with Excel's "sep=" line and Self Time alone
    // (said), "< 0.001" with a space, and figures that are not numbers at their line and column.
    void advisorDelimitersAndBadFigures()
    {
        const std::string text = "sep=;\n\n\"Intel(R) Advisor Command Line Tool\"\n\n"
                                 "ID;Function Call Sites and Loops;Self Time;Self GFLOP;Self Memory GB\n"
                                 "1;[loop in a at a.c:1];1.500s;3.000;6.000\n"
                                 "2;[loop in b at a.c:9];0.500s;12,5;1.000\n"
                                 "3;[loop in c at a.c:20];0.250s;2.000;-1.000\n"
                                 "4;[loop in d at a.c:30]; 2.0 s ;1e400;1.000\n"
                                 "5;[loop in e at a.c:40];0.100s;1.000;< 0.001\n";
        const auto r = importAdvisorCsvText(text, "s.csv");
        QVERIFY2(r.ok() && r.kernels.size() == 1, messages(r).c_str());
        QCOMPARE(r.kernels[0].kernel.name, std::string("[loop in a at a.c:1]"));
        ROOFSCOPE_COMPARE_REL(r.kernels[0].kernel.flops, 3e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(bytesOn(r.kernels[0].kernel, "l1"), 6e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(*r.kernels[0].kernel.measuredSeconds, 1.5, 1e-12);
        QVERIFY2(mentions(r, "s.csv:5: warning: no 'Self Elapsed Time' column: the loops' times are 'Self Time'"),
            messages(r).c_str());
        // "12,5" (a decimal comma?) starts at column 31 of line 7.
        QVERIFY2(mentions(r, "s.csv:7:31: warning: loop '[loop in b at a.c:9]': 'Self GFLOP' is '12,5', not a number"),
            messages(r).c_str());
        QVERIFY2(mentions(r,
                     "s.csv:8:38: warning: loop '[loop in c at a.c:20]': 'Self Memory GB' is '-1.000', not a number"),
            messages(r).c_str());
        QVERIFY2(
            mentions(r, "s.csv:9:33: warning: loop '[loop in d at a.c:30]': 'Self GFLOP' is '1e400', not a number"),
            messages(r).c_str());
        QVERIFY2(mentions(r,
                     "s.csv:10: warning: loop '[loop in e at a.c:40]' has no byte count (Self Memory GB below what "
                     "Advisor prints)"),
            messages(r).c_str());
        // Launches of one name merge when asked, as with the other importers.
        ImportOptions merge;
        merge.aggregate = true;
        const auto merged = importAdvisorCsvText(
            "Function Call Sites and Loops,Self GFLOP,Self Memory GB,Self Elapsed Time\nf,1,2,1s\nf,3,4,3s\n", "m.csv",
            merge);
        QVERIFY2(merged.ok() && merged.kernels.size() == 1, messages(merged).c_str());
        QCOMPARE(merged.kernels[0].launches, 2);
        ROOFSCOPE_COMPARE_REL(merged.kernels[0].kernel.flops, 2e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(*merged.kernels[0].kernel.measuredSeconds, 2.0, 1e-12);
    }

    // What is refused: no header, no FLOP column, no byte column, a truncated row, a NUL byte.
    void advisorRefused_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        QTest::newRow("plain csv") << "name,flops,bytes\nk,1,2\n" << 1 << "no Intel Advisor report header";
        QTest::newRow("no FLOPs") << "x\nID,Function Call Sites and Loops,Self Time,Self Memory GB\n1,f,1s,2\n"
                                  << 2 << "the header has no 'Self GFLOP' column";
        QTest::newRow("no bytes") << "Function Call Sites and Loops,Self GFLOP,Self Time\nf,1,1s\n"
                                  << 1 << "the header has no byte column";
        QTest::newRow("truncated row")
            << "Function Call Sites and Loops,Self GFLOP,Self Memory GB,Module\nf,1,2,m\ng,1\n"
            << 3 << "2 fields where the header has 4";
        QTest::newRow("quote never closes")
            << "Function Call Sites and Loops,Self GFLOP,Self Memory GB\nf,1,2\n\"g,1,2\n"
            << 3 << "never closes";
        QTest::newRow("NUL byte") << QString("a\nb") + QChar(0) + "\nFunction Call Sites and Loops\n"
                                  << 2 << "binary data";
    }

    void advisorRefused()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(QString, message);
        const auto r = importAdvisorCsvText(text.toStdString(), "bad.csv");
        QVERIFY(!r.ok());
        QVERIFY(r.kernels.empty());
        const Diagnostic& d = r.diagnostics.back();
        QCOMPARE(d.severity, Severity::Error);
        QCOMPARE(d.line, line);
        QVERIFY2(d.message.find(message.toStdString()) != std::string::npos, d.toString().c_str());
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestImportFormats)
#include "test_import_formats.moc"
