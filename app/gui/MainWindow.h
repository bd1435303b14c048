#pragma once

#include "model/Session.h"

#include <QMainWindow>
#include <QString>
#include <QStringList>

class QLabel;
class QToolButton;

namespace roofscope {

class HardwareDatabase;
class RooflineChart;

// The main window: the roofline chart in the centre and a status line ("4 devices · 4 kernels").
// Problems (bad files, devices missing from the database, kernels a device cannot evaluate) are
// counted in the status bar and listed in a message box that never blocks the window.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    // `hardware` must outlive the window.
    explicit MainWindow(const HardwareDatabase& hardware, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Shows a session (fitting the chart, or using its saved view range). `filePath` names it when
    // the session has no title.
    void setSession(const Session& session, const QString& filePath = {});
    const Session& session() const { return m_session; }
    QString sessionPath() const { return m_sessionPath; }

    RooflineChart* chart() const { return m_chart; }
    // The status bar's summary line, e.g. "4 devices · 4 kernels" or "4 devices · 4 kernels · 1 problem".
    QString statusText() const;
    // Everything reported: load problems, then the current session's scene problems.
    QStringList problems() const;

    // Adds problems found while loading files (shown with the session's own); pops up a non-modal
    // message box listing them when `popUp` is set and there are any.
    void reportProblems(const QStringList& problems, const QString& headline = {}, bool popUp = true);

public Q_SLOTS:
    void fitAll();
    void showProblems();

private:
    void createActions();
    void updateTitle();
    void updateStatus();

    const HardwareDatabase& m_hardware;
    Session m_session;
    QString m_sessionPath;
    RooflineChart* m_chart = nullptr;
    QLabel* m_summaryLabel = nullptr;
    QToolButton* m_problemsButton = nullptr;
    QStringList m_loadProblems;
    QStringList m_sceneProblems;
    QString m_problemHeadline;
};

} // namespace roofscope
