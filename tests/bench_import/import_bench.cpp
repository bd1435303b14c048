// Import timings: writes Nsight Compute CSV files of many launches to a temporary folder, imports
// each several times and prints one JSON line per case:
// {"name":"import_ncu_long","n_kernels":100000,"median_ms":...,"p95_ms":...}
// Usage: roofscope-import-bench [--kernels N] [--runs R]
#include "io/Importers.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

using namespace roofscope;

namespace {

const char* kFixed = "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\","
                     "\"Block Size\",\"Grid Size\",\"Device\",\"CC\"";

// The metrics of a roofline run: the lean set (bytes per level, time, one FLOP counter) or the
// hierarchical-roofline set of the fixtures (every precision, tensor pipe, cycles).
std::vector<std::pair<std::string, std::string>> metrics(bool full)
{
    std::vector<std::pair<std::string, std::string>> m { { "dram__bytes.sum", "byte" },
        { "gpu__time_duration.sum", "nsecond" }, { "l1tex__t_bytes.sum", "byte" }, { "lts__t_bytes.sum", "byte" },
        { "sm__sass_thread_inst_executed_op_ffma_pred_on.sum", "inst" } };
    if (full) {
        m.emplace_back("sm__cycles_elapsed.avg", "cycle");
        m.emplace_back("sm__cycles_elapsed.avg.per_second", "hz");
        m.emplace_back("sm__inst_executed_pipe_tensor.sum", "inst");
        for (const char* op : { "dadd", "dfma", "dmul", "fadd", "fmul", "hadd", "hfma", "hmul" }) {
            m.emplace_back(std::string("sm__sass_thread_inst_executed_op_") + op + "_pred_on.sum", "inst");
        }
    }
    return m;
}

std::string withSeparators(unsigned long long value)
{
    std::string digits = std::to_string(value);
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) {
            out += ',';
        }
        out += digits[i];
    }
    return out;
}

std::string kernelName(int i)
{
    return "void kernel_" + std::to_string(i % 97) + "<float, 128, 4>(const float*, float*, int)";
}

std::string fixedFields(int i)
{
    return "\"" + std::to_string(i) + "\",\"4242\",\"app\",\"127.0.0.1\",\"" + kernelName(i)
        + "\",\"1\",\"7\",\"(256, 1, 1)\",\"(4096, 1, 1)\",\"0\",\"9.0\"";
}

unsigned long long valueFor(int kernel, size_t metric)
{
    return 1000ULL + static_cast<unsigned long long>(kernel) * 7919ULL + metric * 104729ULL;
}

void writeLong(const std::string& path, int kernels, bool full)
{
    const auto m = metrics(full);
    std::ofstream out(path, std::ios::binary);
    out << "==PROF== Connected to process 4242 (/opt/app)\n";
    out << kFixed << ",\"Section Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n";
    std::string buffer;
    for (int i = 0; i < kernels; ++i) {
        const std::string fixed = fixedFields(i);
        for (size_t j = 0; j < m.size(); ++j) {
            buffer += fixed;
            buffer += ",\"Command line profiler metrics\",\"" + m[j].first + "\",\"" + m[j].second + "\",\"";
            buffer += withSeparators(valueFor(i, j));
            buffer += "\"\n";
        }
        if (buffer.size() > (1 << 20)) {
            out << buffer;
            buffer.clear();
        }
    }
    out << buffer;
}

void writeWide(const std::string& path, int kernels)
{
    const auto m = metrics(true);
    std::ofstream out(path, std::ios::binary);
    out << kFixed;
    for (const auto& metric : m) {
        out << ",\"" << metric.first << "\"";
    }
    out << "\n";
    for (int i = 0; i < 11; ++i) {
        out << (i ? ",\"\"" : "\"\"");
    }
    for (const auto& metric : m) {
        out << ",\"" << metric.second << "\"";
    }
    out << "\n";
    std::string buffer;
    for (int i = 0; i < kernels; ++i) {
        buffer += fixedFields(i);
        for (size_t j = 0; j < m.size(); ++j) {
            buffer += ",\"" + withSeparators(valueFor(i, j)) + "\"";
        }
        buffer += "\n";
        if (buffer.size() > (1 << 20)) {
            out << buffer;
            buffer.clear();
        }
    }
    out << buffer;
}

void bench(const char* name, const std::string& path, int kernels, size_t metricsPerKernel, int runs)
{
    ImportOptions options;
    options.maxFileBytes = std::size_t { 4 } << 30;
    std::vector<double> ms;
    size_t imported = 0;
    for (int r = 0; r < runs; ++r) {
        const auto start = std::chrono::steady_clock::now();
        const ImportResult result = importNcuCsv(path, options);
        const auto end = std::chrono::steady_clock::now();
        ms.push_back(std::chrono::duration<double, std::milli>(end - start).count());
        imported = result.kernels.size();
        if (!result.ok()) {
            std::fprintf(stderr, "%s: %s\n", name, firstError(result.diagnostics).c_str());
            std::exit(1);
        }
    }
    std::sort(ms.begin(), ms.end());
    const double median = ms[ms.size() / 2];
    const double p95 = ms[std::min(ms.size() - 1, static_cast<size_t>(0.95 * static_cast<double>(ms.size())))];
    const double mb = static_cast<double>(std::filesystem::file_size(path)) / 1e6;
    std::printf("{\"name\":\"%s\",\"n_kernels\":%d,\"imported\":%zu,\"metrics_per_kernel\":%zu,\"file_mb\":%.1f,"
                "\"runs\":%d,\"median_ms\":%.1f,\"p95_ms\":%.1f}\n",
        name, kernels, imported, metricsPerKernel, mb, runs, median, p95);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
    int kernels = 100000;
    int runs = 7;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string arg = argv[i];
        if (arg == "--kernels") {
            kernels = std::max(1, std::atoi(argv[i + 1]));
        } else if (arg == "--runs") {
            runs = std::max(1, std::atoi(argv[i + 1]));
        }
    }
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("roofscope-import-bench-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string lean = (dir / "long-lean.csv").string();
    const std::string full = (dir / "long-full.csv").string();
    const std::string wide = (dir / "wide.csv").string();
    writeLong(lean, kernels, false);
    bench("import_ncu_long", lean, kernels, metrics(false).size(), runs);
    fs::remove(lean);
    writeLong(full, kernels, true);
    bench("import_ncu_long_full_metrics", full, kernels, metrics(true).size(), runs);
    fs::remove(full);
    writeWide(wide, kernels);
    bench("import_ncu_wide", wide, kernels, metrics(true).size(), runs);
    fs::remove_all(dir);
    return 0;
}
