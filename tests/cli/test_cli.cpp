// The command line, run as a real process: the seed numbers through `--json`, the output shapes,
// and one-line errors with a non-zero exit for bad input.
#include "SeedCases.h"
#include "TestMain.h"
#include "TestUtil.h"
#include "cli/CliRun.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

using namespace roofscope::test;

namespace {
QStringList toArgs(const std::vector<std::string>& args)
{
    QStringList out;
    for (const auto& a : args) {
        out << QString::fromStdString(a);
    }
    return out;
}
} // namespace

class TestCli : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void seedNumber_data()
    {
        QTest::addColumn<int>("index");
        const auto& cases = seedCases();
        for (size_t i = 0; i < cases.size(); ++i) {
            QTest::newRow((cases[i].name + " | " + cases[i].field).c_str()) << static_cast<int>(i);
        }
    }

    void seedNumber()
    {
        QFETCH(int, index);
        const SeedCase& c = seedCases()[static_cast<size_t>(index)];
        const Run run = runRoofscope(toArgs(seedCliArgs(c)));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto parsed = nlohmann::json::parse(run.out.toStdString(), nullptr, false);
        QVERIFY2(!parsed.is_discarded(), run.out.constData());
        const nlohmann::json& object = parsed.is_array() ? parsed.at(0) : parsed;
        QCOMPARE(QString::fromStdString(seedRender(c, object)), QString::fromStdString(c.expected));
    }

    void evalJsonHasTheContractFields()
    {
        const Run run = runRoofscope({ "eval", "--hardware", "nvidia-h100-sxm,google-tpu-v5e", "--kernel", "matmul",
            "--param", "m=4096", "--param", "k=4096", "--param", "n=4096", "--measured", "2ms", "--json" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const auto array = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(array.size(), size_t(2));
        for (const char* key : { "hardware", "kernel", "precision", "flops", "bytes", "intensity", "ridge",
                 "peak_flops_per_s", "attainable_flops_per_s", "fraction_of_peak", "regime", "binding", "t_math_s",
                 "t_level_s", "t_min_s", "t_max_s", "measured_s", "achieved_flops_per_s", "fraction_of_roof",
                 "within_bounds", "fits", "launch_overhead_s" }) {
            QVERIFY2(array[0].contains(key), key);
        }
        QCOMPARE(array[1]["hardware"].get<std::string>(), std::string("google-tpu-v5e"));
    }

    void hardwareListAndShow()
    {
        const Run list = runRoofscope({ "hardware", "list", "--json" });
        QCOMPARE(list.exitCode, 0);
        const auto devices = nlohmann::json::parse(list.out.toStdString());
        QVERIFY(devices.size() >= 14);
        for (const auto& d : devices) {
            for (const char* key : { "id", "name", "vendor", "family", "generation" }) {
                QVERIFY(d.contains(key));
            }
        }
        const Run show = runRoofscope({ "hardware", "show", "google-tpu-v5p", "--json" });
        QCOMPARE(show.exitCode, 0);
        const auto v5p = nlohmann::json::parse(show.out.toStdString());
        QCOMPARE(v5p["peak_flops_per_s"]["bf16"].get<double>(), 459e12);
        QCOMPARE(v5p["bandwidth_bytes_per_s"]["hbm"].get<double>(), 2.76e12);
        QCOMPARE(v5p["default_level"].get<std::string>(), std::string("hbm"));
        QVERIFY(!v5p["sources"].empty());
        bool hasVpu = false;
        for (const auto& unit : v5p["compute_units"]) {
            hasVpu = hasVpu || unit["unit"] == "vpu";
        }
        QVERIFY(hasVpu);
        const Run text = runRoofscope({ "hardware", "list" });
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("989 TFLOP/s bf16"));
        QVERIFY(text.out.contains("3.35 TB/s"));
    }

    void hardwareShowMarksEstimates()
    {
        const Run list = runRoofscope({ "hardware", "list", "--json" });
        QCOMPARE(list.exitCode, 0);
        QVERIFY(nlohmann::json::parse(list.out.toStdString()).size() >= 30);
        const Run show = runRoofscope({ "hardware", "show", "google-tpu-v7x", "--json" });
        QCOMPARE(show.exitCode, 0);
        const auto v7x = nlohmann::json::parse(show.out.toStdString());
        std::map<std::string, bool> estimate;
        for (const auto& level : v7x["levels"]) {
            estimate[level["name"].get<std::string>()] = level["estimate"].get<bool>();
        }
        QVERIFY(estimate.at("vmem"));
        QVERIFY(!estimate.at("hbm"));
        QVERIFY(estimate.count("ici"));
        for (const auto& unit : v7x["compute_units"]) {
            QVERIFY(unit.contains("estimate"));
        }
        const Run text = runRoofscope({ "hardware", "show", "google-tpu-v7x" });
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("vmem: 150 TB/s"));
        QVERIFY(text.out.contains(", estimate"));
        // The capacity carries its own estimate flag: 192 GiB = 206,158,430,208 B, printed "206 GB".
        QVERIFY2(text.out.contains("hbm (default): 7.2 TB/s, 206 GB (estimate)"), text.out.constData());
    }

    // A capacity as the vendor's tool reports it, with its own source, and the launch overhead with its
    // source and estimate flag: the H100's 81,559 MiB = 81,559 x 1,048,576 = 85,520,809,984 B (nvidia-smi).
    void hardwareShowGivesCapacitySourceAndLaunchOverhead()
    {
        const Run show = runRoofscope({ "hardware", "show", "nvidia-h100-sxm", "--json" });
        QCOMPARE(show.exitCode, 0);
        const auto h100 = nlohmann::json::parse(show.out.toStdString());
        const nlohmann::json* hbm = nullptr;
        for (const auto& level : h100["levels"]) {
            if (level["name"] == "hbm") {
                hbm = &level;
            }
        }
        QVERIFY(hbm);
        QCOMPARE((*hbm)["capacity_bytes"].get<double>(), 85520809984.0);
        QCOMPARE((*hbm)["capacity_source"].get<std::string>(), std::string("smi-h100"));
        QCOMPARE((*hbm)["capacity_estimate"].get<bool>(), false);
        QCOMPARE(h100["launch_overhead_s"].get<double>(), 4e-6);
        QCOMPARE(h100["launch_overhead_source"].get<std::string>(), std::string("cuda-graphs"));
        QCOMPARE(h100["launch_overhead_estimate"].get<bool>(), true);
        const Run text = runRoofscope({ "hardware", "show", "nvidia-h100-sxm" });
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("hbm (default): 3.35 TB/s, 85.5 GB, ridge"), text.out.constData());
    }

    void tableFormats()
    {
        const QString session = QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/transformer-layer.yaml");
        const Run json = runRoofscope({ "table", "--session", session, "--format", "json" });
        QVERIFY2(json.exitCode == 0, json.err.constData());
        const auto rows = nlohmann::json::parse(json.out.toStdString());
        QCOMPARE(rows.size(), size_t(16)); // 4 kernels x 4 devices
        const Run csv = runRoofscope({ "table", "--session", session, "--format", "csv" });
        QCOMPARE(csv.exitCode, 0);
        QCOMPARE(csv.out.count('\n'), 17);
        const Run md = runRoofscope({ "table", "--session", session, "--format", "markdown" });
        QCOMPARE(md.exitCode, 0);
        QVERIFY(md.out.startsWith("| Kernel"));
        const Run text = runRoofscope({ "table", "--session", session });
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("memory-bound"));
    }

    // resources/examples/sharded-matmul.yaml, every row derived by hand from the template (docs/model.md#templates:
    // per chip F = 2bdf / chips, HBM bytes s (bd/chips + df/chips + bf), ICI bytes 2 (chips-1)/chips s b f,
    // s = 2 for bf16, d = f = 8192) and the device files (TPU v5e: 197 TFLOP/s bf16, HBM 820 GB/s as the
    // file uses to match the guide, ICI 45 GB/s; TPU v5p: 459 TFLOP/s, HBM 2.76 TB/s, ICI 100 GB/s).
    // The link binds every row: the regime says network-bound, and the intensity, ridge and level the
    // row gives are all the ICI ones, so intensity < ridge reads as "bound by ICI".
    void shardedMatmulRowsByHand_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<double>("b");
        QTest::addColumn<double>("chips");
        QTest::addColumn<double>("peak");
        QTest::addColumn<double>("hbm");
        QTest::addColumn<double>("ici");
        const double v5e[3] = { 197e12, 820e9, 45e9 };
        const double v5p[3] = { 459e12, 2.76e12, 100e9 };
        int row = 0;
        for (const auto& [name, b, chips] :
            { std::tuple { "2 chips, 1024 tokens", 1024.0, 2.0 }, std::tuple { "8 chips, 1024 tokens", 1024.0, 8.0 },
                std::tuple { "8 chips, 16384 tokens", 16384.0, 8.0 } }) {
            for (const auto& [device, figures] : { std::pair { "v5e", v5e }, std::pair { "v5p", v5p } }) {
                QTest::newRow((std::string(name) + " on " + device).c_str())
                    << row++ << b << chips << figures[0] << figures[1] << figures[2];
            }
        }
    }
    void shardedMatmulRowsByHand()
    {
        QFETCH(int, row);
        QFETCH(double, b);
        QFETCH(double, chips);
        QFETCH(double, peak);
        QFETCH(double, hbm);
        QFETCH(double, ici);
        const double d = 8192.0;
        const double f = 8192.0;
        const double s = 2.0;
        const double flops = 2.0 * b * d * f / chips;
        const double hbmBytes = s * (b * d / chips + d * f / chips + b * f);
        const double iciBytes = 2.0 * (chips - 1.0) / chips * s * b * f;
        const double tMath = flops / peak;
        const double tIci = iciBytes / ici;
        QVERIFY(tIci > 1.05 * tMath && tIci > hbmBytes / hbm); // the link binds, outside the balanced band

        const QString session = QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/sharded-matmul.yaml");
        const Run json = runRoofscope({ "table", "--session", session, "--format", "json" });
        QVERIFY2(json.exitCode == 0, json.err.constData());
        const auto rows = nlohmann::json::parse(json.out.toStdString());
        QCOMPARE(rows.size(), size_t(6));
        const auto& r = rows[static_cast<size_t>(row)];
        ROOFSCOPE_COMPARE_REL(r["flops"].get<double>(), flops, 1e-12);
        ROOFSCOPE_COMPARE_REL(r["bytes"]["hbm"].get<double>(), hbmBytes, 1e-12);
        ROOFSCOPE_COMPARE_REL(r["bytes"]["ici"].get<double>(), iciBytes, 1e-12);
        QCOMPARE(r["regime"].get<std::string>(), std::string("network-bound"));
        QCOMPARE(r["binding"].get<std::string>(), std::string("ici"));
        QCOMPARE(r["binding_kind"].get<std::string>(), std::string("interconnect"));
        QCOMPARE(r["level"].get<std::string>(), std::string("ici"));
        ROOFSCOPE_COMPARE_REL(r["intensity"]["ici"].get<double>(), d / ((chips - 1.0) * s), 1e-12);
        ROOFSCOPE_COMPARE_REL(r["ridge"]["ici"].get<double>(), peak / ici, 1e-12);
        ROOFSCOPE_COMPARE_REL(r["intensity"]["hbm"].get<double>(), flops / hbmBytes, 1e-12);
        ROOFSCOPE_COMPARE_REL(r["t_min_s"].get<double>(), tIci, 1e-12);
        ROOFSCOPE_COMPARE_REL(r["attainable_flops_per_s"].get<double>(), ici * d / ((chips - 1.0) * s), 1e-12);
        const std::string advice = r["guidance"].get<std::string>();
        QVERIFY2(advice.rfind("network-bound on ICI: its partial sums on the link grow with the tokens", 0) == 0,
            advice.c_str());

        // CSV: the intensity and ridge columns are the ICI ones, and the row names the level.
        const Run csv = runRoofscope({ "table", "--session", session, "--format", "csv" });
        QCOMPARE(csv.exitCode, 0);
        const QList<QByteArray> lines = csv.out.trimmed().split('\n');
        const QList<QByteArray> header = lines[0].split(',');
        const QList<QByteArray> cells = lines[row + 1].split(',');
        QCOMPARE(cells.size(), header.size() + 1); // the kernel name holds a comma: quoted, split in two
        auto cell = [&](const char* key) { return cells[header.indexOf(key) + 1]; };
        ROOFSCOPE_COMPARE_REL(cell("intensity_flop_per_byte").toDouble(), d / ((chips - 1.0) * s), 1e-12);
        ROOFSCOPE_COMPARE_REL(cell("ridge_flop_per_byte").toDouble(), peak / ici, 1e-12);
        QCOMPARE(cell("level"), QByteArray("ici"));
        QCOMPARE(cell("regime"), QByteArray("network-bound"));

        // The comparison counts the whole workload as network-bound, as each row says.
        const Run compare = runRoofscope({ "compare", "--session", session, "--format", "json" });
        QCOMPARE(compare.exitCode, 0);
        const auto comparison = nlohmann::json::parse(compare.out.toStdString()); // outlives the loop
        for (const auto& device : comparison["devices"]) {
            ROOFSCOPE_COMPARE_REL(device["network_share"].get<double>(), 1.0, 1e-12);
        }
    }

    // resources/examples/measured-gap.yaml (seed 001, "Roofline vs Reality"): four kernels on TPU v7x
    // (2307 TFLOP/s bf16, HBM 7.2 TB/s) at 2, 12, 150 and 2000 FLOP/B measured at 92, 55, 35 and 78 %
    // of their roof. Each expected fraction from the formula: the roof's time (bytes / 7.2 TB/s, or
    // FLOPs / 2307 TFLOP/s above the ridge) over the measured time; the session rounds the times to
    // four digits, so the fractions agree with the seed's to 0.05 percentage points.
    void measuredGapFractions_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("measured");
        QTest::addColumn<double>("intensity");
        QTest::addColumn<double>("seed");
        QTest::addColumn<QString>("cell");
        QTest::newRow("Kernel A, memory-bound, 92 %") << 0 << 1.44e10 << 7.2e9 << 1.087e-3 << 2.0 << 0.92 << "92 %";
        QTest::newRow("Kernel B, memory-bound, 55 %") << 1 << 8.64e10 << 7.2e9 << 1.818e-3 << 12.0 << 0.55 << "55 %";
        QTest::newRow("Kernel C, memory-bound, 35 %") << 2 << 1.08e12 << 7.2e9 << 2.857e-3 << 150.0 << 0.35 << "35 %";
        QTest::newRow("Kernel D, compute-bound, 78 %")
            << 3 << 2.307e12 << 1.1535e9 << 1.282e-3 << 2000.0 << 0.78 << "78 %";
    }
    void measuredGapFractions()
    {
        QFETCH(int, row);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        QFETCH(double, measured);
        QFETCH(double, intensity);
        QFETCH(double, seed);
        QFETCH(QString, cell);
        const double peak = 2307e12;
        const double hbm = 7.2e12;
        const double roofSeconds = std::max(flops / peak, bytes / hbm);
        const double fraction = roofSeconds / measured;
        QVERIFY(std::fabs(fraction - seed) < 5e-4);

        const QString session = QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/measured-gap.yaml");
        const Run json = runRoofscope({ "table", "--session", session, "--format", "json" });
        QVERIFY2(json.exitCode == 0, json.err.constData());
        const auto rows = nlohmann::json::parse(json.out.toStdString());
        QCOMPARE(rows.size(), size_t(4));
        const auto& r = rows[static_cast<size_t>(row)];
        QCOMPARE(r["hardware"].get<std::string>(), std::string("google-tpu-v7x"));
        ROOFSCOPE_COMPARE_REL(r["intensity"]["hbm"].get<double>(), intensity, 1e-12);
        ROOFSCOPE_COMPARE_REL(r["measured_s"].get<double>(), measured, 1e-12);
        ROOFSCOPE_COMPARE_REL(r["achieved_flops_per_s"].get<double>(), flops / measured, 1e-12);
        ROOFSCOPE_COMPARE_REL(r["fraction_of_roof"].get<double>(), fraction, 1e-12);
        QCOMPARE(r["above_roof"].get<bool>(), false);
        QCOMPARE(
            r["regime"].get<std::string>(), std::string(intensity > peak / hbm ? "compute-bound" : "memory-bound"));

        // The text table's "% of roof" column gives the seed's percentages.
        const Run md = runRoofscope({ "table", "--session", session, "--format", "markdown" });
        QCOMPARE(md.exitCode, 0);
        const QList<QByteArray> lines = md.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 6); // header, rule, four kernels
        const QList<QByteArray> header = lines[0].split('|');
        const QList<QByteArray> cells = lines[row + 2].split('|');
        qsizetype column = -1;
        for (qsizetype c = 0; c < header.size(); ++c) {
            column = header[c].trimmed() == "% of roof" ? c : column;
        }
        QVERIFY2(column > 0, lines[0].constData());
        QCOMPARE(QString::fromUtf8(cells[column].trimmed()), cell);
    }

    void compareFormats()
    {
        const QString session = QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/transformer-layer.yaml");
        const Run json
            = runRoofscope({ "compare", "--session", session, "--format", "json", "--baseline", "google-tpu-v6e" });
        QVERIFY2(json.exitCode == 0, json.err.constData());
        const auto out = nlohmann::json::parse(json.out.toStdString());
        QCOMPARE(out["baseline"].get<std::string>(), std::string("google-tpu-v6e"));
        const auto& devices = out["devices"];
        QCOMPARE(devices.size(), size_t(4));
        const double base = devices[2]["t_min_s"].get<double>();
        for (const auto& device : devices) {
            const double tMin = device["t_min_s"].get<double>();
            QVERIFY(tMin > 0.0 && device["t_max_s"].get<double>() >= tMin);
            QCOMPARE(device["speedup"].get<double>(), base / tMin);
            const double shares = device["compute_share"].get<double>() + device["memory_share"].get<double>()
                + device["network_share"].get<double>();
            QVERIFY(std::abs(shares - 1.0) < 1e-12);
            // docs/comparisons.md: every device says what its figures rest on, and why one is null.
            for (const char* key : { "complete", "left_out", "roofs", "chips", "price_usd", "price_usd_per_hour",
                     "flops_per_s_per_usd", "flops_per_s_per_w", "workload_cost_usd", "notes", "comparable",
                     "like_for_like", "unlike", "rank", "level_notes" }) {
                QVERIFY2(device.contains(key), key);
            }
            QCOMPARE(device["roofs"].get<std::string>(), std::string("peak"));
            QVERIFY(device["complete"].get<bool>());
            QVERIFY(!device["notes"].empty()); // no shipped file gives a price: per dollar is null, and says so
            QCOMPARE(device["like_for_like"].get<bool>(), device["unlike"].empty());
            QCOMPARE(device["rank"].is_null(), !device["like_for_like"].get<bool>());
        }
        const Run csv = runRoofscope({ "compare", "--session", session, "--format", "csv" });
        QCOMPARE(csv.exitCode, 0);
        QCOMPARE(csv.out.count('\n'), 5);
        QVERIFY(csv.out.startsWith("device,t_min_s,t_max_s,speedup,"));
        const Run text = runRoofscope({ "compare", "--session", session });
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("1x (baseline)"));
        QVERIFY(text.out.contains("H100 SXM")); // the short label of every view
    }

    // A device entry asking for a precision the device lacks: `compare` leaves the device out and says
    // why (never in silence); with no other device, the refusal carries that reason.
    void aDeviceWithoutItsPrecisionIsSaid()
    {
        const QTemporaryDir dir;
        const QString both = dir.filePath(QStringLiteral("both.yaml"));
        const QByteArray head = "schema: roofscope-session/1\ndevices:\n  - id: nvidia-h100-sxm\n    precision: fp4\n";
        const QByteArray kernels = "kernels:\n  - name: k\n    flops: 1.0e12\n    bytes: {hbm: 1.0e9}\n";
        writeFile(both, head + "  - id: nvidia-b200\n" + kernels);
        const Run run = runRoofscope({ "compare", "--session", both, "--format", "json" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(
            run.err.contains("Device nvidia-h100-sxm (fp4): nvidia-h100-sxm has no fp4 peak"), run.err.constData());
        const auto out = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(out["devices"].size(), size_t(1));
        QCOMPARE(out["devices"][0]["hardware"].get<std::string>(), std::string("nvidia-b200"));
        const QString alone = dir.filePath(QStringLiteral("alone.yaml"));
        writeFile(alone, head + kernels);
        const Run refused = runRoofscope({ "compare", "--session", alone });
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("no device to compare (Device nvidia-h100-sxm (fp4): nvidia-h100-sxm has no fp4"),
            refused.err.constData());
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown device") << QStringList { "eval", "--hardware", "nope", "--flops", "1", "--bytes", "1" }
                                        << "unknown hardware 'nope'";
        QTest::newRow("text as a number") << QStringList { "eval", "--peak", "fast", "--bandwidth", "hbm=1T", "--flops",
            "1", "--bytes", "1" } << "--peak: 'fast' is not a number";
        QTest::newRow("negative bytes") << QStringList { "eval", "--peak", "1T", "--bandwidth", "hbm=1T", "--flops",
            "1", "--bytes", "-5" } << "--bytes default: must be > 0";
        QTest::newRow("bandwidth without level") << QStringList { "eval", "--peak", "1T", "--bandwidth", "1T",
            "--flops", "1", "--bytes", "1" } << "expected LEVEL=BYTES_PER_S";
        QTest::newRow("unknown template")
            << QStringList { "eval", "--hardware", "nvidia-h100-sxm", "--kernel", "conv" } << "unknown template 'conv'";
        QTest::newRow("missing parameter") << QStringList { "eval", "--hardware", "nvidia-h100-sxm", "--kernel",
            "matmul", "--param", "m=1" } << "needs the parameter 'k'";
        QTest::newRow("fractional size") << QStringList { "eval", "--hardware", "nvidia-h100-sxm", "--kernel", "dot",
            "--param", "n=1.5" } << "must be a whole number";
        QTest::newRow("precision the device lacks") << QStringList { "eval", "--hardware", "google-tpu-v5e",
            "--precision", "fp64", "--flops", "1", "--bytes", "1" }
                                                    << "google-tpu-v5e has no fp64 peak";
        QTest::newRow("comm fraction out of range") << QStringList { "eval", "--hardware", "nvidia-h100-sxm", "--flops",
            "1", "--bytes", "1", "--comm-fraction", "1.5" }
                                                    << "--comm-fraction must be in [0, 1)";
        QTest::newRow("unknown option") << QStringList { "eval", "--frobnicate" } << "unknown option --frobnicate";
        QTest::newRow("session with a bad number")
            << QStringList { "table", "--session", ROOFSCOPE_TEST_DATA_DIR "/sessions/bad-number.yaml" }
            << "bad-number.yaml:4:12: kernels[0].flops: 'lots' is not a number";
        QTest::newRow("empty free parameter") << QStringList { "solve", "--hardware", "google-tpu-v5e", "--kernel",
            "dot", "--free", "," } << "--free: no parameter named";
        QTest::newRow("bytes only on a level the device lacks") << QStringList { "eval", "--hardware", "google-tpu-v5e",
            "--flops", "1e12", "--bytes", "hmb=5G" } << "moves bytes only on 'hmb'";
        QTest::newRow("empty level name") << QStringList { "eval", "--hardware", "google-tpu-v5e", "--flops", "1e12",
            "--bytes", "=5G" } << "the level name is empty";
        QTest::newRow("broken file in --hardware-dir") << QStringList { "eval", "--hardware-dir",
            ROOFSCOPE_TEST_DATA_DIR "/hardware-invalid", "--hardware", "google-tpu-v5e", "--flops", "1", "--bytes",
            "1" } << "alias-bomb.yaml:1:5: YAML anchors";
        QTest::newRow("missing --hardware-dir") << QStringList { "eval", "--hardware-dir", "/nonexistent-dir",
            "--hardware", "google-tpu-v5e", "--flops", "1", "--bytes", "1" }
                                                << "/nonexistent-dir: cannot be read: No such file or directory";
        QTest::newRow("missing session") << QStringList { "table", "--session", "/nonexistent.yaml" }
                                         << "/nonexistent.yaml";
        QTest::newRow("solve without free")
            << QStringList { "solve", "--hardware", "nvidia-h100-sxm", "--kernel", "matmul" } << "--free";
        QTest::newRow("compare against a device not shown") << QStringList { "compare", "--session",
            ROOFSCOPE_RESOURCES_DIR "/examples/transformer-layer.yaml", "--baseline",
            "google-tpu-v4" } << "--baseline 'google-tpu-v4' is not one of the session's devices";
        QTest::newRow("compare format") << QStringList { "compare", "--session",
            ROOFSCOPE_RESOURCES_DIR "/examples/transformer-layer.yaml", "--format", "xml" }
                                        << "--format must be text, csv, markdown or json";
        QTest::newRow("export theme") << QStringList { "export", "--session",
            ROOFSCOPE_RESOURCES_DIR "/examples/transformer-layer.yaml", "-o", "/tmp/never.png", "--theme", "sepia" }
                                      << "--theme must be light or dark, not 'sepia'";
        QTest::newRow("raw kernel cannot be solved")
            << QStringList { "solve", "--hardware", "nvidia-h100-sxm", "--flops", "1", "--bytes", "1", "--free", "m" }
            << "solve needs --kernel";
    }

    // Issue 10: a mistyped command or a missing session file started the window (SIGABRT without a
    // display, a hang offscreen). Now a one-line error before any window: run with no display at all.
    void mistypedCommandsNeverStartTheWindow_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("issue-10-nosuchcmd") << QStringList { "nosuchcmd" } << "unknown command 'nosuchcmd'";
        QTest::newRow("issue-10-unknown-with-options")
            << QStringList { "frobnicate", "--x", "1" } << "unknown command 'frobnicate'";
        QTest::newRow("issue-10-missing-session")
            << QStringList { "/nonexistent/session.yaml" } << "/nonexistent/session.yaml: no such session file";
        QTest::newRow("missing-relative-session")
            << QStringList { "missing.yaml" } << "missing.yaml: no such session file";
        QTest::newRow("two-sessions") << QStringList { ROOFSCOPE_RESOURCES_DIR "/examples/fusion.yaml",
            ROOFSCOPE_RESOURCES_DIR "/examples/quantisation.yaml" }
                                      << "one session file at a time";
        QTest::newRow("folder") << QStringList { ROOFSCOPE_RESOURCES_DIR "/examples/" } << "is a folder";
    }
    void mistypedCommandsNeverStartTheWindow()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(ROOFSCOPE_EXECUTABLE), args);
        QVERIFY(process.waitForFinished(20000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 2);
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QCOMPARE(err.count('\n'), 1);
        QVERIFY2(err.contains(message), qPrintable(err));
        if (args.front() == QLatin1String("nosuchcmd")) {
            QVERIFY2(err.contains(QLatin1String("eval")) && err.contains(QLatin1String("import")), qPrintable(err));
        }
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run run = runRoofscope(args);
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.out.isEmpty());
        const QString err = QString::fromUtf8(run.err);
        QCOMPARE(err.count('\n'), 1);
        QVERIFY2(err.contains(message), qPrintable(err));
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestCli)
#include "test_cli.moc"
