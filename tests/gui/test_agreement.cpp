// Every example session tells one story in every view: per kernel and device, the command line's
// table (JSON), the results table in the window, the marker's tooltip, the regime, the binding
// resource, the advice and the marker on the chart agree with each other; and the session's
// comparison (totals, ranks, bases, each group at the verdict's operating point, the verdicts) is one
// value read by `compare`, the window and the HTML export alike (analysis/Analysis.h).
#include "GuiTestUtil.h"
#include "TestMain.h"
#include "TestUtil.h"
#include "chart/ChartExport.h"
#include "chart/HtmlTables.h"
#include "cli/CliRun.h"
#include "figures/EvaluationText.h"
#include "figures/SessionAnalysis.h"
#include "io/ComparisonFormat.h"
#include "io/EvaluationFormat.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "model/Units.h"
#include "models/ResultsTableModel.h"
#include "session/SessionDocument.h"

#include <QDir>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include <map>

using namespace roofscope;
using namespace roofscope::test;

namespace {
QString cellText(const ResultsTableModel& model, int row, size_t column)
{
    return model.index(row, static_cast<int>(column)).data().toString();
}
} // namespace

class TestAgreement : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

private Q_SLOTS:
    void initTestCase() { m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR); }

    void theComparisonIsOneValue_data() { everyViewAgrees_data(); }

    // `compare --format json` prints the window's comparison, field for field (the command adds only
    // its printed warnings), and the HTML export's comparison table is the window's, rendered.
    void theComparisonIsOneValue()
    {
        QFETCH(QString, path);
        const Run run = runRoofscope({ "compare", "--session", path, "--format", "json" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        nlohmann::json printed = nlohmann::json::parse(run.out.toStdString());
        printed.erase("warnings");

        auto loaded = loadSessionFile(path.toStdString());
        QVERIFY(loaded.session);
        SessionDocument document;
        document.resetSession(*loaded.session);
        SessionAnalysis analysis(&document, m_db);
        nlohmann::json shown = comparisonToJson(analysis.comparison());
        shown.erase("warnings");
        QVERIFY(!analysis.comparison().entries.empty());
        QCOMPARE(QString::fromStdString(shown.dump(1)), QString::fromStdString(printed.dump(1)));
        // The verdicts the window shows are those the comparison carries.
        QCOMPARE(analysis.verdicts().size(), analysis.comparison().verdicts.size());
        if (!analysis.verdicts().empty()) {
            QVERIFY(printed.contains("groups"));
        }

        const QTemporaryDir dir;
        const QString page = dir.filePath(QStringLiteral("page.html"));
        ChartExportOptions options;
        options.width = 800;
        options.height = 500;
        QCOMPARE(exportChart(*loaded.session, m_db, page, options), QString());
        const QString html = readText(page);
        QVERIFY2(
            html.contains(htmlComparisonTable(analysis.comparison())), "the page's comparison is not the window's");
    }

    void everyViewAgrees_data()
    {
        QTest::addColumn<QString>("path");
        const QDir examples(QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples"));
        const QStringList files = examples.entryList({ QStringLiteral("*.yaml") }, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 9);
        for (const QString& file : files) {
            QTest::newRow(qPrintable(file)) << examples.filePath(file);
        }
    }

    void everyViewAgrees()
    {
        QFETCH(QString, path);
        const Run run = runRoofscope({ "table", "--session", path, "--format", "json" });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        // The kernel rows; a transformer group's serving rows (key "group", io/ServingJson.h) have no table row.
        nlohmann::json rows = nlohmann::json::array();
        for (const auto& row : nlohmann::json::parse(run.out.toStdString())) {
            if (!row.contains("group")) {
                rows.push_back(row);
            }
        }
        std::map<std::pair<std::string, std::string>, nlohmann::json> byPair; // (kernel, hardware) -> row
        for (const auto& row : rows) {
            const auto key = std::make_pair(row["kernel"].get<std::string>(), row["hardware"].get<std::string>());
            QVERIFY2(byPair.emplace(key, row).second, "a kernel and device pair appears twice");
        }

        auto loaded = loadSessionFile(path.toStdString());
        QVERIFY(loaded.session);
        SessionDocument document;
        document.resetSession(*loaded.session);
        SessionAnalysis analysis(&document, m_db);
        ResultsTableModel table;
        table.setAnalysis(&analysis);
        const Session& session = analysis.shownSession(); // kernel groups as the kernels they expand into
        const ChartScene& scene = analysis.scene();
        int checked = 0;
        for (int r = 0; r < table.rowCount(); ++r) {
            const ResultsTableModel::Row& tableRow = table.rows()[static_cast<size_t>(r)];
            const Evaluation& ev = *tableRow.evaluation;
            const int d = analysis.sceneDeviceOf(tableRow.deviceIndex);
            QVERIFY(d >= 0);
            const int k = static_cast<int>(tableRow.kernelIndex);
            const std::string& kernelName = session.kernels[tableRow.kernelIndex].name;
            const auto found = byPair.find({ kernelName, ev.hardwareId });
            QVERIFY2(found != byPair.end(), kernelName.c_str());
            const nlohmann::json& json = found->second;
            const QString where = QString::fromStdString(kernelName + " on " + ev.hardwareId);

            // The command line and the window evaluate alike.
            const std::string regime = json["regime"].get<std::string>();
            const std::string binding = json["binding"].get<std::string>();
            QCOMPARE(QString::fromStdString(regimeName(ev.regime)), QString::fromStdString(regime));
            QCOMPARE(QString::fromStdString(ev.binding), QString::fromStdString(binding));
            QCOMPARE(cellText(table, r, ColumnRegime), QString::fromStdString(regime));
            QCOMPARE(cellText(table, r, ColumnBinding), QString::fromStdString(binding));

            // The regime, the binding resource and the row's intensity and ridge tell one story.
            const std::string kind = json["binding_kind"].get<std::string>();
            if (json["level"].is_null()) {
                QCOMPARE(QString::fromStdString(binding), QStringLiteral("compute"));
                continue;
            }
            const std::string level = json["level"].get<std::string>();
            QCOMPARE(cellText(table, r, ColumnLevel), QString::fromStdString(level));
            const double intensity
                = json["intensity"][level].is_null() ? INFINITY : json["intensity"][level].get<double>();
            const double ridge = json["ridge"][level].get<double>();
            if (regime == "memory-bound" || regime == "network-bound") {
                QVERIFY2(intensity < ridge, qPrintable(where));
                QCOMPARE(QString::fromStdString(binding), QString::fromStdString(level));
                QCOMPARE(QString::fromStdString(kind),
                    regime == "memory-bound" ? QStringLiteral("memory") : QStringLiteral("interconnect"));
            } else if (regime == "compute-bound") {
                QVERIFY2(intensity > ridge, qPrintable(where));
                QCOMPARE(QString::fromStdString(binding), QStringLiteral("compute"));
            } else {
                QCOMPARE(QString::fromStdString(regime), QStringLiteral("balanced"));
                const double tolerance = session.view.tolerance;
                QVERIFY2(std::fabs(intensity / ridge - 1.0) <= tolerance * (1.0 + 1e-12), qPrintable(where));
            }

            // The table's cells and the tooltip's lines are the same text.
            const QString intensityText = QString::fromStdString(formatQuantity(intensity, Dimension::FlopsPerByte));
            const QString ridgeText = QString::fromStdString(formatQuantity(ridge, Dimension::FlopsPerByte));
            const QString tip = analysis.toolTip(k, d);
            const QString levelName = QString::fromStdString(level).toUpper();
            if (json["flops"].get<double>() == 0.0) {
                // A transfer without arithmetic: no intensity, no FLOP/s, no share of the peak (never
                // "0 FLOP/B, 0 FLOP/s, 0 %"), in the table and the tooltip alike; its times stand.
                for (size_t column : { ColumnIntensity, ColumnAttainable, ColumnFractionOfPeak }) {
                    QCOMPARE(cellText(table, r, column), QString::fromLatin1(kNoFlopsCell));
                }
                QVERIFY2(
                    tip.contains(QStringLiteral("%1: a transfer").arg(QLatin1String(kNoFlopsCell))), qPrintable(tip));
                QVERIFY2(!tip.contains(QStringLiteral("0 FLOP/B")), qPrintable(tip));
            } else {
                QCOMPARE(cellText(table, r, ColumnIntensity), intensityText);
                QVERIFY2(tip.contains(QStringLiteral("%1 on %2").arg(intensityText, levelName)), qPrintable(tip));
                QVERIFY2(tip.contains(QStringLiteral("%1 on %2").arg(ridgeText, levelName)), qPrintable(tip));
            }
            QCOMPARE(cellText(table, r, ColumnRidge), ridgeText);
            QVERIFY2(tip.contains(QStringLiteral("<b>%1").arg(QString::fromStdString(regime))), qPrintable(tip));
            if (binding != "compute") {
                QVERIFY2(tip.contains(QStringLiteral("bound by %1").arg(QString::fromStdString(binding).toUpper())),
                    qPrintable(tip));
            }
            // The advice: the same in both, chosen from what binds.
            const QString advice = QString::fromStdString(json["guidance"].get<std::string>());
            QVERIFY2(tip.contains(advice.toHtmlEscaped()), qPrintable(tip));
            QVERIFY2(advice.startsWith(QString::fromStdString(regime)) || advice.startsWith(QStringLiteral("above"))
                    || advice.startsWith(QStringLiteral("far below")),
                qPrintable(advice));
            if (regime == "network-bound") {
                QCOMPARE(advice.count(QStringLiteral("bigger batch")),
                    advice.count(QStringLiteral("bigger batch does not")));
            }

            // On the chart (x-axis on each device's default level): a kernel another level binds is
            // joined to its point on that level's roof.
            const ChartKernelPoint* point = nullptr;
            for (const ChartKernelPoint& p : scene.kernels[tableRow.kernelIndex].points) {
                point = p.device == d ? &p : point;
            }
            if (json["flops"].get<double>() == 0.0 && kind == "interconnect") {
                // A transfer without arithmetic (an all-to-all, a pipeline send) has no point on a
                // FLOP/s chart: none is drawn (its row above is all it has), and that is no problem.
                QVERIFY2(!point, qPrintable(where));
                QVERIFY2(analysis.problems().isEmpty(), qPrintable(analysis.problems().join('\n')));
                ++checked;
                continue;
            }
            QVERIFY2(point, qPrintable(where));
            ROOFSCOPE_COMPARE_REL(point->attainable, json["attainable_flops_per_s"].get<double>(), 1e-12);
            // A group's collective sits under its link's roof at its FLOPs over the served step's time
            // (bytes per chip over the ring bandwidth plus hops x latency): not on the roof.
            const bool collective = kind == "interconnect" && tableRow.kernelIndex < scene.kernels.size()
                && analysis.shownSession().kernels[tableRow.kernelIndex].groupPart;
            if (collective) {
                ROOFSCOPE_COMPARE_REL(
                    point->attainable, json["flops"].get<double>() / json["t_min_s"].get<double>(), 1e-9);
            } else if (binding != "compute" && std::isfinite(intensity)) {
                const double onRoof = point->bindingIntensity > 0.0 ? point->bindingIntensity : point->intensity;
                ROOFSCOPE_COMPARE_REL(onRoof, intensity, 1e-12);
                ROOFSCOPE_COMPARE_REL(
                    point->attainable, json["bandwidth_bytes_per_s"][binding].get<double>() * onRoof, 1e-9);
            }
            ++checked;
        }
        QVERIFY(checked > 0);
        QCOMPARE(static_cast<size_t>(table.rowCount()), rows.size());

        // With the x-axis on the binding level, every marker sits on a drawn roof at that level's
        // intensity; the tooltip does not change.
        ViewSettings view = session.view;
        view.xLevel = kBindingLevel;
        QVERIFY(document.setView(view, QStringLiteral("x on the binding level")).isEmpty());
        for (int r = 0; r < table.rowCount(); ++r) {
            const ResultsTableModel::Row& tableRow = table.rows()[static_cast<size_t>(r)];
            const Evaluation& ev = *tableRow.evaluation;
            const int d = analysis.sceneDeviceOf(tableRow.deviceIndex);
            const LevelEvaluation* level = ev.regimeLevel();
            if (!level || !std::isfinite(level->intensity)) {
                continue;
            }
            for (const ChartKernelPoint& p : analysis.scene().kernels[tableRow.kernelIndex].points) {
                if (p.device != d) {
                    continue;
                }
                ROOFSCOPE_COMPARE_REL(p.intensity, level->intensity, 1e-12);
                QCOMPARE(p.bindingIntensity, 0.0);
                const double roof = ev.binding == "compute" ? ev.computeRoof : level->bytesPerSecond * p.intensity;
                if (level->kind == LevelKind::Interconnect
                    && analysis.shownSession().kernels[tableRow.kernelIndex].groupPart) {
                    // A group's collective: under its link's roof, at its FLOPs over the served step's time.
                    ROOFSCOPE_COMPARE_REL(p.attainable, ev.flops / ev.tMin, 1e-9);
                    QVERIFY(p.attainable < roof);
                    continue;
                }
                ROOFSCOPE_COMPARE_REL(p.attainable, roof, 1e-9);
            }
        }
    }
};

ROOFSCOPE_TEST_MAIN(TestAgreement)
#include "test_agreement.moc"
