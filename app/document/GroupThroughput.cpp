#include "document/GroupThroughput.h"

#include "document/ChartModel.h"
#include "document/SessionAnalysis.h"
#include "document/SessionDocument.h"
#include "io/SessionEvaluator.h"
#include "model/Comparison.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/DeviceExpansion.h"

#include <algorithm>
#include <iterator>

namespace roofscope {

namespace {
// Most tokens per second first, among the like-for-like devices that have a time.
void rankDevices(GroupThroughput& group)
{
    std::vector<GroupThroughput::Device*> ranked;
    for (GroupThroughput::Device& device : group.devices) {
        device.rank = 0;
        if (device.likeForLike && device.tokensPerSecond > 0.0) {
            ranked.push_back(&device);
        }
    }
    std::stable_sort(ranked.begin(), ranked.end(),
        [](const auto* a, const auto* b) { return a->tokensPerSecond > b->tokensPerSecond; });
    for (size_t i = 0; i < ranked.size(); ++i) {
        ranked[i]->rank = static_cast<int>(i) + 1;
    }
}

QString phaseOf(const Kernel& group, const TransformerExpansion& expansion)
{
    (void)group;
    return expansion.config.prefill ? QStringLiteral("prefill") : QStringLiteral("decode");
}
} // namespace

std::vector<GroupThroughput> groupThroughputs(const Session& session, const Session& shown,
    const std::vector<QString>& deviceLabels, const std::function<const Evaluation*(size_t, size_t)>& evaluation,
    const Comparison& comparison)
{
    std::vector<GroupThroughput> out;
    size_t first = 0; // the shown kernels of session kernel k start here (groups that fail expand to none)
    for (const Kernel& kernel : session.kernels) {
        if (!isKernelGroup(kernel)) {
            ++first;
            continue;
        }
        const TransformerExpansion expansion = expandTransformer(*kernel.templ);
        // The group's shown parts (those of every device's step, expandKernelGroupsOnChips()).
        size_t count = 0;
        while (first + count < shown.kernels.size() && shown.kernels[first + count].groupPart
            && kernelGroupName(shown.kernels[first + count]) == kernel.name) {
            ++count;
        }
        const size_t begin = first;
        first += count;
        if (count == 0 || !expansion.error.empty() || !(kernel.count > 0.0)) {
            continue;
        }
        GroupThroughput group;
        group.group = QString::fromStdString(kernel.name);
        group.phase = phaseOf(kernel, expansion);
        group.tokensPerStep = expansion.config.tokensPerStep();
        for (size_t d = 0; d < deviceLabels.size(); ++d) {
            GroupThroughput::Device device;
            device.sceneDevice = static_cast<int>(d);
            device.label = deviceLabels[d];
            device.likeForLike = d >= comparison.entries.size() || comparison.entries[d].basis.comparable;
            double seconds = 0.0; // the group's steps (its count) together
            bool complete = true;
            for (size_t p = begin; p < begin + count; ++p) {
                const Evaluation* ev = evaluation(p, d);
                complete = complete && ev;
                seconds += ev ? ev->tMin * shown.kernels[p].count : 0.0;
            }
            if (complete && seconds > 0.0) {
                device.stepSeconds = seconds / kernel.count;
                device.tokensPerSecond = group.tokensPerStep / device.stepSeconds;
            }
            group.devices.push_back(device);
        }
        rankDevices(group);
        out.push_back(std::move(group));
    }
    return out;
}

void useServingFigures(std::vector<GroupThroughput>& groups, const std::vector<std::vector<GroupServing>>& served)
{
    for (GroupThroughput& group : groups) {
        const std::string name = group.group.toStdString();
        for (size_t d = 0; d < group.devices.size() && d < served.size(); ++d) {
            const auto found = std::find_if(
                served[d].begin(), served[d].end(), [&name](const GroupServing& s) { return s.name == name; });
            if (found == served[d].end()) {
                continue;
            }
            GroupThroughput::Device& device = group.devices[d];
            const ServingStep& step = found->step;
            if (!step.error.empty() || !(step.tokensPerSecond > 0.0)) {
                device.stepSeconds = 0.0;
                device.tokensPerSecond = 0.0;
                continue;
            }
            device.stepSeconds = step.tMin;
            device.tokensPerSecond = step.tokensPerSecond;
            device.likeForLike = device.likeForLike && step.memory.fits;
        }
        rankDevices(group);
    }
}

std::vector<GroupThroughput> groupThroughputs(const SessionAnalysis& analysis)
{
    std::vector<GroupThroughput> out;
    if (!analysis.hasGroups()) {
        return out;
    }
    const Session& session = analysis.document()->session();
    const Session& shown = analysis.shownSession();
    const ChartScene& scene = analysis.scene();
    const Comparison& comparison = analysis.comparison();
    for (size_t k = 0; k < session.kernels.size(); ++k) {
        const Kernel& kernel = session.kernels[k];
        const int first = analysis.firstShownKernel(static_cast<int>(k));
        const int count = analysis.shownKernelCount(static_cast<int>(k));
        if (!isKernelGroup(kernel) || first < 0 || count == 0 || !(kernel.count > 0.0)) {
            continue;
        }
        const TransformerExpansion expansion = expandTransformer(*kernel.templ);
        if (!expansion.error.empty()) {
            continue;
        }
        GroupThroughput group;
        group.group = QString::fromStdString(kernel.name);
        group.phase = phaseOf(kernel, expansion);
        group.tokensPerStep = expansion.config.tokensPerStep();
        for (size_t d = 0; d < analysis.results().size() && d < scene.devices.size(); ++d) {
            GroupThroughput::Device device;
            device.sceneDevice = static_cast<int>(d);
            device.label = scene.devices[d].label;
            device.likeForLike = d >= comparison.entries.size() || comparison.entries[d].basis.comparable;
            double seconds = 0.0; // the group's steps (its count) together
            bool complete = true;
            for (int p = first; p < first + count; ++p) {
                const Evaluation* ev = analysis.evaluation(static_cast<size_t>(p), d);
                complete = complete && ev;
                seconds += ev ? ev->tMin * shown.kernels[static_cast<size_t>(p)].count : 0.0;
            }
            if (complete && seconds > 0.0) {
                device.stepSeconds = seconds / kernel.count;
                device.tokensPerSecond = group.tokensPerStep / device.stepSeconds;
            }
            group.devices.push_back(device);
        }
        rankDevices(group);
        out.push_back(std::move(group));
    }
    const auto served = serveSessionGroups(session, analysis.hardware());
    if (served.size() == scene.devices.size()) {
        useServingFigures(out, served);
    }
    return out;
}

QString tokensPerSecondText(double tokensPerSecond)
{
    if (!(tokensPerSecond > 0.0)) {
        return QObject::tr("— tokens/s");
    }
    // Three significant digits and an SI prefix: "950", "12.3k", "1.23M".
    static const char* const kPrefixes[] = { "", "k", "M", "G", "T" };
    double value = tokensPerSecond;
    size_t prefix = 0;
    while (value >= 999.5 && prefix + 1 < std::size(kPrefixes)) {
        value /= 1000.0;
        ++prefix;
    }
    return QObject::tr("%1 tokens/s").arg(QString::number(value, 'g', 3) + QLatin1String(kPrefixes[prefix]));
}

QStringList groupThroughputLines(const std::vector<GroupThroughput>& groups)
{
    QStringList lines;
    for (const GroupThroughput& group : groups) {
        QStringList parts;
        parts << QObject::tr("%1: %2 tokens per step")
                     .arg(group.group, QString::fromStdString(formatNumber(group.tokensPerStep, 8)));
        for (const GroupThroughput::Device& device : group.devices) {
            parts << (device.stepSeconds > 0.0
                    ? QObject::tr("%1 %2 (%3 per step)")
                          .arg(device.label, tokensPerSecondText(device.tokensPerSecond),
                              QString::fromStdString(formatQuantity(device.stepSeconds, Dimension::Seconds, 3)))
                    : QObject::tr("%1: not every kernel could be evaluated").arg(device.label));
        }
        lines << parts.join(QStringLiteral(" · "));
    }
    return lines;
}

QStringList groupCaptionLines(const std::vector<GroupThroughput>& groups)
{
    QStringList lines;
    for (const GroupThroughput& group : groups) {
        lines << QObject::tr("%1: %2, %3 tokens per step")
                     .arg(group.group, group.phase, QString::fromStdString(formatNumber(group.tokensPerStep, 8)));
    }
    return lines;
}

void addGroupThroughput(ChartSummary& summary, const std::vector<GroupThroughput>& groups)
{
    for (ChartSummaryRow& row : summary.rows) {
        for (const GroupThroughput& group : groups) {
            for (const GroupThroughput::Device& device : group.devices) {
                if (device.sceneDevice == row.sceneDevice && device.stepSeconds > 0.0) {
                    QString text = tokensPerSecondText(device.tokensPerSecond);
                    if (groups.size() > 1) {
                        text = group.group + QLatin1Char(' ') + text;
                    }
                    text.replace(QLatin1Char(' '), QChar(0x00A0)); // wraps between figures, not inside one
                    row.detail += QStringLiteral(" · ") + text;
                }
            }
        }
    }
}

} // namespace roofscope
