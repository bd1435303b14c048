#include "session/SessionDocument.h"

#include "model/Numbers.h"
#include "model/TransformerWorkload.h"
#include "session/QtText.h"

#include "io/SessionAnnotations.h"
#include "io/SessionRuns.h"
#include "model/Solver.h"
#include "model/Templates.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "session/DeviceListCommand.h"
#include "session/KernelEditCommand.h"
#include "session/KernelListCommand.h"
#include "session/RunAddCommand.h"
#include "session/RunReloadCommand.h"
#include "session/ViewCommand.h"

#include <QFileInfo>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <string_view>
#include <unordered_set>

namespace roofscope {

namespace {
// A figure a computation produced (a drag's scaled bytes, a profiler's summed runtime), rounded to
// 13 significant digits: far finer than any measurement, and saved as "227238472841.8" rather
// than the float noise "227238472841.7558".
double computedFigure(double value)
{
    if (!std::isfinite(value) || value == 0.0) {
        return value;
    }
    // Divided or multiplied by an exact power of ten, so that the result is the double nearest the
    // rounded decimal (whose shortest text is that decimal).
    const int shift = 12 - static_cast<int>(std::floor(std::log10(std::fabs(value))));
    if (shift > 22 || shift < -22) {
        return value; // past the powers of ten a double holds exactly
    }
    const double power = std::pow(10.0, std::abs(shift));
    const double rounded = shift >= 0 ? std::round(value * power) / power : std::round(value / power) * power;
    return std::isfinite(rounded) ? rounded : value;
}

} // namespace

SessionDocument::SessionDocument(QObject* parent)
    : QObject(parent)
    , m_undoStack(new QUndoStack(this))
{
}

SessionDocument::~SessionDocument() = default;

void SessionDocument::resetSession(Session session)
{
    m_undoStack->clear();
    m_session = std::move(session);
    Q_EMIT sessionReset();
}

QString SessionDocument::replaceKernel(int index, const Kernel& kernel, const QString& actionText)
{
    if (!validIndex(index, m_session.kernels.size())) {
        return tr("No kernel %1").arg(index + 1);
    }
    if (QString refused = runKernelRefusal(index); !refused.isEmpty()) {
        return refused;
    }
    Kernel checked = kernel;
    if (checked.templ) {
        const std::string error = applyTemplate(checked);
        if (!error.empty()) {
            return qs(error);
        }
    } else if (!(checked.flops >= 0.0) || !std::isfinite(checked.flops) || checked.bytes.empty()) {
        return tr("FLOPs must be a number >= 0 and the kernel needs bytes on at least one level");
    }
    const Kernel& current = m_session.kernels[static_cast<size_t>(index)];
    for (const auto& b : checked.bytes) {
        // A level the kernel already had at 0 (loaded or imported: a measured kernel whose data never
        // reached it) stays, so that its other fields can be edited; a new 0 is refused.
        const bool keptZero = b.bytes == 0.0
            && std::any_of(current.bytes.begin(), current.bytes.end(),
                [&](const LevelBytes& c) { return c.level == b.level && c.bytes == 0.0; });
        if ((!(b.bytes > 0.0) && !keptZero) || !std::isfinite(b.bytes)) {
            return tr("Bytes on %1 must be greater than zero").arg(qs(b.level));
        }
    }
    if (!checked.templ && !(checked.totalBytes() > 0.0) && !(checked.flops > 0.0)) {
        return tr("A kernel that moves no bytes needs FLOPs: there is nothing to place");
    }
    if (checked.measuredSeconds && !(*checked.measuredSeconds > 0.0 && std::isfinite(*checked.measuredSeconds))) {
        return tr("The measured runtime must be greater than zero");
    }
    const Kernel before = m_session.kernels[static_cast<size_t>(index)];
    m_undoStack->push(new KernelEditCommand(
        this, index, before, checked, actionText.isEmpty() ? tr("Edit %1").arg(qs(kernel.name)) : actionText));
    return {};
}

double SessionDocument::intensityBytes(const Kernel& kernel)
{
    if (kernel.bytesOn("default") > 0.0) {
        return kernel.bytesOn("default");
    }
    return kernel.bytes.empty() ? 0.0 : kernel.bytes.front().bytes;
}

QString SessionDocument::setKernelIntensity(int index, double flopsPerByte, QString* limit)
{
    if (!validIndex(index, m_session.kernels.size())) {
        return tr("No kernel %1").arg(index + 1);
    }
    if (QString refused = runKernelRefusal(index); !refused.isEmpty()) {
        return refused;
    }
    if (!(flopsPerByte > 0.0) || !std::isfinite(flopsPerByte)) {
        return tr("The intensity must be a positive number");
    }
    const Kernel& current = m_session.kernels[static_cast<size_t>(index)];
    Kernel moved = current;
    if (current.templ) {
        const TemplateDefinition* def = findTemplate(current.templ->name);
        const std::string free = !current.freeParameter.empty() ? current.freeParameter
            : def                                               ? def->defaultFreeParameter()
                                                                : std::string {};
        auto solved = solveForIntensity(current, free, flopsPerByte);
        if (!solved.value) {
            return qs(solved.error);
        }
        if (limit && !solved.limit.empty()) {
            *limit = tr("%1; change its dtype, or convert it to a raw kernel to move it freely").arg(qs(solved.limit));
        }
        bool changed = false;
        for (const auto& name : parseFreeParameters(free)) {
            const auto it = current.templ->params.find(name);
            changed = changed || it == current.templ->params.end() || it->second != *solved.value;
            moved.templ->params[name] = *solved.value;
        }
        if (!changed) {
            return {}; // the kernel stays where it is (the limit says why)
        }
        const std::string error = applyTemplate(moved);
        if (!error.empty()) {
            return qs(error);
        }
    } else {
        const double defaultBytes = intensityBytes(current);
        if (!(current.flops > 0.0)) {
            return tr("A kernel with no FLOPs has no intensity to move");
        }
        if (!(defaultBytes > 0.0) && !(current.totalBytes() > 0.0)) {
            return tr("%1 moved 0 bytes on every counted level: its intensity is unbounded, with nothing to scale")
                .arg(qs(current.name));
        }
        if (!(defaultBytes > 0.0)) {
            return tr("%1 moved 0 bytes on its main level: there is no intensity there to move").arg(qs(current.name));
        }
        const double factor = (current.flops / flopsPerByte) / defaultBytes;
        for (auto& b : moved.bytes) {
            b.bytes = computedFigure(b.bytes * factor);
        }
    }
    m_undoStack->push(
        new KernelEditCommand(this, index, current, moved, tr("Move %1").arg(qs(current.name)), m_interactionId));
    return {};
}

QString SessionDocument::setGroupPartIntensity(
    int index, const std::string& part, double chips, double flopsPerByte, QString* limit)
{
    if (!validIndex(index, m_session.kernels.size())) {
        return tr("No kernel %1").arg(index + 1);
    }
    const Kernel& current = m_session.kernels[static_cast<size_t>(index)];
    if (!isKernelGroup(current)) {
        return tr("%1 is not a kernel group").arg(qs(current.name));
    }
    if (!(flopsPerByte > 0.0) || !std::isfinite(flopsPerByte)) {
        return tr("The intensity must be a positive number");
    }
    const TransformerExpansion now = expandTransformer(*current.templ, false, chips);
    if (!now.error.empty()) {
        return qs(now.error);
    }
    auto partOf = [&part](const TransformerExpansion& e) {
        const auto found
            = std::find_if(e.kernels.begin(), e.kernels.end(), [&part](const Kernel& k) { return k.name == part; });
        return found == e.kernels.end() ? nullptr : &*found;
    };
    if (!partOf(now)) {
        return tr("The group %1 has no kernel %2").arg(qs(current.name), qs(part));
    }
    const QString partName = qs(part);
    // The part's intensity at a whole batch.
    auto intensityAt = [&](double batch) {
        TemplateInstance instance = *current.templ;
        instance.params["batch"] = batch;
        const TransformerExpansion e = expandTransformer(instance, false, chips);
        const Kernel* k = e.error.empty() ? partOf(e) : nullptr;
        const double bytes = k ? k->totalBytes() : 0.0;
        return bytes > 0.0 ? k->flops / bytes : std::numeric_limits<double>::quiet_NaN();
    };
    constexpr double kLowest = 1.0;
    constexpr double kHighest = 1e9; // tokens per step: far past any real batch
    const double low = intensityAt(kLowest);
    const double high = intensityAt(kHighest);
    if (!std::isfinite(low) || !std::isfinite(high)) {
        return tr("%1 has no intensity to move").arg(partName);
    }
    if (std::abs(high - low) <= 1e-9 * std::max(low, high)) {
        if (limit) {
            *limit = tr("%1's intensity does not depend on the batch; change the group's seq, kv_heads or dtypes "
                        "in its editor to move it")
                         .arg(partName);
        }
        return {};
    }
    // The intensity grows with the batch (more tokens per weight byte) or stays put.
    double batch = 0.0;
    if (flopsPerByte <= low) {
        batch = kLowest;
        if (limit && flopsPerByte < low * (1.0 - 1e-9)) {
            *limit = tr("%1 is at its lowest intensity at batch 1").arg(partName);
        }
    } else if (flopsPerByte >= high) {
        batch = kHighest;
        if (limit) {
            *limit = tr("%1's intensity saturates near %2 FLOP/B as the batch grows")
                         .arg(partName, QString::fromStdString(formatNumber(high, 3)));
        }
    } else {
        // The largest whole batch whose intensity is at most the target (never past it): a bisection
        // over whole numbers, about 30 expansions of the step where one over log(batch) took 80.
        double lo = kLowest; // at most the target (low < target)
        double hi = kHighest; // past it (target < high)
        while (hi - lo > 1.0) {
            const double mid = std::floor(0.5 * (lo + hi));
            (intensityAt(mid) <= flopsPerByte ? lo : hi) = mid;
        }
        batch = lo;
    }
    if (transformerParameter(*current.templ, "batch") == batch) {
        return {};
    }
    Kernel moved = current;
    moved.templ->params["batch"] = batch;
    const std::string error = applyKernelGroup(moved);
    if (!error.empty()) {
        return qs(error);
    }
    m_undoStack->push(new KernelEditCommand(
        this, index, current, moved, tr("Move %1 (batch %2)").arg(partName).arg(batch, 0, 'f', 0), m_interactionId));
    return {};
}

QString SessionDocument::setKernelParameters(
    int index, const std::vector<std::pair<std::string, double>>& values, bool merge, const QString& actionText)
{
    if (!validIndex(index, m_session.kernels.size())) {
        return tr("No kernel %1").arg(index + 1);
    }
    const Kernel& current = m_session.kernels[static_cast<size_t>(index)];
    if (!current.templ) {
        return tr("%1 is not a template kernel").arg(qs(current.name));
    }
    Kernel changed = current;
    bool differs = false;
    for (const auto& [name, value] : values) {
        const auto it = current.templ->params.find(name);
        differs = differs || it == current.templ->params.end() || it->second != value;
        changed.templ->params[name] = value;
    }
    if (!differs) {
        return {};
    }
    const std::string error = applyTemplate(changed);
    if (!error.empty()) {
        return qs(error);
    }
    const QString text = actionText.isEmpty() ? tr("Set %1").arg(qs(current.name)) : actionText;
    m_undoStack->push(new KernelEditCommand(this, index, current, changed, text, merge ? m_interactionId : -1));
    return {};
}

QString SessionDocument::addKernel(const Kernel& kernel)
{
    const int index = static_cast<int>(m_session.kernels.size());
    m_undoStack->push(new KernelListCommand(this, index, { kernel }, false, tr("Add %1").arg(qs(kernel.name))));
    return {};
}

QString SessionDocument::addKernels(const std::vector<Kernel>& kernels, const QString& actionText)
{
    if (kernels.empty()) {
        return tr("Nothing to add");
    }
    const int index = static_cast<int>(m_session.kernels.size());
    m_undoStack->push(new KernelListCommand(
        this, index, kernels, false, actionText.isEmpty() ? tr("Add %1 kernels").arg(kernels.size()) : actionText));
    return {};
}

QString SessionDocument::removeKernel(int index)
{
    if (!validIndex(index, m_session.kernels.size())) {
        return tr("No kernel %1").arg(index + 1);
    }
    if (QString refused = runKernelRefusal(index); !refused.isEmpty()) {
        return refused;
    }
    const Kernel kernel = m_session.kernels[static_cast<size_t>(index)];
    m_undoStack->push(new KernelListCommand(this, index, { kernel }, true, tr("Delete %1").arg(qs(kernel.name))));
    return {};
}

QString SessionDocument::runKernelRefusal(int index) const
{
    if (!validIndex(index, m_session.kernels.size())) {
        return {};
    }
    const Kernel& kernel = m_session.kernels[static_cast<size_t>(index)];
    if (kernel.fromRun.empty()) {
        return {};
    }
    return tr("%1 is measured in run '%2' and read-only: duplicate it as a what-if kernel to change it")
        .arg(qs(kernel.name), qs(kernel.fromRun));
}

QString SessionDocument::duplicateAsWhatIf(int index)
{
    if (!validIndex(index, m_session.kernels.size())) {
        return tr("No kernel %1").arg(index + 1);
    }
    Kernel copy = m_session.kernels[static_cast<size_t>(index)];
    copy.fromRun.clear();
    // A run's figures are sums and means of its launches: saved with the copy, rounded.
    copy.flops = computedFigure(copy.flops);
    for (LevelBytes& b : copy.bytes) {
        b.bytes = computedFigure(b.bytes);
    }
    if (copy.measuredSeconds) {
        copy.measuredSeconds = computedFigure(*copy.measuredSeconds);
    }
    const std::string base = copy.name + " (what-if)";
    std::unordered_set<std::string_view> taken; // one pass over the names, whatever the number of tries
    taken.reserve(m_session.kernels.size());
    for (const Kernel& k : m_session.kernels) {
        taken.insert(k.name);
    }
    copy.name = base;
    for (int n = 2; taken.contains(copy.name); ++n) {
        copy.name = base + " " + std::to_string(n);
    }
    const int at = static_cast<int>(m_session.kernels.size());
    m_undoStack->push(
        new KernelListCommand(this, at, { copy }, false, tr("Duplicate %1 as What-if").arg(qs(copy.name))));
    return {};
}

QString SessionDocument::addRun(const RunReference& run, std::vector<Kernel> kernels, const QString& actionText)
{
    if (run.name.empty()) {
        return tr("A run needs a name");
    }
    const QString file = QFileInfo(qs(run.path)).absoluteFilePath();
    for (const RunReference& other : m_session.runs) {
        if (other.name == run.name) {
            return tr("The session already has a run named '%1'").arg(qs(run.name));
        }
        if (!run.path.empty() && QFileInfo(qs(other.path)).absoluteFilePath() == file) {
            return tr("%1 is already run '%2' of this session").arg(qs(run.path), qs(other.name));
        }
    }
    for (Kernel& kernel : kernels) {
        kernel.fromRun = run.name;
    }
    m_undoStack->push(new RunAddCommand(
        this, run, std::move(kernels), actionText.isEmpty() ? tr("Import run '%1'").arg(qs(run.name)) : actionText));
    return {};
}

QString SessionDocument::reloadRun(
    const std::string& runName, const std::vector<Kernel>& kernels, const QString& actionText)
{
    const bool known = std::any_of(
        m_session.runs.begin(), m_session.runs.end(), [&](const RunReference& r) { return r.name == runName; });
    if (!known) {
        return tr("The session has no run named '%1'").arg(qs(runName));
    }
    m_undoStack->push(new RunReloadCommand(this, runName, runKernels(runName), kernels,
        actionText.isEmpty() ? tr("Reload run '%1'").arg(qs(runName)) : actionText));
    return {};
}

std::vector<Kernel> SessionDocument::runKernels(const std::string& runName) const
{
    std::vector<Kernel> out;
    for (const Kernel& k : m_session.kernels) {
        if (k.fromRun == runName) {
            out.push_back(k);
        }
    }
    return out;
}

void SessionDocument::applyRunKernels(const std::string& runName, const std::vector<Kernel>& kernels)
{
    replaceRunKernels(m_session, runName, kernels);
    const auto first = std::find_if(
        m_session.kernels.begin(), m_session.kernels.end(), [&](const Kernel& k) { return k.fromRun == runName; });
    Q_EMIT kernelsInserted(
        first == m_session.kernels.end() ? 0 : static_cast<int>(std::distance(m_session.kernels.begin(), first)));
}

void SessionDocument::applyAddRun(const RunReference& run, std::vector<Kernel> kernels)
{
    m_session.runs.push_back(run);
    const int index = static_cast<int>(m_session.kernels.size());
    m_session.kernels.insert(
        m_session.kernels.end(), std::make_move_iterator(kernels.begin()), std::make_move_iterator(kernels.end()));
    Q_EMIT kernelsInserted(index); // the kernels first: a run's listeners read them
    Q_EMIT runsChanged();
}

std::vector<Kernel> SessionDocument::applyRemoveRun(const std::string& runName)
{
    auto& runs = m_session.runs;
    runs.erase(
        std::remove_if(runs.begin(), runs.end(), [&](const RunReference& r) { return r.name == runName; }), runs.end());
    auto& all = m_session.kernels;
    const auto ofRun = [&](const Kernel& k) { return k.fromRun == runName; };
    const auto first = std::find_if(all.begin(), all.end(), ofRun);
    const int index = static_cast<int>(std::distance(all.begin(), first));
    // The run's kernels to the end, in order, then moved out.
    const auto rest = std::stable_partition(first, all.end(), [&](const Kernel& k) { return !ofRun(k); });
    std::vector<Kernel> removed(std::make_move_iterator(rest), std::make_move_iterator(all.end()));
    all.erase(rest, all.end());
    Q_EMIT kernelRemoved(index);
    Q_EMIT runsChanged();
    return removed;
}

QString SessionDocument::setDeviceSelection(int index, const DeviceSelection& selection, const QString& actionText)
{
    if (!validIndex(index, m_session.devices.size())) {
        return tr("No device %1").arg(index + 1);
    }
    std::vector<DeviceSelection> devices = m_session.devices;
    devices[static_cast<size_t>(index)] = selection;
    return setDevices(devices, actionText.isEmpty() ? tr("Change %1").arg(qs(selection.id)) : actionText);
}

QString SessionDocument::setDevices(const std::vector<DeviceSelection>& devices, const QString& actionText)
{
    for (size_t i = 0; i < devices.size(); ++i) {
        if (devices[i].id.empty()) {
            return tr("Device %1 has no id").arg(i + 1);
        }
        for (size_t j = 0; j < i; ++j) {
            if (devices[j].id == devices[i].id) {
                return tr("Device %1 is listed twice").arg(qs(devices[i].id));
            }
        }
    }
    m_undoStack->push(new DeviceListCommand(
        this, m_session.devices, devices, actionText.isEmpty() ? tr("Change devices") : actionText));
    return {};
}

QString SessionDocument::setView(const ViewSettings& view, const QString& actionText)
{
    if (!(view.tolerance >= 0.0 && view.tolerance < 1.0)) {
        return tr("The balanced band must be between 0 and 1");
    }
    if (!(view.commFraction >= 0.0 && view.commFraction < 1.0)) {
        return tr("The communication fraction must be between 0 and 1");
    }
    if (QString error = commFractionsError(view.commFractions); !error.isEmpty()) {
        return error;
    }
    if (!view.xLevel.empty() && (!isXLevelName(view.xLevel) || view.xLevel == "default")) {
        return tr("The x-axis level must be 'binding' or a level name such as hbm, not '%1'")
            .arg(QString::fromStdString(view.xLevel));
    }
    m_undoStack->push(
        new ViewCommand(this, m_session.view, view, actionText.isEmpty() ? tr("Change view") : actionText));
    return {};
}

QString SessionDocument::commFractionsError(const std::vector<double>& fractions)
{
    constexpr size_t kMaxFractions = 8; // as view.comm_fractions in a session file
    if (fractions.size() > kMaxFractions) {
        return tr("At most %1 communication fractions").arg(kMaxFractions);
    }
    for (const double f : fractions) {
        if (!(f > 0.0 && f < 1.0)) {
            return tr("A communication fraction must be between 0 and 1 (0 < f < 1), got %1")
                .arg(QString::fromStdString(formatNumber(f)));
        }
    }
    return {};
}

void SessionDocument::endInteraction()
{
    ++m_interactionId;
    Q_EMIT interactionEnded();
}

void SessionDocument::applyKernel(int index, const Kernel& kernel, bool moved)
{
    m_session.kernels[static_cast<size_t>(index)] = kernel;
    if (moved) {
        Q_EMIT kernelMoved(index);
    } else {
        Q_EMIT kernelChanged(index);
    }
}

void SessionDocument::applyInsertKernels(int index, const std::vector<Kernel>& kernels)
{
    m_session.kernels.insert(m_session.kernels.begin() + index, kernels.begin(), kernels.end());
    Q_EMIT kernelsInserted(index);
}

void SessionDocument::applyRemoveKernels(int index, int count)
{
    m_session.kernels.erase(m_session.kernels.begin() + index, m_session.kernels.begin() + index + count);
    Q_EMIT kernelRemoved(index);
}

void SessionDocument::applyDevices(const std::vector<DeviceSelection>& devices)
{
    m_session.devices = devices;
    Q_EMIT devicesChanged();
}

void SessionDocument::applyAnnotations(const std::vector<Annotation>& annotations)
{
    m_session.annotations = annotations;
}

void SessionDocument::applyView(const ViewSettings& view)
{
    m_session.view = view;
    Q_EMIT viewChanged();
}

} // namespace roofscope

#include "moc_SessionDocument.cpp"
