// Kernel groups in the window, through the real widgets (offscreen): a transformer step shown as
// its kernels on the chart, in the results table and in the kernel dock; its parameters edited in
// the kernel editor (tokens per second follow, undo restores, bad entries are refused); its kernels
// dragged through the group's batch; the Sweep dock sweeping its batch.
#include "TestMain.h"
#include "TestUtil.h"
#include "analysis/SessionEvaluator.h"
#include "chart/ChartDecorator.h"
#include "chart/RooflineChart.h"
#include "figures/KernelRegimeMap.h"
#include "figures/KernelSweep.h"
#include "figures/SessionAnalysis.h"
#include "gui/GuiTestUtil.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "models/ComparisonTableModel.h"
#include "models/ResultsTableModel.h"
#include "scene/GroupColumns.h"
#include "session/SessionDocument.h"
#include "widgets/ComparisonDock.h"
#include "widgets/KernelDock.h"
#include "widgets/KernelEditor.h"
#include "widgets/MainWindow.h"
#include "widgets/RegimeMapDock.h"
#include "widgets/RegimeMapView.h"
#include "widgets/SiSpinBox.h"
#include "widgets/SweepDock.h"

#include <QComboBox>
#include <QPointer>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpontaneKeyEvent>
#include <QWheelEvent>
#include <qcustomplot.h>

#include <QListWidget>
#include <QUndoStack>
#include <algorithm>
#include <cmath>

using namespace roofscope;
using namespace roofscope::test;

namespace {
Session loadGroupExample(const char* name)
{
    return loadSessionFile(std::string(ROOFSCOPE_RESOURCES_DIR "/examples/") + name).session.value_or(Session {});
}

// The example's model (Llama 3 70B's shape), decode: T = batch tokens, d = hidden / heads,
// K and V w = kv_heads d wide, 2 bytes a value (bf16). Each device is 8 chips wide and the group does not
// set tp, so each device's step is tensor-parallel over its 8 chips (docs/model.md#shape-and-parallelism):
// every chip reads a column-parallel matmul's input and runs the norms, and two all-reduces per layer cross
// the scale-up link.
constexpr double kLayers = 80;
constexpr double kHidden = 8192;
constexpr double kHeads = 64;
constexpr double kKvHeads = 8;
constexpr double kVocab = 128256;
constexpr double kBatch = 64;
constexpr double kSeq = 4096;
constexpr double kTp = 8;

int shownIndex(const SessionAnalysis& analysis, const std::string& name)
{
    const auto& kernels = analysis.shownSession().kernels;
    for (size_t k = 0; k < kernels.size(); ++k) {
        if (kernels[k].name == name) {
            return static_cast<int>(k);
        }
    }
    return -1;
}
} // namespace

namespace {
// The window on a 1366x768 laptop screen with a group example open, shown.
void showOnLaptop(MainWindow& window, const char* example)
{
    window.setAutosaveDelay(-1);
    window.resize(1366, 768);
    window.setSession(loadGroupExample(example));
    window.show();
}
} // namespace

class TestKernelGroups : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(!m_db.devices().empty());
    }

    // Each kernel of the step with its count and FLOPs (and bytes), from the formulas above.
    void groupExpandsIntoItsKernels_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<double>("count");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        const double t = kBatch;
        const double w = kKvHeads * (kHidden / kHeads);
        const double scores = kBatch * kHeads * 1.0 * kSeq; // one query per sequence
        // q, k and v fused: hidden x (hidden + 2 kv width), the input read once by every chip, K and V
        // written into the cache.
        QTest::newRow("qkv_proj: hidden x (hidden + 2 kv width) per layer, its input read by every chip")
            << "llama-70b/qkv_proj" << kLayers << 2.0 * t * kHidden * (kHidden + 2.0 * w)
            << 2.0 * (kTp * t * kHidden + kHidden * (kHidden + 2.0 * w) + t * (kHidden + 2.0 * w));
        QTest::newRow("attn_scores: QK^T and the fused softmax, reading the K cache")
            << "llama-70b/attn_scores" << kLayers << 2.0 * scores * (kHidden / kHeads) + 5.0 * scores
            << 2.0 * (t * kHidden + kBatch * kSeq * w);
        QTest::newRow("logits: once per step") << "llama-70b/logits" << 1.0 << 2.0 * t * kHidden * kVocab
                                               << 2.0 * (kTp * t * kHidden + kHidden * kVocab + t * kVocab);
        QTest::newRow("norm: two per layer and the final one, on every chip")
            << "llama-70b/norm" << 2.0 * kLayers + 1.0 << kTp * 10.0 * t * kHidden
            << kTp * 2.0 * (3.0 * t * kHidden + 2.0 * kHidden);
        // Ring all-reduce of T x hidden values over the 8 chips: each chip sends 2 (tp-1)/tp of
        // them and adds (tp-1)/tp of them.
        QTest::newRow("allreduce_attn: after o_proj, on the link")
            << "llama-70b/allreduce_attn" << kLayers << kTp * (kTp - 1.0) / kTp * t * kHidden
            << kTp * 2.0 * (kTp - 1.0) / kTp * t * kHidden * 2.0;
    }

    void groupExpandsIntoItsKernels()
    {
        QFETCH(QString, kernel);
        QFETCH(double, count);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadGroupExample("llama-decode.yaml"));
        SessionAnalysis* analysis = window.analysis();
        QVERIFY(analysis->hasGroups());
        QCOMPARE(window.session().kernels.size(), size_t { 1 });
        // norm, the fused q/k/v and o projections, attention scores and values, the fused gate/up, the gated
        // FFN's activation (docs/model.md#kernels-of-one-step), down, logits, the embedding's and the two
        // layer all-reduces and the logits' gather.
        QCOMPARE(analysis->shownSession().kernels.size(), size_t { 13 });
        const int k = shownIndex(*analysis, kernel.toStdString());
        QVERIFY2(k >= 0, qPrintable(kernel));
        const Kernel& shown = analysis->shownSession().kernels[static_cast<size_t>(k)];
        ROOFSCOPE_COMPARE_REL(shown.count, count, 1e-12);
        ROOFSCOPE_COMPARE_REL(shown.flops, flops, 1e-12);
        ROOFSCOPE_COMPARE_REL(shown.totalBytes(), bytes, 1e-12);
        // Drawn as its own marker on both devices, labelled GROUP/KERNEL, with its rows in the table.
        const ChartKernel& drawn = analysis->scene().kernels[static_cast<size_t>(k)];
        QCOMPARE(drawn.name, kernel);
        QCOMPARE(drawn.points.size(), size_t { 2 });
        // 13 kernels (with ffn_act) on 2 devices; the logits' gather moves bytes without FLOPs: no marker.
        QCOMPARE(window.chart()->kernelMarkerCount(), 24);
        QCOMPARE(window.resultsModel()->rowCount(), 26);
        const std::vector<size_t> rows = window.resultsModel()->kernelRows(static_cast<size_t>(k));
        QCOMPARE(rows.size(), size_t { 2 });
        for (size_t row : rows) {
            QCOMPARE(QString::fromStdString(window.resultsModel()->rows()[row].evaluation->kernelName), kernel);
        }
        QVERIFY2(window.problems().isEmpty(), qPrintable(window.problems().join(QLatin1Char('\n'))));
    }

    // The dock shows the group's row, then its kernels; collapsing leaves the group's row alone.
    // Selecting a kernel of the group selects it on the chart and edits the group.
    void dockShowsTheGroupAndItsKernels()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadGroupExample("llama-decode.yaml"));
        KernelDock* dock = window.kernelDock();
        QCOMPARE(dock->list()->model()->rowCount(), 14); // the group's row and its 13 kernels
        QVERIFY(dock->list()->model()->index(0, 0).data().toString().contains(QStringLiteral("llama-70b")));
        QVERIFY(dock->list()->model()->index(0, 0).data().toString().contains(QStringLiteral("13 kernels")));
        QVERIFY(dock->list()->model()->index(3, 0).data().toString().contains(QStringLiteral("llama-70b/qkv_proj")));
        const int qProj = shownIndex(*window.analysis(), "llama-70b/qkv_proj");
        dock->list()->setCurrentIndex(dock->list()->model()->index(3, 0));
        QCOMPARE(window.selectedKernel(), qProj);
        QCOMPARE(dock->currentKernel(), 0);
        QCOMPARE(dock->editor()->kernel(), 0);
        QVERIFY(dock->parameterBox(QStringLiteral("batch")));
        QVERIFY(window.kernelStatusText().contains(QStringLiteral("llama-70b/qkv_proj")));
        // A click on another kernel's marker moves the dock's row to it.
        const int logits = shownIndex(*window.analysis(), "llama-70b/logits");
        window.setSelectedKernel(logits);
        QVERIFY(dock->list()->currentIndex().data().toString().contains(QStringLiteral("logits")));
        dock->setGroupExpanded(0, false);
        QCOMPARE(dock->list()->model()->rowCount(), 1);
        QVERIFY(dock->list()->model()->index(0, 0).data().toString().startsWith(QStringLiteral("▸")));
        dock->setGroupExpanded(0, true);
        QCOMPARE(dock->list()->model()->rowCount(), 14); // the group's row and its 13 kernels
    }

    // Issue 24: tokens/s was run-on text under the comparison, vanished in review mode with two groups,
    // and the ranking blended a decode and a prefill step. Now each group has its own tokens/s column
    // in the comparison table (each device's cell = the group's tokens / its step's T_min), the review
    // panel's rows carry each group's figure, and the workload is not ranked as one total.
    void twoGroupsGetTheirOwnColumnsAndNoBlendedRanking()
    {
        Session session = loadGroupExample("llama-decode.yaml");
        QCOMPARE(session.kernels.size(), size_t { 1 });
        Kernel prefill = session.kernels[0];
        prefill.name = "llama-70b prefill";
        prefill.templ->options["phase"] = "prefill";
        prefill.templ->params["seq"] = 512;
        session.kernels.push_back(prefill);
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(session);
        ComparisonTableModel* model = window.comparisonDock()->model();
        const int base = static_cast<int>(comparisonColumns().size());
        const int perGroup = static_cast<int>(groupMetrics().size()); // batch, tok/s/chip, $/Mtok
        QCOMPARE(model->columnCount(), base + 2 * perGroup);
        QCOMPARE(
            model->headerData(base, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("llama-70b batch"));
        QCOMPARE(model->headerData(base + 1, Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("llama-70b tok/s/chip"));
        QCOMPARE(model->headerData(base + perGroup + 1, Qt::Horizontal, Qt::DisplayRole).toString(),
            QStringLiteral("llama-70b prefill tok/s/chip"));
        const std::vector<GroupVerdict>& verdicts = window.analysis()->verdicts();
        QCOMPARE(verdicts.size(), size_t { 2 });
        QVERIFY(!verdicts[0].devices.front().step.config.prefill);
        QVERIFY(verdicts[1].devices.front().step.config.prefill);
        for (int row = 0; row < model->rowCount(); ++row) {
            for (int g = 0; g < 2; ++g) {
                const VerdictDevice& device = verdicts[static_cast<size_t>(g)].devices[static_cast<size_t>(row)];
                QVERIFY(device.error.empty());
                // Prefill: batch x seq tokens per step; decode: batch.
                QCOMPARE(device.step.tokensPerStep, g == 0 ? 64.0 : 64.0 * 512.0);
                const double chips = device.chips;
                ROOFSCOPE_COMPARE_REL(
                    model->data(model->index(row, base + g * perGroup + 1), ComparisonTableModel::kSortRole).toDouble(),
                    device.step.tokensPerStep / device.step.tMin / chips, 1e-12);
                QCOMPARE(model->data(model->index(row, base + g * perGroup), Qt::DisplayRole).toString(),
                    QStringLiteral("64"));
            }
        }
        // Not one ranking of decode + prefill; each group ranks its devices.
        QVERIFY(window.analysis()->comparison().ranking.empty());
        QVERIFY(
            window.analysis()->comparison().rankingRefused.find("decode step and a prefill step") != std::string::npos);
        for (const GroupVerdict& verdict : verdicts) {
            QCOMPARE(std::count_if(verdict.devices.begin(), verdict.devices.end(),
                         [](const VerdictDevice& d) { return d.rank(VerdictCriterion::TokensPerSecondPerChip) == 1; }),
                std::ptrdiff_t { 1 });
        }
        // Review mode: every row of the panel carries both groups' tokens/s.
        window.setReviewMode(true);
        const ChartSummary& summary = window.analysis()->scene().summary;
        QVERIFY(summary.ordering.startsWith(QStringLiteral("Not ranked")));
        QCOMPARE(summary.rows.size(), size_t { 2 });
        for (const ChartSummaryRow& row : summary.rows) {
            QVERIFY2(row.detail.contains(QStringLiteral("llama-70b\u00A0prefill:\u00A0")), qPrintable(row.detail));
            QCOMPARE(row.detail.count(QStringLiteral("tokens/s\u00A0per\u00A0chip\u00A0at\u00A0batch\u00A064")),
                qsizetype(2));
        }
    }

    // A routed expert kernel's tooltip says how many experts the step touches (E_eff, the figure the
    // expert kernels' weight bytes rest on): mixtral-8x22b at batch 64, top-2 of 8 experts, ep = tp = 8 on
    // each 8-chip device: E_eff = 8 (1 - (1 - 2/8)^64), the busiest chip reading max(E_eff / 8, 1) experts.
    void anExpertKernelSaysHowManyExpertsItTouches()
    {
        const Session session = loadGroupExample("serving-70b.yaml");
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(session);
        const SessionAnalysis* analysis = window.analysis();
        int expert = -1;
        for (size_t k = 0; k < analysis->shownSession().kernels.size(); ++k) {
            if (analysis->shownSession().kernels[k].name == "mixtral-8x22b/expert_gate_up") {
                expert = static_cast<int>(k);
            }
        }
        QVERIFY(expert >= 0);
        const double eEff = 8.0 * (1.0 - std::pow(1.0 - 2.0 / 8.0, 64.0));
        const QString tip = analysis->toolTip(expert, 0);
        QVERIFY2(tip.contains(QStringLiteral("E_eff = %1 of them").arg(QString::fromStdString(formatNumber(eEff, 3)))),
            qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("top-2: the expert group's 64 tokens")), qPrintable(tip));
        // A dense kernel's tooltip has no such line.
        QVERIFY(!analysis->toolTip(analysis->firstShownKernel(0) + 2, 0).contains(QStringLiteral("E_eff")));
    }

    // batch 64 -> 128 in the editor: twice the tokens per step, each device's tokens per second
    // = tokens / the step's T_min as the serving model gives it on the 8-chip device (at least the
    // window's compute and memory kernels' T_min summed, which is the model's own sum; the
    // all-reduces overlap them at best), the figure `compare` prints; undo brings 64 back.
    void editingBatchChangesTokensPerSecond()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadGroupExample("llama-decode.yaml"));
        window.kernelDock()->list()->setCurrentIndex(window.kernelDock()->list()->model()->index(0, 0));
        SiSpinBox* batch = window.kernelDock()->parameterBox(QStringLiteral("batch"));
        QVERIFY(batch);
        QCOMPARE(batch->value(), kBatch);
        const QString before = window.comparisonDock()->groupThroughputText();
        QVERIFY2(before.contains(QStringLiteral(" at batch 64: ")), qPrintable(before));
        QVERIFY(before.contains(QStringLiteral("tokens/s per chip")));

        QVERIFY(batch->commitText(QStringLiteral("128")));
        QCOMPARE(window.session().kernels[0].templ->params.at("batch"), 128.0);
        const std::vector<GroupVerdict>& verdicts = window.analysis()->verdicts();
        QCOMPARE(verdicts.size(), size_t { 1 });
        QCOMPARE(verdicts[0].devices.size(), size_t { 2 });
        for (size_t d = 0; d < verdicts[0].devices.size(); ++d) {
            const VerdictDevice& device = verdicts[0].devices[d];
            const ServingStep& step = device.step;
            QVERIFY(step.error.empty());
            QCOMPARE(device.batch, 128.0);
            QCOMPARE(step.tokensPerStep, 128.0);
            // The window's kernels are the step's: the compute and memory kernels' T_min summed is the
            // step's own sum, and each collective's time is the step's (one collective time).
            double kernelSeconds = 0.0;
            double collectiveSeconds = 0.0;
            for (size_t k = 0; k < window.analysis()->shownSession().kernels.size(); ++k) {
                const Evaluation* ev = window.analysis()->evaluation(k, d);
                QVERIFY(ev);
                const Kernel& shown = window.analysis()->shownSession().kernels[k];
                const bool collective = shown.name.find("allreduce") != std::string::npos
                    || shown.name.find("gather_logits") != std::string::npos;
                (collective ? collectiveSeconds : kernelSeconds) += ev->tMin * shown.count;
            }
            ROOFSCOPE_COMPARE_REL(step.computeMemorySeconds, kernelSeconds, 1e-9);
            ROOFSCOPE_COMPARE_REL(step.collectiveSeconds, collectiveSeconds, 1e-9);
            ROOFSCOPE_COMPARE_REL(step.tMin, std::max(kernelSeconds, collectiveSeconds), 1e-9);
            ROOFSCOPE_COMPARE_REL(step.tokensPerSecond, 128.0 / step.tMin, 1e-12);
        }
        const QString after = window.comparisonDock()->groupThroughputText();
        QVERIFY2(after.contains(QStringLiteral(" at batch 128: ")), qPrintable(after));
        QVERIFY(after != before);

        window.document()->undoStack()->undo();
        QCOMPARE(window.session().kernels[0].templ->params.at("batch"), kBatch);
        QCOMPARE(window.comparisonDock()->groupThroughputText(), before);
    }

    // The engine's reserve from the group editor: memory_utilization 0.9 typed as a user does lands in
    // the session and in the verdict's memory (the capacity each chip may fill), and undoes in one
    // step. The head's dtype offers "as dtype" first (it follows dtype), not the first precision.
    void memoryUtilizationFromTheEditor()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadGroupExample("llama-decode.yaml"));
        window.kernelDock()->list()->setCurrentIndex(window.kernelDock()->list()->model()->index(0, 0));
        auto* head = window.kernelDock()->findChild<QComboBox*>(QStringLiteral("group-lm_head_dtype"));
        QVERIFY(head);
        QCOMPARE(head->itemText(0), QStringLiteral("as dtype"));
        SiSpinBox* share = window.kernelDock()->parameterBox(QStringLiteral("memory_utilization"));
        QVERIFY(share);
        QCOMPARE(share->value(), 1.0);
        const double whole = *window.analysis()->verdicts()[0].devices[0].step.memory.capacityPerChipBytes;
        typeAndEnter(share, QStringLiteral("0.9"));
        QCOMPARE(window.session().kernels[0].templ->params.at("memory_utilization"), 0.9);
        const ServingMemory& memory = window.analysis()->verdicts()[0].devices[0].step.memory;
        QCOMPARE(*memory.capacityPerChipBytes, whole * 0.9);
        QCOMPARE(memory.memoryUtilization, 0.9);
        // The comparison pane's verdict says which share the fit counts.
        const QString said = window.comparisonDock()->groupThroughputText();
        QVERIFY2(said.contains(QStringLiteral("per chip at memory_utilization 0.9, max batch")), qPrintable(said));
        window.document()->undoStack()->undo();
        QVERIFY(!window.session().kernels[0].templ->params.contains("memory_utilization"));
        QCOMPARE(*window.analysis()->verdicts()[0].devices[0].step.memory.capacityPerChipBytes, whole);
    }

    // The mouse wheel over the group editor (25 fields in a short pane) scrolls the pane: a field
    // without focus under the pointer keeps its value and the session gets no undo step. A field the
    // user has clicked into still takes the wheel, as Qt's fields do.
    void theWheelScrollsTheEditorNotAField()
    {
        MainWindow window(m_db);
        showOnLaptop(window, "llama-decode.yaml");
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.kernelDock()->list()->setCurrentIndex(window.kernelDock()->list()->model()->index(0, 0));
        QApplication::processEvents();
        SiSpinBox* batch = window.kernelDock()->parameterBox(QStringLiteral("batch"));
        QVERIFY(batch);
        QScrollArea* pane = nullptr;
        for (QWidget* w = batch->parentWidget(); w && !pane; w = w->parentWidget()) {
            pane = qobject_cast<QScrollArea*>(w);
        }
        QVERIFY(pane);
        QVERIFY2(pane->verticalScrollBar()->maximum() > 0, "the editor's pane has nothing to scroll");
        pane->ensureWidgetVisible(batch);
        pane->verticalScrollBar()->setValue(pane->verticalScrollBar()->minimum());
        pane->ensureWidgetVisible(batch);
        QApplication::processEvents();
        window.kernelDock()->list()->setFocus();
        QVERIFY(!batch->hasFocus());
        // Towards the end the pane can still go (down, unless the field sits at the bottom of the range).
        QScrollBar* bar = pane->verticalScrollBar();
        const int scrolled = bar->value();
        const bool down = scrolled < bar->maximum();
        const int steps = window.document()->undoStack()->count();
        const QPointF at = QPointF(batch->rect().center());
        QWheelEvent wheel(at, batch->mapToGlobal(at), QPoint(), QPoint(0, down ? -120 : 120), Qt::NoButton,
            Qt::NoModifier, Qt::NoScrollPhase, false);
        // As the window system delivers it (Qt passes only such a wheel event on to the parents).
        QSpontaneKeyEvent::setSpontaneous(&wheel);
        QApplication::sendEvent(batch, &wheel);
        QApplication::processEvents();
        QCOMPARE(batch->value(), kBatch);
        QCOMPARE(window.session().kernels[0].templ->params.at("batch"), kBatch);
        QCOMPARE(window.document()->undoStack()->count(), steps);
        QVERIFY2(down ? bar->value() > scrolled : bar->value() < scrolled,
            qPrintable(QStringLiteral("the pane stayed at %1 of %2").arg(scrolled).arg(bar->maximum())));
    }

    // A group that names a catalogue model shows the model's values in its fields and the model in its model
    // field; latent attention's head_dim says it is not used (its heads are qk_nope + qk_rope wide).
    void aCatalogueModelShowsInTheEditor()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadGroupExample("serving-measured.yaml"));
        window.kernelDock()->list()->setCurrentIndex(window.kernelDock()->list()->model()->index(0, 0));
        QApplication::processEvents();
        QCOMPARE(window.kernelDock()->parameterBox(QStringLiteral("layers"))->value(), 61.0);
        QCOMPARE(window.kernelDock()->parameterBox(QStringLiteral("kv_lora_rank"))->value(), 512.0);
        SiSpinBox* headDim = window.kernelDock()->parameterBox(QStringLiteral("head_dim"));
        QVERIFY2(headDim->autoText().contains(QStringLiteral("not used (MLA)")), qPrintable(headDim->autoText()));
        auto* model = window.kernelDock()->findChild<QComboBox*>(QStringLiteral("group-preset"));
        QVERIFY(model);
        QCOMPARE(model->currentText(), QStringLiteral("DeepSeek-V3"));
    }

    // Entries the step refuses: shown at the field in red, the session unchanged, no crash.
    void badEntriesAreRefused_data()
    {
        QTest::addColumn<QString>("parameter");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("hidden not a multiple of heads") << "hidden"
                                                        << "8100"
                                                        << "multiple of heads";
        QTest::newRow("heads not a multiple of kv_heads") << "kv_heads"
                                                          << "7"
                                                          << "multiple of kv_heads";
        QTest::newRow("no number") << "batch"
                                   << "lots"
                                   << "batch";
        QTest::newRow("zero layers") << "layers"
                                     << "0"
                                     << "layers";
        QTest::newRow("a fraction of a sequence") << "seq"
                                                  << "10.5"
                                                  << "seq";
        QTest::newRow("more memory than the chip has") << "memory_utilization"
                                                       << "1.5"
                                                       << "memory_utilization must be at most 1";
        QTest::newRow("no memory at all") << "memory_utilization"
                                          << "0"
                                          << "memory_utilization must be greater than 0";
    }

    void badEntriesAreRefused()
    {
        QFETCH(QString, parameter);
        QFETCH(QString, text);
        QFETCH(QString, message);
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadGroupExample("llama-decode.yaml"));
        window.kernelDock()->list()->setCurrentIndex(window.kernelDock()->list()->model()->index(0, 0));
        const Session before = window.session();
        SiSpinBox* box = window.kernelDock()->parameterBox(parameter);
        QVERIFY(box);
        typeAndEnter(box, text); // as a user types: select all, type, Enter
        const QString shown = window.kernelDock()->fieldMessage(box);
        QVERIFY2(shown.contains(message), qPrintable(shown));
        QCOMPARE(window.session().kernels[0].templ->params, before.kernels[0].templ->params);
        QCOMPARE(window.analysis()->shownSession().kernels.size(), size_t { 13 }); // ffn_act, all-reduces, gather
        QVERIFY(!window.isModified());
    }

    // A kernel of the group is dragged through the group's batch: ffn_down (a matmul of ffn x hidden
    // bf16 weights, its partial sums written by each of the tp = 8 chips) has, with T tokens,
    // I(T) = 2 T h f / (2 tp T h + 2 h f + 2 T f), so reaching I takes T = I h f / (h f - I (tp h + f));
    // the drag sets the whole number below it, in one undo step.
    // The attention's intensity does not depend on the batch: a drag on it moves nothing and says why.
    void groupKernelDragsTheGroupsBatch()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadGroupExample("llama-decode.yaml"));
        const Session before = window.session();
        const double h = before.kernels[0].templ->params.at("hidden");
        const double f = before.kernels[0].templ->params.at("ffn");
        auto intensity = [&](double t) { return 2.0 * t * h * f / (2.0 * kTp * t * h + 2.0 * h * f + 2.0 * t * f); };
        const double target = 2.0 * intensity(before.kernels[0].templ->params.at("batch"));
        const double tokens = target * h * f / (h * f - target * (kTp * h + f));

        const int ffnUp = shownIndex(*window.analysis(), "llama-70b/ffn_down");
        Q_EMIT window.chart()->kernelDragged(ffnUp, target);
        const double batch = window.session().kernels[0].templ->params.at("batch");
        QCOMPARE(batch, std::floor(tokens));
        QVERIFY(intensity(batch) <= target);
        QVERIFY(intensity(batch + 1.0) > target);
        // The scene follows: the dragged kernel's marker sits at its new intensity.
        const int moved = shownIndex(*window.analysis(), "llama-70b/ffn_down");
        ROOFSCOPE_COMPARE_REL(window.analysis()->scene().kernels[static_cast<size_t>(moved)].points.front().intensity,
            intensity(batch), 1e-9);
        window.document()->endInteraction();
        QCOMPARE(window.document()->undoStack()->count(), 1);
        window.document()->undoStack()->undo();
        QCOMPARE(window.session().kernels[0].templ->params, before.kernels[0].templ->params);

        // The attention reads each sequence's own KV cache: its intensity does not depend on the batch.
        const int scores = shownIndex(*window.analysis(), "llama-70b/attn_scores");
        Q_EMIT window.chart()->kernelDragged(scores, 500.0);
        QVERIFY2(window.statusMessage().contains(QStringLiteral("does not depend on the batch")),
            qPrintable(window.statusMessage()));
        QCOMPARE(window.session().kernels[0].templ->params, before.kernels[0].templ->params);
        QCOMPARE(window.document()->undoStack()->index(), 0);
        // Nor does an all-reduce's (1 / 4 FLOP per byte on the link in bf16, whatever the batch).
        const int allReduce = shownIndex(*window.analysis(), "llama-70b/allreduce_ffn");
        QVERIFY(allReduce >= 0);
        Q_EMIT window.chart()->kernelDragged(allReduce, 2.0);
        QVERIFY2(window.statusMessage().contains(QStringLiteral("allreduce_ffn's intensity does not depend")),
            qPrintable(window.statusMessage()));
        QCOMPARE(window.session().kernels[0].templ->params, before.kernels[0].templ->params);
    }

    // A drag of a group's kernel moves the whole group (its batch) over the roofs already drawn: the
    // roofs are not built again, the markers and the verdict's caption follow every step, and the
    // release draws the chart whole again.
    void aGroupDragRedrawsOnlyItsKernels()
    {
        MainWindow window(m_db);
        showOnLaptop(window, "llama-decode.yaml");
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCustomPlot* plot = window.chart()->plot();
        const int kernel = shownIndex(*window.analysis(), "llama-70b/ffn_down");
        RegimeMapDock* dock = window.regimeMapDock(); // follows the drag
        dock->show();
        dock->raise();
        window.setSelectedKernel(kernel);
        QApplication::processEvents();
        plot->replot();
        const auto start = window.chart()->markerPosition(kernel, 0);
        QVERIFY(start);
        const QPointer<QCPGraph> roof = plot->graph(0);
        QVERIFY(roof);
        const QStringList captionsBefore = window.chart()->decorator().captions();
        QVERIFY(!captionsBefore.isEmpty());
        const double batchBefore = window.session().kernels[0].templ->params.at("batch");
        const QPoint to = start->toPoint() + QPoint(40, 0);
        QTest::mousePress(plot, Qt::LeftButton, {}, start->toPoint());
        QVERIFY(window.chart()->isDragging());
        QTest::mouseMove(plot, to);
        QApplication::processEvents();
        const double batch = window.session().kernels[0].templ->params.at("batch");
        QVERIFY2(batch > batchBefore, qPrintable(QString::number(batch)));
        QVERIFY2(roof && plot->graph(0) == roof.data(), "the roofs were built again for a move of the group");
        const auto moved = window.chart()->markerPosition(kernel, 0);
        QVERIFY(moved && moved->x() > start->x() + 20.0);
        QCOMPARE(window.chart()->decorator().captions(), window.analysis()->scene().decorations.captions);
        QVERIFY(window.chart()->decorator().captions() != captionsBefore);
        QTest::mouseRelease(plot, Qt::LeftButton, {}, to);
        QApplication::processEvents();
        QVERIFY(!window.chart()->isDragging());
        QCOMPARE(window.chart()->decorator().captions(), window.analysis()->scene().decorations.captions);
        QCOMPARE(window.document()->undoStack()->count(), 1);
        // The regime map of the group (shown) marks the batch the drag left, and its cells are the
        // session's: drawn on threads of its own, taken when done.
        dock->regimeMap()->ensureCurrent();
        QApplication::processEvents();
        QCOMPARE(dock->xParameterBox()->currentText(), QStringLiteral("batch"));
        QVERIFY(dock->view()->current());
        QCOMPARE(dock->view()->current()->first, batch);
        QVERIFY(!dock->regimeMap()->map().devices.empty());
    }

    // Selecting a kernel of the group sweeps the group's batch; the trajectory is the step's total
    // intensity (all FLOPs over all bytes) on each device, and the slider sets the batch.
    void sweepRunsOverTheGroupsBatch()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadGroupExample("llama-decode.yaml"));
        window.setSelectedKernel(shownIndex(*window.analysis(), "llama-70b/o_proj"));
        SweepDock* dock = window.sweepDock();
        QCOMPARE(dock->parameterBox()->currentText(), QStringLiteral("batch"));
        KernelSweep* sweep = window.kernelSweep();
        QVERIFY2(sweep->error().isEmpty(), qPrintable(sweep->error()));
        QCOMPARE(sweep->kernel(), 0);
        const Trajectory& trajectory = sweep->trajectory();
        QCOMPARE(trajectory.devices.size(), size_t { 2 });
        QVERIFY(!sweep->values().empty());
        // The step at the first swept batch: every kernel's FLOPs and bytes times its count.
        Kernel step = window.session().kernels[0];
        step.templ->params["batch"] = sweep->values().front();
        const auto expansion = expandTransformer(*step.templ);
        QVERIFY(expansion.error.empty());
        double flops = 0.0;
        double bytes = 0.0;
        for (const Kernel& part : expansion.kernels) {
            flops += part.count * part.flops;
            bytes += part.count * part.totalBytes();
        }
        ROOFSCOPE_COMPARE_REL(trajectory.devices[0].points.front().intensity, flops / bytes, 1e-9);

        dock->slider()->setValue(SweepDock::kSliderSteps); // the top of the range
        QCOMPARE(window.session().kernels[0].templ->params.at("batch"), dock->valueAt(SweepDock::kSliderSteps));
        QCOMPARE(window.analysis()->shownSession().kernels.size(), size_t { 13 }); // ffn_act, all-reduces, gather
    }

    // The regime map of the group: batch across, seq up, one panel per device (H100 x8, TPU v5p x8).
    void regimeMapShowsEveryDevice()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadGroupExample("llama-decode.yaml"));
        window.setSelectedKernel(shownIndex(*window.analysis(), "llama-70b/ffn_down"));
        RegimeMapDock* dock = window.regimeMapDock();
        QCOMPARE(dock->xParameterBox()->currentText(), QStringLiteral("batch"));
        QCOMPARE(dock->yParameterBox()->currentText(), QStringLiteral("seq"));
        dock->regimeMap()->ensureCurrent(); // the map is drawn on threads of its own
        const RegimeMap& map = dock->regimeMap()->map();
        QVERIFY2(dock->regimeMap()->error().isEmpty(), qPrintable(dock->regimeMap()->error()));
        QCOMPARE(map.devices.size(), size_t { 2 });
        QCOMPARE(dock->view()->panelCount(), 2);
        for (size_t d = 0; d < 2; ++d) {
            QCOMPARE(QString::fromStdString(map.devices[d].hardwareName), window.analysis()->scene().devices[d].label);
            QCOMPARE(map.devices[d].cells.size(), map.xValues.size() * map.yValues.size());
        }
    }

    // Review mode: each device's row beside the chart ends with the step's tokens per second.
    void reviewPanelShowsTokensPerSecond()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadGroupExample("llama-decode.yaml"));
        window.setReviewMode(true);
        const ChartSummary& summary = window.analysis()->scene().summary;
        QCOMPARE(summary.rows.size(), size_t { 2 });
        for (const ChartSummaryRow& row : summary.rows) {
            QVERIFY2(row.detail.contains(QStringLiteral("tokens/s")), qPrintable(row.detail));
        }
    }

private:
    HardwareDatabase m_db;
};

ROOFSCOPE_TEST_MAIN(TestKernelGroups)
#include "test_kernel_groups.moc"
