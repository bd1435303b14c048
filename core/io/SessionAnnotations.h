#pragma once

#include "io/YamlSchema.h"
#include "model/Session.h"

#include <yaml-cpp/yaml.h>

namespace roofscope {

// The session's `annotations` list and the view's `comm_fractions`, `shade_between` (docs/file-formats.md#sessions),
// `x_level` and `label_intensity`, read strictly (every problem a diagnostic at its place) and written
// back. Kernels must be read first: an arrow must name kernels of the session.
void readAnnotations(YamlSchema& schema, const YAML::Node& root, Session& session);
void readViewExtras(YamlSchema& schema, const YAML::Node& view, ViewSettings& settings);
void emitAnnotations(YAML::Emitter& out, const Session& session);
void emitViewExtras(YAML::Emitter& out, const ViewSettings& settings);

// "4.0x": how many times longer the arrow's source kernel takes than its target (T_min ratio), with one
// decimal below 10x and none above; empty when either time is not positive.
std::string annotationRatioLabel(double fromSeconds, double toSeconds);

// Whether `value` (lower case) can be a view.x_level: "default", "binding" or a level name (letters,
// digits, '_', '-', '.'; at most 64 characters).
bool isXLevelName(const std::string& value);

} // namespace roofscope
