#pragma once

#include <QString>

#include <string>

namespace roofscope {

// Names as the window shows them. A kernel name from a profiler can run to thousands of characters
// (templated kernels); shown whole it would widen whatever holds it. Every label, menu, message and
// undo text shows at most kShownNameChars characters: the start and the end of the name with "…"
// between (the template arguments in the middle go first), and line breaks as spaces. The whole name
// stays in the tooltips and the files.
inline constexpr int kShownNameChars = 60;
// Action texts ("Rename to …"), which carry a name and some words.
inline constexpr int kShownTextChars = 90;

QString elidedName(const QString& name, int maxChars = kShownNameChars);
QString elidedName(const std::string& name, int maxChars = kShownNameChars);

} // namespace roofscope
