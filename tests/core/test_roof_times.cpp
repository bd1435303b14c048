// The time a kernel needs on each roof alone (roofTimes()): which roof binds, the next one, and the
// factor between them, each worked out by hand from the roofs below (docs/model.md#time-on-each-roof).
#include "TestMain.h"
#include "TestUtil.h"
#include "io/HardwareLoader.h"
#include "model/Evaluation.h"
#include "model/RoofTimes.h"

#include <cmath>

using namespace roofscope;

namespace {
// 100 TFLOP/s, HBM 2 TB/s, L2 10 TB/s, ICI 50 GB/s (a link).
Hardware roofTimesDevice()
{
    return makeAdHocHardware(100e12, { { "hbm", 2e12 }, { "l2", 10e12 }, { "ici", 50e9 } });
}

Evaluation evaluatedOn(
    const Hardware& device, double flops, std::vector<LevelBytes> bytes, const EvalOptions& options = {})
{
    Kernel kernel;
    kernel.name = "k";
    kernel.flops = flops;
    kernel.bytes = std::move(bytes);
    EvaluationResult result = evaluate(kernel, device, options);
    return result.evaluation.value_or(Evaluation {});
}

QString roofName(const RoofTimes& times, int roof)
{
    return roof < 0 ? QString() : QString::fromStdString(times.roofs[static_cast<size_t>(roof)].name);
}
} // namespace

class TestRoofTimes : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void eachRoofAloneTheBindingOneAndTheNext_data()
    {
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("hbm");
        QTest::addColumn<double>("l2");
        QTest::addColumn<double>("ici");
        QTest::addColumn<QString>("binding");
        QTest::addColumn<QString>("next");
        QTest::addColumn<double>("headroom");
        QTest::addColumn<double>("tMax");
        // 1 TFLOP at 100 TFLOP/s: 10 ms. 40 GB at 2 TB/s: 20 ms. 50 GB at 10 TB/s: 5 ms.
        QTest::newRow("HBM binds, compute next at half its time") << 1e12 << 40e9 << 50e9 << 0.0 << "hbm"
                                                                  << "compute" << 20e-3 / 10e-3 << 10e-3 + 20e-3 + 5e-3;
        // 10 ms of compute; 2 GB on HBM: 1 ms; 30 GB on L2: 3 ms. Compute binds, L2 has 10/3 of headroom.
        QTest::newRow("compute binds, L2 next") << 1e12 << 2e9 << 30e9 << 0.0 << "compute"
                                                << "l2" << 10e-3 / 3e-3 << 10e-3 + 1e-3 + 3e-3;
        // 0.1 TFLOP: 1 ms; 2 GB on HBM: 1 ms; 1 GB on ICI at 50 GB/s: 20 ms. The link binds; of the two
        // tied at 1 ms the first (compute) is named.
        QTest::newRow("the link binds, compute and HBM tie behind it")
            << 1e11 << 2e9 << 0.0 << 1e9 << "ici"
            << "compute" << 20e-3 / 1e-3 << 1e-3 + 1e-3 + 20e-3;
        // No FLOPs: compute takes no time. 4 GB on HBM: 2 ms; 10 GB on L2: 1 ms.
        QTest::newRow("no FLOPs: HBM binds, L2 next") << 0.0 << 4e9 << 10e9 << 0.0 << "hbm"
                                                      << "l2" << 2e-3 / 1e-3 << 2e-3 + 1e-3;
        // 10 ms on both: the evaluation names compute at a tie, and the factor is 1.
        QTest::newRow("compute and HBM tie") << 1e12 << 20e9 << 0.0 << 0.0 << "compute"
                                             << "hbm" << 1.0 << 20e-3;
    }
    void eachRoofAloneTheBindingOneAndTheNext()
    {
        QFETCH(double, flops);
        QFETCH(double, hbm);
        QFETCH(double, l2);
        QFETCH(double, ici);
        QFETCH(QString, binding);
        QFETCH(QString, next);
        QFETCH(double, headroom);
        QFETCH(double, tMax);
        // The device's levels with their bandwidth, and the bytes the kernel moves on each.
        const struct {
            const char* name;
            double bandwidth;
            double bytes;
        } levels[] = { { "hbm", 2e12, hbm }, { "l2", 10e12, l2 }, { "ici", 50e9, ici } };
        std::vector<LevelBytes> bytes;
        for (const auto& level : levels) {
            if (level.bytes > 0.0) {
                bytes.push_back({ level.name, level.bytes });
            }
        }
        const Evaluation ev = evaluatedOn(roofTimesDevice(), flops, bytes);
        const RoofTimes times = roofTimes(ev);
        // Compute first, then each level the kernel moves bytes on, in the device's order.
        QVERIFY(!times.roofs.empty());
        QCOMPARE(times.roofs.front().kind, RoofKind::Compute);
        ROOFSCOPE_COMPARE_REL(times.roofs.front().seconds, flops / 100e12, 1e-12);
        QCOMPARE(times.roofs.size(), bytes.size() + 1);
        size_t r = 1;
        for (const auto& level : levels) {
            if (level.bytes > 0.0) {
                const QString name = QString::fromLatin1(level.name);
                QCOMPARE(QString::fromStdString(times.roofs[r].name), name);
                QCOMPARE(times.roofs[r].kind, name == "ici" ? RoofKind::Interconnect : RoofKind::Memory);
                ROOFSCOPE_COMPARE_REL(times.roofs[r].seconds, level.bytes / level.bandwidth, 1e-12);
                ++r;
            }
        }
        QCOMPARE(QString::fromStdString(times.bindingRoof().name), binding);
        QCOMPARE(roofName(times, times.next), next);
        ROOFSCOPE_COMPARE_REL(times.headroom, headroom, 1e-12);
        ROOFSCOPE_COMPARE_REL(times.tMax, tMax, 1e-12);
        // T_min is the binding roof's time, and the evaluation's.
        QCOMPARE(times.tMin, ev.tMin);
        QCOMPARE(times.bindingRoof().seconds, ev.tMin);
        QVERIFY(times.fromRoofs);
    }

    // Nothing but the binding roof takes time: no next roof, no finite factor.
    void aLoneRoofHasNoNext()
    {
        const RoofTimes times = roofTimes(evaluatedOn(roofTimesDevice(), 0.0, { { "hbm", 4e9 } }));
        QCOMPARE(QString::fromStdString(times.bindingRoof().name), QStringLiteral("hbm"));
        ROOFSCOPE_COMPARE_REL(times.tMin, 4e9 / 2e12, 1e-12);
        QCOMPARE(times.next, -1);
        QVERIFY(!times.nextRoof());
        QVERIFY(std::isinf(times.headroom));
        // FLOPs and no bytes: compute alone.
        const RoofTimes compute = roofTimes(evaluatedOn(roofTimesDevice(), 1e12, {}));
        QCOMPARE(compute.roofs.size(), size_t(1));
        QCOMPARE(compute.binding, size_t(0));
        QCOMPARE(compute.next, -1);
    }

    // A kernel group's collective is timed by the serving model, which puts its time in T_min and
    // T_max (evaluateGroupPart()): the roofs no longer give them, whichever binds.
    void aCollectivesTimeIsNotItsRoofs()
    {
        // 1 GFLOP: 10 us of compute; 100 MB on ICI at 50 GB/s: 2 ms.
        Evaluation ev = evaluatedOn(roofTimesDevice(), 1e9, { { "ici", 1e8 } });
        QVERIFY(roofTimes(ev).fromRoofs);
        ev.tMin = 2.5e-3; // the link's collective bandwidth and its hops' latency
        ev.tMax = 2.5e-3;
        const RoofTimes times = roofTimes(ev);
        QVERIFY(!times.fromRoofs);
        QCOMPARE(QString::fromStdString(times.bindingRoof().name), QStringLiteral("ici"));
        ROOFSCOPE_COMPARE_REL(times.bindingRoof().seconds, 1e8 / 50e9, 1e-12);
        QCOMPARE(times.tMin, 2.5e-3);
        QCOMPARE(times.tMax, 2.5e-3);
    }

    // The roofs are the evaluation's: sustained factors scale them, a level switched off is not one.
    void theEvaluationsRoofsAreUsed()
    {
        Hardware device = roofTimesDevice();
        device.sustained = SustainedFactors { 0.8, 0.5 };
        EvalOptions options;
        options.sustained = true;
        // 1 TFLOP at 80 TFLOP/s: 12.5 ms. 20 GB at 1 TB/s: 20 ms. 30 GB at 5 TB/s: 6 ms.
        const RoofTimes sustained = roofTimes(evaluatedOn(device, 1e12, { { "hbm", 20e9 }, { "l2", 30e9 } }, options));
        ROOFSCOPE_COMPARE_REL(sustained.roofs[0].seconds, 1e12 / 80e12, 1e-12);
        ROOFSCOPE_COMPARE_REL(sustained.roofs[1].seconds, 20e9 / 1e12, 1e-12);
        ROOFSCOPE_COMPARE_REL(sustained.roofs[2].seconds, 30e9 / 5e12, 1e-12);
        QCOMPARE(QString::fromStdString(sustained.bindingRoof().name), QStringLiteral("hbm"));
        ROOFSCOPE_COMPARE_REL(sustained.headroom, 20e-3 / 12.5e-3, 1e-12);
        // HBM switched off: L2 (6 ms) and compute (12.5 ms) are left; compute binds.
        options.disabledLevels = { "hbm" };
        const RoofTimes withoutHbm = roofTimes(evaluatedOn(device, 1e12, { { "hbm", 20e9 }, { "l2", 30e9 } }, options));
        QCOMPARE(withoutHbm.roofs.size(), size_t(2));
        QCOMPARE(QString::fromStdString(withoutHbm.bindingRoof().name), QStringLiteral("compute"));
        QCOMPARE(roofName(withoutHbm, withoutHbm.next), QStringLiteral("l2"));
        ROOFSCOPE_COMPARE_REL(withoutHbm.headroom, 12.5e-3 / 6e-3, 1e-12);
    }

    // Over a range of intensities on every level, the binding roof is the evaluation's and has the
    // longest time, and the factor is the binding time over the next longest.
    void agreesWithTheEvaluationEverywhere()
    {
        const Hardware device = roofTimesDevice();
        for (double hbm : { 1e8, 1e9, 2e10, 1e11 }) {
            for (double l2 : { 0.0, 1e9, 1e11 }) {
                for (double ici : { 0.0, 1e8, 1e9 }) {
                    std::vector<LevelBytes> bytes { { "hbm", hbm } };
                    if (l2 > 0.0) {
                        bytes.push_back({ "l2", l2 });
                    }
                    if (ici > 0.0) {
                        bytes.push_back({ "ici", ici });
                    }
                    const Evaluation ev = evaluatedOn(device, 1e12, bytes);
                    const RoofTimes times = roofTimes(ev);
                    QCOMPARE(times.bindingRoof().name, ev.binding);
                    QVERIFY(times.fromRoofs);
                    QCOMPARE(times.bindingRoof().seconds, ev.tMin);
                    double longestOther = 0.0;
                    for (size_t r = 0; r < times.roofs.size(); ++r) {
                        QVERIFY(times.roofs[r].seconds <= ev.tMin);
                        if (r != times.binding) {
                            longestOther = std::max(longestOther, times.roofs[r].seconds);
                        }
                    }
                    QCOMPARE(times.nextRoof()->seconds, longestOther);
                    ROOFSCOPE_COMPARE_REL(times.headroom, ev.tMin / longestOther, 1e-12);
                }
            }
        }
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestRoofTimes)
#include "test_roof_times.moc"
