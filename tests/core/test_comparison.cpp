// The workload comparison: totals per device against evaluations summed here, speedups against the
// baseline, time shares, per-watt figures, the table formats and the session's baseline setting.
#include "TestUtil.h"
#include "io/ComparisonFormat.h"
#include "io/HardwareLoader.h"
#include "io/SessionEvaluator.h"
#include "io/SessionFile.h"
#include "model/Units.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>

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
            QCOMPARE(entry.name, hw.name);
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
        QCOMPARE(header.size(), comparisonColumns().size());
        QCOMPARE(header.front(), std::string("device"));
        for (const ComparisonEntry& entry : comparison.entries) {
            QVERIFY(std::getline(in, line));
            const auto cells = splitCsvLine(line);
            QCOMPARE(cells.size(), header.size());
            QCOMPARE(cells[0], entry.name);
            for (size_t c = 1; c < cells.size(); ++c) {
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
        QCOMPARE(std::count(markdown.begin(), markdown.end(), '\n'), std::ptrdiff_t(comparison.entries.size() + 2));

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

QTEST_GUILESS_MAIN(TestComparison)
#include "test_comparison.moc"
