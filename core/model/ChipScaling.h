#pragma once

#include "model/Hardware.h"
#include "model/Kernel.h"
#include "model/Session.h"

#include <string>

namespace roofscope {

// The N-chip model (docs/model.md#a-device-used-n-chips-wide): a device used N-wide is one device whose
// compute peaks, memory bandwidths and capacities, and interconnect bandwidths are N times the single
// chip's (every chip brings its own links), with N times its TDP and price. Kernels evaluated on it
// describe the work of the whole group; a sharded template (one with a `chips` parameter) gives per-chip
// work, so on a group of N >= 2 chips its `chips` defaults to N and its FLOPs and bytes are multiplied by
// its `chips` (the collective bytes grow with the chips as the template says).

// The device N-wide. chips must be >= 1; chips == 1 returns the device unchanged. The id stays the
// same; the display name gets an "N x " prefix.
Hardware hardwareOnChips(const Hardware& hardware, double chips);

// The kernel as the whole work of a group of `chips` chips (see above); other kernels are returned
// unchanged. Returns an error message (empty on success) when the template refuses the chips.
std::string kernelOnChips(Kernel& kernel, double chips);

// Whether a kernel's template is a sharded one (has a `chips` parameter).
bool isShardedKernel(const Kernel& kernel);

// A sharded template that names no `link` puts its collective bytes on "ici"; on a device without
// that level they go to the device's first interconnect level instead (nvlink on a GPU), so that the
// network roof sees them. Other kernels are left as they are.
void placeCollectiveBytes(Kernel& kernel, const Hardware& hardware);
// The level name placeCollectiveBytes() would use for a byte entry named `level` (the name itself
// when nothing changes).
std::string collectiveLevel(const Kernel& kernel, const Hardware& hardware, const std::string& level);

// The device of a session entry: the database's device with the entry's TDP and price overrides,
// used `chips` wide.
Hardware sessionHardware(const Hardware& hardware, const DeviceSelection& selection);

} // namespace roofscope
