#include "cli/CliContext.h"
#include "cli/WorkloadCommand.h"

#include "io/SessionRuns.h"
#include "model/Precision.h"
#include "model/Templates.h"
#include "model/Text.h"
#include "model/Units.h"
#include "session/AppPaths.h"

#include <cmath>
#include <filesystem>
#include <mutex>
#include <ostream>

namespace roofscope {

namespace {

// Every device file of the folders with its size and time of change: what decides whether a database read
// earlier in this process still holds.
std::string folderStamp(const std::vector<std::string>& folders)
{
    namespace fs = std::filesystem;
    std::string stamp;
    for (const auto& folder : folders) {
        stamp += folder + '\n';
        std::error_code ec;
        for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
            std::error_code fileError;
            const auto size = it->file_size(fileError);
            const auto time = it->last_write_time(fileError);
            stamp += it->path().filename().string() + ' ' + std::to_string(fileError ? 0 : size) + ' '
                + std::to_string(fileError ? 0 : time.time_since_epoch().count()) + '\n';
        }
    }
    return stamp;
}

// The shipped and the user's device folders, read once per process while their files stay as they were
// (a process that runs many commands, the Python module, reads them once).
HardwareDatabase shippedDatabase()
{
    static std::mutex mutex;
    static std::string stamp;
    static HardwareDatabase database;
    const std::vector<std::string> folders { shippedHardwareDir(), userHardwareDir() };
    const std::string now = folderStamp(folders);
    const std::lock_guard<std::mutex> lock(mutex);
    if (now != stamp) {
        HardwareDatabase fresh;
        fresh.loadDirectory(folders[0], false, shippedHardwareDirIsOwn());
        fresh.loadDirectory(folders[1], true);
        database = std::move(fresh);
        stamp = now;
    }
    return database;
}

} // namespace

CliContext::CliContext(const CliArgs& args)
    : m_args(args)
    , m_database(shippedDatabase())
{
    for (const auto& dir : args.values("hardware-dir")) {
        const size_t before = m_database.diagnostics().size();
        m_database.loadDirectory(dir);
        for (size_t i = before; i < m_database.diagnostics().size(); ++i) {
            const Diagnostic& d = m_database.diagnostics()[i];
            if (d.severity == Severity::Error) {
                throw CliError("--hardware-dir " + dir + ": " + d.toString(false)); // the user's own files
            }
        }
    }
}

void CliContext::reportDiagnostics(std::ostream& err) const
{
    for (const auto& d : m_database.diagnostics()) {
        err << "roofscope: " << d.toString() << "\n";
    }
}

std::vector<Hardware> CliContext::devices() const
{
    const bool adHoc = m_args.has("peak") || m_args.has("bandwidth");
    if (adHoc && m_args.has("hardware")) {
        throw CliError("give either --hardware or an ad-hoc device (--peak and --bandwidth), not both");
    }
    if (adHoc) {
        auto peak = m_args.number("peak");
        if (!peak || !(*peak > 0.0)) {
            throw CliError("an ad-hoc device needs --peak FLOPS > 0 (e.g. --peak 197T)");
        }
        std::vector<std::pair<std::string, double>> levels;
        for (const auto& spec : m_args.values("bandwidth")) {
            const auto eq = spec.find('=');
            if (eq == std::string::npos || eq == 0) {
                throw CliError("--bandwidth '" + spec + "': expected LEVEL=BYTES_PER_S (e.g. hbm=820G)");
            }
            const std::string level = toLower(trimmed(spec.substr(0, eq)));
            if (level.empty()) {
                throw CliError("--bandwidth '" + spec + "': the level name is empty");
            }
            auto bps = parseQuantity(spec.substr(eq + 1), Dimension::BytesPerSecond, false);
            if (!bps.value || !(*bps.value > 0.0)) {
                throw CliError("--bandwidth " + level + ": " + (bps.value ? "must be > 0" : bps.error));
            }
            for (const auto& [name, value] : levels) {
                if (name == level) {
                    throw CliError("--bandwidth: level '" + level + "' given twice");
                }
            }
            levels.emplace_back(level, *bps.value);
        }
        if (levels.empty()) {
            throw CliError("an ad-hoc device needs at least one --bandwidth LEVEL=BYTES_PER_S");
        }
        return { makeAdHocHardware(*peak, levels) };
    }
    std::vector<Hardware> out;
    for (const auto& list : m_args.values("hardware")) {
        for (const auto& id : split(list, ',')) {
            if (id.empty()) {
                continue;
            }
            const Hardware* hw = m_database.find(id);
            if (!hw) {
                throw CliError("unknown hardware '" + id + "' (see 'roofscope hardware list')");
            }
            out.push_back(*hw);
        }
    }
    if (out.empty()) {
        throw CliError("no device: give --hardware ID[,ID...] or --peak FLOPS --bandwidth LEVEL=BPS");
    }
    return out;
}

Kernel CliContext::kernel(const std::vector<std::string>& freeParameters, const std::string& freeOption) const
{
    Kernel k;
    auto count = m_args.number("count");
    if (count) {
        if (*count < 0.0 || *count > kMaxKernelCount) {
            throw CliError(
                "--count must be between 0 and 1e15 (a session's limit), not '" + *m_args.value("count") + "'");
        }
        k.count = *count;
    }
    if (auto measured = m_args.value("measured")) {
        auto seconds = parseQuantity(*measured, Dimension::Seconds, false);
        if (!seconds.value || !(*seconds.value > 0.0)) {
            throw CliError("--measured: " + (seconds.value ? std::string("must be > 0") : seconds.error));
        }
        k.measuredSeconds = *seconds.value;
    }
    if (auto precision = m_args.value("precision")) {
        if (!isKnownPrecision(*precision)) {
            throw CliError(
                "--precision '" + *precision + "' is unknown (fp64 fp32 tf32 bf16 fp16 fp8 int8 fp6 int4 fp4)");
        }
    }
    if (m_args.has("kernel")) {
        if (m_args.has("flops") || m_args.has("bytes")) {
            throw CliError("give either --kernel TEMPLATE --param ... or --flops and --bytes, not both");
        }
        TemplateInstance t;
        t.name = *m_args.value("kernel");
        if (!findTemplate(t.name)) {
            std::string known;
            for (const auto& def : templateDefinitions()) {
                known += (known.empty() ? "" : ", ") + def.name;
            }
            throw CliError("--kernel: unknown template '" + t.name + "' (known: " + known + ")");
        }
        std::vector<std::string> specs; // --param a=1 --param b=2, or --param a=1,b=2
        for (const auto& list : m_args.values("param")) {
            for (const auto& part : split(list, ',')) {
                if (!trimmed(part).empty()) {
                    specs.push_back(part);
                }
            }
        }
        for (const auto& spec : specs) {
            const auto eq = spec.find('=');
            if (eq == std::string::npos || eq == 0) {
                throw CliError("--param '" + spec + "': expected NAME=VALUE (e.g. m=4096)");
            }
            const std::string name = trimmed(spec.substr(0, eq));
            const std::string value = trimmed(spec.substr(eq + 1));
            if (t.params.count(name) != 0 || t.options.count(name) != 0) {
                throw CliError("--param " + name + " is given twice: give each parameter once");
            }
            if (name.rfind("dtype", 0) == 0 || name == "link"
                || (t.name == kTransformerTemplate && isTransformerOption(name))) {
                t.options[name] = toLower(value);
                continue;
            }
            auto number = parseNumber(value);
            if (!number || !std::isfinite(*number)) {
                throw CliError("--param " + name + ": '" + value + "' is not a number");
            }
            t.params[name] = *number;
        }
        if (m_args.has("model")) {
            if (t.name != kTransformerTemplate) {
                throw CliError("--model names a transformer's shape: it goes with --kernel transformer");
            }
            setTransformerModel(m_args, t);
        }
        const TemplateDefinition* def = findTemplate(t.name);
        for (const auto& name : freeParameters) {
            const TemplateParameter* p = def->parameter(name);
            if (!p) {
                throw CliError("--" + freeOption + ": " + def->signature + " has no parameter '" + name + "'");
            }
            t.params.try_emplace(name, p->defaultValue);
        }
        k.name = m_args.value("name").value_or(t.name);
        k.templ = t;
        const std::string error = applyTemplate(k);
        if (!error.empty()) {
            throw CliError("--kernel " + t.name + ": " + error);
        }
        return k;
    }
    auto flops = m_args.value("flops");
    if (!flops) {
        throw CliError("no kernel: give --flops F --bytes B, or --kernel TEMPLATE --param NAME=VALUE ...");
    }
    auto f = parseQuantity(*flops, Dimension::Flops, false);
    if (!f.value || *f.value < 0.0) {
        throw CliError("--flops: " + (f.value ? std::string("must be >= 0") : f.error));
    }
    k.flops = *f.value;
    for (const auto& spec : m_args.values("bytes")) {
        std::string level = "default";
        std::string value = spec;
        if (const auto eq = spec.find('='); eq != std::string::npos) {
            level = toLower(trimmed(spec.substr(0, eq)));
            value = spec.substr(eq + 1);
            if (level.empty()) {
                throw CliError("--bytes '" + spec + "': the level name is empty (write --bytes B or --bytes LEVEL=B)");
            }
        }
        auto b = parseQuantity(value, Dimension::Bytes, false);
        if (!b.value || !(*b.value > 0.0)) {
            throw CliError("--bytes " + level + ": " + (b.value ? std::string("must be > 0") : b.error));
        }
        for (const auto& given : k.bytes) {
            if (given.level == level) {
                throw CliError("--bytes: level '" + level
                    + "' is given twice; give each level's bytes once (they are not added up)");
            }
        }
        k.bytes.push_back({ level, *b.value });
    }
    if (k.bytes.empty()) {
        throw CliError("--flops needs --bytes B (bytes on the default level) or --bytes LEVEL=B");
    }
    if (auto ws = m_args.value("working-set")) {
        auto b = parseQuantity(*ws, Dimension::Bytes, false);
        if (!b.value || !(*b.value > 0.0)) {
            throw CliError("--working-set: " + (b.value ? std::string("must be > 0") : b.error));
        }
        k.workingSetBytes = *b.value;
    }
    k.name = m_args.value("name").value_or("kernel");
    return k;
}

EvalOptions CliContext::evalOptions() const
{
    EvalOptions options;
    options.precision = m_args.value("precision").value_or("");
    options.unit = m_args.value("unit").value_or("");
    options.sustained = m_args.has("sustained");
    if (auto f = m_args.number("comm-fraction")) {
        if (!(*f >= 0.0 && *f < 1.0)) {
            throw CliError("--comm-fraction must be in [0, 1)");
        }
        options.commFraction = *f;
    }
    if (auto t = m_args.number("tolerance")) {
        if (!(*t >= 0.0 && *t < 1.0)) {
            throw CliError("--tolerance must be in [0, 1)");
        }
        options.tolerance = *t;
    }
    return options;
}

double CliContext::chips() const
{
    const auto chips = m_args.number("chips");
    if (!chips) {
        return 1.0;
    }
    if (!(*chips >= 1.0) || *chips > 1e6 || std::floor(*chips) != *chips) {
        throw CliError("--chips must be a whole number of chips in [1, 1000000]");
    }
    return *chips;
}

std::size_t maxImportBytes(const CliArgs& args)
{
    ImportOptions options;
    if (auto size = args.number("max-size")) {
        if (!(*size >= 1.0) || *size > 1e12) {
            throw CliError("--max-size must be a byte count between 1 and 1T");
        }
        options.maxFileBytes = static_cast<std::size_t>(*size);
    }
    return options.maxFileBytes;
}

Session loadSessionOrThrow(const std::string& path, std::ostream& err, const CliArgs& args)
{
    ImportOptions options;
    options.maxFileBytes = maxImportBytes(args);
    auto loaded = loadSessionWithRuns(path, options);
    for (const auto& d : loaded.diagnostics) {
        if (d.severity == Severity::Warning) {
            err << "roofscope: " << d.toString() << "\n";
        }
    }
    if (loaded.session && !hasErrors(loaded.diagnostics)) {
        return std::move(*loaded.session);
    }
    for (const auto& d : loaded.diagnostics) {
        if (d.severity == Severity::Error) {
            throw CliError(d.toString(false)); // "file:line:column: message"
        }
    }
    throw CliError(path + ": cannot read the session");
}

} // namespace roofscope
