// The monkey: thousands of random, seeded events fired at the real main window on every example
// session: clicks, double clicks, drags and wheel turns on the chart and the docks, key presses and
// shortcuts, good and bad text typed into whatever has the focus. It fails on a crash, a sanitizer
// report (the sanitizer build runs it too), or a window whose views disagree with its session.
//
// A failing run prints its seed; replay it alone with ROOFSCOPE_MONKEY_SEED=N (and _EVENTS=M).
// Seeds that ever found a crash stay in kRegressionSeeds.
#include "TestMain.h"
#include "chart/RooflineChart.h"
#include "chart/ServingChart.h"
#include "figures/ServingCurves.h"
#include "figures/SessionAnalysis.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "model/TransformerWorkload.h"
#include "model/serving/DeviceExpansion.h"
#include "models/ResultsTableModel.h"
#include "session/SessionDocument.h"
#include "widgets/MainWindow.h"
#include "widgets/ServingTab.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QPointer>
#include <QScrollBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QWheelEvent>
#include <qcustomplot.h>

#include <random>

using namespace roofscope;

namespace {
// Seeds that found a crash while the window was built (each fixed since): run on every build.
constexpr unsigned kRegressionSeeds[] = { 1, 2 };

const char* const kTexts[]
    = { "1e12", "64k", "2.5 GB", "1.2 ms", "l2=1 GB", "bogus=1 GB", "vmem=3 MB", "abc", "-5", "0", "1e400", "1e-400",
          "nan", "inf", "", " ", "=", "l2=", "=5", "12 parsecs", "999999999999999999999", "∞", "ЁЖ", "\t", "m", "4096",
          // Names real profiles bring: long templated ones, and names in other scripts.
          "void cutlass::Kernel2<cutlass::gemm::kernel::GemmUniversal<cutlass::gemm::GemmShape<128, 256, 64>, "
          "cutlass::epilogue::thread::LinearCombination<cutlass::bfloat16_t, 8, float, float>, "
          "cutlass::arch::OpMultiplyAdd, cutlass::gemm::GemmShape<64, 64, 64>, cutlass::arch::Sm90, "
          "cutlass::gemm::threadblock::GemmIdentityThreadblockSwizzle<8>, cutlass::layout::RowMajor, "
          "cutlass::layout::ColumnMajor, cutlass::arch::OpClassTensorOp>>(Params)",
          "名前_カーネル_行列積", "ядро_умножения", "Größe→μs ✓" };

// The laptop screens the window is resized to, one after another, every kLaptopEvery events.
const QSize kLaptops[] = { QSize(1280, 720), QSize(1366, 768), QSize(1280, 800), QSize(1440, 900) };
constexpr int kLaptopEvery = 50;

struct Key {
    Qt::Key key;
    Qt::KeyboardModifiers modifiers;
};

// Keys a user presses, shortcuts included. Dialogs they open are closed by the guard below.
const Key kKeys[] = { { Qt::Key_Return, {} }, { Qt::Key_Enter, {} }, { Qt::Key_Escape, {} }, { Qt::Key_Tab, {} },
    { Qt::Key_Backtab, Qt::ShiftModifier }, { Qt::Key_Left, {} }, { Qt::Key_Right, {} },
    { Qt::Key_Left, Qt::ShiftModifier }, { Qt::Key_Right, Qt::ShiftModifier }, { Qt::Key_Up, {} }, { Qt::Key_Down, {} },
    { Qt::Key_PageUp, {} }, { Qt::Key_Delete, {} }, { Qt::Key_Backspace, {} }, { Qt::Key_Home, {} },
    { Qt::Key_Space, {} }, { Qt::Key_Z, Qt::ControlModifier }, { Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier },
    { Qt::Key_Y, Qt::ControlModifier }, { Qt::Key_0, Qt::ControlModifier },
    { Qt::Key_D, Qt::ControlModifier | Qt::ShiftModifier }, { Qt::Key_F11, {} },
    { Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier }, { Qt::Key_S, Qt::ControlModifier },
    { Qt::Key_E, Qt::ControlModifier }, { Qt::Key_I, Qt::ControlModifier }, { Qt::Key_O, Qt::ControlModifier },
    { Qt::Key_A, Qt::ControlModifier } };

// Closes whatever modal dialog or popup menu an event opened (file dialogs, "save changes?", the
// Add menu), so that the next event reaches the window. Runs from the nested event loop they start.
class DialogGuard : public QObject {
public:
    explicit DialogGuard(std::mt19937* random)
        : m_random(random)
    {
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, this, [this] { closeOne(); });
        m_timer.start();
    }
    int closed = 0;

    void closeOne()
    {
        if (QWidget* popup = QApplication::activePopupWidget()) {
            // A popup menu: sometimes pick an entry, as a user would, else dismiss it.
            if (auto* menu = qobject_cast<QMenu*>(popup);
                menu && !menu->actions().isEmpty() && (*m_random)() % 2 == 0) {
                const auto actions = menu->actions();
                QAction* action
                    = actions[static_cast<qsizetype>((*m_random)() % static_cast<unsigned>(actions.size()))];
                if (!action->menu() && !action->isSeparator() && action->isEnabled()) {
                    menu->setActiveAction(action);
                    // Queued: an entry that opens a modal dialog (Import...) runs its loop outside this
                    // timer slot, so the next tick can close it.
                    QPointer<QMenu> target(menu);
                    QMetaObject::invokeMethod(
                        menu,
                        [target] {
                            if (target) {
                                QTest::keyClick(target, Qt::Key_Return);
                            }
                        },
                        Qt::QueuedConnection);
                    ++closed;
                    return;
                }
            }
            popup->close();
            ++closed;
            return;
        }
        if (QWidget* modal = QApplication::activeModalWidget()) {
            if (auto* dialog = qobject_cast<QDialog*>(modal)) {
                dialog->reject();
            } else {
                modal->close();
            }
            ++closed;
        }
    }

private:
    std::mt19937* m_random;
    QTimer m_timer;
};

class Monkey {
public:
    Monkey(MainWindow& window, unsigned seed)
        : m_window(window)
        , m_random(seed)
    {
    }

    std::mt19937& random() { return m_random; }

    void step()
    {
        const unsigned what = pick(100);
        if (what < 30) {
            chartGesture();
        } else if (what < 55) {
            clickSomewhere();
        } else if (what < 75) {
            typeText();
        } else {
            pressKey();
        }
    }

private:
    unsigned pick(unsigned n) { return static_cast<unsigned>(m_random() % n); }

    QPoint pointIn(const QWidget* widget)
    {
        const int w = std::max(1, widget->width());
        const int h = std::max(1, widget->height());
        return QPoint(
            static_cast<int>(pick(static_cast<unsigned>(w))), static_cast<int>(pick(static_cast<unsigned>(h))));
    }

    QWidget* target()
    {
        QList<QWidget*> widgets;
        for (QWidget* widget : m_window.findChildren<QWidget*>()) {
            if (widget->isVisible() && widget->isEnabled() && widget->width() > 0 && widget->height() > 0) {
                widgets << widget;
            }
        }
        if (widgets.isEmpty()) {
            return &m_window;
        }
        return widgets[static_cast<qsizetype>(pick(static_cast<unsigned>(widgets.size())))];
    }

    void chartGesture()
    {
        QCustomPlot* plot = m_window.chart()->plot();
        if (!plot->isVisible()) {
            return;
        }
        // Half the time start on a kernel's marker: that is where drags happen.
        QPoint from = pointIn(plot);
        const auto& kernels = m_window.chart()->scene().kernels;
        if (!kernels.empty() && pick(2) == 0) {
            const int k = static_cast<int>(pick(static_cast<unsigned>(kernels.size())));
            if (const auto marker = m_window.chart()->markerPosition(k, 0)) {
                from = marker->toPoint();
            }
        }
        switch (pick(5)) {
        case 0:
        case 1: { // a drag, mostly horizontal
            QTest::mousePress(plot, Qt::LeftButton, {}, from);
            QPoint at = from;
            const int steps = 1 + static_cast<int>(pick(6));
            for (int i = 0; i < steps; ++i) {
                at += QPoint(static_cast<int>(pick(401)) - 200, static_cast<int>(pick(41)) - 20);
                QTest::mouseMove(plot, at);
            }
            QTest::mouseRelease(plot, Qt::LeftButton, {}, at);
            break;
        }
        case 2:
            QTest::mouseClick(plot, Qt::LeftButton, {}, from);
            break;
        case 3:
            QTest::mouseDClick(plot, Qt::LeftButton, {}, from);
            break;
        default: { // wheel
            const QPointF pos(from);
            QWheelEvent wheel(pos, plot->mapToGlobal(pos), QPoint(), QPoint(0, pick(2) == 0 ? 120 : -120), Qt::NoButton,
                Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(plot, &wheel);
            break;
        }
        }
    }

    void clickSomewhere()
    {
        QWidget* widget = target();
        const QPoint at = pointIn(widget);
        if (pick(5) == 0) {
            QTest::mouseDClick(widget, Qt::LeftButton, {}, at);
        } else {
            QTest::mouseClick(widget, Qt::LeftButton, {}, at);
        }
    }

    void typeText()
    {
        QWidget* focus = QApplication::focusWidget();
        if (!focus || pick(3) == 0) {
            focus = target();
            focus->setFocus();
        }
        const char* text = kTexts[pick(std::size(kTexts))];
        QTest::keyClick(focus, Qt::Key_A, Qt::ControlModifier);
        for (const QChar ch : QString::fromUtf8(text)) {
            if (ch.unicode() >= 0x20 && ch.unicode() < 0x7f) {
                QTest::keyClick(focus, ch.toLatin1());
            } else { // what a keyboard layout or an input method delivers: a key with text only
                QKeyEvent press(QEvent::KeyPress, Qt::Key_unknown, Qt::NoModifier, QString(ch));
                QApplication::sendEvent(focus, &press);
                QKeyEvent release(QEvent::KeyRelease, Qt::Key_unknown, Qt::NoModifier, QString(ch));
                QApplication::sendEvent(focus, &release);
            }
            if (!focus->isVisible()) {
                break;
            }
        }
        if (pick(4) != 0) {
            QTest::keyClick(focus, pick(2) == 0 ? Qt::Key_Return : Qt::Key_Tab);
        }
    }

    void pressKey()
    {
        const Key& key = kKeys[pick(std::size(kKeys))];
        QWidget* focus = QApplication::focusWidget();
        QTest::keyClick(focus ? focus : static_cast<QWidget*>(&m_window), key.key, key.modifiers);
    }

    MainWindow& m_window;
    std::mt19937 m_random;
};

int envInt(const char* name, int fallback)
{
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok ? value : fallback;
}
} // namespace

class TestMonkey : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(!m_db.devices().empty());
        QVERIFY(m_dir.isValid());
    }

    void randomEventsNeverBreakTheWindow_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<unsigned>("seed");
        const int only = envInt("ROOFSCOPE_MONKEY_SEED", -1);
        const QStringList examples
            = QDir(QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples")).entryList({ QStringLiteral("*.yaml") });
        QVERIFY(examples.size() >= 6);
        for (const QString& example : examples) {
            if (only >= 0) {
                QTest::addRow("%s-seed-%d", qPrintable(example), only) << example << static_cast<unsigned>(only);
                continue;
            }
            for (unsigned seed : kRegressionSeeds) {
                QTest::addRow("%s-seed-%u", qPrintable(example), seed) << example << seed;
            }
        }
    }

    void randomEventsNeverBreakTheWindow()
    {
        QFETCH(QString, example);
        QFETCH(unsigned, seed);
        const int events = envInt("ROOFSCOPE_MONKEY_EVENTS", 250);
        // A copy, so that Save writes beside the test, never over the example.
        const QString path = m_dir.filePath(example);
        QFile::remove(path);
        QVERIFY(QFile::copy(QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/") + example, path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        const SessionLoadResult loaded = loadSessionFile(path.toStdString());
        QVERIFY(loaded.session);

        HardwareDatabase db = m_db;
        MainWindow window(db);
        window.setAutosaveDelay(-1);
        window.resize(1280, 800);
        window.setSession(*loaded.session, path);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        Monkey monkey(window, seed);
        DialogGuard guard(&monkey.random());
        for (int i = 0; i < events; ++i) {
            if (i % kLaptopEvery == kLaptopEvery - 1 && !window.isReviewMode()) {
                window.resize(kLaptops[(i / kLaptopEvery) % std::size(kLaptops)]);
            }
            monkey.step();
            QApplication::processEvents();
            if (i % 50 == 49) {
                // Half the bursts on the Serving tab: its chart, switches and target get the events.
                window.chartTabs()->setCurrentIndex((i / 50) % 2 == 0 ? 1 : 0);
            }
            if (i % 25 == 24 || i == events - 1) {
                // The views agree with the session after every burst.
                // (Kernel groups are shown as their kernels, those of every shown device's step: the
                // scene follows the shown session.)
                const SessionAnalysis* analysis = window.analysis();
                const Session& session = analysis->shownSession();
                std::vector<double> chips;
                for (const DeviceSelection& device : window.session().devices) {
                    if (device.visible && db.find(device.id)) {
                        chips.push_back(device.chips);
                    }
                }
                QCOMPARE(session.kernels.size(), expandKernelGroupsOnChips(window.session().kernels, chips).size());
                QVERIFY2(analysis->scene().kernels.size() == session.kernels.size(),
                    qPrintable(QStringLiteral("seed %1, event %2").arg(seed).arg(i)));
                QVERIFY(window.chart()->scene().kernels.size() == session.kernels.size());
                QVERIFY(analysis->selectedKernel() < static_cast<int>(session.kernels.size()));
                size_t rows = 0;
                for (const auto& results : analysis->results()) {
                    for (const auto& ev : results->evaluations) {
                        rows += ev ? 1 : 0;
                    }
                }
                QCOMPARE(static_cast<size_t>(window.resultsModel()->rowCount()), rows);
                QVERIFY(!window.statusText().isEmpty());
                if (window.isServingShown()) {
                    // The serving chart shows the session's transformer group on every shown device.
                    ServingTab* tab = window.servingTab();
                    tab->refresh();
                    const int group = servingGroupIndex(window.session(), -1);
                    QCOMPARE(tab->group() >= 0, group >= 0);
                    if (group >= 0) {
                        QCOMPARE(tab->chart()->curves().curves.size(), analysis->devices().size());
                    }
                }
                // Whatever was typed or imported, the window still fits the smallest laptop.
                const QSize minimum = window.minimumSizeHint();
                QVERIFY2(minimum.width() <= 1280 && minimum.height() <= 720,
                    qPrintable(QStringLiteral("seed %1, event %2: minimum size %3x%4")
                                   .arg(seed)
                                   .arg(i)
                                   .arg(minimum.width())
                                   .arg(minimum.height())));
            }
        }
        // Whatever happened, every step undoes and redoes cleanly.
        QUndoStack* stack = window.document()->undoStack();
        while (stack->canUndo()) {
            stack->undo();
        }
        QCOMPARE(window.session().kernels.size(), loaded.session->kernels.size());
        while (stack->canRedo()) {
            stack->redo();
        }
        window.setReviewMode(false);
        qInfo("%s seed %u: %d events, %d dialogs or menus closed", qPrintable(example), seed, events, guard.closed);
    }

private:
    HardwareDatabase m_db;
    QTemporaryDir m_dir;
};

ROOFSCOPE_TEST_MAIN(TestMonkey)
#include "test_monkey.moc"
