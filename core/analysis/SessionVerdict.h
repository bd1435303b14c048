#pragma once

#include "io/HardwareLoader.h"
#include "model/Session.h"
#include "model/serving/Verdict.h"

#include <vector>

namespace roofscope {

// The verdict of every transformer group of a session (model/serving/Verdict.h) on its visible
// devices that the database knows, in the session's device order: what `compare`, `table`, the
// exports and the window all render.

// The session's criteria: view.serving_target_ms, view.years, view.utilisation, view.usd_per_kwh.
VerdictCriteria sessionCriteria(const Session& session);

// The verdict's view of one device of the session (`hardware` from the database; null: unknown).
VerdictDeviceInput verdictDeviceInput(
    const Session& session, const DeviceSelection& selection, const Hardware* hardware);

// The verdict's view of each visible known device: one chip with the entry's TDP and purchase price,
// its chips, its evaluation options and hourly price.
std::vector<VerdictDeviceInput> verdictDevices(const Session& session, const HardwareDatabase& database);

// One verdict per transformer group of the session, in kernel order, on the devices given.
std::vector<GroupVerdict> groupVerdicts(
    const Session& session, const std::vector<VerdictDeviceInput>& devices, const VerdictCriteria& criteria);

// groupVerdicts() on verdictDevices().
std::vector<GroupVerdict> sessionVerdicts(
    const Session& session, const HardwareDatabase& database, const VerdictCriteria& criteria);

} // namespace roofscope
