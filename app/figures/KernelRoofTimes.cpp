#include "figures/KernelRoofTimes.h"

#include "figures/SessionAnalysis.h"
#include "model/Units.h"
#include "session/QtText.h"
#include "session/SessionDocument.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

KernelRoofTimes::KernelRoofTimes(SessionAnalysis* analysis, QObject* parent)
    : QObject(parent)
    , m_analysis(analysis)
{
    // Reading the evaluations costs next to nothing: every step of a drag is followed, none is left
    // for the end of the interaction.
    connect(m_analysis, &SessionAnalysis::sceneChanged, this, [this] { recompute(); });
    connect(m_analysis, &SessionAnalysis::kernelMoved, this, [this](int shown) {
        if (m_kernel >= 0 && m_analysis->sessionKernelOf(shown) == m_kernel) {
            recompute();
        }
    });
}

void KernelRoofTimes::setKernel(int shown)
{
    m_kernel = m_analysis->sessionKernelOf(shown);
    m_part.clear();
    // A group is shown as its kernels, each with its own evaluation: the part is kept by its name
    // (its index in the step may change when the step is expanded again).
    const auto& kernels = m_analysis->shownSession().kernels;
    if (m_kernel >= 0 && m_analysis->groupPartOf(shown) >= 0 && kernels[static_cast<size_t>(shown)].groupPart) {
        m_part = kernels[static_cast<size_t>(shown)].groupPart->part;
    }
    recompute();
}

int KernelRoofTimes::findShown() const
{
    const int first = m_analysis->firstShownKernel(m_kernel);
    if (first < 0 || m_part.empty()) {
        return first;
    }
    const auto& kernels = m_analysis->shownSession().kernels;
    for (int k = first; k < first + m_analysis->shownKernelCount(m_kernel); ++k) {
        const Kernel& kernel = kernels[static_cast<size_t>(k)];
        if (kernel.groupPart && kernel.groupPart->part == m_part) {
            return k;
        }
    }
    return -1;
}

void KernelRoofTimes::recompute()
{
    m_devices.clear();
    m_roofNames.clear();
    m_error.clear();
    m_shown = -1;
    const Session& session = m_analysis->document()->session();
    if (m_kernel < 0 || static_cast<size_t>(m_kernel) >= session.kernels.size()) {
        m_kernel = -1;
        m_part.clear();
        Q_EMIT changed();
        return;
    }
    m_shown = findShown();
    if (m_shown < 0) {
        m_error = m_analysis->firstShownKernel(m_kernel) < 0
            ? tr("It is shown as no kernel (the problems in the status line say why)")
            : tr("Its step has no kernel '%1' any more").arg(qs(m_part));
        Q_EMIT changed();
        return;
    }
    const auto shown = static_cast<size_t>(m_shown);
    const Kernel& kernel = m_analysis->shownSession().kernels[shown];
    const auto& results = m_analysis->results();
    const ChartScene& scene = m_analysis->scene();
    m_roofNames.push_back("compute");
    for (size_t d = 0; d < m_analysis->devices().size() && d < results.size(); ++d) {
        DeviceRoofTimes row;
        row.sceneDevice = static_cast<int>(d);
        if (d < scene.devices.size()) {
            row.label = scene.devices[d].label;
            row.color = scene.devices[d].color;
        }
        row.flops = kernel.flops > 0.0;
        const DeviceResults& device = *results[d];
        if (!m_part.empty() && shown < device.counts.size()) {
            row.count = device.counts[shown];
        }
        if (const Evaluation* evaluation = m_analysis->evaluation(shown, d)) {
            row.times = roofTimes(*evaluation);
            row.sustained = evaluation->sustained;
            for (const RoofTime& roof : row.times->roofs) {
                if (std::find(m_roofNames.begin(), m_roofNames.end(), roof.name) == m_roofNames.end()) {
                    m_roofNames.push_back(roof.name);
                }
            }
        } else {
            row.error = shown < device.errors.size() && !device.errors[shown].empty() ? qs(device.errors[shown])
                                                                                      : tr("cannot evaluate it");
        }
        m_devices.push_back(std::move(row));
    }
    if (m_devices.empty()) {
        m_roofNames.clear();
        m_error = tr("No device is shown: switch one on in Hardware");
    }
    Q_EMIT changed();
}

QString KernelRoofTimes::secondsText(double seconds)
{
    return qs(formatQuantity(seconds, Dimension::Seconds));
}

QString KernelRoofTimes::roofTitle(const std::string& roof)
{
    return roof == "compute" ? tr("Compute") : qs(roof).toUpper();
}

QString KernelRoofTimes::leverText(const RoofTimes& times, bool flops)
{
    const RoofTime& binding = times.bindingRoof();
    const bool compute = binding.kind == RoofKind::Compute;
    const QString name = compute ? tr("compute") : roofTitle(binding.name);
    if (!times.fromRoofs) {
        return tr("a collective: timed as its bytes per chip over the link's collective bandwidth plus hops x "
                  "latency (%1), not by its roofs; on those alone %2 binds")
            .arg(secondsText(times.tMin), name);
    }
    const RoofTime* next = times.nextRoof();
    if (!next) {
        return compute ? tr("compute binds; no bytes counted on any level")
                       : tr("only %1 takes time: fewer %1 bytes shorten it in proportion").arg(name);
    }
    const QString nextName = next->kind == RoofKind::Compute ? tr("compute") : roofTitle(next->name);
    const QString factor = qs(formatNumber(times.headroom, 3));
    if (times.headroom < 1.005) {
        return tr("%1 binds, level with %2: both must fall to go faster").arg(name, nextName);
    }
    if (compute) {
        return tr("compute binds; %1 has %2x headroom").arg(nextName, factor);
    }
    return flops
        ? tr("%1 binds; %2x less %1 traffic (or %2x more intensity) before %3 binds").arg(name, factor, nextName)
        : tr("%1 binds; %2x less %1 traffic before %3 binds").arg(name, factor, nextName);
}

} // namespace roofscope

#include "moc_KernelRoofTimes.cpp"
