#include "cli/CommandLine.h"

#include "analysis/SessionEvaluator.h"
#include "chart/ChartExport.h"
#include "cli/CliArgs.h"
#include "cli/CliContext.h"
#include "cli/CliOptions.h"
#include "cli/CliUsage.h"
#include "cli/DiffCommand.h"
#include "cli/ImportCommand.h"
#include "cli/MapCommand.h"
#include "cli/PrintableStreamBuf.h"
#include "cli/ServingRunsCommand.h"
#include "cli/SweepCommand.h"
#include "cli/TableCommand.h"
#include "cli/VerdictArgs.h"
#include "cli/WorkloadCommand.h"
#include "io/ComparisonFormat.h"
#include "io/EvaluationFormat.h"
#include "io/EvaluationTableWriter.h"
#include "io/SafeFileWriter.h"
#include "io/ServingJson.h"
#include "io/SessionFile.h"
#include "io/SessionRuns.h"
#include "model/ChipScaling.h"
#include "model/Solver.h"
#include "model/Templates.h"
#include "model/Units.h"
#include "session/AppPaths.h"

#include <nlohmann/json.hpp>

#include <QApplication>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <future>
#include <iostream>
#include <optional>

namespace roofscope {

namespace {

int hardwareCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (args.size() < 2 || !cliCommand("hardware").acceptsWord(args[1])) {
        throw CliError("expected 'hardware list' or 'hardware show ID'");
    }
    CliArgs opts(args, 2, cliCommand("hardware"));
    CliContext context(opts);
    context.reportDiagnostics(err);
    const auto& devices = context.database().devices();
    if (args[1] == "list") {
        if (!opts.positional().empty()) {
            throw CliError("'hardware list' takes no argument");
        }
        if (opts.has("json")) {
            nlohmann::json array = nlohmann::json::array();
            for (const auto& hw : devices) {
                array.push_back(hardwareSummaryToJson(hw));
            }
            out << jsonText(array) << "\n";
            return 0;
        }
        size_t idWidth = 2;
        size_t nameWidth = 4;
        for (const auto& hw : devices) {
            idWidth = std::max(idWidth, hw.id.size());
            nameWidth = std::max(nameWidth, hw.name.size());
        }
        auto pad = [](std::string s, size_t w) { return s + std::string(w > s.size() ? w - s.size() : 0, ' '); };
        out << pad("ID", idWidth) << "  " << pad("NAME", nameWidth) << "  PEAK (main precision)      DEFAULT LEVEL\n";
        for (const auto& hw : devices) {
            const std::string precision = hw.mainPrecision();
            const BandwidthLevel* level = hw.defaultLevelPtr();
            std::string peak = precision.empty()
                ? "-"
                : formatQuantity(*hw.peak(precision), Dimension::FlopsPerSecond) + " " + precision;
            out << pad(hw.id, idWidth) << "  " << pad(hw.name, nameWidth) << "  " << pad(peak, 26)
                << (level ? level->name + " " + formatQuantity(level->bytesPerSecond, Dimension::BytesPerSecond) : "")
                << "\n";
        }
        return 0;
    }
    if (opts.positional().size() != 1) {
        throw CliError("'hardware show' needs one device id");
    }
    const Hardware* hw = context.database().find(opts.positional().front());
    if (!hw) {
        throw CliError("unknown hardware '" + opts.positional().front() + "' (see 'roofscope hardware list')");
    }
    if (opts.has("json")) {
        out << jsonText(hardwareToJson(*hw)) << "\n";
        return 0;
    }
    out << hw->name << " (" << hw->id << ")\n";
    out << "  vendor " << hw->vendor << ", family " << hw->family << ", generation " << hw->generation << ", "
        << hw->year << "\n";
    out << "  compute:\n";
    for (const auto& c : hw->compute) {
        out << "    " << c.precision << " on " << c.unit << ": "
            << formatQuantity(c.flopsPerSecond, Dimension::FlopsPerSecond)
            << (c.sparseFlopsPerSecond
                       ? " (sparse " + formatQuantity(*c.sparseFlopsPerSecond, Dimension::FlopsPerSecond) + ")"
                       : "")
            << (c.estimate ? " (estimate)" : "") << "\n";
    }
    out << "  levels (fastest first):\n";
    const std::string main = hw->mainPrecision();
    for (const auto& l : hw->levels) {
        out << "    " << l.name << (l.name == hw->defaultLevel ? " (default)" : "") << ": "
            << formatQuantity(l.bytesPerSecond, Dimension::BytesPerSecond);
        if (l.capacityBytes) {
            out << ", " << formatQuantity(*l.capacityBytes, Dimension::Bytes)
                << (!l.capacitySource.empty() && l.capacityEstimate ? " (estimate)" : "");
        }
        if (!main.empty()) {
            out << ", ridge " << formatNumber(*hw->peak(main) / l.bytesPerSecond) << " FLOP/B (" << main << ")";
        }
        out << (l.estimate ? ", estimate" : "");
        if (l.collectiveBytesPerSecond) {
            out << ", collectives " << formatQuantity(*l.collectiveBytesPerSecond, Dimension::BytesPerSecond)
                << " per chip one way";
        }
        if (l.latencySeconds) {
            out << ", " << formatQuantity(*l.latencySeconds, Dimension::Seconds) << " per hop";
        }
        out << (l.collectiveEstimate ? " (estimate)" : "") << "\n";
    }
    if (hw->sustained) {
        out << "  sustained: compute " << formatNumber(hw->sustained->compute * 100) << " %, bandwidth "
            << formatNumber(hw->sustained->bandwidth * 100) << " %\n";
    }
    for (const auto& c : hw->ceilings) {
        out << "  ceiling '" << c.name << "': "
            << formatQuantity(c.value, c.precision.empty() ? Dimension::BytesPerSecond : Dimension::FlopsPerSecond)
            << "\n";
    }
    out << "  sources:\n";
    for (const auto& s : hw->sources) {
        out << "    [" << s.id << "] " << s.title << (s.url.empty() ? "" : " <" + s.url + ">")
            << (s.document.empty() ? "" : " " + s.document) << "\n";
    }
    if (!hw->notes.empty()) {
        out << "  notes: " << hw->notes << "\n";
    }
    return 0;
}

int evalCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    CliArgs opts(args, 1, cliCommand("eval"));
    if (!opts.positional().empty()) {
        throw CliError("unexpected argument '" + opts.positional().front() + "'");
    }
    CliContext context(opts);
    context.reportDiagnostics(err);
    const auto devices = context.devices();
    const double chips = context.chips();
    Kernel kernel = context.kernel();
    if (const std::string error = kernelOnChips(kernel, chips); !error.empty()) {
        throw CliError("--chips: " + error);
    }
    const EvalOptions options = context.evalOptions();
    std::vector<Evaluation> rows;
    for (const auto& device : devices) {
        const Hardware hw = hardwareOnChips(device, chips);
        Kernel placed = kernel;
        placeCollectiveBytes(placed, hw);
        auto result = evaluate(placed, hw, options);
        if (!result.evaluation) {
            throw CliError(result.error);
        }
        for (const auto& w : result.evaluation->warnings) {
            err << "roofscope: warning: " << w << "\n";
        }
        rows.push_back(std::move(*result.evaluation));
    }
    if (opts.has("json")) {
        nlohmann::json array = nlohmann::json::array();
        for (const auto& ev : rows) {
            array.push_back(evaluationToJson(ev, kernel));
            if (chips > 1.0) {
                array.back()["chips"] = chips;
            }
        }
        out << jsonText(array) << "\n";
        return 0;
    }
    out << formatEvaluationTable(rows, TableFormat::Text);
    for (const auto& ev : rows) {
        out << "\n"
            << ev.kernelName << " on " << (ev.hardwareLabel.empty() ? ev.hardwareId : ev.hardwareLabel) << " ("
            << ev.precision << ", " << formatQuantity(ev.computeRoof, Dimension::FlopsPerSecond)
            << (ev.sustained ? " sustained" : "") << "):\n";
        out << "  FLOPs " << formatQuantity(ev.flops, Dimension::Flops) << ", T_math "
            << formatQuantity(ev.tMath, Dimension::Seconds) << "\n";
        for (const auto& l : ev.levels) {
            out << "  " << l.name << ": " << formatQuantity(l.bytes, Dimension::Bytes) << " at "
                << formatQuantity(l.bytesPerSecond, Dimension::BytesPerSecond) << ", intensity "
                << formatQuantity(l.intensity, Dimension::FlopsPerByte) << ", ridge "
                << formatQuantity(l.ridge, Dimension::FlopsPerByte) << ", T "
                << formatQuantity(l.seconds, Dimension::Seconds) << "\n";
        }
        if (!ev.fits.empty()) {
            out << "  working set:";
            for (const auto& [level, fit] : ev.fits) {
                out << " " << (fit ? "fits in " : "does NOT fit in ") << level << ";";
            }
            out << "\n";
        }
        out << "  " << regimeName(ev.regime) << " (bound by " << ev.binding << "), attainable "
            << formatQuantity(ev.attainable, Dimension::FlopsPerSecond) << " = "
            << formatNumber(ev.fractionOfPeak * 100) << " % of peak; T_min "
            << formatQuantity(ev.tMin, Dimension::Seconds) << ", T_max " << formatQuantity(ev.tMax, Dimension::Seconds)
            << "\n";
        if (ev.peakBasis) {
            out << "  against the datasheet peaks: " << regimeName(ev.peakBasis->regime) << ", attainable "
                << formatQuantity(ev.peakBasis->attainable, Dimension::FlopsPerSecond) << "; T_min "
                << formatQuantity(ev.peakBasis->tMin, Dimension::Seconds) << ", T_max "
                << formatQuantity(ev.peakBasis->tMax, Dimension::Seconds) << "\n";
        }
        if (ev.launchOverheadSeconds) {
            out << "  with the launch overhead of " << formatQuantity(*ev.launchOverheadSeconds, Dimension::Seconds)
                << ": T_min " << formatQuantity(ev.tMinWithLaunch, Dimension::Seconds) << ", T_max "
                << formatQuantity(ev.tMaxWithLaunch, Dimension::Seconds) << "\n";
        }
        if (ev.measuredSeconds) {
            out << "  measured " << formatQuantity(*ev.measuredSeconds, Dimension::Seconds) << ": "
                << formatQuantity(*ev.achieved, Dimension::FlopsPerSecond) << " = "
                << formatNumber(*ev.fractionOfRoof * 100) << " % of the roof"
                << (*ev.aboveRoof ? " -- ABOVE the roof: miscounted bytes or the wrong precision?" : "")
                << (*ev.withinBounds ? "" : " -- outside [T_min, T_max]") << "\n";
        }
    }
    return 0;
}

int solveCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    CliArgs opts(args, 1, cliCommand("solve"));
    if (!opts.positional().empty()) {
        throw CliError("unexpected argument '" + opts.positional().front() + "'");
    }
    if (!opts.has("kernel")) {
        throw CliError("solve needs --kernel TEMPLATE --param ... --free NAME");
    }
    if (opts.has("chips")) {
        throw CliError("solve takes no --chips; 'sweep --chips N' gives the crossings of an N-chip device");
    }
    auto free = opts.value("free");
    if (!free) {
        throw CliError("solve needs --free NAME (the parameter to solve for; NAME,NAME ties several)");
    }
    if (parseFreeParameters(*free).empty()) {
        throw CliError("--free: no parameter named (e.g. --free m, or --free m,k,n)");
    }
    CliContext context(opts);
    context.reportDiagnostics(err);
    const auto devices = context.devices();
    Kernel kernel = context.kernel(parseFreeParameters(*free));
    const EvalOptions options = context.evalOptions();
    nlohmann::json array = nlohmann::json::array();
    for (const auto& hw : devices) {
        auto result = solveCrossover(kernel, hw, options, *free, opts.value("level").value_or(""));
        if (!result.value) {
            throw CliError(result.error);
        }
        const bool integer = findTemplate(kernel.templ->name)->parameter(parseFreeParameters(*free).front())->integer;
        const double first = firstComputeBoundValue(result, integer);
        if (opts.has("json")) {
            array.push_back(solveResultToJson(result, hw.id, kernel.name, *free));
            continue;
        }
        out << kernel.name << " on " << hw.id << ": reaches the " << result.level << " ridge ("
            << formatNumber(result.ridge, 4) << " FLOP/B) at " << *free << " = " << formatNumber(*result.value, 6)
            << "; compute-bound from " << *free << (result.computeBoundAbove ? " >= " : " <= ")
            << formatNumber(first, 8) << "\n";
    }
    (void)err;
    if (opts.has("json")) {
        out << jsonText(array.size() == 1 ? array.front() : array) << "\n";
    }
    return 0;
}

int exportCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    CliArgs opts(args, 1, cliCommand("export"));
    if (!opts.positional().empty()) {
        throw CliError("unexpected argument '" + opts.positional().front() + "'");
    }
    const auto path = opts.value("session");
    if (!path) {
        throw CliError("export needs --session FILE");
    }
    // Each -o is a file of the same chart: several formats in one run (the program starts once).
    const std::vector<std::string> outputs = opts.values("output");
    if (outputs.empty()) {
        throw CliError("export needs -o OUT.png|OUT.svg|OUT.pdf|OUT.html");
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
        if (std::find(outputs.begin(), outputs.begin() + static_cast<std::ptrdiff_t>(i), outputs[i])
            != outputs.begin() + static_cast<std::ptrdiff_t>(i)) {
            throw CliError("-o " + outputs[i] + " is given twice");
        }
    }
    ChartExportOptions options;
    if (const auto size = opts.value("size")) {
        const size_t x = size->find_first_of("xX");
        const auto width = x == std::string::npos ? std::nullopt : parseNumber(size->substr(0, x));
        const auto height = x == std::string::npos ? std::nullopt : parseNumber(size->substr(x + 1));
        if (!width || !height || *width != std::floor(*width) || *height != std::floor(*height)) {
            throw CliError("--size must be WIDTHxHEIGHT in whole pixels, e.g. 1600x1000, not '" + *size + "'");
        }
        options.width = static_cast<int>(std::clamp(*width, -1.0, 1e6));
        options.height = static_cast<int>(std::clamp(*height, -1.0, 1e6));
    }
    if (const auto scale = opts.number("scale")) {
        options.scale = *scale;
    }
    if (const auto theme = opts.value("theme")) {
        if (*theme != "light" && *theme != "dark") {
            throw CliError("--theme must be light or dark, not '" + *theme + "'");
        }
        options.theme = QString::fromStdString(*theme);
    }
    options.review = opts.has("review");
    if (const auto view = opts.value("view")) {
        if (*view != "roofline" && *view != "serving") {
            throw CliError("--view must be roofline or serving, not '" + *view + "'");
        }
        options.view = QString::fromStdString(*view);
    }
    for (const std::string& output : outputs) {
        // Before rendering any: a request that one file refuses writes none of them.
        if (const QString error = exportRequestError(QString::fromStdString(output), options); !error.isEmpty()) {
            throw CliError(error.toStdString());
        }
    }
    for (const std::string& output : outputs) {
        // Before rendering: never over the session itself, a device or a FIFO.
        SafeFileWriter writer(output);
        writer.setInputs({ *path });
        if (const std::string error = writer.check(); !error.empty()) {
            throw CliError("-o: " + error);
        }
    }
    // A headless Qt application: no display needed. Made before any other thread starts: it sets the
    // environment and the locale, which a thread reading files must not see change.
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    static int argc = 1;
    static char name[] = "roofscope";
    static char* argv[] = { name, nullptr };
    // One application at a time: a process that has its own (the Python module in a Qt notebook) keeps it.
    std::optional<QApplication> app;
    if (!QCoreApplication::instance()) {
        app.emplace(argc, argv);
    }
    // The device files are read on other threads while this one loads the font database (fontconfig's
    // configuration and caches), which the drawing would otherwise wait for later.
    std::future<CliContext> reading = std::async(std::launch::async, [&opts] { return CliContext(opts); });
    QFontMetricsF(QApplication::font()).height();
    const CliContext context = reading.get();
    context.reportDiagnostics(err);
    const Session session = loadSessionOrThrow(*path, err, opts);
    options.inputs << QString::fromStdString(*path);
    QStringList paths;
    for (const std::string& output : outputs) {
        paths << QString::fromStdString(output);
    }
    const QString error = exportCharts(session, context.database(), paths, options,
        [&out](const QString& path) { out << "wrote " << path.toStdString() << "\n"; });
    if (!error.isEmpty()) {
        throw CliError(error.toStdString());
    }
    return 0;
}

int compareCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    CliArgs opts(args, 1, cliCommand("compare"));
    if (!opts.positional().empty()) {
        throw CliError("unexpected argument '" + opts.positional().front() + "'");
    }
    const auto path = opts.value("session");
    if (!path) {
        throw CliError("compare needs --session FILE");
    }
    const std::string format = opts.value("format").value_or("text");
    if (format != "text" && format != "csv" && format != "markdown" && format != "json") {
        throw CliError("--format must be text, csv, markdown or json");
    }
    CliContext context(opts);
    context.reportDiagnostics(err);
    Session session = loadSessionOrThrow(*path, err, opts);
    const auto baseline = opts.value("baseline");
    if (baseline) {
        session.view.baseline = *baseline;
    }
    applyVerdictOptions(opts, session.view);
    Comparison comparison = compareSession(session, context.database());
    if (comparison.entries.empty()) { // with why a device was left out, when one was
        throw CliError(*path + ": the session shows no device to compare"
            + (comparison.warnings.empty() ? std::string() : " (" + comparison.warnings.front() + ")"));
    }
    if (baseline && std::none_of(comparison.entries.begin(), comparison.entries.end(), [&](const auto& entry) {
            return entry.id == *baseline || entry.totals.hardwareId == *baseline;
        })) {
        throw CliError("--baseline '" + *baseline + "' is not one of the session's devices");
    }
    // Every warning is printed and, in JSON, listed: what stderr says, the output says too.
    std::vector<std::string> printed;
    for (const auto& warning : comparison.warnings) {
        printed.push_back(*path + ": " + warning);
    }
    for (const auto& entry : comparison.entries) {
        // Once per device and message: a step's kernels all lack the same peak, say.
        std::vector<std::pair<std::string, std::size_t>> errors;
        for (const auto& error : entry.totals.errors) {
            auto same = std::find_if(errors.begin(), errors.end(), [&](const auto& e) { return e.first == error; });
            if (same == errors.end()) {
                errors.emplace_back(error, 1);
            } else {
                ++same->second;
            }
        }
        for (const auto& [error, count] : errors) {
            printed.push_back(
                entry.id + ": " + error + (count > 1 ? " (" + std::to_string(count) + " kernels)" : std::string()));
        }
    }
    for (const auto& warning : printed) {
        err << "roofscope: warning: " << warning << "\n";
    }
    if (format == "json") {
        nlohmann::json j = comparisonToJson(comparison);
        j["warnings"] = printed;
        out << jsonText(j) << "\n";
        return 0;
    }
    out << formatComparison(comparison,
        format == "csv"            ? TableFormat::Csv
            : format == "markdown" ? TableFormat::Markdown
                                   : TableFormat::Text);
    return 0;
}

// What the build installs and the shell asks for, from the option tables (cli/CliOptions.h); not in
// the usage: `--print-man` (the manual page), `--print-completion bash` (the completion script) and
// `--complete devices [--hardware-dir DIR...]` (the device ids, for the completion: nothing on stderr,
// and the ids that loaded when a file has errors).
int generatedTextCommand(const std::vector<std::string>& args, std::ostream& out)
{
    const std::string& command = args.front();
    if (command == "--print-man" && args.size() == 1) {
        out << cliManualPage();
        return 0;
    }
    if (command == "--print-completion" && args.size() == 2 && args[1] == "bash") {
        out << cliBashCompletion();
        return 0;
    }
    if (command == "--complete" && args.size() >= 2 && args[1] == "devices") {
        const CliArgs opts(args, 2, { "hardware-dir" }, {});
        HardwareDatabase database;
        database.loadDirectory(shippedHardwareDir(), false, shippedHardwareDirIsOwn());
        database.loadDirectory(userHardwareDir(), true);
        for (const auto& dir : opts.values("hardware-dir")) {
            database.loadDirectory(dir, true);
        }
        for (const auto& hw : database.devices()) {
            out << hw.id << "\n";
        }
        return 0;
    }
    throw CliError("expected '--print-man', '--print-completion bash' or '--complete devices [--hardware-dir DIR]'");
}

} // namespace

const std::vector<std::string>& CommandLine::commands()
{
    static const std::vector<std::string> names { "hardware", "eval", "solve", "table", "compare", "export", "import",
        "sweep", "map", "workload", "diff", "runs", "models", "help" };
    return names;
}

std::string CommandLine::commandList()
{
    std::string list;
    for (const std::string& name : commands()) {
        list += (list.empty() ? "" : ", ") + name;
    }
    return list;
}

bool CommandLine::isSubcommand(const std::vector<std::string>& args)
{
    if (args.empty()) {
        return false;
    }
    const std::string& first = args.front();
    const auto& names = commands();
    return std::find(names.begin(), names.end(), first) != names.end() || first == "--help" || first == "-h"
        || first == "--version" || first == "--print-man" || first == "--print-completion" || first == "--complete";
}

int CommandLine::run(const std::vector<std::string>& args)
{
    return run(args, std::cout, std::cerr);
}

int CommandLine::run(const std::vector<std::string>& args, std::ostream& rawOut, std::ostream& rawErr)
{
    // Names from files and arguments reach the terminal with their control characters escaped.
    // Output in batches of lines (a table of 100,000 rows is millions of short writes); errors and
    // warnings line by line, as they happen.
    PrintableStreamBuf outBuffer(rawOut, 64 * 1024);
    PrintableStreamBuf errBuffer(rawErr);
    std::ostream out(&outBuffer);
    std::ostream err(&errBuffer);
    try {
        const std::string& command = args.front();
        if (command == "help" || command == "--help" || command == "-h") {
            if (command == "help") {
                CliArgs opts(args, 1, cliCommand("help")); // an option help does not take is refused
            }
            out << cliUsage();
            return 0;
        }
        if (command == "--version") {
            out << "roofscope " << ROOFSCOPE_VERSION << "\n";
            return 0;
        }
        if (command == "--print-man" || command == "--print-completion" || command == "--complete") {
            return generatedTextCommand(args, out);
        }
        // Every sub-command takes --help (or -h): its usage, exit status 0, nothing run.
        if (std::any_of(args.begin() + 1, args.end(), [](const std::string& a) { return a == "--help" || a == "-h"; })
            && std::find(commands().begin(), commands().end(), command) != commands().end()) {
            out << commandUsage(command);
            return 0;
        }
        if (command == "hardware") {
            return hardwareCommand(args, out, err);
        }
        if (command == "eval") {
            return evalCommand(args, out, err);
        }
        if (command == "solve") {
            return solveCommand(args, out, err);
        }
        if (command == "table") {
            return tableCommand(args, out, err);
        }
        if (command == "compare") {
            return compareCommand(args, out, err);
        }
        if (command == "import") {
            return importCommand(args, out, err);
        }
        if (command == "diff") {
            return diffCommand(args, out, err);
        }
        if (command == "export") {
            return exportCommand(args, out, err);
        }
        if (command == "sweep") {
            return sweepCommand(args, out, err);
        }
        if (command == "map") {
            return mapCommand(args, out, err);
        }
        if (command == "workload") {
            return workloadCommand(args, out, err);
        }
        if (command == "runs") {
            return runsCommand(args, out, err);
        }
        if (command == "models") {
            return modelsCommand(args, out, err);
        }
        throw CliError("unknown command '" + command + "'; commands: " + commandList() + " (see 'roofscope help')");
    } catch (const CliError& e) {
        err << "roofscope: error: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        err << "roofscope: error: " << e.what() << "\n";
        return 1;
    }
}

} // namespace roofscope
