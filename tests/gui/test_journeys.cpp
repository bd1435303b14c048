// What a user does, through the real widgets of the main window (offscreen): type into the kernel
// editor and press Enter, click its buttons, drag markers, press the shortcuts in normal and review
// mode, undo and redo each step. Each row is named after the defect it guards.
#include "TestMain.h"
#include "TestUtil.h"
#include "chart/ChartDecorator.h"
#include "chart/ChartLabelPlacer.h"
#include "chart/RooflineChart.h"
#include "figures/SessionAnalysis.h"
#include "gui/ExampleSession.h"
#include "gui/GuiTestUtil.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "model/Templates.h"
#include "model/Units.h"
#include "session/SessionDocument.h"
#include "widgets/CommFractionsDialog.h"
#include "widgets/HardwareDock.h"
#include "widgets/KernelDock.h"
#include "widgets/KernelEditor.h"
#include "widgets/MainWindow.h"
#include "widgets/SiSpinBox.h"
#include "widgets/XLevelMenu.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollArea>
#include <QTemporaryDir>
#include <QUndoStack>
#include <qcustomplot.h>

using namespace roofscope;
using namespace roofscope::test;

namespace {
Session loadExample(const char* name)
{
    return loadSessionFile(std::string(ROOFSCOPE_RESOURCES_DIR "/examples/") + name).session.value_or(Session {});
}

int kernelIndex(const Session& session, const std::string& name)
{
    for (size_t k = 0; k < session.kernels.size(); ++k) {
        if (session.kernels[k].name == name) {
            return static_cast<int>(k);
        }
    }
    return -1;
}

// Types `text` into a line edit as a user would (select all, type) and presses Enter.
// Presses on a kernel's marker on the first device and drags it to the pixel column of `target` FLOP/B,
// in steps, then releases.
void dragKernel(MainWindow& window, int kernel, double target)
{
    QCustomPlot* plot = window.chart()->plot();
    plot->replot();
    const auto start = window.chart()->markerPosition(kernel, 0);
    QVERIFY(start);
    const QPoint from = start->toPoint();
    const int toX = qRound(plot->xAxis->coordToPixel(target));
    QTest::mousePress(plot, Qt::LeftButton, {}, from);
    QVERIFY(window.chart()->isDragging());
    for (int step = 1; step <= 8; ++step) {
        QTest::mouseMove(plot, QPoint(from.x() + (toX - from.x()) * step / 8, from.y()));
    }
    QTest::mouseRelease(plot, Qt::LeftButton, {}, QPoint(toX, from.y()));
}
} // namespace

class TestJourneys : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(!m_db.devices().empty());
    }

    // Issue 10: typing "l2=1 GB" (or an unknown level) in "More levels" and pressing Enter rebuilt the
    // editor inside the field's own handler, then wrote to the deleted field.
    void moreLevelsEnterAddsALevelAndUndoes_data()
    {
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("level");
        QTest::newRow("issue-10-l2") << "l2=1 GB"
                                     << "l2";
        // An unknown level is refused since issue 24 (test_window_items); a TPU's own level is added.
        QTest::newRow("issue-10-other-level") << "vmem=1 GB"
                                              << "vmem";
    }
    void moreLevelsEnterAddsALevelAndUndoes()
    {
        QFETCH(QString, entry);
        QFETCH(QString, level);
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(exampleSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.kernelDock()->addRawKernel();
        const int added = static_cast<int>(window.session().kernels.size()) - 1;
        QCOMPARE(window.kernelDock()->currentKernel(), added);
        KernelEditor* editor = window.kernelDock()->editor();
        QLineEdit* more = editor->newLevelEdit();
        QVERIFY(more);
        typeAndEnter(more, entry);
        QApplication::processEvents(); // the deferred rebuild
        const Kernel& kernel = window.session().kernels[static_cast<size_t>(added)];
        QCOMPARE(kernel.bytes.size(), size_t(2));
        QCOMPARE(QString::fromStdString(kernel.bytes.back().level), level);
        ROOFSCOPE_COMPARE_REL(kernel.bytes.back().bytes, 1e9, 1e-12);
        QVERIFY(editor->bytesBox(level)); // the editor shows the new level
        QVERIFY(editor->newLevelEdit()->text().isEmpty());
        // A second Enter on the new, empty field changes nothing and says nothing.
        typeAndEnter(editor->newLevelEdit(), QString());
        QApplication::processEvents();
        QCOMPARE(window.session().kernels[static_cast<size_t>(added)].bytes.size(), size_t(2));
        // A bad entry stays in the field with the reason, and the session keeps its levels.
        typeAndEnter(editor->newLevelEdit(), QStringLiteral("l1=lots"));
        QApplication::processEvents();
        QVERIFY(editor->fieldMessage(editor->newLevelEdit()).contains(QLatin1String("l1")));
        QCOMPARE(window.session().kernels[static_cast<size_t>(added)].bytes.size(), size_t(2));
        window.document()->undoStack()->undo();
        QApplication::processEvents();
        QCOMPARE(window.session().kernels[static_cast<size_t>(added)].bytes.size(), size_t(1));
        QVERIFY(!editor->bytesBox(level));
        window.document()->undoStack()->redo();
        QApplication::processEvents();
        QCOMPARE(window.session().kernels[static_cast<size_t>(added)].bytes.size(), size_t(2));
        QVERIFY(editor->bytesBox(level));
    }

    // Issue 10: the remove button beside "Bytes on VMEM" of the hierarchical example deleted itself.
    void removeLevelButtonRemovesTheLevel()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadExample("hierarchical.yaml"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        int withVmem = -1;
        for (size_t k = 0; k < window.session().kernels.size(); ++k) {
            const Kernel& kernel = window.session().kernels[k];
            if (!kernel.templ && kernel.bytes.size() > 1 && kernel.bytesOn("vmem") > 0.0) {
                withVmem = static_cast<int>(k);
            }
        }
        QVERIFY2(withVmem >= 0, "the hierarchical example has a raw kernel with bytes on VMEM");
        window.kernelDock()->setCurrentKernel(withVmem);
        KernelEditor* editor = window.kernelDock()->editor();
        QPushButton* remove = editor->removeLevelButton(QStringLiteral("vmem"));
        QVERIFY(remove);
        const size_t levels = window.session().kernels[static_cast<size_t>(withVmem)].bytes.size();
        QTest::mouseClick(remove, Qt::LeftButton);
        QApplication::processEvents();
        QCOMPARE(window.session().kernels[static_cast<size_t>(withVmem)].bytes.size(), levels - 1);
        QCOMPARE(window.session().kernels[static_cast<size_t>(withVmem)].bytesOn("vmem"), 0.0);
        QVERIFY(!editor->bytesBox(QStringLiteral("vmem")));
        window.document()->undoStack()->undo();
        QApplication::processEvents();
        QVERIFY(window.session().kernels[static_cast<size_t>(withVmem)].bytesOn("vmem") > 0.0);
        QVERIFY(editor->bytesBox(QStringLiteral("vmem")));
    }

    // Every field of the editor: a bad entry + Enter is refused at the field, a good one is one undo step.
    void editorFieldsRefuseBadEntriesAndUndo_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("bad");
        QTest::addColumn<QString>("good");
        QTest::newRow("flops") << "flops"
                               << "many"
                               << "2T";
        QTest::newRow("bytes") << "bytes"
                               << "-1 GB"
                               << "4 GB";
        QTest::newRow("count") << "count"
                               << "1e400"
                               << "3";
        QTest::newRow("measured") << "measured"
                                  << "soon"
                                  << "1.5 ms";
        QTest::newRow("name") << "name"
                              << ""
                              << "renamed";
    }
    void editorFieldsRefuseBadEntriesAndUndo()
    {
        QFETCH(QString, field);
        QFETCH(QString, bad);
        QFETCH(QString, good);
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(exampleSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.kernelDock()->addRawKernel();
        const size_t k = window.session().kernels.size() - 1;
        KernelEditor* editor = window.kernelDock()->editor();
        auto widget = [&]() -> QWidget* {
            if (field == QLatin1String("flops")) {
                return editor->flopsBox();
            }
            if (field == QLatin1String("bytes")) {
                return editor->bytesBox(QStringLiteral("default"));
            }
            if (field == QLatin1String("count")) {
                return editor->countBox();
            }
            if (field == QLatin1String("measured")) {
                return editor->measuredEdit();
            }
            return editor->nameEdit();
        };
        const Kernel before = window.session().kernels[k];
        const int steps = window.document()->undoStack()->index();
        typeAndEnter(widget(), bad);
        QApplication::processEvents();
        QVERIFY2(!editor->fieldMessage(widget()).isEmpty(), qPrintable(field));
        QCOMPARE(window.document()->undoStack()->index(), steps);
        QCOMPARE(window.session().kernels[k].name, before.name);
        QCOMPARE(window.session().kernels[k].flops, before.flops);
        typeAndEnter(widget(), good);
        QApplication::processEvents();
        QCOMPARE(window.document()->undoStack()->index(), steps + 1);
        QVERIFY(editor->fieldMessage(widget()).isEmpty());
        window.document()->undoStack()->undo();
        QApplication::processEvents();
        QCOMPARE(window.session().kernels[k].name, before.name);
        QCOMPARE(window.session().kernels[k].flops, before.flops);
        QCOMPARE(window.session().kernels[k].count, before.count);
        QCOMPARE(window.session().kernels[k].measuredSeconds, before.measuredSeconds);
        QCOMPARE(window.session().kernels[k].bytesOn("default"), before.bytesOn("default"));
    }

    // Issue 10: Ctrl+Shift+Z was bound twice (ambiguous, so it did nothing) and Ctrl+Y not at all.
    void redoShortcutsWork_data()
    {
        QTest::addColumn<bool>("review");
        QTest::addColumn<int>("key");
        QTest::addColumn<int>("modifiers");
        QTest::newRow("issue-10-ctrl-shift-z")
            << false << int(Qt::Key_Z) << int(Qt::ControlModifier | Qt::ShiftModifier);
        QTest::newRow("issue-10-ctrl-y") << false << int(Qt::Key_Y) << int(Qt::ControlModifier);
        QTest::newRow("issue-10-review-ctrl-shift-z")
            << true << int(Qt::Key_Z) << int(Qt::ControlModifier | Qt::ShiftModifier);
        QTest::newRow("issue-10-review-ctrl-y") << true << int(Qt::Key_Y) << int(Qt::ControlModifier);
    }
    void redoShortcutsWork()
    {
        QFETCH(bool, review);
        QFETCH(int, key);
        QFETCH(int, modifiers);
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(exampleSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QApplication::setActiveWindow(&window);
        if (review) {
            window.setReviewMode(true);
            QVERIFY(!window.menuBar()->isVisible());
        }
        window.kernelDock()->addRawKernel(); // selects it
        const size_t k = window.session().kernels.size() - 1;
        QCOMPARE(window.selectedKernel(), static_cast<int>(k));
        window.chart()->setFocus();
        const Kernel original = window.session().kernels[k];
        window.nudgeSelectedKernel(2.0);
        const Kernel moved = window.session().kernels[k];
        ROOFSCOPE_COMPARE_REL(moved.bytesOn("default"), original.bytesOn("default") / 2.0, 1e-12);
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier); // undo
        QCOMPARE(window.session().kernels[k].bytesOn("default"), original.bytesOn("default"));
        QTest::keyClick(&window, Qt::Key(key), Qt::KeyboardModifiers(modifiers)); // redo
        QCOMPARE(window.session().kernels[k].bytesOn("default"), moved.bytesOn("default"));
        QVERIFY(window.isReviewMode() == review);
    }

    // Issue 10: in review mode no menu shortcut worked (the menu bar is hidden).
    void menuShortcutsWorkInReviewMode()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(exampleSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QApplication::setActiveWindow(&window);
        window.setReviewMode(true);
        // Every menu action with a window-wide shortcut is reachable without the menu bar.
        for (QMenu* menu : window.menuBar()->findChildren<QMenu*>()) {
            for (QAction* action : menu->actions()) {
                if (!action->shortcut().isEmpty() && action->shortcutContext() == Qt::WindowShortcut) {
                    QVERIFY2(window.actions().contains(action), qPrintable(action->text()));
                }
            }
        }
        // Dark theme by its shortcut, then undo by its shortcut, still in review mode.
        QCOMPARE(window.session().view.theme, std::string("light"));
        QTest::keyClick(&window, Qt::Key_D, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(window.session().view.theme, std::string("dark"));
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(window.session().view.theme, std::string("light"));
        QVERIFY(window.isReviewMode());
        QTest::keyClick(&window, Qt::Key_Escape);
        QVERIFY(!window.isReviewMode());
        QVERIFY(window.menuBar()->isVisible());
    }

    // Issue 10: LayerNorm's intensity hardly depends on rows; a drag to the right set rows = 1e12 while
    // its marker stayed put. MatMul 600x600 saturates at 300 FLOP/B; a drag past it set m = 1e12.
    void dragStopsWhereTheKernelCannotFollow_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("parameter");
        QTest::addColumn<double>("target");
        QTest::addColumn<double>("maximum");
        QTest::newRow("issue-10-layernorm-rows") << "LayerNorm"
                                                 << "rows" << 5000.0 << 1e6;
        QTest::newRow("issue-10-matmul-600-m") << "MatMul 600x600"
                                               << "m" << 3000.0 << 1e6;
    }
    void dragStopsWhereTheKernelCannotFollow()
    {
        QFETCH(QString, kernel);
        QFETCH(QString, parameter);
        QFETCH(double, target);
        QFETCH(double, maximum);
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(1400, 900);
        window.setSession(exampleSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const int k = kernelIndex(window.session(), kernel.toStdString());
        QVERIFY2(k >= 0, qPrintable(kernel));
        const Kernel before = window.session().kernels[static_cast<size_t>(k)];
        const double totalBefore = window.analysis()->comparison().entries.front().totals.tMin;
        window.chart()->setVisibleRange({ 0.05, 20000.0, 1e9, 1e16 });
        dragKernel(window, k, target);
        const Kernel& after = window.session().kernels[static_cast<size_t>(k)];
        const double value = after.templ->params.at(parameter.toStdString());
        QVERIFY2(value <= maximum, qPrintable(QStringLiteral("%1 = %2").arg(parameter).arg(value)));
        const TemplateParameter* p = findTemplate(after.templ->name)->parameter(parameter.toStdString());
        QVERIFY(value >= p->minimum && value <= p->maximum);
        QVERIFY2(window.statusMessage().contains(parameter), qPrintable(window.statusMessage()));
        QVERIFY(window.statusMessage().contains(QLatin1String("raw kernel")));
        // The totals stay within reason: no jump to hours.
        const double totalAfter = window.analysis()->comparison().entries.front().totals.tMin;
        QVERIFY2(totalAfter < totalBefore * 1000.0, qPrintable(QString::number(totalAfter)));
        // The marker is where the kernel is: on its evaluated intensity.
        const double intensity = after.flops / after.bytesOn("default");
        ROOFSCOPE_COMPARE_REL(
            window.chart()->scene().kernels[static_cast<size_t>(k)].points.front().intensity, intensity, 1e-9);
        // Convert to a raw kernel, as the message suggests: it then follows the pointer.
        window.kernelDock()->setCurrentKernel(k);
        QPushButton* convert = window.kernelDock()->editor()->convertButton();
        QVERIFY(convert);
        QTest::mouseClick(convert, Qt::LeftButton);
        QApplication::processEvents();
        QVERIFY(!window.session().kernels[static_cast<size_t>(k)].templ);
        ROOFSCOPE_COMPARE_REL(window.session().kernels[static_cast<size_t>(k)].flops, after.flops, 1e-12);
        dragKernel(window, k, target);
        const Kernel& raw = window.session().kernels[static_cast<size_t>(k)];
        ROOFSCOPE_COMPARE_REL(raw.flops / raw.bytesOn("default"), target, 0.03);
        (void)before;
    }

    // Issue 10: problems of an earlier import followed the user into the next session opened.
    void problemsOfEarlierFilesDoNotFollow()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("broken.csv"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("name,flops,bytes,seconds\nk,abc,1,1\n");
        file.close();
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(exampleSession());
        window.importFiles({ bad });
        QVERIFY(!window.problems().filter(QStringLiteral("broken.csv")).isEmpty());
        QCOMPARE(window.openSessionFile(QString::fromLatin1(kExampleSessionPath)), QString());
        QVERIFY2(window.problems().filter(QStringLiteral("broken.csv")).isEmpty(),
            qPrintable(window.problems().join(QLatin1Char('\n'))));
        QVERIFY(!window.statusText().contains(QLatin1String("problem")));
    }

    // Issue 10: the raw-kernel form was wider than its dock and messages were cut.
    void kernelEditorFitsItsDock()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(1600, 1000);
        window.setSession(exampleSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.kernelDock()->addRawKernel();
        QApplication::processEvents();
        KernelEditor* editor = window.kernelDock()->editor();
        auto* scroll = qobject_cast<QScrollArea*>(editor->parentWidget()->parentWidget());
        QVERIFY(scroll);
        typeAndEnter(editor->flopsBox(), QStringLiteral("this is not a number at all"));
        QApplication::processEvents();
        const QString message = editor->fieldMessage(editor->flopsBox());
        QVERIFY(!message.isEmpty());
        QVERIFY2(editor->width() <= scroll->viewport()->width(),
            qPrintable(QStringLiteral("%1 > %2").arg(editor->width()).arg(scroll->viewport()->width())));
        for (QLabel* label : editor->findChildren<QLabel*>()) {
            if (label->isVisible() && label->text() == message) {
                QVERIFY(label->wordWrap());
                const QRect inEditor(label->mapTo(editor, QPoint(0, 0)), label->size());
                QVERIFY(editor->rect().contains(inEditor));
                QVERIFY(label->height() >= label->heightForWidth(label->width()));
            }
        }
    }

    // Issue 10: the crossover list missed newly shown devices until the kernel was selected again.
    void crossoversFollowShownDevices()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(exampleSession());
        const int k = kernelIndex(window.session(), "MatMul 600x600");
        window.kernelDock()->setCurrentKernel(k);
        QVERIFY(!window.kernelDock()->crossoverText().contains(QLatin1String("TPU v5e")));
        window.hardwareDock()->setDeviceChecked(QStringLiteral("google-tpu-v5e"), true);
        QVERIFY2(window.kernelDock()->crossoverText().contains(QLatin1String("TPU v5e")),
            qPrintable(window.kernelDock()->crossoverText()));
        window.document()->undoStack()->undo();
        QVERIFY(!window.kernelDock()->crossoverText().contains(QLatin1String("TPU v5e")));
    }

    // Found by the toggle benchmark: a device that cannot run thousands of kernels (TPU v7x has no fp64
    // peak) made a comparison note naming every one on a single line; the dock's label widened the
    // window to tens of thousands of pixels and its paint buffers took all memory.
    void leftOutKernelsNeverWidenTheWindow()
    {
        Session session;
        for (const char* id : { "nvidia-h100-sxm", "google-tpu-v7x" }) {
            DeviceSelection device;
            device.id = id;
            session.devices.push_back(device);
        }
        for (int i = 0; i < 2000; ++i) {
            Kernel kernel;
            kernel.name = "fp64 kernel number " + std::to_string(i);
            kernel.flops = 1e9;
            kernel.precision = "fp64";
            kernel.bytes = { { "default", 1e8 } };
            session.kernels.push_back(kernel);
        }
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(1400, 900);
        window.setSession(session);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QApplication::processEvents();
        QVERIFY2(window.width() <= 1400, qPrintable(QString::number(window.width())));
        const Comparison& comparison = window.analysis()->comparison();
        QCOMPARE(comparison.entries.size(), size_t(2));
        const ComparisonBasis& basis = comparison.entries[1].basis;
        QCOMPARE(basis.leftOut.size(), size_t(2000)); // every kernel still listed for the exports
        QVERIFY(basis.caveats.size() <= 4);
        QVERIFY(!basis.comparable);
    }

    // Issue 12: communication overhead had no control. View > Communication Roofs… takes fractions
    // typed as a user would, refuses bad ones at the field, and each change is one undo step that the
    // chart draws ("40 % comm") and the session file keeps.
    void communicationRoofsSetUndoRedoSaveReopen()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadExample("sharded-matmul.yaml"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QAction* action = window.findChild<QAction*>(QStringLiteral("commFractionsAction"));
        QVERIFY(action);
        action->trigger();
        auto* dialog = window.findChild<CommFractionsDialog*>(QStringLiteral("commFractionsDialog"));
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        auto* field = dialog->findChild<QLineEdit*>(QStringLiteral("commFractionEdit"));
        auto* list = dialog->findChild<QListWidget*>(QStringLiteral("commFractionsList"));
        QVERIFY(field && list);
        QCOMPARE(list->count(), 0);
        const auto commLabels
            = [&] { return window.chart()->decorator().labels().filter(QStringLiteral("% comm")).size(); };
        QCOMPARE(commLabels(), 0);

        typeAndEnter(field, QStringLiteral("0.4"));
        QCOMPARE(window.session().view.commFractions, std::vector<double>({ 0.4 }));
        typeAndEnter(field, QStringLiteral("20 %"));
        QCOMPARE(window.session().view.commFractions, std::vector<double>({ 0.2, 0.4 }));
        QCOMPARE(list->count(), 2);
        QCOMPARE(list->item(0)->text(), QStringLiteral("20 %"));
        QVERIFY(commLabels() > 0);
        QVERIFY(window.chart()->decorator().labels().join(' ').contains(QStringLiteral("40 % comm")));
        // Bad entries change nothing and say why under the field.
        for (const char* bad : { "1.5", "0", "100 %", "lots", "0.4" }) {
            typeAndEnter(field, QString::fromLatin1(bad));
            QVERIFY2(!dialog->errorText().isEmpty(), bad);
            QCOMPARE(window.session().view.commFractions, std::vector<double>({ 0.2, 0.4 }));
        }
        QVERIFY(dialog->errorText().contains(QStringLiteral("drawn already")));
        typeAndEnter(field, QStringLiteral("1.5"));
        QVERIFY(dialog->errorText().contains(QStringLiteral("between 0 and 1")));
        // Remove the selected one: one more step.
        list->setCurrentRow(0);
        QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("commFractionRemove")), Qt::LeftButton);
        QCOMPARE(window.session().view.commFractions, std::vector<double>({ 0.4 }));
        QCOMPARE(list->count(), 1);

        QUndoStack* undo = window.document()->undoStack();
        undo->undo();
        QCOMPARE(window.session().view.commFractions, std::vector<double>({ 0.2, 0.4 }));
        QCOMPARE(list->count(), 2); // the dialog follows undo
        undo->undo();
        QCOMPARE(window.session().view.commFractions, std::vector<double>({ 0.4 }));
        undo->undo();
        QVERIFY(window.session().view.commFractions.empty());
        QCOMPARE(commLabels(), 0);
        undo->redo();
        undo->redo();
        QCOMPARE(window.session().view.commFractions, std::vector<double>({ 0.2, 0.4 }));
        QVERIFY(commLabels() > 0);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("comm.yaml"));
        QVERIFY(window.saveSessionAs(path).isEmpty());
        MainWindow reopened(m_db);
        reopened.setAutosaveDelay(-1);
        QVERIFY(reopened.openSessionFile(path).isEmpty());
        QCOMPARE(reopened.session().view.commFractions, std::vector<double>({ 0.2, 0.4 }));
        QVERIFY(reopened.chart()->decorator().labels().join(' ').contains(QStringLiteral("20 % comm")));
    }

    // Issue 12: the sharded matmul's markers sat at the HBM intensity at an ICI-limited height, on
    // no drawn roof. View > X-Axis Level puts them on the roof of the level that binds them; the
    // choice is one undo step, saved in the session.
    void xAxisLevelPutsMarkersOnTheBindingRoof()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadExample("transformer-layer.yaml"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* menu = window.findChild<XLevelMenu*>(QStringLiteral("xLevelMenu"));
        QVERIFY(menu);
        const auto ici = [&](const ChartScene& scene) { return scene.kernels.front().points.front(); };
        window.openSessionFile(QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/sharded-matmul.yaml"));
        QCOMPARE(QString::fromStdString(window.session().view.xLevel), QStringLiteral("binding"));
        // On the binding level: 4096 FLOP/B for 2 chips (d / ((chips - 1) s)), on the 45 GB/s ICI roof.
        ChartKernelPoint point = ici(window.chart()->scene());
        ROOFSCOPE_COMPARE_REL(point.intensity, 8192.0 / 2.0, 1e-12);
        ROOFSCOPE_COMPARE_REL(point.attainable, 45e9 * point.intensity, 1e-12);
        QCOMPARE(point.bindingIntensity, 0.0);
        QVERIFY(window.chart()->plot()->xAxis->label().contains(QStringLiteral("binding level")));

        // The default level: the HBM intensity, joined to the point on the ICI roof.
        QVERIFY(menu->choose(QString()));
        QVERIFY(window.session().view.xLevel.empty());
        point = ici(window.chart()->scene());
        const double flops = 2.0 * 1024 * 8192 * 8192 / 2;
        const double hbmBytes = 2.0 * (1024.0 * 8192 / 2 + 8192.0 * 8192 / 2 + 1024.0 * 8192);
        ROOFSCOPE_COMPARE_REL(point.intensity, flops / hbmBytes, 1e-12);
        ROOFSCOPE_COMPARE_REL(point.bindingIntensity, 4096.0, 1e-12);
        QCOMPARE(window.chart()->plot()->xAxis->label(), QStringLiteral("Arithmetic intensity (FLOP/byte)"));
        // A named level.
        QVERIFY(menu->choose(QStringLiteral("ici")));
        QCOMPARE(QString::fromStdString(window.session().view.xLevel), QStringLiteral("ici"));
        ROOFSCOPE_COMPARE_REL(ici(window.chart()->scene()).intensity, 4096.0, 1e-12);
        QVERIFY(window.chart()->plot()->xAxis->label().contains(QStringLiteral("ICI")));

        QUndoStack* undo = window.document()->undoStack();
        undo->undo();
        QVERIFY(window.session().view.xLevel.empty());
        undo->undo();
        QCOMPARE(QString::fromStdString(window.session().view.xLevel), QStringLiteral("binding"));
        undo->redo();
        undo->redo();
        QCOMPARE(QString::fromStdString(window.session().view.xLevel), QStringLiteral("ici"));
        const auto checked = [&] {
            for (QAction* action : menu->actions()) {
                if (action->isChecked()) {
                    return action->data().toString();
                }
            }
            return QStringLiteral("none");
        };
        QCOMPARE(checked(), QStringLiteral("ici"));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("x.yaml"));
        QVERIFY(window.saveSessionAs(path).isEmpty());
        auto reloaded = loadSessionFile(path.toStdString());
        QVERIFY(reloaded.session);
        QCOMPARE(QString::fromStdString(reloaded.session->view.xLevel), QStringLiteral("ici"));
        // What a session file could not hold is refused, and nothing changes.
        const int steps = undo->count();
        ViewSettings bad = window.session().view;
        bad.xLevel = "h b m";
        QVERIFY(!window.document()->setView(bad).isEmpty());
        bad.xLevel = "ici";
        bad.commFractions = { 0.5, 1.0 };
        QVERIFY(window.document()->setView(bad).contains(QStringLiteral("between 0 and 1")));
        QCOMPARE(undo->count(), steps);
        QVERIFY(window.session().view.commFractions.empty());

        // Dragging a raw kernel with the x-axis on another level moves it by the pointer's ratio.
        Session raw;
        raw.devices = { DeviceSelection { "google-tpu-v5e", "", {}, true } };
        Kernel kernel;
        kernel.name = "raw";
        kernel.flops = 1e12;
        kernel.bytes = { { "hbm", 1e10 }, { "vmem", 1e9 } }; // 100 FLOP/B on HBM, 1000 on VMEM
        raw.kernels = { kernel };
        raw.view.xLevel = "vmem";
        window.setSession(raw);
        ROOFSCOPE_COMPARE_REL(ici(window.chart()->scene()).intensity, 1000.0, 1e-12);
        dragKernel(window, 0, 4000.0);
        // Where the pointer let go (the pixel grid rounds 4000 FLOP/B), on VMEM; HBM moved by the same ratio.
        const QCPAxis* x = window.chart()->plot()->xAxis;
        const double pointer = x->pixelToCoord(qRound(x->coordToPixel(4000.0)));
        ROOFSCOPE_COMPARE_REL(pointer, 4000.0, 0.2);
        ROOFSCOPE_COMPARE_REL(1e12 / window.session().kernels[0].bytesOn("hbm"), pointer / 10.0, 1e-9);
        ROOFSCOPE_COMPARE_REL(ici(window.chart()->scene()).intensity, pointer, 1e-9);
    }

    // A measured kernel dragged along the HBM slope keeps its "% of roof" beside its measured point,
    // and the figure follows the roof: Kernel C (measured-gap.yaml, 1.08 TFLOP in 2.857 ms) dragged from
    // 150 to about 75 FLOP/B moves twice the bytes, so its roof halves and its fraction about doubles
    // (35 % to about 70 %); the label gives the roof's time (HBM bytes / 7.2 TB/s) over the measured
    // time, to three digits as the results table does, and undo brings back 35 %.
    void draggedMeasuredKernelCarriesItsFraction()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(1400, 900);
        window.setSession(loadExample("measured-gap.yaml"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const int k = kernelIndex(window.session(), "Kernel C");
        QVERIFY(k >= 0);
        auto label = [&]() {
            window.chart()->plot()->replot();
            return window.chart()->labelPlacer().measuredLabel(k);
        };
        QVERIFY(label());
        QCOMPARE(label()->text, QStringLiteral("35 % of roof"));
        dragKernel(window, k, 75.0);
        const Kernel& after = window.session().kernels[static_cast<size_t>(k)];
        const double intensity = after.flops / after.bytesOn("hbm");
        ROOFSCOPE_COMPARE_REL(intensity, 75.0, 0.05);
        const double fraction = (after.bytesOn("hbm") / 7.2e12) / *after.measuredSeconds;
        const auto moved = label();
        QVERIFY(moved);
        QCOMPARE(moved->text, QString::fromStdString(formatNumber(fraction * 100.0, 3)) + QStringLiteral(" % of roof"));
        QVERIFY(fraction > 0.66 && fraction < 0.74);
        // Beside the point where it now is.
        const QCPAxis* x = window.chart()->plot()->xAxis;
        QCOMPARE(moved->anchor.x(), x->coordToPixel(intensity));
        QVERIFY(moved->rect.left() > moved->anchor.x() || moved->rect.right() < moved->anchor.x());
        window.document()->undoStack()->undo();
        QCOMPARE(label()->text, QStringLiteral("35 % of roof"));
    }

    // Issue 12: kernel labels carry the intensity they sit at, as the seed draws them ("AI=108"), and
    // View > Intensity in Kernel Labels switches it off and on: one undo step each, kept in the session,
    // followed live while a kernel is dragged.
    void kernelLabelsCarryTheIntensitySwitchably()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadExample("transformer-layer.yaml"));
        window.resize(1600, 1000); // room for every label's whole name
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.chart()->plot()->replot();
        const int matmul = kernelIndex(window.session(), "MatMul 600x600");
        QVERIFY(matmul >= 0);
        const auto label = [&] { return window.chart()->kernelLabelText(matmul); };
        // 2 x 600^3 FLOPs over 3 x 600^2 bf16 values (2 bytes each): 600 / 3 = 200 FLOP/B.
        QVERIFY2(label().endsWith(QStringLiteral("MatMul 600x600\nAI=200")), qPrintable(label()));
        auto* action = window.findChild<QAction*>(QStringLiteral("labelIntensityAction"));
        QVERIFY(action);
        QVERIFY(action->isCheckable() && action->isChecked());
        QUndoStack* undo = window.document()->undoStack();
        const int steps = undo->count();

        action->trigger();
        QVERIFY(!window.session().view.labelIntensity);
        QCOMPARE(undo->count(), steps + 1);
        QVERIFY2(label().endsWith(QStringLiteral("MatMul 600x600")), qPrintable(label()));
        QVERIFY(!label().contains(QStringLiteral("AI=")));
        undo->undo();
        QVERIFY(window.session().view.labelIntensity);
        QVERIFY(action->isChecked());
        QVERIFY(label().endsWith(QStringLiteral("\nAI=200")));
        undo->redo();
        QVERIFY(!window.session().view.labelIntensity);
        QVERIFY(!action->isChecked());
        QVERIFY(!label().contains(QStringLiteral("AI=")));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("labels.yaml"));
        QVERIFY(window.saveSessionAs(path).isEmpty());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("label_intensity: false"));
        MainWindow reopened(m_db);
        reopened.setAutosaveDelay(-1);
        reopened.resize(1600, 1000);
        QVERIFY(reopened.openSessionFile(path).isEmpty());
        reopened.chart()->plot()->replot();
        QVERIFY(!reopened.session().view.labelIntensity);
        QVERIFY(!reopened.findChild<QAction*>(QStringLiteral("labelIntensityAction"))->isChecked());
        QVERIFY(!reopened.chart()->kernelLabelText(matmul).contains(QStringLiteral("AI=")));
        undo->undo();
        QVERIFY(label().endsWith(QStringLiteral("\nAI=200")));

        // While a kernel is dragged its label says the intensity under the pointer.
        Session raw;
        raw.devices = { DeviceSelection { "google-tpu-v5e", "", {}, true } };
        Kernel kernel;
        kernel.name = "raw";
        kernel.flops = 1e12;
        kernel.bytes = { { "hbm", 1e10 } }; // 100 FLOP/B
        raw.kernels = { kernel };
        window.setSession(raw);
        QCustomPlot* plot = window.chart()->plot();
        plot->replot();
        QCOMPARE(window.chart()->kernelLabelText(0).section(QLatin1Char('\n'), 1), QStringLiteral("AI=100"));
        const QPoint from = window.chart()->markerPosition(0, 0)->toPoint();
        const int toX = qRound(plot->xAxis->coordToPixel(2500.0));
        QTest::mousePress(plot, Qt::LeftButton, {}, from);
        QVERIFY(window.chart()->isDragging());
        for (int step = 1; step <= 4; ++step) {
            QTest::mouseMove(plot, QPoint(from.x() + (toX - from.x()) * step / 4, from.y()));
        }
        QVERIFY(window.chart()->isDragging());
        const double now = 1e12 / window.session().kernels[0].bytesOn("hbm");
        ROOFSCOPE_COMPARE_REL(now, 2500.0, 0.2); // where the pixel grid put the pointer
        QCOMPARE(window.chart()->kernelLabelText(0).section(QLatin1Char('\n'), 1),
            QStringLiteral("AI=%1").arg(std::llround(now)));
        QTest::mouseRelease(plot, Qt::LeftButton, {}, QPoint(toX, from.y()));
    }

private:
    HardwareDatabase m_db;
};

ROOFSCOPE_TEST_MAIN(TestJourneys)
#include "test_journeys.moc"
