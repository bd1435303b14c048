// The evaluation of one kernel on one device: regimes, bounds, levels, toggles, measured points.
#include "TestMain.h"
#include "TestUtil.h"
#include "io/HardwareLoader.h"
#include "model/Evaluation.h"
#include "model/Guidance.h"
#include "model/Workload.h"

using namespace roofscope;

namespace {
Hardware device()
{
    // 100 TFLOP/s, HBM 2 TB/s, L2 10 TB/s, ICI 50 GB/s.
    Hardware hw = makeAdHocHardware(100e12, { { "hbm", 2e12 }, { "l2", 10e12 }, { "ici", 50e9 } });
    hw.levels[0].capacityBytes = 16e9;
    return hw;
}
Kernel rawKernel(double flops, std::vector<LevelBytes> bytes)
{
    Kernel k;
    k.name = "k";
    k.flops = flops;
    k.bytes = std::move(bytes);
    return k;
}
} // namespace

class TestEvaluation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void regime_data()
    {
        QTest::addColumn<double>("intensity");
        QTest::addColumn<double>("tolerance");
        QTest::addColumn<QString>("regime");
        QTest::addColumn<QString>("binding");
        // ridge on HBM = 50 FLOP/B
        QTest::newRow("far left") << 1.0 << 0.05 << "memory-bound"
                                  << "hbm";
        QTest::newRow("far right") << 500.0 << 0.05 << "compute-bound"
                                   << "compute";
        QTest::newRow("inside band below") << 48.0 << 0.05 << "balanced"
                                           << "hbm";
        QTest::newRow("inside band above") << 52.0 << 0.05 << "balanced"
                                           << "compute";
        QTest::newRow("outside narrower band") << 48.0 << 0.01 << "memory-bound"
                                               << "hbm";
        QTest::newRow("exactly at the ridge") << 50.0 << 0.0 << "balanced"
                                              << "compute";
    }
    void regime()
    {
        QFETCH(double, intensity);
        QFETCH(double, tolerance);
        QFETCH(QString, regime);
        QFETCH(QString, binding);
        EvalOptions options;
        options.tolerance = tolerance;
        auto r = evaluate(rawKernel(1e12, { { "hbm", 1e12 / intensity } }), device(), options);
        QVERIFY2(r.evaluation, r.error.c_str());
        QCOMPARE(QString::fromStdString(regimeName(r.evaluation->regime)), regime);
        QCOMPARE(QString::fromStdString(r.evaluation->binding), binding);
    }

    // The regime names the class of what binds: a link below its ridge makes a kernel network-bound,
    // and the level the table's intensity and ridge are on is the binding one.
    void regimeNamesTheBindingResourceClass_data()
    {
        QTest::addColumn<double>("hbmBytes");
        QTest::addColumn<double>("iciBytes");
        QTest::addColumn<QString>("regime");
        QTest::addColumn<QString>("binding");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("level");
        // 1 TFLOP: T_math = 10 ms. ICI 50 GB/s: 1 GB takes 20 ms (intensity 1000 < ridge 2000).
        QTest::newRow("link binds: network-bound") << 1e9 << 1e9 << "network-bound"
                                                   << "ici"
                                                   << "interconnect"
                                                   << "ici";
        // HBM 2 TB/s: 100 GB takes 50 ms, ICI 0.1 GB takes 2 ms.
        QTest::newRow("memory binds beside a link") << 1e11 << 1e8 << "memory-bound"
                                                    << "hbm"
                                                    << "memory"
                                                    << "hbm";
        // T_ici = 0.49 GB / 50 GB/s = 9.8 ms, within 5 % of T_math: balanced, compute binds.
        QTest::newRow("link within the band: balanced") << 1e9 << 0.49e9 << "balanced"
                                                        << "compute"
                                                        << "compute"
                                                        << "ici";
        // ICI 0.1 GB: 2 ms; HBM 1 GB: 0.5 ms; T_math 10 ms.
        QTest::newRow("compute binds: the nearest level is ICI") << 1e9 << 1e8 << "compute-bound"
                                                                 << "compute"
                                                                 << "compute"
                                                                 << "ici";
    }
    void regimeNamesTheBindingResourceClass()
    {
        QFETCH(double, hbmBytes);
        QFETCH(double, iciBytes);
        QFETCH(QString, regime);
        QFETCH(QString, binding);
        QFETCH(QString, kind);
        QFETCH(QString, level);
        auto r = evaluate(rawKernel(1e12, { { "hbm", hbmBytes }, { "ici", iciBytes } }), device());
        QVERIFY2(r.evaluation, r.error.c_str());
        const Evaluation& ev = *r.evaluation;
        QCOMPARE(QString::fromStdString(regimeName(ev.regime)), regime);
        QCOMPARE(QString::fromStdString(ev.binding), binding);
        QCOMPARE(QString::fromStdString(ev.bindingKind()), kind);
        QVERIFY(ev.regimeLevel());
        QCOMPARE(QString::fromStdString(ev.regimeLevel()->name), level);
        // Intensity and ridge on that level: 1e12 / bytes and 100 TFLOP/s / its bandwidth.
        const double bandwidth = level == "ici" ? 50e9 : 2e12;
        const double bytes = level == "ici" ? iciBytes : hbmBytes;
        ROOFSCOPE_COMPARE_REL(ev.regimeLevel()->intensity, 1e12 / bytes, 1e-12);
        ROOFSCOPE_COMPARE_REL(ev.regimeLevel()->ridge, 100e12 / bandwidth, 1e-12);
    }

    // Roofs so extreme that T_math and T_level overflow to infinity (or underflow to 0): the regime
    // and the binding resource still come from the same comparison, T_math / T_level =
    // intensity / ridge, here computed by hand from the inputs.
    void regimeAndBindingAgreeWhenTimesOverflow_data()
    {
        QTest::addColumn<double>("peak");
        QTest::addColumn<double>("bandwidth");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<QString>("regime");
        QTest::addColumn<QString>("binding");
        // intensity 100 FLOP/B, ridge 1e-300 / 1e-300 = 1: compute-bound by a factor of 100
        QTest::newRow("both times infinite, intensity above the ridge")
            << 1e-300 << 1e-300 << 1e12 << 1e10 << "compute-bound"
            << "compute";
        // intensity 0.01, ridge 1
        QTest::newRow("both times infinite, intensity below the ridge")
            << 1e-300 << 1e-300 << 1e10 << 1e12 << "memory-bound"
            << "hbm";
        // intensity 1, ridge 1
        QTest::newRow("both times infinite, at the ridge") << 1e-300 << 1e-300 << 1e10 << 1e10 << "balanced"
                                                           << "compute";
        // T_math = 1e-30 / 1e300 and T_hbm = 1e-25 / 1e300 both underflow to 0; intensity 1e-5, ridge 1
        QTest::newRow("both times underflow to zero") << 1e300 << 1e300 << 1e-30 << 1e-25 << "memory-bound"
                                                      << "hbm";
    }

    void regimeAndBindingAgreeWhenTimesOverflow()
    {
        QFETCH(double, peak);
        QFETCH(double, bandwidth);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        QFETCH(QString, regime);
        QFETCH(QString, binding);
        const Hardware hw = makeAdHocHardware(peak, { { "hbm", bandwidth } });
        auto r = evaluate(rawKernel(flops, { { "hbm", bytes } }), hw);
        QVERIFY2(r.evaluation, r.error.c_str());
        QCOMPARE(QString::fromStdString(regimeName(r.evaluation->regime)), regime);
        QCOMPARE(QString::fromStdString(r.evaluation->binding), binding);
    }

    void timeBoundsAndAttainable()
    {
        auto r = evaluate(rawKernel(1e12, { { "default", 1e11 }, { "ici", 1e9 } }), device());
        QVERIFY(r.evaluation);
        const auto& ev = *r.evaluation;
        ROOFSCOPE_COMPARE_REL(ev.tMath, 0.01, 1e-12);
        ROOFSCOPE_COMPARE_REL(ev.level("hbm")->seconds, 0.05, 1e-12);
        ROOFSCOPE_COMPARE_REL(ev.level("ici")->seconds, 0.02, 1e-12);
        ROOFSCOPE_COMPARE_REL(ev.tMin, 0.05, 1e-12);
        ROOFSCOPE_COMPARE_REL(ev.tMax, 0.08, 1e-12);
        ROOFSCOPE_COMPARE_REL(ev.attainable, 1e12 / 0.05, 1e-12);
        ROOFSCOPE_COMPARE_REL(ev.level("ici")->ridge, 2000.0, 1e-12);
        QVERIFY(ev.tMax <= ev.tMin * 3.0); // sum of three clocks is at most three times their max
    }

    void disablingALevelRemovesItsRoof()
    {
        Kernel k = rawKernel(1e12, { { "hbm", 1e10 }, { "ici", 1e11 } });
        auto all = evaluate(k, device());
        QCOMPARE(QString::fromStdString(all.evaluation->binding), QString("ici"));
        EvalOptions options;
        options.disabledLevels = { "ici" };
        auto noIci = evaluate(k, device(), options);
        QCOMPARE(QString::fromStdString(noIci.evaluation->binding), QString("compute"));
        QVERIFY(noIci.evaluation->level("ici") == nullptr);
        ROOFSCOPE_COMPARE_REL(noIci.evaluation->attainable, 100e12, 1e-12);
    }

    // Issue 24: bytes on a level the device lacks are never dropped silently. DCN bytes on a device
    // whose slowest link is ICI count there: 1 GB at 50 GB/s = 20 ms, above T_math = 1 TFLOP / 100
    // TFLOP/s = 10 ms and HBM's 10 GB / 2 TB/s = 5 ms, so ICI binds and T_min is 20 ms.
    void bytesOnAMissingLevelCountOnTheNextSlower()
    {
        auto r = evaluate(rawKernel(1e12, { { "hbm", 1e10 }, { "dcn", 1e9 } }), device());
        QVERIFY(r.evaluation);
        QVERIFY(r.evaluation->warnings.empty());
        QCOMPARE(r.evaluation->levelNotes.size(), size_t(1));
        QCOMPARE(QString::fromStdString(r.evaluation->levelNotes.front()),
            QString("DCN bytes counted on ICI (the device has no DCN)"));
        QCOMPARE(r.evaluation->likeForLikeLevels, false);
        QCOMPARE(QString::fromStdString(r.evaluation->binding), QString("ici"));
        ROOFSCOPE_COMPARE_REL(r.evaluation->tMin, 1e9 / 50e9, 1e-12);
        // ICI bytes on a GPU: on NVLink, the link of the same (scale-up) tier, not on the slower PCIe.
        const Hardware gpu = makeAdHocHardware(100e12, { { "hbm", 2e12 }, { "nvlink", 900e9 }, { "pcie", 64e9 } });
        auto ici = evaluate(rawKernel(1e12, { { "hbm", 1e10 }, { "ici", 9e9 } }), gpu);
        QVERIFY(ici.evaluation);
        QCOMPARE(QString::fromStdString(ici.evaluation->levelNotes.at(0)),
            QString("ICI bytes counted on NVLINK (the device has no ICI)"));
        ROOFSCOPE_COMPARE_REL(ici.evaluation->level("nvlink")->seconds, 9e9 / 900e9, 1e-12);
        // Link bytes on a device with no link at all: not counted, said so, and an error when they are all.
        Hardware noLinks = makeAdHocHardware(100e12, { { "hbm", 2e12 } });
        auto dropped = evaluate(rawKernel(1e12, { { "hbm", 1e10 }, { "nvlink", 1e9 } }), noLinks);
        QVERIFY(dropped.evaluation);
        QCOMPARE(dropped.evaluation->warnings.size(), size_t(1));
        QVERIFY(QString::fromStdString(dropped.evaluation->warnings.front()).contains("nvlink"));
        QCOMPARE(dropped.evaluation->likeForLikeLevels, false);
        QVERIFY(!evaluate(rawKernel(1e12, { { "nvlink", 1e9 } }), noLinks).evaluation);
    }

    void capacityFitsOnEveryLevelWithACapacity()
    {
        Hardware hw = device();
        hw.levels[1].capacityBytes = 50e6; // l2: 50 MB, crossed by no byte of the kernel
        Kernel k = rawKernel(1e12, { { "hbm", 1e10 } });
        k.workingSetBytes = 20e9;
        auto ev = *evaluate(k, hw).evaluation;
        QCOMPARE(ev.fits.size(), size_t(2));
        QCOMPARE(ev.fits[0], std::make_pair(std::string("hbm"), false));
        QCOMPARE(ev.fits[1], std::make_pair(std::string("l2"), false));
        k.workingSetBytes = 2e6;
        ev = *evaluate(k, hw).evaluation;
        QCOMPARE(ev.fits[0].second, true);
        QCOMPARE(ev.fits[1].second, true);
    }

    // A name that is no level (a typo) is counted nowhere: said beside the others, an error when it
    // carries all of a kernel's bytes.
    void bytesOnlyOnUnknownLevelsAreAnError()
    {
        auto r = evaluate(rawKernel(1e12, { { "hmb", 1e10 } }), device());
        QVERIFY(!r.evaluation);
        QVERIFY2(QString::fromStdString(r.error).contains("moves bytes only on 'hmb'"), r.error.c_str());
        auto some = evaluate(rawKernel(1e12, { { "hbm", 1e10 }, { "hmb", 1e10 } }), device());
        QVERIFY(some.evaluation);
        QCOMPARE(QString::fromStdString(some.evaluation->levelNotes.at(0)),
            QString("HMB bytes not counted (no level of that name)"));
        QCOMPARE(some.evaluation->likeForLikeLevels, false);
        QCOMPARE(some.evaluation->warnings.size(), size_t(1));
    }

    void sustainedKeepsThePeakNumbersBeside()
    {
        Hardware hw = device();
        hw.sustained = SustainedFactors { 0.8, 0.5 };
        EvalOptions options;
        options.sustained = true;
        auto ev = *evaluate(rawKernel(1e12, { { "hbm", 1e11 } }), hw, options).evaluation;
        ROOFSCOPE_COMPARE_REL(ev.attainable, 1e12 / 0.1, 1e-12); // HBM at 1 TB/s sustained
        QVERIFY(ev.peakBasis);
        ROOFSCOPE_COMPARE_REL(ev.peakBasis->attainable, 1e12 / 0.05, 1e-12);
        ROOFSCOPE_COMPARE_REL(ev.peakBasis->tMin, 0.05, 1e-12);
        QVERIFY(!evaluate(rawKernel(1e12, { { "hbm", 1e11 } }), hw).evaluation->peakBasis);
    }

    void measuredHeadroomAndAboveRoof()
    {
        Kernel k = rawKernel(1e12, { { "hbm", 1e11 } }); // T_min 0.05 s
        k.measuredSeconds = 0.1;
        auto ev = *evaluate(k, device()).evaluation;
        ROOFSCOPE_COMPARE_REL(*ev.fractionOfRoof, 0.5, 1e-12);
        QCOMPARE(*ev.aboveRoof, false);
        QCOMPARE(*ev.withinBounds, false); // beyond T_max = 0.06 s
        k.measuredSeconds = 0.025;
        ev = *evaluate(k, device()).evaluation;
        QCOMPARE(*ev.aboveRoof, true);
    }

    void zeroFlopsCopyKernel()
    {
        auto r = evaluate(rawKernel(0.0, { { "hbm", 1e9 } }), device());
        QVERIFY(r.evaluation);
        QCOMPARE(r.evaluation->attainable, 0.0);
        QCOMPARE(r.evaluation->intensity, 0.0);
        QCOMPARE(r.evaluation->regime, Regime::MemoryBound);
    }

    void launchOverheadIsAFloor()
    {
        Hardware hw = device();
        hw.launchOverheadSeconds = 5e-6;
        auto ev = *evaluate(rawKernel(1e6, { { "hbm", 1e6 } }), hw).evaluation;
        ROOFSCOPE_COMPARE_REL(ev.tMin, 5e-7, 1e-12);
        ROOFSCOPE_COMPARE_REL(ev.tMinWithLaunch, 5e-6, 1e-12);
        ROOFSCOPE_COMPARE_REL(ev.tMaxWithLaunch, ev.tMax + 5e-6, 1e-12);
    }

    void errorsAreMessagesNotCrashes()
    {
        EvalOptions options;
        options.precision = "fp4";
        Hardware hw = device();
        hw.compute = { { "tensor", "bf16", 1e15, std::nullopt, {} } };
        auto r = evaluate(rawKernel(1, { { "hbm", 1 } }), hw, options);
        QVERIFY(!r.evaluation);
        QVERIFY(QString::fromStdString(r.error).contains("no fp4 peak"));
        options = {};
        options.commFraction = 1.0;
        QVERIFY(!evaluate(rawKernel(1, { { "hbm", 1 } }), device(), options).evaluation);
        QVERIFY(!evaluate(rawKernel(-1, { { "hbm", 1 } }), device()).evaluation);
        QVERIFY(!evaluate(rawKernel(1, { { "hbm", std::nan("") } }), device()).evaluation);
    }

    void workloadTotalsAndSpeedup()
    {
        Kernel a = rawKernel(1e12, { { "hbm", 1e11 } }); // 0.05 s memory-bound
        a.count = 2;
        Kernel b = rawKernel(1e13, { { "hbm", 1e9 } }); // 0.1 s compute-bound
        Hardware slow = device();
        slow.tdpWatts = 500;
        Hardware fast = device();
        fast.id = "fast";
        for (auto& l : fast.levels) {
            l.bytesPerSecond *= 2;
        }
        auto ts = workloadTotals({ a, b }, slow, {});
        auto tf = workloadTotals({ a, b }, fast, {});
        ROOFSCOPE_COMPARE_REL(ts.tMin, 0.2, 1e-12);
        ROOFSCOPE_COMPARE_REL(ts.memoryBoundSeconds, 0.1, 1e-12);
        ROOFSCOPE_COMPARE_REL(ts.computeBoundSeconds, 0.1, 1e-12);
        ROOFSCOPE_COMPARE_REL(tf.tMin, 0.15, 1e-12);
        ROOFSCOPE_COMPARE_REL(speedup(ts, tf), 0.2 / 0.15, 1e-12);
        ROOFSCOPE_COMPARE_REL(*ts.flopsPerSecondPerWatt, 1.2e13 / 0.2 / 500, 1e-12);
        QVERIFY(!tf.flopsPerSecondPerWatt);
    }

    void guidanceFollowsTheDecisionTable_data()
    {
        QTest::addColumn<double>("intensity");
        QTest::addColumn<double>("fractionOfRoof"); // 0: no measured runtime
        QTest::addColumn<QString>("advice");
        // ridge on HBM = 50 FLOP/B; the measured runtime puts the point at that fraction of its roof
        QTest::newRow("memory, far") << 1.0 << 0.3 << "memory-bound, far from the roof: better tiling";
        QTest::newRow("memory, close") << 1.0 << 0.8 << "memory-bound, close to the roof: kernel fusion";
        QTest::newRow("compute, far") << 500.0 << 0.4 << "compute-bound, far from the roof: check unit utilisation";
        QTest::newRow("compute, close") << 500.0 << 0.95 << "compute-bound, close to the roof: well optimised";
        QTest::newRow("far below both") << 500.0 << 0.05 << "far below both roofs: profile launch overhead";
        QTest::newRow("above the roof") << 1.0 << 1.5 << "above its roof: check the precision";
        QTest::newRow("model only, memory") << 1.0 << 0.0 << "memory-bound: raise the intensity";
        QTest::newRow("model only, compute") << 500.0 << 0.0 << "compute-bound: fewer FLOPs";
    }

    // A network-bound kernel is never told to take a bigger batch; a sharded one is told what helps it.
    void guidanceForANetworkBoundKernel_data()
    {
        QTest::addColumn<bool>("sharded");
        QTest::addColumn<double>("fractionOfRoof");
        QTest::addColumn<QString>("advice");
        QTest::newRow("raw, model only") << false << 0.0 << "network-bound on ICI: send fewer bytes over the link";
        QTest::newRow("sharded, model only")
            << true << 0.0 << "network-bound on ICI: its partial sums on the link grow with the tokens";
        QTest::newRow("sharded, close to the roof")
            << true << 0.8 << "network-bound on ICI, close to the roof: its partial sums";
        QTest::newRow("far from the roof") << false << 0.3 << "network-bound on ICI, far from the roof: check that";
    }
    void guidanceForANetworkBoundKernel()
    {
        QFETCH(bool, sharded);
        QFETCH(double, fractionOfRoof);
        QFETCH(QString, advice);
        // 1 TFLOP, 1 GB on ICI (20 ms, attainable 50 TFLOP/s), 1 GB on HBM (0.5 ms).
        Kernel k = rawKernel(1e12, { { "hbm", 1e9 }, { "ici", 1e9 } });
        if (fractionOfRoof > 0.0) {
            k.measuredSeconds = 1e12 / (50e12 * fractionOfRoof);
        }
        Kernel source = k;
        if (sharded) {
            source.templ
                = TemplateInstance { "sharded_matmul", { { "b", 1024.0 }, { "d", 8192.0 }, { "f", 8192.0 } }, {} };
        }
        const auto result = evaluate(k, device());
        QVERIFY(result.evaluation);
        QCOMPARE(result.evaluation->regime, Regime::NetworkBound);
        const QString text = QString::fromStdString(guidance(*result.evaluation, &source));
        QVERIFY2(text.startsWith(advice), qPrintable(text));
        // The only batch it mentions is one that does not help.
        QCOMPARE(text.count("bigger batch"), text.count("a bigger batch does not help"));
    }

    void guidanceFollowsTheDecisionTable()
    {
        QFETCH(double, intensity);
        QFETCH(double, fractionOfRoof);
        QFETCH(QString, advice);
        Kernel k = rawKernel(1e12, { { "hbm", 1e12 / intensity } });
        const double attainable = std::min(100e12, 2e12 * intensity);
        if (fractionOfRoof > 0.0) {
            k.measuredSeconds = 1e12 / (attainable * fractionOfRoof);
        }
        const auto result = evaluate(k, device());
        QVERIFY(result.evaluation);
        if (fractionOfRoof > 0.0) {
            ROOFSCOPE_COMPARE_REL(*result.evaluation->fractionOfRoof, fractionOfRoof, 1e-12);
        }
        const QString text = QString::fromStdString(guidance(*result.evaluation));
        QVERIFY2(text.startsWith(advice), qPrintable(text));
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestEvaluation)
#include "test_evaluation.moc"
