#include "cli/DiffCommand.h"

#include "cli/CliArgs.h"
#include "cli/CliContext.h"
#include "cli/CliOptions.h"
#include "io/FileCheck.h"
#include "io/SessionFile.h"
#include "io/SessionRuns.h"
#include "model/RunDiff.h"
#include "model/Text.h"
#include "model/Units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <ostream>

namespace roofscope {

namespace {

struct LoadedRun {
    std::string label; // the file, or "session (run NAME)"
    std::vector<Kernel> kernels;
};

std::string firstErrorText(const Diagnostics& diagnostics)
{
    for (const auto& d : diagnostics) {
        if (d.severity == Severity::Error) {
            return d.toString(false);
        }
    }
    return "cannot be read";
}

// A profiler file, or a session with one run; launches of a name are merged.
LoadedRun loadRunInput(const std::string& path, const char* role, std::ostream& err)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::exists(path, ec)) {
        throw CliError(std::string(role) + " " + path + ": no such file");
    }
    // A profiler's folder (rocprof-compute) or a regular file; a FIFO or a device is never opened.
    if (const std::string problem = regularFileProblem(path); !problem.empty() && !fs::is_directory(path, ec)) {
        throw CliError(std::string(role) + " " + path + ": " + problem);
    }
    RunReference run;
    LoadedRun loaded;
    const std::string extension = toLower(fs::path(path).extension().string());
    if (extension == ".yaml" || extension == ".yml") {
        auto session = loadSessionFile(path);
        if (!session.session) {
            throw CliError(firstErrorText(session.diagnostics));
        }
        if (session.session->runs.size() != 1) {
            throw CliError(std::string(role) + " " + path + ": a session to compare needs exactly one run, it has "
                + std::to_string(session.session->runs.size()));
        }
        run = session.session->runs.front();
        loaded.label = path + " (run " + run.name + ")";
    } else {
        run.name = fs::path(path).stem().string();
        run.file = path;
        run.path = path;
        loaded.label = path;
    }
    run.aggregate = true;
    RunLoadResult result = loadRun(run);
    for (const auto& d : result.diagnostics) {
        if (d.severity == Severity::Warning) {
            err << "roofscope: " << d.toString() << "\n";
        }
    }
    if (!result.ok()) {
        throw CliError(firstErrorText(result.diagnostics));
    }
    if (result.kernels.empty()) {
        throw CliError(std::string(role) + " " + path + ": no measured kernel to compare");
    }
    loaded.kernels = std::move(result.kernels);
    return loaded;
}

std::string percent(double fraction)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%+.1f %%", fraction * 100.0);
    return buffer;
}

std::string plainPercent(double fraction)
{
    return formatNumber(fraction * 100.0) + " %";
}

nlohmann::json orNull(const std::optional<double>& value)
{
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

std::string padLeft(const std::string& s, std::size_t width)
{
    return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

} // namespace

int diffCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    CliArgs opts(args, 1, cliCommand("diff"));
    if (opts.positional().size() != 2) {
        throw CliError("diff needs two runs: roofscope diff BEFORE AFTER [--hardware ID] [--threshold 5%] [--json]");
    }
    RunDiffOptions options;
    options.pairNumberedSuffixes = !opts.has("exact-names");
    if (const auto text = opts.value("threshold")) {
        const auto threshold = parseThreshold(*text);
        if (!threshold) {
            throw CliError("--threshold '" + *text + "': give a percentage (5%) or a fraction between 0 and 1 (0.05)");
        }
        // A kernel 11 times slower is past any threshold anyone means; beyond that a typo is likelier.
        constexpr double kMaxThreshold = 10.0;
        if (*threshold > kMaxThreshold) {
            throw CliError("--threshold '" + *text + "': at most 1000% (a kernel 11 times slower)");
        }
        options.threshold = *threshold;
    }
    CliContext context(opts);
    context.reportDiagnostics(err);
    std::vector<Hardware> devices;
    if (opts.has("hardware")) {
        devices = context.devices();
        if (devices.size() != 1) {
            throw CliError("diff compares on one device: give one --hardware ID");
        }
        options.hardware = &devices.front();
        options.evalOptions = context.evalOptions();
    } else if (opts.has("precision") || opts.has("sustained")) {
        throw CliError("--precision and --sustained need --hardware ID");
    }
    const LoadedRun before = loadRunInput(opts.positional()[0], "BEFORE", err);
    const LoadedRun after = loadRunInput(opts.positional()[1], "AFTER", err);
    const RunDiff diff = diffRuns(before.kernels, after.kernels, options);
    for (const auto& w : diff.warnings) {
        err << "roofscope: warning: " << w << "\n";
    }

    if (opts.has("json")) {
        nlohmann::json j;
        j["threshold"] = diff.threshold;
        j["regressions"] = diff.regressions;
        j["before"] = before.label;
        j["after"] = after.label;
        j["hardware"] = options.hardware ? nlohmann::json(options.hardware->id) : nlohmann::json(nullptr);
        j["kernels"] = nlohmann::json::array();
        for (const auto& k : diff.kernels) {
            nlohmann::json row;
            row["name"] = k.name;
            row["name_before"] = k.beforeName;
            row["name_after"] = k.afterName;
            row["before_s"] = orNull(k.before.seconds);
            row["after_s"] = orNull(k.after.seconds);
            row["change"] = orNull(k.change);
            row["regression"] = k.regression;
            row["launches_before"] = k.before.launches;
            row["launches_after"] = k.after.launches;
            row["achieved_flops_per_s_before"] = orNull(k.before.achieved);
            row["achieved_flops_per_s_after"] = orNull(k.after.achieved);
            row["intensity_before"] = orNull(k.before.intensity);
            row["intensity_after"] = orNull(k.after.intensity);
            row["intensity_level"] = k.after.intensityLevel.empty() ? k.before.intensityLevel : k.after.intensityLevel;
            row["fraction_of_roof_before"] = orNull(k.before.fractionOfRoof);
            row["fraction_of_roof_after"] = orNull(k.after.fractionOfRoof);
            j["kernels"].push_back(std::move(row));
        }
        j["paired_by_numeric_suffix"] = nlohmann::json::array();
        for (const auto& [from, to] : diff.pairs) {
            j["paired_by_numeric_suffix"].push_back({ { "before", from }, { "after", to } });
        }
        j["only_before"] = diff.onlyBefore;
        j["only_after"] = diff.onlyAfter;
        out << j.dump(2) << "\n";
        return diff.regressions > 0 ? 3 : 0;
    }

    out << "before: " << before.label << "\nafter:  " << after.label << "\n";
    const bool roofs = options.hardware != nullptr;
    std::vector<std::vector<std::string>> table;
    std::vector<std::string> header { "KERNEL", "BEFORE", "AFTER", "CHANGE", "FLOP/s BEFORE", "FLOP/s AFTER",
        "INTENSITY BEFORE", "INTENSITY AFTER" };
    if (roofs) {
        header.insert(header.end(), { "% ROOF BEFORE", "% ROOF AFTER" });
    }
    header.emplace_back("");
    table.push_back(header);
    auto quantity = [](const std::optional<double>& v, Dimension d) { return v ? formatQuantity(*v, d) : "-"; };
    for (const auto& k : diff.kernels) {
        std::vector<std::string> row { k.name, quantity(k.before.seconds, Dimension::Seconds),
            quantity(k.after.seconds, Dimension::Seconds), k.change ? percent(*k.change) : "-",
            quantity(k.before.achieved, Dimension::FlopsPerSecond),
            quantity(k.after.achieved, Dimension::FlopsPerSecond),
            quantity(k.before.intensity, Dimension::FlopsPerByte),
            quantity(k.after.intensity, Dimension::FlopsPerByte) };
        if (roofs) {
            row.push_back(k.before.fractionOfRoof ? plainPercent(*k.before.fractionOfRoof) : "-");
            row.push_back(k.after.fractionOfRoof ? plainPercent(*k.after.fractionOfRoof) : "-");
        }
        row.emplace_back(k.regression ? "SLOWER" : (k.change ? "" : "not measured"));
        table.push_back(std::move(row));
    }
    std::vector<std::size_t> widths(header.size(), 0);
    for (const auto& row : table) {
        for (std::size_t c = 0; c < row.size(); ++c) {
            widths[c] = std::max(widths[c], row[c].size());
        }
    }
    for (const auto& row : table) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            const bool last = c + 1 == row.size();
            line += c == 0 ? padRight(row[c], widths[c]) : padLeft(row[c], last ? 0 : widths[c]);
            line += last ? "" : "  ";
        }
        while (!line.empty() && line.back() == ' ') {
            line.pop_back();
        }
        out << line << "\n";
    }
    for (const auto& [from, to] : diff.pairs) {
        out << "paired by name without its numeric suffix: " << from << " -> " << to
            << " (--exact-names to compare names as they are)\n";
    }
    if (!diff.onlyBefore.empty()) {
        out << "only before: " << joined(diff.onlyBefore, ", ") << "\n";
    }
    if (!diff.onlyAfter.empty()) {
        out << "only after: " << joined(diff.onlyAfter, ", ") << "\n";
    }
    if (diff.regressions > 0) {
        out << diff.regressions << (diff.regressions == 1 ? " kernel" : " kernels") << " slower by more than "
            << plainPercent(diff.threshold) << "\n";
        return 3;
    }
    out << "no kernel slower by more than " << plainPercent(diff.threshold) << "\n";
    return 0;
}

} // namespace roofscope
