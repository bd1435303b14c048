#include "io/CsvReader.h"
#include "io/FileCheck.h"
#include "io/ImportUtil.h"
#include "io/Importers.h"
#include "io/LaunchAggregator.h"
#include "model/Text.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>

#include <map>
#include <unordered_map>
#include <unordered_set>

namespace roofscope {

namespace importutil {

ParsedCounter parseCounter(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
        text.remove_prefix(1);
    }
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
        text.remove_suffix(1);
    }
    if (text.empty() || text == "n/a" || text == "N/A" || text == "-") {
        return { NumberStatus::Missing, 0.0 };
    }
    if (equalsIgnoreCase(text, "nan") || equalsIgnoreCase(text, "-nan")) {
        return { NumberStatus::NotANumber, 0.0 };
    }
    // Thousands separators: drop commas (ncu writes "134,957,158,144").
    char buffer[128];
    std::size_t n = 0;
    for (char c : text) {
        if (c == ',') {
            continue;
        }
        if (n + 1 >= sizeof buffer) {
            return { NumberStatus::Invalid, 0.0 };
        }
        buffer[n++] = c;
    }
    const char* begin = buffer;
    const char* end = buffer + n;
    if (begin != end && *begin == '+') {
        ++begin;
    }
    double value = 0.0;
    auto [ptr, ec] = std::from_chars(begin, end, value);
    if (ec != std::errc() || ptr != end || !std::isfinite(value)) {
        return { NumberStatus::Invalid, 0.0 };
    }
    return { NumberStatus::Ok, value };
}

Diagnostic warningAt(const std::string& file, int line, const std::string& message)
{
    Diagnostic d;
    d.file = file;
    d.line = line;
    d.severity = Severity::Warning;
    d.message = message;
    return d;
}

Diagnostic errorAt(const std::string& file, int line, int column, const std::string& message)
{
    Diagnostic d;
    d.file = file;
    d.line = line;
    d.column = column;
    d.severity = Severity::Error;
    d.message = message;
    return d;
}

std::string dominantPrecision(const std::map<std::string, double>& flopsByPrecision, const std::string& tensorPrecision)
{
    // As if "tensor" were merged into `tensorPrecision`, visited in key order; no second map.
    const auto tensorEntry = flopsByPrecision.find("tensor");
    const double tensor = tensorEntry != flopsByPrecision.end() ? tensorEntry->second : 0.0;
    bool tensorVisited = flopsByPrecision.count(tensorPrecision) != 0;
    std::string best;
    double most = 0.0;
    auto consider = [&](const std::string& precision, double flops) {
        if (flops > most) {
            most = flops;
            best = precision;
        }
    };
    for (const auto& [precision, flops] : flopsByPrecision) {
        if (precision == "tensor") {
            continue;
        }
        if (!tensorVisited && tensorPrecision < precision) {
            consider(tensorPrecision, tensor);
            tensorVisited = true;
        }
        consider(precision, flops + (precision == tensorPrecision ? tensor : 0.0));
    }
    if (!tensorVisited) {
        consider(tensorPrecision, tensor);
    }
    return best;
}

std::string makeDeviceId(std::string_view text)
{
    std::string id;
    for (char c : text) {
        const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if ((lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9') || lower == '_' || lower == '.') {
            id += lower;
        } else if (!id.empty() && id.back() != '-') {
            id += '-';
        }
        if (id.size() >= 80) {
            break;
        }
    }
    while (!id.empty() && (id.back() == '-' || id.back() == '.')) {
        id.pop_back();
    }
    return id.empty() ? std::string("imported") : id;
}

int currentYear()
{
    const std::time_t now = std::time(nullptr);
    std::tm tm {};
    gmtime_r(&now, &tm);
    return tm.tm_year + 1900;
}

int yearOfTimestamp(double seconds)
{
    // 2000-01-01 .. 2100-01-01
    if (!(seconds > 946684800.0 && seconds < 4102444800.0)) {
        return currentYear();
    }
    const auto t = static_cast<std::time_t>(seconds);
    std::tm tm {};
    gmtime_r(&t, &tm);
    return tm.tm_year + 1900;
}

std::string fileName(const std::string& path)
{
    return std::filesystem::path(path).filename().string();
}

bool dropZeroByteLevels(ImportedKernel& kernel, const std::string& who, Diagnostics& diagnostics)
{
    auto& bytes = kernel.kernel.bytes;
    std::string zero;
    for (const auto& level : bytes) {
        if (level.bytes == 0.0) {
            zero += (zero.empty() ? "" : ", ") + level.level;
        }
    }
    if (zero.empty()) {
        return !bytes.empty();
    }
    const std::size_t before = bytes.size();
    const std::string zeroLevel = bytes.front().level; // the first level the importer lists: device memory
    bytes.erase(
        std::remove_if(bytes.begin(), bytes.end(), [](const LevelBytes& l) { return l.bytes == 0.0; }), bytes.end());
    if (bytes.empty()) {
        if (!(kernel.kernel.flops > 0.0)) {
            diagnostics.push_back(warningAt(kernel.file, kernel.line,
                who + " moved no bytes (0 on " + zero + ") and did no FLOPs: nothing to place, it is left out"));
            return false;
        }
        // All of its data stayed above the counted levels (a GEMM whose operands sit in L2 and no
        // DRAM traffic): compute-bound there by definition. It is kept, and counted in every total.
        bytes.push_back({ zeroLevel, 0.0 });
        diagnostics.push_back(warningAt(kernel.file, kernel.line,
            who + " moved 0 bytes on " + zero + ", the only level counted: kept as compute-bound at " + zeroLevel
                + " (its intensity there is unbounded: the chart draws it at its right edge) and counted in the "
                  "totals"));
        return true;
    }
    diagnostics.push_back(warningAt(kernel.file, kernel.line,
        who + ": 0 bytes on " + zero + "; " + (before - bytes.size() == 1 ? "that level is" : "those levels are")
            + " left out"));
    return true;
}

} // namespace importutil

void ImportResult::append(ImportResult other)
{
    kernels.insert(
        kernels.end(), std::make_move_iterator(other.kernels.begin()), std::make_move_iterator(other.kernels.end()));
    devices.insert(
        devices.end(), std::make_move_iterator(other.devices.begin()), std::make_move_iterator(other.devices.end()));
    diagnostics.insert(diagnostics.end(), other.diagnostics.begin(), other.diagnostics.end());
}

namespace {

// The checks before reading: a regular file within the size limit. Returns its size.
std::optional<std::size_t> checkImportFile(
    const std::string& path, std::size_t maxBytes, Diagnostics& diagnostics, const std::string& advice)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status)) {
        // The system's reason where it is not simply a missing file (a loop of links, a name too long).
        const bool missing = !ec || ec == std::errc::no_such_file_or_directory;
        diagnostics.push_back(
            importutil::errorAt(path, 0, 0, missing ? "no such file" : "cannot be read: " + ec.message()));
        return std::nullopt;
    }
    if (fs::is_directory(status)) {
        diagnostics.push_back(importutil::errorAt(path, 0, 0, "is a folder, not a file"));
        return std::nullopt;
    }
    if (!fs::is_regular_file(status)) {
        const std::string problem = regularFileProblem(path); // which kind: a FIFO, a device, ...
        diagnostics.push_back(importutil::errorAt(path, 0, 0, problem.empty() ? "is not a regular file" : problem));
        return std::nullopt;
    }
    const auto size = fs::file_size(path, ec);
    if (ec) {
        diagnostics.push_back(importutil::errorAt(path, 0, 0, "cannot read the file size: " + ec.message()));
        return std::nullopt;
    }
    if (size > maxBytes) {
        diagnostics.push_back(importutil::errorAt(path, 0, 0,
            "the file is " + describeBytes(static_cast<std::size_t>(size)) + ", over the " + describeBytes(maxBytes)
                + (advice.empty() ? " Roofscope reads of this format (export fewer kernels or metrics)"
                                  : " an import reads (export fewer kernels or metrics, or " + advice + ")")));
        return std::nullopt;
    }
    return static_cast<std::size_t>(size);
}

// "cannot open the file: Permission denied": the system's reason with it.
std::string openFailure(int error)
{
    return error == 0 ? std::string("cannot open the file")
                      : "cannot open the file: " + std::string(std::strerror(error));
}

std::string_view withoutByteOrderMark(std::string_view text)
{
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") {
        text.remove_prefix(3);
    }
    return text;
}

// The whole file, with the checks of checkImportFile().
bool readWholeFile(const std::string& path, std::size_t maxBytes, std::string& text, Diagnostics& diagnostics,
    const std::string& advice)
{
    const auto size = checkImportFile(path, maxBytes, diagnostics, advice);
    if (!size) {
        return false;
    }
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        diagnostics.push_back(importutil::errorAt(path, 0, 0, openFailure(errno)));
        return false;
    }
    text.resize(*size);
    in.read(text.data(), static_cast<std::streamsize>(*size));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (in.bad()) {
        diagnostics.push_back(importutil::errorAt(path, 0, 0, "cannot read the file"));
        return false;
    }
    if (withoutByteOrderMark(text).size() != text.size()) {
        text.erase(0, 3);
    }
    return true;
}

} // namespace

bool readImportFile(const std::string& path, std::size_t maxBytes, std::string& text, Diagnostics& diagnostics)
{
    return readWholeFile(path, maxBytes, text, diagnostics, "raise --max-size");
}

namespace importutil {

bool readCappedImportFile(
    const std::string& path, std::size_t maxBytes, std::size_t cap, std::string& text, Diagnostics& diagnostics)
{
    return readWholeFile(path, std::min(maxBytes, cap), text, diagnostics, maxBytes < cap ? "raise --max-size" : "");
}

bool openImportFile(const std::string& path, std::size_t maxBytes, std::ifstream& in, Diagnostics& diagnostics)
{
    if (!checkImportFile(path, maxBytes, diagnostics, "raise --max-size")) {
        return false;
    }
    errno = 0;
    in.open(path, std::ios::binary);
    if (!in) {
        diagnostics.push_back(importutil::errorAt(path, 0, 0, openFailure(errno)));
        return false;
    }
    return true;
}

void collectKernel(ImportResult& result, std::optional<LaunchAggregator>& aggregator, ImportedKernel&& kernel)
{
    if (aggregator) {
        aggregator->add(kernel);
    } else {
        result.kernels.push_back(std::move(kernel));
    }
}

void collectKernelCopy(ImportResult& result, std::optional<LaunchAggregator>& aggregator, const ImportedKernel& kernel)
{
    if (aggregator) {
        aggregator->add(kernel);
    } else {
        result.kernels.push_back(kernel);
    }
}

void finishKernels(ImportResult& result, std::optional<LaunchAggregator>& aggregator)
{
    if (aggregator && result.ok()) {
        result.kernels = aggregator->take();
    }
    aggregator.reset();
}

} // namespace importutil

void aggregateLaunches(ImportResult& result)
{
    LaunchAggregator aggregator;
    for (const auto& k : result.kernels) {
        aggregator.add(k);
    }
    result.kernels = aggregator.take();
}

void disambiguateNames(std::vector<ImportedKernel>& kernels)
{
    std::unordered_map<std::string_view, int> uses;
    uses.reserve(kernels.size());
    std::vector<const int*> usesOf(kernels.size()); // values of a node-based map stay in place
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        int& count = uses[kernels[i].kernel.name];
        ++count;
        usesOf[i] = &count;
    }
    // The new names first, while the old ones (which `uses` looks at) are still in place.
    std::vector<std::string> renamed(kernels.size());
    std::unordered_set<std::string_view> taken;
    taken.reserve(kernels.size());
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        const ImportedKernel& k = kernels[i];
        if (*usesOf[i] < 2) {
            continue;
        }
        std::string& name = renamed[i];
        name = k.kernel.name + " #" + (k.launchId.empty() ? "1" : k.launchId);
        // Still taken (the same id in two files, or a kernel with that very name): count up.
        for (int n = 2; uses.count(name) != 0 || !taken.insert(name).second; ++n) {
            name = k.kernel.name + " #" + (k.launchId.empty() ? "" : k.launchId + ".") + std::to_string(n);
        }
    }
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        if (!renamed[i].empty()) {
            kernels[i].kernel.name = std::move(renamed[i]);
        }
    }
}

} // namespace roofscope
