#include "io/ComparisonFormat.h"

#include "model/Units.h"

#include <nlohmann/json.hpp>

namespace roofscope {

std::string comparisonCell(const ComparisonEntry& entry, ComparisonColumn column, bool forCsv)
{
    if (column == ComparisonColumn::Device) {
        return entry.name;
    }
    const std::optional<double> value = comparisonNumber(entry, column);
    if (!value) {
        return {};
    }
    if (forCsv) {
        return formatExact(*value);
    }
    switch (column) {
    case ComparisonColumn::TMin:
    case ComparisonColumn::TMax:
        return formatQuantity(*value, Dimension::Seconds);
    case ComparisonColumn::Speedup:
        return formatNumber(*value, 3) + "x" + (entry.isBaseline ? " (baseline)" : "");
    case ComparisonColumn::ComputeShare:
    case ComparisonColumn::MemoryShare:
    case ComparisonColumn::NetworkShare:
        return formatNumber(*value * 100.0, 3) + " %";
    case ComparisonColumn::Throughput:
        return formatQuantity(*value, Dimension::FlopsPerSecond);
    case ComparisonColumn::PerWatt:
        return formatQuantity(*value, Dimension::FlopsPerSecond) + "/W";
    case ComparisonColumn::PerDollar:
        return formatQuantity(*value, Dimension::FlopsPerSecond) + "/$";
    case ComparisonColumn::Device:
        break;
    }
    return {};
}

std::string formatComparison(const Comparison& comparison, TableFormat format)
{
    const bool csv = format == TableFormat::Csv;
    std::vector<std::string> header;
    for (const auto& info : comparisonColumns()) {
        header.emplace_back(csv ? info.csvKey : info.title);
    }
    std::vector<std::vector<std::string>> rows;
    rows.reserve(comparison.entries.size());
    for (const auto& entry : comparison.entries) {
        std::vector<std::string> row;
        for (const auto& info : comparisonColumns()) {
            row.push_back(comparisonCell(entry, info.column, csv));
        }
        rows.push_back(std::move(row));
    }
    return formatGrid(header, rows, format);
}

nlohmann::json comparisonToJson(const Comparison& comparison)
{
    auto optional = [](const std::optional<double>& value) -> nlohmann::json {
        return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
    };
    nlohmann::json devices = nlohmann::json::array();
    for (const auto& entry : comparison.entries) {
        nlohmann::json object;
        object["id"] = entry.id;
        object["hardware"] = entry.totals.hardwareId;
        object["name"] = entry.name;
        object["flops"] = entry.totals.flops;
        object["baseline"] = entry.isBaseline;
        for (const auto& info : comparisonColumns()) {
            if (info.column != ComparisonColumn::Device) {
                object[info.csvKey] = optional(comparisonNumber(entry, info.column));
            }
        }
        object["errors"] = entry.totals.errors;
        devices.push_back(std::move(object));
    }
    nlohmann::json out;
    out["baseline"] = comparison.baseline >= 0
        ? nlohmann::json(comparison.entries[static_cast<size_t>(comparison.baseline)].id)
        : nlohmann::json(nullptr);
    out["devices"] = std::move(devices);
    out["warnings"] = comparison.warnings;
    return out;
}

} // namespace roofscope
