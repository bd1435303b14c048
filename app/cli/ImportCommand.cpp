#include "cli/ImportCommand.h"

#include "cli/CliArgs.h"
#include "cli/CliContext.h"
#include "cli/CliOptions.h"
#include "cli/ServingRunsCommand.h"
#include "io/CsvReader.h"
#include "io/EvaluationFormat.h"
#include "io/HardwareLoader.h"
#include "io/HardwareWriter.h"
#include "io/Importers.h"
#include "io/SafeFileWriter.h"
#include "io/ServingBenchImport.h"
#include "io/SessionFile.h"
#include "io/StrictYaml.h"
#include "model/Text.h"
#include "model/Units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>
#include <sys/stat.h>
#include <tuple>

namespace roofscope {

namespace {

// The folder to give --hardware-dir for a device file written to `path` ("." for the current one).
std::string hardwareDirOf(const std::string& path)
{
    const std::string folder = std::filesystem::path(path).parent_path().string();
    return folder.empty() ? std::string(".") : folder;
}

std::string joinNames(const std::vector<std::string>& files)
{
    std::string out;
    for (const auto& f : files) {
        out += (out.empty() ? "" : ", ") + std::filesystem::path(f).filename().string();
    }
    return out;
}

// Hardware text that must load back through the loader, or the import is refused.
std::string checkedHardwareYaml(const Hardware& hw, const std::string& path)
{
    const std::string text = hardwareToYaml(hw);
    auto loaded = loadHardwareText(text, path);
    if (!loaded.hardware) {
        throw CliError("the imported device does not make a valid hardware file: " + firstError(loaded.diagnostics));
    }
    return text;
}

// The files named, each once: a file named twice (k.csv k.csv, or k.csv ./k.csv: the same file
// whatever the spelling) is read once, with a warning.
std::vector<std::string> distinctFiles(const std::vector<std::string>& named, std::ostream& err)
{
    namespace fs = std::filesystem;
    std::vector<std::string> files;
    std::vector<std::string> seen; // the device and inode of each file (a hard link is the same file)
    for (const auto& file : named) {
        std::string key;
        struct stat st { };
        if (::stat(file.c_str(), &st) == 0) {
            key = std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino);
        } else { // a missing file: its importer says so, once
            std::error_code ec;
            key = fs::absolute(file, ec).lexically_normal().string();
        }
        const auto same = std::find(seen.begin(), seen.end(), key);
        if (same != seen.end()) {
            const std::string& first = files[static_cast<std::size_t>(same - seen.begin())];
            err << "roofscope: warning: " << file
                << (file == first ? " is named twice" : " is the same file as " + first) << ": it is read once\n";
            continue;
        }
        seen.push_back(key);
        files.push_back(file);
    }
    return files;
}

// The device file and the session that names it: both written or neither. Each is checked before
// either is written; if the session then fails, the device file gets its previous content back (or
// is removed when it is new).
void writeBothOrNeither(const std::string& hardwarePath, const std::string& hardwareText,
    const std::vector<std::string>& hardwareInputs, const std::string& sessionPath, const std::string& sessionText,
    const std::vector<std::string>& sessionInputs)
{
    for (const auto& [path, inputs, option] : { std::tuple { hardwarePath, hardwareInputs, "--hardware-out" },
             std::tuple { sessionPath, sessionInputs, "-o" } }) {
        SafeFileWriter writer(path);
        writer.setInputs(inputs);
        if (const std::string error = writer.check(); !error.empty()) {
            throw CliError(std::string(option) + ": " + error);
        }
    }
    std::optional<std::string> previous;
    if (std::filesystem::is_regular_file(hardwarePath)) {
        std::ifstream in(hardwarePath, std::ios::binary);
        std::ostringstream content;
        content << in.rdbuf();
        if (!in) {
            throw CliError("--hardware-out: cannot read " + hardwarePath
                + " to keep it safe while the session is written; nothing was written");
        }
        previous = content.str();
    }
    if (const std::string error = writeFileSafely(hardwarePath, hardwareText, hardwareInputs); !error.empty()) {
        throw CliError(error + "; the session was not written either");
    }
    const std::string error = writeFileSafely(sessionPath, sessionText, sessionInputs);
    if (error.empty()) {
        return;
    }
    std::error_code ec;
    const bool restored = previous ? writeFileSafely(hardwarePath, *previous, hardwareInputs).empty()
                                   : std::filesystem::remove(hardwarePath, ec);
    throw CliError(error
        + (restored ? (previous ? "; " + hardwarePath + " has its previous content back"
                                : "; " + hardwarePath + " was not kept either")
                    : "; and " + hardwarePath + " could not be put back as it was"));
}

} // namespace

namespace {

// The serving benchmarks' options, refused for a profiler's import.
void refuseServingOptions(const CliArgs& opts, const std::string& format)
{
    for (const char* option : { "chips", "model", "engine", "engine-version", "weight-dtype", "dtype", "kv-dtype",
             "isl", "osl", "concurrency", "flags" }) {
        if (opts.has(option)) {
            throw CliError(std::string("--") + option + " applies to serving benchmark imports, not to " + format);
        }
    }
}

// A profiler import's options from the command line.
ImportOptions profilerImportOptions(const CliArgs& opts, const std::string& format)
{
    ImportOptions options;
    options.maxFileBytes = maxImportBytes(opts);
    if (auto device = opts.number("device")) {
        if (*device < 0.0 || *device != std::floor(*device) || *device > 1e6) {
            throw CliError("--device must be a GPU number (0, 1, ...)");
        }
        options.rocprofDevice = static_cast<int>(*device);
    }
    if (opts.has("device") && format != "rocprof") {
        throw CliError("--device chooses a row of rocprof-compute's roofline.csv; it has no meaning for " + format);
    }
    return options;
}

// The files each output must never overwrite: the inputs, and the other output.
struct ImportOutputs {
    std::string session; // -o
    std::vector<std::string> sessionInputs;
    std::vector<std::string> hardwareInputs;
};

// The outputs, checked before any work: never an input, never a device or a FIFO.
ImportOutputs checkedImportOutputs(
    const CliArgs& opts, const std::string& output, const std::vector<std::string>& files)
{
    ImportOutputs outputs { output, files, files };
    if (const auto hardwareOut = opts.value("hardware-out")) {
        std::error_code ec1;
        std::error_code ec2;
        if (*hardwareOut == output
            || (std::filesystem::weakly_canonical(*hardwareOut, ec1) == std::filesystem::weakly_canonical(output, ec2)
                && !ec1 && !ec2)) {
            throw CliError("-o and --hardware-out name the same file: " + output);
        }
        outputs.sessionInputs.push_back(*hardwareOut);
        outputs.hardwareInputs.push_back(output);
        SafeFileWriter writer(*hardwareOut);
        writer.setInputs(outputs.hardwareInputs);
        if (const std::string error = writer.check(); !error.empty()) {
            throw CliError("--hardware-out: " + error);
        }
    }
    SafeFileWriter writer(output);
    writer.setInputs(outputs.sessionInputs);
    if (const std::string error = writer.check(); !error.empty()) {
        throw CliError("-o: " + error);
    }
    return outputs;
}

// Reads the files in their format. A split ncu run goes into the session (`inlineKernels` set).
ImportResult readProfiles(const std::string& format, const std::vector<std::string>& files,
    const ImportOptions& options, bool& inlineKernels, std::ostream& err)
{
    ImportResult result;
    if (format == "rocprof") {
        return importRocprof(files, options);
    }
    if (format == "ncu") {
        bool split = false;
        result = importNcuFiles(files, options, &split);
        if (split && !inlineKernels) {
            // A session's run is one file: the merged passes of a split run go into the session.
            err << "roofscope: the split run's merged kernels are written into the session (--inline): a run "
                   "refers to one file\n";
            inlineKernels = true;
        }
        return result;
    }
    for (const auto& file : files) {
        result.append(format == "ert"    ? importErtJson(file, options)
                : format == "jax"        ? importJaxJson(file, options)
                : format == "xprof"      ? importXprofJson(file, options)
                : format == "rocprof-db" ? importRocprofDb(file, options)
                : format == "advisor"    ? importAdvisorCsv(file, options)
                                         : importPlainCsv(file, options));
    }
    return result;
}

// Warnings to `err`; the first error, an empty import or several devices thrown.
void checkImportResult(ImportResult& result, const std::string& format, const std::vector<std::string>& files,
    const CliArgs& opts, bool inlineKernels, std::ostream& err)
{
    if (format == "xprof" && !result.devices.empty() && !result.kernels.empty() && !opts.has("hardware-out")) {
        err << "roofscope: the table's device peaks are not written: give --hardware-out FILE for them\n";
        result.devices.clear();
    }
    for (const auto& d : result.diagnostics) {
        if (d.severity == Severity::Warning) {
            err << "roofscope: " << d.toString() << "\n";
        }
    }
    if (!result.ok()) {
        for (const auto& d : result.diagnostics) {
            if (d.severity == Severity::Error) {
                throw CliError(d.toString(false));
            }
        }
    }
    if (opts.has("aggregate") && inlineKernels && files.size() > 1) {
        aggregateLaunches(result); // the same name in several files: one kernel
    }
    if (inlineKernels) {
        disambiguateNames(result.kernels);
    }
    if (result.kernels.empty() && result.devices.empty()) {
        throw CliError("nothing to import from " + joinNames(files) + ": every kernel was left out (see the warnings)");
    }
    if (result.devices.size() > 1) {
        throw CliError(std::to_string(result.devices.size()) + " devices in " + joinNames(files)
            + ": import one device file at a time (one hardware file each)");
    }
}

// An import that yields a device alone (ERT, roofline.csv): its hardware file.
int writeDeviceImport(const ImportResult& result, const ImportOutputs& outputs, const std::vector<std::string>& files,
    const CliArgs& opts, nlohmann::json& summary, std::ostream& out)
{
    if (opts.has("hardware") || opts.has("hardware-out")) {
        throw CliError("--hardware and --hardware-out apply to imports that yield kernels; " + joinNames(files)
            + " yields a device");
    }
    const Hardware& hw = result.devices.front();
    const std::string text = checkedHardwareYaml(hw, outputs.session);
    if (const std::string error = writeFileSafely(outputs.session, text, outputs.sessionInputs); !error.empty()) {
        throw CliError(error);
    }
    summary["kind"] = "hardware";
    summary["device"] = hw.id;
    if (opts.has("json")) {
        out << jsonText(summary) << "\n";
    } else {
        out << "wrote device " << hw.id << " (" << hw.levels.size() << " levels, " << hw.compute.size()
            << (hw.compute.size() == 1 ? " compute peak) to " : " compute peaks) to ") << outputs.session
            << "; load it with --hardware-dir " << hardwareDirOf(outputs.session) << "\n";
    }
    return 0;
}

// The session refers to the files: one run per file that yielded kernels, named after the file.
void addRuns(Session& session, const ImportResult& result, const std::string& format, bool aggregate)
{
    namespace fs = std::filesystem;
    for (const auto& k : result.kernels) {
        if (std::any_of(session.runs.begin(), session.runs.end(),
                [&](const RunReference& run) { return run.file == k.file; })) {
            continue;
        }
        RunReference run;
        const std::string stem = fs::path(k.file).stem().string();
        run.name = stem.empty() ? std::string("run") : stem;
        for (int n = 2; std::any_of(session.runs.begin(), session.runs.end(),
                 [&](const RunReference& other) { return other.name == run.name; });
             ++n) {
            run.name = stem + " " + std::to_string(n);
        }
        run.file = k.file;
        std::error_code ec;
        run.path = fs::absolute(k.file, ec).lexically_normal().string();
        run.format = format;
        run.aggregate = aggregate;
        session.runs.push_back(std::move(run));
    }
}

// The session's devices: --hardware's, and the import's own (its hardware file's text in `hardwareText`).
void addImportDevices(Session& session, const ImportResult& result, const std::string& format,
    const std::vector<std::string>& files, const CliArgs& opts, const CliContext& context,
    std::optional<std::string>& hardwareText, nlohmann::json& summary)
{
    for (const auto& list : opts.values("hardware")) {
        for (const auto& id : split(list, ',')) {
            if (id.empty()) {
                continue;
            }
            if (!context.database().find(id)) {
                throw CliError("unknown hardware '" + id + "' (see 'roofscope hardware list')");
            }
            session.devices.push_back({ id, "", {}, true });
        }
    }
    if (!result.devices.empty()) {
        // Kernels and a device (rocprof roofline.csv with pmc_perf.csv): the device goes to its own file.
        const auto hardwareOut = opts.value("hardware-out");
        if (!hardwareOut) {
            throw CliError(joinNames(files) + (files.size() == 1 ? " yields" : " yield")
                + " kernels and a device: give --hardware-out FILE for the device's hardware file"
                + std::string(format == "rocprof" ? ", or import roofline.csv on its own" : ""));
        }
        const Hardware& hw = result.devices.front();
        hardwareText = checkedHardwareYaml(hw, *hardwareOut); // written with the session
        session.devices.push_back({ hw.id, "", {}, true });
        summary["device"] = hw.id;
        summary["hardware_output"] = *hardwareOut;
    } else if (opts.has("hardware-out")) {
        throw CliError("--hardware-out: " + joinNames(files) + (files.size() == 1 ? " yields" : " yield")
            + " no device (it applies to imports that give kernels and a device, such as rocprof-compute's)");
    }
}

// The session's text, checked as a session file would be read.
std::string checkedSessionText(const Session& session, const std::string& output)
{
    const std::string text = sessionToYaml(session, output);
    const std::size_t limit = YamlLimits {}.maxBytes;
    if (text.size() > limit) {
        throw CliError("the session would be " + formatQuantity(static_cast<double>(text.size()), Dimension::Bytes)
            + " (" + std::to_string(session.kernels.size()) + " kernels), over the " + describeBytes(limit)
            + " a session file may have: leave out --inline so that it refers to the profile, or merge launches "
              "with --aggregate");
    }
    auto check = loadSessionText(text, output);
    if (!check.session) {
        throw CliError("the imported kernels do not make a valid session: " + firstError(check.diagnostics));
    }
    return text;
}

// What was written, as text or JSON; a note when a run is larger than a session opens by default.
void reportSessionImport(const Session& session, const ImportResult& result, const std::vector<std::string>& files,
    const CliArgs& opts, bool inlineKernels, const ImportOptions& options, nlohmann::json& summary, std::ostream& out,
    std::ostream& err)
{
    // The kernels the session shows: launches stay apart unless --aggregate merges them.
    std::size_t shown = 0;
    for (const auto& k : result.kernels) {
        shown += opts.has("aggregate") || inlineKernels ? 1 : static_cast<std::size_t>(k.launches);
    }
    summary["kind"] = "session";
    summary["kernels"] = shown;
    summary["runs"] = nlohmann::json::array();
    for (const auto& run : session.runs) {
        summary["runs"].push_back({ { "name", run.name }, { "file", run.file } });
    }
    if (opts.has("json")) {
        out << jsonText(summary) << "\n";
    } else {
        out << "wrote " << shown << (shown == 1 ? " kernel" : " kernels") << " from " << joinNames(files) << " to "
            << summary["output"].get<std::string>();
        if (!session.runs.empty()) {
            out << " (referring to " << session.runs.size() << (session.runs.size() == 1 ? " run" : " runs")
                << ", not copied)";
        }
        if (summary.contains("hardware_output")) {
            out << ", device " << result.devices.front().id << " to " << summary["hardware_output"].get<std::string>();
        }
        out << "\n";
    }
    // A run over the default limit opens with the same --max-size the import was given.
    if (options.maxFileBytes > ImportOptions {}.maxFileBytes) {
        for (const auto& run : session.runs) {
            std::error_code ec;
            const auto size = std::filesystem::file_size(run.path, ec);
            if (!ec && size > ImportOptions {}.maxFileBytes) {
                err << "roofscope: note: " << run.file << " is over the "
                    << describeBytes(ImportOptions {}.maxFileBytes)
                    << " a session's run may be by default: open the session with --max-size " << options.maxFileBytes
                    << " (table, compare, export)\n";
                break;
            }
        }
    }
}

} // namespace

int importCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    const CliCommand& command = cliCommand("import");
    CliArgs opts(args, 1, command);
    if (opts.positional().empty()) {
        throw CliError(
            "import needs a format and files: roofscope import ncu|rocprof|rocprof-db|advisor|ert|csv|jax|xprof "
            "FILE... -o OUT.yaml, or a serving benchmark's format (vllm-serve, sglang, aiperf, genai-perf, mlperf, "
            "llmperf, trtllm-bench) and its files");
    }
    const std::string format = opts.positional().front();
    if (!command.acceptsWord(format)) {
        throw CliError("import: unknown format '" + format + "' (" + command.wordList() + ")");
    }
    if (opts.positional().size() < 2) {
        throw CliError("import " + format + " needs at least one FILE");
    }
    const std::vector<std::string> files
        = distinctFiles({ opts.positional().begin() + 1, opts.positional().end() }, err);
    if (isServingBenchFormat(format)) {
        return importServingCommand(format, files, opts, out, err);
    }
    refuseServingOptions(opts, format);
    const auto output = opts.value("output");
    if (!output || output->empty()) {
        throw CliError("import needs -o OUT.yaml (a session, or a hardware file for ERT and roofline.csv)");
    }
    ImportOptions options = profilerImportOptions(opts, format);
    const ImportOutputs outputs = checkedImportOutputs(opts, *output, files);
    // Launches are merged while each file is read, so memory follows the kernel names, not the rows.
    // Without --inline the session refers to the files: they are read only to check them and to
    // count their kernels, merged in the same way whatever their size.
    bool inlineKernels = opts.has("inline");
    options.aggregate = opts.has("aggregate") || !inlineKernels;
    CliContext context(opts);
    context.reportDiagnostics(err);

    ImportResult result = readProfiles(format, files, options, inlineKernels, err);
    checkImportResult(result, format, files, opts, inlineKernels, err);
    nlohmann::json summary;
    summary["output"] = *output;
    summary["warnings"] = nlohmann::json::array();
    for (const auto& d : result.diagnostics) {
        summary["warnings"].push_back(d.toString(false));
    }
    if (result.kernels.empty()) {
        return writeDeviceImport(result, outputs, files, opts, summary, out);
    }

    Session session;
    session.title = opts.value("title").value_or("Imported from " + format + ": " + joinNames(files));
    std::optional<std::string> hardwareText;
    addImportDevices(session, result, format, files, opts, context, hardwareText, summary);
    if (inlineKernels) {
        for (const auto& k : result.kernels) {
            session.kernels.push_back(k.kernel);
        }
    } else {
        addRuns(session, result, format, opts.has("aggregate"));
    }
    const std::string text = checkedSessionText(session, *output);
    if (hardwareText) {
        writeBothOrNeither(
            *opts.value("hardware-out"), *hardwareText, outputs.hardwareInputs, *output, text, outputs.sessionInputs);
    } else if (const std::string error = writeFileSafely(*output, text, outputs.sessionInputs); !error.empty()) {
        throw CliError(error);
    }
    reportSessionImport(session, result, files, opts, inlineKernels, options, summary, out, err);
    return 0;
}

} // namespace roofscope
