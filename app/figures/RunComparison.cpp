#include "figures/RunComparison.h"

#include "figures/SessionAnalysis.h"
#include "io/HardwareLoader.h"
#include "io/SessionRuns.h"
#include "session/SessionDocument.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

RunComparison::RunComparison(SessionAnalysis* analysis, QObject* parent)
    : QObject(parent)
    , m_analysis(analysis)
{
    SessionDocument* document = analysis->document();
    connect(analysis, &SessionAnalysis::sessionReset, this, &RunComparison::clear);
    // A run read again (its kernels inserted anew), or other devices: compare again.
    auto again = [this] {
        if (active()) {
            recompute();
        }
    };
    connect(analysis, &SessionAnalysis::kernelsInserted, this, again);
    connect(analysis, &SessionAnalysis::devicesChanged, this, again);
    // A run compared was taken out (its import undone): nothing left to compare.
    connect(analysis, &SessionAnalysis::runsChanged, this, [this, document] {
        const auto& runs = document->session().runs;
        auto has = [&](const QString& name) {
            return std::any_of(runs.begin(), runs.end(),
                [&](const RunReference& r) { return QString::fromStdString(r.name) == name; });
        };
        if (!m_before.isEmpty() && (!has(m_before) || !has(m_after))) {
            clear();
        }
    });
}

QString RunComparison::setRuns(const QString& before, const QString& after)
{
    if (before == after) {
        return tr("Choose two different runs to compare");
    }
    m_before = before;
    m_after = after;
    recompute();
    return m_diff ? QString() : m_problems.value(0, tr("The runs could not be compared"));
}

void RunComparison::clear()
{
    const bool was = active() || !m_before.isEmpty();
    m_before.clear();
    m_after.clear();
    m_diff.reset();
    m_arrows.clear();
    m_problems.clear();
    if (was) {
        Q_EMIT changed();
    }
}

QString RunComparison::changeLabel(double change)
{
    const long percent = std::lround(change * 100.0);
    return percent == 0 ? QStringLiteral("0 %") : QString::asprintf("%+ld %%", percent);
}

void RunComparison::recompute()
{
    const Session& session = m_analysis->document()->session();
    RunDiffOptions options;
    for (const DeviceSelection& device : session.devices) {
        if (const Hardware* hardware = m_analysis->hardware().find(device.id)) {
            options.hardware = hardware; // the first device the database knows: the chart's x axis
            break;
        }
    }
    SessionRunDiff result = diffSessionRuns(session, m_before.toStdString(), m_after.toStdString(), options);
    m_problems.clear();
    for (const Diagnostic& d : result.diagnostics) {
        if (d.severity == Severity::Error) {
            m_problems << QString::fromStdString(d.toString(false));
        }
    }
    m_diff = std::move(result.diff);
    m_arrows.clear();
    if (m_diff) {
        for (const std::string& warning : m_diff->warnings) {
            m_problems << QString::fromStdString(warning);
        }
        for (const KernelChange& k : m_diff->kernels) {
            if (!k.change || !k.before.intensity || !k.before.achieved || !k.after.intensity || !k.after.achieved) {
                continue; // not measured in both: listed in the table, not drawn
            }
            RunArrow arrow;
            arrow.name = QString::fromStdString(k.name);
            arrow.beforeIntensity = *k.before.intensity;
            arrow.beforeAchieved = *k.before.achieved;
            arrow.afterIntensity = *k.after.intensity;
            arrow.afterAchieved = *k.after.achieved;
            arrow.change = *k.change;
            arrow.label = changeLabel(*k.change);
            m_arrows.push_back(arrow);
        }
    }
    Q_EMIT changed();
}

} // namespace roofscope

#include "moc_RunComparison.cpp"
