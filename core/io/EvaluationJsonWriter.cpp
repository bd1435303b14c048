#include "io/EvaluationJsonWriter.h"

#include "model/Guidance.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <string_view>
#include <vector>

namespace roofscope {

namespace {

// Writes JSON as nlohmann::json::dump(2) lays it out (see appendEvaluationJson): "{" and "[" end
// their line, every member on its own line two spaces deeper, "{}" and "[]" when empty.
class JsonOut {
public:
    JsonOut(std::string& out, int indent)
        : m_out(out)
        , m_indent(indent)
    {
    }

    void beginObject() { begin('{'); }
    void endObject() { end('}'); }
    void beginArray() { begin('['); }
    void endArray() { end(']'); }

    void key(std::string_view name)
    {
        element();
        string(name);
        m_out += ": ";
    }
    // An array element's place (values written next).
    void element()
    {
        m_out += m_first.back() ? "\n" : ",\n";
        m_first.back() = false;
        m_out.append(static_cast<std::size_t>(m_indent + 2 * static_cast<int>(m_first.size())), ' ');
    }

    // A member with its value.
    void numberField(std::string_view name, double value)
    {
        key(name);
        number(value);
    }
    void stringField(std::string_view name, std::string_view value)
    {
        key(name);
        string(value);
    }
    void booleanField(std::string_view name, bool value)
    {
        key(name);
        boolean(value);
    }

    void number(double value)
    {
        if (!std::isfinite(value)) { // as dump(): JSON has no infinity or NaN
            m_out += "null";
            return;
        }
        std::array<char, 64> buffer {};
        const char* end = nlohmann::detail::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
        m_out.append(buffer.data(), static_cast<std::size_t>(end - buffer.data()));
    }
    void boolean(bool value) { m_out += value ? "true" : "false"; }
    void null() { m_out += "null"; }
    void string(std::string_view text)
    {
        // Plain printable ASCII without quotes or backslashes prints as it is; anything else goes
        // through the library, so escapes and the replacement of bytes that are not UTF-8 match.
        const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
            const auto u = static_cast<unsigned char>(c);
            return u >= 0x20 && u < 0x7F && u != '"' && u != '\\';
        });
        if (plain) {
            m_out += '"';
            m_out += text;
            m_out += '"';
            return;
        }
        try {
            m_out += nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        } catch (const std::exception&) {
            m_out += "null"; // only on memory exhaustion, as jsonText()
        }
    }

private:
    void begin(char bracket)
    {
        m_out += bracket;
        m_first.push_back(true);
    }
    void end(char bracket)
    {
        const bool empty = m_first.back();
        m_first.pop_back();
        if (!empty) {
            m_out += '\n';
            m_out.append(static_cast<std::size_t>(m_indent + 2 * static_cast<int>(m_first.size())), ' ');
        }
        m_out += bracket;
    }

    std::string& m_out;
    int m_indent;
    std::vector<bool> m_first; // per open object or array: no member written yet
};

// The evaluation's levels sorted by name, the last of equal names kept (as assignments to a map).
std::vector<const LevelEvaluation*> levelsByName(const Evaluation& ev)
{
    std::vector<const LevelEvaluation*> sorted;
    sorted.reserve(ev.levels.size());
    for (const auto& level : ev.levels) {
        sorted.push_back(&level);
    }
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto* a, const auto* b) { return a->name < b->name; });
    std::vector<const LevelEvaluation*> unique;
    for (size_t i = 0; i < sorted.size(); ++i) {
        if (i + 1 < sorted.size() && sorted[i + 1]->name == sorted[i]->name) {
            continue;
        }
        unique.push_back(sorted[i]);
    }
    return unique;
}

template <typename Value>
void levelMap(JsonOut& w, std::string_view key, const std::vector<const LevelEvaluation*>& levels, Value value)
{
    w.key(key);
    w.beginObject();
    for (const LevelEvaluation* level : levels) {
        w.numberField(level->name, value(*level));
    }
    w.endObject();
}

} // namespace

void appendEvaluationJson(std::string& out, const Evaluation& ev, const Kernel& kernel, int indent)
{
    // Every key in the order a std::map sorts them, which is how evaluationToJson's tree prints.
    const auto levels = levelsByName(ev);
    const bool measured = ev.measuredSeconds.has_value();
    JsonOut w(out, indent);
    w.beginObject();
    if (measured) {
        w.booleanField("above_roof", ev.aboveRoof.value_or(false));
        w.numberField("achieved_flops_per_s", ev.achieved.value_or(0.0));
    }
    w.numberField("attainable_flops_per_s", ev.attainable);
    levelMap(w, "bandwidth_bytes_per_s", levels, [](const LevelEvaluation& l) { return l.bytesPerSecond; });
    w.stringField("binding", ev.binding);
    w.stringField("binding_kind", ev.bindingKind());
    levelMap(w, "bytes", levels, [](const LevelEvaluation& l) { return l.bytes; });
    w.numberField("chips", ev.chips);
    w.numberField("comm_fraction", ev.commFraction);
    w.numberField("compute_roof_flops_per_s", ev.computeRoof);
    w.numberField("count", kernel.count);
    w.stringField("default_level", ev.defaultLevel);
    if (!ev.fits.empty()) {
        std::map<std::string_view, bool> fits; // sorted, the last of equal names kept
        for (const auto& [level, fit] : ev.fits) {
            fits[level] = fit;
        }
        w.key("fits");
        w.beginObject();
        for (const auto& [level, fit] : fits) {
            w.booleanField(level, fit);
        }
        w.endObject();
    }
    w.numberField("flops", ev.flops);
    w.numberField("fraction_of_peak", ev.fractionOfPeak);
    if (measured) {
        w.numberField("fraction_of_roof", ev.fractionOfRoof.value_or(0.0));
    }
    w.stringField("guidance", guidance(ev, &kernel));
    w.stringField("hardware", ev.hardwareId);
    w.stringField("hardware_name", ev.hardwareName);
    levelMap(w, "intensity", levels, [](const LevelEvaluation& l) { return l.intensity; });
    w.stringField("kernel", ev.kernelName);
    if (ev.launchOverheadSeconds) {
        w.numberField("launch_overhead_s", *ev.launchOverheadSeconds);
    }
    w.key("level");
    if (ev.nearestLevel.empty()) {
        w.null();
    } else {
        w.string(ev.nearestLevel);
    }
    // In key order, as the tree writes them. level_notes: bytes counted on another level than the kernel
    // names (docs/model.md#where-bytes-are-counted).
    if (!ev.levelNotes.empty()) {
        w.key("level_notes");
        w.beginArray();
        for (const auto& note : ev.levelNotes) {
            w.element();
            w.string(note);
        }
        w.endArray();
        w.booleanField("like_for_like", ev.likeForLikeLevels);
    }
    if (!ev.measuredOn.empty()) {
        w.stringField("measured_on", ev.measuredOn);
    }
    if (measured) {
        w.numberField("measured_s", *ev.measuredSeconds);
    }
    if (ev.peakBasis) {
        const PeakBasis& p = *ev.peakBasis;
        w.key("peak");
        w.beginObject();
        w.numberField("attainable_flops_per_s", p.attainable);
        w.stringField("binding", p.binding);
        w.numberField("fraction_of_peak", p.fractionOfPeak);
        w.stringField("regime", regimeName(p.regime));
        w.numberField("t_max_s", p.tMax);
        w.numberField("t_min_s", p.tMin);
        w.endObject();
    }
    w.numberField("peak_flops_per_s", ev.peakFlopsPerSecond);
    w.stringField("precision", ev.precision);
    w.stringField("regime", regimeName(ev.regime));
    levelMap(w, "ridge", levels, [](const LevelEvaluation& l) { return l.ridge; });
    w.stringField("roofs", ev.sustained ? "sustained" : "peak");
    levelMap(w, "t_level_s", levels, [](const LevelEvaluation& l) { return l.seconds; });
    w.numberField("t_math_s", ev.tMath);
    w.numberField("t_max_s", ev.tMax);
    if (ev.launchOverheadSeconds) {
        w.numberField("t_max_with_launch_s", ev.tMaxWithLaunch);
    }
    w.numberField("t_min_s", ev.tMin);
    if (ev.launchOverheadSeconds) {
        w.numberField("t_min_with_launch_s", ev.tMinWithLaunch);
    }
    if (kernel.templ) {
        w.key("template");
        w.beginObject();
        w.stringField("name", kernel.templ->name);
        if (!kernel.templ->params.empty() || !kernel.templ->options.empty()) {
            // One map of both, an option replacing a parameter of the same name.
            std::map<std::string_view, std::pair<double, const std::string*>> params;
            for (const auto& [name, value] : kernel.templ->params) {
                params[name] = { value, nullptr };
            }
            for (const auto& [name, value] : kernel.templ->options) {
                params[name] = { 0.0, &value };
            }
            w.key("params");
            w.beginObject();
            for (const auto& [name, value] : params) {
                w.key(name);
                if (value.second) {
                    w.string(*value.second);
                } else {
                    w.number(value.first);
                }
            }
            w.endObject();
        }
        w.endObject();
    }
    w.stringField("unit", ev.unit);
    if (!ev.warnings.empty()) {
        w.key("warnings");
        w.beginArray();
        for (const auto& warning : ev.warnings) {
            w.element();
            w.string(warning);
        }
        w.endArray();
    }
    if (measured) {
        w.booleanField("within_bounds", ev.withinBounds.value_or(false));
    }
    if (kernel.workingSetBytes) {
        w.numberField("working_set_bytes", *kernel.workingSetBytes);
    }
    w.endObject();
}

} // namespace roofscope
