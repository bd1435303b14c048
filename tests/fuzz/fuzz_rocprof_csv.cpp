#include "FuzzImport.h"
#include "FuzzTargets.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

namespace roofscope::fuzz {

namespace {

// A folder of this process for the workload files (the importer reads files only).
const std::string& workloadFolder()
{
    static const std::string folder = [] {
        const char* tmp = std::getenv("TMPDIR");
        std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/roofscope-fuzz-rocprof-XXXXXX";
        if (!::mkdtemp(pattern.data())) {
            std::abort();
        }
        return pattern;
    }();
    return folder;
}

} // namespace

int rocprofCsv(const std::uint8_t* data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const char* names[] = { "roofline.csv", "pmc_perf.csv", "sysinfo.csv" };
    std::size_t start = 0;
    bool any = false;
    for (const char* name : names) {
        const std::string path = workloadFolder() + "/" + name;
        std::remove(path.c_str());
        if (start > input.size()) {
            continue;
        }
        const std::size_t end = std::min(input.find('\x1E', start), input.size());
        const std::string_view part = input.substr(start, end - start);
        start = end + 1;
        if (part.empty()) {
            continue;
        }
        std::ofstream(path, std::ios::binary).write(part.data(), static_cast<std::streamsize>(part.size()));
        any = true;
    }
    if (!any) {
        return 0;
    }
    ImportOptions options;
    options.maxRecordBytes = 4096;
    options.rocprofDevice = size > 0 ? data[0] % 3 : 0;
    checkImport(importRocprof({ workloadFolder() }, options));
    return 0;
}

} // namespace roofscope::fuzz

ROOFSCOPE_FUZZ_TARGET(rocprofCsv)
