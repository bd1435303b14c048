// Importers on real tool outputs (tests/data/import, see its README) and on our own files:
// the FLOPs, bytes, times, intensities and roofs worked out by hand from each file.
#include "ImportTestUtil.h"
#include "TestMain.h"
#include "TestUtil.h"
#include "io/HardwareLoader.h"
#include "io/HardwareWriter.h"
#include "io/Importers.h"

#include <QTemporaryDir>

using namespace roofscope;
using roofscope::test::bytesOn;
using roofscope::test::mentions;
using roofscope::test::messages;

namespace {
const std::string kData = ROOFSCOPE_TEST_DATA_DIR "/import/";

double levelBandwidth(const Hardware& hw, const std::string& level)
{
    const BandwidthLevel* l = hw.findLevel(level);
    return l ? l->bytesPerSecond : -1.0;
}

double unitPeak(const Hardware& hw, const std::string& unit, const std::string& precision)
{
    return hw.peak(precision, unit).value_or(-1.0);
}
} // namespace

class TestImport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // SOURCES: output.csv (sigma_gpp_gpu_29) FP64 1.9638e12, FP32 4.908e10, 22.765 s, 88.42 GFLOP/s,
    // AI DRAM 14.92, L2 8.92, L1 4.42; output1.csv (sigma_gpp_gpu_34) FP64 2.5967e12, 30.49 s,
    // 85.16 GFLOP/s, AI 5.03, 4.05, 2.02. Exact values from the counters: FP64 = dadd + dmul + 2 dfma.
    void ncuLongLayout_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("line");
        QTest::addColumn<double>("fp64");
        QTest::addColumn<double>("fp32");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<double>("dram");
        QTest::addColumn<double>("l2");
        QTest::addColumn<double>("l1");
        QTest::addColumn<double>("gflops"); // SOURCES.md, rounded
        QTest::addColumn<double>("aiDram");
        QTest::addColumn<double>("aiL2");
        QTest::addColumn<double>("aiL1");
        // 122,305,685,313 + 371,957,323,851 + 2 x 734,774,600,586; 2 x 24,541,362,358;
        // 36,873,068,823 cycles / 1,619,726,202.90 cycles per second.
        QTest::newRow("output.csv") << "ncu/output.csv"
                                    << "sigma_gpp_gpu_29" << 2 << 1963812210336.0 << 49082724716.0
                                    << 36873068823.0 / 1619726202.90 << 134957158144.0 << 225714841568.0
                                    << 455104804320.0 << 88.42 << 14.92 << 8.92 << 4.42;
        // Application output first: the first CSV row is line 9. 158,180,752,242 + 803,017,623,077
        // + 2 x 817,773,953,820; 49,398,007,062.67 / 1,619,999,997.89.
        QTest::newRow("output1.csv (preamble)")
            << "ncu/output1.csv"
            << "sigma_gpp_gpu_34" << 9 << 2596746282959.0 << 0.0 << 49398007062.67 / 1619999997.89 << 516327794816.0
            << 640889913632.0 << 1288549677760.0 << 85.16 << 5.03 << 4.05 << 2.02;
    }

    void ncuLongLayout()
    {
        QFETCH(QString, file);
        QFETCH(QString, name);
        QFETCH(int, line);
        QFETCH(double, fp64);
        QFETCH(double, fp32);
        QFETCH(double, seconds);
        QFETCH(double, dram);
        QFETCH(double, l2);
        QFETCH(double, l1);
        QFETCH(double, gflops);
        QFETCH(double, aiDram);
        QFETCH(double, aiL2);
        QFETCH(double, aiL1);
        const auto r = importNcuCsv(kData + file.toStdString());
        QVERIFY2(r.ok(), messages(r).c_str());
        QVERIFY2(r.diagnostics.empty(), messages(r).c_str());
        QCOMPARE(r.kernels.size(), size_t(1));
        QVERIFY(r.devices.empty());
        const ImportedKernel& k = r.kernels.front();
        QCOMPARE(k.kernel.name, name.toStdString());
        QCOMPARE(k.line, line);
        QCOMPARE(k.launchId, std::string("0"));
        QCOMPARE(k.flopsByPrecision.at("fp64"), fp64); // exact sums of integers
        QCOMPARE(k.flopsByPrecision.at("fp32"), fp32);
        QCOMPARE(k.flopsByPrecision.at("fp16"), 0.0);
        QCOMPARE(k.flopsByPrecision.at("tensor"), 0.0);
        QCOMPARE(k.kernel.flops, fp64 + fp32);
        QCOMPARE(k.kernel.precision, std::string("fp64"));
        QVERIFY(k.kernel.measuredSeconds.has_value());
        ROOFSCOPE_COMPARE_REL(*k.kernel.measuredSeconds, seconds, 1e-15);
        QCOMPARE(bytesOn(k.kernel, "dram"), dram);
        QCOMPARE(bytesOn(k.kernel, "l2"), l2);
        QCOMPARE(bytesOn(k.kernel, "l1"), l1);
        // The figures SOURCES.md derives, to the digits it gives them.
        QCOMPARE(test::printed(k.kernel.flops / *k.kernel.measuredSeconds / 1e9, 2), test::printed(gflops, 2));
        QCOMPARE(test::printed(k.kernel.flops / dram, 2), test::printed(aiDram, 2));
        QCOMPARE(test::printed(k.kernel.flops / l2, 2), test::printed(aiL2, 2));
        QCOMPARE(test::printed(k.kernel.flops / l1, 2), test::printed(aiL1, 2));
    }

    void ncuSourcesRoundedFigures()
    {
        // SOURCES.md: FP64 1.9638e12 and FP32 4.908e10 (output.csv), FP64 2.5967e12 and 30.49 s (output1.csv).
        const auto a = importNcuCsv(kData + "ncu/output.csv");
        const auto b = importNcuCsv(kData + "ncu/output1.csv");
        QCOMPARE(a.kernels.size(), size_t(1));
        QCOMPARE(b.kernels.size(), size_t(1));
        ROOFSCOPE_COMPARE_REL(a.kernels[0].flopsByPrecision.at("fp64"), 1.9638e12, 5e-5);
        ROOFSCOPE_COMPARE_REL(a.kernels[0].flopsByPrecision.at("fp32"), 4.908e10, 5e-4);
        QCOMPARE(test::printed(*a.kernels[0].kernel.measuredSeconds, 3), QString("22.765"));
        ROOFSCOPE_COMPARE_REL(b.kernels[0].flopsByPrecision.at("fp64"), 2.5967e12, 5e-5);
        QCOMPARE(test::printed(*b.kernels[0].kernel.measuredSeconds, 2), QString("30.49"));
    }

    void ncuFailedRunYieldsNoKernel()
    {
        // output8.csv: ==ERROR== LaunchFailed in the preamble (line 5), every value "nan".
        const auto r = importNcuCsv(kData + "ncu/output8.csv");
        QVERIFY2(r.ok(), messages(r).c_str());
        QVERIFY(r.kernels.empty());
        QCOMPARE(r.diagnostics.size(), size_t(1));
        const Diagnostic& d = r.diagnostics.front();
        QCOMPARE(d.severity, Severity::Warning);
        QCOMPARE(d.line, 9); // the kernel's first row
        QVERIFY2(d.message.find("sigma_gpp_gpu_39") != std::string::npos, d.message.c_str());
        QVERIFY2(d.message.find("nan") != std::string::npos, d.message.c_str());
        QVERIFY2(d.message.find("LaunchFailed") != std::string::npos, d.message.c_str());
    }

    // Our own `--page raw` file: units Mbyte and usecond, thousands separators, a stray quote in the
    // application output, a failed launch, a kernel launched twice, a copy kernel with no FLOPs.
    void ncuWideLayout()
    {
        const auto r = importNcuCsv(kData + "ncu-wide/raw.csv");
        QVERIFY2(r.ok(), messages(r).c_str());
        QCOMPARE(r.kernels.size(), size_t(4));
        QCOMPARE(r.diagnostics.size(), size_t(2)); // the failed launch, and the tensor rule that applied
        QCOMPARE(r.diagnostics[0].line, 10);
        QVERIFY(mentions(r, "compute capability 9.0 has no single FLOPs-per-instruction rule"));
        QVERIFY(mentions(r, "reduce_kernel(float*, int)"));

        const std::string gemm = "void gemm_kernel<float, 128, 64>(int, int, const float*, float*)";
        const ImportedKernel& k0 = r.kernels[0];
        QCOMPARE(k0.kernel.name, gemm); // whole, commas and all
        QCOMPARE(k0.line, 7);
        QCOMPARE(k0.kernel.flops, 2.0 * 1073741824.0);
        QCOMPARE(k0.kernel.precision, std::string("fp32"));
        ROOFSCOPE_COMPARE_REL(bytesOn(k0.kernel, "dram"), 12.58e6, 1e-15);
        ROOFSCOPE_COMPARE_REL(bytesOn(k0.kernel, "l2"), 50.33e6, 1e-15);
        ROOFSCOPE_COMPARE_REL(bytesOn(k0.kernel, "l1"), 201.33e6, 1e-15);
        ROOFSCOPE_COMPARE_REL(*k0.kernel.measuredSeconds, 85.31e-6, 1e-15);
        // 2,147,483,648 FLOP / 12,580,000 B = 170.706 FLOP/B; / 85.31 us = 25.17 TFLOP/s
        QCOMPARE(test::printed(k0.kernel.flops / bytesOn(k0.kernel, "dram"), 3), QString("170.706"));
        QCOMPARE(test::printed(k0.kernel.flops / *k0.kernel.measuredSeconds / 1e12, 2), QString("25.17"));

        // Tensor work on a CC 9.0 (Hopper) GPU: 1,048,576 instructions of unknown MMA shapes are not
        // FLOPs by any one factor (x 512 holds on Volta only), so they are not counted; fp16 131,072
        // + 2 x 262,144.
        const ImportedKernel& k1 = r.kernels[1];
        QCOMPARE(k1.kernel.name,
            std::string("void flash_fwd_kernel<Flash_fwd_traits<128, 64, 4, false, cutlass::half_t>, true>"
                        "(Flash_fwd_params)"));
        QCOMPARE(k1.flopsByPrecision.at("tensor"), 0.0);
        QCOMPARE(k1.flopsByPrecision.at("fp16"), 655360.0);
        QCOMPARE(k1.kernel.flops, 655360.0);
        QCOMPARE(k1.kernel.precision, std::string("fp16"));
        ROOFSCOPE_COMPARE_REL(*k1.kernel.measuredSeconds, 42.5e-6, 1e-15);

        // The second launch of gemm: 1,000 + 2 x 536,870,912.
        const ImportedKernel& k2 = r.kernels[2];
        QCOMPARE(k2.baseName, gemm);
        QCOMPARE(k2.launchId, std::string("2"));
        QCOMPARE(k2.kernel.flops, 1073742824.0);

        const ImportedKernel& k4 = r.kernels[3];
        QCOMPARE(k4.launchId, std::string("4"));
        QCOMPARE(k4.kernel.flops, 0.0);
        QVERIFY(k4.kernel.precision.empty());
        ROOFSCOPE_COMPARE_REL(bytesOn(k4.kernel, "l1"), 16.78e6, 1e-15);
    }

    void launchesOfOneKernel()
    {
        auto r = importNcuCsv(kData + "ncu-wide/raw.csv");
        auto named = r.kernels;
        disambiguateNames(named);
        const std::string gemm = "void gemm_kernel<float, 128, 64>(int, int, const float*, float*)";
        QCOMPARE(named[0].kernel.name, gemm + " #0");
        QCOMPARE(named[2].kernel.name, gemm + " #2");
        QCOMPARE(named[1].kernel.name, r.kernels[1].kernel.name); // unique names stay as they are

        aggregateLaunches(r);
        QCOMPARE(r.kernels.size(), size_t(3));
        const ImportedKernel& g = r.kernels[0];
        QCOMPARE(g.kernel.name, gemm);
        QCOMPARE(g.launches, 2);
        QCOMPARE(g.kernel.count, 2.0);
        QCOMPARE(g.kernel.flops, (2147483648.0 + 1073742824.0) / 2.0); // per launch
        ROOFSCOPE_COMPARE_REL(bytesOn(g.kernel, "dram"), (12.58e6 + 6.29e6) / 2.0, 1e-15);
        ROOFSCOPE_COMPARE_REL(*g.kernel.measuredSeconds, (85.31e-6 + 44.1e-6) / 2.0, 1e-15);
    }

    void ncuOlderLongLayout()
    {
        // Extra "Kernel Time" and rule columns, rows ending with a comma, auto-scaled units.
        const std::string text
            = "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Time\",\"Kernel Name\",\"Context\","
              "\"Stream\",\"Section Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\",\"Rule Name\",\"Rule "
              "Type\",\"Rule Description\",\n"
              "\"7\",\"1\",\"python\",\"h\",\"2024-Jan-01\",\"k\",\"1\",\"7\",\"s\",\"dram__bytes.sum\",\"Kbyte\","
              "\"19,200\",\"\",\"\",\"\",\n"
              "\"7\",\"1\",\"python\",\"h\",\"2024-Jan-01\",\"k\",\"1\",\"7\",\"s\",\"gpu__time_duration.sum\","
              "\"msecond\",\"1.5\",\"\",\"\",\"\",\n"
              "\"7\",\"1\",\"python\",\"h\",\"2024-Jan-01\",\"k\",\"1\",\"7\",\"s\","
              "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\",\"Minst\",\"2\",\"\",\"\",\"\",\n";
        const auto r = importNcuCsvText(text, "old.csv");
        QVERIFY2(r.ok() && r.diagnostics.empty(), messages(r).c_str());
        QCOMPARE(r.kernels.size(), size_t(1));
        QCOMPARE(r.kernels[0].kernel.flops, 4e6);
        QCOMPARE(bytesOn(r.kernels[0].kernel, "dram"), 19.2e6);
        ROOFSCOPE_COMPARE_REL(*r.kernels[0].kernel.measuredSeconds, 1.5e-3, 1e-15);
    }

    // SOURCES: device 0 HBM 1388.80, L2 5017.11, L1 9228.89, LDS 17717.55 GB/s; FP32 20948.9,
    // FP64 20279.3, MFMA-BF16 170559.3 GFLOP/s. The header misspells hbmBwHigh and MFMAFI8OpsLow.
    void rocprofRoofline()
    {
        const auto r = importRocprof({ kData + "rocprof-compute/roofline.csv" });
        QVERIFY2(r.ok() && r.diagnostics.empty(), messages(r).c_str());
        QVERIFY(r.kernels.empty());
        QCOMPARE(r.devices.size(), size_t(1));
        const Hardware& hw = r.devices.front();
        QCOMPARE(hw.id, std::string("rocprof-mi200-gfx90a-gpu0")); // named from sysinfo.csv beside it
        QVERIFY(hw.name.find("MI200") != std::string::npos);
        QCOMPARE(hw.vendor, std::string("AMD"));
        QCOMPARE(hw.year, 2024);
        QCOMPARE(hw.defaultLevel, std::string("hbm"));
        QCOMPARE(levelBandwidth(hw, "hbm"), 1388.7961e9);
        QCOMPARE(levelBandwidth(hw, "dram"), 1388.7961e9); // alias
        QCOMPARE(levelBandwidth(hw, "l2"), 5017.1123e9);
        QCOMPARE(levelBandwidth(hw, "l1"), 9228.8867e9);
        QCOMPARE(levelBandwidth(hw, "lds"), 17717.547e9);
        QCOMPARE(hw.levels.front().name, std::string("lds")); // fastest first
        QCOMPARE(unitPeak(hw, "valu", "fp32"), 20948.875e9);
        QCOMPARE(unitPeak(hw, "valu", "fp64"), 20279.322e9);
        QCOMPARE(unitPeak(hw, "mfma", "bf16"), 170559.28e9);
        QCOMPARE(unitPeak(hw, "mfma", "fp16"), 164963.36e9);
        QCOMPARE(unitPeak(hw, "mfma", "fp32"), 41443.391e9);
        QCOMPARE(unitPeak(hw, "mfma", "fp64"), 41501.996e9);
        QCOMPARE(unitPeak(hw, "mfma", "int8"), 166425.84e9);
        QCOMPARE(test::printed(levelBandwidth(hw, "hbm") / 1e9, 2), QString("1388.80"));
        QCOMPARE(test::printed(unitPeak(hw, "mfma", "bf16") / 1e9, 1), QString("170559.3"));
        // The misspelled companions are read: hbmBwHigh 1389.358, MFMAFI8OpsLow 165934.58.
        QVERIFY2(hw.notes.find("HBMBw 1388.23-1389.36 GB/s") != std::string::npos, hw.notes.c_str());
        QVERIFY2(hw.notes.find("MFMAI8Ops 165935-166917 GOP/s") != std::string::npos, hw.notes.c_str());
        QVERIFY2(hw.notes.find("1638.4 GB/s") != std::string::npos, hw.notes.c_str()); // sysinfo's specified HBM
    }

    void rocprofOtherDevice()
    {
        ImportOptions options;
        options.rocprofDevice = 2;
        const auto r = importRocprof({ kData + "rocprof-compute/roofline.csv" }, options);
        QVERIFY2(r.ok(), messages(r).c_str());
        QCOMPARE(levelBandwidth(r.devices.at(0), "hbm"), 1388.4871e9);
        QCOMPARE(r.devices[0].id, std::string("rocprof-mi200-gfx90a-gpu2"));
        options.rocprofDevice = 7;
        const auto missing = importRocprof({ kData + "rocprof-compute/roofline.csv" }, options);
        QVERIFY(!missing.ok());
        QVERIFY2(mentions(missing, "devices in the file: 0 1 2 3"), messages(missing).c_str());
    }

    // SOURCES: vecCopy, 3 dispatches, no FLOPs (AI 0). Dispatch 0: 20,160 ns; HBM 131,080 reads and
    // 131,072 writes of 64 B = 16,777,728 B, about 832 GB/s. It uses no LDS: its zero LDS count is
    // left out with one warning per dispatch, naming it and its line.
    void rocprofPmcPerf()
    {
        const auto r = importRocprof({ kData + "rocprof-compute/pmc_perf.csv" });
        QVERIFY2(r.ok() && r.diagnostics.size() == 3, messages(r).c_str());
        for (int i = 0; i < 3; ++i) {
            const Diagnostic& d = r.diagnostics[static_cast<size_t>(i)];
            QCOMPARE(d.severity, Severity::Warning);
            QCOMPARE(d.line, i + 2);
            QVERIFY2(d.message.find("(dispatch " + std::to_string(i) + "): 0 bytes on lds; that level is left out")
                    != std::string::npos,
                d.message.c_str());
        }
        QVERIFY(r.devices.empty());
        QCOMPARE(r.kernels.size(), size_t(3));
        const std::string name = "vecCopy(double*, double*, double*, int, int) [clone .kd]";
        const std::vector<double> hbm { (131080.0 + 131072.0) * 64, (131081.0 + 91060.0) * 64,
            (131081.0 + 91196.0) * 64 };
        const std::vector<double> ns { 1413525768620986.0 - 1413525768600826.0, 1413525768655226.0 - 1413525768639386.0,
            1413525768733626.0 - 1413525768716826.0 };
        for (size_t i = 0; i < 3; ++i) {
            const ImportedKernel& k = r.kernels[i];
            QCOMPARE(k.kernel.name, name);
            QCOMPARE(k.launchId, std::to_string(i));
            QCOMPARE(k.line, int(i) + 2);
            QCOMPARE(k.kernel.flops, 0.0);
            QCOMPARE(bytesOn(k.kernel, "hbm"), hbm[i]);
            QCOMPARE(bytesOn(k.kernel, "l2"), (131072.0 + 131072.0) * 64); // TCP_TCC read + write requests
            QCOMPARE(bytesOn(k.kernel, "l1"), 524288.0 * 64); // TCP_TOTAL_CACHE_ACCESSES
            QCOMPARE(bytesOn(k.kernel, "lds"), -1.0); // no LDS traffic: no level
            ROOFSCOPE_COMPARE_REL(*k.kernel.measuredSeconds, ns[i] * 1e-9, 1e-15);
            QCOMPARE(k.kernel.flops / bytesOn(k.kernel, "hbm"), 0.0); // AI = 0
        }
        QCOMPARE(hbm[0], 16777728.0);
        QCOMPARE(ns[0], 20160.0);
        QCOMPARE(test::printed(hbm[0] / (ns[0] * 1e-9) / 1e9, 0), QString("832"));
    }

    void rocprofWorkloadFolder()
    {
        const auto r = importRocprof({ kData + "rocprof-compute" });
        QVERIFY2(r.ok(), messages(r).c_str());
        QCOMPARE(r.devices.size(), size_t(1));
        QCOMPARE(r.kernels.size(), size_t(3));
    }

    // SOURCES: roofline.json L1 1002.83, L2 541.98, L3 290.41, DRAM 68.76 GB/s, 288.33 GFLOP/s,
    // ridge vs DRAM 4.19; titan: L1 360.04, L2 185.15, DRAM 31.16 GB/s, 105.34 GFLOP/s.
    void ert_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QStringList>("levels");
        QTest::addColumn<QList<double>>("gbps");
        QTest::addColumn<double>("gflops");
        QTest::addColumn<QString>("ridge");
        QTest::addColumn<QString>("metadata");
        QTest::newRow("roofline.json") << "ert/roofline.json"
                                       << "ert-kcadmin-uniserver-r5200-g3" << QStringList { "l1", "l2", "l3", "dram" }
                                       << QList<double> { 1002.83, 541.98, 290.41, 68.76 } << 288.33 << "4.19"
                                       << "OPENMP_THREADS 2";
        QTest::newRow("titan") << "ert/roofline.titan.ccs.ornl.gov.01.json"
                               << "ert-titan-batch7.ccs.ornl.gov" << QStringList { "l1", "l2", "dram" }
                               << QList<double> { 360.04, 185.15, 31.16 } << 105.34 << "3.38"
                               << "OPENMP_THREADS 4";
    }

    void ert()
    {
        QFETCH(QString, file);
        QFETCH(QString, id);
        QFETCH(QStringList, levels);
        QFETCH(QList<double>, gbps);
        QFETCH(double, gflops);
        QFETCH(QString, ridge);
        QFETCH(QString, metadata);
        const auto r = importErtJson(kData + file.toStdString());
        QVERIFY2(r.ok() && r.diagnostics.empty(), messages(r).c_str());
        QCOMPARE(r.devices.size(), size_t(1));
        const Hardware& hw = r.devices.front();
        QCOMPARE(hw.id, id.toStdString());
        QCOMPARE(hw.levels.size(), size_t(levels.size()));
        for (qsizetype i = 0; i < levels.size(); ++i) {
            QCOMPARE(hw.levels[size_t(i)].name, levels[i].toStdString());
            ROOFSCOPE_COMPARE_REL(hw.levels[size_t(i)].bytesPerSecond, gbps[i] * 1e9, 1e-15);
        }
        QCOMPARE(hw.defaultLevel, std::string("dram"));
        QCOMPARE(hw.compute.size(), size_t(1));
        QCOMPARE(hw.compute[0].precision, std::string("fp64")); // the label "GFLOPs": ERT's double kernel
        ROOFSCOPE_COMPARE_REL(hw.compute[0].flopsPerSecond, gflops * 1e9, 1e-15);
        QCOMPARE(test::printed(*hw.peak("fp64") / levelBandwidth(hw, "dram"), 2), ridge);
        QCOMPARE(hw.kind, std::string("cpu")); // ERT_GPU false
        QVERIFY2(hw.notes.find("ERT_VERSION 1.1.0") != std::string::npos, hw.notes.c_str());
        QVERIFY2(hw.notes.find(metadata.toStdString()) != std::string::npos, hw.notes.c_str());
        QCOMPARE(hw.sources.at(0).document, kData + file.toStdString());
    }

    void ertNewerLabels()
    {
        // Newer ERT: "FP64 GFLOPs" and metadata as a list of lines under an empty key.
        const std::string text = R"({"empirical": {
            "gbytes": {"data": [["DRAM", 200.5], ["L1", 3000]]},
            "gflops": {"data": [["FP64 GFLOPs", 1500.25], ["FP32 GFLOPs", 3000.5]]},
            "metadata": {"": ["HOSTNAME node12", "ERT_VERSION 1.2.0", "OPENMP_THREADS 16"]}}})";
        const auto r = importErtJsonText(text, "new.json");
        QVERIFY2(r.ok(), messages(r).c_str());
        const Hardware& hw = r.devices.at(0);
        QCOMPARE(hw.id, std::string("ert-node12"));
        QCOMPARE(*hw.peak("fp64"), 1500.25e9);
        QCOMPARE(*hw.peak("fp32"), 3000.5e9);
        QCOMPARE(hw.levels.front().name, std::string("l1")); // sorted fastest first
        QCOMPARE(hw.defaultLevel, std::string("dram"));
        QVERIFY2(hw.notes.find("ERT_VERSION 1.2.0; OPENMP_THREADS 16") != std::string::npos, hw.notes.c_str());

        // The same lines under the bandwidth block's metadata.
        const std::string moved = R"({"empirical": {
            "gbytes": {"data": [["DRAM", 200.5]], "metadata": {"": ["HOSTNAME node13", "ERT_VERSION 1.2.0"]}},
            "gflops": {"data": [["FP64 GFLOPs", 1500.25]]}}})";
        const auto m = importErtJsonText(moved, "moved.json");
        QVERIFY2(m.ok(), messages(m).c_str());
        QCOMPARE(m.devices.at(0).id, std::string("ert-node13"));
    }

    // Every device an import yields is written as a hardware file that loads back with the same numbers.
    void hardwareFilesLoadBack()
    {
        std::vector<Hardware> devices;
        for (const char* f : { "ert/roofline.json", "ert/roofline.titan.ccs.ornl.gov.01.json" }) {
            devices.push_back(importErtJson(kData + f).devices.at(0));
        }
        devices.push_back(importRocprof({ kData + "rocprof-compute/roofline.csv" }).devices.at(0));
        auto shipped = loadHardwareFile(ROOFSCOPE_HARDWARE_DIR "/nvidia-h100-sxm.yaml");
        QVERIFY(shipped.hardware);
        devices.push_back(*shipped.hardware);
        QTemporaryDir dir;
        for (const auto& hw : devices) {
            const std::string path = dir.filePath(QString::fromStdString(hw.id + ".yaml")).toStdString();
            QVERIFY(saveHardwareFile(hw, path).empty());
            auto back = loadHardwareFile(path);
            QVERIFY2(back.hardware, firstError(back.diagnostics).c_str());
            const Hardware& b = *back.hardware;
            QCOMPARE(b.id, hw.id);
            QCOMPARE(b.name, hw.name);
            QCOMPARE(b.year, hw.year);
            QCOMPARE(b.notes, hw.notes);
            QCOMPARE(b.defaultLevel, hw.defaultLevel);
            QCOMPARE(b.compute.size(), hw.compute.size());
            for (size_t i = 0; i < hw.compute.size(); ++i) {
                QCOMPARE(b.compute[i].unit, hw.compute[i].unit);
                QCOMPARE(b.compute[i].precision, hw.compute[i].precision);
                QCOMPARE(b.compute[i].flopsPerSecond, hw.compute[i].flopsPerSecond); // exact
                QCOMPARE(b.compute[i].sparseFlopsPerSecond, hw.compute[i].sparseFlopsPerSecond);
            }
            QCOMPARE(b.levels.size(), hw.levels.size());
            for (size_t i = 0; i < hw.levels.size(); ++i) {
                QCOMPARE(b.levels[i].name, hw.levels[i].name);
                QCOMPARE(b.levels[i].bytesPerSecond, hw.levels[i].bytesPerSecond);
                QCOMPARE(b.levels[i].capacityBytes, hw.levels[i].capacityBytes);
                QCOMPARE(b.levels[i].aliases, hw.levels[i].aliases);
            }
            QCOMPARE(b.ceilings.size(), hw.ceilings.size());
            for (size_t i = 0; i < hw.ceilings.size(); ++i) {
                QCOMPARE(b.ceilings[i].value, hw.ceilings[i].value);
            }
            QCOMPARE(b.sustained.has_value(), hw.sustained.has_value());
            QCOMPARE(b.tdpWatts, hw.tdpWatts);
            QCOMPARE(b.launchOverheadSeconds, hw.launchOverheadSeconds);
            QCOMPARE(hardwareToYaml(b), hardwareToYaml(hw));
        }
    }

    void plainCsv()
    {
        const auto r = importPlainCsv(kData + "plain/kernels.csv");
        QVERIFY2(r.ok() && r.diagnostics.empty(), messages(r).c_str());
        QCOMPARE(r.kernels.size(), size_t(3));
        const Kernel& gemm = r.kernels[0].kernel;
        QCOMPARE(gemm.name, std::string("gemm, 4096 cubed"));
        QCOMPARE(gemm.flops, 2.0 * 4096 * 4096 * 4096);
        QCOMPARE(bytesOn(gemm, "default"), 3.0 * 4096 * 4096 * 2);
        QCOMPARE(bytesOn(gemm, "l2"), 402653184.0);
        QCOMPARE(*gemm.measuredSeconds, 0.0002);
        QCOMPARE(gemm.precision, std::string("bf16"));
        QCOMPARE(r.kernels[0].line, 3);
        const Kernel& axpy = r.kernels[1].kernel;
        QCOMPARE(axpy.flops, 2e9);
        QCOMPARE(bytesOn(axpy, "default"), 24e9);
        QCOMPARE(bytesOn(axpy, "l2"), -1.0); // empty cell: no bytes on l2
        const Kernel& softmax = r.kernels[2].kernel;
        QCOMPARE(softmax.flops, 5.2e9); // SI suffix
        QCOMPARE(bytesOn(softmax, "default"), 1.6e9);
        QVERIFY(!softmax.measuredSeconds);
        QVERIFY(softmax.precision.empty());
    }

    void plainCsvWithoutHeader()
    {
        const auto r = importPlainCsvText("k1,1e9,2e8,0.001\nk2,4e9,1e9\n", "bare.csv");
        QVERIFY2(r.ok(), messages(r).c_str());
        QCOMPARE(r.kernels.size(), size_t(2));
        QCOMPARE(r.kernels[0].kernel.flops, 1e9);
        QCOMPARE(bytesOn(r.kernels[0].kernel, "default"), 2e8);
        QCOMPARE(*r.kernels[0].kernel.measuredSeconds, 0.001);
        QVERIFY(!r.kernels[1].kernel.measuredSeconds);
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestImport)
#include "test_import.moc"
