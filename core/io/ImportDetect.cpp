#include "io/ImportDetect.h"

#include "io/FileCheck.h"
#include "io/SqliteDatabase.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>

namespace roofscope {

namespace fs = std::filesystem;

namespace {
std::string lower(std::string text)
{
    for (char& c : text) {
        if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
        }
    }
    return text;
}
} // namespace

std::string detectImportFormat(const std::string& path)
{
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        return "rocprof";
    }
    const std::string name = lower(fs::path(path).filename().string());
    // rocprof-compute's file names, unless the content says Intel Advisor (whose roofline report a
    // user may well save as roofline.csv).
    const bool rocprofName = name == "roofline.csv" || name == "pmc_perf.csv" || name == "sysinfo.csv";
    // Only a regular file is opened: a FIFO would block here forever, a device never ends.
    if (!regularFileProblem(path).empty()) {
        return rocprofName ? "rocprof" : std::string();
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return rocprofName ? "rocprof" : std::string();
    }
    if (SqliteDatabase::hasMagic(path) && !rocprofName) {
        // An SQLite file: rocprof-compute's analysis database when it has its tables.
        return isRocprofAnalysisDb(path) ? "rocprof-db" : "sqlite";
    }
    std::string head(64 * 1024, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    // Intel Advisor's survey report: its loop column is named nowhere else.
    std::string lowered = head;
    std::transform(lowered.begin(), lowered.end(), lowered.begin(),
        [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const bool advisor = lowered.find("function call sites and loops") != std::string::npos;
    if (rocprofName) {
        return advisor ? "advisor" : "rocprof";
    }
    const std::size_t start = head.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (fs::path(name).extension() == ".json"
        || (start != std::string::npos && (head[start] == '{' || head[start] == '['))) {
        // JSON: XProf's DataTable, JAX's cost dicts or ERT's roofline.json, told by their keys.
        if (head.find("\"cols\"") != std::string::npos && head.find("\"rows\"") != std::string::npos) {
            return "xprof";
        }
        if (head.find("\"empirical\"") != std::string::npos) {
            return "ert";
        }
        if (head.find("\"bytes accessed") != std::string::npos || head.find("\"flops\"") != std::string::npos) {
            return "jax";
        }
        return "ert";
    }
    if (advisor) { // before ncu, whose header has an "ID" column too
        return "advisor";
    }
    if (head.find("Kernel Name") != std::string::npos
        && (head.find("Metric Name") != std::string::npos || head.find("\"ID\"") != std::string::npos)) {
        return "ncu";
    }
    if (head.rfind("Dispatch_ID", 0) == 0 || head.rfind("device,HBMBw", 0) == 0) {
        return "rocprof";
    }
    return "csv";
}

ImportResult importFiles(const std::vector<std::string>& paths, const ImportOptions& options)
{
    ImportResult all;
    std::vector<std::string> rocprof;
    for (const std::string& path : paths) {
        const std::string format = detectImportFormat(path);
        if (format == "rocprof") {
            rocprof.push_back(path);
        } else if (format == "ert") {
            all.append(importErtJson(path, options));
        } else if (format == "jax") {
            all.append(importJaxJson(path, options));
        } else if (format == "xprof") {
            all.append(importXprofJson(path, options));
        } else if (format == "rocprof-db") {
            all.append(importRocprofDb(path, options));
        } else if (format == "sqlite") {
            Diagnostic diagnostic;
            diagnostic.file = path;
            diagnostic.message = "an SQLite database without the tables of rocprof-compute's analysis database "
                                 "(compute_workload, compute_kernel, compute_dispatch)";
            all.diagnostics.push_back(diagnostic);
        } else if (format == "ncu") {
            // One run per file: a split run's passes are merged by `roofscope import ncu` only,
            // since a run of the session is read again from its one file.
            all.append(importNcuCsv(path, options));
        } else if (format == "advisor") {
            all.append(importAdvisorCsv(path, options));
        } else if (format == "csv") {
            all.append(importPlainCsv(path, options));
        } else {
            Diagnostic diagnostic;
            diagnostic.file = path;
            const std::string problem = regularFileProblem(path);
            diagnostic.message = problem.empty() ? std::string("cannot open the file") : problem;
            all.diagnostics.push_back(diagnostic);
        }
    }
    if (!rocprof.empty()) {
        all.append(importRocprof(rocprof, options));
    }
    return all;
}

} // namespace roofscope
