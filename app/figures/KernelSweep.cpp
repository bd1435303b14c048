#include "figures/KernelSweep.h"

#include "figures/SessionAnalysis.h"
#include "model/ChipScaling.h"
#include "model/RangeEvaluator.h"
#include "model/Templates.h"
#include "model/TransformerWorkload.h"
#include "session/QtText.h"
#include "session/SessionDocument.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

KernelSweep::KernelSweep(SessionAnalysis* analysis, QObject* parent)
    : QObject(parent)
    , m_analysis(analysis)
{
    connect(m_analysis, &SessionAnalysis::sceneChanged, this, [this] {
        // A group dragged along its swept parameter (the batch) rebuilds the scene; its path stays.
        if (m_kernel >= 0 && m_analysis->movingGroup() == m_kernel && onlySweptParameterMoved()) {
            return;
        }
        recompute();
    });
    connect(m_analysis, &SessionAnalysis::kernelMoved, this, [this](int shown) {
        if (m_analysis->sessionKernelOf(shown) == m_kernel && !onlySweptParameterMoved()) {
            recompute();
        }
    });
}

bool KernelSweep::onlySweptParameterMoved() const
{
    // The slider sets the swept parameter itself: the trajectory over its range stays the same.
    const auto& kernels = m_analysis->document()->session().kernels;
    if (m_stale || m_kernel < 0 || static_cast<size_t>(m_kernel) >= kernels.size() || !m_swept
        || m_trajectory.kernel < 0) {
        return false;
    }
    const Kernel& now = kernels[static_cast<size_t>(m_kernel)];
    if (!now.templ || !m_swept->templ || now.templ->name != m_swept->templ->name
        || now.templ->options != m_swept->templ->options || now.precision != m_swept->precision
        || now.templ->params.size() != m_swept->templ->params.size()) {
        return false;
    }
    for (const auto& [name, value] : now.templ->params) {
        const auto it = m_swept->templ->params.find(name);
        if (it == m_swept->templ->params.end() || (name != m_axis.name && it->second != value)) {
            return false;
        }
    }
    return true;
}

void KernelSweep::setSweep(int kernel, const ParameterAxis& axis)
{
    m_kernel = kernel;
    m_axis = axis;
    recompute();
}

QString KernelSweep::formatValue(double value, bool integer)
{
    if (std::abs(value) >= 1e5) {
        static const char* const kSuffixes[] = { "k", "M", "G", "T", "P" };
        double scaled = value;
        int i = -1;
        while (std::abs(scaled) >= 1000.0 && i < 4) {
            scaled /= 1000.0;
            ++i;
        }
        return QString::number(scaled, 'g', 3) + QLatin1String(kSuffixes[i]);
    }
    if (integer || std::abs(value) >= 100.0) {
        return QString::number(std::llround(value));
    }
    return QString::number(value, 'g', 3);
}

void KernelSweep::ensureCurrent()
{
    if (m_stale) {
        const auto wanted = std::move(m_wanted);
        recompute();
        m_wanted = wanted;
    }
}

bool KernelSweep::sweepDevices(const Session& session, const Kernel& kernel, std::vector<Hardware>& singles,
    std::vector<std::pair<size_t, SweepDevice>>& found)
{
    const auto& devices = m_analysis->devices();
    const auto& results = m_analysis->results();
    // Devices with the same options and width share one sweep: the kernel is derived once per value
    // for all of them (a group's step expanded once, not once per device).
    struct Shared {
        const EvalOptions* options = nullptr;
        double chips = 1.0;
        std::vector<size_t> scene;
        std::vector<Hardware> hardware;
    };
    const auto sameOptions = [](const EvalOptions& a, const EvalOptions& b) {
        return a.precision == b.precision && a.unit == b.unit && a.sustained == b.sustained
            && a.commFraction == b.commFraction && a.tolerance == b.tolerance && a.disabledLevels == b.disabledLevels;
    };
    std::vector<Shared> groups;
    for (size_t i = 0; i < devices.size() && i < results.size(); ++i) {
        if (!devices[i].hardware || !results[i] || !results[i]->hardware) {
            continue;
        }
        DeviceSelection single = session.devices[devices[i].sessionIndex];
        single.chips = 1;
        singles[i] = sessionHardware(*results[i]->hardware, single);
        const double chips = devices[i].chips;
        auto group = std::find_if(groups.begin(), groups.end(),
            [&](const Shared& g) { return g.chips == chips && sameOptions(*g.options, devices[i].options); });
        if (group == groups.end()) {
            groups.push_back({ &devices[i].options, chips, {}, {} });
            group = std::prev(groups.end());
        }
        group->scene.push_back(i);
        group->hardware.push_back(singles[i]);
    }
    for (Shared& group : groups) {
        SweepResult result = sweep(kernel, group.hardware, *group.options, m_axis, group.chips);
        if (!result.error.empty()) {
            m_error = qs(result.error);
            m_trajectory.kernel = -1;
            Q_EMIT changed();
            return false;
        }
        if (m_values.empty()) {
            m_values = result.values;
        }
        for (size_t j = 0; j < result.devices.size() && j < group.scene.size(); ++j) {
            if (result.devices[j].error.empty()) {
                found.emplace_back(group.scene[j], std::move(result.devices[j]));
            }
        }
    }
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return true;
}

void KernelSweep::recompute()
{
    if (m_wanted && m_kernel >= 0 && !m_wanted()) {
        m_stale = true; // a sweep per device: not while nobody looks at it
        return;
    }
    m_stale = false;
    m_trajectory = {};
    m_swept.reset();
    m_sweepDevices.clear();
    m_values.clear();
    m_error.clear();
    const Session& session = m_analysis->document()->session();
    if (m_kernel < 0 || static_cast<size_t>(m_kernel) >= session.kernels.size()) {
        m_kernel = -1;
        Q_EMIT changed();
        return;
    }
    const Kernel& kernel = session.kernels[static_cast<size_t>(m_kernel)];
    m_swept = kernel;
    // A kernel group (a transformer step) sweeps any of its sizes, drawn at the step's totals.
    const TemplateDefinition* definition = kernel.templ ? findTemplate(kernel.templ->name) : nullptr;
    const TemplateParameter* parameter = definition ? definition->parameter(m_axis.name) : nullptr;
    const auto& groupNames = transformerParameters();
    const bool groupParameter
        = isKernelGroup(kernel) && std::find(groupNames.begin(), groupNames.end(), m_axis.name) != groupNames.end();
    const bool integer = groupParameter || (parameter && parameter->integer);
    if (!parameter && !groupParameter) {
        m_error = tr("%1 has no parameter '%2' to sweep").arg(qs(kernel.name), qs(m_axis.name));
        Q_EMIT changed();
        return;
    }
    m_trajectory.kernel = m_kernel;
    m_trajectory.parameter = qs(m_axis.name);

    // Each device as wide as the session uses it (sweep() widens the single chip itself), at its
    // own precision and enabled levels.
    const auto& devices = m_analysis->devices();
    const ChartScene& scene = m_analysis->scene();
    std::vector<std::pair<size_t, SweepDevice>> found;
    std::vector<Hardware> singles(devices.size());
    if (!sweepDevices(session, kernel, singles, found)) {
        return;
    }
    for (auto& [i, device] : found) {
        TrajectoryDevice drawn;
        drawn.sceneDevice = static_cast<int>(i);
        drawn.color = i < scene.devices.size() ? scene.devices[i].color : QColor(Qt::gray);
        drawn.points.reserve(device.points.size());
        // The chart's x at a value: the sweep's default-level intensity, or, with the x-axis on another
        // level, the kernel at that value placed as its marker is (placeOnXLevel). Every roof of a
        // device N chips wide scales alike, so one chip gives the same levels and binding.
        KernelProbe placeProbe(kernel, devices[i].chips);
        const auto xAt = [&](double value, double defaultIntensity) {
            if (scene.xLevel.empty()) {
                return defaultIntensity;
            }
            placeProbe.set(m_axis.name, value);
            Kernel derived = placeProbe.derive();
            placeCollectiveBytes(derived, singles[i]);
            const EvaluationResult evaluated = evaluate(derived, singles[i], devices[i].options);
            if (!evaluated.evaluation) {
                return defaultIntensity;
            }
            ChartKernelPoint point;
            placeOnXLevel(point, *evaluated.evaluation, scene.xLevel);
            return point.intensity;
        };
        for (const SweepPoint& p : device.points) {
            drawn.points.push_back({ xAt(p.value, p.intensity), p.attainable });
        }
        if (!device.crossings.empty()) {
            // Where each crossing lies on the chart: the kernel at that value on the device.
            const Hardware& hardware = singles[i];
            KernelProbe widthProbe(kernel, devices[i].chips);
            RangeEvaluator evaluator;
            std::string error;
            widthProbe.set(m_axis.name, device.crossings.front().value);
            const bool prepared = evaluator.prepare(widthProbe.derive(), hardware, devices[i].options, error);
            for (const SweepCrossing& crossing : device.crossings) {
                if (!prepared) {
                    break;
                }
                widthProbe.set(m_axis.name, crossing.value);
                const RangePoint at = evaluator.at(widthProbe.derive(), widthProbe.chips());
                if (!drawn.crossings.empty() && drawn.crossings.back().value == crossing.value) {
                    drawn.crossings.back().detail
                        += QStringLiteral("; %1 → %2").arg(qs(crossing.from), qs(crossing.to));
                    continue; // a regime and a binding change at the same value: one dot
                }
                drawn.crossings.push_back({ crossing.value, xAt(crossing.value, at.intensity), at.attainable,
                    QStringLiteral("%1 = %2").arg(qs(m_axis.name), formatValue(crossing.value, integer)),
                    QStringLiteral("%1 → %2").arg(qs(crossing.from), qs(crossing.to)) });
            }
        }
        m_trajectory.devices.push_back(std::move(drawn));
        m_sweepDevices.push_back(std::move(device));
    }
    Q_EMIT changed();
}

} // namespace roofscope

#include "moc_KernelSweep.cpp"
