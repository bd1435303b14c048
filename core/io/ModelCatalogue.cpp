#include "io/ModelCatalogue.h"

#include "io/StrictYaml.h"
#include "io/YamlSchema.h"
#include "model/Text.h"
#include "model/TransformerWorkload.h"

#include <algorithm>
#include <filesystem>

namespace roofscope {

namespace {

constexpr const char* kSchema = "roofscope-model/1";

void readShape(YamlSchema& s, const YAML::Node& root, TransformerPreset& model)
{
    const YAML::Node shape = root["shape"];
    if (!shape.IsDefined() || !shape.IsMap()) {
        s.error(shape.IsDefined() ? shape : root, "shape", "a model needs a 'shape' mapping of transformer parameters");
        return;
    }
    const auto& known = transformerParameters();
    for (auto it = shape.begin(); it != shape.end(); ++it) {
        const std::string name = it->first.Scalar();
        const std::string path = "shape." + name;
        if (std::find(known.begin(), known.end(), name) == known.end()) {
            s.error(it->first, path, "'" + name + "' is not a transformer parameter (options go under 'options')");
            continue;
        }
        if (const auto value = s.number(shape, name.c_str(), path, true, 0.0, 1e12)) {
            model.params.emplace_back(name, *value);
        }
    }
}

void readOptions(YamlSchema& s, const YAML::Node& root, TransformerPreset& model)
{
    const YAML::Node options = root["options"];
    if (!options.IsDefined() || options.IsNull()) {
        return;
    }
    if (!options.IsMap()) {
        s.error(options, "options", "expected a mapping of option: value");
        return;
    }
    for (auto it = options.begin(); it != options.end(); ++it) {
        const std::string name = it->first.Scalar();
        const std::string path = "options." + name;
        if (!isTransformerOption(name) || name == "model") {
            s.error(it->first, path, "'" + name + "' is not a transformer option");
            continue;
        }
        if (const auto value = s.string(options, name, path, true)) {
            model.options.emplace_back(name, toLower(*value));
        }
    }
}

ModelCatalogueResult parseModel(const YAML::Node& root, const std::string& label)
{
    ModelCatalogueResult result;
    YamlSchema s(label, result.diagnostics);
    if (!s.checkMap(root, "",
            { "schema", "id", "name", "family", "aliases", "source", "parameters", "parameters_source", "notes",
                "shape", "options" })) {
        return result;
    }
    const auto schema = s.string(root, "schema", "schema", true);
    if (schema && *schema != kSchema) {
        s.error(root["schema"], "schema", "expected '" + std::string(kSchema) + "', not '" + *schema + "'");
    }
    TransformerPreset model;
    model.file = label;
    model.id = s.string(root, "id", "id", true).value_or("");
    model.name = s.string(root, "name", "name", true).value_or(model.id);
    model.family = s.string(root, "family", "family", false).value_or("");
    model.source = s.string(root, "source", "source", true).value_or("");
    model.note = trimmed(s.string(root, "notes", "notes", false).value_or(""));
    model.publishedParameters = s.number(root, "parameters", "parameters", false, 1.0, 1e15);
    model.parametersSource = trimmed(s.string(root, "parameters_source", "parameters_source", false).value_or(""));
    if (const YAML::Node aliases = root["aliases"]; aliases.IsDefined() && s.isSequence(aliases, "aliases")) {
        for (std::size_t i = 0; i < aliases.size(); ++i) {
            if (aliases[i].IsScalar()) {
                model.aliases.push_back(trimmed(aliases[i].Scalar()));
            } else {
                s.error(aliases[i], indexedPath("aliases", i), "expected a name");
            }
        }
    }
    if (!model.id.empty() && (model.id != toLower(model.id) || model.id.find_first_of(" \t,=") != std::string::npos)) {
        s.error(root["id"], "id", "an id is lower case, without spaces, commas or '=': '" + model.id + "'");
    }
    readShape(s, root, model);
    readOptions(s, root, model);
    if (!s.failed()) {
        // The shape must make a step on its own: a decode step of one sequence of one token.
        TemplateInstance probe;
        probe.name = kTransformerTemplate;
        for (const auto& [name, value] : model.params) {
            probe.params[name] = value;
        }
        for (const auto& [name, value] : model.options) {
            probe.options[name] = value;
        }
        probe.params.try_emplace("seq", 1.0);
        const TransformerExpansion step = expandTransformer(probe);
        if (!step.error.empty()) {
            s.error(root["shape"], "shape", step.error);
        }
    }
    if (!s.failed()) {
        result.models.push_back(std::move(model));
    }
    return result;
}

} // namespace

ModelCatalogueResult loadModelFile(const std::string& path)
{
    return loadStrictYamlWith<ModelCatalogueResult>(path, path, false, parseModel);
}

ModelCatalogueResult loadModelText(const std::string& text, const std::string& label)
{
    return loadStrictYamlWith<ModelCatalogueResult>(text, label, true, parseModel);
}

ModelCatalogueResult loadModelCatalogue(const std::vector<std::string>& folders)
{
    namespace fs = std::filesystem;
    ModelCatalogueResult result;
    for (const auto& folder : folders) {
        std::error_code ec;
        if (folder.empty() || !fs::is_directory(folder, ec)) {
            continue;
        }
        for (const auto& file : yamlFilesIn(folder)) {
            ModelCatalogueResult one = loadModelFile(file);
            result.diagnostics.insert(result.diagnostics.end(), one.diagnostics.begin(), one.diagnostics.end());
            for (auto& model : one.models) {
                auto same = std::find_if(result.models.begin(), result.models.end(),
                    [&](const TransformerPreset& m) { return m.id == model.id; });
                if (same != result.models.end()) {
                    *same = std::move(model);
                } else {
                    result.models.push_back(std::move(model));
                }
            }
        }
    }
    return result;
}

Diagnostics installModelCatalogue(const std::vector<std::string>& folders)
{
    ModelCatalogueResult result = loadModelCatalogue(folders);
    installTransformerPresets(std::move(result.models));
    return result.diagnostics;
}

} // namespace roofscope
