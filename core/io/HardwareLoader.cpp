#include "io/HardwareLoader.h"

#include "io/StrictYaml.h"
#include "io/YamlSchema.h"
#include "model/Precision.h"
#include "model/Text.h"

#include <algorithm>
#include <filesystem>
#include <future>
#include <set>
#include <thread>

namespace roofscope {

namespace {

bool validId(const std::string& id)
{
    if (id.empty() || id.size() > 80) {
        return false;
    }
    return std::all_of(id.begin(), id.end(),
        [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.'; });
}

void readSources(YamlSchema& s, const YAML::Node& root, Hardware& hw)
{
    const YAML::Node sources = root["sources"];
    if (!sources.IsDefined()) {
        s.error(root, "sources", "missing required key 'sources' (every figure needs a source)");
        return;
    }
    if (!s.isSequence(sources, "sources")) {
        return;
    }
    if (sources.size() == 0) {
        s.error(sources, "sources", "at least one source is required");
    }
    std::set<std::string> ids;
    for (size_t i = 0; i < sources.size(); ++i) {
        const YAML::Node item = sources[i];
        const std::string path = indexedPath("sources", i);
        if (!s.checkMap(item, path, { "id", "title", "url", "document" })) {
            continue;
        }
        SourceRef ref;
        ref.id = s.string(item, "id", path + ".id", true).value_or("");
        ref.title = s.string(item, "title", path + ".title", false).value_or("");
        ref.url = s.string(item, "url", path + ".url", false).value_or("");
        ref.document = s.string(item, "document", path + ".document", false).value_or("");
        if (ref.url.empty() && ref.document.empty()) {
            s.error(item, path, "a source needs a 'url' or a 'document'");
        }
        if (!ref.id.empty() && !ids.insert(ref.id).second) {
            s.error(item["id"], path + ".id", "duplicate source id '" + ref.id + "'");
        }
        hw.sources.push_back(ref);
    }
}

std::string sourceRef(YamlSchema& s, const YAML::Node& item, const std::string& path, const Hardware& hw)
{
    auto id = s.string(item, "source", path + ".source", true);
    if (!id) {
        return {};
    }
    const bool known
        = std::any_of(hw.sources.begin(), hw.sources.end(), [&](const SourceRef& ref) { return ref.id == *id; });
    if (!known) {
        s.error(item["source"], path + ".source", "unknown source '" + *id + "' (not listed under 'sources')");
    }
    return *id;
}

// The serving model's figures of an interconnect level (docs/model.md#collectives): collective_bandwidth (B/s per
// chip, one direction), latency (seconds per hop), their own source and estimate flag.
void readCollectiveFigures(
    YamlSchema& s, const YAML::Node& item, const std::string& path, const Hardware& hw, BandwidthLevel& level)
{
    level.collectiveBytesPerSecond = s.quantity(
        item, "collective_bandwidth", path + ".collective_bandwidth", Dimension::BytesPerSecond, false, true);
    level.latencySeconds = s.quantity(item, "latency", path + ".latency", Dimension::Seconds, false, true);
    if (item["collective_source"].IsDefined()) {
        level.collectiveSource = s.string(item, "collective_source", path + ".collective_source", true).value_or("");
        const bool known = std::any_of(
            hw.sources.begin(), hw.sources.end(), [&](const SourceRef& r) { return r.id == level.collectiveSource; });
        if (!level.collectiveSource.empty() && !known) {
            s.error(item["collective_source"], path + ".collective_source",
                "unknown source '" + level.collectiveSource + "' (not listed under 'sources')");
        }
    }
    level.collectiveEstimate = s.boolean(item, "collective_estimate", path + ".collective_estimate").value_or(false);
    level.topology = s.string(item, "topology", path + ".topology", false).value_or("");
    if (!level.topology.empty() && level.topology != "switch" && level.topology != "mesh" && level.topology != "ring"
        && level.topology != "torus") {
        s.error(item["topology"], path + ".topology",
            "topology is switch, mesh, ring or torus, not '" + level.topology + "'");
    }
    level.switchReduction = s.boolean(item, "switch_reduction", path + ".switch_reduction").value_or(false);
    if (item["switch_reduction_source"].IsDefined()) {
        level.switchReductionSource
            = s.string(item, "switch_reduction_source", path + ".switch_reduction_source", true).value_or("");
        const bool known = std::any_of(hw.sources.begin(), hw.sources.end(),
            [&](const SourceRef& r) { return r.id == level.switchReductionSource; });
        if (!level.switchReductionSource.empty() && !known) {
            s.error(item["switch_reduction_source"], path + ".switch_reduction_source",
                "unknown source '" + level.switchReductionSource + "' (not listed under 'sources')");
        }
    }
    if (level.switchReduction && (level.topology != "switch" || level.switchReductionSource.empty())) {
        s.error(item["switch_reduction"], path + ".switch_reduction",
            "switch_reduction needs topology: switch and a switch_reduction_source");
    }
    const bool any = level.collectiveBytesPerSecond || level.latencySeconds || !level.collectiveSource.empty()
        || item["collective_estimate"].IsDefined() || !level.topology.empty() || item["switch_reduction"].IsDefined();
    if (any && level.kind != LevelKind::Interconnect) {
        s.error(item, path,
            "collective_bandwidth, latency, collective_source, collective_estimate, topology and switch_reduction "
            "belong on an interconnect level");
    }
}

// A memory level's capacity as the vendor's tools report it: its own source and estimate flag
// (capacity_source, capacity_estimate), which only make sense beside a capacity.
void readCapacityFigures(
    YamlSchema& s, const YAML::Node& item, const std::string& path, const Hardware& hw, BandwidthLevel& level)
{
    if (item["capacity_source"].IsDefined()) {
        level.capacitySource = s.string(item, "capacity_source", path + ".capacity_source", true).value_or("");
        const bool known = std::any_of(
            hw.sources.begin(), hw.sources.end(), [&](const SourceRef& r) { return r.id == level.capacitySource; });
        if (!level.capacitySource.empty() && !known) {
            s.error(item["capacity_source"], path + ".capacity_source",
                "unknown source '" + level.capacitySource + "' (not listed under 'sources')");
        }
    }
    level.capacityEstimate = s.boolean(item, "capacity_estimate", path + ".capacity_estimate").value_or(false);
    const bool any = !level.capacitySource.empty() || item["capacity_estimate"].IsDefined();
    if (any && !item["capacity"].IsDefined()) {
        s.error(item, path, "capacity_source and capacity_estimate need a capacity");
    }
}

// The launch overhead's source and estimate flag; both need a launch_overhead.
void readLaunchOverheadSource(YamlSchema& s, const YAML::Node& root, Hardware& hw)
{
    if (root["launch_overhead_source"].IsDefined()) {
        hw.launchOverheadSource = s.string(root, "launch_overhead_source", "launch_overhead_source", true).value_or("");
        const bool known = std::any_of(
            hw.sources.begin(), hw.sources.end(), [&](const SourceRef& r) { return r.id == hw.launchOverheadSource; });
        if (!hw.launchOverheadSource.empty() && !known) {
            s.error(root["launch_overhead_source"], "launch_overhead_source",
                "unknown source '" + hw.launchOverheadSource + "' (not listed under 'sources')");
        }
    }
    hw.launchOverheadEstimate = s.boolean(root, "launch_overhead_estimate", "launch_overhead_estimate").value_or(false);
    const bool any = !hw.launchOverheadSource.empty() || root["launch_overhead_estimate"].IsDefined();
    if (any && !root["launch_overhead"].IsDefined()) {
        const char* key
            = root["launch_overhead_source"].IsDefined() ? "launch_overhead_source" : "launch_overhead_estimate";
        s.error(root[key], key, "launch_overhead_source and launch_overhead_estimate need a launch_overhead");
    }
}

void readCompute(YamlSchema& s, const YAML::Node& root, Hardware& hw)
{
    const YAML::Node compute = root["compute"];
    if (!compute.IsDefined()) {
        s.error(root, "compute", "missing required key 'compute'");
        return;
    }
    if (!s.isSequence(compute, "compute")) {
        return;
    }
    if (compute.size() == 0) {
        s.error(compute, "compute", "at least one compute peak is required");
    }
    std::set<std::pair<std::string, std::string>> seen;
    for (size_t i = 0; i < compute.size(); ++i) {
        const YAML::Node item = compute[i];
        const std::string path = indexedPath("compute", i);
        if (!s.checkMap(item, path, { "unit", "precision", "peak", "sparse_peak", "source", "estimate" })) {
            continue;
        }
        ComputePeak peak;
        peak.unit = s.string(item, "unit", path + ".unit", true).value_or("");
        peak.precision = s.string(item, "precision", path + ".precision", true).value_or("");
        if (!peak.precision.empty() && !isKnownPrecision(peak.precision)) {
            s.error(item["precision"], path + ".precision",
                "unknown precision '" + peak.precision + "' (known: fp64 fp32 tf32 bf16 fp16 fp8 int8 fp6 int4 fp4)");
        }
        auto value = s.quantity(item, "peak", path + ".peak", Dimension::FlopsPerSecond, true, true);
        peak.sparseFlopsPerSecond
            = s.quantity(item, "sparse_peak", path + ".sparse_peak", Dimension::FlopsPerSecond, false, true);
        peak.source = sourceRef(s, item, path, hw);
        peak.estimate = s.boolean(item, "estimate", path + ".estimate").value_or(false);
        if (!seen.insert({ peak.unit, peak.precision }).second) {
            s.error(item, path, "a second " + peak.precision + " peak for unit '" + peak.unit + "'");
        }
        if (value) {
            peak.flopsPerSecond = *value;
            hw.compute.push_back(peak);
        }
    }
}

void readLevels(YamlSchema& s, const YAML::Node& root, Hardware& hw)
{
    const YAML::Node levels = root["levels"];
    if (!levels.IsDefined()) {
        s.error(root, "levels", "missing required key 'levels'");
        return;
    }
    if (!s.isSequence(levels, "levels")) {
        return;
    }
    if (levels.size() == 0) {
        s.error(levels, "levels", "at least one bandwidth level is required");
    }
    std::set<std::string> names;
    for (size_t i = 0; i < levels.size(); ++i) {
        const YAML::Node item = levels[i];
        const std::string path = indexedPath("levels", i);
        if (!s.checkMap(item, path,
                { "name", "kind", "bandwidth", "capacity", "capacity_source", "capacity_estimate", "aliases", "source",
                    "estimate", "collective_bandwidth", "latency", "collective_source", "collective_estimate",
                    "topology", "switch_reduction", "switch_reduction_source" })) {
            continue;
        }
        BandwidthLevel level;
        level.name = toLower(s.string(item, "name", path + ".name", true).value_or(""));
        const std::string kind = s.string(item, "kind", path + ".kind", false).value_or("memory");
        if (kind == "memory") {
            level.kind = LevelKind::Memory;
        } else if (kind == "interconnect") {
            level.kind = LevelKind::Interconnect;
        } else {
            s.error(item["kind"], path + ".kind", "kind must be 'memory' or 'interconnect', got '" + kind + "'");
        }
        auto bandwidth = s.quantity(item, "bandwidth", path + ".bandwidth", Dimension::BytesPerSecond, true, true);
        level.capacityBytes = s.quantity(item, "capacity", path + ".capacity", Dimension::Bytes, false, true);
        readCapacityFigures(s, item, path, hw, level);
        const YAML::Node aliases = item["aliases"];
        if (aliases.IsDefined() && s.isSequence(aliases, path + ".aliases")) {
            for (size_t a = 0; a < aliases.size(); ++a) {
                if (!aliases[a].IsScalar()) {
                    s.error(aliases[a], indexedPath(path + ".aliases", a), "expected a level name");
                    continue;
                }
                level.aliases.push_back(toLower(aliases[a].Scalar()));
            }
        }
        level.source = sourceRef(s, item, path, hw);
        level.estimate = s.boolean(item, "estimate", path + ".estimate").value_or(false);
        readCollectiveFigures(s, item, path, hw, level);
        for (const auto& name : std::vector<std::string> { level.name }) {
            if (!name.empty() && !names.insert(name).second) {
                s.error(item["name"], path + ".name", "duplicate level '" + name + "'");
            }
        }
        for (const auto& alias : level.aliases) {
            if (!names.insert(alias).second) {
                s.error(item["aliases"], path + ".aliases", "alias '" + alias + "' is already a level name");
            }
        }
        if (bandwidth) {
            level.bytesPerSecond = *bandwidth;
            hw.levels.push_back(level);
        }
    }
}

void readCeilings(YamlSchema& s, const YAML::Node& root, Hardware& hw)
{
    const YAML::Node ceilings = root["ceilings"];
    if (!ceilings.IsDefined() || !s.isSequence(ceilings, "ceilings")) {
        return;
    }
    for (size_t i = 0; i < ceilings.size(); ++i) {
        const YAML::Node item = ceilings[i];
        const std::string path = indexedPath("ceilings", i);
        if (!s.checkMap(item, path, { "name", "precision", "level", "factor", "value", "source" })) {
            continue;
        }
        Ceiling c;
        c.name = s.string(item, "name", path + ".name", true).value_or("");
        c.precision = s.string(item, "precision", path + ".precision", false).value_or("");
        c.level = toLower(s.string(item, "level", path + ".level", false).value_or(""));
        c.source = sourceRef(s, item, path, hw);
        if (c.precision.empty() == c.level.empty()) {
            s.error(item, path, "a ceiling needs exactly one of 'precision' (compute) or 'level' (bandwidth)");
            continue;
        }
        const bool compute = !c.precision.empty();
        std::optional<double> roof;
        if (compute) {
            roof = hw.peak(c.precision);
            if (!roof) {
                s.error(item["precision"], path + ".precision", "the device has no " + c.precision + " peak");
            }
        } else {
            const BandwidthLevel* level = hw.findLevel(c.level);
            if (!level) {
                s.error(item["level"], path + ".level", "the device has no level '" + c.level + "'");
            } else {
                roof = level->bytesPerSecond;
            }
        }
        const bool hasFactor = item["factor"].IsDefined();
        const bool hasValue = item["value"].IsDefined();
        if (hasFactor == hasValue) {
            s.error(item, path, "a ceiling needs exactly one of 'factor' or 'value'");
            continue;
        }
        if (hasFactor) {
            auto factor = s.number(item, "factor", path + ".factor", true, 1e-6, 1.0);
            if (factor && roof) {
                c.value = *factor * *roof;
            }
        } else {
            auto value = s.quantity(item, "value", path + ".value",
                compute ? Dimension::FlopsPerSecond : Dimension::BytesPerSecond, true, true);
            if (value) {
                c.value = *value;
            }
        }
        if (c.value > 0.0) {
            hw.ceilings.push_back(c);
        }
    }
}

HardwareLoadResult parseHardware(const YAML::Node& root, const std::string& file)
{
    HardwareLoadResult result;
    YamlSchema s(file, result.diagnostics);
    if (!s.checkMap(root, "",
            { "schema", "id", "name", "vendor", "family", "generation", "label", "year", "kind", "tdp", "price",
                "launch_overhead", "launch_overhead_source", "launch_overhead_estimate", "notes", "sources", "compute",
                "levels", "default_level", "sustained", "ceilings" })) {
        return result;
    }
    Hardware hw;
    hw.origin = file;
    auto schema = s.string(root, "schema", "schema", true);
    if (schema && *schema != "roofscope-hardware/1") {
        s.error(root["schema"], "schema", "unsupported schema '" + *schema + "' (expected roofscope-hardware/1)");
    }
    hw.id = s.string(root, "id", "id", true).value_or("");
    if (!hw.id.empty() && !validId(hw.id)) {
        s.error(root["id"], "id", "id '" + hw.id + "' may use only a-z, 0-9, '-', '_' and '.'");
    }
    hw.name = s.string(root, "name", "name", true).value_or("");
    hw.vendor = s.string(root, "vendor", "vendor", true).value_or("");
    hw.family = s.string(root, "family", "family", true).value_or("");
    hw.generation = s.string(root, "generation", "generation", true).value_or("");
    hw.label = s.string(root, "label", "label", false).value_or("");
    hw.year = static_cast<int>(s.number(root, "year", "year", true, 1940, 2100).value_or(0));
    hw.kind = s.string(root, "kind", "kind", false).value_or("");
    if (!hw.kind.empty() && hw.kind != "gpu" && hw.kind != "tpu" && hw.kind != "accelerator" && hw.kind != "cpu") {
        s.error(root["kind"], "kind", "kind must be gpu, tpu, accelerator or cpu");
    }
    hw.tdpWatts = s.quantity(root, "tdp", "tdp", Dimension::Watts, false, true);
    hw.priceDollars = s.quantity(root, "price", "price", Dimension::Dollars, false, true);
    hw.launchOverheadSeconds = s.quantity(root, "launch_overhead", "launch_overhead", Dimension::Seconds, false, true);
    hw.notes = s.string(root, "notes", "notes", false).value_or("");
    readSources(s, root, hw);
    readLaunchOverheadSource(s, root, hw);
    readCompute(s, root, hw);
    readLevels(s, root, hw);
    hw.defaultLevel = toLower(s.string(root, "default_level", "default_level", true).value_or(""));
    if (!hw.defaultLevel.empty() && !hw.levels.empty()) {
        const bool found = std::any_of(
            hw.levels.begin(), hw.levels.end(), [&](const BandwidthLevel& l) { return l.name == hw.defaultLevel; });
        if (!found) {
            s.error(root["default_level"], "default_level",
                "default level '" + hw.defaultLevel + "' is not listed under 'levels'");
        }
    }
    const YAML::Node sustained = root["sustained"];
    if (sustained.IsDefined() && s.checkMap(sustained, "sustained", { "compute", "bandwidth", "source" })) {
        SustainedFactors f;
        f.compute = s.number(sustained, "compute", "sustained.compute", true, 1e-3, 1.0).value_or(1.0);
        f.bandwidth = s.number(sustained, "bandwidth", "sustained.bandwidth", true, 1e-3, 1.0).value_or(1.0);
        hw.sustainedSource = sourceRef(s, sustained, "sustained", hw);
        hw.sustained = f;
    }
    readCeilings(s, root, hw);
    if (!s.failed()) {
        result.hardware = std::move(hw);
    }
    return result;
}

} // namespace

HardwareLoadResult loadHardwareText(const std::string& text, const std::string& fileLabel)
{
    return loadStrictYamlWith<HardwareLoadResult>(text, fileLabel, true, parseHardware);
}

HardwareLoadResult loadHardwareFile(const std::string& path, bool shipped)
{
    YamlLimits limits;
    limits.strict = !shipped;
    return loadStrictYamlWith<HardwareLoadResult>(path, path, false, parseHardware, limits);
}

void HardwareDatabase::loadDirectory(const std::string& directory, bool optional, bool shipped)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(directory, ec)) {
        if (!optional) {
            Diagnostic d;
            d.file = directory;
            std::error_code statusError;
            const auto status = fs::status(directory, statusError);
            // The system's reason where the folder is there but cannot be reached (a loop of links).
            d.message = statusError ? "cannot be read: " + statusError.message()
                : !fs::exists(status)
                ? std::string("hardware folder does not exist")
                : "is not a folder: a hardware folder holds device files (give its folder, not a file)";
            m_diagnostics.push_back(d);
        }
        return;
    }
    std::vector<std::string> files;
    for (fs::directory_iterator it(directory, ec), end; !ec && it != end; it.increment(ec)) {
        const auto ext = it->path().extension().string();
        if ((ext == ".yaml" || ext == ".yml") && it->is_regular_file(ec)) {
            files.push_back(it->path().string());
        }
    }
    std::sort(files.begin(), files.end());
    // Parsed on a few threads (each file on its own: YAML is most of a command's start-up), added in
    // the files' order so that ids and diagnostics come out as a serial load gives them.
    std::vector<HardwareLoadResult> results(files.size());
    const size_t threads = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 4);
    const size_t perThread = (files.size() + threads - 1) / std::max<size_t>(threads, 1);
    std::vector<std::future<void>> parts;
    for (size_t begin = perThread; begin < files.size(); begin += perThread) {
        parts.push_back(std::async(std::launch::async, [&files, &results, begin, perThread, shipped] {
            for (size_t i = begin; i < std::min(files.size(), begin + perThread); ++i) {
                results[i] = loadHardwareFile(files[i], shipped);
            }
        }));
    }
    for (size_t i = 0; i < std::min(files.size(), perThread); ++i) {
        results[i] = loadHardwareFile(files[i], shipped);
    }
    for (auto& part : parts) {
        part.get();
    }
    for (auto& result : results) {
        m_diagnostics.insert(m_diagnostics.end(), result.diagnostics.begin(), result.diagnostics.end());
        if (result.hardware) {
            add(std::move(*result.hardware));
        }
    }
}

bool HardwareDatabase::loadFile(const std::string& path)
{
    auto result = loadHardwareFile(path);
    m_diagnostics.insert(m_diagnostics.end(), result.diagnostics.begin(), result.diagnostics.end());
    if (!result.hardware) {
        return false;
    }
    return add(std::move(*result.hardware));
}

bool HardwareDatabase::add(Hardware hardware)
{
    if (const Hardware* existing = find(hardware.id)) {
        Diagnostic d;
        d.file = hardware.origin;
        d.message = "duplicate device id '" + hardware.id + "' (already loaded from " + existing->origin + ")";
        m_diagnostics.push_back(d);
        return false;
    }
    m_devices.push_back(std::move(hardware));
    return true;
}

const Hardware* HardwareDatabase::find(const std::string& id) const
{
    for (const auto& device : m_devices) {
        if (device.id == id) {
            return &device;
        }
    }
    return nullptr;
}

Hardware makeAdHocHardware(double peakFlopsPerSecond, const std::vector<std::pair<std::string, double>>& bandwidths,
    const std::string& precision)
{
    Hardware hw;
    hw.id = "ad-hoc";
    hw.name = "ad-hoc device";
    hw.vendor = "ad hoc";
    hw.family = "ad hoc";
    hw.generation = "ad hoc";
    hw.origin = "command line";
    // The ad-hoc peak stands for whatever precision the kernel uses, unless one is named.
    for (const auto& p : precision.empty() ? knownPrecisions() : std::vector<std::string> { precision }) {
        hw.compute.push_back({ "peak", p, peakFlopsPerSecond, std::nullopt, {} });
    }
    for (const auto& [name, bps] : bandwidths) {
        BandwidthLevel level;
        level.name = toLower(name);
        level.bytesPerSecond = bps;
        const std::string lower = level.name;
        if (lower == "ici" || lower == "dcn" || lower == "nvlink" || lower == "pcie" || lower == "net"
            || lower == "network" || lower == "xgmi" || lower == "infinity_fabric") {
            level.kind = LevelKind::Interconnect;
        }
        hw.levels.push_back(level);
    }
    hw.defaultLevel = hw.levels.empty() ? std::string {} : hw.levels.front().name;
    return hw;
}

} // namespace roofscope
