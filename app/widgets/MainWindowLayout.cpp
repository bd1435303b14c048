// MainWindow: the layout (compact or wide for the screen, chart only, restored within the screen, reset),
// File > New Session and the Help menu.

#include "widgets/MainWindow.h"

#include "chart/RooflineChart.h"
#include "session/AppPaths.h"
#include "session/DisplayName.h"
#include "session/SessionDocument.h"
#include "widgets/ComparisonDock.h"
#include "widgets/HardwareDock.h"
#include "widgets/KernelDock.h"
#include "widgets/RegimeMapDock.h"
#include "widgets/RoofTimesDock.h"
#include "widgets/RunComparisonDock.h"
#include "widgets/SweepDock.h"

#include <QAction>
#include <QApplication>
#include <QDesktopServices>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHeaderView>
#include <QImage>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFragment>
#include <QTextImageFormat>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <vector>

namespace roofscope {

namespace {
// The window's first size: large, but never past the screen's free area.
constexpr QSize kPreferredSize(1600, 1000);
// Room left for a window manager's frame and title bar around the first window.
constexpr QSize kFrameRoom(16, 48);

QRect availableArea(const QWidget* window)
{
    const QScreen* screen = window->screen() ? window->screen() : QGuiApplication::primaryScreen();
    return screen ? screen->availableGeometry() : QRect(0, 0, 1280, 720);
}

// The short guide shown when no user guide is installed beside the program.
const char* const kEmbeddedGuide = R"(# Roofscope

The chart shows each device's roofs (compute and memory bandwidth, log-log) and every kernel as a
marker on each shown device: intensity (FLOP/byte) across, attainable FLOP/s up.

- **Hardware** (left): tick devices and their levels; a device's precision box picks the precision.
- **Kernels** (right): add raw or template kernels, edit them; each finished entry is one undo step.
  Escape puts back a field's last good value.
- **Drag** a marker across the chart to change its intensity; the arrow keys do the same.
- **Results** and **Comparison** (bottom): the bound of every kernel on every device, and the
  workload's total per device.
- **File > Import** reads Nsight Compute, rocprof-compute, ERT and plain CSV files.
- **View > Reset Layout** puts the panes back as on first start.

See Help > Keyboard Shortcuts for every key.
)";
} // namespace

namespace {
// Every image of the browser's document wider than `width` pixels is shown at that width, its
// height in proportion.
void fitImagesToWidth(QTextBrowser* browser, int width)
{
    QTextDocument* document = browser->document();
    struct Fitted {
        int position;
        int length;
        QTextImageFormat format;
    };
    std::vector<Fitted> fitted; // applied after the walk, which a format change would upset
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.isValid() || !fragment.charFormat().isImageFormat()) {
                continue;
            }
            QTextImageFormat image = fragment.charFormat().toImageFormat();
            const QVariant resource = browser->loadResource(QTextDocument::ImageResource, QUrl(image.name()));
            QImage picture = resource.value<QImage>();
            if (picture.isNull()) {
                picture.loadFromData(resource.toByteArray());
            }
            if (picture.isNull() || picture.width() <= width) {
                continue;
            }
            image.setWidth(width);
            image.setHeight(static_cast<double>(picture.height()) * width / picture.width());
            fitted.push_back({ fragment.position(), fragment.length(), image });
        }
    }
    QTextCursor cursor(document);
    for (const Fitted& f : fitted) {
        cursor.setPosition(f.position);
        cursor.setPosition(f.position + f.length, QTextCursor::KeepAnchor);
        cursor.setCharFormat(f.format);
    }
}
} // namespace

QSize MainWindow::firstWindowSize(const QRect& availableArea)
{
    return kPreferredSize.boundedTo(availableArea.size() - kFrameRoom).expandedTo(QSize(640, 400));
}

bool MainWindow::isSmallScreen(const QRect& availableArea)
{
    // Where the wide layout leaves the chart less than half the window (1366x768 gave it 14 %).
    return availableArea.width() < kPreferredSize.width() || availableArea.height() < kPreferredSize.height();
}

void MainWindow::arrangeDocks(bool compact)
{
    const QList<QDockWidget*> panes { m_hardwareDock, m_kernelDock, m_sweepDock, m_resultsDock, m_comparisonDock,
        m_regimeMapDock, m_roofTimesDock };
    // Open (its View > Panes entry checked), even behind another tab, which hides it.
    const bool runShown = m_runDock && m_runDock->toggleViewAction()->isChecked();
    // Taken out and put back in their new places (a dock added again where it is would be left in
    // its old tab group); a floating one docks again.
    for (QDockWidget* dock : panes) {
        dock->setFloating(false);
        removeDockWidget(dock);
    }
    if (m_runDock) {
        m_runDock->setFloating(false);
        removeDockWidget(m_runDock);
    }
    m_compactLayout = compact;
    if (compact) {
        // One column on the right: the editors (kernels, hardware, sweep) tabbed above, the tables
        // (comparison, results, regime map, time per roof, run changes) tabbed below.
        addDockWidget(Qt::RightDockWidgetArea, m_kernelDock);
        addDockWidget(Qt::RightDockWidgetArea, m_comparisonDock);
        splitDockWidget(m_kernelDock, m_comparisonDock, Qt::Vertical);
        tabifyDockWidget(m_kernelDock, m_hardwareDock);
        tabifyDockWidget(m_kernelDock, m_sweepDock);
        tabifyDockWidget(m_comparisonDock, m_resultsDock);
        tabifyDockWidget(m_comparisonDock, m_regimeMapDock);
        tabifyDockWidget(m_comparisonDock, m_roofTimesDock);
        if (m_runDock) {
            tabifyDockWidget(m_comparisonDock, m_runDock);
        }
    } else {
        addDockWidget(Qt::LeftDockWidgetArea, m_hardwareDock);
        addDockWidget(Qt::LeftDockWidgetArea, m_sweepDock);
        addDockWidget(Qt::RightDockWidgetArea, m_kernelDock);
        addDockWidget(Qt::BottomDockWidgetArea, m_resultsDock);
        addDockWidget(Qt::BottomDockWidgetArea, m_comparisonDock);
        splitDockWidget(m_resultsDock, m_comparisonDock, Qt::Horizontal);
        tabifyDockWidget(m_comparisonDock, m_regimeMapDock);
        tabifyDockWidget(m_comparisonDock, m_roofTimesDock);
        if (m_runDock) {
            tabifyDockWidget(m_resultsDock, m_runDock); // the width of the results table, not a strip beside it
        }
    }
    for (QDockWidget* dock : panes) {
        dock->show();
    }
    if (m_runDock) {
        m_runDock->setVisible(runShown);
    }
    m_kernelDock->raise();
    (runShown ? static_cast<QDockWidget*>(m_runDock) : m_comparisonDock)->raise();
    if (compact) {
        // The column takes about a third of the window: the chart keeps more than half of it.
        const int column = std::clamp(width() * 34 / 100, 300, 480);
        resizeDocks({ m_kernelDock }, { column }, Qt::Horizontal);
        const int tall = std::max(height() - 120, 300);
        // The tables a little taller than the editors: the comparison's rows and its serving lines
        // under them; the editors' forms scroll.
        resizeDocks({ m_kernelDock, m_comparisonDock }, { tall * 45 / 100, tall * 55 / 100 }, Qt::Vertical);
    } else {
        resizeDocks({ m_hardwareDock, m_kernelDock }, { 270, 340 }, Qt::Horizontal);
        resizeDocks({ m_resultsDock, m_comparisonDock }, { 900, 600 }, Qt::Horizontal); // the wider table wider
        resizeDocks({ m_resultsDock }, { 260 }, Qt::Vertical);
        resizeDocks({ m_hardwareDock, m_sweepDock }, { 520, 300 }, Qt::Vertical);
    }
    if (m_compactAction) {
        const QSignalBlocker blocker(m_compactAction);
        m_compactAction->setChecked(compact);
    }
}

void MainWindow::setCompactLayout(bool compact)
{
    if (isChartOnly()) {
        setChartOnly(false);
    }
    arrangeDocks(compact);
    QSettings().setValue(QStringLiteral("window/compact"), compact);
}

bool MainWindow::isChartOnly() const
{
    return m_chartOnlyAction && m_chartOnlyAction->isChecked();
}

void MainWindow::setChartOnly(bool on)
{
    if (m_chartOnlyAction && m_chartOnlyAction->isChecked() != on) {
        m_chartOnlyAction->setChecked(on); // comes back here through toggled
        return;
    }
    if (on) {
        m_stateBeforeChartOnly = saveState();
        for (QDockWidget* dock : findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
            dock->hide();
        }
        showStatusMessage(tr("Chart only: F9 brings the panes back"), 6000);
    } else if (!m_stateBeforeChartOnly.isEmpty()) {
        restoreState(m_stateBeforeChartOnly);
        m_stateBeforeChartOnly.clear();
    }
}

void MainWindow::createLayoutActions(QMenu* viewMenu)
{
    m_compactAction = viewMenu->addAction(tr("&Compact Layout"));
    m_compactAction->setObjectName(QStringLiteral("compactLayoutAction"));
    m_compactAction->setCheckable(true);
    m_compactAction->setChecked(m_compactLayout);
    m_compactAction->setStatusTip(tr("Every pane tabbed in one column beside the chart (the default on a small "
                                     "screen); off: the panes around the chart"));
    connect(m_compactAction, &QAction::toggled, this, [this](bool on) { setCompactLayout(on); });
    m_chartOnlyAction = viewMenu->addAction(tr("C&hart Only (F9 Brings the Panes Back)"));
    m_chartOnlyAction->setObjectName(QStringLiteral("chartOnlyAction"));
    m_chartOnlyAction->setCheckable(true);
    m_chartOnlyAction->setShortcut(QKeySequence(Qt::Key_F9));
    m_chartOnlyAction->setShortcutContext(Qt::WindowShortcut);
    m_chartOnlyAction->setStatusTip(tr("Hide every pane; F9 again shows them as they were"));
    connect(m_chartOnlyAction, &QAction::toggled, this, [this](bool on) { setChartOnly(on); });
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    const QByteArray geometry = settings.value(QStringLiteral("window/geometry")).toByteArray();
    const QByteArray state = settings.value(QStringLiteral("window/state")).toByteArray();
    if (geometry.isEmpty() && state.isEmpty()) {
        return;
    }
    const QSize firstSize = size();
    if (!geometry.isEmpty()) {
        restoreGeometry(geometry);
    }
    if (!state.isEmpty()) {
        m_compactLayout = settings.value(QStringLiteral("window/compact"), m_defaultCompact).toBool();
        restoreState(state);
    }
    // A layout saved on a larger screen, or one that a long name once widened, is dropped: the
    // window opens as on first start (and the settings forget it).
    if (!fitsScreen()) {
        settings.remove(QStringLiteral("window/geometry"));
        settings.remove(QStringLiteral("window/state"));
        if (isMaximized() || isFullScreen()) {
            showNormal();
        }
        restoreState(m_defaultState);
        m_compactLayout = m_defaultCompact;
        resize(firstSize);
        const QRect area = availableArea(this);
        move(area.topLeft());
    }
}

bool MainWindow::fitsScreen() const
{
    const QRect area = availableArea(this);
    const QSize minimum = minimumSizeHint().expandedTo(minimumSize());
    if (minimum.width() > area.width() || minimum.height() > area.height()) {
        return false;
    }
    if (width() > area.width() || height() > area.height()) {
        return false;
    }
    // Placed on the screen: at least its title area can be reached.
    const QRect frame = frameGeometry();
    if (isVisible() && !area.intersects(frame)) {
        return false;
    }
    for (const QDockWidget* dock : findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
        if (dock->isHidden()) {
            continue;
        }
        const QSize dockMinimum = dock->minimumSizeHint();
        if (dockMinimum.width() > area.width() || dockMinimum.height() > area.height()) {
            return false;
        }
        if (dock->isFloating() && !area.intersects(dock->frameGeometry())) {
            return false;
        }
    }
    return true;
}

void MainWindow::resetLayout()
{
    if (isReviewMode()) {
        setReviewMode(false);
    }
    if (isMaximized() || isFullScreen()) {
        showNormal();
    }
    if (isChartOnly()) {
        setChartOnly(false);
    }
    restoreState(m_defaultState); // the toolbar too
    const QRect area = availableArea(this);
    const QSize frame = frameGeometry().size() - geometry().size(); // the title bar and borders
    const QSize room = area.size() - frame.expandedTo(kFrameRoom);
    resize(kPreferredSize.boundedTo(room).expandedTo(minimumSizeHint().boundedTo(room)));
    move(area.topLeft());
    arrangeDocks(isSmallScreen(area)); // the layout for this screen, sized for the window as it is now
    QSettings settings;
    settings.remove(QStringLiteral("window/geometry"));
    settings.remove(QStringLiteral("window/state"));
    settings.remove(QStringLiteral("window/compact"));
    showStatusMessage(tr("The panes are back as on first start"), 4000);
}

QList<QAction*> MainWindow::dockActions() const
{
    return m_dockActions;
}

void MainWindow::newSession()
{
    if (!maybeSave()) {
        return;
    }
    Session fresh;
    fresh.title = tr("Untitled").toStdString();
    // The devices shown stay, each as its file describes it: one chip, the device's own prices,
    // TDP, precision and levels. A session's 8-chip systems would otherwise judge the next one's
    // single-GPU profile against 8-chip roofs. Kernels, runs and the view start over.
    for (const DeviceSelection& device : session().devices) {
        const bool listed = std::any_of(fresh.devices.begin(), fresh.devices.end(),
            [&](const DeviceSelection& taken) { return taken.id == device.id; });
        if (device.visible && !listed) {
            DeviceSelection plain;
            plain.id = device.id;
            fresh.devices.push_back(plain);
        }
    }
    setSession(std::move(fresh));
    m_chart->fitAll();
    showStatusMessage(tr("New session: add kernels in the Kernels pane or import a profile"), 6000);
}

QList<MainWindow::ShortcutRow> MainWindow::shortcutRows() const
{
    QList<ShortcutRow> rows;
    QList<const QAction*> seen;
    auto add = [&](const QAction* action, const QString& path) {
        if (!action || action->isSeparator() || action->shortcuts().isEmpty() || seen.contains(action)) {
            return;
        }
        seen << action;
        QStringList keys;
        for (const QKeySequence& key : action->shortcuts()) {
            keys << key.toString(QKeySequence::NativeText);
        }
        QString text = action->text();
        text.remove(QLatin1Char('&'));
        text.remove(QChar(0x2026)); // "Open Session…"
        rows.push_back(
            { path.isEmpty() ? text : path + QStringLiteral(" > ") + text, keys.join(QStringLiteral(", ")) });
    };
    std::function<void(const QMenu*, const QString&)> walk = [&](const QMenu* menu, const QString& path) {
        for (const QAction* action : menu->actions()) {
            if (action->menu()) {
                QString title = action->menu()->title();
                walk(action->menu(), path + QStringLiteral(" > ") + title.remove(QLatin1Char('&')));
            } else {
                add(action, path);
            }
        }
    };
    for (const QAction* top : menuBar()->actions()) {
        if (top->menu()) {
            QString title = top->menu()->title();
            walk(top->menu(), title.remove(QLatin1Char('&')));
        }
    }
    for (const QAction* action : actions()) { // keys that belong to no menu (Esc leaves review mode)
        add(action, QString());
    }
    rows.push_back({ tr("Move between panes"), tr("Tab, Shift+Tab") });
    rows.push_back({ tr("Move inside a table or list"), tr("Arrow keys") });
    rows.push_back({ tr("Put back a field's last good value"), tr("Esc") });
    return rows;
}

QDialog* MainWindow::showKeyboardShortcuts()
{
    auto* dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("keyboardShortcuts"));
    dialog->setWindowTitle(tr("Roofscope — keyboard shortcuts"));
    auto* layout = new QVBoxLayout(dialog);
    const QList<ShortcutRow> rows = shortcutRows();
    auto* table = new QTableWidget(static_cast<int>(rows.size()), 2, dialog);
    table->setHorizontalHeaderLabels({ tr("Action"), tr("Keys") });
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setTabKeyNavigation(false);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    for (int r = 0; r < rows.size(); ++r) {
        table->setItem(r, 0, new QTableWidgetItem(rows[r].action));
        table->setItem(r, 1, new QTableWidgetItem(rows[r].keys));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(table);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(buttons);
    const QRect area = availableArea(this);
    dialog->resize(QSize(620, 560).boundedTo(area.size() * 9 / 10));
    dialog->show();
    return dialog;
}

QDialog* MainWindow::showUserGuide()
{
    auto* dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("userGuide"));
    dialog->setWindowTitle(tr("Roofscope — user guide"));
    auto* layout = new QVBoxLayout(dialog);
    auto* browser = new QTextBrowser(dialog);
    browser->setObjectName(QStringLiteral("userGuideText"));
    browser->setOpenExternalLinks(true);
    const QString docs = QString::fromStdString(docsDir());
    QString guide;
    for (const QString& name : { QStringLiteral("user-guide.md"), QStringLiteral("window.md") }) {
        QFile file(docs + QLatin1Char('/') + name);
        if (file.open(QIODevice::ReadOnly)) {
            guide = QString::fromUtf8(file.readAll());
            browser->setSearchPaths({ docs });
            dialog->setWindowTitle(tr("Roofscope — user guide (%1)").arg(QFileInfo(file).fileName()));
            dialog->setToolTip(QFileInfo(file).absoluteFilePath()); // where it was read from
            break;
        }
    }
    if (guide.isEmpty()) {
        guide = QString::fromUtf8(kEmbeddedGuide);
    }
    browser->setMarkdown(guide);
    layout->addWidget(browser);
    // Screenshots wider than the page are shown at its width (they scrolled it sideways).
    const QRect screenArea = availableArea(this);
    const QSize dialogSize = QSize(760, 640).boundedTo(screenArea.size() * 9 / 10);
    fitImagesToWidth(browser, dialogSize.width() - 80);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog->resize(dialogSize);
    dialog->show();
    return dialog;
}

void MainWindow::createHelpMenu()
{
    QMenu* helpMenu = menuBar()->addMenu(tr("&Help"));
    QAction* guide = helpMenu->addAction(tr("&User Guide"), this, [this] { showUserGuide(); });
    guide->setObjectName(QStringLiteral("userGuideAction"));
    guide->setShortcut(QKeySequence::HelpContents);
    QAction* keys = helpMenu->addAction(tr("&Keyboard Shortcuts"), this, [this] { showKeyboardShortcuts(); });
    keys->setObjectName(QStringLiteral("keyboardShortcutsAction"));
    keys->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    helpMenu->addSeparator();
    helpMenu->addAction(tr("&About Roofscope"), this, [this] {
        QMessageBox::about(this, tr("About Roofscope"),
            tr("<b>Roofscope %1</b><p>A roofline explorer for accelerators.</p>"
               "<p>Licensed under the GNU General Public License, version 3 or later.</p>")
                .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::showProblemList(const QStringList& problems, const QString& headline)
{
    // One box at a time: the previous action's problems are not shown again under this one's.
    if (m_problemsBox) {
        m_problemsBox->close();
    }
    auto* box = new QMessageBox(this);
    m_problemsBox = box;
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("problemsBox"));
    box->setModal(false);
    box->setWindowTitle(tr("Roofscope — problems"));
    if (problems.isEmpty()) {
        box->setIcon(QMessageBox::Information);
        box->setText(tr("No problems were found in the hardware and session files."));
    } else {
        constexpr int kShown = 12;
        box->setIcon(QMessageBox::Warning);
        box->setText(headline.isEmpty() ? tr("Some inputs could not be used.") : headline);
        QStringList shown;
        for (const QString& problem : problems.mid(0, kShown)) {
            shown << elidedName(problem, 200); // a long kernel name would widen the box past the screen
        }
        if (problems.size() > kShown) {
            shown << tr("… and %1 more (see Details)").arg(problems.size() - kShown);
        }
        box->setInformativeText(shown.join(QLatin1Char('\n')));
        box->setDetailedText(problems.join(QLatin1Char('\n')));
    }
    box->setStandardButtons(QMessageBox::Close);
    box->show();
}

} // namespace roofscope
