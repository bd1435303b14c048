#include "document/GroupThroughput.h"

#include "document/ChartModel.h"
#include "document/SessionAnalysis.h"
#include "document/SessionDocument.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"

#include <iterator>

namespace roofscope {

std::vector<GroupThroughput> groupThroughputs(const SessionAnalysis& analysis)
{
    std::vector<GroupThroughput> out;
    if (!analysis.hasGroups()) {
        return out;
    }
    const Session& session = analysis.document()->session();
    const Session& shown = analysis.shownSession();
    const ChartScene& scene = analysis.scene();
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
        group.tokensPerStep = expansion.config.tokensPerStep();
        for (size_t d = 0; d < analysis.results().size() && d < scene.devices.size(); ++d) {
            GroupThroughput::Device device;
            device.sceneDevice = static_cast<int>(d);
            device.label = scene.devices[d].label;
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
        out.push_back(std::move(group));
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

void addGroupThroughput(ChartSummary& summary, const std::vector<GroupThroughput>& groups)
{
    if (groups.size() != 1) {
        return; // several groups: the comparison dock lists each
    }
    for (ChartSummaryRow& row : summary.rows) {
        for (const GroupThroughput::Device& device : groups.front().devices) {
            if (device.label == row.label && device.stepSeconds > 0.0) {
                row.detail += QStringLiteral(" · ") + tokensPerSecondText(device.tokensPerSecond);
            }
        }
    }
}

} // namespace roofscope
