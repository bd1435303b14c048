#include "scene/GroupColumns.h"

#include "analysis/SessionVerdict.h"
#include "io/VerdictFormat.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "scene/ChartModel.h"
#include "scene/SceneBuilder.h"
#include "session/QtText.h"

#include <QObject>

namespace roofscope {

namespace {
std::optional<double> batchOf(const VerdictDevice& d)
{
    return d.error.empty() ? std::optional<double>(d.batch) : std::nullopt;
}
} // namespace

const GroupVerdict* verdictOfKernel(
    const std::vector<GroupVerdict>& verdicts, const Session& session, int sessionKernel)
{
    if (sessionKernel < 0 || static_cast<size_t>(sessionKernel) >= session.kernels.size()) {
        return nullptr;
    }
    size_t index = 0; // the verdicts follow the session's transformer groups in order
    for (int k = 0; k < sessionKernel; ++k) {
        const Kernel& kernel = session.kernels[static_cast<size_t>(k)];
        index += isKernelGroup(kernel) && kernel.templ && kernel.templ->name == kTransformerTemplate ? 1 : 0;
    }
    const Kernel& kernel = session.kernels[static_cast<size_t>(sessionKernel)];
    const bool group = isKernelGroup(kernel) && kernel.templ && kernel.templ->name == kTransformerTemplate;
    return group && index < verdicts.size() ? &verdicts[index] : nullptr;
}

const std::vector<GroupMetric>& groupMetrics()
{
    static const std::vector<GroupMetric> metrics {
        { "batch", "batch",
            "The operating point of the verdict: the group's batch, or with a latency target the batch of the most "
            "tokens/s per chip that meets it and fits",
            batchOf, [](double v) { return qs(formatNumber(v, 12)); }, false },
        { "tokens_per_s_per_chip", "tok/s/chip",
            "Tokens per second per chip of the served step at the operating batch (a bound: the most the roofs "
            "allow, collectives overlapped)",
            [](const VerdictDevice& d) { return d.figure(VerdictCriterion::TokensPerSecondPerChip); },
            [](double v) { return qs(formatSi(v)); }, true, VerdictCriterion::TokensPerSecondPerChip },
        { "usd_per_million_tokens", "$/Mtok",
            "US dollars per million tokens at the device's hourly price, at the operating batch",
            [](const VerdictDevice& d) { return d.figure(VerdictCriterion::UsdPerMillionTokens); },
            [](double v) { return QStringLiteral("$") + qs(formatNumber(v, 3)); }, true,
            VerdictCriterion::UsdPerMillionTokens },
    };
    return metrics;
}

std::vector<GroupColumn> groupColumns(const std::vector<GroupVerdict>& verdicts)
{
    std::vector<GroupColumn> columns;
    for (size_t g = 0; g < verdicts.size(); ++g) {
        for (size_t m = 0; m < groupMetrics().size(); ++m) {
            columns.push_back(
                { g, m, qs(verdicts[g].group) + QLatin1Char(' ') + QObject::tr(groupMetrics()[m].title) });
        }
    }
    return columns;
}

const VerdictDevice* verdictDevice(const GroupVerdict& verdict, int sceneDevice)
{
    return sceneDevice >= 0 && static_cast<size_t>(sceneDevice) < verdict.devices.size()
        ? &verdict.devices[static_cast<size_t>(sceneDevice)]
        : nullptr;
}

std::optional<double> groupNumber(const std::vector<GroupVerdict>& verdicts, const GroupColumn& column, int sceneDevice)
{
    if (column.group >= verdicts.size() || column.metric >= groupMetrics().size()) {
        return std::nullopt;
    }
    const VerdictDevice* device = verdictDevice(verdicts[column.group], sceneDevice);
    return device ? groupMetrics()[column.metric].value(*device) : std::nullopt;
}

QString groupCell(const std::vector<GroupVerdict>& verdicts, const GroupColumn& column, int sceneDevice)
{
    const std::optional<double> value = groupNumber(verdicts, column, sceneDevice);
    if (!value) {
        return {};
    }
    const VerdictDevice* device = verdictDevice(verdicts[column.group], sceneDevice);
    // Starred: ranked on no criterion (does not fit, misses the target, not comparable, refused).
    const bool unranked
        = device && std::none_of(device->ranks.begin(), device->ranks.end(), [](int r) { return r > 0; });
    return groupMetrics()[column.metric].text(*value) + (unranked ? QStringLiteral(" *") : QString());
}

QStringList verdictTextLines(const std::vector<GroupVerdict>& verdicts)
{
    QStringList lines;
    for (const GroupVerdict& verdict : verdicts) {
        for (const std::string& line : verdictLines(verdict)) {
            lines << qs(line);
        }
    }
    return lines;
}

QStringList verdictCaptions(const std::vector<GroupVerdict>& verdicts)
{
    QStringList lines;
    for (const GroupVerdict& verdict : verdicts) {
        const QStringList parts = qs(verdict.headline).split(QStringLiteral("; "));
        for (int i = 0; i < parts.size(); ++i) {
            lines << parts[i] + (i + 1 < parts.size() ? QStringLiteral(";") : QString());
        }
    }
    return lines;
}

void addVerdicts(ChartSummary& summary, const std::vector<GroupVerdict>& verdicts)
{
    for (ChartSummaryRow& row : summary.rows) {
        for (const GroupVerdict& verdict : verdicts) {
            const VerdictDevice* device = verdictDevice(verdict, row.sceneDevice);
            if (!device) {
                continue;
            }
            QString text = qs(verdictBrief(verdict, *device));
            if (verdicts.size() > 1) {
                text = qs(verdict.group) + QStringLiteral(": ") + text;
            }
            text.replace(QLatin1Char(' '), QChar(0x00A0)); // wraps between figures, not inside one
            row.detail += QStringLiteral(" · ") + text;
        }
    }
    for (const GroupVerdict& verdict : verdicts) {
        summary.headlines << qs(verdict.headline);
    }
}

} // namespace roofscope
