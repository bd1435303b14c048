// The window for a review meeting, through the real widgets (offscreen): tables readable at 1920x1080
// with their Kernel and Device columns kept in view when scrolled across, unchecked boxes visible on
// the dark theme, File > Export Chart offering the interactive HTML page, tooltips as large as review
// mode's fonts, and a kernel's rename carrying the annotation arrows that name it (one undo step).
#include "TestMain.h"
#include "TestUtil.h"
#include "chart/ChartDecorator.h"
#include "chart/RooflineChart.h"
#include "figures/SessionAnalysis.h"
#include "gui/ExampleSession.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "session/SessionDocument.h"
#include "widgets/ComparisonDock.h"
#include "widgets/FrozenColumnTable.h"
#include "widgets/HardwareDock.h"
#include "widgets/KernelDock.h"
#include "widgets/KernelEditor.h"
#include "widgets/MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QScrollBar>
#include <QStyle>
#include <QStyleOption>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolTip>
#include <QTreeWidget>
#include <QUndoStack>

using namespace roofscope;
using namespace roofscope::test;

namespace {
Session loadReviewExample(const char* name)
{
    return loadSessionFile(std::string(ROOFSCOPE_RESOURCES_DIR "/examples/") + name).session.value_or(Session {});
}

// The largest difference in lightness between the colour at `rect`'s centre-most background and
// any pixel inside `rect` of `image`: how much an indicator drawn there stands out from its box.
int contrastIn(const QImage& image, const QRect& rect, const QColor& background)
{
    int most = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y) {
        for (int x = rect.left(); x <= rect.right(); ++x) {
            if (image.rect().contains(x, y)) {
                most = std::max(most, std::abs(image.pixelColor(x, y).lightness() - background.lightness()));
            }
        }
    }
    return most;
}

// Checks a table at 1920x1080: every column as wide as its header and its cells need (a long kernel
// name excepted: capped, with its tooltip), and after scrolling to the far right the frozen columns
// still show, beside the last column, with the main view's widths and rows.
void checkTable(FrozenColumnTable* table, int frozen, const QStringList& headers)
{
    QCOMPARE(table->frozenColumns(), frozen);
    const QAbstractItemModel* model = table->model();
    QVERIFY(model->rowCount() > 0);
    for (int c = 0; c < model->columnCount(); ++c) {
        const int needed = std::max(table->horizontalHeader()->sectionSizeHint(c),
            static_cast<QAbstractItemView*>(table)->sizeHintForColumn(c));
        QVERIFY2(table->columnWidth(c) >= std::min(needed, 300),
            qPrintable(QStringLiteral("column %1 is %2 px, needs %3").arg(c).arg(table->columnWidth(c)).arg(needed)));
    }
    for (int c = 0; c < frozen; ++c) {
        QCOMPARE(model->headerData(c, Qt::Horizontal).toString(), headers[c]);
    }
    QScrollBar* across = table->horizontalScrollBar();
    // Selecting a kernel's rows (the window does it on every load) keeps the table scrolled fully left.
    QCOMPARE(across->value(), 0);
    across->setValue(across->maximum());
    QApplication::processEvents();
    QTableView* pinned = table->frozenView();
    QVERIFY(pinned->isVisible());
    int pinnedWidth = 0;
    for (int c = 0; c < model->columnCount(); ++c) {
        QCOMPARE(pinned->isColumnHidden(c), c >= frozen);
        if (c < frozen) {
            QCOMPARE(pinned->columnWidth(c), table->columnWidth(c));
            pinnedWidth += pinned->columnWidth(c);
        }
    }
    QCOMPARE(pinned->width(), pinnedWidth);
    QCOMPARE(pinned->geometry().left(), table->viewport()->geometry().left());
    // The first frozen cell of the top row is where the user sees it, over the scrolled columns.
    const QRect cell = pinned->visualRect(model->index(0, 0));
    QVERIFY(cell.isValid() && cell.left() == 0);
    if (across->maximum() > 0) {
        QVERIFY(table->columnViewportPosition(0) < 0); // the main view's own first column scrolled away
    }
    // Vertical scrolling moves both.
    QCOMPARE(pinned->verticalScrollBar()->value(), table->verticalScrollBar()->value());
    table->verticalScrollBar()->setValue(table->verticalScrollBar()->maximum());
    QCOMPARE(pinned->verticalScrollBar()->value(), table->verticalScrollBar()->value());
    // A click on a frozen header sorts the shared model.
    QTest::mouseClick(pinned->horizontalHeader()->viewport(), Qt::LeftButton, {},
        QPoint(pinned->horizontalHeader()->sectionViewportPosition(0) + 5, pinned->horizontalHeader()->height() / 2));
    QCOMPARE(table->horizontalHeader()->sortIndicatorSection(), 0);
}
} // namespace

class TestReviewWindow : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(m_dir.isValid());
    }

    // Issue 12: the tables truncated columns at 1920x1080 and lost Kernel and Device when scrolled.
    void tablesAt1920x1080KeepKernelAndDeviceInView()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadReviewExample("tpu-generations.yaml")); // before the window is shown, as at start
        window.resize(1920, 1080);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QApplication::processEvents();
        checkTable(window.resultsView(), 2, { QStringLiteral("Kernel"), QStringLiteral("Device") });
        checkTable(window.comparisonDock()->view(), 1, { QStringLiteral("Device") });
    }

    // Issue 12: on the dark theme, unchecked boxes were invisible (outline the colour of the box).
    void darkThemeShowsUncheckedBoxes()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setSession(exampleSession());
        window.darkThemeAction()->trigger();
        QCOMPARE(window.session().view.theme, std::string("dark"));
        QVERIFY(QApplication::palette().base().color().lightness() < 80);

        // A plain check box.
        QCheckBox box(QStringLiteral("Unchecked"));
        box.resize(box.sizeHint());
        QStyleOptionButton option;
        option.initFrom(&box);
        const QRect indicator = box.style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, &box);
        const QImage boxImage = box.grab().toImage();
        QVERIFY2(contrastIn(boxImage, indicator, QApplication::palette().base().color()) >= 60,
            qPrintable(QString::number(contrastIn(boxImage, indicator, QApplication::palette().base().color()))));

        // An unchecked device in the hardware dock.
        QTreeWidget* tree = window.hardwareDock()->tree();
        QTreeWidgetItem* item = window.hardwareDock()->deviceItem(QStringLiteral("nvidia-b200"));
        QVERIFY(item);
        QCOMPARE(item->checkState(0), Qt::Unchecked);
        tree->scrollToItem(item);
        QApplication::processEvents();
        const QRect row = tree->visualItemRect(item);
        QVERIFY(row.isValid());
        const QImage treeImage = tree->viewport()->grab().toImage();
        // The indicator lies at the row's left, as tall as the row: the row's first square.
        const QRect first(row.left(), row.top(), row.height() + 4, row.height());
        QVERIFY2(contrastIn(treeImage, first, QApplication::palette().base().color()) >= 60,
            qPrintable(QString::number(contrastIn(treeImage, first, QApplication::palette().base().color()))));
        window.darkThemeAction()->trigger(); // back to light for the suites after this one
    }

    // Issue 12: File > Export Chart offered no HTML; the page is the command line's (same code).
    void exportChartDialogWritesTheInteractivePage()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setSession(loadReviewExample("fusion.yaml"));
        const QString path = m_dir.filePath(QStringLiteral("from-window"));
        QStringList filters;
        bool answered = false;
        QTimer::singleShot(200, this, [&] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            if (!dialog) {
                return;
            }
            filters = dialog->nameFilters();
            const QString html = filters.filter(QStringLiteral("*.html")).value(0);
            dialog->selectNameFilter(html);
            // The name typed into the dialog's field without an extension: the chosen type's is added.
            auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
            if (!name) {
                return;
            }
            name->setText(path);
            answered = true;
            static_cast<QDialog*>(dialog)->accept(); // Save, as a click on the button
        });
        QAction* exportAction = nullptr;
        for (QMenu* menu : window.menuBar()->findChildren<QMenu*>()) {
            for (QAction* action : menu->actions()) {
                if (action->text().remove(QLatin1Char('&')).startsWith(QStringLiteral("Export Chart"))) {
                    exportAction = action;
                }
            }
        }
        QVERIFY(exportAction);
        exportAction->trigger();
        QVERIFY(answered);
        QVERIFY2(filters.filter(QStringLiteral("*.html")).size() == 1, qPrintable(filters.join(QLatin1Char('|'))));
        QFile page(path + QStringLiteral(".html"));
        QVERIFY2(page.open(QIODevice::ReadOnly),
            qPrintable(page.fileName() + QStringLiteral(" not among ")
                + QDir(m_dir.path()).entryList().join(QLatin1Char(' '))));
        const QString html = QString::fromUtf8(page.readAll());
        QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
        QVERIFY(html.contains(QStringLiteral("<svg")));
        QVERIFY(html.contains(QStringLiteral("id=\"legend\"")));
        for (const Kernel& kernel : window.session().kernels) {
            QVERIFY2(html.contains(QString::fromStdString(kernel.name).toHtmlEscaped()), kernel.name.c_str());
        }
        // The same page as the one the window's own export path writes (the command line's code).
        const QString direct = m_dir.filePath(QStringLiteral("direct.html"));
        QVERIFY(window.exportChartTo(direct).isEmpty());
        QFile second(direct);
        QVERIFY(second.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(second.readAll()), html);
    }

    // Issue 12: review mode's fonts grew, its tooltips did not.
    void tooltipsGrowWithReviewFonts()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(exampleSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QFont normal = QToolTip::font();
        const double before = normal.pointSizeF() > 0 ? normal.pointSizeF() : normal.pixelSize();
        window.setReviewMode(true);
        const QFont large = QToolTip::font();
        const double during = large.pointSizeF() > 0 ? large.pointSizeF() : large.pixelSize();
        ROOFSCOPE_COMPARE_REL(during, before * 1.75, 0.02);
        // A tooltip shown now (the chart's hover text goes through QToolTip) is drawn in that font.
        QToolTip::showText(
            window.chart()->mapToGlobal(QPoint(100, 100)), QStringLiteral("T_min 1.2 ms"), window.chart());
        QWidget* tip = nullptr;
        for (QWidget* widget : QApplication::topLevelWidgets()) {
            if (widget->inherits("QTipLabel") && widget->isVisible()) {
                tip = widget;
            }
        }
        QVERIFY(tip);
        const QFont shown = tip->font();
        ROOFSCOPE_COMPARE_REL(shown.pointSizeF() > 0 ? shown.pointSizeF() : shown.pixelSize(), during, 0.02);
        QToolTip::hideText();
        window.setReviewMode(false);
        const QFont after = QToolTip::font();
        ROOFSCOPE_COMPARE_REL(after.pointSizeF() > 0 ? after.pointSizeF() : after.pixelSize(), before, 0.001);
    }

    // On a laptop in review mode the session's title and the verdict's lines were cut ("... most tokens/s
    // per chip B200" lost): they wrap within the plot's column now, every word drawn, and the plot starts
    // below the last line.
    void reviewTitleAndVerdictWrapWhole()
    {
        const SessionLoadResult loaded
            = loadSessionFile(std::string(ROOFSCOPE_RESOURCES_DIR) + "/examples/serving-70b.yaml");
        QVERIFY(loaded.session);
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(*loaded.session);
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setReviewMode(true);
        // Review mode fills the screen; the test's screen is not a laptop's, so the window is made one.
        window.setWindowState(Qt::WindowNoState);
        window.resize(1366, 768);
        QApplication::processEvents();
        QCustomPlot* plot = window.chart()->plot();
        plot->replot(); // one replot: its layout makes the room the lines need (as an export's single one)
        const ChartDecorator& decorator = window.chart()->decorator();
        const QStringList shown = decorator.shownHeading();
        const QStringList whole = QStringList { decorator.title() } + decorator.captions();
        QCOMPARE(shown.size(), whole.size());
        QVERIFY(whole.size() >= 3); // the title and one line per group
        int wrapped = 0;
        for (qsizetype i = 0; i < shown.size(); ++i) {
            QVERIFY2(!shown[i].contains(QChar(0x2026)), qPrintable(shown[i]));
            QCOMPARE(
                QString(shown[i]).replace(QLatin1Char('\n'), QLatin1Char(' ')).simplified(), whole[i].simplified());
            wrapped += shown[i].contains(QLatin1Char('\n')) ? 1 : 0;
        }
        QVERIFY(wrapped > 0); // at 1366 px the lines are too long for one line each
        const QCPItemText* last = nullptr;
        for (int i = 0; i < plot->itemCount(); ++i) {
            auto* text = qobject_cast<QCPItemText*>(plot->item(i));
            if (text && text->text() == decorator.captions().last()) {
                last = text;
            }
        }
        QVERIFY(last);
        QVERIFY2(last->bottom->pixelPosition().y() <= plot->axisRect()->top(),
            qPrintable(QStringLiteral("last caption ends at %1, the plot starts at %2")
                           .arg(last->bottom->pixelPosition().y())
                           .arg(plot->axisRect()->top())));
        window.setReviewMode(false);
    }

    // Issue 12: annotations name kernels; a rename in the editor left the fusion arrow pointing at a
    // name no kernel had, and the arrow vanished.
    void renamingAKernelCarriesItsAnnotationArrows()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadReviewExample("fusion.yaml"));
        const Session& session = window.session();
        QCOMPARE(session.annotations.size(), size_t(1));
        QCOMPARE(window.analysis()->scene().decorations.arrows.size(), size_t(1));
        int fused = -1;
        for (size_t k = 0; k < session.kernels.size(); ++k) {
            if (session.kernels[k].name == "1 fused kernel") {
                fused = static_cast<int>(k);
            }
        }
        QVERIFY(fused >= 0);
        window.setSelectedKernel(fused);
        KernelEditor* editor = window.kernelDock()->editor();
        QLineEdit* name = editor->nameEdit();
        name->setFocus();
        QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(name, Qt::Key_Delete);
        QTest::keyClicks(name, QStringLiteral("all four fused"));
        QTest::keyClick(name, Qt::Key_Return);
        QCOMPARE(session.kernels[static_cast<size_t>(fused)].name, std::string("all four fused"));
        QCOMPARE(session.annotations.front().to, std::string("all four fused"));
        QCOMPARE(session.annotations.front().from, std::string("4 separate kernels"));
        QCOMPARE(window.analysis()->scene().decorations.arrows.size(), size_t(1));
        QCOMPARE(window.analysis()->scene().decorations.arrows.front().to, fused);
        // One undo step puts back both the name and the arrow's end.
        window.document()->undoStack()->undo();
        QCOMPARE(session.kernels[static_cast<size_t>(fused)].name, std::string("1 fused kernel"));
        QCOMPARE(session.annotations.front().to, std::string("1 fused kernel"));
        QCOMPARE(window.analysis()->scene().decorations.arrows.size(), size_t(1));
        window.document()->undoStack()->redo();
        QCOMPARE(session.annotations.front().to, std::string("all four fused"));
    }
};

ROOFSCOPE_TEST_MAIN(TestReviewWindow)
#include "test_review_window.moc"
