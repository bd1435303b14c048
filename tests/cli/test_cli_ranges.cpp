// `roofscope sweep`, `map`, `workload transformer` and `--chips`, run as a real process. The seeds'
// batch thresholds and the D > 8,755 flip are read off `sweep --json` crossings; the expected values
// come from the seeds' formulas, written out here.
#include "TestMain.h"
#include "TestUtil.h"
#include "cli/CliRun.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace roofscope::test;

namespace {

// The first crossing of `kind` from -> to on device `d`; NaN when none.
double crossing(
    const nlohmann::json& sweep, size_t d, const std::string& kind, const std::string& from, const std::string& to)
{
    for (const auto& c : sweep["devices"][d]["crossings"]) {
        if (c["kind"] == kind && c["from"] == from && c["to"] == to) {
            return c["value"].get<double>();
        }
    }
    return std::nan("");
}

} // namespace

class TestCliRanges : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // matmul(m, 1e7, 1e7): compute-bound from m = r s K / (2 K - 2 r s) (bf16 s = 2, int8 s = 1), and
    // with int8 weights under bf16 from m = r K / (2 K - 4 r); r is the device's ridge.
    void seedBatchThresholds_data()
    {
        QTest::addColumn<QStringList>("device");
        QTest::addColumn<QStringList>("dtypes");
        QTest::addColumn<double>("expected");
        QTest::addColumn<int>("decimals"); // -1: the whole part ("B > 243")
        QTest::addColumn<QString>("seed");
        const double K = 1e7;
        const double v5e = 1.97e14 / 8.2e11;
        const double h100 = 9.89e14 / 3.35e12;
        const double int8 = 3.94e14 / 8.1e11;
        QTest::newRow("000 s3.1/s4.2 v5e bf16 B ~240") << QStringList { "--hardware", "google-tpu-v5e" }
                                                       << QStringList {} << v5e * K / (K - 2 * v5e) << 0 << "240";
        QTest::newRow("000 s3.3/s11.2 H100 bf16 B ~295") << QStringList { "--hardware", "nvidia-h100-sxm" }
                                                         << QStringList {} << h100 * K / (K - 2 * h100) << 0 << "295";
        QTest::newRow("000 s6.1 full int8 B > 243")
            << QStringList { "--peak", "3.94e14", "--bandwidth", "hbm=8.1e11" } << QStringList { "dtype=int8" }
            << int8 * K / (2 * K - 2 * int8) << -1 << "243";
        QTest::newRow("000 s6.2 bf16 x int8 weights B > 120")
            << QStringList { "--hardware", "google-tpu-v5e" } << QStringList { "dtype_b=int8" }
            << v5e * K / (2 * K - 4 * v5e) << -1 << "120";
    }
    void seedBatchThresholds()
    {
        QFETCH(QStringList, device);
        QFETCH(QStringList, dtypes);
        QFETCH(double, expected);
        QFETCH(int, decimals);
        QFETCH(QString, seed);
        QStringList args { "sweep" };
        args << device << "--kernel"
             << "matmul"
             << "--param"
             << "k=1e7"
             << "--param"
             << "n=1e7"
             << "--vary"
             << "m=16:4096"
             << "--json";
        for (const auto& d : dtypes) {
            args << "--param" << d;
        }
        const auto j = runJson(args);
        QVERIFY(j.is_object());
        QCOMPARE(j["vary"].get<std::string>(), std::string("m"));
        QCOMPARE(j["values"].size(), size_t(64));
        const double value = crossing(j, 0, "binding", "hbm", "compute");
        ROOFSCOPE_COMPARE_REL(value, expected, 1e-9);
        const QString text
            = decimals < 0 ? QString::number(static_cast<long long>(std::floor(value))) : printed(value, decimals);
        QCOMPARE(text, seed);
    }

    void sweepJsonHasTheContractKeys()
    {
        const auto j = runJson({ "sweep", "--hardware", "google-tpu-v5e,nvidia-h100-sxm", "--kernel", "matmul",
            "--param", "k=4096", "--param", "n=4096", "--vary", "m=1:8192:16", "--json" });
        QVERIFY(j.is_object());
        for (const char* key : { "vary", "values", "devices" }) {
            QVERIFY2(j.contains(key), key);
        }
        QCOMPARE(j["devices"].size(), size_t(2));
        QCOMPARE(j["values"].size(), size_t(16));
        for (const auto& d : j["devices"]) {
            QVERIFY(d.contains("hardware") && d.contains("points") && d.contains("crossings"));
            QCOMPARE(d["points"].size(), size_t(16));
            for (const char* key : { "value", "intensity", "attainable_flops_per_s", "regime", "binding", "t_min_s" }) {
                QVERIFY2(d["points"][0].contains(key), key);
            }
            QVERIFY(!d["crossings"].empty());
            for (const char* key : { "value", "from", "to" }) {
                QVERIFY2(d["crossings"][0].contains(key), key);
            }
        }
        // m = 1, k = n = 4096 on v5e: F = 2 x 4096^2, bytes 2 (4096 + 4096^2 + 4096), memory-bound.
        const auto& p = j["devices"][0]["points"][0];
        const double flops = 2.0 * 4096 * 4096;
        const double bytes = 2.0 * (4096 + 4096.0 * 4096 + 4096);
        ROOFSCOPE_COMPARE_REL(p["intensity"].get<double>(), flops / bytes, 1e-12);
        ROOFSCOPE_COMPARE_REL(p["t_min_s"].get<double>(), bytes / 8.2e11, 1e-12);
        QCOMPARE(p["binding"].get<std::string>(), std::string("hbm"));
    }

    // Seed 000 s4.3 / s10.2 test 5: sharded on d over two chips, compute-bound for D > 2 pi / beta_ici.
    void shardedMatmulFlipsAtD8755()
    {
        const auto j = runJson({ "sweep", "--hardware", "google-tpu-v5e", "--kernel", "sharded_matmul", "--param",
            "b=1024", "--param", "f=8192", "--vary", "d=4096:16384:3", "--json" });
        QVERIFY(j.is_object());
        const double value = crossing(j, 0, "binding", "ici", "compute");
        ROOFSCOPE_COMPARE_REL(value, 2 * 1.97e14 / 4.5e10, 1e-9);
        QCOMPARE(static_cast<long long>(std::floor(value)), 8755LL);
        // The seed's probes: 4k and 8k communication-bound, 16k compute-bound.
        const auto& points = j["devices"][0]["points"];
        QCOMPARE(points[0]["binding"].get<std::string>(), std::string("ici"));
        QCOMPARE(points[2]["binding"].get<std::string>(), std::string("compute"));
    }

    // On N chips the group's link bytes grow as 2 (N-1) s b f over N links: the network takes over
    // at N = 1 + d beta_ici / (2 pi).
    void chipsSweepFindsTheNetworkCrossover()
    {
        const auto j = runJson({ "sweep", "--hardware", "google-tpu-v5e", "--kernel", "sharded_matmul", "--param",
            "b=1024", "--param", "d=65536", "--param", "f=8192", "--vary", "chips=2:64", "--json" });
        QVERIFY(j.is_object());
        ROOFSCOPE_COMPARE_REL(crossing(j, 0, "binding", "compute", "ici"), 1 + 65536 * 4.5e10 / (2 * 1.97e14), 1e-9);
    }

    // --chips 8: the peak and the bandwidth of every level times eight.
    void evalOnEightChips()
    {
        const auto one = runJson({ "eval", "--hardware", "nvidia-h100-sxm", "--kernel", "matmul", "--param", "m=8192",
            "--param", "k=8192", "--param", "n=8192", "--json" });
        const auto eight = runJson({ "eval", "--hardware", "nvidia-h100-sxm", "--kernel", "matmul", "--param", "m=8192",
            "--param", "k=8192", "--param", "n=8192", "--chips", "8", "--json" });
        QVERIFY(one.is_array() && eight.is_array());
        ROOFSCOPE_COMPARE_REL(
            eight[0]["peak_flops_per_s"].get<double>(), 8 * one[0]["peak_flops_per_s"].get<double>(), 1e-15);
        ROOFSCOPE_COMPARE_REL(eight[0]["bandwidth_bytes_per_s"]["hbm"].get<double>(),
            8 * one[0]["bandwidth_bytes_per_s"]["hbm"].get<double>(), 1e-15);
        ROOFSCOPE_COMPARE_REL(eight[0]["t_min_s"].get<double>(), one[0]["t_min_s"].get<double>() / 8, 1e-12);
        QCOMPARE(eight[0]["chips"].get<double>(), 8.0);
    }

    // matmul(m, 64, n) over m x n on an ad-hoc device (ridge 200, tolerance 0): compute-bound exactly
    // where 2 m 64 n / (2 (64 m + 64 n + m n)) >= 200.
    void mapJsonCellsFollowTheIntensity()
    {
        const auto j = runJson({ "map", "--peak", "200T", "--bandwidth", "hbm=1T", "--kernel", "matmul", "--param",
            "k=4096", "--x", "m=1:65536", "--y", "n=1:65536", "--steps", "12", "--tolerance", "0", "--json" });
        QVERIFY(j.is_object());
        QCOMPARE(j["x"].get<std::string>(), std::string("m"));
        QCOMPARE(j["y"].get<std::string>(), std::string("n"));
        QCOMPARE(j["cells"].size(), size_t(12 * 12));
        size_t compute = 0;
        for (const auto& c : j["cells"]) {
            for (const char* key : { "x", "y", "regime", "binding", "t_min_s", "attainable_flops_per_s" }) {
                QVERIFY2(c.contains(key), key);
            }
            const double m = c["x"].get<double>();
            const double n = c["y"].get<double>();
            const double flops = 2 * m * 4096 * n;
            const double bytes = 2 * (m * 4096 + 4096 * n + m * n);
            const bool isCompute = flops / 200e12 >= bytes / 1e12;
            QCOMPARE(c["binding"].get<std::string>(), std::string(isCompute ? "compute" : "hbm"));
            ROOFSCOPE_COMPARE_REL(c["t_min_s"].get<double>(), std::max(flops / 200e12, bytes / 1e12), 1e-12);
            compute += isCompute ? 1 : 0;
        }
        QVERIFY(compute > 0 && compute < 144);
    }

    void mapCsvAndImages()
    {
        const QStringList base { "map", "--hardware", "google-tpu-v5e,nvidia-h100-sxm", "--kernel", "sharded_matmul",
            "--param", "f=8192", "--x", "b=16:4096", "--y", "d=256:65536", "--steps", "24" };
        const Run csv = runRoofscope(QStringList(base) << "--format"
                                                       << "csv");
        QVERIFY2(csv.exitCode == 0, csv.err.constData());
        const QList<QByteArray> lines = csv.out.trimmed().split('\n');
        QCOMPARE(lines.front(), QByteArray("hardware,x,y,regime,binding,t_min_s,attainable_flops_per_s"));
        QCOMPARE(lines.size(), 1 + 2 * 24 * 24);
        QTemporaryDir dir;
        const QString png = dir.filePath("map.png");
        const QString svg = dir.filePath("map.svg");
        const Run a = runRoofscope(QStringList(base) << "-o" << png);
        QVERIFY2(a.exitCode == 0, a.err.constData());
        QFile pngFile(png);
        QVERIFY(pngFile.open(QIODevice::ReadOnly));
        QCOMPARE(pngFile.read(8), QByteArray("\x89PNG\r\n\x1a\n", 8));
        const Run b = runRoofscope(QStringList(base) << "-o" << svg << "--shade"
                                                     << "attainable");
        QVERIFY2(b.exitCode == 0, b.err.constData());
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QByteArray text = svgFile.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("ici-bound")); // the legend as text
        QVERIFY(text.contains("compute-bound"));
    }

    // layers=1, hidden=8, heads=2, kv_heads=1, ffn=16, vocab=32, batch=2, seq=4, decode, bf16, on an
    // ad-hoc 1 TFLOP/s, 1 GB/s device: every kernel is memory-bound (intensity < 1000), so the step's
    // T_min is its bytes / 1 GB/s. Bytes by hand: norm 3 x 128; q, k and v fused, reading the input once:
    // 32 in + 8 x 16 x 2 weights + 2 x 16 x 2 out = 352; scores 96, values 96, o 192; gate and up fused:
    // 32 in + 8 x 32 x 2 weights + 2 x 32 x 2 out = 672; down 352, the gated FFN's activation 3 x 2 x 16 x 2
    // = 192 (docs/model.md#kernels-of-one-step), logits 672.
    void workloadTransformerTinyStep()
    {
        const auto j = runJson({ "workload", "transformer", "--param",
            "layers=1,hidden=8,heads=2,kv_heads=1,ffn=16,vocab=32,batch=2,seq=4,phase=decode", "--peak", "1T",
            "--bandwidth", "hbm=1G", "--json" });
        QVERIFY(j.is_object());
        QCOMPARE(j["devices"].size(), size_t(1));
        const auto& d = j["devices"][0];
        const double bytes = 3 * 128.0 + 352 + 96 + 96 + 192 + 672 + 352 + 192 + 672;
        ROOFSCOPE_COMPARE_REL(d["t_min_s"].get<double>(), bytes / 1e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(d["tokens_per_s"].get<double>(), 2 / (bytes / 1e9), 1e-12);
        QVERIFY(d.contains("t_max_s"));
        QCOMPARE(d["kernels"].size(), size_t(9));
        for (const auto& k : d["kernels"]) {
            for (const char* key : { "name", "count", "flops", "bytes", "regime", "binding", "t_min_s" }) {
                QVERIFY2(k.contains(key), key);
            }
            QCOMPARE(k["binding"].get<std::string>(), std::string("hbm"));
        }
        QCOMPARE(d["kernels"][0]["name"].get<std::string>(), std::string("norm"));
        QCOMPARE(d["kernels"][0]["count"].get<double>(), 3.0);
    }

    // The seed's "8 H100s versus a v5p slice" question: the text form runs and names both devices.
    void workloadTransformerTextOnChips()
    {
        const Run run = runRoofscope({ "workload", "transformer", "--param",
            "layers=32,hidden=4096,heads=32,kv_heads=8,ffn=14336,vocab=128256,batch=64,seq=4096,phase=decode",
            "--hardware", "nvidia-h100-sxm,google-tpu-v5p", "--chips", "8" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(run.out.contains("tokens/s"));
        QVERIFY(run.out.contains("on H100 SXM x8 (nvidia-h100-sxm)"));
        QVERIFY(run.out.contains("on TPU v5p x8 (google-tpu-v5p)"));
        QVERIFY(run.out.contains("ffn_down"));
    }

    void sessionWithTransformerGroupInTable()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("step.yaml");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("schema: roofscope-session/1\n"
                   "devices:\n  - {id: nvidia-h100-sxm, chips: 8, tdp: 750 W}\n"
                   "kernels:\n  - name: llama\n    template: transformer\n"
                   "    params: {layers: 2, hidden: 64, heads: 8, ffn: 128, vocab: 100, seq: 16, phase: prefill}\n");
        file.close();
        const Run table = runRoofscope({ "table", "--session", path, "--format", "json" });
        QVERIFY2(table.exitCode == 0, table.err.constData());
        const auto rows = nlohmann::json::parse(table.out.toStdString());
        // 13 kernels of the step on the device's 8 chips (tp = 8: the gated FFN's ffn_act, the embedding's
        // and the layers' all-reduces and the logits' gather among them), then the group's serving row
        // (docs/serving.md).
        QCOMPARE(rows.size(), size_t(14));
        QCOMPARE(rows[13]["kernel"].get<std::string>(), std::string("llama"));
        QCOMPARE(rows[13]["group"].get<std::string>(), std::string("transformer"));
        QCOMPARE(rows[6]["kernel"].get<std::string>(), std::string("llama/allreduce_attn"));
        QCOMPARE(rows[6]["binding"].get<std::string>(), std::string("nvlink"));
        QCOMPARE(rows[0]["chips"].get<double>(), 8.0);
        QCOMPARE(rows[2]["kernel"].get<std::string>(), std::string("llama/qkv_proj"));
        QCOMPARE(rows[2]["count"].get<double>(), 2.0);
        const Run compare = runRoofscope({ "compare", "--session", path, "--format", "json" });
        QVERIFY2(compare.exitCode == 0, compare.err.constData());
    }

    void badInputExitsWithTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QStringList sweep { "sweep", "--hardware", "google-tpu-v5e", "--kernel", "matmul", "--param", "k=8",
            "--param", "n=8" };
        QTest::newRow("sweep without --vary") << sweep << "--vary";
        QTest::newRow("sweep with a malformed range") << (QStringList(sweep) << "--vary"
                                                                             << "m=8")
                                                      << "FROM:TO";
        QTest::newRow("sweep with reversed range") << (QStringList(sweep) << "--vary"
                                                                          << "m=8:2")
                                                   << "FROM < TO";
        QTest::newRow("sweep of an unknown parameter") << (QStringList(sweep) << "--vary"
                                                                              << "q=1:8")
                                                       << "'q'";
        QTest::newRow("sweep with one step") << (QStringList(sweep) << "--vary"
                                                                    << "m=1:8:1")
                                             << "STEPS";
        QTest::newRow("zero chips") << (QStringList(sweep) << "--vary"
                                                           << "m=1:8"
                                                           << "--chips"
                                                           << "0")
                                    << "--chips";
        QTest::newRow("fractional chips") << (QStringList(sweep) << "--vary"
                                                                 << "m=1:8"
                                                                 << "--chips"
                                                                 << "2.5")
                                          << "--chips";
        QTest::newRow("map without --y") << QStringList { "map", "--hardware", "google-tpu-v5e", "--kernel", "matmul",
            "--param", "k=8", "--x", "m=1:8" }
                                         << "--y";
        QTest::newRow("map with the same axis twice") << QStringList { "map", "--hardware", "google-tpu-v5e",
            "--kernel", "matmul", "--param", "k=8", "--x", "m=1:8", "--y", "m=1:8", "--param", "n=8" }
                                                      << "different";
        QTest::newRow("map to a .gif") << QStringList { "map", "--hardware", "google-tpu-v5e", "--kernel", "matmul",
            "--param", "k=8", "--x", "m=1:8", "--y", "n=1:8", "-o", "/tmp/x.gif" }
                                       << ".png or .svg";
        QTest::newRow("workload without seq") << QStringList { "workload", "transformer", "--param",
            "layers=1,hidden=8,heads=2,ffn=16,vocab=32", "--hardware", "google-tpu-v5e" }
                                              << "'seq'";
        QTest::newRow("workload of an unknown kind")
            << QStringList { "workload", "moe", "--hardware", "google-tpu-v5e" } << "transformer";
    }
    void badInputExitsWithTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run run = runRoofscope(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(run.out.isEmpty());
    }
};

ROOFSCOPE_TEST_GUILESS_MAIN(TestCliRanges)
#include "test_cli_ranges.moc"
