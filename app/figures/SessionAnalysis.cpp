#include "figures/SessionAnalysis.h"

#include "scene/GroupColumns.h"

#include "figures/EvaluationText.h"
#include "io/HardwareLoader.h"
#include "model/Numbers.h"
#include "model/Solver.h"
#include "model/Templates.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/DeviceExpansion.h"
#include "model/serving/Experts.h"
#include "session/DisplayName.h"
#include "session/SessionDocument.h"

#include <algorithm>

namespace roofscope {

SessionAnalysis::SessionAnalysis(SessionDocument* document, HardwareDatabase& hardware, QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_hardware(hardware)
{
    m_analysis.source = &m_document->session();
    // Each document signal is followed here first, then re-emitted: a view connected to the analysis
    // reads an analysis that has followed the edit, whatever the order views were connected in.
    connect(m_document, &SessionDocument::sessionReset, this, [this] {
        m_cache.clear();
        clearLoadProblems();
        m_selected = m_document->session().kernels.empty() ? -1 : 0;
        rebuild(true);
        Q_EMIT selectionChanged(m_selected);
        Q_EMIT sessionReset();
        Q_EMIT kernelsRenumbered();
    });
    connect(m_document, &SessionDocument::devicesChanged, this, [this] {
        rebuild(false);
        Q_EMIT devicesChanged();
    });
    connect(m_document, &SessionDocument::viewChanged, this, [this] {
        rebuild(false);
        Q_EMIT viewChanged();
    });
    connect(m_document, &SessionDocument::runsChanged, this, &SessionAnalysis::runsChanged);
    connect(m_document, &SessionDocument::kernelChanged, this, [this](int index) {
        const auto& kernels = m_document->session().kernels;
        if (hasGroups() || (validIndex(index, kernels.size()) && isKernelGroup(kernels[static_cast<size_t>(index)]))) {
            m_cache.clear(); // a group's kernels may come and go: shown indices shift
        } else {
            m_cache.invalidateKernel(static_cast<size_t>(std::max(index, 0)), false);
        }
        rebuild(false);
        Q_EMIT kernelChanged(index);
    });
    connect(m_document, &SessionDocument::kernelsInserted, this, [this](int index) {
        followKernelCount(index);
        Q_EMIT kernelsInserted(index);
        Q_EMIT kernelsRenumbered();
    });
    connect(m_document, &SessionDocument::kernelRemoved, this, [this](int index) {
        followKernelCount(index);
        Q_EMIT kernelRemoved(index);
        Q_EMIT kernelsRenumbered();
    });
    connect(m_document, &SessionDocument::kernelMoved, this, [this](int index) {
        onKernelMoved(index);
        Q_EMIT sessionKernelMoved(index);
    });
    connect(m_document, &SessionDocument::interactionEnded, this, &SessionAnalysis::interactionFinished);
    rebuild(true);
}

int SessionAnalysis::sessionKernelOf(int shown) const
{
    return m_analysis.sessionKernelOf(shown);
}

int SessionAnalysis::groupPartOf(int shown) const
{
    return hasGroups() && validIndex(shown, m_analysis.origins.size())
        ? m_analysis.origins[static_cast<size_t>(shown)].part
        : -1;
}

int SessionAnalysis::firstShownKernel(int sessionKernel) const
{
    return m_analysis.firstShownKernel(sessionKernel);
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

const Evaluation* SessionAnalysis::evaluation(size_t kernel, size_t sceneDevice) const
{
    return m_analysis.evaluation(kernel, sceneDevice);
}

int SessionAnalysis::sceneDeviceOf(size_t sessionIndex) const
{
    return m_analysis.deviceOf(sessionIndex);
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

void SessionAnalysis::followKernelCount(int index)
{
    m_cache.clear(); // kernel indices shift
    rebuild(false);
    const int count = static_cast<int>(m_document->session().kernels.size());
    setSelectedKernel(count == 0 ? -1 : firstShownKernel(std::clamp(index, 0, count - 1)));
}

void SessionAnalysis::rebuild(bool fit)
{
    // Which kernels are shown and how large is the session's (saved, undoable); review mode is the window's.
    m_options.topKernels = m_document->session().view.topKernels;
    m_options.sizeByRuntime = m_document->session().view.sizeByRuntime;
    SceneBuildResult built = buildChartScene(m_document->session(), m_hardware, &m_cache, m_options);
    const bool problemsDiffer = built.problems != m_sceneProblems;
    m_sceneProblems = std::move(built.problems);
    m_analysis = std::move(built.analysis);
    m_results = std::move(built.results);
    m_scene = std::make_shared<ChartScene>(std::move(built.scene));
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
    if (hasGroups()) {
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
        m_analysis.expanded->kernels[static_cast<size_t>(index)] = sessionKernels[static_cast<size_t>(sessionIndex)];
    }
    const auto& kernels = shownSession().kernels;
    if (!validIndex(index, kernels.size()) || kernels.size() != m_scene->kernels.size()) {
        rebuild(false);
        return;
    }
    const auto k = static_cast<size_t>(index);
    // The analysis takes the move when every device evaluates the kernel as before; anything beyond a
    // plain move (a problem, a device that can no longer evaluate it, a new compute roof) takes the
    // full path.
    if (!moveKernel(m_analysis, k, &m_cache)) {
        m_cache.invalidateKernel(k, true);
        rebuild(false);
        return;
    }
    SceneKernelBuild built = buildSceneKernel(m_analysis, k, *m_scene);
    if (!built.newRoofs.empty() || !built.problems.isEmpty()) {
        rebuild(false);
        return;
    }
    // A move keeps the kernel's place in the top-N filter and its marker size until the next rebuild.
    ChartKernel& shown = m_scene->kernels[k];
    built.kernel.hidden = shown.hidden;
    built.kernel.markerScale = shown.markerScale;
    built.kernel.runtimeShare = shown.runtimeShare;
    shown = std::move(built.kernel);
    m_scene->kernelBounds.reset(); // measured again when wanted
    refreshSummary();
    Q_EMIT kernelMoved(index);
    Q_EMIT comparisonChanged();
}

void SessionAnalysis::refreshSummary()
{
    if (m_options.review) {
        m_scene->summary = buildChartSummary(shownSession(), comparison(), *m_scene);
        addVerdicts(m_scene->summary, verdicts());
    }
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
    for (size_t d = 0; d < m_analysis.results.size() && d < m_scene->devices.size(); ++d) {
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
    if (source && static_cast<size_t>(sceneDevice) < devices().size()) {
        html += groupPartToolTip(*source, *devices()[static_cast<size_t>(sceneDevice)].hardware);
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
    for (size_t d = 0; d < devices().size() && d < m_scene->devices.size(); ++d) {
        const SceneDevice& device = devices()[d];
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

#include "moc_SessionAnalysis.cpp"
