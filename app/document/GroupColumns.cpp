#include "document/GroupColumns.h"

#include <QObject>

namespace roofscope {

namespace {
const GroupThroughput::Device* deviceOf(const GroupThroughput& group, int sceneDevice)
{
    for (const GroupThroughput::Device& device : group.devices) {
        if (device.sceneDevice == sceneDevice) {
            return &device;
        }
    }
    return nullptr;
}
} // namespace

const std::vector<GroupMetric>& groupMetrics()
{
    static const std::vector<GroupMetric> metrics {
        {
            "tokens_per_s",
            "tokens/s",
            "Tokens per second of one step of the group on this device: the step's tokens over the sum of its "
            "kernels' T_min (a bound: the most the roofs allow)",
            [](const GroupThroughput::Device& device) {
                return device.tokensPerSecond > 0.0 ? std::optional<double>(device.tokensPerSecond) : std::nullopt;
            },
            [](double value) { return tokensPerSecondText(value); },
            true,
        },
    };
    return metrics;
}

std::vector<GroupColumn> groupColumns(const std::vector<GroupThroughput>& groups)
{
    std::vector<GroupColumn> columns;
    for (size_t g = 0; g < groups.size(); ++g) {
        for (size_t m = 0; m < groupMetrics().size(); ++m) {
            columns.push_back({ g, m, groups[g].group + QLatin1Char(' ') + QObject::tr(groupMetrics()[m].title) });
        }
    }
    return columns;
}

std::optional<double> groupNumber(
    const std::vector<GroupThroughput>& groups, const GroupColumn& column, int sceneDevice)
{
    if (column.group >= groups.size() || column.metric >= groupMetrics().size()) {
        return std::nullopt;
    }
    const GroupThroughput::Device* device = deviceOf(groups[column.group], sceneDevice);
    return device ? groupMetrics()[column.metric].value(*device) : std::nullopt;
}

QString groupCell(const std::vector<GroupThroughput>& groups, const GroupColumn& column, int sceneDevice)
{
    const std::optional<double> value = groupNumber(groups, column, sceneDevice);
    if (!value) {
        return {};
    }
    const GroupThroughput::Device* device = deviceOf(groups[column.group], sceneDevice);
    return groupMetrics()[column.metric].text(*value)
        + (device && !device->likeForLike ? QStringLiteral(" *") : QString());
}

} // namespace roofscope
