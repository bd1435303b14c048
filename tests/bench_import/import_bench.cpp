// Import timings and memory: writes Nsight Compute CSV files of many launches and large plain CSV
// files to a temporary folder, imports each in a child process (several times for the timings) and
// prints one JSON line per case, with the child's peak resident memory (getrusage):
// {"name":"import_ncu_long","n_kernels":100000,"median_ms":...,"p95_ms":...,"peak_rss_mb":...,
//  "rss_mb_per_input_mb":...}
// Usage: roofscope-import-bench [--kernels N] [--runs R] [--csv-rows N] [--csv-mb MB]
#include "io/Importers.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <sys/resource.h>
#include <sys/wait.h>
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

// A plain CSV of `rows` launches of `names` kernels, or rows up to `maxBytes`: name,flops,bytes,seconds.
// Dense rows ("b7,3,5,2", 9 bytes, two-character names) come close to the 8 bytes a row of the
// 134 MB, 17 M-row file in the issue had; otherwise rows look like a profile's ("k17,3e6,5e5,2e-6").
long long writePlain(const std::string& path, long long rows, long long maxBytes, int names, bool dense)
{
    const char* alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
    std::ofstream out(path, std::ios::binary);
    out << "name,flops,bytes,seconds\n";
    std::string buffer;
    long long written = 24;
    long long i = 0;
    for (; i < rows && written < maxBytes; ++i) {
        const long long n = i % names;
        const std::string row = dense
            ? std::string { alphabet[n / 36 % 36], alphabet[n % 36], ',', static_cast<char>('1' + i % 9), ',',
                  static_cast<char>('1' + i % 7), ',', static_cast<char>('1' + i % 5), '\n' }
            : "k" + std::to_string(n) + "," + std::to_string(1 + i % 9) + "e6," + std::to_string(1 + i % 7) + "e5,"
                + std::to_string(1 + i % 5) + "e-6\n";
        buffer += row;
        written += static_cast<long long>(row.size());
        if (buffer.size() > (1 << 20)) {
            out << buffer;
            buffer.clear();
        }
    }
    out << buffer;
    return i;
}

enum class Format { Ncu, Plain };

struct Outcome {
    double ms = 0.0;
    std::size_t imported = 0;
};

// Imports in a child process: its peak resident memory is this import's alone.
Outcome importInChild(Format format, const std::string& path, bool aggregate, long& peakKiB)
{
    int pipeFds[2];
    if (::pipe(pipeFds) != 0) {
        std::perror("pipe");
        std::exit(1);
    }
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::close(pipeFds[0]);
        ImportOptions options;
        options.maxFileBytes = std::size_t { 4 } << 30;
        options.aggregate = aggregate;
        const auto start = std::chrono::steady_clock::now();
        const ImportResult result = format == Format::Ncu ? importNcuCsv(path, options) : importPlainCsv(path, options);
        const auto end = std::chrono::steady_clock::now();
        if (!result.ok()) {
            std::fprintf(stderr, "%s: %s\n", path.c_str(), firstError(result.diagnostics).c_str());
            ::_exit(1);
        }
        Outcome outcome { std::chrono::duration<double, std::milli>(end - start).count(), result.kernels.size() };
        if (::write(pipeFds[1], &outcome, sizeof outcome) != static_cast<ssize_t>(sizeof outcome)) {
            ::_exit(1);
        }
        ::_exit(0);
    }
    ::close(pipeFds[1]);
    Outcome outcome;
    const bool read = ::read(pipeFds[0], &outcome, sizeof outcome) == static_cast<ssize_t>(sizeof outcome);
    ::close(pipeFds[0]);
    int status = 0;
    struct rusage usage { };
    ::wait4(pid, &status, 0, &usage);
    if (!read || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "the import of %s failed\n", path.c_str());
        std::exit(1);
    }
    peakKiB = std::max(peakKiB, usage.ru_maxrss);
    return outcome;
}

void bench(const char* name, Format format, const std::string& path, long long kernels, size_t metricsPerKernel,
    int runs, bool aggregate = false)
{
    std::vector<double> ms;
    size_t imported = 0;
    long peakKiB = 0;
    for (int r = 0; r < runs; ++r) {
        const Outcome outcome = importInChild(format, path, aggregate, peakKiB);
        ms.push_back(outcome.ms);
        imported = outcome.imported;
    }
    std::sort(ms.begin(), ms.end());
    const double median = ms[ms.size() / 2];
    const double p95 = ms[std::min(ms.size() - 1, static_cast<size_t>(0.95 * static_cast<double>(ms.size())))];
    const double mb = static_cast<double>(std::filesystem::file_size(path)) / 1e6;
    const double peakMb = static_cast<double>(peakKiB) * 1024.0 / 1e6;
    std::printf("{\"name\":\"%s\",\"n_kernels\":%lld,\"imported\":%zu,\"metrics_per_kernel\":%zu,\"aggregate\":%s,"
                "\"file_mb\":%.1f,\"runs\":%d,\"median_ms\":%.1f,\"p95_ms\":%.1f,\"mb_per_s\":%.0f,"
                "\"peak_rss_mb\":%.1f,\"rss_mb_per_input_mb\":%.3f}\n",
        name, kernels, imported, metricsPerKernel, aggregate ? "true" : "false", mb, runs, median, p95,
        mb / (median / 1000.0), peakMb, peakMb / mb);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
    int kernels = 100000;
    int runs = 7;
    long long csvRows = 17000000;
    double csvMb = 134.0;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string arg = argv[i];
        if (arg == "--kernels") {
            kernels = std::max(1, std::atoi(argv[i + 1]));
        } else if (arg == "--runs") {
            runs = std::max(1, std::atoi(argv[i + 1]));
        } else if (arg == "--csv-rows") {
            csvRows = std::max(1LL, std::atoll(argv[i + 1]));
        } else if (arg == "--csv-mb") {
            csvMb = std::max(0.001, std::atof(argv[i + 1]));
        }
    }
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("roofscope-import-bench-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string lean = (dir / "long-lean.csv").string();
    const std::string full = (dir / "long-full.csv").string();
    const std::string wide = (dir / "wide.csv").string();
    const std::string plain = (dir / "plain.csv").string();
    writeLong(lean, kernels, false);
    bench("import_ncu_long", Format::Ncu, lean, kernels, metrics(false).size(), runs);
    bench("import_ncu_long_aggregate", Format::Ncu, lean, kernels, metrics(false).size(), runs, true);
    fs::remove(lean);
    writeLong(full, kernels, true);
    bench("import_ncu_long_full_metrics", Format::Ncu, full, kernels, metrics(true).size(), runs);
    fs::remove(full);
    writeWide(wide, kernels);
    bench("import_ncu_wide", Format::Ncu, wide, kernels, metrics(true).size(), runs);
    fs::remove(wide);
    // The kernels kept: memory grows with the launches.
    long long rows = writePlain(plain, 1000000, 1LL << 40, 300, false);
    bench("import_csv_plain", Format::Plain, plain, rows, 3, std::min(runs, 3));
    // Merged while read: memory grows with the 300 names only, whatever the rows.
    rows = writePlain(plain, csvRows, static_cast<long long>(csvMb * 1e6), 300, true);
    bench("import_csv_plain_aggregate", Format::Plain, plain, rows, 3, std::min(runs, 3), true);
    fs::remove_all(dir);
    return 0;
}
