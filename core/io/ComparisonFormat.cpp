#include "io/ComparisonFormat.h"

#include "io/ServingJson.h"
#include "io/VerdictFormat.h"
#include "model/Text.h"
#include "model/Units.h"

#include <nlohmann/json.hpp>

namespace roofscope {

std::string comparisonCell(const ComparisonEntry& entry, ComparisonColumn column, bool forCsv)
{
    if (column == ComparisonColumn::Device) {
        return entry.name + (entry.basis.comparable || forCsv ? "" : " *");
    }
    if (column == ComparisonColumn::Roofs) {
        return entry.basis.roofs + (entry.basis.sustainedMissing && !forCsv ? " (no sustained factors)" : "");
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
    case ComparisonColumn::WorkloadCost:
        return formatNumber(*value, 3) + " USD";
    case ComparisonColumn::Device:
    case ComparisonColumn::Roofs:
        break;
    }
    return {};
}

namespace {
std::vector<std::string> leftOutText(const ComparisonBasis& basis)
{
    std::vector<std::string> out;
    for (const auto& left : basis.leftOut) {
        out.push_back(left.kernel + " (" + left.reason + ")");
    }
    return out;
}

// Below the text and Markdown tables: what each row marked '*' rests on, and why cells are blank.
std::string footnotes(const Comparison& comparison, TableFormat format)
{
    std::string out;
    const bool markdown = format == TableFormat::Markdown;
    const std::string bullet = markdown ? "- " : "  ";
    const std::string mark = markdown ? "\\* " : "* ";
    for (const auto& entry : comparison.entries) {
        if (!entry.basis.comparable) {
            out += bullet + mark + entry.name + ": not like-for-like: " + joined(entry.basis.caveats, "; ") + "\n";
        }
    }
    for (const auto& entry : comparison.entries) {
        const std::vector<std::string> levelNotes = entry.basis.levelNotes();
        if (!levelNotes.empty()) {
            out += bullet + entry.name + ": " + joined(levelNotes, "; ") + "\n";
        }
    }
    for (const auto& entry : comparison.entries) {
        if (!entry.basis.notes.empty()) {
            out += bullet + entry.name + ": " + joined(entry.basis.notes, "; ") + "\n";
        }
    }
    if (!comparison.rankingRefused.empty()) {
        out += bullet + comparison.rankingRefused + "\n";
    } else if (!comparison.ranking.empty()) {
        std::string ranked;
        for (const size_t i : comparison.ranking) {
            ranked += (ranked.empty() ? "" : ", ") + comparison.entries[i].name;
        }
        out += bullet + "ranking (like-for-like devices, fastest first): " + ranked + "\n";
    }
    return out.empty() ? out : "\n" + out;
}
// Below the text and Markdown tables: each transformer group's verdict (headline, devices best first,
// what the figures rest on), the same lines every view prints.
std::string servingText(const Comparison& comparison, TableFormat format)
{
    std::string out;
    const std::string bullet = format == TableFormat::Markdown ? "- " : "  ";
    for (const GroupVerdict& verdict : comparison.verdicts) {
        const std::vector<std::string> lines = verdictLines(verdict);
        out += "\nServing '" + verdict.group + "': " + lines.front() + "\n";
        for (size_t i = 1; i < lines.size(); ++i) {
            out += bullet + lines[i] + "\n";
        }
    }
    return out;
}
} // namespace

std::string formatComparison(const Comparison& comparison, TableFormat format)
{
    const bool csv = format == TableFormat::Csv;
    std::vector<std::string> header;
    for (const auto& info : comparisonColumns()) {
        header.emplace_back(csv ? info.csvKey : info.title);
    }
    if (csv) {
        for (const char* key : { "complete", "comparable", "left_out", "levels_off", "caveats", "notes",
                 "like_for_like", "rank", "level_notes" }) {
            header.emplace_back(key);
        }
    }
    std::vector<std::vector<std::string>> rows;
    rows.reserve(comparison.entries.size());
    for (const auto& entry : comparison.entries) {
        std::vector<std::string> row;
        for (const auto& info : comparisonColumns()) {
            row.push_back(comparisonCell(entry, info.column, csv));
        }
        if (csv) {
            const ComparisonBasis& basis = entry.basis;
            row.emplace_back(basis.complete() ? "true" : "false");
            row.emplace_back(basis.comparable ? "true" : "false");
            row.push_back(joined(leftOutText(basis), "; "));
            row.push_back(joined(basis.levelsOff, "; "));
            row.push_back(joined(basis.caveats, "; "));
            row.push_back(joined(basis.notes, "; "));
            row.emplace_back(basis.comparable ? "true" : "false");
            const int rank = comparison.rankOf(static_cast<size_t>(&entry - comparison.entries.data()));
            row.push_back(rank > 0 ? std::to_string(rank) : std::string());
            row.push_back(joined(basis.levelNotes(), "; "));
        }
        rows.push_back(std::move(row));
    }
    const std::string table = formatGrid(header, rows, format);
    return csv ? table : table + footnotes(comparison, format) + servingText(comparison, format);
}

nlohmann::json groupsToJson(const Comparison& comparison)
{
    nlohmann::json groups = nlohmann::json::array();
    const size_t count = comparison.entries.empty() ? 0 : comparison.entries.front().groups.size();
    for (size_t g = 0; g < count; ++g) {
        nlohmann::json devices = nlohmann::json::array();
        for (const auto& entry : comparison.entries) {
            const GroupServing& group = entry.groups[g];
            nlohmann::json device = group.step.error.empty()
                ? servingStepToJson(group.step, false)
                : nlohmann::json { { "hardware", entry.totals.hardwareId }, { "error", group.step.error } };
            device["id"] = entry.id;
            device["name"] = entry.name;
            device["chips"] = entry.chips;
            device["batch"] = group.step.error.empty() ? nlohmann::json(group.batch) : nlohmann::json(nullptr);
            device["rank"] = group.rank > 0 ? nlohmann::json(group.rank) : nlohmann::json(nullptr);
            device["measured"] = nlohmann::json::array();
            for (const GroupVerdict& verdict : comparison.verdicts) {
                if (verdict.group != group.name) {
                    continue;
                }
                for (const VerdictDevice& v : verdict.devices) {
                    if (v.id == entry.id) {
                        device["measured"] = measuredToJson(v.measured);
                    }
                }
            }
            devices.push_back(std::move(device));
        }
        groups.push_back({ { "name", comparison.entries.front().groups[g].name }, { "devices", std::move(devices) } });
    }
    return groups;
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
            if (info.column != ComparisonColumn::Device && info.column != ComparisonColumn::Roofs) {
                object[info.csvKey] = optional(comparisonNumber(entry, info.column));
            }
        }
        object["errors"] = entry.totals.errors;
        object["chips"] = entry.chips;
        object["price_usd"] = optional(entry.priceUsd);
        object["price_usd_per_hour"] = optional(entry.priceUsdPerHour);
        const ComparisonBasis& basis = entry.basis;
        object["roofs"] = basis.roofs;
        object["complete"] = basis.complete();
        nlohmann::json leftOut = nlohmann::json::array();
        for (const auto& left : basis.leftOut) {
            leftOut.push_back({ { "kernel", left.kernel }, { "reason", left.reason } });
        }
        object["left_out"] = std::move(leftOut);
        object["levels_off"] = basis.levelsOff;
        object["comparable"] = basis.comparable;
        object["like_for_like"] = basis.comparable; // docs/comparisons.md
        object["unlike"] = basis.caveats;
        object["level_notes"] = basis.levelNotes();
        object["precision"] = basis.precision.empty() ? nlohmann::json(nullptr) : nlohmann::json(basis.precision);
        const int rank = comparison.rankOf(static_cast<size_t>(&entry - comparison.entries.data()));
        object["rank"] = rank > 0 ? nlohmann::json(rank) : nlohmann::json(nullptr);
        object["caveats"] = basis.caveats;
        object["notes"] = basis.notes;
        devices.push_back(std::move(object));
    }
    nlohmann::json out;
    out["baseline"] = comparison.baseline >= 0
        ? nlohmann::json(comparison.entries[static_cast<size_t>(comparison.baseline)].id)
        : nlohmann::json(nullptr);
    out["devices"] = std::move(devices);
    out["groups"] = groupsToJson(comparison);
    nlohmann::json answer = nlohmann::json::array();
    for (const GroupVerdict& verdict : comparison.verdicts) {
        answer.push_back(verdictToJson(verdict));
    }
    out["answer"] = std::move(answer);
    out["warnings"] = comparison.warnings;
    out["ranking_refused"]
        = comparison.rankingRefused.empty() ? nlohmann::json(nullptr) : nlohmann::json(comparison.rankingRefused);
    return out;
}

} // namespace roofscope
