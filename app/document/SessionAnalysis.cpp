#include "document/SessionAnalysis.h"

#include "document/GroupColumns.h"

#include "document/DisplayName.h"
#include "document/EvaluationText.h"
#include "document/SessionDocument.h"
#include "io/HardwareLoader.h"
#include "model/Numbers.h"
#include "model/Solver.h"
#include "model/Templates.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/DeviceExpansion.h"

#include <algorithm>

namespace roofscope {

namespace {
// What a kernel group's collective is on a device: "ring all-reduce over tp = 8 chips: 29.4 MB per
// chip per launch on NVLINK (the scale-up link), 14 hops". Empty for any other kernel.
QString collectiveText(const Kernel& kernel, const Hardware& device)
{
    if (!kernel.groupPart) {
        return {};
    }
    const GroupPartOnDevice part = groupPartOnDevice(kernel, device);
    if (!part.kernel || !part.info.collective) {
        return {};
    }
    const std::string& name = kernel.groupPart->part;
    QString what;
    if (name.rfind("allreduce", 0) == 0) {
        what = QObject::tr("ring all-reduce over tp = %1 chips").arg(part.config.tp);
    } else if (name.rfind("alltoall", 0) == 0) {
        what = QObject::tr("all-to-all over ep = %1 chips").arg(part.config.ep);
    } else {
        what = QObject::tr("send to the next of pp = %1 pipeline stages").arg(part.config.pp);
    }
    const std::string link = scaleUpLevelName(device);
    return QObject::tr("%1: %2 per chip per launch on %3 (the scale-up link), %4 hops")
        .arg(what, QString::fromStdString(formatQuantity(part.info.bytesPerChip, Dimension::Bytes, 3)),
            QString::fromStdString(link).toUpper(), QString::number(part.info.hops));
}
} // namespace

SessionAnalysis::SessionAnalysis(SessionDocument* document, HardwareDatabase& hardware, QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_hardware(hardware)
{
    connect(m_document, &SessionDocument::sessionReset, this, [this] {
        m_cache.clear();
        clearLoadProblems();
        m_selected = m_document->session().kernels.empty() ? -1 : 0;
        rebuild(true);
        Q_EMIT selectionChanged(m_selected);
    });
    for (auto signal : { &SessionDocument::devicesChanged, &SessionDocument::viewChanged }) {
        connect(m_document, signal, this, [this] { rebuild(false); });
    }
    connect(m_document, &SessionDocument::kernelChanged, this, [this](int index) {
        const auto& kernels = m_document->session().kernels;
        if (m_expanded || (validIndex(index, kernels.size()) && isKernelGroup(kernels[static_cast<size_t>(index)]))) {
            m_cache.clear(); // a group's kernels may come and go: shown indices shift
        } else {
            m_cache.invalidateKernel(static_cast<size_t>(std::max(index, 0)), false);
        }
        rebuild(false);
    });
    for (auto signal : { &SessionDocument::kernelsInserted, &SessionDocument::kernelRemoved }) {
        connect(m_document, signal, this, [this](int index) {
            m_cache.clear(); // kernel indices shift
            rebuild(false);
            const int count = static_cast<int>(m_document->session().kernels.size());
            setSelectedKernel(count == 0 ? -1 : firstShownKernel(std::clamp(index, 0, count - 1)));
        });
    }
    connect(m_document, &SessionDocument::kernelMoved, this, &SessionAnalysis::onKernelMoved);
    connect(m_document, &SessionDocument::interactionEnded, this, &SessionAnalysis::interactionFinished);
    rebuild(true);
}

const Session& SessionAnalysis::shownSession() const
{
    return m_expanded ? *m_expanded : m_document->session();
}

int SessionAnalysis::sessionKernelOf(int shown) const
{
    if (!m_expanded) {
        return validIndex(shown, m_document->session().kernels.size()) ? shown : -1;
    }
    return validIndex(shown, m_origins.size()) ? m_origins[static_cast<size_t>(shown)].sessionKernel : -1;
}

int SessionAnalysis::groupPartOf(int shown) const
{
    return m_expanded && validIndex(shown, m_origins.size()) ? m_origins[static_cast<size_t>(shown)].part : -1;
}

int SessionAnalysis::firstShownKernel(int sessionKernel) const
{
    if (!m_expanded) {
        return validIndex(sessionKernel, m_document->session().kernels.size()) ? sessionKernel : -1;
    }
    return validIndex(sessionKernel, m_firstShown.size()) ? m_firstShown[static_cast<size_t>(sessionKernel)] : -1;
}

int SessionAnalysis::shownKernelCount(int sessionKernel) const
{
    const int first = firstShownKernel(sessionKernel);
    if (first < 0) {
        return 0;
    }
    int count = 0;
    while (sessionKernelOf(first + count) == sessionKernel) {
        ++count;
    }
    return count;
}

void SessionAnalysis::updateExpansion()
{
    const Session& session = m_document->session();
    m_groupProblems.clear();
    if (std::none_of(session.kernels.begin(), session.kernels.end(), isKernelGroup)) {
        m_expanded.reset();
        m_origins.clear();
        m_firstShown.clear();
        return;
    }
    auto expanded = std::make_unique<Session>();
    expanded->title = session.title;
    expanded->devices = session.devices;
    expanded->view = session.view;
    expanded->runs = session.runs;
    expanded->annotations = session.annotations;
    m_origins.clear();
    m_firstShown.assign(session.kernels.size(), -1);
    std::vector<std::string> errors;
    // A group shows the parts of every shown device's step (each device evaluates its own: a device
    // 8 chips wide has the all-reduces on its link, one chip has none).
    std::vector<double> chips;
    for (const DeviceSelection& device : session.devices) {
        if (device.visible && m_hardware.find(device.id)) {
            chips.push_back(device.chips);
        }
    }
    for (size_t k = 0; k < session.kernels.size(); ++k) {
        std::vector<Kernel> parts = isKernelGroup(session.kernels[k])
            ? expandKernelGroupsOnChips({ session.kernels[k] }, chips, &errors)
            : std::vector<Kernel> { session.kernels[k] };
        const bool group = isKernelGroup(session.kernels[k]);
        if (!parts.empty()) {
            m_firstShown[k] = static_cast<int>(expanded->kernels.size());
        }
        for (size_t p = 0; p < parts.size(); ++p) {
            m_origins.push_back({ static_cast<int>(k), group ? static_cast<int>(p) : -1 });
            expanded->kernels.push_back(std::move(parts[p]));
        }
    }
    for (const std::string& error : errors) {
        m_groupProblems << QString::fromStdString(error);
    }
    m_expanded = std::move(expanded);
}

const Evaluation* SessionAnalysis::evaluation(size_t kernel, size_t sceneDevice) const
{
    if (sceneDevice >= m_results.size() || kernel >= m_results[sceneDevice]->evaluations.size()) {
        return nullptr;
    }
    const auto& ev = m_results[sceneDevice]->evaluations[kernel];
    return ev ? &*ev : nullptr;
}

int SessionAnalysis::sceneDeviceOf(size_t sessionIndex) const
{
    for (size_t d = 0; d < m_devices.size(); ++d) {
        if (m_devices[d].sessionIndex == sessionIndex) {
            return static_cast<int>(d);
        }
    }
    return -1;
}

void SessionAnalysis::setOptions(const SceneOptions& options)
{
    m_options = options;
    rebuild(false);
}

void SessionAnalysis::setSelectedKernel(int kernel)
{
    if (!validIndex(kernel, shownSession().kernels.size())) {
        kernel = -1;
    }
    if (kernel == m_selected) {
        return;
    }
    m_selected = kernel;
    Q_EMIT selectionChanged(kernel);
}

void SessionAnalysis::addLoadProblems(const QStringList& problems, const QString& headline)
{
    m_loadProblems = problems + m_loadProblems; // the latest file's first: the one the user just read
    if (!headline.isEmpty()) {
        m_problemHeadline = headline;
    }
    Q_EMIT problemsChanged();
}

void SessionAnalysis::clearLoadProblems()
{
    if (m_loadProblems.isEmpty() && m_problemHeadline.isEmpty()) {
        return;
    }
    m_loadProblems.clear();
    m_problemHeadline.clear();
    Q_EMIT problemsChanged();
}

void SessionAnalysis::hardwareChanged()
{
    m_cache.clear();
    rebuild(false);
}

void SessionAnalysis::rebuild(bool fit)
{
    updateExpansion();
    m_options.rankingRefused = mixedPhaseReason(m_document->session().kernels);
    // Which kernels are shown and how large is the session's (saved, undoable); review mode is the window's.
    m_options.topKernels = m_document->session().view.topKernels;
    m_options.sizeByRuntime = m_document->session().view.sizeByRuntime;
    SceneBuildResult built = buildChartScene(shownSession(), m_hardware, &m_cache, m_options);
    built.problems = m_groupProblems + built.problems;
    const bool problemsDiffer = built.problems != m_sceneProblems;
    m_sceneProblems = std::move(built.problems);
    m_devices = std::move(built.devices);
    m_results = std::move(built.results);
    m_comparison = std::move(built.comparison);
    m_scene = std::make_shared<ChartScene>(std::move(built.scene));
    updateVerdicts();
    m_scene->decorations.captions = verdictCaptions(m_verdicts);
    if (m_options.review) {
        addVerdicts(m_scene->summary, m_verdicts); // each device's answer per group
    }
    if (!validIndex(m_selected, shownSession().kernels.size())) {
        m_selected = -1;
    }
    Q_EMIT sceneChanged(fit);
    Q_EMIT comparisonChanged();
    if (problemsDiffer) {
        Q_EMIT problemsChanged();
    }
}

void SessionAnalysis::onKernelMoved(int sessionIndex)
{
    int index = sessionIndex;
    if (m_expanded) {
        // A group's every kernel moves with its parameters: the full path. Any other kernel moves
        // alone, at its shown place.
        const auto& sessionKernels = m_document->session().kernels;
        index = firstShownKernel(sessionIndex);
        if (!validIndex(sessionIndex, sessionKernels.size()) || index < 0
            || isKernelGroup(sessionKernels[static_cast<size_t>(sessionIndex)])) {
            m_cache.clear();
            m_movingGroup = validIndex(sessionIndex, sessionKernels.size()) ? sessionIndex : -1;
            rebuild(false);
            m_movingGroup = -1;
            return;
        }
        m_expanded->kernels[static_cast<size_t>(index)] = sessionKernels[static_cast<size_t>(sessionIndex)];
    }
    const auto& kernels = shownSession().kernels;
    if (!validIndex(index, kernels.size()) || kernels.size() != m_scene->kernels.size()) {
        rebuild(false);
        return;
    }
    const auto k = static_cast<size_t>(index);
    SceneKernelBuild built = buildSceneKernel(kernels[k], k, m_devices, *m_scene);
    // Anything beyond a plain move (a new compute roof, a new problem, a device that can no longer
    // evaluate the kernel) takes the full path.
    bool sameDevices = built.rows.size() == m_results.size();
    for (size_t d = 0; sameDevices && d < built.rows.size(); ++d) {
        sameDevices = built.rows[d].deviceIndex == m_devices[d].sessionIndex && m_results[d]->evaluations[k];
    }
    if (!built.newRoofs.empty() || !built.problems.isEmpty() || !sameDevices) {
        m_cache.invalidateKernel(k, true);
        rebuild(false);
        return;
    }
    std::vector<std::optional<Evaluation>> before;
    before.reserve(m_results.size());
    for (size_t d = 0; d < m_results.size(); ++d) {
        before.push_back(std::move(m_results[d]->evaluations[k]));
        m_results[d]->evaluations[k] = std::move(built.rows[d].evaluation);
        m_results[d]->stale[k] = 0;
        ++m_results[d]->revision;
    }
    m_cache.markStaleExcept(k, m_results);
    // A move keeps the kernel's place in the top-N filter and its marker size until the next rebuild.
    ChartKernel& shown = m_scene->kernels[k];
    built.kernel.hidden = shown.hidden;
    built.kernel.markerScale = shown.markerScale;
    built.kernel.runtimeShare = shown.runtimeShare;
    shown = std::move(built.kernel);
    m_scene->kernelBounds.reset(); // measured again when wanted
    updateComparisonForKernel(k, before);
    Q_EMIT kernelMoved(index);
    Q_EMIT comparisonChanged();
}

void SessionAnalysis::updateComparisonForKernel(size_t kernel, const std::vector<std::optional<Evaluation>>& before)
{
    const Session& session = shownSession();
    if (before.size() != m_results.size() || m_comparison.entries.size() != m_results.size()) {
        m_comparison = buildComparison(session, m_devices, m_results);
        m_comparison.rankingRefused = m_options.rankingRefused;
        rankComparison(m_comparison);
        refreshSummary();
        return;
    }
    // The moved kernel's old evaluations out of the totals, the new ones in: no pass over the others.
    const double count = session.kernels[kernel].count;
    for (size_t d = 0; d < m_results.size(); ++d) {
        const Hardware& hw = *m_devices[d].hardware;
        WorkloadTotals& totals = m_comparison.entries[d].totals;
        if (before[d]) {
            addToTotals(totals, -count, *before[d], boundKind(*before[d], hw));
        }
        if (const Evaluation* now = evaluation(kernel, d)) {
            addToTotals(totals, count, *now, boundKind(*now, hw));
        }
        finishTotals(totals, hw);
    }
    applyBaseline(m_comparison, session.view.baseline);
    rankComparison(m_comparison);
    refreshSummary();
}

void SessionAnalysis::refreshSummary()
{
    if (m_options.review) {
        m_scene->summary = buildChartSummary(shownSession(), m_comparison, *m_scene);
        addVerdicts(m_scene->summary, m_verdicts);
    }
}

void SessionAnalysis::updateVerdicts()
{
    m_verdicts
        = m_expanded ? sceneVerdicts(m_document->session(), m_devices, m_hardware) : std::vector<GroupVerdict> {};
}

QString SessionAnalysis::deviceLabel(size_t sessionIndex) const
{
    const int d = sceneDeviceOf(sessionIndex);
    if (d >= 0 && static_cast<size_t>(d) < m_scene->devices.size()) {
        return m_scene->devices[static_cast<size_t>(d)].label;
    }
    const auto& devices = m_document->session().devices;
    return sessionIndex < devices.size() ? QString::fromStdString(devices[sessionIndex].id) : QString();
}

std::vector<std::pair<QString, const Evaluation*>> SessionAnalysis::labelledEvaluations(int kernel) const
{
    std::vector<std::pair<QString, const Evaluation*>> labelled;
    if (kernel < 0) {
        return labelled;
    }
    for (size_t d = 0; d < m_results.size() && d < m_scene->devices.size(); ++d) {
        if (const Evaluation* ev = evaluation(static_cast<size_t>(kernel), d)) {
            labelled.emplace_back(m_scene->devices[d].label, ev);
        }
    }
    return labelled;
}

QString SessionAnalysis::toolTip(int kernel, int sceneDevice) const
{
    if (kernel >= 0 && sceneDevice == -1) {
        return kernelBriefText(labelledEvaluations(kernel));
    }
    if (kernel < 0 || sceneDevice < 0 || static_cast<size_t>(sceneDevice) >= m_scene->devices.size()) {
        return {};
    }
    const Evaluation* ev = evaluation(static_cast<size_t>(kernel), static_cast<size_t>(sceneDevice));
    const auto& kernels = shownSession().kernels;
    const Kernel* source = validIndex(kernel, kernels.size()) ? &kernels[static_cast<size_t>(kernel)] : nullptr;
    if (!ev) {
        return {};
    }
    QString html = evaluationToolTip(*ev, m_scene->devices[static_cast<size_t>(sceneDevice)].label, source);
    if (source && source->groupPart && static_cast<size_t>(sceneDevice) < m_devices.size()) {
        if (const QString collective = collectiveText(*source, *m_devices[static_cast<size_t>(sceneDevice)].hardware);
            !collective.isEmpty()) {
            html += QStringLiteral("<p><b>%1</b> — %2</p>")
                        .arg(QString::fromStdString(source->groupPart->part).toHtmlEscaped(),
                            collective.toHtmlEscaped());
        }
    }
    return html;
}

QString SessionAnalysis::kernelStatusLine(int kernel) const
{
    const auto& kernels = shownSession().kernels;
    if (!validIndex(kernel, kernels.size())) {
        return {};
    }
    // The name elided in the middle (a templated name runs to thousands of characters); whole in the
    // status line's tooltip.
    return roofscope::kernelStatusLine(
        elidedName(kernels[static_cast<size_t>(kernel)].name), labelledEvaluations(kernel));
}

QString SessionAnalysis::kernelGuidance(int kernel) const
{
    const auto& kernels = shownSession().kernels;
    return validIndex(kernel, kernels.size())
        ? kernelGuidanceText(labelledEvaluations(kernel), &kernels[static_cast<size_t>(kernel)])
        : QString();
}

QStringList SessionAnalysis::crossoverLines(int kernelIndex) const
{
    QStringList lines;
    const auto& kernels = shownSession().kernels;
    if (!validIndex(kernelIndex, kernels.size())) {
        return lines;
    }
    const Kernel& kernel = kernels[static_cast<size_t>(kernelIndex)];
    const TemplateDefinition* def = kernel.templ ? findTemplate(kernel.templ->name) : nullptr;
    if (!def) {
        return lines;
    }
    const std::string free = kernel.freeParameter.empty() ? def->defaultFreeParameter() : kernel.freeParameter;
    const std::vector<std::string> names = parseFreeParameters(free);
    const TemplateParameter* parameter = names.empty() ? nullptr : def->parameter(names.front());
    const QString shownName = QString::fromStdString(names.size() > 1 ? names.front() + "=" + free : free);
    for (size_t d = 0; d < m_devices.size() && d < m_scene->devices.size(); ++d) {
        const SceneDevice& device = m_devices[d];
        const QString label = m_scene->devices[d].label;
        const SolveResult result = solveCrossover(kernel, *device.hardware, device.options, free);
        if (!result.value) {
            // No crossing in the parameter's range: the kernel keeps the regime it has now.
            if (const Evaluation* now = evaluation(static_cast<size_t>(kernelIndex), d)) {
                lines << tr("%1 for every value of %2 on %3")
                             .arg(QString::fromStdString(regimeName(now->regime)), shownName, label);
            } else {
                lines << tr("%1: %2").arg(label, QString::fromStdString(result.error));
            }
            continue;
        }
        const double first = firstComputeBoundValue(result, parameter && parameter->integer);
        lines << tr("compute-bound from %1 %2 %3 on %4")
                     .arg(shownName, result.computeBoundAbove ? QStringLiteral("≥") : QStringLiteral("≤"),
                         QString::fromStdString(formatNumber(first, 6)), label);
    }
    return lines;
}

} // namespace roofscope
