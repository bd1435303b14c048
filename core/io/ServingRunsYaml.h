#pragma once

#include "io/YamlSchema.h"
#include "model/Diagnostic.h"
#include "model/serving/ServingRuns.h"

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace roofscope {

// Measured serving runs as YAML (docs/file-formats.md#serving-runs): a session's `serving_runs:` and
// the shipped database of published runs (one file per source, its runs under `runs:`) share the
// entry's keys. Figures are plain numbers in their unit: tokens/s, seconds, tokens.

// Reads `serving_runs:` of a session's root into `runs` (names made unique: an entry without a name is
// named after its engine, device and lengths).
void readSessionServingRuns(YamlSchema& s, const YAML::Node& root, std::vector<ServingRun>& runs);
// Writes `serving_runs:` (nothing when empty).
void writeSessionServingRuns(YAML::Emitter& out, const std::vector<ServingRun>& runs);

// One published source: its citation and its runs (each run's `source` is the file's citation, and
// its own `cell` the figure as printed).
struct PublishedSource {
    std::string file; // the YAML file it was read from
    std::string id; // the file's name without .yaml
    std::string title;
    std::string citation;
    std::string licence;
    std::vector<ServingRun> runs;
};

struct PublishedRunsResult {
    std::vector<PublishedSource> sources; // sorted by id
    Diagnostics diagnostics;
};

// Reads every *.yaml of a folder of published runs. A file with an error is left out (its errors in
// the diagnostics); the others load.
PublishedRunsResult loadPublishedRuns(const std::string& folder);
PublishedRunsResult loadPublishedRunsText(const std::string& text, const std::string& fileLabel);

} // namespace roofscope
