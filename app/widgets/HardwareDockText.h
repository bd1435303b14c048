#pragma once

#include <QString>

#include <vector>

namespace roofscope {

struct Hardware;

// A device's row in the hardware dock: its short label, the one every view names it by ("H100 SXM",
// "TPU v7x"), or its name without the vendor when another device of its family has the same label
// (a user's copy).
QString deviceRowLabel(const Hardware& hw, const std::vector<const Hardware*>& family);

// The device's tooltip in the dock: name, id, main peak, which figures are estimates, its file and notes.
QString deviceToolTip(const Hardware& hw);

} // namespace roofscope
