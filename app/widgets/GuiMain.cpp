#include "widgets/GuiMain.h"

#include "chart/RooflineChart.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "io/SessionRuns.h"
#include "session/AppPaths.h"
#include "widgets/MainWindow.h"

#include <QApplication>
#include <QEvent>
#include <QIcon>
#include <QMessageBox>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <cstdio>

namespace roofscope {

namespace {
QStringList toStrings(const Diagnostics& diagnostics)
{
    QStringList lines;
    for (const Diagnostic& diagnostic : diagnostics) {
        lines << QString::fromStdString(diagnostic.toString());
    }
    return lines;
}
// Prints "first-paint" once the chart has painted, then quits.
class FirstPaintProbe : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint && !m_seen) {
            m_seen = true;
            QTimer::singleShot(0, qApp, [] {
                std::printf("first-paint\n");
                std::fflush(stdout);
                QApplication::quit();
            });
        }
        return QObject::eventFilter(watched, event);
    }

private:
    bool m_seen = false;
};
} // namespace

int runGui(int argc, char** argv, const std::string& sessionPath, const std::vector<std::string>& extraHardwareDirs)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Roofscope"));
    QApplication::setApplicationName(QStringLiteral("Roofscope"));
    QApplication::setApplicationVersion(QStringLiteral(ROOFSCOPE_VERSION));
    // The installed .desktop file's name (window managers match the window to its icon by it).
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.roofscope.Roofscope"));
    QApplication::setWindowIcon(QIcon(QString::fromStdString(applicationIconFile())));

    HardwareDatabase hardware;
    hardware.loadDirectory(shippedHardwareDir(), false, shippedHardwareDirIsOwn());
    if (const std::string userDir = userHardwareDir(); !userDir.empty()) {
        hardware.loadDirectory(userDir, true);
    }
    for (const std::string& dir : extraHardwareDirs) {
        hardware.loadDirectory(dir);
    }
    QStringList problems = toStrings(hardware.diagnostics());
    QString headline = problems.isEmpty() ? QString() : QObject::tr("Some hardware files could not be loaded.");

    const std::string path = sessionPath.empty() ? defaultExampleSession() : sessionPath;
    SessionLoadResult loaded = loadSessionWithRuns(path); // a run that cannot be read is a problem
    Session session;
    QString shownPath = QString::fromStdString(path);
    if (loaded.session) {
        session = std::move(*loaded.session);
        if (hasErrors(loaded.diagnostics)) {
            headline = QObject::tr("Some runs of %1 could not be read; the rest of the session is open.")
                           .arg(QString::fromStdString(path));
        }
    } else {
        session.title = "Untitled";
        shownPath.clear();
        headline = QObject::tr("The session %1 could not be opened; an empty session is shown instead.")
                       .arg(QString::fromStdString(path));
    }
    problems = toStrings(loaded.diagnostics) + problems; // the session's own problems first

    MainWindow window(hardware);
    window.setSession(std::move(session), shownPath); // a run's kernels are not copied
    window.show();
    // Unsaved work left by a run that did not close normally: offer it back.
    if (auto recovery = MainWindow::findRecovery()) {
        const auto answer = QMessageBox::question(&window, QObject::tr("Roofscope"),
            QObject::tr("Roofscope did not close normally. Restore the unsaved work \"%1\" from %2?")
                .arg(QString::fromStdString(recovery->session.title), recovery->savedAt),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
        if (answer == QMessageBox::Yes) {
            window.restoreRecovery(*recovery);
        } else {
            MainWindow::discardRecovery(*recovery);
        }
    }
    // For startup measurements (roofscope-bench): print the time to the first paint and quit.
    if (qEnvironmentVariableIsSet("ROOFSCOPE_EXIT_AFTER_FIRST_PAINT")) {
        auto* probe = new FirstPaintProbe(&window);
        window.chart()->plotWidget()->installEventFilter(probe);
    }
    // After the window is up, so that a message box never stands in for it.
    QTimer::singleShot(0, &window, [&window, problems, headline] { window.reportProblems(problems, headline); });
    return QApplication::exec();
}

} // namespace roofscope
