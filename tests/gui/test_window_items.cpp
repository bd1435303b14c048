#include "TestMain.h"
// The smaller defects of issue 24, each where a user meets it in the real window (offscreen): the
// problems box, the x-axis levels offered, an unknown level, Escape in a red field, the marker size
// and top-N filter as saved undo steps, File > New Session, a communication fraction that reads as
// 100 %, the hardware dock's chip count, the runtimes a save writes, and the view after an ERT import.
#include "TestUtil.h"
#include "chart/RooflineChart.h"
#include "figures/SessionAnalysis.h"
#include "gui/ExampleSession.h"
#include "gui/GuiTestUtil.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "scene/ChartPalette.h"
#include "session/SessionDocument.h"
#include "widgets/CommFractionsDialog.h"
#include "widgets/HardwareDock.h"
#include "widgets/KernelDock.h"
#include "widgets/KernelEditor.h"
#include "widgets/MainWindow.h"
#include "widgets/SiSpinBox.h"
#include "widgets/WrappedLabel.h"
#include "widgets/XLevelMenu.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTreeWidgetItem>
#include <QUndoStack>

#include <cmath>

using namespace roofscope;
using namespace roofscope::test;

namespace {
QList<QMessageBox*> visibleProblemBoxes()
{
    QList<QMessageBox*> boxes;
    for (QWidget* top : QApplication::topLevelWidgets()) {
        if (auto* box = qobject_cast<QMessageBox*>(top);
            box && box->isVisible() && box->objectName() == QLatin1String("problemsBox")) {
            boxes << box;
        }
    }
    return boxes;
}

// A window on the example session with a raw kernel added and selected in the editor.
int addRawKernel(MainWindow& window)
{
    window.kernelDock()->addRawKernel();
    QApplication::processEvents();
    return static_cast<int>(window.session().kernels.size()) - 1;
}
} // namespace

class TestWindowItems : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

    void open(MainWindow& window, Session session = exampleSession())
    {
        window.setAutosaveDelay(-1);
        window.setSession(std::move(session));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
    }

private Q_SLOTS:
    void initTestCase() { m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR); }

    // The problems box showed the previous action's problems first, and a new box piled on the old.
    void problemsBoxShowsThisActionOnly()
    {
        QTemporaryDir dir;
        MainWindow window(m_db);
        open(window);
        const QString first = dir.filePath(QStringLiteral("first-broken.csv"));
        const QString second = dir.filePath(QStringLiteral("second-broken.csv"));
        for (const QString& path : { first, second }) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("this is, not\na profile, at all\n");
        }
        window.importFiles({ first });
        QApplication::processEvents();
        QCOMPARE(visibleProblemBoxes().size(), 1);
        QVERIFY(visibleProblemBoxes().front()->informativeText().contains(QLatin1String("first-broken")));
        window.importFiles({ second });
        QApplication::processEvents();
        const QList<QMessageBox*> boxes = visibleProblemBoxes();
        QCOMPARE(boxes.size(), 1);
        QVERIFY(boxes.front()->informativeText().contains(QLatin1String("second-broken")));
        QVERIFY(!boxes.front()->informativeText().contains(QLatin1String("first-broken")));
        boxes.front()->close();
        // Everything reported stays behind the status bar's button.
        QVERIFY(!window.problems().filter(QStringLiteral("first-broken")).isEmpty());
    }

    // L2 was offered on the x-axis when no kernel had L2 bytes (the markers silently stayed).
    void xAxisOffersOnlyLevelsWithBytes()
    {
        MainWindow window(m_db);
        open(window);
        auto* menu = window.findChild<XLevelMenu*>(QStringLiteral("xLevelMenu"));
        QVERIFY(menu);
        menu->updateEnabled();
        QAction* l2 = nullptr;
        for (QAction* action : menu->actions()) {
            if (action->data().toString() == QLatin1String("l2") && action->isVisible()) {
                l2 = action;
            }
        }
        QVERIFY2(l2, "a shown device of the example has an L2 roof");
        QVERIFY(!l2->isEnabled());
        QVERIFY(l2->text().contains(QLatin1String("no kernel has L2 bytes")));
        QVERIFY(!menu->choose(QStringLiteral("l2")));
        QVERIFY(window.session().view.xLevel.empty());
        // A kernel with L2 bytes: now it is offered, and the axis moves to it.
        addRawKernel(window);
        typeAndEnter(window.kernelDock()->editor()->newLevelEdit(), QStringLiteral("l2=40 GB"));
        QVERIFY(menu->choose(QStringLiteral("l2")));
        QCOMPARE(window.session().view.xLevel, std::string("l2"));
    }

    // `bogus=1 GB` was accepted in the editor's "More levels".
    void unknownLevelIsRefusedNamingTheKnownOnes()
    {
        MainWindow window(m_db);
        open(window);
        const int kernel = addRawKernel(window);
        KernelEditor* editor = window.kernelDock()->editor();
        typeAndEnter(editor->newLevelEdit(), QStringLiteral("bogus=1 GB"));
        const QString message = editor->fieldMessage(editor->newLevelEdit());
        QVERIFY2(message.contains(QLatin1String("bogus")) && message.contains(QLatin1String("hbm"))
                && message.contains(QLatin1String("l2")),
            qPrintable(message));
        QCOMPARE(window.session().kernels[static_cast<size_t>(kernel)].bytes.size(), size_t(1));
        typeAndEnter(editor->newLevelEdit(), QStringLiteral("L2=1 GB")); // a known level, any case
        QCOMPARE(window.session().kernels[static_cast<size_t>(kernel)].bytes.size(), size_t(2));
    }

    // Escape did not revert a red field.
    void escapeRevertsARedField()
    {
        MainWindow window(m_db);
        open(window);
        const int kernel = addRawKernel(window);
        KernelEditor* editor = window.kernelDock()->editor();
        SiSpinBox* flops = editor->flopsBox();
        QVERIFY(flops);
        const double before = window.session().kernels[static_cast<size_t>(kernel)].flops;
        typeAndEnter(flops, QStringLiteral("many"));
        QVERIFY(!editor->fieldMessage(flops).isEmpty());
        QTest::keyClick(flops, Qt::Key_Escape);
        QVERIFY(editor->fieldMessage(flops).isEmpty());
        QVERIFY(flops->refusal().isEmpty());
        QVERIFY(flops->styleSheet().isEmpty());
        ROOFSCOPE_COMPARE_REL(flops->value(), before, 1e-12);
        QVERIFY(!flops->text().contains(QLatin1String("many")));
        // The name field: an empty name is refused, Escape puts the name back.
        QLineEdit* name = editor->nameEdit();
        const QString shown = name->text();
        typeAndEnter(name, QString());
        QVERIFY(!editor->fieldMessage(name).isEmpty());
        QTest::keyClick(name, Qt::Key_Escape);
        QVERIFY(editor->fieldMessage(name).isEmpty());
        QCOMPARE(name->text(), shown);
        QVERIFY(name->styleSheet().isEmpty());
    }

    // Marker Size by Runtime and Show Top Kernels were neither undo steps nor saved.
    void markerSizeAndTopKernelsAreSavedUndoSteps()
    {
        QTemporaryDir dir;
        MainWindow window(m_db);
        open(window);
        QUndoStack* undo = window.document()->undoStack();
        auto* bySize = window.findChild<QAction*>(QStringLiteral("markerSizeAction"));
        auto* top = window.findChild<QMenu*>(QStringLiteral("topKernelsMenu"));
        QVERIFY(bySize && top);
        QAction* topTwo = nullptr;
        for (QAction* action : top->actions()) {
            if (action->data().toInt() == 5) {
                topTwo = action;
            }
        }
        QVERIFY(topTwo);
        const int steps = undo->count();
        bySize->trigger();
        QCOMPARE(undo->count(), steps + 1);
        QVERIFY(window.session().view.sizeByRuntime);
        QVERIFY(window.sceneOptions().sizeByRuntime);
        topTwo->trigger();
        QCOMPARE(undo->count(), steps + 2);
        QCOMPARE(window.session().view.topKernels, 5);
        undo->undo();
        QCOMPARE(window.session().view.topKernels, 0);
        QCOMPARE(window.sceneOptions().topKernels, 0);
        QVERIFY(!topTwo->isChecked());
        undo->undo();
        QVERIFY(!window.session().view.sizeByRuntime);
        QVERIFY(!bySize->isChecked());
        undo->redo();
        undo->redo();
        QVERIFY(bySize->isChecked() && topTwo->isChecked());
        const QString path = dir.filePath(QStringLiteral("shown.yaml"));
        QCOMPARE(window.saveSessionAs(path), QString());
        const auto loaded = loadSessionFile(path.toStdString());
        QVERIFY(loaded.session);
        QVERIFY(loaded.session->view.sizeByRuntime);
        QCOMPARE(loaded.session->view.topKernels, 5);
        MainWindow reopened(m_db);
        open(reopened, *loaded.session);
        QCOMPARE(reopened.sceneOptions().topKernels, 5);
        QVERIFY(reopened.findChild<QAction*>(QStringLiteral("markerSizeAction"))->isChecked());
    }

    // There was no File > New Session.
    void newSessionKeepsTheDevicesAndStartsEmpty()
    {
        MainWindow window(m_db);
        open(window);
        const size_t devices = window.session().devices.size();
        auto* action = window.findChild<QAction*>(QStringLiteral("newSessionAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(QKeySequence::New));
        action->trigger();
        QVERIFY(window.session().kernels.empty());
        QCOMPARE(window.session().devices.size(), devices);
        QVERIFY(!window.isModified());
        QVERIFY(window.windowTitle().contains(QLatin1String("Untitled")));
    }

    // A communication fraction of 0.999999999999 was accepted and shown as "100 %".
    void commFractionThatReadsAsAHundredPercentIsRefused()
    {
        QString error;
        QVERIFY(!CommFractionsDialog::parseFraction(QStringLiteral("0.999999999999"), &error));
        QVERIFY2(error.contains(QLatin1String("100 %")), qPrintable(error));
        QVERIFY(!CommFractionsDialog::parseFraction(QStringLiteral("99.999 %"), &error)); // 4 digits: 100
        const auto largest = CommFractionsDialog::parseFraction(QStringLiteral("99.99 %"), &error);
        QVERIFY(largest);
        ROOFSCOPE_COMPARE_REL(*largest, 0.9999, 1e-12);
        // In the dialog, as typed.
        MainWindow window(m_db);
        open(window);
        auto* comm = window.findChild<QAction*>(QStringLiteral("commFractionsAction"));
        QVERIFY(comm);
        comm->trigger();
        auto* dialog = window.findChild<CommFractionsDialog*>(QStringLiteral("commFractionsDialog"));
        QVERIFY(dialog);
        auto* field = dialog->findChild<QLineEdit*>();
        QVERIFY(field);
        typeAndEnter(field, QStringLiteral("0.999999999999"));
        QVERIFY(dialog->errorText().contains(QLatin1String("100 %")));
        QVERIFY(window.session().view.commFractions.empty());
        dialog->close();
    }

    // The hardware dock omitted "x8" for a device used 8 chips wide.
    void hardwareDockSaysTheChipCount()
    {
        Session session;
        session.devices = { { "nvidia-h100-sxm", "", {}, true } };
        session.devices.front().chips = 8;
        MainWindow window(m_db);
        open(window, session);
        QTreeWidgetItem* item = window.hardwareDock()->deviceItem(QStringLiteral("nvidia-h100-sxm"));
        QVERIFY(item);
        QVERIFY2(item->text(0).endsWith(QLatin1String(" x8")), qPrintable(item->text(0)));
        QCOMPARE(item->text(0), window.analysis()->scene().devices.front().label);
    }

    // Saves wrote float noise: `measured: 0.0018180000000000002 s` for 1.818 ms typed.
    void savesWriteTheShortestRuntime()
    {
        QTemporaryDir dir;
        MainWindow window(m_db);
        open(window);
        const int kernel = addRawKernel(window);
        typeAndEnter(window.kernelDock()->editor()->measuredEdit(), QStringLiteral("1.818 ms"));
        QVERIFY(window.session().kernels[static_cast<size_t>(kernel)].measuredSeconds);
        const QString path = dir.filePath(QStringLiteral("measured.yaml"));
        QCOMPARE(window.saveSessionAs(path), QString());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY2(text.contains(QLatin1String("measured: 1.818 ms")), qPrintable(text));
        QVERIFY(!text.contains(QLatin1String("0000000")));
        const auto loaded = loadSessionFile(path.toStdString());
        QVERIFY(loaded.session);
        QCOMPARE(*loaded.session->kernels[static_cast<size_t>(kernel)].measuredSeconds,
            *window.session().kernels[static_cast<size_t>(kernel)].measuredSeconds); // the same double
    }

    // H100 and H200, TPU v4 and v5e were hard to tell apart (tab10's blue and cyan, purple and pink).
    // Distance: plain RGB distance; blue/cyan is 76 and purple/pink 81, the nearest other pairs
    // (orange/olive, red/brown) 93 and 94.
    void devicesComparedTogetherHaveDistinctColours()
    {
        auto distance = [](const QColor& a, const QColor& b) {
            const double dr = a.red() - b.red();
            const double dg = a.green() - b.green();
            const double db = a.blue() - b.blue();
            return std::sqrt(dr * dr + dg * dg + db * db);
        };
        QVERIFY(distance(QColor(0x1f77b4), QColor(0x17becf)) < 90.0); // the pair the check must refuse
        const std::vector<std::vector<std::string>> sets = {
            { "nvidia-h100-sxm", "nvidia-h200-sxm", "nvidia-b200" },
            { "google-tpu-v4", "google-tpu-v5e", "google-tpu-v5p", "google-tpu-v6e", "google-tpu-v7x" },
            { "nvidia-h100-sxm", "amd-instinct-mi300x", "google-tpu-v6e", "google-tpu-v7x" },
        };
        for (const auto& ids : sets) {
            const std::vector<QColor> colours = deviceColors(ids);
            for (size_t i = 0; i < ids.size(); ++i) {
                QCOMPARE(colours[i], deviceColor(ids[i])); // each its own stable colour: no clash here
                for (size_t j = i + 1; j < ids.size(); ++j) {
                    QVERIFY2(distance(colours[i], colours[j]) >= 90.0,
                        qPrintable(QString::fromStdString(ids[i] + " and " + ids[j] + " look alike")));
                }
            }
        }
    }

    // After an ERT import the new roofs were outside the view until Fit All.
    void ertImportFitsTheViewToTheNewRoofs()
    {
        // The imported device is saved in the user hardware folder: a folder of this test's own, so
        // that other suites sharing the test data folder do not load it.
        QTemporaryDir data;
        const QByteArray before = qgetenv("XDG_DATA_HOME");
        qputenv("XDG_DATA_HOME", data.path().toLocal8Bit());
        const auto restore = qScopeGuard([&] { qputenv("XDG_DATA_HOME", before); });
        HardwareDatabase db = m_db;
        MainWindow window(db);
        open(window);
        ChartRange narrow;
        narrow.xLower = 1.0;
        narrow.xUpper = 2.0;
        narrow.yLower = 1e15;
        narrow.yUpper = 2e15;
        window.chart()->setVisibleRange(narrow);
        const QString summary
            = window.importFiles({ QStringLiteral(ROOFSCOPE_TEST_DATA_DIR "/import/ert/roofline.json") });
        QVERIFY2(summary.contains(QLatin1String("1 device")), qPrintable(summary));
        const ChartRange after = window.chart()->visibleRange();
        window.fitAll();
        const ChartRange fitted = window.chart()->visibleRange();
        ROOFSCOPE_COMPARE_REL(after.yLower, fitted.yLower, 1e-9);
        ROOFSCOPE_COMPARE_REL(after.xUpper, fitted.xUpper, 1e-9);
        QVERIFY(after.yLower < narrow.yLower);
    }

    // The label that remembers its wrapped heights (the serving picks, the group verdicts, crossovers)
    // must give the height QLabel itself gives, selectable or not, after its text and its font change.
    void wrappedLabelGivesQLabelsHeights()
    {
        const QString lines[] = {
            QStringLiteral("llama-3-70b at <= 8 ms/token: cheapest MI300X x8 ($0.243/Mtok at batch 135), most "
                           "tokens/s per chip B200 x8 (3.93k at batch 251): bounds on peak roofs\n1. MI300X x8 at "
                           "batch 135: 2.11k tokens/s per chip (16.9k tokens/s), $0.243/Mtok\n\n2. B200 x8"),
            QStringLiteral("one short line"),
            QString(500, QLatin1Char('x')) + QStringLiteral(" a very long word before this"),
            QString(),
        };
        for (const bool selectable : { true, false }) {
            WrappedLabel wrapped;
            QLabel plain;
            plain.setWordWrap(true);
            plain.setTextFormat(Qt::PlainText);
            if (selectable) {
                wrapped.setTextInteractionFlags(Qt::TextSelectableByMouse);
                plain.setTextInteractionFlags(Qt::TextSelectableByMouse);
            }
            for (const int pointSize : { 9, 14 }) {
                QFont font = plain.font();
                font.setPointSize(pointSize);
                wrapped.setFont(font);
                plain.setFont(font);
                for (const QString& text : lines) {
                    wrapped.setText(text);
                    plain.setText(text);
                    for (const int width : { 40, 180, 420, 900, 180 }) {
                        QCOMPARE(wrapped.heightForWidth(width), plain.heightForWidth(width));
                    }
                    QVERIFY(wrapped.sizeHint().height() > 0 || text.isEmpty());
                }
                // Margins and contents margins change the room for the text.
                wrapped.setText(lines[0]);
                plain.setText(lines[0]);
                QCOMPARE(wrapped.heightForWidth(180), plain.heightForWidth(180));
                wrapped.setMargin(6);
                plain.setMargin(6);
                QCOMPARE(wrapped.heightForWidth(180), plain.heightForWidth(180));
                wrapped.setContentsMargins(0, 9, 0, 9);
                plain.setContentsMargins(0, 9, 0, 9);
                QCOMPARE(wrapped.heightForWidth(180), plain.heightForWidth(180));
                wrapped.setMargin(0);
                plain.setMargin(0);
                wrapped.setContentsMargins(0, 0, 0, 0);
                plain.setContentsMargins(0, 0, 0, 0);
            }
        }
    }
};

ROOFSCOPE_TEST_MAIN(TestWindowItems)
#include "test_window_items.moc"
