#pragma once

#include "model/Diagnostic.h"
#include "model/serving/ModelPresets.h"

#include <string>
#include <vector>

namespace roofscope {

// The model catalogue's files (models/*.yaml, docs/models.md): one model each, schema
// roofscope-model/1. Every shape key is a transformer parameter or option; a file whose shape does not
// expand into a step is an error at the file.
struct ModelCatalogueResult {
    std::vector<TransformerPreset> models;
    Diagnostics diagnostics;
};

ModelCatalogueResult loadModelFile(const std::string& path);
ModelCatalogueResult loadModelText(const std::string& text, const std::string& label);
// Every *.yaml of each folder in turn (sorted by name); a later folder's model replaces an earlier one
// of the same id (a user's folder over the shipped one). A folder that does not exist is skipped.
ModelCatalogueResult loadModelCatalogue(const std::vector<std::string>& folders);
// Loads the folders and installs the models as the program's catalogue (transformerPresets()).
Diagnostics installModelCatalogue(const std::vector<std::string>& folders);

} // namespace roofscope
