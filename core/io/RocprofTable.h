#pragma once

// rocprof-compute's CSV tables (roofline.csv, pmc_perf.csv, sysinfo.csv), read from a file or from
// memory, and the device that roofline.csv describes. Internal to the rocprof importer.

#include "io/CsvReader.h"
#include "io/Importers.h"
#include "model/Text.h"

#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace roofscope::rocprof {

// A small CSV table: the header and the rows with their line numbers. The rows of pmc_perf.csv (one
// per dispatch, any number of them) are not kept: readPmcPerf() streams them.
struct Table {
    std::string file;
    std::optional<std::string_view> text; // the file's content when it is read from memory
    std::vector<std::string> header;
    std::unordered_map<std::string, int> index; // lower-case column name -> its first column
    std::vector<std::vector<std::string>> rows;
    std::vector<int> lines;
    bool rowsStreamed = false;

    void indexHeader()
    {
        for (std::size_t i = 0; i < header.size(); ++i) {
            index.try_emplace(toLower(header[i]), static_cast<int>(i));
        }
    }
    int column(std::string_view name) const
    {
        const auto it = index.find(toLower(std::string(name)));
        return it == index.end() ? -1 : it->second;
    }
    bool has(std::string_view name) const { return column(name) >= 0; }
};

enum class FileKind { Roofline, PmcPerf, SysInfo, Unknown };
FileKind kindOf(const Table& t);

// A reader of the table's file, or of its text when it is read from memory (null, with a
// diagnostic, when the file cannot be opened).
std::unique_ptr<CsvReader> openTable(
    const Table& table, const ImportOptions& options, std::ifstream& in, Diagnostics& diagnostics);
// Reads `path` (or table.text) into `table`: its header, and its rows unless it is pmc_perf.csv.
bool readTable(const std::string& path, const ImportOptions& options, Table& table, Diagnostics& diagnostics);

struct SysInfo {
    std::string model; // MI200
    std::string arch; // gfx90a
    std::string hostname;
    std::string rocm;
    std::string timestamp;
    std::string cus;
    std::string sclk;
    std::string hbmSpec; // GB/s
    std::string file;
};

SysInfo readSysInfo(const Table& t);
// roofline.csv's row of options.rocprofDevice as a device with empirical roofs.
void readRoofline(const Table& t, const std::optional<SysInfo>& sys, const ImportOptions& options, ImportResult& out);

} // namespace roofscope::rocprof
