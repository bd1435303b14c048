#include "TestMain.h"
// The window's rough edges that a laptop user meets (issue 32): the wheel over the kernel editor's
// form, Ctrl+Z inside a field, the arrow-key nudge of an imported kernel, File > New Session's
// devices, a very long imported name in the Results table. Each where a user meets it, offscreen.
#include "TestUtil.h"
#include "chart/RooflineChart.h"
#include "figures/KernelRegimeMap.h"
#include "figures/SessionAnalysis.h"
#include "gui/ExampleSession.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "session/SessionDocument.h"
#include "widgets/ComparisonDock.h"
#include "widgets/KernelDock.h"
#include "widgets/KernelEditor.h"
#include "widgets/MainWindow.h"
#include "widgets/RegimeMapDock.h"
#include "widgets/SiSpinBox.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QImage>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest/qtestspontaneevent.h>

#include <cmath>

using namespace roofscope;
using namespace roofscope::test;

namespace {
QAction* menuAction(MainWindow& window, const QString& text)
{
    for (QMenu* menu : window.menuBar()->findChildren<QMenu*>()) {
        for (QAction* action : menu->actions()) {
            if (action->text().remove(QLatin1Char('&')) == text) {
                return action;
            }
        }
    }
    return nullptr;
}

} // namespace

class TestLaptop : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

    void show(MainWindow& window, const Session& session)
    {
        window.setAutosaveDelay(-1);
        window.setSession(session);
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QApplication::processEvents();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(!m_db.devices().empty());
    }

    // A regime map behind another tab waits (its cells are thousands of kernel evaluations per device on
    // every edit, on threads that compete with the window) and catches up when its tab comes to the front.
    // A dock behind another tab stays isVisible(): only its visibilityChanged() tells.
    void regimeMapWaitsBehindItsTab()
    {
        MainWindow window(m_db);
        show(window, exampleSession());
        const int kernel = 2; // MatMul 600x600: a template kernel with parameters to map
        window.setSelectedKernel(kernel);
        window.regimeMapDock()->raise();
        QApplication::processEvents();
        KernelRegimeMap* map = window.regimeMapDock()->regimeMap();
        map->ensureCurrent();
        window.comparisonDock()->raise();
        QApplication::processEvents();
        QVERIFY(window.regimeMapDock()->visibleRegion().isEmpty());
        QSignalSpy changed(map, &KernelRegimeMap::changed);
        const QString error = window.document()->setKernelParameters(
            window.analysis()->sessionKernelOf(kernel), { { "k", 4800.0 } }, false);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QTest::qWait(400);
        QCOMPARE(changed.count(), 0);
        window.regimeMapDock()->raise();
        QVERIFY(changed.wait(5000));
    }

    // Ctrl+Z in a field after Enter undid the field's text (showing a value the session no longer
    // had) instead of the session's last step.
    void ctrlZInAFieldUndoesTheSession()
    {
        Session session = exampleSession();
        Kernel raw;
        raw.name = "raw copy";
        raw.flops = 1e9;
        raw.bytes = { { "default", 1e8 } };
        session.kernels.push_back(raw);
        MainWindow window(m_db);
        show(window, session);
        window.activateWindow();
        QApplication::setActiveWindow(&window);
        const size_t kernel = session.kernels.size() - 1; // a raw kernel: FLOPs and bytes fields
        window.kernelDock()->raise();
        window.setSelectedKernel(static_cast<int>(kernel));
        QApplication::processEvents();
        SiSpinBox* flops = window.kernelDock()->editor()->flopsBox();
        QVERIFY(flops);
        const double before = window.session().kernels[kernel].flops;
        flops->setFocus();
        QVERIFY(flops->hasFocus());
        QTest::keyClick(flops, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(flops, QStringLiteral("123456"));
        QTest::keyClick(flops, Qt::Key_Return);
        QApplication::processEvents();
        QVERIFY(closeRel(window.session().kernels[kernel].flops, 123456.0));
        QVERIFY(window.document()->undoStack()->canUndo());
        flops = window.kernelDock()->editor()->flopsBox(); // the form may have been rebuilt
        flops->setFocus();
        QTest::keyClick(flops, Qt::Key_Z, Qt::ControlModifier);
        QApplication::processEvents();
        QVERIFY2(closeRel(window.session().kernels[kernel].flops, before),
            qPrintable(QStringLiteral("the session kept %1 FLOPs").arg(window.session().kernels[kernel].flops)));
        flops = window.kernelDock()->editor()->flopsBox();
        QVERIFY(closeRel(flops->value(), before)); // the field shows the session's value
        QTest::keyClick(flops, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier); // redo
        QApplication::processEvents();
        QVERIFY(closeRel(window.session().kernels[kernel].flops, 123456.0));
    }

    // Right on an imported kernel (bytes on DRAM, L2 and L1, no "default") moved it ~6x lower: the
    // base was its total bytes, the result set on DRAM. Each nudge is the key's factor on the
    // intensity shown, in the key's direction.
    void nudgeIsTheKeysFactorOnTheShownIntensity()
    {
        Session session = exampleSession();
        Kernel imported;
        imported.name = "sgemm_128x64_nn";
        imported.flops = 4e11;
        imported.bytes = { { "dram", 1e9 }, { "l2", 2e9 }, { "l1", 3e9 } };
        session.kernels.push_back(imported);
        const int index = static_cast<int>(session.kernels.size()) - 1;
        MainWindow window(m_db);
        show(window, session);
        window.setSelectedKernel(index);
        const Evaluation* first = window.analysis()->evaluation(static_cast<size_t>(index), 0);
        QVERIFY(first);
        const double start = first->intensity;
        QVERIFY(closeRel(start, 400.0));
        QAction* higher = menuAction(window, QStringLiteral("Higher Intensity"));
        QAction* lower = menuAction(window, QStringLiteral("Lower Intensity"));
        QAction* doubled = menuAction(window, QStringLiteral("Double Intensity"));
        QVERIFY(higher && lower && doubled);
        const double step = std::pow(2.0, 0.125);
        higher->trigger();
        const double afterRight = window.analysis()->evaluation(static_cast<size_t>(index), 0)->intensity;
        QVERIFY2(closeRel(afterRight, start * step), qPrintable(QString::number(afterRight)));
        lower->trigger();
        QVERIFY(closeRel(window.analysis()->evaluation(static_cast<size_t>(index), 0)->intensity, start));
        doubled->trigger();
        QVERIFY(closeRel(window.analysis()->evaluation(static_cast<size_t>(index), 0)->intensity, 2.0 * start));
        // Every level moved by the same factor: L2 and L1 intensities too.
        const Kernel& moved = window.session().kernels[static_cast<size_t>(index)];
        QVERIFY(closeRel(moved.bytesOn("l2") / moved.bytesOn("dram"), 2.0));
        QVERIFY(closeRel(moved.bytesOn("l1") / moved.bytesOn("dram"), 3.0));
        QVERIFY(closeRel(moved.flops, 4e11)); // FLOPs kept, as a drag keeps them
    }

    // File > New Session kept the devices' chips and prices: a one-GPU profile imported next was
    // judged against 8-chip roofs ("0.0287 % of roof").
    void newSessionStartsFromOneChipWithoutOverrides()
    {
        const auto loaded = loadSessionFile(ROOFSCOPE_RESOURCES_DIR "/examples/serving-70b.yaml");
        QVERIFY(loaded.session);
        Session session = *loaded.session;
        bool multiChip = false;
        for (DeviceSelection& device : session.devices) {
            multiChip = multiChip || device.chips > 1;
            device.priceDollars = 12345.0;
            device.tdpWatts = 999.0;
        }
        QVERIFY(multiChip);
        MainWindow window(m_db);
        show(window, session);
        std::vector<std::string> shown;
        for (const DeviceSelection& device : session.devices) {
            if (device.visible && std::find(shown.begin(), shown.end(), device.id) == shown.end()) {
                shown.push_back(device.id);
            }
        }
        window.newSession();
        QVERIFY(window.session().kernels.empty());
        QCOMPARE(window.session().devices.size(), shown.size());
        for (size_t d = 0; d < shown.size(); ++d) {
            const DeviceSelection& device = window.session().devices[d];
            QCOMPARE(device.id, shown[d]);
            QCOMPARE(device.chips, 1);
            QVERIFY(!device.priceDollars && !device.pricePerHourDollars && !device.tdpWatts);
            QVERIFY(device.precision.empty() && device.disabledLevels.empty());
        }
        QVERIFY(!window.isModified());
    }

    // The regime map's panel titles read "H100" for an H100 x8 (the chips dropped): the title is
    // drawn from the panel's label, which was the device's own.
    void regimeMapTitlesNameTheChips()
    {
        Session session = exampleSession();
        session.devices.front().chips = 8;
        MainWindow window(m_db);
        show(window, session);
        const int kernel = 2; // MatMul 600x600: a template kernel with parameters to map
        window.setSelectedKernel(kernel);
        window.regimeMapDock()->show();
        window.regimeMapDock()->raise();
        QApplication::processEvents();
        KernelRegimeMap* map = window.regimeMapDock()->regimeMap();
        map->ensureCurrent();
        QVERIFY(!map->map().devices.empty());
        bool sawChips = false;
        for (size_t p = 0; p < map->map().devices.size(); ++p) {
            const int device = map->sceneDevices()[p];
            const QString label = window.analysis()->scene().devices[static_cast<size_t>(device)].label;
            QCOMPARE(QString::fromStdString(map->map().devices[p].hardwareLabel), label);
            sawChips = sawChips || label.contains(QLatin1String("8"));
        }
        QVERIFY(sawChips);
    }

    // "FLOPs 25769803776" in a kernel's hover and "T_min total 76176 s" in the comparison: figures
    // with an SI prefix, as everywhere else in the window.
    void figuresCarryTheirPrefix()
    {
        Session session = exampleSession();
        Kernel big;
        big.name = "gemm 16k";
        big.flops = 25769803776.0;
        big.bytes = { { "default", 1.5e9 } };
        session.kernels.push_back(big);
        MainWindow window(m_db);
        show(window, session);
        const int index = static_cast<int>(session.kernels.size()) - 1;
        const QString tip = window.analysis()->toolTip(index, 0);
        QVERIFY2(!tip.contains(QLatin1String("25769803776")), qPrintable(tip));
        QVERIFY2(tip.contains(QLatin1String("25.8 GFLOP")), qPrintable(tip));
        QCOMPARE(QString::fromStdString(formatQuantity(76176.0, Dimension::Seconds)), QStringLiteral("76.2 ks"));
        QCOMPARE(QString::fromStdString(formatQuantity(1234.0, Dimension::Seconds)), QStringLiteral("1234 s"));
        const ParsedQuantity back = parseQuantity("76.2 ks", Dimension::Seconds); // a field reads it back
        QVERIFY(back.value && closeRel(*back.value, 76200.0));
    }

    // Saved sessions carried float noise from computations: bytes after a drag
    // (`227238472841.7558`), a run's summed runtime copied as a what-if (`17.904260576928152 s`).
    // Computed figures are kept to 13 significant digits; typed ones stay exact.
    void computedFiguresAreSavedWithoutNoise()
    {
        Session session = exampleSession();
        Kernel measured;
        measured.name = "summed launches";
        measured.flops = 3.0e12 / 7.0;
        measured.bytes = { { "default", 227238472841.7558 } };
        measured.measuredSeconds = 17.904260576928152;
        session.kernels.push_back(measured);
        const int index = static_cast<int>(session.kernels.size()) - 1;
        MainWindow window(m_db);
        show(window, session);
        auto significant = [](double value) {
            const std::string text = formatExact(value);
            const std::string mantissa = text.substr(0, text.find_first_of("eE"));
            std::string digits;
            for (char c : mantissa) {
                if (c >= '0' && c <= '9') {
                    digits += c;
                }
            }
            const size_t first = digits.find_first_not_of('0');
            const size_t last = digits.find_last_not_of('0');
            return first == std::string::npos ? size_t(0) : last - first + 1;
        };
        QVERIFY(window.document()->duplicateAsWhatIf(index).isEmpty());
        const Kernel& copy = window.session().kernels.back();
        QVERIFY(significant(*copy.measuredSeconds) <= 13);
        QVERIFY(closeRel(*copy.measuredSeconds, 17.904260576928152, 1e-11));
        QVERIFY(significant(copy.bytes.front().bytes) <= 13);
        QVERIFY(significant(copy.flops) <= 13);
        const int last = static_cast<int>(window.session().kernels.size()) - 1;
        QVERIFY(window.document()->setKernelIntensity(last, 1234.5678).isEmpty());
        const Kernel& dragged = window.session().kernels.back();
        QVERIFY2(significant(dragged.bytes.front().bytes) <= 13, formatExact(dragged.bytes.front().bytes).c_str());
        QVERIFY(closeRel(dragged.flops / dragged.bytes.front().bytes, 1234.5678, 1e-11));
        const std::string yaml = sessionToYaml(window.session());
        QVERIFY2(yaml.find("17.904260576928152") != std::string::npos, "the typed original stays exact");
        QVERIFY(yaml.find("17.90426057693 s") != std::string::npos);
    }

    // The problems box listed the earlier imports' warnings first, under "Some of the imported
    // files could not be read in full." for a file read in full (warnings only).
    void latestImportsWarningsComeFirst()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto write = [&](const QString& name, const QByteArray& text) {
            QFile file(dir.filePath(name));
            return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
        };
        // A kernel with 0 bytes on L2: that level is left out, with a warning; the rest is read.
        QVERIFY(write(QStringLiteral("first.csv"), "name,flops,bytes,l2\nalpha,1e9,1e8,0\nbeta,2e9,1e8,1e8\n"));
        QVERIFY(write(QStringLiteral("second.csv"), "name,flops,bytes,l2\ngamma,1e9,1e8,0\ndelta,2e9,1e8,1e8\n"));
        MainWindow window(m_db);
        show(window, exampleSession());
        QVERIFY(window.importFiles({ dir.filePath(QStringLiteral("first.csv")) }).contains(QLatin1String("2 kernels")));
        QVERIFY(
            window.importFiles({ dir.filePath(QStringLiteral("second.csv")) }).contains(QLatin1String("2 kernels")));
        const QStringList problems = window.problems();
        QVERIFY2(problems.size() >= 2, qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY2(problems.front().contains(QLatin1String("second.csv")), qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY(problems.join(QLatin1Char('\n')).contains(QLatin1String("first.csv")));
        const QString headline = window.analysis()->problemHeadline();
        QVERIFY2(!headline.contains(QLatin1String("could not be read")), qPrintable(headline));
        QVERIFY2(headline.contains(QLatin1String("second.csv")), qPrintable(headline));
    }

    // The F1 guide's title showed the absolute path of its file, and its 1600-pixel screenshot
    // scrolled the page sideways.
    void guideFitsItsPage()
    {
        MainWindow window(m_db);
        show(window, exampleSession());
        QDialog* guide = window.showUserGuide();
        QVERIFY(guide);
        QVERIFY2(guide->windowTitle().contains(QLatin1String("user-guide.md")), qPrintable(guide->windowTitle()));
        QVERIFY2(!guide->windowTitle().contains(QLatin1Char('/')), qPrintable(guide->windowTitle()));
        auto* text = guide->findChild<QTextBrowser*>(QStringLiteral("userGuideText"));
        QVERIFY(text);
        QVERIFY(QTest::qWaitForWindowExposed(guide));
        QApplication::processEvents();
        QVERIFY(text->document()->toHtml().contains(QLatin1String("screenshot.png")));
        QCOMPARE(text->horizontalScrollBar()->maximum(), 0);
        guide->close();
    }

    // The GUI's PNG export had no size or scale: File > Export Chart asks for them.
    void chartExportTakesSizeAndScale()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow window(m_db);
        show(window, exampleSession());
        const QString path = dir.filePath(QStringLiteral("chart.png"));
        QVERIFY(window.exportChartTo(path, QSize(800, 500), 2.0).isEmpty());
        const QImage image(path);
        QCOMPARE(image.size(), QSize(1600, 1000));
        const QString svg = dir.filePath(QStringLiteral("chart.svg"));
        QVERIFY(window.exportChartTo(svg, QSize(900, 600), 1.0).isEmpty());
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY2(text.contains("<svg") && text.contains("900"), text.left(400).constData());
    }

    // A kernel with no point on the chart (a collective: bytes, no FLOPs) selected in the list got
    // no highlight and no word: the status line says where it is.
    void selectedKernelWithoutAPointIsSaid()
    {
        Session session = exampleSession();
        Kernel collective;
        collective.name = "all-to-all dispatch";
        collective.flops = 0.0;
        collective.bytes = { { "default", 4e8 } };
        session.kernels.push_back(collective);
        MainWindow window(m_db);
        show(window, session);
        const int index = static_cast<int>(session.kernels.size()) - 1;
        QVERIFY(window.analysis()->scene().kernels[static_cast<size_t>(index)].points.empty());
        window.setSelectedKernel(index);
        QVERIFY2(window.statusMessage().contains(QLatin1String("no point on the chart")),
            qPrintable(window.statusMessage()));
        QVERIFY(window.statusMessage().contains(QLatin1String("all-to-all dispatch")));
    }

    // After importing a kernel with a 4,990-character name every Results column was crushed
    // ("voi…ms)", "H1…x8") for the rest of the session. The name column stays within its width
    // (the name elided, whole in the tooltip); every other column keeps room for its contents.
    void longImportedNameLeavesTheResultsColumns()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile source(QStringLiteral(ROOFSCOPE_TEST_DATA_DIR "/import/ncu/output.csv"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        QString csv = QString::fromUtf8(source.readAll());
        QString longName = QStringLiteral("void cutlass::Kernel2<");
        for (int i = 0; longName.size() < 4950; ++i) {
            longName += QStringLiteral("cutlass::gemm::GemmShape<128, 256, 64>, Epilogue%1, ").arg(i);
        }
        longName += QStringLiteral("cutlass::arch::Sm90>(Params)");
        QVERIFY(csv.contains(QLatin1String("sigma_gpp_gpu_29")));
        csv.replace(QLatin1String("sigma_gpp_gpu_29"), longName);
        const QString path = dir.filePath(QStringLiteral("cutlass.csv"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(csv.toUtf8());
        out.close();
        MainWindow window(m_db);
        show(window, exampleSession());
        for (QDockWidget* dock : window.findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
            if (dock->widget() == window.resultsView()) {
                dock->raise();
            }
        }
        QVERIFY(window.importFiles({ path }).contains(QLatin1String("Imported")));
        QApplication::processEvents();
        QTableView* table = window.resultsView();
        QAbstractItemModel* model = table->model();
        int longRow = -1;
        for (int r = 0; r < model->rowCount() && longRow < 0; ++r) {
            longRow = model->index(r, 0).data(Qt::ToolTipRole).toString().contains(longName) ? r : -1;
        }
        QVERIFY2(longRow >= 0, "the long name's row has it whole in its tooltip");
        QVERIFY2(table->columnWidth(0) <= 320, qPrintable(QString::number(table->columnWidth(0))));
        for (int c = 1; c < model->columnCount(); ++c) {
            if (table->isColumnHidden(c)) {
                continue;
            }
            int wanted = table->horizontalHeader()->sectionSizeHint(c);
            for (int r = 0; r < model->rowCount(); ++r) {
                wanted = std::max(wanted, table->sizeHintForIndex(model->index(r, c)).width());
            }
            QVERIFY2(table->columnWidth(c) >= 0.9 * std::min(wanted, 300), // not crushed to a few letters
                qPrintable(QStringLiteral("column %1 (%2) is %3 px for %4 px of text")
                               .arg(c)
                               .arg(model->headerData(c, Qt::Horizontal).toString())
                               .arg(table->columnWidth(c))
                               .arg(wanted)));
        }
    }
};

ROOFSCOPE_TEST_MAIN(TestLaptop)

#include "test_laptop.moc"
