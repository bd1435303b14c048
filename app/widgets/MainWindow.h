#pragma once

#include "model/Session.h"
#include "scene/SceneBuilder.h"
#include "widgets/FrozenColumnTable.h"

#include <QFont>
#include <QMainWindow>
#include <QPointer>

#include <QString>
#include <QStringList>
#include <optional>

class QCloseEvent;
class QDialog;
class QMessageBox;
class QDragEnterEvent;
class QDropEvent;
class QDockWidget;
class QLabel;
class QMenu;
class QTimer;
class QTableView;
class QToolBar;
class QToolButton;
class QTabWidget;

namespace roofscope {

class ComparisonDock;
class DeviceEditorDialog;
class HardwareDatabase;
class HardwareDock;
class KernelDock;
class KernelSweep;
class RegimeMapDock;
class RoofTimesDock;
class SweepDock;
class ResultsProxyModel;
class ResultsTableModel;
class RooflineChart;
class RunArrows;
class RunComparison;
class RunComparisonDock;
class RunWatcher;
class SessionAnalysis;
class SessionDocument;
class ServingTab;

// The main window composes the views: the roofline chart in the centre, the hardware, kernel, results
// and comparison docks around it, menus, toolbar and status line. The session lives in a
// SessionDocument (every edit an undo step) and everything derived from it in a SessionAnalysis;
// each view subscribes to those itself. The window adds what belongs to no view: files (open, save,
// autosave and recovery, import, export), review mode and themes, the title and the status line.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    // `hardware` must outlive the window; imported devices are added to it.
    explicit MainWindow(HardwareDatabase& hardware, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Shows a session (fitting the chart, or using its saved view range). `filePath` names it when
    // the session has no title. Problems reported for an earlier session are forgotten.
    void setSession(Session session, const QString& filePath = {});
    const Session& session() const;
    SessionDocument* document() const { return m_document; }
    SessionAnalysis* analysis() const { return m_analysis; }
    ResultsTableModel* resultsModel() const { return m_results; }
    FrozenColumnTable* resultsView() const { return m_resultsView; }
    QString sessionPath() const { return m_sessionPath; }

    RooflineChart* chart() const { return m_chart; }
    // The chart tabs in the centre: the roofline (first, shown when a session opens) and the serving
    // chart of a transformer group (widgets/ServingTab.h).
    QTabWidget* chartTabs() const { return m_tabs; }
    ServingTab* servingTab() const { return m_servingTab; }
    bool isServingShown() const;
    HardwareDock* hardwareDock() const { return m_hardwareDock; }
    KernelDock* kernelDock() const { return m_kernelDock; }
    ComparisonDock* comparisonDock() const { return m_comparisonDock; }
    SweepDock* sweepDock() const { return m_sweepDock; }
    RegimeMapDock* regimeMapDock() const { return m_regimeMapDock; }
    RoofTimesDock* roofTimesDock() const { return m_roofTimesDock; }
    KernelSweep* kernelSweep() const { return m_sweep; }
    // The session's runs: their files watched (a change reloads the run as an undo step) and two of
    // them compared (arrows on the chart, a table of kernels in a dock).
    RunWatcher* runWatcher() const { return m_runWatcher; }
    RunComparison* runComparison() const { return m_runComparison; }
    RunArrows* runArrows() const { return m_runArrows; }
    RunComparisonDock* runComparisonDock() const { return m_runDock; }
    QAction* compareRunsAction() const { return m_compareRunsAction; }
    // Compares run `before` with run `after` and shows the table; returns the error (empty when shown).
    QString compareRuns(const QString& before, const QString& after);
    // Review mode: the chart alone, full screen, with large fonts, thick lines and the workload
    // comparison beside it; leaving it restores the docks and the window as they were. Every menu
    // shortcut keeps working in it.
    void setReviewMode(bool on);
    bool isReviewMode() const;
    QAction* reviewAction() const { return m_reviewAction; }
    QAction* darkThemeAction() const { return m_darkAction; }
    // The status bar's summary line, e.g. "4 devices · 4 kernels" or "4 devices · 4 kernels · 1 problem".
    QString statusText() const;
    // The latest transient message of the status bar (a refused drag says why there).
    QString statusMessage() const;
    // How kernels are shown: the top-N filter (0: all) and marker size by runtime share.
    void setSceneOptions(const SceneOptions& options);
    const SceneOptions& sceneOptions() const;
    // The selected kernel's line across devices ("attn: memory-bound on H100 · … · T_min 1.2 ms").
    QString kernelStatusText() const;
    int selectedKernel() const;
    void setSelectedKernel(int kernel);
    // Moves the selected kernel along the intensity axis by a factor (arrow keys): one undo step.
    void nudgeSelectedKernel(double factor);
    // Everything reported: problems of the files read for this session, then the scene's own.
    QStringList problems() const;

    // Adds problems found while loading files (shown with the session's own); pops up a non-modal
    // message box listing them when `popUp` is set and there are any.
    void reportProblems(const QStringList& problems, const QString& headline = {}, bool popUp = true);

    // Imports profiler output of any supported kind (File > Import, files dropped on the window):
    // each file that yields kernels becomes a run of the session (a `runs:` entry referring to the
    // file, its kernels read-only and watched), devices with empirical roofs are added to the
    // database, saved in the user hardware folder and shown; all of it one undo step. Returns a
    // one-line summary (also shown in the status line).
    QString importFiles(const QStringList& paths);

    // "New Device From This…" (the hardware dock's context menu): opens the device editor on a copy
    // of `id`, saving into the user hardware folder with the loaded ids taken. Once it is saved, the
    // device joins the database and the dock and is shown, as one undo step. Returns the open
    // (window-modal, deleted when closed) dialog; nullptr for an unknown id or no user folder.
    DeviceEditorDialog* newDeviceFrom(const QString& id);
    // Loads a device file written to the user folder and shows it, one undo step; returns the error.
    QString addUserDevice(const QString& path);

    // Opens a session file; a file that cannot be read opens nothing, reports file:line:column and
    // keeps the current session. Returns the error (empty on success).
    QString openSessionFile(const QString& path);
    // Saves the session (with the chart's current view) atomically; returns the error (empty on success).
    QString saveSessionAs(const QString& path);
    // Writes the chart as shown (current view) to .png/.svg/.pdf, or the results table to
    // .csv/.md/.json (the rows shown, in the core's formats). Returns the error (empty on success).
    QString exportChartTo(const QString& path);
    // The same at `size` logical pixels (PDF: points) and, for PNG, `scale` device pixels per
    // logical pixel (File > Export Chart asks for them).
    QString exportChartTo(const QString& path, QSize size, double scale);
    // The size File > Export Chart offers first: the chart's on screen (at least 640x400).
    QSize shownChartSize() const;
    QString exportTableTo(const QString& path);
    bool isModified() const;

    // Autosave: a few seconds after the last edit (`idleMs`, default 3000; negative: off), unsaved
    // work is written to the recovery file; saving or closing normally removes it. After a crash,
    // the next start finds it.
    void setAutosaveDelay(int idleMs);
    bool autosaveNow();
    struct Recovery {
        Session session;
        QString originalPath;
        QString savedAt;
        QString file; // the recovery file it was read from
    };
    // Unsaved work left by a session that did not close normally (empty when none or unreadable).
    // The autosave of a Roofscope still running (its lock held) is never offered.
    static std::optional<Recovery> findRecovery();
    // Removes this process's recovery file (saved or closed normally).
    static void discardRecovery();
    // Removes a found recovery file (its work declined).
    static void discardRecovery(const Recovery& recovery);
    // Shows recovered work: marked as unsaved, with its original path for Save.
    void restoreRecovery(const Recovery& recovery);
    QStringList recentFiles() const;

    // Layout (MainWindowLayout.cpp). The docks as they are on first start, the window within the
    // screen: what View > Reset Layout restores, and what a saved layout that does not fit the
    // screen is replaced by on start.
    void resetLayout();
    // Whether the window, its docks and their minimum sizes fit the available screen area.
    bool fitsScreen() const;
    // The compact layout (the default on a screen smaller than 1600x1000): every pane tabbed in one
    // column beside the chart, the editors above, the tables below, so that the chart has most of
    // the window. The wide layout spreads them around the chart (hardware left, kernels right,
    // tables below). View > Compact Layout switches.
    void setCompactLayout(bool compact);
    bool isCompactLayout() const { return m_compactLayout; }
    // View > Chart Only (F9): every pane hidden; the same key brings them back as they were.
    void setChartOnly(bool on);
    bool isChartOnly() const;
    // The window's first size for the screen it opens on: 1600x1000 at most, within the free area
    // with room for the frame.
    static QSize firstWindowSize(const QRect& availableArea);
    // Whether a screen of this free area gets the compact layout by default.
    static bool isSmallScreen(const QRect& availableArea);
    // Help > Keyboard Shortcuts: every action with a key, as "menu path" and keys (generated from
    // the actions, so it is never out of date).
    struct ShortcutRow {
        QString action;
        QString keys;
    };
    QList<ShortcutRow> shortcutRows() const;
    // The dialogs of the Help menu (non-modal; returned for tests).
    QDialog* showKeyboardShortcuts();
    QDialog* showUserGuide();
    // File > New Session: an empty session on the devices shown now, each as its file describes it
    // (one chip, no price, TDP, precision or level overrides); asks to save first.
    void newSession();
    // The dock toggles of the View menu (every dock, so a closed one can be reopened).
    QList<QAction*> dockActions() const;

public Q_SLOTS:
    void fitAll();
    void importDialog();
    void openDialog();
    bool save();
    bool saveAsDialog();
    void exportChartDialog();
    void exportTableDialog();
    void copyChart();
    void showProblems();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    // Menus and shortcuts (MainWindowActions.cpp). Every action is also an action of the window, so
    // that its shortcut works while the menu bar is hidden (review mode).
    // An imported device under a free id, saved in the user's hardware folder, shown (with its
    // datasheet entry); its short name to `deviceNames`, a failed save to `problems`.
    void addImportedDevice(Hardware hw, std::vector<DeviceSelection>& devices, QStringList& deviceNames,
        QStringList& problems, bool& unread);
    void createActions();
    void createKernelMenu(); // the arrow keys' nudges of the selected kernel
    void createViewToggles(QMenu* viewMenu); // region, labels, x-level, communication, ownership
    void createKernelDisplayActions(QMenu* viewMenu); // marker size by runtime, top N kernels
    void createPanesMenu(QMenu* viewMenu); // View > Panes
    void createRunViews();
    // View ▸ Compare Runs: the two runs of the session, or the two chosen among more.
    void compareRunsDialog();
    // Widens the chart's view to show every arrow of the runs compared.
    void showArrowsInView();
    // File > Export Chart's size and scale (the last ones used, or the chart's size at scale 2);
    // false when cancelled.
    bool askExportSize(const QString& path, QSize* size, double* scale);
    void restoreLayout();
    // Places every dock for the compact or the wide layout and sizes them for the window's size.
    void arrangeDocks(bool compact);
    void createLayoutActions(QMenu* viewMenu);
    void createHelpMenu();
    // Shows `problems` (the current action's) in the one problems box, replacing an open one.
    void showProblemList(const QStringList& problems, const QString& headline);
    void createResultsDock();
    void createStatusBar();
    // View > Dark Theme and Review Mode, and the toolbar (MainWindowPresentation.cpp).
    void createPresentationActions(QMenu* viewMenu, QAction* open, QAction* save, QAction* fit);
    // The window's palette for the session's theme (the chart follows the session by itself).
    void applyWindowTheme();
    void updateKernelStatus();
    void updateTitle();
    // Asks to save unsaved changes; false when the user cancels.
    bool maybeSave();
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();
    void updateStatus();
    // "4 devices · 4 kernels"
    QString summaryText() const;
    void showStatusMessage(const QString& message, int timeoutMs);

    HardwareDatabase& m_hardware;
    SessionDocument* m_document = nullptr;
    SessionAnalysis* m_analysis = nullptr;
    ResultsTableModel* m_results = nullptr;
    ResultsProxyModel* m_resultsProxy = nullptr;
    FrozenColumnTable* m_resultsView = nullptr;
    QString m_sessionPath;
    QMenu* m_recentMenu = nullptr;
    QTimer* m_autosaveTimer = nullptr;
    bool m_autosaveEnabled = true;
    bool m_restored = false; // recovered work counts as unsaved until saved
    RooflineChart* m_chart = nullptr;
    QTabWidget* m_tabs = nullptr;
    ServingTab* m_servingTab = nullptr;
    HardwareDock* m_hardwareDock = nullptr;
    KernelDock* m_kernelDock = nullptr;
    KernelSweep* m_sweep = nullptr;
    SweepDock* m_sweepDock = nullptr;
    bool m_sweepDockInFront = true; // in front of its tabs, as its visibilityChanged() last said
    RegimeMapDock* m_regimeMapDock = nullptr;
    RoofTimesDock* m_roofTimesDock = nullptr;
    QDockWidget* m_resultsDock = nullptr;
    ComparisonDock* m_comparisonDock = nullptr;
    RunWatcher* m_runWatcher = nullptr;
    RunComparison* m_runComparison = nullptr;
    RunArrows* m_runArrows = nullptr;
    RunComparisonDock* m_runDock = nullptr;
    QAction* m_compareRunsAction = nullptr;
    QToolBar* m_toolBar = nullptr;
    QAction* m_reviewAction = nullptr;
    QAction* m_darkAction = nullptr;
    QAction* m_leaveReviewAction = nullptr;
    QByteArray m_stateBeforeReview; // docks and toolbars, restored when review mode ends
    QFont m_toolTipFontBeforeReview;
    bool m_maximizedBeforeReview = false;
    bool m_windowDark = false; // the palette applied
    QLabel* m_summaryLabel = nullptr;
    QLabel* m_kernelLabel = nullptr;
    QToolButton* m_problemsButton = nullptr;
    QString m_lastStatusMessage;
    QByteArray m_defaultState; // the docks as first laid out (Reset Layout)
    bool m_compactLayout = false;
    bool m_defaultCompact = false; // the layout Reset Layout puts back (the screen's)
    QAction* m_compactAction = nullptr;
    QAction* m_chartOnlyAction = nullptr;
    QByteArray m_stateBeforeChartOnly; // the panes as they were before Chart Only
    QPointer<QMessageBox> m_problemsBox;
    QList<QAction*> m_dockActions;
};

} // namespace roofscope
