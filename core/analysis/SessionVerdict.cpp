#include "analysis/SessionVerdict.h"

#include "analysis/KernelOnDevice.h"
#include "analysis/SessionEvaluator.h"
#include "model/ChipScaling.h"
#include "model/TransformerWorkload.h"
#include "model/serving/MeasuredVerdict.h"

#include <future>

namespace roofscope {

VerdictCriteria sessionCriteria(const Session& session)
{
    VerdictCriteria criteria;
    criteria.targetMs = session.view.servingTargetMs;
    criteria.ttftTargetMs = session.view.servingTtftTargetMs;
    criteria.years = session.view.years;
    criteria.utilisation = session.view.utilisation;
    criteria.usdPerKwh = session.view.usdPerKwh;
    return criteria;
}

VerdictDeviceInput verdictDeviceInput(const Session& session, const DeviceSelection& selection, const Hardware* hw)
{
    VerdictDeviceInput input;
    input.id = selection.label();
    input.chips = selection.chips >= 1 ? selection.chips : 1;
    input.options.eval = sessionOptions(session, selection);
    input.options.pricePerHourPerChip = selection.pricePerHourDollars;
    input.options.tdpWattsPerChip = selection.tdpWatts;
    if (!hw) {
        input.label = selection.label();
        return input;
    }
    input.label = deviceDisplayName(*hw, selection);
    DeviceSelection one = selection;
    one.chips = 1;
    input.chip = sessionHardware(*hw, one);
    input.purchasePricePerChip = selection.priceDollars ? selection.priceDollars : hw->priceDollars;
    return input;
}

std::vector<VerdictDeviceInput> verdictDevices(const Session& session, const HardwareDatabase& database)
{
    std::vector<VerdictDeviceInput> out;
    for (const DeviceSelection& selection : session.devices) {
        const Hardware* hw = database.find(selection.id);
        // The analysis' devices: visible, known, their roofs evaluable (deviceRoofsError()).
        if (selection.visible && hw
            && deviceRoofsError(sessionHardware(*hw, selection), sessionOptions(session, selection)).empty()) {
            out.push_back(verdictDeviceInput(session, selection, hw));
        }
    }
    return out;
}

std::vector<GroupVerdict> groupVerdicts(
    const Session& session, const std::vector<VerdictDeviceInput>& devices, const VerdictCriteria& criteria)
{
    // Each group on a thread of its own: a verdict is a pure function of the group and the devices.
    std::vector<std::future<GroupVerdict>> pending;
    for (const Kernel& kernel : session.kernels) {
        if (isKernelGroup(kernel) && kernel.templ && kernel.templ->name == kTransformerTemplate) {
            const bool first = pending.empty();
            pending.push_back(std::async(
                first ? std::launch::deferred : std::launch::async, [&kernel, &devices, &criteria, &session] {
                    GroupVerdict verdict = groupVerdict(kernel, devices, criteria, session.view.sustained);
                    attachMeasuredRuns(verdict, kernel, devices, session.servingRuns);
                    return verdict;
                }));
        }
    }
    std::vector<GroupVerdict> out;
    out.reserve(pending.size());
    for (auto& verdict : pending) {
        out.push_back(verdict.get());
    }
    return out;
}

std::vector<GroupVerdict> sessionVerdicts(
    const Session& session, const HardwareDatabase& database, const VerdictCriteria& criteria)
{
    return groupVerdicts(session, verdictDevices(session, database), criteria);
}

} // namespace roofscope
