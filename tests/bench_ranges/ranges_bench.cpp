// Range timings: what the window redoes when a parameter changes. Prints one JSON line per case:
// {"name":"sweep_256x8","values":256,"devices":8,"median_ms":...,"p95_ms":...,"runs":...}
// Cases: a sweep of 256 values on 8 devices (points and exact crossings) and a 128 x 128 regime map
// on 4 devices; each run changes a fixed parameter first, so nothing is reused between runs.
// Usage: roofscope-ranges-bench [--runs R] [--hardware-dir DIR]
#include "io/HardwareLoader.h"
#include "model/RegimeMap.h"
#include "model/Sweep.h"
#include "model/Templates.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace roofscope;

namespace {

struct Stats {
    double median = 0.0;
    double p95 = 0.0;
};

Stats stats(std::vector<double> ms)
{
    std::sort(ms.begin(), ms.end());
    const auto at = [&](double q) { return ms[static_cast<size_t>(q * static_cast<double>(ms.size() - 1) + 0.5)]; };
    return { at(0.5), at(0.95) };
}

template <typename F> std::vector<double> time(int runs, F&& f)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        f(i);
        const auto end = std::chrono::steady_clock::now();
        ms.push_back(std::chrono::duration<double, std::milli>(end - start).count());
    }
    return ms;
}

} // namespace

int main(int argc, char** argv)
{
    int runs = 50;
    std::string dir = ROOFSCOPE_HARDWARE_DIR;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--runs") {
            runs = std::max(1, std::atoi(argv[i + 1]));
        } else if (a == "--hardware-dir") {
            dir = argv[i + 1];
        }
    }
    HardwareDatabase db;
    db.loadDirectory(dir);
    std::vector<Hardware> devices;
    for (const char* id : { "nvidia-h100-sxm", "google-tpu-v5e", "google-tpu-v5p", "nvidia-b200", "amd-instinct-mi300x",
             "google-tpu-v6e", "nvidia-a100-sxm-80gb", "intel-gaudi-3" }) {
        if (const Hardware* hw = db.find(id)) {
            devices.push_back(*hw);
        }
    }
    if (devices.size() < 8) {
        std::fprintf(stderr, "roofscope-ranges-bench: found %zu of the 8 devices in %s\n", devices.size(), dir.c_str());
        return 1;
    }
    Kernel kernel;
    kernel.name = "matmul";
    kernel.templ = TemplateInstance { "matmul", { { "m", 1 }, { "k", 8192 }, { "n", 28672 } }, {} };
    applyTemplate(kernel);

    // Sweep m over 256 values on 8 devices; each run changes k (a drag of another parameter).
    size_t crossings = 0;
    const auto sweepMs = time(runs, [&](int i) {
        Kernel k = kernel;
        k.templ->params["k"] = 8192 + 64 * (i % 16);
        const SweepResult r = sweep(k, devices, {}, { "m", 256, 65536, 256 }); // 256 distinct whole numbers
        crossings = 0;
        if (r.values.size() != 256) {
            std::fprintf(stderr, "roofscope-ranges-bench: the sweep has %zu values\n", r.values.size());
            std::exit(1);
        }
        for (const auto& d : r.devices) {
            crossings += d.crossings.size();
        }
    });
    const Stats s = stats(sweepMs);
    std::printf("{\"name\":\"sweep_256x8\",\"values\":256,\"devices\":8,\"crossings\":%zu,\"median_ms\":%.3f,"
                "\"p95_ms\":%.3f,\"runs\":%d}\n",
        crossings, s.median, s.p95, runs);

    // A 128 x 128 map of m x n on 4 devices; each run changes k.
    const std::vector<Hardware> four(devices.begin(), devices.begin() + 4);
    const auto mapMs = time(runs, [&](int i) {
        Kernel k = kernel;
        k.templ->params["k"] = 4096 + 64 * (i % 16);
        // From 64 up, the 128 log-spaced values are distinct whole numbers.
        const RegimeMap map = regimeMap(k, four, {}, { "m", 64, 65536, 128 }, { "n", 64, 65536, 128 });
        if (map.devices.size() != 4 || map.devices[0].cells.size() != 128 * 128) {
            std::fprintf(stderr, "roofscope-ranges-bench: the map is incomplete\n");
            std::exit(1);
        }
    });
    const Stats m = stats(mapMs);
    std::printf("{\"name\":\"map_128x128x4\",\"cells\":16384,\"devices\":4,\"median_ms\":%.3f,\"p95_ms\":%.3f,"
                "\"runs\":%d}\n",
        m.median, m.p95, runs);
    return 0;
}
