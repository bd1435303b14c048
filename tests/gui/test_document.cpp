// The session document (every edit an undo step, drags merged) and the results table model.
#include "TestMain.h"
#include "TestUtil.h"
#include "analysis/SessionEvaluator.h"
#include "gui/ExampleSession.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "model/Templates.h"
#include "model/Units.h"
#include "models/ResultsTableModel.h"
#include "session/SessionDocument.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QUndoStack>

using namespace roofscope;
using namespace roofscope::test;

namespace {
Kernel documentKernel()
{
    Kernel k;
    k.name = "raw";
    k.flops = 1e12;
    k.bytes = { { "default", 1e10 }, { "l2", 4e10 } };
    return k;
}
} // namespace

class TestDocument : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rawKernelKeepsFlopsAndScalesBytes()
    {
        SessionDocument doc;
        Session s;
        s.kernels = { documentKernel() };
        doc.resetSession(s);
        QSignalSpy changed(&doc, &SessionDocument::kernelMoved);
        QVERIFY(doc.setKernelIntensity(0, 400.0).isEmpty());
        const Kernel& k = doc.session().kernels[0];
        QCOMPARE(k.flops, 1e12);
        ROOFSCOPE_COMPARE_REL(k.bytesOn("default"), 2.5e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(k.bytesOn("l2"), 1e10, 1e-12); // the hierarchy keeps its ratio
        QCOMPARE(changed.count(), 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.session().kernels[0].bytesOn("default"), 1e10); // exact
        QCOMPARE(doc.session().kernels[0].bytesOn("l2"), 4e10);
        doc.undoStack()->redo();
        ROOFSCOPE_COMPARE_REL(doc.session().kernels[0].bytesOn("default"), 2.5e9, 1e-12);
    }

    void templateKernelMovesItsFreeParameterAndOneDragIsOneStep()
    {
        SessionDocument doc;
        Session s = exampleSession();
        doc.resetSession(s);
        const int ffn = 3; // matmul m=65536 k=4096 n=16384
        const double m0 = doc.session().kernels[ffn].templ->params.at("m");
        QVERIFY(doc.setKernelIntensity(ffn, 500.0).isEmpty());
        QVERIFY(doc.setKernelIntensity(ffn, 300.0).isEmpty());
        QVERIFY(doc.setKernelIntensity(ffn, 200.0).isEmpty());
        doc.endInteraction();
        QCOMPARE(doc.undoStack()->count(), 1);
        const Kernel& k = doc.session().kernels[ffn];
        const double m = k.templ->params.at("m");
        QCOMPARE(m, std::round(m)); // snapped to a whole number
        ROOFSCOPE_COMPARE_REL(k.flops / k.bytesOn("default"), 200.0, 0.01);
        QVERIFY(doc.setKernelIntensity(ffn, 1000.0).isEmpty()); // a second drag
        QCOMPARE(doc.undoStack()->count(), 2);
        doc.undoStack()->undo();
        QCOMPARE(doc.session().kernels[ffn].templ->params.at("m"), m);
        doc.undoStack()->undo();
        QCOMPARE(doc.session().kernels[ffn].templ->params.at("m"), m0);
        QCOMPARE(doc.session().kernels[ffn].flops, s.kernels[ffn].flops);
    }

    void badEditsChangeNothing()
    {
        SessionDocument doc;
        Session s;
        s.kernels = { documentKernel() };
        doc.resetSession(s);
        QVERIFY(!doc.setKernelIntensity(0, 0.0).isEmpty());
        QVERIFY(!doc.setKernelIntensity(0, -3.0).isEmpty());
        QVERIFY(!doc.setKernelIntensity(5, 3.0).isEmpty());
        Kernel bad = documentKernel();
        bad.bytes[0].bytes = -1;
        QVERIFY(doc.replaceKernel(0, bad).contains("greater than zero"));
        Kernel badTemplate;
        badTemplate.name = "t";
        badTemplate.templ = TemplateInstance { "matmul", { { "m", 0 }, { "k", 1 }, { "n", 1 } }, {} };
        QVERIFY(doc.replaceKernel(0, badTemplate).contains("out of range"));
        QCOMPARE(doc.undoStack()->count(), 0);
        QCOMPARE(doc.session().kernels[0].bytesOn("default"), 1e10);
    }

    // A kernel that moved 0 bytes on its only level (as imported from an ncu run whose GEMM stayed in
    // L2): its other fields can be edited; its intensity cannot be moved (it is unbounded); a new 0
    // and a kernel with neither bytes nor FLOPs are refused. One with no byte levels at all does not
    // crash a move.
    void aKernelThatMovedNoBytesCanBeEditedNotMoved()
    {
        SessionDocument doc;
        Session s;
        Kernel gemm;
        gemm.name = "gemm";
        gemm.flops = 5e11;
        gemm.bytes = { { "hbm", 0.0 } };
        gemm.measuredSeconds = 1e-3;
        Kernel noLevels = gemm;
        noLevels.name = "no levels";
        noLevels.bytes.clear();
        s.kernels = { gemm, documentKernel(), noLevels };
        doc.resetSession(s);
        Kernel renamed = gemm;
        renamed.name = "gemm (L2)";
        renamed.measuredSeconds = 2e-3;
        QCOMPARE(doc.replaceKernel(0, renamed), QString());
        QCOMPARE(doc.session().kernels[0].name, std::string("gemm (L2)"));
        QCOMPARE(doc.session().kernels[0].bytesOn("hbm"), 0.0);
        QCOMPARE(doc.undoStack()->count(), 1);
        const QString moved = doc.setKernelIntensity(0, 100.0);
        QVERIFY2(moved.contains("moved 0 bytes on every counted level"), qPrintable(moved));
        QVERIFY(!doc.setKernelIntensity(2, 100.0).isEmpty());
        Kernel noFlops = renamed;
        noFlops.flops = 0.0;
        QVERIFY(doc.replaceKernel(0, noFlops).contains("needs FLOPs"));
        Kernel zeroed = documentKernel();
        zeroed.bytes[1].bytes = 0.0; // a new 0: refused, as typed in the editor
        QVERIFY(doc.replaceKernel(1, zeroed).contains("greater than zero"));
        QCOMPARE(doc.undoStack()->count(), 1);
    }

    void addRemoveAndDeviceTogglesUndo()
    {
        SessionDocument doc;
        doc.resetSession(exampleSession());
        QVERIFY(doc.removeKernel(0).isEmpty());
        QCOMPARE(doc.session().kernels.size(), size_t(3));
        doc.undoStack()->undo();
        QCOMPARE(doc.session().kernels.front().name, std::string("LayerNorm"));
        QVERIFY(doc.addKernel(documentKernel()).isEmpty());
        QCOMPARE(doc.session().kernels.back().name, std::string("raw"));
        DeviceSelection hidden = doc.session().devices[1];
        hidden.visible = false;
        QSignalSpy devices(&doc, &SessionDocument::devicesChanged);
        QVERIFY(doc.setDeviceSelection(1, hidden).isEmpty());
        QCOMPARE(doc.session().devices[1].visible, false);
        doc.undoStack()->undo();
        QCOMPARE(doc.session().devices[1].visible, true);
        QCOMPARE(devices.count(), 2);
    }

    void resultsModelPassesTheTester()
    {
        HardwareDatabase db;
        db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        const Session s = exampleSession();
        ResultsTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setEvaluation(evaluateSession(s, db));
        QCOMPARE(model.rowCount(), 16);
        QCOMPARE(model.headerData(5, Qt::Horizontal).toString(), QString("Attainable"));
        // The table shows the numbers the core computes.
        const auto direct = evaluate(s.kernels[0], *db.find("nvidia-h100-sxm"));
        QCOMPARE(model.index(0, 5).data().toString(),
            QString::fromStdString(formatQuantity(direct.evaluation->attainable, Dimension::FlopsPerSecond)));
        QCOMPARE(model.index(0, 5).data(ResultsTableModel::kSortRole).toDouble(), direct.evaluation->attainable);
        QCOMPARE(model.index(0, 7).data().toString(), QString("memory-bound"));
        // Updating one kernel's rows in place.
        Session moved = s;
        moved.kernels[0].flops *= 2;
        std::vector<Evaluation> rows;
        for (const auto& d : s.devices) {
            rows.push_back(*evaluate(moved.kernels[0], *db.find(d.id)).evaluation);
        }
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(model.updateKernelRows(0, rows));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.index(0, 5).data(ResultsTableModel::kSortRole).toDouble(), rows[0].attainable);
        // Sorting by value, not by text: attainable ascending.
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(ResultsTableModel::kSortRole);
        proxy.sort(5);
        double previous = 0.0;
        for (int r = 0; r < proxy.rowCount(); ++r) {
            const double value = proxy.index(r, 5).data(ResultsTableModel::kSortRole).toDouble();
            QVERIFY(value >= previous);
            previous = value;
        }
    }
};

ROOFSCOPE_TEST_MAIN(TestDocument)
#include "test_document.moc"
