// A session kernel's template: its parameters and options, a transformer group's catalogue model, and
// the template's refusal placed at the parameter it names.
#include "io/SessionTemplate.h"

#include "model/Templates.h"
#include "model/Text.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"

#include <cctype>
#include <optional>

namespace roofscope {

void readKernelTemplate(YamlSchema& s, const YAML::Node& item, const std::string& path, Kernel& kernel)
{
    TemplateInstance t;
    t.name = item["template"].Scalar();
    const YAML::Node params = item["params"];
    if (params.IsDefined() && !params.IsNull()) {
        if (!params.IsMap()) {
            s.error(params, path + ".params", "expected a mapping of parameter: value");
            return;
        }
        for (auto it = params.begin(); it != params.end(); ++it) {
            const std::string name = it->first.Scalar();
            const std::string ppath = path + ".params." + name;
            if (!it->second.IsScalar()) {
                s.error(it->second, ppath, "expected a value");
                continue;
            }
            if (name.rfind("dtype", 0) == 0 || name == "link"
                || (t.name == kTransformerTemplate && isTransformerOption(name))) {
                t.options[name] = toLower(it->second.Scalar());
                continue;
            }
            auto value = parseNumber(it->second.Scalar());
            if (!value) {
                s.error(it->second, ppath, "'" + it->second.Scalar() + "' is not a number");
                continue;
            }
            t.params[name] = *value;
        }
    }
    if (const YAML::Node model = item["model"]; model.IsDefined()) {
        // A transformer group's model from the catalogue (the same as params: {model: ID}).
        if (t.name != kTransformerTemplate || !model.IsScalar()) {
            s.error(model, path + ".model", "'model' names a catalogue model (roofscope models list) of a transformer");
        } else if (t.options.contains("model")) {
            s.error(model, path + ".model", "the model is given twice (here and under params)");
        } else {
            t.options["model"] = toLower(trimmed(model.Scalar()));
        }
    }
    kernel.templ = t;
    const std::string error = applyTemplate(kernel);
    if (!error.empty()) {
        // At the parameter the error is about (the first one it names), else at the template.
        std::optional<YAML::Node> at; // a copy: a node assigned to another would change the document
        std::string atPath;
        if (params.IsDefined() && params.IsMap()) {
            std::size_t earliest = std::string::npos;
            for (auto it = params.begin(); it != params.end(); ++it) {
                const std::string name = it->first.Scalar();
                for (std::size_t pos = error.find(name); pos != std::string::npos; pos = error.find(name, pos + 1)) {
                    const auto word = [&](std::size_t i) {
                        return i < error.size()
                            && (std::isalnum(static_cast<unsigned char>(error[i])) || error[i] == '_');
                    };
                    if ((pos == 0 || !word(pos - 1)) && !word(pos + name.size())) {
                        if (pos < earliest) {
                            earliest = pos;
                            at.emplace(it->second);
                            atPath = path + ".params." + name;
                        }
                        break;
                    }
                }
            }
        }
        if (at) {
            s.error(*at, atPath, error);
        } else {
            s.error(item["template"], path + ".template", error);
        }
    }
    kernel.freeParameter = s.string(item, "free", path + ".free", false).value_or("");
    if (!kernel.freeParameter.empty()) {
        const TemplateDefinition* def = findTemplate(t.name);
        if (def && !def->parameter(kernel.freeParameter)) {
            s.error(item["free"], path + ".free", def->signature + " has no parameter '" + kernel.freeParameter + "'");
        }
    }
}

} // namespace roofscope
