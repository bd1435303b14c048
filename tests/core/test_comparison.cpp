// The workload comparison: totals per device against evaluations summed here, speedups against the
// baseline, time shares, per-watt figures, the table formats and the session's baseline setting.
#include "TestMain.h"
#include "TestUtil.h"
#include "analysis/SessionEvaluator.h"
#include "io/ComparisonFormat.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "model/Units.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>

#include <algorithm>

#include <sstream>

using namespace roofscope;

namespace {
Session loadExample(const char* name)
{
    auto loaded = loadSessionFile(std::string(ROOFSCOPE_RESOURCES_DIR "/examples/") + name);
    return loaded.session.value_or(Session {});
}

std::vector<std::string> splitCsvLine(const std::string& line)
{
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false;
    for (char c : line) {
        if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            cells.push_back(cell);
            cell.clear();
        } else {
            cell += c;
        }
    }
    cells.push_back(cell);
    return cells;
}

Kernel comparisonKernel(
    const std::string& name, const std::string& precision, double flops, double hbmBytes, double count)
{
    Kernel kernel;
    kernel.name = name;
    kernel.precision = precision;
    kernel.flops = flops;
    kernel.bytes = { { "hbm", hbmBytes } };
    kernel.count = count;
    return kernel;
}

// Two test devices (tests/data/hardware-basis): "sustained-device" (bf16 100 TFLOP/s, fp64 10 TFLOP/s,
// HBM 2 TB/s, L2 10 TB/s, sustained factors 0.5 compute and 0.8 bandwidth, TDP 500 W) and
// "peak-device" (bf16 200 TFLOP/s, HBM 4 TB/s, no sustained factors, no fp64, no TDP). The workload:
// "gemm" (bf16, 1 TFLOP, 1 GB on HBM, twice) and, in the sessions that say so, "fp64-solve" (fp64,
// 0.1 TFLOP, 1 GB on HBM, once).
Session basisSession(bool sustained, bool withFp64, const std::vector<std::string>& disabledOnFirst)
{
    Session session;
    session.devices.push_back({ "sustained-device", "", disabledOnFirst, true });
    session.devices.push_back({ "peak-device", "", {}, true });
    session.kernels.push_back(comparisonKernel("gemm", "bf16", 1e12, 1e9, 2.0));
    if (withFp64) {
        session.kernels.push_back(comparisonKernel("fp64-solve", "fp64", 1e11, 1e9, 1.0));
    }
    session.view.sustained = sustained;
    return session;
}
} // namespace

class TestComparison : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(m_db.find("nvidia-h100-sxm"));
    }

    void totalsAreCountWeightedSumsOfTheEvaluations()
    {
        const Session session = loadExample("transformer-layer.yaml");
        QCOMPARE(session.devices.size(), size_t(4));
        const Comparison comparison = compareSession(session, m_db);
        QVERIFY(comparison.warnings.empty());
        QCOMPARE(comparison.entries.size(), session.devices.size());
        QCOMPARE(comparison.baseline, 0); // no baseline set: the first device
        for (size_t d = 0; d < session.devices.size(); ++d) {
            const Hardware& hw = *m_db.find(session.devices[d].id);
            const EvalOptions options = sessionOptions(session, session.devices[d]);
            double tMin = 0.0;
            double tMax = 0.0;
            double flops = 0.0;
            double compute = 0.0;
            for (const Kernel& kernel : session.kernels) {
                const auto result = evaluate(kernel, hw, options);
                QVERIFY(result.evaluation);
                tMin += kernel.count * result.evaluation->tMin;
                tMax += kernel.count * result.evaluation->tMax;
                flops += kernel.count * kernel.flops;
                if (result.evaluation->binding == "compute") {
                    compute += kernel.count * result.evaluation->tMin;
                }
            }
            const ComparisonEntry& entry = comparison.entries[d];
            QCOMPARE(entry.id, session.devices[d].id);
            QCOMPARE(entry.name, hw.shortLabel()); // the label every view shows; the full name beside it
            QCOMPARE(entry.fullName, hw.name);
            ROOFSCOPE_COMPARE_REL(entry.totals.tMin, tMin, 1e-12);
            ROOFSCOPE_COMPARE_REL(entry.totals.tMax, tMax, 1e-12);
            ROOFSCOPE_COMPARE_REL(entry.totals.flops, flops, 1e-12);
            ROOFSCOPE_COMPARE_REL(entry.computeShare(), compute / tMin, 1e-12);
            ROOFSCOPE_COMPARE_REL(entry.computeShare() + entry.memoryShare() + entry.networkShare(), 1.0, 1e-12);
            QVERIFY(entry.totals.tMax >= entry.totals.tMin);
            ROOFSCOPE_COMPARE_REL(entry.speedup, comparison.entries[0].totals.tMin / tMin, 1e-12);
            QCOMPARE(entry.isBaseline, d == 0);
            if (hw.tdpWatts) {
                ROOFSCOPE_COMPARE_REL(*entry.totals.flopsPerSecondPerWatt, flops / tMin / *hw.tdpWatts, 1e-12);
            } else {
                QVERIFY(!entry.totals.flopsPerSecondPerWatt);
            }
        }
        // The LayerNorm pair makes part of every device's time memory-bound; the matmuls, compute-bound.
        for (const ComparisonEntry& entry : comparison.entries) {
            QVERIFY(entry.memoryShare() > 0.0 && entry.computeShare() > 0.5);
        }
    }

    void shardedMatmulSpendsItsTimeOnTheNetwork()
    {
        const Session session = loadExample("sharded-matmul.yaml");
        const Comparison comparison = compareSession(session, m_db);
        QVERIFY(!comparison.entries.empty());
        for (const ComparisonEntry& entry : comparison.entries) {
            double network = 0.0;
            const Hardware& hw = *m_db.find(entry.totals.hardwareId);
            for (const Kernel& kernel : session.kernels) {
                const auto result = evaluate(kernel, hw, EvalOptions {});
                QVERIFY(result.evaluation);
                const BandwidthLevel* level = hw.findLevel(result.evaluation->binding);
                if (level && level->kind == LevelKind::Interconnect) {
                    network += kernel.count * result.evaluation->tMin;
                }
            }
            QVERIFY2(network > 0.0, entry.id.c_str());
            ROOFSCOPE_COMPARE_REL(entry.networkShare(), network / entry.totals.tMin, 1e-12);
        }
    }

    void baselineIsChosenByLabelOrIdAndUnknownOnesWarn()
    {
        Session session = loadExample("transformer-layer.yaml");
        session.view.baseline = "google-tpu-v7x";
        Comparison comparison = compareSession(session, m_db);
        QCOMPARE(comparison.baseline, 3);
        QVERIFY(comparison.entries[3].isBaseline && !comparison.entries[0].isBaseline);
        ROOFSCOPE_COMPARE_REL(comparison.entries[3].speedup, 1.0, 1e-15);
        ROOFSCOPE_COMPARE_REL(comparison.entries[0].speedup,
            comparison.entries[3].totals.tMin / comparison.entries[0].totals.tMin, 1e-12);
        QVERIFY(comparison.entries[0].speedup < 1.0); // v7x finishes this workload before H100

        session.view.baseline = "no-such-device";
        comparison = compareSession(session, m_db);
        QCOMPARE(comparison.baseline, 0);
        QCOMPARE(comparison.warnings.size(), size_t(1));
        QVERIFY(comparison.warnings.front().find("no-such-device") != std::string::npos);

        Comparison empty;
        applyBaseline(empty, "anything");
        QCOMPARE(empty.baseline, -1);
        QVERIFY(empty.warnings.empty());
    }

    void hiddenAndUnknownDevicesAreLeftOut()
    {
        Session session = loadExample("transformer-layer.yaml");
        session.devices[1].visible = false;
        session.devices.push_back({ "no-such-device", "", {}, true });
        const Comparison comparison = compareSession(session, m_db);
        QCOMPARE(comparison.entries.size(), size_t(3));
        QCOMPARE(comparison.warnings.size(), size_t(1));
        QVERIFY(comparison.warnings.front().find("no-such-device") != std::string::npos);
    }

    void csvRoundTripsEveryNumber()
    {
        const Comparison comparison = compareSession(loadExample("transformer-layer.yaml"), m_db);
        std::istringstream in(formatComparison(comparison, TableFormat::Csv));
        std::string line;
        std::getline(in, line);
        const auto header = splitCsvLine(line);
        QCOMPARE(header.size(), comparisonColumns().size() + 9); // + complete, comparable, left_out, ...
        QCOMPARE(header.front(), std::string("device"));
        for (const ComparisonEntry& entry : comparison.entries) {
            QVERIFY(std::getline(in, line));
            const auto cells = splitCsvLine(line);
            QCOMPARE(cells.size(), header.size());
            QCOMPARE(cells[0], entry.name);
            const size_t roofs = comparisonColumns().size() - 1;
            QCOMPARE(comparisonColumns()[roofs].column, ComparisonColumn::Roofs);
            QCOMPARE(cells[roofs], entry.basis.roofs);
            for (size_t c = 1; c < roofs; ++c) {
                const auto expected = comparisonNumber(entry, comparisonColumns()[c].column);
                if (!expected) {
                    QVERIFY2(cells[c].empty(), cells[c].c_str());
                    continue;
                }
                const auto parsed = parseNumber(cells[c]);
                QVERIFY2(parsed, cells[c].c_str());
                QCOMPARE(*parsed, *expected); // exact: CSV carries every digit
            }
        }
        QVERIFY(!std::getline(in, line));
    }

    void textMarkdownAndJsonForms()
    {
        const Comparison comparison = compareSession(loadExample("transformer-layer.yaml"), m_db);
        const std::string text = formatComparison(comparison, TableFormat::Text);
        QVERIFY(text.rfind("Device", 0) == 0);
        QVERIFY(text.find("1x (baseline)") != std::string::npos);
        QVERIFY(text.find(" \n") == std::string::npos); // no trailing spaces
        QVERIFY(text.find(formatQuantity(comparison.entries[1].totals.tMin, Dimension::Seconds)) != std::string::npos);
        const std::string markdown = formatComparison(comparison, TableFormat::Markdown);
        QVERIFY(markdown.rfind("| Device", 0) == 0);
        // Header, rule, one line per device, then a blank line, one note line per device (no price) and
        // the ranking.
        QCOMPARE(std::count(markdown.begin(), markdown.end(), '\n'), std::ptrdiff_t(2 * comparison.entries.size() + 4));

        const nlohmann::json json = comparisonToJson(comparison);
        QCOMPARE(json["baseline"].get<std::string>(), comparison.entries[0].id);
        QCOMPARE(json["devices"].size(), comparison.entries.size());
        for (size_t d = 0; d < comparison.entries.size(); ++d) {
            const auto& object = json["devices"][d];
            const ComparisonEntry& entry = comparison.entries[d];
            QCOMPARE(object["hardware"].get<std::string>(), entry.totals.hardwareId);
            QCOMPARE(object["t_min_s"].get<double>(), entry.totals.tMin);
            QCOMPARE(object["speedup"].get<double>(), entry.speedup);
            QCOMPARE(object["baseline"].get<bool>(), entry.isBaseline);
            QCOMPARE(object["flops_per_s_per_w"].is_null(), !entry.totals.flopsPerSecondPerWatt.has_value());
            QVERIFY(object["flops_per_s_per_usd"].is_null()); // no shipped file gives a price
        }
    }

    // Issue 12: every row says what its numbers rest on, and a row that cannot be set beside the others
    // is marked. Expected totals derived by hand from the test devices above.
    void basisOfEveryRow_data()
    {
        QTest::addColumn<bool>("sustained");
        QTest::addColumn<bool>("withFp64");
        QTest::addColumn<QStringList>("disabledOnFirst");
        QTest::addColumn<int>("device");
        QTest::addColumn<QString>("roofs");
        QTest::addColumn<bool>("complete");
        QTest::addColumn<bool>("comparable");
        QTest::addColumn<QString>("leftOut"); // kernel name, or empty
        QTest::addColumn<QString>("levelsOff"); // level names joined by ',', or empty
        QTest::addColumn<double>("tMin");
        QTest::addColumn<double>("tMax");
        // Sustained: 50 TFLOP/s bf16, 5 TFLOP/s fp64, 1.6 TB/s. gemm: T_math 0.02 s, T_hbm 0.625 ms, twice;
        // fp64-solve: T_math 0.02 s, T_hbm 0.625 ms. T_min 0.06 s, T_max 0.061875 s.
        QTest::newRow("mixed session: the device with factors uses sustained roofs")
            << true << true << QStringList() << 0 << "sustained" << true << true << ""
            << "" << 0.06 << 0.061875;
        // No factors: the peaks (200 TFLOP/s, 4 TB/s) while sustained is on, and no fp64: gemm alone,
        // T_math 5 ms, T_hbm 0.25 ms, twice.
        QTest::newRow("mixed session: a device without factors keeps its peaks and is flagged")
            << true << true << QStringList() << 1 << "peak" << false << false << "fp64-solve"
            << "" << 0.01 << 0.0105;
        QTest::newRow("peak session: a device lacking fp64 leaves the fp64 kernel out and is flagged")
            << false << true << QStringList() << 1 << "peak" << false << false << "fp64-solve"
            << "" << 0.01 << 0.0105;
        // Peaks: gemm T_math 10 ms, T_hbm 0.5 ms, twice; fp64-solve T_math 10 ms, T_hbm 0.5 ms.
        QTest::newRow("peak session: a device with every precision is complete")
            << false << true << QStringList() << 0 << "peak" << true << true << ""
            << "" << 0.03 << 0.0315;
        // HBM off: gemm is compute alone, 10 ms twice.
        QTest::newRow("HBM switched off: compute-only totals are flagged")
            << false << false << QStringList { "hbm" } << 0 << "peak" << true << false << ""
            << "hbm" << 0.02 << 0.02;
        QTest::newRow("HBM switched off on one device: the other stays comparable")
            << false << false << QStringList { "hbm" } << 1 << "peak" << true << true << ""
            << "" << 0.01 << 0.0105;
        QTest::newRow("a level without workload bytes switched off changes nothing")
            << false << false << QStringList { "l2" } << 0 << "peak" << true << true << ""
            << "" << 0.02 << 0.021;
    }

    void basisOfEveryRow()
    {
        QFETCH(bool, sustained);
        QFETCH(bool, withFp64);
        QFETCH(QStringList, disabledOnFirst);
        QFETCH(int, device);
        QFETCH(QString, roofs);
        QFETCH(bool, complete);
        QFETCH(bool, comparable);
        QFETCH(QString, leftOut);
        QFETCH(QString, levelsOff);
        QFETCH(double, tMin);
        QFETCH(double, tMax);
        HardwareDatabase db;
        db.loadDirectory(ROOFSCOPE_TEST_DATA_DIR "/hardware-basis");
        QVERIFY(db.find("sustained-device") && db.find("peak-device"));
        std::vector<std::string> disabled;
        for (const QString& level : disabledOnFirst) {
            disabled.push_back(level.toStdString());
        }
        const Comparison comparison = compareSession(basisSession(sustained, withFp64, disabled), db);
        QCOMPARE(comparison.entries.size(), size_t(2));
        const ComparisonEntry& entry = comparison.entries[static_cast<size_t>(device)];
        ROOFSCOPE_COMPARE_REL(entry.totals.tMin, tMin, 1e-12);
        ROOFSCOPE_COMPARE_REL(entry.totals.tMax, tMax, 1e-12);
        QCOMPARE(QString::fromStdString(entry.basis.roofs), roofs);
        QCOMPARE(entry.basis.complete(), complete);
        QCOMPARE(entry.basis.comparable, comparable);
        QCOMPARE(entry.basis.caveats.empty(), comparable);

        const nlohmann::json object = comparisonToJson(comparison)["devices"][static_cast<size_t>(device)];
        QCOMPARE(QString::fromStdString(object["roofs"].get<std::string>()), roofs);
        QCOMPARE(object["complete"].get<bool>(), complete);
        QCOMPARE(object["comparable"].get<bool>(), comparable);
        QCOMPARE(object["left_out"].size(), leftOut.isEmpty() ? size_t(0) : size_t(1));
        if (!leftOut.isEmpty()) {
            QCOMPARE(QString::fromStdString(object["left_out"][0]["kernel"].get<std::string>()), leftOut);
            const std::string reason = object["left_out"][0]["reason"].get<std::string>();
            QVERIFY2(reason.find("no fp64 peak") != std::string::npos, reason.c_str());
        }
        QStringList levels;
        for (const auto& level : object["levels_off"]) {
            levels << QString::fromStdString(level.get<std::string>());
        }
        QCOMPARE(levels.join(','), levelsOff);

        // The mark reaches every form: a warning, '*' and a footnote in text and Markdown, CSV columns.
        const std::string flagged = entry.name + " is not comparable like-for-like";
        const bool warned = std::any_of(comparison.warnings.begin(), comparison.warnings.end(),
            [&](const std::string& warning) { return warning.rfind(flagged, 0) == 0; });
        QCOMPARE(warned, !comparable);
        for (const TableFormat format : { TableFormat::Text, TableFormat::Markdown }) {
            const std::string table = formatComparison(comparison, format);
            QCOMPARE(table.find(entry.name + " *") != std::string::npos, !comparable);
            QCOMPARE(table.find(entry.name + ": not like-for-like") != std::string::npos, !comparable);
        }
        std::istringstream csv(formatComparison(comparison, TableFormat::Csv));
        std::string line;
        std::getline(csv, line);
        const auto header = splitCsvLine(line);
        for (int d = 0; d <= device; ++d) {
            std::getline(csv, line);
        }
        const auto cells = splitCsvLine(line);
        QCOMPARE(cells.size(), header.size());
        auto cell = [&](const std::string& key) {
            const auto at = std::find(header.begin(), header.end(), key);
            return at == header.end() ? std::string("(missing)") : cells[static_cast<size_t>(at - header.begin())];
        };
        QCOMPARE(QString::fromStdString(cell("roofs")), roofs);
        QCOMPARE(cell("comparable"), std::string(comparable ? "true" : "false"));
        QCOMPARE(cell("complete"), std::string(complete ? "true" : "false"));
        QCOMPARE(QString::fromStdString(cell("levels_off")), levelsOff);
    }

    // Issue 12: "per-watt is blank for the TPUs, with no reason shown": every null figure has a note.
    void blankFiguresSayWhy()
    {
        HardwareDatabase db;
        db.loadDirectory(ROOFSCOPE_TEST_DATA_DIR "/hardware-basis");
        const Comparison comparison = compareSession(basisSession(false, false, {}), db);
        const nlohmann::json json = comparisonToJson(comparison);
        // sustained-device: 2 TFLOP over 20 ms = 100 TFLOP/s, over 500 W = 200 GFLOP/s/W.
        ROOFSCOPE_COMPARE_REL(json["devices"][0]["flops_per_s_per_w"].get<double>(), 2e11, 1e-12);
        QCOMPARE(json["devices"][1]["flops_per_s_per_w"].is_null(), true);
        for (const auto& object : json["devices"]) {
            QVERIFY(object["flops_per_s_per_usd"].is_null());
            std::vector<std::string> notes = object["notes"].get<std::vector<std::string>>();
            QVERIFY(std::find(notes.begin(), notes.end(),
                        "per dollar: no price in the device file or the session's device entry")
                != notes.end());
            const bool noWatt = object["flops_per_s_per_w"].is_null();
            QCOMPARE(std::find(notes.begin(), notes.end(),
                         "per watt: no TDP in the device file or the session's device entry")
                    != notes.end(),
                noWatt);
        }
        QCOMPARE(blankReason(comparison.entries[1], ComparisonColumn::PerWatt),
            std::string("no TDP in the device file or the session's device entry"));
        QVERIFY(blankReason(comparison.entries[0], ComparisonColumn::PerWatt).empty());
    }

    // docs/model.md#workload-totals-and-the-comparison: chips, purchase and rental prices from the
    // session's device entry, and the cost of the workload; per dollar follows the entry's price.
    void pricesFromTheSessionEntry()
    {
        HardwareDatabase db;
        db.loadDirectory(ROOFSCOPE_TEST_DATA_DIR "/hardware-basis");
        Session session = basisSession(false, false, {});
        session.devices[0].priceDollars = 15000.0;
        session.devices[0].pricePerHourDollars = 2.5;
        const Comparison comparison = compareSession(session, db);
        const nlohmann::json json = comparisonToJson(comparison);
        const auto& priced = json["devices"][0];
        QCOMPARE(priced["chips"].get<int>(), 1);
        QCOMPARE(priced["price_usd"].get<double>(), 15000.0);
        QCOMPARE(priced["price_usd_per_hour"].get<double>(), 2.5);
        // T_min 20 ms at 2.5 USD/h: 0.02 x 2.5 / 3600 USD.
        ROOFSCOPE_COMPARE_REL(priced["workload_cost_usd"].get<double>(), 0.02 * 2.5 / 3600.0, 1e-12);
        // 100 TFLOP/s over 15000 USD.
        ROOFSCOPE_COMPARE_REL(priced["flops_per_s_per_usd"].get<double>(), 1e14 / 15000.0, 1e-12);
        const auto& unpriced = json["devices"][1];
        QVERIFY(unpriced["price_usd"].is_null() && unpriced["price_usd_per_hour"].is_null());
        QVERIFY(unpriced["workload_cost_usd"].is_null());
        const auto notes = unpriced["notes"].get<std::vector<std::string>>();
        QVERIFY(
            std::find(notes.begin(), notes.end(), "workload cost: the session's device entry gives no price_per_hour")
            != notes.end());
    }

    // Issue 24: a copy kernel's HBM bytes vanished on L40S (memory `gddr`), and a kernel with HBM bytes
    // only was left out there. Now HBM bytes count on the L40S's GDDR, said once, and the row is not
    // like-for-like (another kind of memory): never ranked first.
    void copyKernelOnL40SCountsHbmBytesOnGddr()
    {
        const auto loaded = loadSessionText(R"(schema: roofscope-session/1
devices: [nvidia-h100-sxm, nvidia-l40s]
kernels:
  - {name: copy, flops: 1e9, bytes: {l1: 2e9, hbm: 2e9}, precision: bf16}
  - {name: stream, flops: 1e9, bytes: {hbm: 1e9}, precision: bf16}
)",
            "copy.yaml");
        QVERIFY(loaded.session);
        const Comparison comparison = compareSession(*loaded.session, m_db);
        QCOMPARE(comparison.entries.size(), size_t(2));
        // Memory bandwidths from the device files: H100 SXM HBM3 3.35 TB/s, L40S GDDR6 864 GB/s.
        QCOMPARE(m_db.find("nvidia-h100-sxm")->findLevel("hbm")->bytesPerSecond, 3.35e12);
        QCOMPARE(m_db.find("nvidia-l40s")->findLevel("gddr")->bytesPerSecond, 864e9);
        const ComparisonEntry& h100 = comparison.entries[0];
        const ComparisonEntry& l40s = comparison.entries[1];
        // Both kernels are memory-bound on main memory: (2 + 1) GB over the bandwidth.
        ROOFSCOPE_COMPARE_REL(h100.totals.tMin, 3e9 / 3.35e12, 1e-12);
        ROOFSCOPE_COMPARE_REL(l40s.totals.tMin, 3e9 / 864e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(l40s.speedup, (3e9 / 3.35e12) / (3e9 / 864e9), 1e-12); // 0.258x, not 1823x
        QVERIFY(l40s.basis.complete());
        QCOMPARE(l40s.basis.levelNotes(), std::vector<std::string> { "HBM bytes counted on GDDR" });
        QVERIFY(h100.basis.comparable);
        QVERIFY(!l40s.basis.comparable);
        QCOMPARE(l40s.basis.caveats.at(0), std::string("HBM bytes counted on GDDR: another kind of memory"));
        QCOMPARE(comparison.ranking, std::vector<size_t> { 0 });
        // Once per kernel and device in the evaluation the tooltip shows.
        const SessionEvaluation evaluated = evaluateSession(*loaded.session, m_db);
        for (const SessionRow& row : evaluated.rows) {
            QCOMPARE(row.evaluation.levelNotes.size(), size_t(row.deviceIndex == 1 ? 1 : 0));
            QCOMPARE(row.evaluation.likeForLikeLevels, row.deviceIndex == 0);
        }
        const nlohmann::json json = comparisonToJson(comparison);
        QCOMPARE(json["devices"][0]["like_for_like"].get<bool>(), true);
        QCOMPARE(json["devices"][0]["rank"].get<int>(), 1);
        QCOMPARE(json["devices"][0]["unlike"].size(), size_t(0));
        QCOMPARE(json["devices"][1]["like_for_like"].get<bool>(), false);
        QVERIFY(json["devices"][1]["rank"].is_null());
        QCOMPARE(json["devices"][1]["unlike"][0].get<std::string>(), l40s.basis.caveats[0]);
        QCOMPARE(json["devices"][1]["level_notes"][0].get<std::string>(), std::string("HBM bytes counted on GDDR"));
        const std::string text = formatComparison(comparison, TableFormat::Text);
        QVERIFY2(text.find("L40S *") != std::string::npos, text.c_str());
        QVERIFY2(text.find("HBM bytes counted on GDDR") != std::string::npos, text.c_str());
    }

    // HBM bytes on a CPU whose main memory is DDR (amd-epyc-9654: 460.8 GB/s): counted there, not
    // left out (the device's total read 0 s); `dram`, an alias of its DDR, stays like-for-like.
    void hbmBytesOnADramCpu()
    {
        const auto loaded = loadSessionText(R"(schema: roofscope-session/1
devices: [amd-epyc-9654]
kernels:
  - {name: hbm-kernel, flops: 1e9, bytes: {hbm: 4.608e9}, precision: fp32}
)",
            "cpu.yaml");
        QVERIFY(loaded.session);
        Comparison comparison = compareSession(*loaded.session, m_db);
        const ComparisonEntry& epyc = comparison.entries.at(0);
        QVERIFY(epyc.basis.complete());
        // 4.608 GB / 460.8 GB/s = 10 ms, above T_math = 1 GFLOP / 7372.8 GFLOP/s = 0.136 ms.
        ROOFSCOPE_COMPARE_REL(epyc.totals.tMin, 10e-3, 1e-12);
        QCOMPARE(epyc.basis.levelNotes(), std::vector<std::string> { "HBM bytes counted on DDR" });
        QVERIFY(!epyc.basis.comparable);
        QVERIFY(comparison.ranking.empty());

        Session dram = *loaded.session;
        dram.kernels[0].bytes[0].level = "dram";
        comparison = compareSession(dram, m_db);
        ROOFSCOPE_COMPARE_REL(comparison.entries.at(0).totals.tMin, 10e-3, 1e-12);
        QVERIFY(comparison.entries[0].basis.levelNotes().empty());
        QVERIFY(comparison.entries[0].basis.comparable);
        QCOMPARE(comparison.ranking, std::vector<size_t> { 0 });
    }

    // L2 bytes on B200 (l1, hbm): counted on its HBM, the next slower level, and marked. B200 is then
    // faster (16 GB / 8 TB/s = 2 ms against H100's HBM 8 GB / 3.35 TB/s = 2.39 ms) but not ranked first.
    void missingL2CountsOnTheNextSlowerLevel()
    {
        const auto loaded = loadSessionText(R"(schema: roofscope-session/1
devices: [nvidia-h100-sxm, nvidia-b200]
kernels:
  - {name: tiled, flops: 1e9, bytes: {l2: 8e9, hbm: 8e9}, precision: bf16}
)",
            "l2.yaml");
        QVERIFY(loaded.session);
        const Comparison comparison = compareSession(*loaded.session, m_db);
        const ComparisonEntry& h100 = comparison.entries.at(0);
        const ComparisonEntry& b200 = comparison.entries.at(1);
        ROOFSCOPE_COMPARE_REL(h100.totals.tMin, 8e9 / 3.35e12, 1e-12);
        ROOFSCOPE_COMPARE_REL(b200.totals.tMin, 16e9 / 8e12, 1e-12);
        QCOMPARE(
            b200.basis.levelNotes(), std::vector<std::string> { "L2 bytes counted on HBM (the device has no L2)" });
        QVERIFY(!b200.basis.comparable);
        QVERIFY(h100.basis.comparable);
        QCOMPARE(comparison.ranking, std::vector<size_t> { 0 });
        QCOMPARE(comparison.displayOrder(), (std::vector<size_t> { 0, 1 }));
        QVERIFY(b200.basis.brief().find("L2 on HBM") != std::string::npos);
    }

    // Issue 24: a device switched to fp4 against bf16 kernels read "7.14x" with no mark. 1 PFLOP of bf16
    // work: 1e15 / 989e12 = 1.011 s on H100, 1e15 / 9000e12 = 0.111 s on B200 at fp4: marked, unranked.
    void anotherPrecisionIsNotLikeForLike()
    {
        const auto loaded = loadSessionText(R"(schema: roofscope-session/1
devices:
  - nvidia-h100-sxm
  - {id: nvidia-b200, precision: fp4}
kernels:
  - {name: gemm, flops: 1e15, bytes: {hbm: 1e9}, precision: bf16}
)",
            "fp4.yaml");
        QVERIFY(loaded.session);
        const Comparison comparison = compareSession(*loaded.session, m_db);
        const ComparisonEntry& b200 = comparison.entries.at(1);
        ROOFSCOPE_COMPARE_REL(b200.speedup, (1e15 / 989e12) / (1e15 / 9000e12), 1e-12);
        QVERIFY(!b200.basis.comparable);
        QCOMPARE(b200.basis.caveats.at(0), std::string("evaluated at fp4 while its kernels are bf16"));
        QCOMPARE(comparison.ranking, std::vector<size_t> { 0 });
        const nlohmann::json json = comparisonToJson(comparison);
        QCOMPARE(json["devices"][1]["precision"].get<std::string>(), std::string("fp4"));
        QCOMPARE(json["devices"][1]["like_for_like"].get<bool>(), false);
        QVERIFY(json["devices"][0]["precision"].is_null());
        QVERIFY(b200.basis.brief().find("fp4 vs bf16 kernels") != std::string::npos);
    }

    // Issue 24: the ranking blended a decode and a prefill step into one total.
    void decodeAndPrefillAreNotRankedTogether()
    {
        const char* group = R"(  - name: %1
    template: transformer
    params: {layers: 2, hidden: 1024, heads: 8, kv_heads: 8, ffn: 4096, vocab: 32000, batch: 4, seq: 512, phase: %2}
)";
        const std::string one = QString::fromLatin1(group).arg("decode-step", "decode").toStdString();
        const std::string two = QString::fromLatin1(group).arg("prefill-step", "prefill").toStdString();
        const std::string head = "schema: roofscope-session/1\ndevices: [nvidia-h100-sxm, nvidia-b200]\nkernels:\n";
        auto mixed = loadSessionText(head + one + two, "mixed.yaml");
        QVERIFY(mixed.session);
        const Comparison comparison = compareSession(*mixed.session, m_db);
        QVERIFY(comparison.ranking.empty());
        QVERIFY(comparison.rankingRefused.find("a decode step and a prefill step") != std::string::npos);
        const nlohmann::json json = comparisonToJson(comparison);
        QVERIFY(json["devices"][0]["rank"].is_null() && json["devices"][1]["rank"].is_null());
        QCOMPARE(json["ranking_refused"].get<std::string>(), comparison.rankingRefused);
        auto same = loadSessionText(head + one, "decode.yaml");
        QVERIFY(same.session);
        QCOMPARE(compareSession(*same.session, m_db).ranking.size(), size_t(2));
    }

    // Issue 24: per dollar was blank for a device with only an hourly price, with a note saying it had
    // no price. The hourly price gives the workload cost: T_min x 3.6 USD/h x 2 chips / 3600 s.
    void hourlyPriceGivesTheWorkloadCost()
    {
        const auto loaded = loadSessionText(R"(schema: roofscope-session/1
devices:
  - {id: nvidia-h100-sxm, chips: 2, price_per_hour: 3.6 USD/h}
kernels:
  - {name: gemm, flops: 1e12, bytes: {hbm: 1e9}, precision: bf16}
)",
            "hourly.yaml");
        QVERIFY(loaded.session);
        const Comparison comparison = compareSession(*loaded.session, m_db);
        const ComparisonEntry& entry = comparison.entries.at(0);
        // Two chips: 1 TFLOP / 1978 TFLOP/s = 0.5056 ms against 1 GB / 6.7 TB/s = 0.149 ms.
        ROOFSCOPE_COMPARE_REL(entry.totals.tMin, 1e12 / 1978e12, 1e-12);
        ROOFSCOPE_COMPARE_REL(
            *comparisonNumber(entry, ComparisonColumn::WorkloadCost), (1e12 / 1978e12) * 3.6 * 2.0 / 3600.0, 1e-12);
        QVERIFY(!comparisonNumber(entry, ComparisonColumn::PerDollar));
        const auto& notes = entry.basis.notes;
        QVERIFY(std::find(notes.begin(), notes.end(),
                    "per dollar: no purchase price in the device file or the session's device entry (its hourly "
                    "price gives the workload cost instead)")
            != notes.end());
        QVERIFY(std::none_of(
            notes.begin(), notes.end(), [](const std::string& note) { return note.rfind("workload cost", 0) == 0; }));
        const std::string text = formatComparison(comparison, TableFormat::Text);
        QVERIFY2(text.find("Workload cost") != std::string::npos, text.c_str());
    }

    // Issue 24: "198 % of roof" on H100 for kernels measured on TPU v7x. A runtime measured on one device
    // is set against that device's roof only; the session says where (measured_on, or a run's device).
    void measuredRuntimeOnlyAgainstItsDevice()
    {
        const auto loaded = loadSessionText(R"(schema: roofscope-session/1
devices: [nvidia-h100-sxm, google-tpu-v7x]
kernels:
  - {name: measured, flops: 1e12, bytes: {hbm: 2e10}, precision: bf16, measured: 0.794 ms, measured_on: google-tpu-v7x}
)",
            "measured.yaml");
        QVERIFY(loaded.session);
        const SessionEvaluation evaluated = evaluateSession(*loaded.session, m_db);
        QCOMPARE(evaluated.rows.size(), size_t(2));
        const Evaluation& h100 = evaluated.rows[0].evaluation;
        const Evaluation& v7x = evaluated.rows[1].evaluation;
        QVERIFY(!h100.fractionOfRoof && !h100.achieved && !h100.aboveRoof);
        QCOMPARE(h100.measuredOn, std::string("google-tpu-v7x"));
        QVERIFY(v7x.fractionOfRoof && v7x.measuredOn.empty());
        ROOFSCOPE_COMPARE_REL(*v7x.achieved, 1e12 / 0.794e-3, 1e-12);
        QVERIFY(sessionToYaml(*loaded.session).find("measured_on: google-tpu-v7x") != std::string::npos);
    }

    void sessionFileKeepsTheBaseline()
    {
        QTemporaryDir dir;
        Session session = loadExample("transformer-layer.yaml");
        session.view.baseline = "google-tpu-v6e";
        const std::string path = dir.filePath(QStringLiteral("s.yaml")).toStdString();
        QVERIFY(saveSessionFile(session, path).empty());
        const auto loaded = loadSessionFile(path);
        QVERIFY(loaded.session);
        QCOMPARE(loaded.session->view.baseline, std::string("google-tpu-v6e"));
        QCOMPARE(compareSession(*loaded.session, m_db).baseline, 2);
    }
};

ROOFSCOPE_TEST_GUILESS_MAIN(TestComparison)
#include "test_comparison.moc"
