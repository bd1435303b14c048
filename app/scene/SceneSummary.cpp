// The short device labels of the chart and the review panel's workload summary.

#include "scene/SceneBuilder.h"

#include "scene/ChartPalette.h"

#include "model/Hardware.h"
#include "model/Session.h"
#include "model/Units.h"
#include "session/QtText.h"

#include <QObject>

#include <algorithm>

namespace roofscope {

QString shortDeviceLabel(const Hardware& hardware)
{
    return qs(hardware.shortLabel());
}

std::vector<QColor> sessionDeviceColors(const Session& session)
{
    std::vector<std::string> ids;
    ids.reserve(session.devices.size());
    for (const DeviceSelection& selection : session.devices) {
        ids.push_back(selection.id);
    }
    return deviceColors(ids);
}

ChartSummary buildChartSummary(const Session& session, const Comparison& comparison, const ChartScene& scene)
{
    ChartSummary summary;
    double flops = 0.0;
    double launches = 0.0;
    for (const Kernel& kernel : session.kernels) {
        launches += kernel.count;
    }
    // Ranked devices first (like-for-like, fastest first), then the others: an unlike row is never first.
    for (const size_t d : comparison.displayOrder()) {
        if (d >= scene.devices.size()) {
            continue;
        }
        const ComparisonEntry& entry = comparison.entries[d];
        const ChartDevice& device = scene.devices[d];
        flops = std::max(flops, entry.totals.flops);
        ChartSummaryRow row;
        row.label = device.label;
        const bool shared = std::count_if(scene.devices.begin(), scene.devices.end(), [&](const ChartDevice& other) {
            return other.label == device.label;
        }) > 1;
        if (shared) {
            row.label += QStringLiteral(" (%1)").arg(device.precision);
        }
        row.color = device.color;
        row.sceneDevice = static_cast<int>(d);
        row.tMin = entry.totals.tMin;
        row.speedup = entry.speedup;
        row.computeShare = entry.computeShare();
        row.memoryShare = entry.memoryShare();
        row.networkShare = entry.networkShare();
        row.baseline = entry.isBaseline;
        QStringList detail;
        const std::pair<double, QString> shares[3] = {
            { row.computeShare, QObject::tr("compute") },
            { row.memoryShare, QObject::tr("memory") },
            { row.networkShare, QObject::tr("network") },
        };
        for (const auto& [share, name] : shares) {
            if (share >= 0.005) {
                detail << QStringLiteral("%1 % %2").arg(qs(formatNumber(share * 100.0, 2)), name);
            }
        }
        if (entry.totals.flopsPerSecondPerWatt) {
            detail << qs(formatQuantity(*entry.totals.flopsPerSecondPerWatt, Dimension::FlopsPerSecond, 3)) + "/W";
        }
        if (entry.totals.flopsPerSecondPerDollar) {
            detail << qs(formatQuantity(*entry.totals.flopsPerSecondPerDollar, Dimension::FlopsPerSecond, 3)) + "/$";
        }
        if (!entry.basis.comparable) { // marked, and what it rests on before its figures
            row.label += QStringLiteral(" *");
            detail.prepend(QStringLiteral("\u26A0 ") + qs(entry.basis.brief()));
        }
        for (QString& part : detail) {
            // Wrap between the figures, never inside one (a word joiner keeps "TFLOP/s/W" whole).
            part.replace(QLatin1Char(' '), QChar(0x00A0));
            part.replace(QStringLiteral("/"), QStringLiteral("/\u2060"));
        }
        row.detail = detail.join(QStringLiteral(" · "));
        summary.rows.push_back(std::move(row));
    }
    summary.ordering = !comparison.rankingRefused.empty()
        ? QObject::tr("Not ranked: decode and prefill steps are summed · bar: T_min total")
        : comparison.ranking.size() < comparison.entries.size()
        ? QObject::tr("Like-for-like devices fastest first, * rows after them · bar: T_min total")
        : QObject::tr("Fastest first · bar: T_min total");
    const size_t kernels = session.kernels.size();
    summary.title = kernels == 1 ? QObject::tr("Workload: 1 kernel") : QObject::tr("Workload: %1 kernels").arg(kernels);
    if (launches != static_cast<double>(kernels)) {
        summary.title += QObject::tr(" (%1\u00A0launches)").arg(qs(formatNumber(launches, 4)));
    }
    if (flops > 0.0) {
        summary.title += QStringLiteral(", ")
            + qs(formatQuantity(flops, Dimension::Flops, 3)).replace(QLatin1Char(' '), QChar(0x00A0));
    }
    return summary;
}

} // namespace roofscope
