#include "gui/MainWindow.h"

#include "chart/RooflineChart.h"
#include "gui/ResultsTableModel.h"
#include "gui/SceneBuilder.h"
#include "gui/SessionDocument.h"
#include "io/HardwareLoader.h"
#include "io/SessionEvaluator.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QUndoStack>

namespace roofscope {

namespace {
QString counted(qsizetype count, const QString& singular, const QString& plural)
{
    return QStringLiteral("%1 %2").arg(count).arg(count == 1 ? singular : plural);
}
} // namespace

MainWindow::MainWindow(const HardwareDatabase& hardware, QWidget* parent)
    : QMainWindow(parent)
    , m_hardware(hardware)
    , m_document(new SessionDocument(this))
{
    m_chart = new RooflineChart(this);
    setCentralWidget(m_chart);
    createResultsDock();
    connect(m_chart, &RooflineChart::kernelDragged, this, [this](int kernel, double flopsPerByte) {
        const QString error = m_document->setKernelIntensity(kernel, flopsPerByte);
        if (!error.isEmpty()) {
            statusBar()->showMessage(error, 4000);
        }
    });
    connect(m_chart, &RooflineChart::kernelDragFinished, m_document, &SessionDocument::endInteraction);
    for (auto signal : { &SessionDocument::devicesChanged, &SessionDocument::viewChanged }) {
        connect(m_document, signal, this, [this] { refresh(false); });
    }
    for (auto signal :
        { &SessionDocument::kernelChanged, &SessionDocument::kernelsInserted, &SessionDocument::kernelRemoved }) {
        connect(m_document, signal, this, [this] { refresh(false); });
    }

    m_summaryLabel = new QLabel(this);
    statusBar()->addWidget(m_summaryLabel, 1);
    m_problemsButton = new QToolButton(this);
    m_problemsButton->setAutoRaise(true);
    m_problemsButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_problemsButton->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
    m_problemsButton->setVisible(false);
    connect(m_problemsButton, &QToolButton::clicked, this, &MainWindow::showProblems);
    statusBar()->addPermanentWidget(m_problemsButton);

    createActions();

    QSize size(1600, 1000);
    if (const QScreen* screen = QGuiApplication::primaryScreen()) {
        size = size.boundedTo(screen->availableSize());
    }
    resize(size);
    updateTitle();
    updateStatus();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    QAction* quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* editMenu = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({ QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence::Redo });
    editMenu->addAction(undo);
    editMenu->addAction(redo);

    QMenu* viewMenu = menuBar()->addMenu(tr("&View"));
    QAction* fit = viewMenu->addAction(tr("&Fit All"), this, &MainWindow::fitAll);
    fit->setShortcuts({ QKeySequence(Qt::CTRL | Qt::Key_0), QKeySequence(Qt::Key_Home) });
    fit->setStatusTip(tr("Show every roof and kernel"));
    QAction* problems = viewMenu->addAction(tr("&Problems…"), this, &MainWindow::showProblems);
    problems->setStatusTip(tr("List problems found in the hardware and session files"));

    QMenu* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About Roofscope"), this, [this] {
        QMessageBox::about(this, tr("About Roofscope"),
            tr("<b>Roofscope %1</b><p>A roofline explorer for accelerators.</p>"
               "<p>Licensed under the GNU General Public License, version 3 or later.</p>")
                .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::createResultsDock()
{
    m_results = new ResultsTableModel(this);
    m_resultsProxy = new QSortFilterProxyModel(this);
    m_resultsProxy->setSourceModel(m_results);
    m_resultsProxy->setSortRole(ResultsTableModel::kSortRole);
    m_resultsView = new QTableView(this);
    m_resultsView->setModel(m_resultsProxy);
    m_resultsView->setSortingEnabled(true);
    m_resultsView->sortByColumn(-1, Qt::AscendingOrder); // session order until a header is clicked
    m_resultsView->setAlternatingRowColors(true);
    m_resultsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_resultsView->verticalHeader()->setVisible(false);
    m_resultsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* dock = new QDockWidget(tr("Results"), this);
    dock->setObjectName(QStringLiteral("resultsDock"));
    dock->setWidget(m_resultsView);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
}

const Session& MainWindow::session() const
{
    return m_document->session();
}

void MainWindow::setSession(const Session& session, const QString& filePath)
{
    m_sessionPath = filePath;
    m_document->resetSession(session);
    refresh(true);
    const ViewSettings& view = session.view;
    if (view.xRange && view.yRange) {
        const ChartRange saved { view.xRange->first, view.xRange->second, view.yRange->first, view.yRange->second };
        m_chart->setVisibleRange(saved); // ignored when invalid
    }
    updateTitle();
}

void MainWindow::refresh(bool fit)
{
    SceneBuildResult built = buildChartScene(session(), m_hardware);
    m_sceneProblems = built.problems;
    m_chart->setScene(std::move(built.scene), fit);
    m_results->setEvaluation(evaluateSession(session(), m_hardware));
    updateStatus();
}

void MainWindow::updateTitle()
{
    QString title = QString::fromStdString(session().title);
    if (title.isEmpty()) {
        title = m_sessionPath.isEmpty() ? tr("Untitled") : QFileInfo(m_sessionPath).fileName();
    }
    setWindowTitle(tr("Roofscope — %1").arg(title));
}

QStringList MainWindow::problems() const
{
    return m_loadProblems + m_sceneProblems;
}

QString MainWindow::summaryText() const
{
    return counted(m_chart->scene().devices.size(), tr("device"), tr("devices")) + QStringLiteral(" · ")
        + counted(m_chart->scene().kernels.size(), tr("kernel"), tr("kernels"));
}

QString MainWindow::statusText() const
{
    const qsizetype problemCount = problems().size();
    return problemCount > 0
        ? summaryText() + QStringLiteral(" · ") + counted(problemCount, tr("problem"), tr("problems"))
        : summaryText();
}

void MainWindow::updateStatus()
{
    const qsizetype problemCount = problems().size();
    m_summaryLabel->setText(summaryText());
    m_problemsButton->setText(counted(problemCount, tr("problem"), tr("problems")));
    m_problemsButton->setToolTip(problems().join(QLatin1Char('\n')));
    m_problemsButton->setVisible(problemCount > 0);
}

void MainWindow::reportProblems(const QStringList& problems, const QString& headline, bool popUp)
{
    m_loadProblems += problems;
    if (!headline.isEmpty()) {
        m_problemHeadline = headline;
    }
    updateStatus();
    if (popUp && !this->problems().isEmpty()) {
        showProblems();
    }
}

void MainWindow::fitAll()
{
    m_chart->fitAll();
}

void MainWindow::showProblems()
{
    const QStringList all = problems();
    auto* box = new QMessageBox(this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setModal(false);
    box->setWindowTitle(tr("Roofscope — problems"));
    if (all.isEmpty()) {
        box->setIcon(QMessageBox::Information);
        box->setText(tr("No problems were found in the hardware and session files."));
    } else {
        constexpr int kShown = 12;
        box->setIcon(QMessageBox::Warning);
        box->setText(m_problemHeadline.isEmpty() ? tr("Some inputs could not be used.") : m_problemHeadline);
        QStringList shown = all.mid(0, kShown);
        if (all.size() > kShown) {
            shown << tr("… and %1 more (see Details)").arg(all.size() - kShown);
        }
        box->setInformativeText(shown.join(QLatin1Char('\n')));
        box->setDetailedText(all.join(QLatin1Char('\n')));
    }
    box->setStandardButtons(QMessageBox::Close);
    box->show();
}

} // namespace roofscope
