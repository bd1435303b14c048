#include "io/SessionFile.h"

#include "io/SafeFileWriter.h"
#include "io/ServingRunsYaml.h"
#include "io/SessionAnnotations.h"
#include "io/SessionTemplate.h"
#include "io/StrictYaml.h"
#include "io/YamlSchema.h"
#include "model/Precision.h"
#include "model/Templates.h"
#include "model/Text.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"

#include <cctype>
#include <filesystem>
#include <optional>

namespace roofscope {

namespace {

// The per-session overrides of a device entry (docs/file-formats.md#sessions): chips, price, price_per_hour, tdp.
void readDeviceOverrides(YamlSchema& s, const YAML::Node& item, const std::string& path, DeviceSelection& sel)
{
    if (auto chips = s.number(item, "chips", path + ".chips", false, 1.0, 1e6)) {
        if (std::floor(*chips) != *chips) {
            s.error(item["chips"], path + ".chips", "chips must be a whole number");
        } else {
            sel.chips = static_cast<int>(*chips);
        }
    }
    sel.priceDollars = s.quantity(item, "price", path + ".price", Dimension::Dollars, false, true);
    sel.tdpWatts = s.quantity(item, "tdp", path + ".tdp", Dimension::Watts, false, true);
    const YAML::Node hourly = item["price_per_hour"];
    if (hourly.IsDefined()) {
        // "2.5 USD/h": a price in dollars per hour of one chip.
        std::string text = hourly.IsScalar() ? trimmed(hourly.Scalar()) : std::string {};
        const bool perHour = text.size() > 2 && text.substr(text.size() - 2) == "/h";
        auto value = perHour ? parseQuantity(text.substr(0, text.size() - 2), Dimension::Dollars, true)
                             : ParsedQuantity { std::nullopt, "expected a price per hour such as '2.5 USD/h'" };
        if (!value.value || !(*value.value > 0.0) || !std::isfinite(*value.value)) {
            s.error(hourly, path + ".price_per_hour", value.value ? "must be a finite price > 0" : value.error);
        } else {
            sel.pricePerHourDollars = *value.value;
        }
    }
}

void readDevices(YamlSchema& s, const YAML::Node& root, Session& session)
{
    const YAML::Node devices = root["devices"];
    if (!devices.IsDefined() || devices.IsNull()) {
        return;
    }
    if (!s.isSequence(devices, "devices")) {
        return;
    }
    for (size_t i = 0; i < devices.size(); ++i) {
        const YAML::Node item = devices[i];
        const std::string path = indexedPath("devices", i);
        DeviceSelection sel;
        if (item.IsScalar()) {
            sel.id = item.Scalar();
            session.devices.push_back(sel);
            continue;
        }
        if (!s.checkMap(item, path,
                { "id", "precision", "disabled_levels", "visible", "chips", "price", "price_per_hour", "tdp" })) {
            continue;
        }
        readDeviceOverrides(s, item, path, sel);
        sel.id = s.string(item, "id", path + ".id", true).value_or("");
        sel.precision = s.string(item, "precision", path + ".precision", false).value_or("");
        if (!sel.precision.empty() && !isKnownPrecision(sel.precision)) {
            s.error(item["precision"], path + ".precision", "unknown precision '" + sel.precision + "'");
        }
        sel.visible = s.boolean(item, "visible", path + ".visible").value_or(true);
        const YAML::Node levels = item["disabled_levels"];
        if (levels.IsDefined() && s.isSequence(levels, path + ".disabled_levels")) {
            for (size_t l = 0; l < levels.size(); ++l) {
                if (levels[l].IsScalar()) {
                    sel.disabledLevels.push_back(toLower(levels[l].Scalar()));
                } else {
                    s.error(levels[l], indexedPath(path + ".disabled_levels", l), "expected a level name");
                }
            }
        }
        session.devices.push_back(sel);
    }
}

// "0", "0.0", "0 B": a byte count of exactly zero.
bool isZeroCount(const std::string& text)
{
    auto parsed = parseQuantity(text, Dimension::Bytes, false);
    return parsed.value && *parsed.value == 0.0;
}

void readBytes(YamlSchema& s, const YAML::Node& item, const std::string& path, Kernel& kernel)
{
    const YAML::Node bytes = item["bytes"];
    if (!bytes.IsDefined()) {
        s.error(item, path, "a kernel needs 'bytes' (or a 'template')");
        return;
    }
    if (bytes.IsScalar()) {
        auto value = s.quantityValue(bytes, path + ".bytes", Dimension::Bytes, false);
        if (value) {
            kernel.bytes.push_back({ "default", *value });
        }
        return;
    }
    if (!bytes.IsMap()) {
        s.error(bytes, path + ".bytes", "expected a byte count or a mapping of level: bytes");
        return;
    }
    for (auto it = bytes.begin(); it != bytes.end(); ++it) {
        const std::string level = toLower(trimmed(it->first.Scalar()));
        if (level.empty() || level == "~" || it->first.IsNull()) {
            s.error(it->first, path + ".bytes", "a level name is empty");
            continue;
        }
        // 0 on a level is a measured kernel whose data never reached it (compute-bound there).
        if (it->second.IsScalar() && isZeroCount(it->second.Scalar())) {
            kernel.bytes.push_back({ level, 0.0 });
            continue;
        }
        auto value = s.quantityValue(it->second, path + ".bytes." + level, Dimension::Bytes, false);
        if (value) {
            kernel.bytes.push_back({ level, *value });
        }
    }
    if (kernel.bytes.empty() && !s.failed()) {
        s.error(bytes, path + ".bytes", "at least one level needs bytes");
    }
}

void readKernels(YamlSchema& s, const YAML::Node& root, Session& session)
{
    const YAML::Node kernels = root["kernels"];
    if (!kernels.IsDefined() || kernels.IsNull()) {
        return;
    }
    if (!s.isSequence(kernels, "kernels")) {
        return;
    }
    for (size_t i = 0; i < kernels.size(); ++i) {
        const YAML::Node item = kernels[i];
        const std::string path = indexedPath("kernels", i);
        if (!s.checkMap(item, path,
                { "name", "template", "model", "params", "free", "flops", "bytes", "precision", "unit", "count",
                    "measured", "measured_on", "working_set" })) {
            continue;
        }
        Kernel kernel;
        kernel.name = s.string(item, "name", path + ".name", false).value_or("kernel " + std::to_string(i + 1));
        kernel.precision = toLower(s.string(item, "precision", path + ".precision", false).value_or(""));
        if (!kernel.precision.empty() && !isKnownPrecision(kernel.precision)) {
            s.error(item["precision"], path + ".precision", "unknown precision '" + kernel.precision + "'");
        }
        kernel.unit = s.string(item, "unit", path + ".unit", false).value_or("");
        kernel.count = s.number(item, "count", path + ".count", false, 0.0, kMaxKernelCount).value_or(1.0);
        kernel.measuredSeconds = s.quantity(item, "measured", path + ".measured", Dimension::Seconds, false, false);
        kernel.measuredOn = s.string(item, "measured_on", path + ".measured_on", false).value_or("");
        if (item["template"].IsDefined()) {
            if (item["flops"].IsDefined() || item["bytes"].IsDefined()) {
                s.error(item, path, "a template kernel derives 'flops' and 'bytes'; give one or the other");
                continue;
            }
            if (!item["template"].IsScalar()) {
                s.error(item["template"], path + ".template", "expected a template name");
                continue;
            }
            readKernelTemplate(s, item, path, kernel);
        } else {
            if (item["params"].IsDefined() || item["free"].IsDefined() || item["model"].IsDefined()) {
                s.error(item, path, "'params', 'free' and 'model' need a 'template'");
            }
            const YAML::Node flops = item["flops"];
            if (!flops.IsDefined()) {
                s.error(item, path, "a kernel needs 'flops' and 'bytes', or a 'template'");
                continue;
            }
            auto value = flops.IsScalar() ? parseQuantity(flops.Scalar(), Dimension::Flops, false)
                                          : ParsedQuantity { std::nullopt, "expected a number" };
            if (!value.value || *value.value < 0.0) {
                s.error(flops, path + ".flops", value.value ? "must be >= 0" : value.error);
            } else {
                kernel.flops = *value.value;
            }
            readBytes(s, item, path, kernel);
            kernel.workingSetBytes
                = s.quantity(item, "working_set", path + ".working_set", Dimension::Bytes, false, false);
        }
        session.kernels.push_back(std::move(kernel));
    }
}

// `runs:` entries {name, file, format?, aggregate?}; files resolved against the session's folder.
void readRuns(YamlSchema& s, const YAML::Node& root, const std::string& sessionFile, Session& session)
{
    const YAML::Node runs = root["runs"];
    if (!runs.IsDefined() || runs.IsNull()) {
        return;
    }
    if (!s.isSequence(runs, "runs")) {
        return;
    }
    namespace fs = std::filesystem;
    for (size_t i = 0; i < runs.size(); ++i) {
        const YAML::Node item = runs[i];
        const std::string path = indexedPath("runs", i);
        if (!s.checkMap(item, path, { "name", "file", "format", "aggregate", "device" })) {
            continue;
        }
        RunReference run;
        run.name = trimmed(s.string(item, "name", path + ".name", true).value_or(""));
        run.file = s.string(item, "file", path + ".file", true).value_or("");
        run.format = toLower(s.string(item, "format", path + ".format", false).value_or(""));
        run.aggregate = s.boolean(item, "aggregate", path + ".aggregate").value_or(false);
        run.device = s.string(item, "device", path + ".device", false).value_or("");
        if (item["name"].IsDefined() && run.name.empty()) {
            s.error(item["name"], path + ".name", "a run needs a name");
        }
        for (const auto& other : session.runs) {
            if (!run.name.empty() && other.name == run.name) {
                s.error(item["name"], path + ".name", "run '" + run.name + "' is named twice");
            }
        }
        if (item["file"].IsDefined() && trimmed(run.file).empty()) {
            s.error(item["file"], path + ".file", "a run needs a file");
        }
        if (!run.format.empty() && run.format != "ncu" && run.format != "rocprof" && run.format != "csv"
            && run.format != "jax" && run.format != "xprof" && run.format != "rocprof-db" && run.format != "advisor") {
            s.error(item["format"], path + ".format",
                "format must be ncu, rocprof, rocprof-db, advisor, csv, jax or xprof (or left out to detect it), not '"
                    + run.format + "'");
        }
        const YAML::Node at = item["file"].IsDefined() ? item["file"] : item;
        run.line = at.Mark().line >= 0 ? at.Mark().line + 1 : 0;
        run.column = at.Mark().column >= 0 ? at.Mark().column + 1 : 0;
        fs::path file(run.file);
        if (file.is_relative()) {
            file = fs::path(sessionFile).parent_path() / file;
        }
        run.path = file.lexically_normal().string();
        session.runs.push_back(std::move(run));
    }
}

// A run's file as the session at `sessionPath` writes it: relative to its folder when it can be.
std::string runFileFor(const RunReference& run, const std::string& sessionPath)
{
    namespace fs = std::filesystem;
    if (sessionPath.empty() || run.path.empty()) {
        return run.file;
    }
    std::error_code ec;
    const fs::path target = fs::absolute(run.path, ec);
    const fs::path folder = fs::absolute(sessionPath, ec).parent_path();
    if (ec) {
        return run.file;
    }
    const fs::path relative = target.lexically_normal().lexically_relative(folder.lexically_normal());
    return relative.empty() ? target.lexically_normal().string() : relative.string();
}

void readView(YamlSchema& s, const YAML::Node& root, Session& session)
{
    const YAML::Node view = root["view"];
    if (!view.IsDefined() || view.IsNull()) {
        return;
    }
    if (!s.checkMap(view, "view",
            { "tolerance", "sustained", "comm_fraction", "theme", "baseline", "feasible_region", "region_labels",
                "x_range", "y_range", "comm_fractions", "shade_between", "x_level", "label_intensity", "serving_x",
                "serving_y", "serving_target_ms", "serving_ttft_target_ms", "years", "utilisation", "usd_per_kwh",
                "top_kernels", "marker_size_by_runtime" })) {
        return;
    }
    ViewSettings& v = session.view;
    v.tolerance = s.number(view, "tolerance", "view.tolerance", false, 0.0, 0.99).value_or(v.tolerance);
    v.sustained = s.boolean(view, "sustained", "view.sustained").value_or(v.sustained);
    v.commFraction = s.number(view, "comm_fraction", "view.comm_fraction", false, 0.0, 0.99).value_or(0.0);
    v.theme = s.string(view, "theme", "view.theme", false).value_or("light");
    if (v.theme != "light" && v.theme != "dark") {
        s.error(view["theme"], "view.theme", "theme must be 'light' or 'dark'");
    }
    v.baseline = s.string(view, "baseline", "view.baseline", false).value_or("");
    v.showFeasibleRegion = s.boolean(view, "feasible_region", "view.feasible_region").value_or(true);
    v.showRegionLabels = s.boolean(view, "region_labels", "view.region_labels").value_or(true);
    for (const char* key : { "x_range", "y_range" }) {
        const YAML::Node range = view[key];
        if (!range.IsDefined()) {
            continue;
        }
        const std::string path = std::string("view.") + key;
        if (!range.IsSequence() || range.size() != 2 || !range[0].IsScalar() || !range[1].IsScalar()) {
            s.error(range, path, "expected [low, high]");
            continue;
        }
        auto lo = parseNumber(range[0].Scalar());
        auto hi = parseNumber(range[1].Scalar());
        if (!lo || !hi || !(*lo > 0.0) || !(*hi > *lo) || !std::isfinite(*hi)) {
            s.error(range, path, "expected two positive numbers, low < high");
            continue;
        }
        (std::string(key) == "x_range" ? v.xRange : v.yRange) = std::make_pair(*lo, *hi);
    }
    readViewExtras(s, view, v);
}

SessionLoadResult parseSession(const YAML::Node& root, const std::string& file)
{
    SessionLoadResult result;
    YamlSchema s(file, result.diagnostics);
    if (!s.checkMap(
            root, "", { "schema", "title", "devices", "kernels", "runs", "serving_runs", "annotations", "view" })) {
        return result;
    }
    auto schema = s.string(root, "schema", "schema", true);
    if (schema && *schema != "roofscope-session/1") {
        s.error(root["schema"], "schema", "unsupported schema '" + *schema + "' (expected roofscope-session/1)");
    }
    Session session;
    session.title = s.string(root, "title", "title", false).value_or("");
    readDevices(s, root, session);
    readKernels(s, root, session);
    readRuns(s, root, file, session);
    readSessionServingRuns(s, root, session.servingRuns);
    readAnnotations(s, root, session);
    readView(s, root, session);
    if (!s.failed()) {
        result.session = std::move(session);
    }
    return result;
}

void emitNumber(YAML::Emitter& out, double value)
{
    out << YAML::Value << formatExact(value);
}

// A runtime as the shortest text that reads back to the same double: "1.818 ms" rather than
// "0.0018180000000000002 s" (what 1.818 ms typed in the window is in seconds).
std::string exactSeconds(double seconds)
{
    std::string best = formatExact(seconds) + " s";
    struct Unit {
        double scale;
        const char* symbol;
    };
    for (const Unit unit : { Unit { 1e-3, "ms" }, Unit { 1e-6, "us" }, Unit { 1e-9, "ns" } }) {
        for (const double scaled : { seconds / unit.scale, seconds * (1.0 / unit.scale) }) {
            const std::string text = formatExact(scaled) + " " + unit.symbol;
            const ParsedQuantity back = parseQuantity(text, Dimension::Seconds);
            if (back.value && *back.value == seconds && text.size() < best.size()) {
                best = text;
            }
        }
    }
    return best;
}

} // namespace

SessionLoadResult loadSessionText(const std::string& text, const std::string& fileLabel)
{
    return loadStrictYamlWith<SessionLoadResult>(text, fileLabel, true, parseSession);
}

SessionLoadResult loadSessionFile(const std::string& path)
{
    return loadStrictYamlWith<SessionLoadResult>(path, path, false, parseSession);
}

std::string sessionToYaml(const Session& session, const std::string& sessionPath)
{
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "schema" << YAML::Value << "roofscope-session/1";
    if (!session.title.empty()) {
        out << YAML::Key << "title" << YAML::Value << session.title;
    }
    out << YAML::Key << "devices" << YAML::Value << YAML::BeginSeq;
    for (const auto& d : session.devices) {
        if (d.precision.empty() && d.disabledLevels.empty() && d.visible && d.chips == 1 && !d.priceDollars
            && !d.pricePerHourDollars && !d.tdpWatts) {
            out << d.id;
            continue;
        }
        out << YAML::BeginMap << YAML::Key << "id" << YAML::Value << d.id;
        if (!d.precision.empty()) {
            out << YAML::Key << "precision" << YAML::Value << d.precision;
        }
        if (!d.disabledLevels.empty()) {
            out << YAML::Key << "disabled_levels" << YAML::Value << YAML::Flow << d.disabledLevels;
        }
        if (!d.visible) {
            out << YAML::Key << "visible" << YAML::Value << false;
        }
        if (d.chips != 1) {
            out << YAML::Key << "chips" << YAML::Value << d.chips;
        }
        if (d.priceDollars) {
            out << YAML::Key << "price" << YAML::Value << formatExact(*d.priceDollars) + " USD";
        }
        if (d.pricePerHourDollars) {
            out << YAML::Key << "price_per_hour" << YAML::Value << formatExact(*d.pricePerHourDollars) + " USD/h";
        }
        if (d.tdpWatts) {
            out << YAML::Key << "tdp" << YAML::Value << formatExact(*d.tdpWatts) + " W";
        }
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::Key << "kernels" << YAML::Value << YAML::BeginSeq;
    for (const auto& k : session.kernels) {
        if (!k.fromRun.empty()) {
            continue; // read from its run's file
        }
        out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << k.name;
        if (k.templ) {
            out << YAML::Key << "template" << YAML::Value << k.templ->name;
            out << YAML::Key << "params" << YAML::Value << YAML::Flow << YAML::BeginMap;
            for (const auto& [name, value] : k.templ->params) {
                out << YAML::Key << name;
                emitNumber(out, value);
            }
            for (const auto& [name, value] : k.templ->options) {
                out << YAML::Key << name << YAML::Value << value;
            }
            out << YAML::EndMap;
            if (!k.freeParameter.empty()) {
                out << YAML::Key << "free" << YAML::Value << k.freeParameter;
            }
        } else {
            out << YAML::Key << "flops";
            emitNumber(out, k.flops);
            out << YAML::Key << "bytes" << YAML::Value << YAML::Flow << YAML::BeginMap;
            for (const auto& b : k.bytes) {
                out << YAML::Key << b.level;
                emitNumber(out, b.bytes);
            }
            out << YAML::EndMap;
            if (k.workingSetBytes) {
                out << YAML::Key << "working_set";
                emitNumber(out, *k.workingSetBytes);
            }
        }
        if (!k.precision.empty()) {
            out << YAML::Key << "precision" << YAML::Value << k.precision;
        }
        if (!k.unit.empty()) {
            out << YAML::Key << "unit" << YAML::Value << k.unit;
        }
        if (k.count != 1.0) {
            out << YAML::Key << "count";
            emitNumber(out, k.count);
        }
        if (k.measuredSeconds) {
            out << YAML::Key << "measured" << YAML::Value << exactSeconds(*k.measuredSeconds);
        }
        if (!k.measuredOn.empty()) {
            out << YAML::Key << "measured_on" << YAML::Value << k.measuredOn;
        }
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    if (!session.runs.empty()) {
        out << YAML::Key << "runs" << YAML::Value << YAML::BeginSeq;
        for (const auto& run : session.runs) {
            out << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value << run.name;
            out << YAML::Key << "file" << YAML::Value << runFileFor(run, sessionPath);
            if (!run.format.empty()) {
                out << YAML::Key << "format" << YAML::Value << run.format;
            }
            if (run.aggregate) {
                out << YAML::Key << "aggregate" << YAML::Value << true;
            }
            if (!run.device.empty()) {
                out << YAML::Key << "device" << YAML::Value << run.device;
            }
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }
    writeSessionServingRuns(out, session.servingRuns);
    emitAnnotations(out, session);
    const ViewSettings& v = session.view;
    out << YAML::Key << "view" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "tolerance";
    emitNumber(out, v.tolerance);
    out << YAML::Key << "sustained" << YAML::Value << v.sustained;
    out << YAML::Key << "comm_fraction";
    emitNumber(out, v.commFraction);
    out << YAML::Key << "theme" << YAML::Value << v.theme;
    if (!v.baseline.empty()) {
        out << YAML::Key << "baseline" << YAML::Value << v.baseline;
    }
    out << YAML::Key << "feasible_region" << YAML::Value << v.showFeasibleRegion;
    out << YAML::Key << "region_labels" << YAML::Value << v.showRegionLabels;
    if (v.xRange) {
        out << YAML::Key << "x_range" << YAML::Value << YAML::Flow << YAML::BeginSeq << formatExact(v.xRange->first)
            << formatExact(v.xRange->second) << YAML::EndSeq;
    }
    if (v.yRange) {
        out << YAML::Key << "y_range" << YAML::Value << YAML::Flow << YAML::BeginSeq << formatExact(v.yRange->first)
            << formatExact(v.yRange->second) << YAML::EndSeq;
    }
    emitViewExtras(out, v);
    out << YAML::EndMap;
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

std::string writeFileAtomically(const std::string& path, const std::string& content)
{
    return writeFileSafely(path, content);
}

std::string saveSessionFile(const Session& session, const std::string& path)
{
    return writeFileAtomically(path, sessionToYaml(session, path));
}

} // namespace roofscope
