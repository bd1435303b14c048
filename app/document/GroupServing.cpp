#include "document/GroupServing.h"

#include "document/ChartModel.h"
#include "document/SceneBuilder.h"
#include "document/ServingCurves.h"
#include "document/SessionAnalysis.h"
#include "document/SessionDocument.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/ServingStep.h"

#include <QObject>

#include <vector>

namespace roofscope {

QStringList groupServingLines(const SessionAnalysis& analysis)
{
    const Session& session = analysis.document()->session();
    const std::vector<SceneDevice>& devices = analysis.devices();
    const ChartScene& scene = analysis.scene();
    QStringList lines;
    for (size_t g = 0; g < session.kernels.size(); ++g) {
        const Kernel& group = session.kernels[g];
        if (!isKernelGroup(group) || !group.templ || group.templ->name != kTransformerTemplate) {
            continue;
        }
        std::vector<ServingStep> steps;
        steps.reserve(devices.size());
        for (const SceneDevice& device : devices) {
            if (!device.hardware) {
                steps.emplace_back();
                steps.back().error = "not in the hardware database";
                continue;
            }
            ServingOptions options;
            options.eval = device.options;
            if (device.sessionIndex < session.devices.size()) {
                options.pricePerHourPerChip = session.devices[device.sessionIndex].pricePerHourDollars;
                options.tdpWattsPerChip = session.devices[device.sessionIndex].tdpWatts;
            }
            steps.push_back(evaluateServing(*group.templ, *device.hardware, options));
        }
        std::vector<const ServingStep*> pointers;
        for (const ServingStep& s : steps) {
            pointers.push_back(&s);
        }
        const std::vector<int> ranks = servingRanks(pointers);
        lines << QObject::tr("%1 served (bounds on %2 roofs, from T_min):")
                     .arg(QString::fromStdString(group.name),
                         session.view.sustained ? QObject::tr("sustained") : QObject::tr("peak"));
        for (size_t d = 0; d < steps.size(); ++d) {
            const ServingStep& s = steps[d];
            const QString label
                = d < scene.devices.size() ? scene.devices[d].label : QString::fromStdString(s.hardwareLabel);
            if (!s.error.empty()) {
                lines << QObject::tr("  %1: %2").arg(label, QString::fromStdString(s.error));
                continue;
            }
            QStringList parts;
            parts << QObject::tr("  #%1 %2").arg(ranks[d]).arg(label);
            const std::string perChip = formatQuantity(s.memory.perChipBytes, Dimension::Bytes, 3);
            if (s.memory.fits && !*s.memory.fits) {
                parts << QString::fromStdString(s.fitText());
            } else if (s.memory.capacityPerChipBytes) {
                parts << QObject::tr("fits (%1 of %2 per chip)")
                             .arg(QString::fromStdString(perChip),
                                 QString::fromStdString(
                                     formatQuantity(*s.memory.capacityPerChipBytes, Dimension::Bytes, 3)));
            } else {
                parts << QObject::tr("%1 per chip (capacity unknown)").arg(QString::fromStdString(perChip));
            }
            if (s.memory.maxBatch) {
                parts << QObject::tr("max batch %1").arg(servingNumber(*s.memory.maxBatch));
            }
            parts << QObject::tr("%1 tokens/s (%2 per chip)")
                         .arg(servingNumber(s.tokensPerSecond),
                             servingNumber(s.cost.tokensPerSecondPerChip.value_or(0.0)));
            parts << (s.cost.usdPerMillionTokens
                    ? QObject::tr("$%1/Mtok").arg(servingNumber(*s.cost.usdPerMillionTokens))
                    : QObject::tr("$/Mtok: no price"));
            parts << (s.cost.joulesPerToken ? QObject::tr("%1 J/token").arg(servingNumber(*s.cost.joulesPerToken))
                                            : QObject::tr("J/token: no TDP"));
            if (s.collectiveSeconds > 0.0) {
                parts << QObject::tr("collectives %1 % of T_max").arg(qRound(s.collectiveShare * 100.0));
            }
            lines << parts.join(QStringLiteral(" · "));
        }
    }
    return lines;
}

void addServingPicks(ChartSummary& summary, const SessionAnalysis& analysis)
{
    const Session& session = analysis.document()->session();
    if (!session.view.servingTargetMs) {
        return;
    }
    const int group = servingGroupIndex(session, -1);
    if (group < 0) {
        return;
    }
    const double target = *session.view.servingTargetMs;
    const ServingCurves curves = computeServingCurves(session, analysis.devices(), analysis.scene(), group);
    for (ChartSummaryRow& row : summary.rows) {
        for (const ServingCurve& c : curves.curves) {
            if (c.label != row.label) {
                continue;
            }
            const auto best = bestOperatingPoint(c, target, ServingYAxis::TokensPerSecondPerChip);
            if (!best) {
                row.detail += QObject::tr(" · <= %1 ms/token: none").arg(servingNumber(target));
                continue;
            }
            const ServingCurvePoint& p = c.points[*best];
            row.detail += QObject::tr(" · <= %1 ms/token: %2 tok/s/chip")
                              .arg(servingNumber(target), servingNumber(p.tokensPerSecondPerChip));
            if (p.usdPerMillionTokens) {
                row.detail += QObject::tr(", $%1/Mtok").arg(servingNumber(*p.usdPerMillionTokens));
            }
        }
    }
}

} // namespace roofscope
