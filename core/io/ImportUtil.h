#pragma once

// Helpers shared by the importers (not part of the public API).

#include "io/Importers.h"
#include "io/LaunchAggregator.h"

#include <fstream>

#include <optional>
#include <string>
#include <string_view>

namespace roofscope::importutil {

enum class NumberStatus { Ok, Missing, NotANumber, Invalid };

struct ParsedCounter {
    NumberStatus status = NumberStatus::Missing;
    double value = 0.0;
};

// A profiler's number: "134,957,158,144", "1.5e9", "0.0". Empty, "n/a" and "-" are Missing; "nan"
// is NotANumber; anything else that is not a finite number is Invalid.
ParsedCounter parseCounter(std::string_view text);

Diagnostic warningAt(const std::string& file, int line, const std::string& message);
Diagnostic errorAt(const std::string& file, int line, int column, const std::string& message);

// The precision with the most FLOPs ("tensor" counts as `tensorPrecision`); empty when all are zero.
std::string dominantPrecision(
    const std::map<std::string, double>& flopsByPrecision, const std::string& tensorPrecision);

// A device id from free text: lower case, [a-z0-9-_.] only, at most 80 characters.
std::string makeDeviceId(std::string_view text);

// The calendar year (UTC) of a Unix time stamp; the current year when it is not a plausible time.
int yearOfTimestamp(double seconds);
int currentYear();

std::string fileName(const std::string& path);

// Zero counters: drops each level with 0 bytes from the kernel with a warning naming `who` and
// the kernel's file:line. When no level has bytes, a kernel with FLOPs keeps its first level at 0
// bytes (compute-bound there by definition) with a warning saying so; one without FLOPs makes it
// return false, with a warning that the kernel is left out (the caller then skips it).
bool dropZeroByteLevels(ImportedKernel& kernel, const std::string& who, Diagnostics& diagnostics);

// Opens a file for an importer that reads it as a stream, with the checks of readImportFile().
// False (and a diagnostic) when it cannot be read.
bool openImportFile(const std::string& path, std::size_t maxBytes, std::ifstream& in, Diagnostics& diagnostics);

// readImportFile() for a format read whole, which never reads more than `cap` whatever `maxBytes`
// (--max-size) says: the error over the cap does not advise raising --max-size.
bool readCappedImportFile(
    const std::string& path, std::size_t maxBytes, std::size_t cap, std::string& text, Diagnostics& diagnostics);

// Where an importer puts the kernels it reads: the result, or one accumulator per name when the
// options ask for aggregation.
void collectKernel(ImportResult& result, std::optional<LaunchAggregator>& aggregator, ImportedKernel&& kernel);
// The same for a kernel the importer reuses for its next row.
void collectKernelCopy(ImportResult& result, std::optional<LaunchAggregator>& aggregator, const ImportedKernel& kernel);
// Moves the aggregated kernels into the result (nothing when it holds an error).
void finishKernels(ImportResult& result, std::optional<LaunchAggregator>& aggregator);

} // namespace roofscope::importutil
