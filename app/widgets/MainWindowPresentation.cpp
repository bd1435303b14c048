// MainWindow: themes, review mode and the workload comparison.

#include "widgets/MainWindow.h"

#include "chart/RooflineChart.h"
#include "figures/SessionAnalysis.h"
#include "scene/ChartStyle.h"
#include "session/SessionDocument.h"
#include "widgets/ComparisonDock.h"
#include "widgets/IndicatorStyle.h"
#include "widgets/KernelDock.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPalette>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QToolTip>

namespace roofscope {

namespace {
QPalette darkPalette()
{
    QPalette palette;
    const QColor window(45, 47, 52);
    const QColor base(30, 32, 36);
    const QColor text(226, 228, 232);
    const QColor disabled(120, 124, 130);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, QColor(38, 40, 45));
    palette.setColor(QPalette::ToolTipBase, QColor(50, 53, 58));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, disabled);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, QColor(255, 110, 110));
    palette.setColor(QPalette::Light, QColor(70, 73, 80));
    palette.setColor(QPalette::Midlight, QColor(58, 61, 67));
    palette.setColor(QPalette::Mid, QColor(120, 124, 132));
    palette.setColor(QPalette::Dark, QColor(25, 26, 30));
    palette.setColor(QPalette::Shadow, QColor(10, 10, 12));
    palette.setColor(QPalette::Highlight, QColor(52, 120, 198));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Link, QColor(110, 170, 240));
    for (auto role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText }) {
        palette.setColor(QPalette::Disabled, role, disabled);
    }
    return palette;
}
} // namespace

void MainWindow::createPresentationActions(QMenu* viewMenu, QAction* open, QAction* save, QAction* fit)
{
    viewMenu->addSeparator();
    m_darkAction = viewMenu->addAction(tr("&Dark Theme"));
    m_darkAction->setCheckable(true);
    m_darkAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_darkAction->setStatusTip(tr("Light or dark chart and window (saved with the session, used by exports)"));
    connect(m_darkAction, &QAction::toggled, this, [this](bool on) {
        const std::string theme = on ? "dark" : "light";
        if (session().view.theme == theme) {
            return;
        }
        ViewSettings view = session().view;
        view.theme = theme;
        m_document->setView(view, on ? tr("Dark theme") : tr("Light theme"));
    });
    auto syncTheme = [this] {
        m_darkAction->setChecked(session().view.theme == "dark");
        applyWindowTheme();
    };
    connect(m_analysis, &SessionAnalysis::viewChanged, this, syncTheme);
    connect(m_analysis, &SessionAnalysis::sessionReset, this, syncTheme);

    m_reviewAction = viewMenu->addAction(tr("Re&view Mode"));
    m_reviewAction->setCheckable(true);
    m_reviewAction->setShortcuts({ QKeySequence(Qt::Key_F11), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F) });
    m_reviewAction->setShortcutContext(Qt::ApplicationShortcut);
    m_reviewAction->setStatusTip(
        tr("The chart full screen with large fonts, thick lines and the workload comparison (F11 or Esc to leave)"));
    m_reviewAction->setIcon(style()->standardIcon(QStyle::SP_TitleBarMaxButton));
    connect(m_reviewAction, &QAction::toggled, this, [this](bool on) { setReviewMode(on); });
    // Esc leaves review mode; it is an action of the window so that it works with every dock hidden.
    // Enabled only in review mode, so that Esc keeps its meaning in editors otherwise.
    m_leaveReviewAction = new QAction(tr("Leave Review Mode"), this);
    m_leaveReviewAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_leaveReviewAction->setShortcutContext(Qt::WindowShortcut);
    m_leaveReviewAction->setEnabled(false);
    connect(m_leaveReviewAction, &QAction::triggered, this, [this] { setReviewMode(false); });
    addAction(m_leaveReviewAction);
    addAction(m_reviewAction); // F11 still works while the menu bar is hidden

    m_toolBar = addToolBar(tr("Main"));
    m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    open->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    save->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    fit->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    m_toolBar->addAction(open);
    m_toolBar->addAction(save);
    m_toolBar->addSeparator();
    m_toolBar->addAction(fit);
    m_toolBar->addAction(m_darkAction);
    m_toolBar->addAction(m_reviewAction);
    syncTheme();
}

void MainWindow::applyWindowTheme()
{
    const bool dark = session().view.theme == "dark";
    if (dark == m_windowDark) {
        return;
    }
    m_windowDark = dark;
    IndicatorStyle::install(); // unchecked boxes visible on the dark palette
    QApplication::setPalette(dark ? darkPalette() : QApplication::style()->standardPalette());
}

void MainWindow::setReviewMode(bool on)
{
    if (on == isReviewMode()) {
        return;
    }
    if (on) {
        m_stateBeforeReview = saveState();
        m_maximizedBeforeReview = isMaximized();
        for (QDockWidget* dock : findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
            dock->hide();
        }
        m_toolBar->hide();
        menuBar()->hide();
        statusBar()->hide();
        showFullScreen();
    } else {
        menuBar()->show();
        statusBar()->show();
        restoreState(m_stateBeforeReview);
        m_toolBar->show();
        if (m_maximizedBeforeReview) {
            showMaximized();
        } else {
            showNormal();
        }
    }
    // Tooltips grow with the review fonts (the chart's hover text included) and shrink back after.
    if (on) {
        m_toolTipFontBeforeReview = QToolTip::font();
        QFont large = m_toolTipFontBeforeReview;
        const double scale = ChartStyle::make(false, true).fontScale;
        if (large.pointSizeF() > 0) {
            large.setPointSizeF(large.pointSizeF() * scale);
        } else {
            large.setPixelSize(qRound(large.pixelSize() * scale));
        }
        QToolTip::setFont(large);
    } else {
        QToolTip::setFont(m_toolTipFontBeforeReview);
    }
    SceneOptions options = m_analysis->options();
    options.review = on;
    setSceneOptions(options); // rebuilds the scene in the review style (or out of it)
    m_leaveReviewAction->setEnabled(on);
    const QSignalBlocker blocker(m_reviewAction);
    m_reviewAction->setChecked(on);
    m_chart->setFocus();
}

} // namespace roofscope
