#include "FuzzImport.h"
#include "FuzzTargets.h"

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

namespace roofscope::fuzz {

int rocprofDb(const std::uint8_t* data, std::size_t size)
{
    // SQLite reads files: the input goes to one temporary file per process, rewritten each time.
    static const std::string path
        = (std::filesystem::temp_directory_path() / ("roofscope-fuzz-rocprof-db-" + std::to_string(::getpid()) + ".db"))
              .string();
    // Removed when the process ends (libFuzzer ends a run with exit(), which runs static destructors).
    static const struct Remover {
        std::string file;
        ~Remover()
        {
            std::error_code ec;
            std::filesystem::remove(file, ec);
        }
    } remover { path };
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
        if (!out) {
            return 0;
        }
    }
    checkImport(importRocprofDb(path));
    return 0;
}

} // namespace roofscope::fuzz

ROOFSCOPE_FUZZ_TARGET(rocprofDb)
