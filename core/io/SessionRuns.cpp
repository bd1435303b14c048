#include "io/SessionRuns.h"

#include "io/ImportDetect.h"

#include <algorithm>
#include <iterator>

namespace roofscope {

namespace {
std::string firstErrorText(const Diagnostics& diagnostics)
{
    for (const auto& d : diagnostics) {
        if (d.severity == Severity::Error) {
            return d.toString(false);
        }
    }
    return {};
}
} // namespace

RunLoadResult loadRun(const RunReference& run, const ImportOptions& options)
{
    RunLoadResult out;
    out.format = run.format.empty() ? detectImportFormat(run.path) : run.format;
    ImportOptions importOptions = options;
    importOptions.aggregate = run.aggregate;
    ImportResult imported;
    if (out.format == "ncu") {
        imported = importNcuCsv(run.path, importOptions);
    } else if (out.format == "csv") {
        imported = importPlainCsv(run.path, importOptions);
    } else if (out.format == "advisor") {
        imported = importAdvisorCsv(run.path, importOptions);
    } else if (out.format == "jax") {
        imported = importJaxJson(run.path, importOptions);
    } else if (out.format == "xprof") {
        imported = importXprofJson(run.path, importOptions);
        imported.devices.clear(); // a run's kernels; its device is imported on its own
    } else if (out.format == "rocprof-db") {
        imported = importRocprofDb(run.path, importOptions);
        imported.devices.clear(); // a run's kernels; its device is imported on its own
    } else if (out.format == "rocprof") {
        imported = importRocprof({ run.path }, importOptions);
    } else if (out.format == "ert") {
        Diagnostic d;
        d.file = run.path;
        d.message = "an ERT roofline.json holds a device, not measured kernels: load it with --hardware-dir";
        out.diagnostics.push_back(d);
        return out;
    } else {
        imported = importPlainCsv(run.path, importOptions); // says why the file cannot be read
    }
    out.diagnostics = std::move(imported.diagnostics);
    if (hasErrors(out.diagnostics)) {
        return out;
    }
    disambiguateNames(imported.kernels);
    out.kernels.reserve(imported.kernels.size());
    for (auto& k : imported.kernels) {
        k.kernel.fromRun = run.name;
        if (!run.device.empty()) {
            k.kernel.measuredOn = run.device;
        }
        out.kernels.push_back(std::move(k.kernel));
    }
    imported.kernels = {}; // freed before the caller copies anything
    return out;
}

void loadSessionRuns(
    Session& session, const std::string& sessionPath, Diagnostics& diagnostics, const ImportOptions& options)
{
    for (const auto& run : session.runs) {
        RunLoadResult loaded = loadRun(run, options);
        if (!loaded.ok()) {
            Diagnostic d;
            d.file = sessionPath;
            d.line = run.line;
            d.column = run.column;
            d.message = "run '" + run.name + "' cannot be read: " + firstErrorText(loaded.diagnostics);
            diagnostics.push_back(d);
        } else if (loaded.kernels.empty()) {
            Diagnostic d;
            d.file = sessionPath;
            d.line = run.line;
            d.column = run.column;
            d.severity = Severity::Warning;
            d.message = "run '" + run.name + "' (" + run.file + ") holds no measured kernel";
            diagnostics.push_back(d);
        }
        diagnostics.insert(diagnostics.end(), loaded.diagnostics.begin(), loaded.diagnostics.end());
        if (session.kernels.empty()) {
            session.kernels = std::move(loaded.kernels); // no second copy of a large run
        } else {
            session.kernels.insert(session.kernels.end(), std::make_move_iterator(loaded.kernels.begin()),
                std::make_move_iterator(loaded.kernels.end()));
        }
    }
}

SessionLoadResult loadSessionWithRuns(const std::string& path, const ImportOptions& options)
{
    SessionLoadResult result = loadSessionFile(path);
    if (result.session) {
        loadSessionRuns(*result.session, path, result.diagnostics, options);
    }
    return result;
}

void replaceRunKernels(Session& session, const std::string& runName, std::vector<Kernel> kernels)
{
    auto& all = session.kernels;
    const auto first = std::find_if(all.begin(), all.end(), [&](const Kernel& k) { return k.fromRun == runName; });
    const auto at = static_cast<std::size_t>(std::distance(all.begin(), first));
    all.erase(std::remove_if(all.begin(), all.end(), [&](const Kernel& k) { return k.fromRun == runName; }), all.end());
    const auto run = std::find_if(
        session.runs.begin(), session.runs.end(), [&](const RunReference& r) { return r.name == runName; });
    for (auto& k : kernels) {
        k.fromRun = runName;
        if (run != session.runs.end() && !run->device.empty()) {
            k.measuredOn = run->device;
        }
    }
    const auto position = all.begin() + static_cast<std::ptrdiff_t>(std::min(at, all.size()));
    all.insert(position, std::make_move_iterator(kernels.begin()), std::make_move_iterator(kernels.end()));
}

SessionRunDiff diffSessionRuns(const Session& session, const std::string& before, const std::string& after,
    const RunDiffOptions& options, const ImportOptions& importOptions)
{
    SessionRunDiff out;
    std::vector<Kernel> kernels[2];
    const std::string* names[2] = { &before, &after };
    for (int i = 0; i < 2; ++i) {
        const auto run = std::find_if(
            session.runs.begin(), session.runs.end(), [&](const RunReference& r) { return r.name == *names[i]; });
        if (run == session.runs.end()) {
            Diagnostic d;
            d.message = "the session has no run named '" + *names[i] + "'";
            out.diagnostics.push_back(d);
            return out;
        }
        RunReference merged = *run;
        merged.aggregate = true;
        RunLoadResult loaded = loadRun(merged, importOptions);
        out.diagnostics.insert(out.diagnostics.end(), loaded.diagnostics.begin(), loaded.diagnostics.end());
        if (!loaded.ok()) {
            return out;
        }
        kernels[i] = std::move(loaded.kernels);
    }
    out.diff = diffRuns(kernels[0], kernels[1], options);
    return out;
}

} // namespace roofscope
