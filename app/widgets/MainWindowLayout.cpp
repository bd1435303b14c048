// MainWindow: the layout (restored within the screen, reset), File > New Session and the Help menu.

#include "widgets/MainWindow.h"

#include "chart/RooflineChart.h"
#include "document/AppPaths.h"
#include "document/DisplayName.h"
#include "document/SessionDocument.h"
#include "widgets/ComparisonDock.h"
#include "widgets/HardwareDock.h"
#include "widgets/KernelDock.h"
#include "widgets/RegimeMapDock.h"
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
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QTableWidget>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

namespace roofscope {

namespace {
// The window's first size: large, but never past the screen's free area.
constexpr QSize kPreferredSize(1600, 1000);

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
    restoreState(m_defaultState);
    const QRect area = availableArea(this);
    const QSize frame = frameGeometry().size() - geometry().size(); // the title bar and borders
    const QSize room = area.size() - frame.expandedTo(QSize(16, 48));
    resize(kPreferredSize.boundedTo(room).expandedTo(minimumSizeHint().boundedTo(room)));
    move(area.topLeft());
    QSettings settings;
    settings.remove(QStringLiteral("window/geometry"));
    settings.remove(QStringLiteral("window/state"));
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
    for (const DeviceSelection& device : session().devices) {
        if (device.visible) {
            fresh.devices.push_back(device); // the devices stay; kernels, runs and view start over
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
            dialog->setWindowTitle(tr("Roofscope — %1").arg(QFileInfo(file).absoluteFilePath()));
            break;
        }
    }
    if (guide.isEmpty()) {
        guide = QString::fromUtf8(kEmbeddedGuide);
    }
    browser->setMarkdown(guide);
    layout->addWidget(browser);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(buttons);
    const QRect area = availableArea(this);
    dialog->resize(QSize(760, 640).boundedTo(area.size() * 9 / 10));
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
