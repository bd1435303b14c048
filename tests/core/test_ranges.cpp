// Sweeps, regime maps and N-chip devices: every expected number is derived here from the roofline formulas
// (docs/model.md#templates and #a-device-used-n-chips-wide), never read from the code under test.
#include "TestMain.h"
#include "TestUtil.h"
#include "io/HardwareLoader.h"
#include "model/ChipScaling.h"
#include "model/RegimeMap.h"
#include "model/Solver.h"
#include "model/Sweep.h"
#include "model/Templates.h"

#include <QTest>

#include <cmath>

using namespace roofscope;

namespace {

Kernel templateKernel(const std::string& name, const std::map<std::string, double>& params,
    const std::map<std::string, std::string>& options = {})
{
    Kernel k;
    k.name = name;
    k.templ = TemplateInstance { name, params, options };
    const std::string error = applyTemplate(k);
    if (!error.empty()) {
        qFatal("%s", error.c_str());
    }
    return k;
}

// The crossing of one kind with the given sides; NaN when absent.
double crossing(const SweepDevice& device, const std::string& kind, const std::string& from, const std::string& to)
{
    for (const auto& c : device.crossings) {
        if (c.kind == kind && c.from == from && c.to == to) {
            return c.value;
        }
    }
    return std::nan("");
}

} // namespace

class TestRanges : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(m_db.find("google-tpu-v5e"));
        QVERIFY(m_db.find("nvidia-h100-sxm"));
    }

    void axisValuesAreLogSpacedAndSnapped_data()
    {
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<int>("steps");
        QTest::addColumn<bool>("integer");
        QTest::addColumn<QList<double>>("expected");
        QTest::newRow("decades") << 1.0 << 1000.0 << 4 << true << QList<double> { 1, 10, 100, 1000 };
        QTest::newRow("whole numbers collapse repeats") << 1.0 << 4.0 << 64 << true << QList<double> { 1, 2, 3, 4 };
        QTest::newRow("continuous keeps the exact ends")
            << 2.0 << 8.0 << 3 << false << QList<double> { 2, 4, 8 }; // 2 * (8/2)^(1/2)
        QTest::newRow("rounding to the nearest whole")
            << 1.0 << 100.0 << 5 << true << QList<double> { 1, 3, 10, 32, 100 }; // 10^0.5 = 3.16, 10^1.5 = 31.6
    }
    void axisValuesAreLogSpacedAndSnapped()
    {
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(int, steps);
        QFETCH(bool, integer);
        QFETCH(QList<double>, expected);
        const auto values = axisValues(from, to, steps, integer);
        QCOMPARE(values.size(), size_t(expected.size()));
        for (qsizetype i = 0; i < expected.size(); ++i) {
            ROOFSCOPE_COMPARE_REL(values[static_cast<size_t>(i)], expected[i], 1e-12);
        }
    }

    // matmul(m, K, K) with s bytes per element: I = 2 m K^2 / (s (2 m K + K^2)) = 2 m K / (s (2 m + K)).
    // I = r gives m = r s K / (2 K - 2 r s). With the bf16 x int8 weights case the bytes are
    // 2 m K + K^2 + 2 m K, so m = r K / (2 K - 4 r).
    void seedThresholdsAreSweepCrossings_data()
    {
        QTest::addColumn<QString>("device"); // database id, or "int8" for the seed's ad-hoc int8 device
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<QString>("dtypeB");
        QTest::addColumn<double>("expected");
        QTest::addColumn<QString>("seedText");
        const double K = 1e7;
        const double v5e = 1.97e14 / 8.2e11; // the seed's v5e bf16 peak and HBM bandwidth
        const double h100 = 9.89e14 / 3.35e12;
        const double int8 = 3.94e14 / 8.1e11;
        QTest::newRow("000 s4.2 v5e bf16 B ~240") << "google-tpu-v5e"
                                                  << "bf16"
                                                  << "" << v5e * 2 * K / (2 * K - 2 * v5e * 2) << "240";
        QTest::newRow("000 s11.2 H100 bf16 B ~295") << "nvidia-h100-sxm"
                                                    << "bf16"
                                                    << "" << h100 * 2 * K / (2 * K - 2 * h100 * 2) << "295";
        QTest::newRow("000 s6.1 full int8 B > 243") << "int8"
                                                    << "int8"
                                                    << "" << int8 * 1 * K / (2 * K - 2 * int8 * 1) << "243";
        QTest::newRow("000 s6.2 int8 weights B > 120") << "google-tpu-v5e"
                                                       << "bf16"
                                                       << "int8" << v5e * K / (2 * K - 4 * v5e) << "120";
    }
    void seedThresholdsAreSweepCrossings()
    {
        QFETCH(QString, device);
        QFETCH(QString, dtype);
        QFETCH(QString, dtypeB);
        QFETCH(double, expected);
        QFETCH(QString, seedText);
        std::map<std::string, std::string> options { { "dtype", dtype.toStdString() } };
        if (!dtypeB.isEmpty()) {
            options["dtype_b"] = dtypeB.toStdString();
        }
        const Kernel k = templateKernel("matmul", { { "m", 1 }, { "k", 1e7 }, { "n", 1e7 } }, options);
        const Hardware hw
            = device == "int8" ? makeAdHocHardware(3.94e14, { { "hbm", 8.1e11 } }) : *m_db.find(device.toStdString());
        const SweepResult r = sweep(k, { hw }, {}, { "m", 16, 4096, 64 });
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.devices.size(), size_t(1));
        const double value = crossing(r.devices[0], "binding", "hbm", "compute");
        ROOFSCOPE_COMPARE_REL(value, expected, 1e-9);
        // The seed's text: "~240" and "~295" round, "B > 243" and "B > 120" are the whole part.
        const QString text = seedText == "243" || seedText == "120"
            ? QString::number(static_cast<long long>(std::floor(value)))
            : test::printed(value, 0);
        QCOMPARE(text, seedText);
    }

    // Seed 000 s4.3: two chips, d sharded: BDF / pi > 2 B F / beta_ici  <=>  D > 2 pi / beta_ici = 8755.6.
    void shardedMatmulTurnsComputeBoundPastD8755()
    {
        const Kernel k = templateKernel("sharded_matmul", { { "b", 1024 }, { "d", 1000 }, { "f", 8192 } });
        const SweepResult r = sweep(k, { *m_db.find("google-tpu-v5e") }, {}, { "d", 1000, 100000, 32 });
        QVERIFY2(r.error.empty(), r.error.c_str());
        const double value = crossing(r.devices[0], "binding", "ici", "compute");
        ROOFSCOPE_COMPARE_REL(value, 2 * 1.97e14 / 4.5e10, 1e-9);
        QCOMPARE(static_cast<long long>(std::floor(value)), 8755LL);
    }

    // On N chips, the group does F = 2 b d f and moves 2 (N-1) s b f partial-sum bytes over N links:
    // T_math = 2 b d f / (N pi), T_link = 2 (N-1) 2 b f / (N beta) (bf16). Equal at N = 1 + d beta / (2 pi).
    // H100 has no ICI: the collective bytes go to its first interconnect level, NVLink.
    void chipsSweepShowsWhereTheNetworkTakesOver_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<QString>("link");
        QTest::addColumn<double>("pi");
        QTest::addColumn<double>("beta");
        QTest::addColumn<double>("hbm");
        QTest::newRow("TPU v5e over ICI") << "google-tpu-v5e"
                                          << "ici" << 1.97e14 << 4.5e10 << 8.2e11;
        QTest::newRow("H100 over NVLink") << "nvidia-h100-sxm"
                                          << "nvlink" << 9.89e14 << 9e11 << 3.35e12;
    }
    void chipsSweepShowsWhereTheNetworkTakesOver()
    {
        QFETCH(QString, device);
        QFETCH(QString, link);
        QFETCH(double, pi);
        QFETCH(double, beta);
        QFETCH(double, hbm);
        const Kernel k = templateKernel("sharded_matmul", { { "b", 1024 }, { "d", 65536 }, { "f", 8192 } });
        QVERIFY(!k.templ->params.contains("chips")); // the template's chips follows the device's
        const SweepResult r = sweep(k, { *m_db.find(device.toStdString()) }, {}, { "chips", 2, 64, 63 });
        QVERIFY2(r.error.empty(), r.error.c_str());
        const double value = crossing(r.devices[0], "binding", "compute", link.toStdString());
        ROOFSCOPE_COMPARE_REL(value, 1.0 + 65536 * beta / (2 * pi), 1e-9);
        // Every point against the formula.
        for (const auto& p : r.devices[0].points) {
            const double n = p.value;
            const double tMath = 2.0 * 1024 * 65536 * 8192 / (n * pi);
            const double tLink = 2.0 * (n - 1) * 2 * 1024 * 8192 / (n * beta);
            const double tHbm = 2.0 * (1024.0 * 65536 + 65536.0 * 8192 + n * 1024 * 8192) / (n * hbm);
            ROOFSCOPE_COMPARE_REL(p.tMin, std::max({ tMath, tLink, tHbm }), 1e-12);
        }
    }

    // With the balanced band of +-t around the ridge r, the regime changes at I = r (1 - t) and
    // I = r (1 + t), the binding at I = r: three crossings, found even when one step spans them all.
    void crossingsBetweenTwoStepsAreAllFound_data()
    {
        QTest::addColumn<int>("steps");
        QTest::newRow("two values span every crossing") << 2;
        QTest::newRow("sixty-four values") << 64;
    }
    void crossingsBetweenTwoStepsAreAllFound()
    {
        QFETCH(int, steps);
        const double pi = 100e12;
        const double beta = 1e12;
        const double r = pi / beta; // 100
        const double K = 1e6;
        const Kernel k = templateKernel("matmul", { { "m", 1 }, { "k", K }, { "n", K } });
        EvalOptions options;
        options.tolerance = 0.05;
        const SweepResult res
            = sweep(k, { makeAdHocHardware(pi, { { "hbm", beta } }) }, options, { "m", 1, 1e6, steps });
        QVERIFY2(res.error.empty(), res.error.c_str());
        const auto& d = res.devices[0];
        QCOMPARE(d.crossings.size(), size_t(3));
        auto mAt = [&](double intensity) { return intensity * K / (K - 2 * intensity); }; // bf16: s = 2
        ROOFSCOPE_COMPARE_REL(crossing(d, "regime", "memory-bound", "balanced"), mAt(r * 0.95), 1e-9);
        ROOFSCOPE_COMPARE_REL(crossing(d, "binding", "hbm", "compute"), mAt(r), 1e-9);
        ROOFSCOPE_COMPARE_REL(crossing(d, "regime", "balanced", "compute-bound"), mAt(r * 1.05), 1e-9);
        QVERIFY(d.crossings[0].value < d.crossings[1].value && d.crossings[1].value < d.crossings[2].value);
    }

    // Every point of a sweep is what evaluate() gives for the kernel at that value.
    void sweepPointsMatchEvaluate()
    {
        const Kernel k = templateKernel("matmul", { { "m", 1 }, { "k", 4096 }, { "n", 8192 } });
        std::vector<Hardware> devices { *m_db.find("google-tpu-v5e"), *m_db.find("nvidia-h100-sxm") };
        EvalOptions options;
        options.sustained = true;
        const SweepResult r = sweep(k, devices, options, { "m", 1, 65536, 40 });
        QVERIFY(r.error.empty());
        for (size_t d = 0; d < devices.size(); ++d) {
            QCOMPARE(r.devices[d].points.size(), r.values.size());
            for (const auto& p : r.devices[d].points) {
                Kernel at = k;
                at.templ->params["m"] = p.value;
                QVERIFY(applyTemplate(at).empty());
                const auto ev = evaluate(at, devices[d], options);
                QVERIFY(ev.evaluation);
                QCOMPARE(p.binding, ev.evaluation->binding);
                QCOMPARE(p.regime, ev.evaluation->regime);
                ROOFSCOPE_COMPARE_REL(p.tMin, ev.evaluation->tMin, 1e-12);
                ROOFSCOPE_COMPARE_REL(p.attainable, ev.evaluation->attainable, 1e-12);
                ROOFSCOPE_COMPARE_REL(p.intensity, ev.evaluation->intensity, 1e-12);
            }
        }
    }

    // The sweep's crossing agrees with the existing ridge solver.
    void sweepCrossingAgreesWithSolver()
    {
        const Kernel k = templateKernel("matmul", { { "m", 1 }, { "k", 8192 }, { "n", 28672 } });
        const Hardware& hw = *m_db.find("nvidia-h100-sxm");
        const SweepResult r = sweep(k, { hw }, {}, { "m", 1, 100000, 64 });
        const SolveResult s = solveCrossover(k, hw, {}, "m");
        QVERIFY(s.value);
        ROOFSCOPE_COMPARE_REL(crossing(r.devices[0], "binding", "hbm", "compute"), *s.value, 1e-9);
    }

    void badAxesAreRefused_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown parameter") << "q" << 1.0 << 10.0 << "has no parameter 'q'";
        QTest::newRow("reversed range") << "m" << 10.0 << 1.0 << "FROM < TO";
        QTest::newRow("below the parameter's minimum") << "m" << 0.5 << 10.0 << "must stay in";
        QTest::newRow("fewer than one chip") << "chips" << 0.5 << 4.0 << "at least 1 chip";
    }
    void badAxesAreRefused()
    {
        QFETCH(QString, name);
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(QString, message);
        const Kernel k = templateKernel("matmul", { { "m", 1 }, { "k", 8 }, { "n", 8 } });
        const SweepResult r
            = sweep(k, { makeAdHocHardware(1e12, { { "hbm", 1e9 } }) }, {}, { name.toStdString(), from, to, 16 });
        QVERIFY2(r.error.find(message.toStdString()) != std::string::npos, r.error.c_str());
        QVERIFY(r.devices.empty());
    }

    void aDeviceWithoutThePrecisionReportsItsError()
    {
        const Kernel k = templateKernel("matmul", { { "m", 1 }, { "k", 8 }, { "n", 8 } }, { { "dtype", "fp64" } });
        const SweepResult r = sweep(k, { makeAdHocHardware(1e12, { { "hbm", 1e9 } }, "bf16") }, {}, { "m", 1, 8, 4 });
        QVERIFY(r.error.empty());
        QVERIFY(!r.devices[0].error.empty());
        QVERIFY(r.devices[0].points.empty());
    }

    // A map of matmul(m, k, n) over m and n: each cell compute-bound iff I = 2 m k n / (2 (m k + k n + m n)) > r.
    void regimeMapCellsFollowTheIntensity_data()
    {
        QTest::addColumn<double>("k");
        QTest::newRow("k = 4096") << 4096.0;
        QTest::newRow("k = 64") << 64.0;
    }
    void regimeMapCellsFollowTheIntensity()
    {
        QFETCH(double, k);
        const double pi = 200e12;
        const double beta = 1e12; // ridge 200
        const Kernel kernel = templateKernel("matmul", { { "m", 1 }, { "k", k }, { "n", 1 } });
        EvalOptions options;
        options.tolerance = 0.0;
        const RegimeMap map = regimeMap(kernel,
            { makeAdHocHardware(pi, { { "hbm", beta } }), makeAdHocHardware(2 * pi, { { "hbm", beta } }) }, options,
            { "m", 1, 65536, 24 }, { "n", 1, 65536, 20 });
        QVERIFY2(map.error.empty(), map.error.c_str());
        QCOMPARE(map.xValues.size(), size_t(24));
        QCOMPARE(map.yValues.size(), size_t(20));
        QCOMPARE(map.devices.size(), size_t(2));
        for (size_t d = 0; d < 2; ++d) {
            const double peak = d == 0 ? pi : 2 * pi;
            const auto& device = map.devices[d];
            QCOMPARE(device.cells.size(), size_t(24 * 20));
            for (size_t iy = 0; iy < map.yValues.size(); ++iy) {
                for (size_t ix = 0; ix < map.xValues.size(); ++ix) {
                    const double m = map.xValues[ix];
                    const double n = map.yValues[iy];
                    const double flops = 2 * m * k * n;
                    const double bytes = 2 * (m * k + k * n + m * n);
                    const RegimeCell& c = device.cell(ix, iy, map.xValues.size());
                    const bool compute = flops / peak >= bytes / beta;
                    QCOMPARE(device.bindingName(c.binding), std::string(compute ? "compute" : "hbm"));
                    ROOFSCOPE_COMPARE_REL(c.tMin, std::max(flops / peak, bytes / beta), 1e-12);
                    ROOFSCOPE_COMPARE_REL(c.attainable, std::min(peak, beta * flops / bytes), 1e-12);
                }
            }
        }
    }

    // Over b x chips, a sharded matmul meets the network: cells bound by ici where
    // 2 (N-1) 2 b f / (N beta_ici) is the largest time.
    void regimeMapShowsNetworkBoundCells()
    {
        const Kernel kernel = templateKernel("sharded_matmul", { { "b", 64 }, { "d", 16384 }, { "f", 8192 } });
        const Hardware hw = makeAdHocHardware(1.97e14, { { "hbm", 8.2e11 }, { "ici", 4.5e10 } });
        const RegimeMap map = regimeMap(kernel, { hw }, {}, { "b", 1, 4096, 16 }, { "chips", 2, 256, 16 });
        QVERIFY2(map.error.empty(), map.error.c_str());
        size_t network = 0;
        for (size_t iy = 0; iy < map.yValues.size(); ++iy) {
            for (size_t ix = 0; ix < map.xValues.size(); ++ix) {
                const double b = map.xValues[ix];
                const double n = map.yValues[iy];
                const double d = 16384;
                const double f = 8192;
                const double tMath = 2 * b * d * f / (n * 1.97e14);
                const double tHbm = 2 * (b * d + d * f + n * b * f) / (n * 8.2e11);
                const double tIci = 2 * (n - 1) * 2 * b * f / (n * 4.5e10);
                const std::string expected = tMath >= std::max(tHbm, tIci) ? "compute" : tIci > tHbm ? "ici" : "hbm";
                const RegimeCell& c = map.devices[0].cell(ix, iy, map.xValues.size());
                QCOMPARE(map.devices[0].bindingName(c.binding), expected);
                network += expected == "ici" ? 1 : 0;
            }
        }
        QVERIFY(network > 0);
    }

    // docs/model.md#a-device-used-n-chips-wide: peaks, memory bandwidths and capacities, and every link's
    // bandwidth scale by N.
    void hardwareOnChipsScalesEveryRoof()
    {
        const Hardware& one = *m_db.find("nvidia-h100-sxm");
        const Hardware eight = hardwareOnChips(one, 8);
        QCOMPARE(eight.id, one.id);
        QCOMPARE(eight.compute.size(), one.compute.size());
        for (size_t i = 0; i < one.compute.size(); ++i) {
            ROOFSCOPE_COMPARE_REL(eight.compute[i].flopsPerSecond, 8 * one.compute[i].flopsPerSecond, 1e-15);
        }
        for (size_t i = 0; i < one.levels.size(); ++i) {
            ROOFSCOPE_COMPARE_REL(eight.levels[i].bytesPerSecond, 8 * one.levels[i].bytesPerSecond, 1e-15);
            if (one.levels[i].capacityBytes) {
                ROOFSCOPE_COMPARE_REL(*eight.levels[i].capacityBytes, 8 * *one.levels[i].capacityBytes, 1e-15);
            }
        }
        if (one.tdpWatts) {
            ROOFSCOPE_COMPARE_REL(*eight.tdpWatts, 8 * *one.tdpWatts, 1e-15);
        }
        QVERIFY(eight.name.rfind("8 x ", 0) == 0);
        // One chip is the device itself.
        QCOMPARE(hardwareOnChips(one, 1).name, one.name);
    }

    // A sharded template on N >= 2 chips is the group's whole work: F = 2 b d f, link bytes
    // 2 (N-1) s b f, memory bytes s (b d + d f + N b f).
    void shardedKernelOnChipsIsTheGroupsWork()
    {
        Kernel k = templateKernel("sharded_matmul", { { "b", 16 }, { "d", 64 }, { "f", 32 } });
        QVERIFY(kernelOnChips(k, 4).empty());
        ROOFSCOPE_COMPARE_REL(k.flops, 2.0 * 16 * 64 * 32, 1e-15);
        ROOFSCOPE_COMPARE_REL(k.bytesOn("ici"), 2.0 * 3 * 2 * 16 * 32, 1e-15);
        ROOFSCOPE_COMPARE_REL(k.bytesOn("default"), 2.0 * (16 * 64 + 64 * 32 + 4 * 16 * 32), 1e-15);
        // Plain templates are unchanged.
        Kernel plain = templateKernel("matmul", { { "m", 16 }, { "k", 64 }, { "n", 32 } });
        QVERIFY(kernelOnChips(plain, 4).empty());
        ROOFSCOPE_COMPARE_REL(plain.flops, 2.0 * 16 * 64 * 32, 1e-15);
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestRanges)
#include "test_ranges.moc"
