#include "io/HardwareWriter.h"

#include "io/SessionFile.h"
#include "model/Units.h"

#include <yaml-cpp/yaml.h>

namespace roofscope {

namespace {

std::string quantity(double value, const char* unit)
{
    return formatExact(value) + " " + unit;
}

} // namespace

std::string hardwareToYaml(const Hardware& hw)
{
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "schema" << YAML::Value << "roofscope-hardware/1";
    out << YAML::Key << "id" << YAML::Value << hw.id;
    out << YAML::Key << "name" << YAML::Value << hw.name;
    out << YAML::Key << "vendor" << YAML::Value << hw.vendor;
    out << YAML::Key << "family" << YAML::Value << hw.family;
    out << YAML::Key << "generation" << YAML::Value << hw.generation;
    if (!hw.label.empty()) {
        out << YAML::Key << "label" << YAML::Value << hw.label;
    }
    out << YAML::Key << "year" << YAML::Value << hw.year;
    if (!hw.kind.empty()) {
        out << YAML::Key << "kind" << YAML::Value << hw.kind;
    }
    if (hw.tdpWatts) {
        out << YAML::Key << "tdp" << YAML::Value << quantity(*hw.tdpWatts, "W");
    }
    if (hw.priceDollars) {
        out << YAML::Key << "price" << YAML::Value << quantity(*hw.priceDollars, "USD");
    }
    if (hw.launchOverheadSeconds) {
        out << YAML::Key << "launch_overhead" << YAML::Value << quantity(*hw.launchOverheadSeconds, "s");
        if (!hw.launchOverheadSource.empty()) {
            out << YAML::Key << "launch_overhead_source" << YAML::Value << hw.launchOverheadSource;
        }
        if (hw.launchOverheadEstimate) {
            out << YAML::Key << "launch_overhead_estimate" << YAML::Value << true;
        }
    }
    if (!hw.notes.empty()) {
        out << YAML::Key << "notes" << YAML::Value << YAML::DoubleQuoted << hw.notes;
    }
    out << YAML::Key << "sources" << YAML::Value << YAML::BeginSeq;
    for (const auto& s : hw.sources) {
        out << YAML::BeginMap << YAML::Key << "id" << YAML::Value << s.id;
        if (!s.title.empty()) {
            out << YAML::Key << "title" << YAML::Value << s.title;
        }
        if (!s.url.empty()) {
            out << YAML::Key << "url" << YAML::Value << s.url;
        }
        if (!s.document.empty()) {
            out << YAML::Key << "document" << YAML::Value << s.document;
        }
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::Key << "compute" << YAML::Value << YAML::BeginSeq;
    for (const auto& c : hw.compute) {
        const char* unit = c.precision.rfind("int", 0) == 0 ? "OP/s" : "FLOP/s";
        out << YAML::BeginMap << YAML::Key << "unit" << YAML::Value << c.unit;
        out << YAML::Key << "precision" << YAML::Value << c.precision;
        out << YAML::Key << "peak" << YAML::Value << quantity(c.flopsPerSecond, unit);
        if (c.sparseFlopsPerSecond) {
            out << YAML::Key << "sparse_peak" << YAML::Value << quantity(*c.sparseFlopsPerSecond, unit);
        }
        out << YAML::Key << "source" << YAML::Value << c.source;
        if (c.estimate) {
            out << YAML::Key << "estimate" << YAML::Value << true;
        }
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::Key << "levels" << YAML::Value << YAML::BeginSeq;
    for (const auto& l : hw.levels) {
        out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << l.name;
        out << YAML::Key << "kind" << YAML::Value << (l.kind == LevelKind::Memory ? "memory" : "interconnect");
        out << YAML::Key << "bandwidth" << YAML::Value << quantity(l.bytesPerSecond, "B/s");
        if (l.capacityBytes) {
            out << YAML::Key << "capacity" << YAML::Value << quantity(*l.capacityBytes, "B");
            if (!l.capacitySource.empty()) {
                out << YAML::Key << "capacity_source" << YAML::Value << l.capacitySource;
            }
            if (l.capacityEstimate) {
                out << YAML::Key << "capacity_estimate" << YAML::Value << true;
            }
        }
        if (!l.aliases.empty()) {
            out << YAML::Key << "aliases" << YAML::Value << YAML::Flow << l.aliases;
        }
        out << YAML::Key << "source" << YAML::Value << l.source;
        if (l.estimate) {
            out << YAML::Key << "estimate" << YAML::Value << true;
        }
        if (l.collectiveBytesPerSecond) {
            out << YAML::Key << "collective_bandwidth" << YAML::Value << quantity(*l.collectiveBytesPerSecond, "B/s");
        }
        if (l.latencySeconds) {
            out << YAML::Key << "latency" << YAML::Value << quantity(*l.latencySeconds, "s");
        }
        if (!l.collectiveSource.empty()) {
            out << YAML::Key << "collective_source" << YAML::Value << l.collectiveSource;
        }
        if (l.collectiveEstimate) {
            out << YAML::Key << "collective_estimate" << YAML::Value << true;
        }
        if (!l.topology.empty()) {
            out << YAML::Key << "topology" << YAML::Value << l.topology;
        }
        if (l.switchReduction) {
            out << YAML::Key << "switch_reduction" << YAML::Value << true;
            out << YAML::Key << "switch_reduction_source" << YAML::Value << l.switchReductionSource;
        }
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::Key << "default_level" << YAML::Value << hw.defaultLevel;
    if (hw.sustained) {
        const std::string source = !hw.sustainedSource.empty() ? hw.sustainedSource
            : hw.sources.empty()                               ? std::string()
                                                               : hw.sources.front().id;
        out << YAML::Key << "sustained" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "compute" << YAML::Value << formatExact(hw.sustained->compute);
        out << YAML::Key << "bandwidth" << YAML::Value << formatExact(hw.sustained->bandwidth);
        out << YAML::Key << "source" << YAML::Value << source;
        out << YAML::EndMap;
    }
    if (!hw.ceilings.empty()) {
        out << YAML::Key << "ceilings" << YAML::Value << YAML::BeginSeq;
        for (const auto& c : hw.ceilings) {
            out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << c.name;
            if (!c.precision.empty()) {
                out << YAML::Key << "precision" << YAML::Value << c.precision;
                out << YAML::Key << "value" << YAML::Value << quantity(c.value, "FLOP/s");
            } else {
                out << YAML::Key << "level" << YAML::Value << c.level;
                out << YAML::Key << "value" << YAML::Value << quantity(c.value, "B/s");
            }
            out << YAML::Key << "source" << YAML::Value << c.source;
            out << YAML::EndMap;
        }
        out << YAML::EndSeq;
    }
    out << YAML::EndMap;
    return std::string(out.c_str()) + "\n";
}

std::string saveHardwareFile(const Hardware& hardware, const std::string& path)
{
    return writeFileAtomically(path, hardwareToYaml(hardware));
}

} // namespace roofscope
