#pragma once

#include <QString>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;

namespace roofscope {

class ServingChart;
class SessionAnalysis;
class SessionDocument;

// The Serving tab beside the roofline: the serving chart (chart/ServingChart.h) of the selected
// transformer group (the session's first when the selection is not one), with its x- and y-axis
// switches and a latency target (ms per output token, applied with Enter). Axes and target are the
// session's view (serving_x, serving_y, serving_target_ms): each change is an undo step and is
// saved. Below the chart, each device's best operating point under the target. Clicking a point
// sets the group's batch there (an undo step), so the roofline shows that step's kernels. Any edit
// of the session redraws the curves; while the tab is hidden they are recomputed when it shows.
class ServingTab : public QWidget {
    Q_OBJECT

public:
    ServingTab(SessionDocument* document, SessionAnalysis* analysis, QWidget* parent = nullptr);

    ServingChart* chart() const { return m_chart; }
    QComboBox* xAxisBox() const { return m_xBox; }
    QComboBox* yAxisBox() const { return m_yBox; }
    QLineEdit* targetEdit() const { return m_target; }
    QLabel* picksLabel() const { return m_picks; }
    // Shows the shipped published runs of the group's model on the shown devices, in grey.
    QCheckBox* publishedBox() const { return m_published; }
    // Recomputes the curves now (they are otherwise recomputed when the tab shows).
    void refresh();
    // The group the chart shows (a session kernel index; -1: none).
    int group() const { return m_group; }
    // Applies the text of the target box: a number of ms per token, or empty for none. Returns the
    // error (also shown beside the box); empty when applied.
    QString applyTarget();
    // The same for the time-to-first-token target (view.serving_ttft_target_ms) of a request mix.
    QString applyTtftTarget();
    QLineEdit* ttftTargetEdit() const { return m_ttftTarget; }
    // Sets the group's batch to that of point `point` of curve `curve` (a request mix: its concurrency):
    // one undo step.
    QString setBatchFromPoint(int curve, int point);
    // Serves the group as a standard request mix ("1k/1k", "1k/8k", "8k/1k": isl and osl, its requests in
    // flight kept) or, with an empty name, as one decode step again: one undo step. Returns the error.
    QString applyScenario(const QString& name);
    QComboBox* scenarioBox() const { return m_scenario; }

Q_SIGNALS:
    void statusMessage(const QString& message);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void invalidate();
    void syncControls();
    // The TTFT target, the request mix and the published runs' box, after the TPOT target.
    void addRequestControls(QHBoxLayout* controls);
    void syncScenario(); // the requests box shows the group's mix

    SessionDocument* m_document;
    SessionAnalysis* m_analysis;
    ServingChart* m_chart = nullptr;
    QComboBox* m_xBox = nullptr;
    QComboBox* m_yBox = nullptr;
    QLineEdit* m_target = nullptr;
    QLineEdit* m_ttftTarget = nullptr;
    QLabel* m_targetError = nullptr;
    QLabel* m_picks = nullptr;
    QCheckBox* m_published = nullptr;
    QComboBox* m_scenario = nullptr;
    int m_group = -1;
    bool m_dirty = true;
};

} // namespace roofscope
