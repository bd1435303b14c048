// The hardware and kernels docks driving the real main window offscreen: toggles remove and restore
// exactly the right roofs, editors refuse bad entries at the field, the table passes the model tester.
#include "TestMain.h"
#include "TestUtil.h"
#include "analysis/SessionEvaluator.h"
#include "chart/RooflineChart.h"
#include "gui/ExampleSession.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "models/ResultsTableModel.h"
#include "session/SessionDocument.h"
#include "widgets/HardwareDock.h"
#include "widgets/KernelDock.h"
#include "widgets/MainWindow.h"
#include "widgets/SiSpinBox.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QListView>
#include <QTableView>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QTreeWidget>
#include <QUndoStack>
#include <qcustomplot.h>

using namespace roofscope;
using namespace roofscope::test;

namespace {
// Everything the chart draws for the devices, in a comparable form.
struct ChartState {
    QStringList legends;
    int roofs = 0;
    int ceilings = 0;
    int markers = 0;
    QStringList cells; // every results cell

    bool operator==(const ChartState& other) const
    {
        return legends == other.legends && roofs == other.roofs && ceilings == other.ceilings
            && markers == other.markers && cells == other.cells;
    }
};

ChartState stateOf(const MainWindow& window)
{
    ChartState state;
    const RooflineChart* chart = window.chart();
    for (int d = 0; d < static_cast<int>(chart->scene().devices.size()); ++d) {
        state.legends << chart->legendText(d);
    }
    state.roofs = chart->roofCount();
    state.ceilings = chart->ceilingCount();
    state.markers = chart->kernelMarkerCount();
    const ResultsTableModel* model = window.resultsModel();
    for (int r = 0; r < model->rowCount(); ++r) {
        for (int c = 0; c < model->columnCount(); ++c) {
            state.cells << model->data(model->index(r, c)).toString();
        }
    }
    return state;
}

QStringList sceneDeviceIds(const MainWindow& window)
{
    QStringList ids;
    for (const auto& device : window.chart()->scene().devices) {
        ids << device.id;
    }
    return ids;
}

} // namespace

class TestDocks : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

private Q_SLOTS:
    void initTestCase() { m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR); }

    void deviceToggleRemovesAndRestoresItsRoofs()
    {
        MainWindow window(m_db);
        window.setSession(exampleSession());
        const ChartState before = stateOf(window);
        QCOMPARE(sceneDeviceIds(window),
            QStringList({ "nvidia-h100-sxm", "amd-instinct-mi300x", "google-tpu-v6e", "google-tpu-v7x" }));
        HardwareDock* dock = window.hardwareDock();
        QTreeWidgetItem* h100 = dock->deviceItem(QStringLiteral("nvidia-h100-sxm"));
        QVERIFY(h100);
        QCOMPARE(h100->checkState(0), Qt::Checked);

        h100->setCheckState(0, Qt::Unchecked); // what a click does
        QCOMPARE(sceneDeviceIds(window), QStringList({ "amd-instinct-mi300x", "google-tpu-v6e", "google-tpu-v7x" }));
        const ChartState off = stateOf(window);
        QCOMPARE(off.legends, before.legends.mid(1)); // the other devices' roofs are untouched
        QCOMPARE(off.markers, before.markers - 4); // 4 kernels lose their H100 marker
        QCOMPARE(window.resultsModel()->rowCount(), 12);
        // H100 draws its HBM slope and its L2 and L1 roofs (its links carry no bytes here): three roofs less.
        QCOMPARE(off.roofs, before.roofs - 3);
        QCOMPARE(dock->groupItem(QStringLiteral("NVIDIA"), QStringLiteral("Hopper"))->checkState(0), Qt::Unchecked);

        h100->setCheckState(0, Qt::Checked);
        QVERIFY(stateOf(window) == before); // exactly the same roofs, markers and numbers

        h100->setCheckState(0, Qt::Unchecked);
        window.document()->undoStack()->undo();
        QVERIFY(stateOf(window) == before);
        QCOMPARE(h100->checkState(0), Qt::Checked); // the dock follows undo
    }

    void groupToggleRemovesAndRestoresTheGeneration()
    {
        MainWindow window(m_db);
        window.setSession(exampleSession());
        const ChartState before = stateOf(window);
        HardwareDock* dock = window.hardwareDock();
        QTreeWidgetItem* tpu = dock->groupItem(QStringLiteral("Google"), QStringLiteral("TPU"));
        QVERIFY(tpu);
        QCOMPARE(tpu->checkState(0), Qt::PartiallyChecked); // v6e and v7x of five TPUs
        const int undoBefore = window.document()->undoStack()->count();
        tpu->setCheckState(0, Qt::Unchecked);
        QCOMPARE(window.document()->undoStack()->count(), undoBefore + 1); // one step for the group
        QCOMPARE(sceneDeviceIds(window), QStringList({ "nvidia-h100-sxm", "amd-instinct-mi300x" }));
        QCOMPARE(stateOf(window).legends, before.legends.mid(0, 2));
        tpu->setCheckState(0, Qt::Checked);
        QVERIFY(stateOf(window) == before); // the same two TPUs, not all five
        // Checking a group with nothing to remember shows all of it.
        QTreeWidgetItem* intel = dock->groupItem(QStringLiteral("Intel"));
        QVERIFY(intel);
        intel->setCheckState(0, Qt::Checked);
        QVERIFY(sceneDeviceIds(window).contains(QStringLiteral("intel-gaudi-3")));
        int intelDevices = 0;
        for (const auto& d : m_db.devices()) {
            intelDevices += d.vendor == "Intel" ? 1 : 0;
        }
        QCOMPARE(window.resultsModel()->rowCount(), 4 * (4 + intelDevices)); // 4 kernels on 4 + Intel's devices
    }

    void levelTogglesRemoveAndRestoreOneRoof()
    {
        MainWindow window(m_db);
        window.setSession(exampleSession());
        const ChartState before = stateOf(window);
        HardwareDock* dock = window.hardwareDock();
        // MI300X draws its L3 (Infinity Cache) as a lighter roof.
        const auto mi300x = window.chart()->scene().devices[1];
        QCOMPARE(mi300x.id, QStringLiteral("amd-instinct-mi300x"));
        const auto hasLevel = [&](const QString& name) {
            for (const auto& level : window.chart()->scene().devices[1].levels) {
                if (level.name == name) {
                    return true;
                }
            }
            return false;
        };
        QVERIFY(hasLevel(QStringLiteral("l3")));
        QTreeWidgetItem* l3 = dock->levelItem(QStringLiteral("amd-instinct-mi300x"), QStringLiteral("l3"));
        QVERIFY(l3);
        l3->setCheckState(0, Qt::Unchecked);
        QVERIFY(!hasLevel(QStringLiteral("l3")));
        QCOMPARE(stateOf(window).roofs, before.roofs - 1);
        QCOMPARE(window.session().devices[1].disabledLevels, std::vector<std::string>({ "l3" }));
        QCOMPARE(stateOf(window).cells, before.cells); // the kernels move no bytes on L3
        l3->setCheckState(0, Qt::Checked);
        QVERIFY(stateOf(window) == before);

        // Switching the default level off drops the device's slope and changes its numbers.
        QTreeWidgetItem* hbm = dock->levelItem(QStringLiteral("nvidia-h100-sxm"), QStringLiteral("hbm"));
        QVERIFY(hbm);
        hbm->setCheckState(0, Qt::Unchecked);
        QVERIFY(!(stateOf(window) == before));
        QVERIFY(window.chart()->scene().devices[0].defaultLevel() == nullptr);
        hbm->setCheckState(0, Qt::Checked);
        QVERIFY(stateOf(window) == before);
    }

    void precisionAndSustainedChangeAndRestore()
    {
        MainWindow window(m_db);
        window.setSession(exampleSession());
        const ChartState before = stateOf(window);
        HardwareDock* dock = window.hardwareDock();
        QComboBox* precision = dock->precisionBox(QStringLiteral("nvidia-h100-sxm"));
        QVERIFY(precision);
        const int fp8 = precision->findData(QStringLiteral("fp8"));
        QVERIFY(fp8 > 0);
        precision->setCurrentIndex(fp8);
        Q_EMIT precision->activated(fp8);
        QVERIFY(window.chart()->legendText(0).startsWith(QStringLiteral("H100 SXM (fp8) · 1.98 PFLOP/s")));
        // Every H100 row now evaluates at fp8: the same numbers the core computes.
        const Session& session = window.session();
        const auto expected
            = evaluate(session.kernels[3], *m_db.find("nvidia-h100-sxm"), sessionOptions(session, session.devices[0]));
        QVERIFY(expected.evaluation);
        QCOMPARE(expected.evaluation->precision, std::string("fp8"));
        const QModelIndex attainable = window.resultsModel()->index(
            static_cast<int>(window.resultsModel()->kernelRows(3).front()), 5); // FFN on H100
        ROOFSCOPE_COMPARE_REL(window.resultsModel()->data(attainable, ResultsTableModel::kSortRole).toDouble(),
            expected.evaluation->attainable, 1e-12);
        precision->setCurrentIndex(0);
        Q_EMIT precision->activated(0);
        QVERIFY(stateOf(window) == before);

        dock->sustainedBox()->setChecked(true);
        QVERIFY(window.session().view.sustained);
        QVERIFY(!(stateOf(window) == before));
        dock->sustainedBox()->setChecked(false);
        QVERIFY(stateOf(window) == before);
    }

    void kernelEditorRefusesBadEntriesAtTheField()
    {
        MainWindow window(m_db);
        window.setSession(exampleSession());
        KernelDock* dock = window.kernelDock();
        dock->addRawKernel();
        QCOMPARE(window.session().kernels.size(), size_t(5));
        QCOMPARE(dock->currentKernel(), 4);
        const Kernel before = window.session().kernels[4];
        const int steps = window.document()->undoStack()->count();
        const ChartState chart = stateOf(window);

        SiSpinBox* flops = dock->flopsBox();
        QVERIFY(flops);
        QVERIFY(!flops->commitText(QStringLiteral("twelve")));
        QVERIFY(dock->fieldMessage(flops).contains(QStringLiteral("not a number")));
        QVERIFY(!dock->fieldMessage(flops).isEmpty());
        SiSpinBox* bytes = dock->bytesBox(QStringLiteral("default"));
        QVERIFY(bytes);
        QVERIFY(!bytes->commitText(QStringLiteral("0")));
        QVERIFY(dock->fieldMessage(bytes).contains(QStringLiteral("greater than")));
        QVERIFY(!bytes->commitText(QStringLiteral("-5 GB")));
        QVERIFY(!bytes->commitText(QStringLiteral("5 GB/s"))); // a rate is not a size
        QLineEdit* measured = dock->measuredEdit();
        measured->setText(QStringLiteral("fast"));
        Q_EMIT measured->editingFinished();
        QVERIFY(!dock->fieldMessage(measured).isEmpty());
        measured->setText(QStringLiteral("0 s"));
        Q_EMIT measured->editingFinished();
        QVERIFY(dock->fieldMessage(measured).contains(QStringLiteral("greater than zero")));
        // Nothing else changed.
        QCOMPARE(window.document()->undoStack()->count(), steps);
        QCOMPARE(window.session().kernels[4].flops, before.flops);
        QCOMPARE(window.session().kernels[4].bytesOn("default"), before.bytesOn("default"));
        QVERIFY(!window.session().kernels[4].measuredSeconds);
        QVERIFY(stateOf(window) == chart);

        // Good entries with SI suffixes are one undo step each.
        QVERIFY(flops->commitText(QStringLiteral("2T")));
        QCOMPARE(window.session().kernels[4].flops, 2e12);
        QVERIFY(dock->fieldMessage(flops).isEmpty());
        QVERIFY(bytes->commitText(QStringLiteral("4 GB")));
        QCOMPARE(window.session().kernels[4].bytesOn("default"), 4e9);
        measured->setText(QStringLiteral("12 ms"));
        Q_EMIT measured->editingFinished();
        QCOMPARE(*window.session().kernels[4].measuredSeconds, 0.012);
        QCOMPARE(window.document()->undoStack()->count(), steps + 3);
        window.document()->undoStack()->undo();
        window.document()->undoStack()->undo();
        window.document()->undoStack()->undo();
        QCOMPARE(window.session().kernels[4].flops, before.flops);
        QCOMPARE(window.session().kernels[4].bytesOn("default"), before.bytesOn("default"));
        QVERIFY(stateOf(window) == chart);
    }

    void templateParametersAreCheckedAgainstTheirRange()
    {
        MainWindow window(m_db);
        window.setSession(exampleSession());
        KernelDock* dock = window.kernelDock();
        dock->setCurrentKernel(3); // FFN up projection: matmul m=65536 k=4096 n=16384
        SiSpinBox* m = dock->parameterBox(QStringLiteral("m"));
        QVERIFY(m);
        QCOMPARE(m->value(), 65536.0);
        const int steps = window.document()->undoStack()->count();
        QVERIFY(!m->commitText(QStringLiteral("0")));
        QVERIFY(dock->fieldMessage(m).contains(QStringLiteral("at least")));
        QVERIFY(!m->commitText(QStringLiteral("12.5")));
        QVERIFY(dock->fieldMessage(m).contains(QStringLiteral("whole number")));
        QVERIFY(!m->commitText(QStringLiteral("1e40")));
        QVERIFY(!m->commitText(QStringLiteral("lots")));
        QCOMPARE(window.document()->undoStack()->count(), steps);
        QCOMPARE(window.session().kernels[3].templ->params.at("m"), 65536.0);

        QVERIFY(m->commitText(QStringLiteral("8k")));
        QCOMPARE(window.session().kernels[3].templ->params.at("m"), 8000.0); // SI: k is 1000
        // The table shows what the core computes for the new size.
        Kernel expectedKernel = window.session().kernels[3];
        const auto expected = evaluate(expectedKernel, *m_db.find("nvidia-h100-sxm"),
            sessionOptions(window.session(), window.session().devices[0]));
        QVERIFY(expected.evaluation);
        const QModelIndex tmin
            = window.resultsModel()->index(static_cast<int>(window.resultsModel()->kernelRows(3).front()), 9);
        ROOFSCOPE_COMPARE_REL(window.resultsModel()->data(tmin, ResultsTableModel::kSortRole).toDouble(),
            expected.evaluation->tMin, 1e-12);
        window.document()->undoStack()->undo();
        QCOMPARE(window.session().kernels[3].templ->params.at("m"), 65536.0);
        QCOMPARE(m->value(), 65536.0); // the editor follows undo
    }

    void kernelListAddDuplicateDelete()
    {
        MainWindow window(m_db);
        window.setSession(exampleSession());
        KernelDock* dock = window.kernelDock();
        QCOMPARE(dock->list()->model()->rowCount(), 4);
        dock->addTemplateKernel(QStringLiteral("matmul"));
        QCOMPARE(dock->list()->model()->rowCount(), 5);
        QCOMPARE(window.session().kernels.back().name, std::string("matmul"));
        QVERIFY(window.session().kernels.back().flops > 0.0);
        QCOMPARE(window.resultsModel()->rowCount(), 20);
        dock->setCurrentKernel(0);
        dock->duplicateCurrent();
        QCOMPARE(window.session().kernels.back().name, std::string("LayerNorm copy"));
        QCOMPARE(window.session().kernels.back().flops, window.session().kernels[0].flops);
        QCOMPARE(dock->currentKernel(), 5);
        dock->deleteCurrent();
        QCOMPARE(window.session().kernels.size(), size_t(5));
        QCOMPARE(window.chart()->scene().kernels.size(), size_t(5));
        window.document()->undoStack()->undo(); // the copy is back
        QCOMPARE(dock->list()->model()->rowCount(), 6);
        QCOMPARE(dock->list()->model()->index(5, 0).data().toString(), QStringLiteral("LayerNorm copy"));
        // Selecting in the list selects on the chart and fills the status line.
        dock->setCurrentKernel(1);
        QCOMPARE(window.chart()->selectedKernel(), 1);
        QVERIFY(window.kernelStatusText().startsWith(QStringLiteral("Attention QK^T: ")));
        QVERIFY(window.kernelStatusText().contains(QStringLiteral("on H100")));
    }

    void importAddsKernelsAndDevicesAsOneStep()
    {
        QTemporaryDir data;
        QVERIFY(data.isValid());
        qputenv("XDG_DATA_HOME", data.path().toUtf8()); // imported devices are saved here
        HardwareDatabase db;
        db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        const size_t shipped = db.devices().size();
        MainWindow window(db);
        window.setSession(exampleSession());
        const ChartState before = stateOf(window);
        const int steps = window.document()->undoStack()->count();

        // Nsight Compute (long layout): one measured kernel with per-level bytes.
        const QString summary
            = window.importFiles({ QStringLiteral(ROOFSCOPE_TEST_DATA_DIR "/import/ncu/output.csv") });
        QVERIFY2(
            summary.startsWith(QStringLiteral("Imported 1 kernel as run 'output' and 0 devices")), qPrintable(summary));
        QCOMPARE(window.session().kernels.size(), size_t(5));
        const Kernel& measured = window.session().kernels.back();
        QVERIFY(measured.measuredSeconds);
        QVERIFY(measured.bytesOn("dram") > 0.0 && measured.bytesOn("l2") > 0.0 && measured.bytesOn("l1") > 0.0);
        QCOMPARE(window.document()->undoStack()->count(), steps + 1);
        QCOMPARE(window.kernelDock()->list()->model()->rowCount(), 5);
        // An fp64 kernel: H100 and MI300X evaluate it, the TPUs have no fp64 roof and say so.
        QCOMPARE(measured.precision, std::string("fp64"));
        QCOMPARE(window.resultsModel()->rowCount(), 18);
        QVERIFY(window.problems().join(QLatin1Char('\n')).contains(QStringLiteral("fp64")));
        QVERIFY(window.chart()->scene().kernels.back().achieved); // the measured point is drawn
        QVERIFY(!window.chart()->scene().kernels.back().aboveRoof); // 88 GFLOP/s, far under its roofs

        // ERT: a device with empirical roofs, saved in the user hardware folder and shown.
        window.importFiles({ QStringLiteral(ROOFSCOPE_TEST_DATA_DIR "/import/ert/roofline.json") });
        QCOMPARE(db.devices().size(), shipped + 1);
        const std::string id = db.devices().back().id;
        QVERIFY(QFile::exists(data.path() + QStringLiteral("/roofscope/hardware/") + QString::fromStdString(id)
            + QStringLiteral(".yaml")));
        QCOMPARE(window.session().devices.back().id, id);
        QVERIFY(sceneDeviceIds(window).contains(QString::fromStdString(id)));
        QVERIFY(window.hardwareDock()->deviceItem(QString::fromStdString(id)));

        // rocprof-compute's measured MI200 roofs join the MI210 datasheet entry, side by side.
        window.importFiles({ QStringLiteral(ROOFSCOPE_TEST_DATA_DIR "/import/rocprof-compute/roofline.csv") });
        const Hardware& measuredMi200 = db.devices().back();
        QCOMPARE(measuredMi200.family, std::string("Instinct MI200"));
        QVERIFY(sceneDeviceIds(window).contains(QStringLiteral("amd-instinct-mi210")));
        QVERIFY(sceneDeviceIds(window).contains(QString::fromStdString(measuredMi200.id)));
        QTreeWidgetItem* family
            = window.hardwareDock()->groupItem(QStringLiteral("AMD"), QStringLiteral("Instinct MI200"));
        QVERIFY(family);
        int mi200 = 0; // the shipped MI200 parts (MI210, MI250X) and the measured device
        for (const auto& d : m_db.devices()) {
            mi200 += d.family == "Instinct MI200" ? 1 : 0;
        }
        QCOMPARE(family->childCount(), mi200 + 1);
        window.document()->undoStack()->undo();

        // Garbage: a problem, and nothing changes.
        QTemporaryFile garbage(data.path() + QStringLiteral("/XXXXXX.csv"));
        QVERIFY(garbage.open());
        garbage.write(QByteArray("\x01\x02\x00\xff binary", 12));
        garbage.close();
        const size_t kernels = window.session().kernels.size();
        const QString refused = window.importFiles({ garbage.fileName() });
        QVERIFY2(refused.contains(QStringLiteral("problem")), qPrintable(refused));
        QCOMPARE(window.session().kernels.size(), kernels);
        QVERIFY(!window.problems().isEmpty());

        // Undo takes back the device and then all imported kernels at once.
        window.document()->undoStack()->undo();
        window.document()->undoStack()->undo();
        QVERIFY(stateOf(window) == before);
        qunsetenv("XDG_DATA_HOME");
    }

    void measuredKernelsTopFilterAndRuntimeShares()
    {
        Session s;
        s.devices = { { "nvidia-h100-sxm", "", {}, true }, { "amd-instinct-mi300x", "", {}, true } };
        for (int i = 0; i < 6; ++i) {
            Kernel k;
            k.name = "k" + std::to_string(i);
            k.flops = 1e12 * (i + 1);
            k.bytes = { { "default", 1e10 }, { "l2", 4e10 } };
            k.measuredSeconds = 1e-3 * (i + 1); // k5 takes the most time
            s.kernels.push_back(k);
        }
        MainWindow window(m_db);
        window.setSession(s);
        const auto& kernels = window.chart()->scene().kernels;
        // Hierarchical points: the achieved FLOP/s at the intensity on HBM and on L2.
        QCOMPARE(kernels[0].levelPoints.size(), size_t(2));

        QStringList levels;
        for (const auto& point : kernels[0].levelPoints) {
            levels << point.level;
        }
        QVERIFY(levels.contains(QStringLiteral("hbm")) && levels.contains(QStringLiteral("l2")));
        for (const auto& point : kernels[0].levelPoints) {
            ROOFSCOPE_COMPARE_REL(point.intensity, point.level == QLatin1String("hbm") ? 100.0 : 25.0, 1e-12);
        }
        QCOMPARE(*kernels[0].achieved, 1e15); // 1e12 FLOP in 1 ms
        QVERIFY(kernels[0].aboveRoof); // 1 PFLOP/s at 100 FLOP/B: over H100's 335 TFLOP/s roof
        // Runtime shares: measured time x count over the total (1 + 2 + ... + 6 = 21 ms).
        ROOFSCOPE_COMPARE_REL(kernels[5].runtimeShare, 6.0 / 21.0, 1e-12);
        ROOFSCOPE_COMPARE_REL(kernels[0].runtimeShare, 1.0 / 21.0, 1e-12);
        QCOMPARE(kernels[5].markerScale, 1.0); // uniform until switched on

        SceneOptions options;
        options.sizeByRuntime = true;
        options.topKernels = 2;
        window.setSceneOptions(options);
        const auto& filtered = window.chart()->scene().kernels;
        QCOMPARE(filtered[5].markerScale, 2.0); // the largest share gets the largest marker
        ROOFSCOPE_COMPARE_REL(filtered[0].markerScale, 0.6 + 1.4 * std::sqrt(1.0 / 6.0), 1e-12);
        for (int i = 0; i < 6; ++i) {
            QCOMPARE(filtered[static_cast<size_t>(i)].hidden, i < 4); // k4 and k5 take the most time
        }
        QCOMPARE(window.resultsView()->model()->rowCount(), 4); // two kernels on two devices
        QCOMPARE(window.resultsModel()->rowCount(), 12); // the model keeps every row
        window.chart()->plot()->replot();
        const auto hiddenMarker = window.chart()->markerPosition(0, 0);
        QVERIFY(hiddenMarker);
        QVERIFY(!window.chart()->kernelAt(*hiddenMarker, 1.0)); // a hidden kernel cannot be grabbed
        QVERIFY(window.chart()->kernelAt(*window.chart()->markerPosition(5, 0), 1.0) == 5);
        options.topKernels = 0;
        window.setSceneOptions(options);
        QCOMPARE(window.resultsView()->model()->rowCount(), 12);
    }

    void saveOpenRoundTripAndBadFilesKeepTheSession()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow window(m_db);
        window.setSession(exampleSession(), QString::fromUtf8(kExampleSessionPath));
        QVERIFY(!window.isModified());
        window.kernelDock()->setCurrentKernel(3);
        QVERIFY(window.kernelDock()->parameterBox(QStringLiteral("m"))->commitText(QStringLiteral("12288")));
        window.hardwareDock()->setDeviceChecked(QStringLiteral("google-tpu-v6e"), false);
        QVERIFY(window.isModified());
        QVERIFY(window.windowTitle().contains(QStringLiteral("[*]")));
        QVERIFY(window.isWindowModified());

        const QString path = dir.filePath(QStringLiteral("saved.yaml"));
        QVERIFY(window.saveSessionAs(path).isEmpty());
        QVERIFY(!window.isModified());
        QVERIFY(!window.isWindowModified());
        QCOMPARE(window.recentFiles().front(), QFileInfo(path).absoluteFilePath());
        const Session saved = window.session();
        const ChartState before = stateOf(window);

        MainWindow other(m_db);
        QVERIFY(other.openSessionFile(path).isEmpty());
        QCOMPARE(other.session().kernels.size(), saved.kernels.size());
        QCOMPARE(other.session().kernels[3].templ->params.at("m"), 12288.0);
        QCOMPARE(other.session().devices.size(), saved.devices.size());
        QCOMPARE(other.session().devices[2].visible, false);
        QVERIFY(other.session().view.xRange); // the view was saved with the session
        QVERIFY(stateOf(other) == before); // the same roofs, markers and numbers

        // A broken file opens nothing, names the place, and the session stays.
        const QString broken = dir.filePath(QStringLiteral("broken.yaml"));
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("schema: roofscope-session/1\nkernels:\n  - name: x\n    flops: twelve\n    bytes: 1e9\n");
        file.close();
        const QString error = other.openSessionFile(broken);
        QVERIFY2(error.contains(QStringLiteral("broken.yaml:4:")), qPrintable(error));
        QVERIFY(stateOf(other) == before);
        QCOMPARE(other.session().kernels[3].templ->params.at("m"), 12288.0);
        QVERIFY(!other.openSessionFile(dir.filePath(QStringLiteral("missing.yaml"))).isEmpty());
        QVERIFY(stateOf(other) == before);
    }

    void resultsModelPassesTheModelTester()
    {
        MainWindow window(m_db);
        auto* tester = new QAbstractItemModelTester(
            window.resultsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest, &window);
        Q_UNUSED(tester);
        window.setSession(exampleSession());
        window.hardwareDock()->setDeviceChecked(QStringLiteral("google-tpu-v6e"), false);
        window.kernelDock()->addRawKernel();
        window.document()->setKernelIntensity(4, 500.0); // the row update path
        window.document()->undoStack()->undo();
        window.document()->undoStack()->undo();
        window.document()->undoStack()->undo();
        QCOMPARE(window.resultsModel()->rowCount(), 16);
    }
};

ROOFSCOPE_TEST_MAIN(TestDocks)
#include "test_docks.moc"
