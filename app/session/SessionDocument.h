#pragma once

#include "model/Session.h"

#include <QObject>
#include <QString>

#include <string>
#include <utility>
#include <vector>

class QUndoStack;

namespace roofscope {

// The one owner of the open session. Every edit goes through a QUndoCommand on undoStack(), so
// undo and redo cover all of them, drags included (consecutive intensity edits of one kernel merge
// into one step until endInteraction()). Observers (chart, table, editors) listen to the signals.
class SessionDocument : public QObject {
    Q_OBJECT

public:
    explicit SessionDocument(QObject* parent = nullptr);
    ~SessionDocument() override;

    const Session& session() const { return m_session; }
    QUndoStack* undoStack() const { return m_undoStack; }

    // Replaces the whole session (opening a file); clears the undo history. Pass an rvalue to keep a
    // large session (a run of 100,000 launches) from being copied.
    void resetSession(Session session);

    // Edits. Each returns an error message (empty on success); a refused edit changes nothing.
    QString replaceKernel(int index, const Kernel& kernel, const QString& actionText = {});
    // Moves a kernel along the intensity axis: a raw kernel keeps its FLOPs and scales its bytes on
    // every level; a template kernel changes its free parameter through the inverse map.
    // A template kernel never leaves its parameter's range nor goes past the value that reaches the
    // target; when it cannot follow (its intensity does not depend on the parameter, or saturates),
    // it stops at the reachable end and `limit` (when given) says why.
    QString setKernelIntensity(int index, double flopsPerByte, QString* limit = nullptr);
    // The bytes `flopsPerByte` above is counted against for a raw kernel: its "default" level's,
    // else its first level's (an import's main memory). 0 when there are none.
    static double intensityBytes(const Kernel& kernel);
    // Moves the kernel named `part` ("o_proj") of the transformer group `index` (a kernel group, see
    // TransformerWorkload.h), as its step expands on `chips` (0: tp, pp, dp as given; see
    // KernelGroupPart), along the intensity axis by changing the group's batch, a whole number from
    // 1, as a drag of a template kernel changes its free parameter: the batch never goes past the
    // value that reaches the target, and when the part cannot follow (its intensity does not depend
    // on the batch, as the attention's and an all-reduce's do not, or saturates) it stops at the
    // reachable end and `limit` says why.
    QString setGroupPartIntensity(
        int index, const std::string& part, double chips, double flopsPerByte, QString* limit = nullptr);
    // Sets template parameters of a kernel (a sweep's slider, a regime map's click). With `merge`,
    // consecutive calls for one kernel collapse into one undo step until endInteraction(), as a drag.
    QString setKernelParameters(int index, const std::vector<std::pair<std::string, double>>& values, bool merge,
        const QString& actionText = {});
    QString addKernel(const Kernel& kernel);
    // Appends several kernels as one undo step (an import).
    QString addKernels(const std::vector<Kernel>& kernels, const QString& actionText = {});
    QString removeKernel(int index);
    // Kernels measured in a run (Kernel::fromRun) are read-only: replaceKernel, setKernelIntensity and
    // removeKernel refuse them with this message (empty for any other kernel).
    QString runKernelRefusal(int index) const;
    // Appends a copy of kernel `index` that belongs to no run (an editable what-if kernel): one step.
    QString duplicateAsWhatIf(int index);
    // Adds a run: its `runs:` entry (a measured file referenced by path, RunReference::path absolute
    // until a save writes it relative to the session) and the kernels read from it, which must carry
    // `fromRun` = its name; one undo step. Refused when the name or the file is already a run's.
    QString addRun(const RunReference& run, std::vector<Kernel> kernels, const QString& actionText = {});
    // Puts `kernels` in place of those of run `runName` (its file changed on disk): one undo step.
    QString reloadRun(const std::string& runName, const std::vector<Kernel>& kernels, const QString& actionText = {});
    QString setDeviceSelection(int index, const DeviceSelection& selection, const QString& actionText = {});
    // Replaces the device list (ids must be unique): one undo step.
    QString setDevices(const std::vector<DeviceSelection>& devices, const QString& actionText = {});
    // Refuses a view a session file could not hold: tolerances and fractions out of range, more than
    // 8 communication fractions, an x-axis level that is not "binding" or a level name.
    QString setView(const ViewSettings& view, const QString& actionText = {});
    // Why a list of communication fractions (view.comm_fractions) is refused; empty when it is fine.
    static QString commFractionsError(const std::vector<double>& fractions);

    // Ends a drag: the next intensity edit starts a new undo step.
    void endInteraction();

    // Used by the undo commands; they emit the signals.
    // `moved`: only the kernel's intensity changed (a drag or a nudge).
    void applyKernel(int index, const Kernel& kernel, bool moved = false);
    void applyInsertKernels(int index, const std::vector<Kernel>& kernels);
    void applyRemoveKernels(int index, int count);
    void applyRunKernels(const std::string& runName, const std::vector<Kernel>& kernels);
    void applyAddRun(const RunReference& run, std::vector<Kernel> kernels);
    // Takes run `runName` and its kernels out of the session; returns the kernels.
    std::vector<Kernel> applyRemoveRun(const std::string& runName);
    std::vector<Kernel> runKernels(const std::string& runName) const;
    void applyDevices(const std::vector<DeviceSelection>& devices);
    void applyView(const ViewSettings& view);
    // Emits nothing: a kernel's rename sets them just before applyKernel(), whose signal redraws.
    void applyAnnotations(const std::vector<Annotation>& annotations);
    int interactionId() const { return m_interactionId; }

Q_SIGNALS:
    void sessionReset();
    void kernelChanged(int index);
    // Only the kernel's position on the intensity axis changed (its bytes or its free parameter).
    void kernelMoved(int index);
    void kernelsInserted(int index); // the first of the kernels inserted
    void kernelRemoved(int index); // the first of the kernels removed
    void devicesChanged();
    // A run was added to or taken out of Session::runs (its kernels signal apart).
    void runsChanged();
    void viewChanged();
    // A drag or a nudge is over (endInteraction()).
    void interactionEnded();

private:
    Session m_session;
    QUndoStack* m_undoStack = nullptr;
    int m_interactionId = 1;
};

} // namespace roofscope
