#pragma once

#include "model/Session.h"
#include "scene/SceneBuilder.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace roofscope {

class HardwareDatabase;
class SessionDocument;

// Everything derived from the open session: the evaluation of every kernel on every shown device
// (cached per device), the scene the chart draws, the workload comparison, the selected kernel and
// the problems to report. It listens to the document and tells its views what changed; views read
// from it and never ask back through the window.
//
// Signals, from the cheapest to the most expensive to follow:
// - kernelMoved(k): one kernel moved along the intensity axis (a drag step); its evaluations, scene
//   kernel and the comparison totals are updated in place;
// - sceneChanged(fit): the scene and the evaluations were rebuilt (any other edit); views reload;
// - comparisonChanged(), selectionChanged(k), problemsChanged(), interactionFinished();
// - the document's own signals, re-emitted after the analysis followed them (below).
class SessionAnalysis : public QObject {
    Q_OBJECT

public:
    // `hardware` must outlive the analysis; imported devices are added to it (call hardwareChanged()).
    SessionAnalysis(SessionDocument* document, HardwareDatabase& hardware, QObject* parent = nullptr);

    SessionDocument* document() const { return m_document; }
    HardwareDatabase& hardware() const { return m_hardware; }

    // Kernel groups (`template: transformer`) are shown as their kernels ("GROUP/KERNEL"): the scene,
    // the evaluations, the selection and every kernel index the analysis gives or takes count the
    // shown kernels, those of the session with each group replaced by its expansion. Without groups
    // the shown kernels are the session's and the indices the same.
    const Session& shownSession() const { return m_analysis.shown(); }
    bool hasGroups() const { return m_analysis.hasGroups(); }
    // The session's analysis (analysis/Analysis.h): the value every figure below is read from.
    const Analysis& analysis() const { return m_analysis; }
    // The session kernel a shown kernel comes from (-1: none).
    int sessionKernelOf(int shown) const;
    // Which kernel of its group's expansion a shown kernel is (-1: it is no group's part).
    int groupPartOf(int shown) const;
    // The first shown kernel of a session kernel (-1 when a group expands to nothing), and how many.
    int firstShownKernel(int sessionKernel) const;
    int shownKernelCount(int sessionKernel) const;

    const ChartScene& scene() const { return *m_scene; }
    // The scene itself, for the chart to draw without a copy (a drag changes one kernel of it in place).
    std::shared_ptr<ChartScene> sharedScene() const { return m_scene; }
    // Per scene device: what its kernels are evaluated against, and every kernel's evaluation.
    const std::vector<SceneDevice>& devices() const { return m_analysis.devices; }
    const std::vector<std::shared_ptr<DeviceResults>>& results() const { return m_results; }
    const Comparison& comparison() const { return m_analysis.comparison; }
    // The answer per transformer group (model/serving/Verdict.h) on the scene's devices, in their
    // order, with the session's criteria (latency target, ownership): every view of a serving figure
    // reads it from here.
    const std::vector<GroupVerdict>& verdicts() const { return m_analysis.verdicts; }
    // A kernel's evaluation on a scene device (nullptr when it has none there).
    const Evaluation* evaluation(size_t kernel, size_t sceneDevice) const;
    // The scene device showing session device `sessionIndex` (-1 when it is not shown).
    int sceneDeviceOf(size_t sessionIndex) const;

    // While the scene is rebuilt for one step of a kernel group's drag (a group moves as a whole:
    // sceneChanged, not kernelMoved), the session kernel being moved; -1 otherwise. Views that
    // follow a move at their own pace (a regime map) read it.
    int movingGroup() const { return m_movingGroup; }

    const SceneOptions& options() const { return m_options; }
    void setOptions(const SceneOptions& options);

    int selectedKernel() const { return m_selected; }
    void setSelectedKernel(int kernel);

    // Problems of files read for this session (replaced when another session is opened), then the
    // scene's own (devices missing from the database, kernels a device cannot evaluate).
    QStringList problems() const { return m_loadProblems + m_sceneProblems; }
    QString problemHeadline() const { return m_problemHeadline; }
    void addLoadProblems(const QStringList& problems, const QString& headline = {});
    void clearLoadProblems();

    // The database grew or changed: cached device pointers are dropped and everything is rebuilt.
    void hardwareChanged();
    // Rebuilds everything now (`fit`: views show the whole scene).
    void rebuild(bool fit = false);

    // Texts for the views.
    QString deviceLabel(size_t sessionIndex) const;
    std::vector<std::pair<QString, const Evaluation*>> labelledEvaluations(int kernel) const;
    // Rich text for a marker's tooltip; with sceneDevice -1 one brief line per device (during drags).
    QString toolTip(int kernel, int sceneDevice) const;
    QString kernelStatusLine(int kernel) const;
    QString kernelGuidance(int kernel) const;
    // For a template kernel, per shown device the value of its drag parameter from which it is
    // compute-bound ("compute-bound from m ≥ 243 on TPU v5e"), or the regime it keeps.
    QStringList crossoverLines(int kernel) const;

Q_SIGNALS:
    void sceneChanged(bool fit);
    void kernelMoved(int index);
    void comparisonChanged();
    void selectionChanged(int kernel);
    void problemsChanged();
    // A drag or a nudge ended: what is too slow to follow every step (crossovers) can catch up.
    void interactionFinished();

    // The document's signals (session/SessionDocument.h), re-emitted once the analysis has followed
    // them: a view listens to these, never to the document, so what it reads in its slot is current.
    // Kernel indices here are the session's (sessionKernelOf() and firstShownKernel() convert).
    // runsChanged() is passed on as it comes: the analysis holds nothing of the runs but their
    // kernels, whose signal the document sends first.
    void sessionReset();
    void kernelChanged(int sessionKernel);
    void sessionKernelMoved(int sessionKernel);
    void kernelsInserted(int sessionKernel);
    void kernelRemoved(int sessionKernel);
    void devicesChanged();
    void viewChanged();
    void runsChanged();
    // After sessionReset(), kernelsInserted() or kernelRemoved(): kernel indices shifted, and a view
    // that follows one kernel starts again from the selection.
    void kernelsRenumbered();

private:
    void onKernelMoved(int index);
    // Kernels were inserted or removed at session index `index`: everything again, the selection kept near.
    void followKernelCount(int index);
    void refreshSummary();

    SessionDocument* m_document;
    HardwareDatabase& m_hardware;
    SceneOptions m_options;
    SceneCache m_cache;
    Analysis m_analysis; // of the document's session
    std::shared_ptr<ChartScene> m_scene = std::make_shared<ChartScene>();
    std::vector<std::shared_ptr<DeviceResults>> m_results; // the analysis' results, as the scene's
    int m_selected = -1;
    int m_movingGroup = -1;
    QStringList m_loadProblems;
    QStringList m_sceneProblems;
    QString m_problemHeadline;
};

} // namespace roofscope
