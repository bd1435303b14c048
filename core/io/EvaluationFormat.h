#pragma once

#include "model/Evaluation.h"
#include "model/Hardware.h"
#include "model/Kernel.h"
#include "model/Solver.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// The stable JSON object of one (kernel, device) pair (docs/cli.md#eval, `eval --json`), plus `level`
// (the level the table's intensity and ridge are on), `binding_kind` ("compute", "memory" or
// "interconnect") and `guidance` (the advice the tooltip ends with).
nlohmann::json evaluationToJson(const Evaluation& ev, const Kernel& kernel);
// A measured kernel with no device: hardware null, flops, bytes, intensity, measured_s, achieved.
nlohmann::json kernelOnlyToJson(const Kernel& kernel);
nlohmann::json hardwareToJson(const Hardware& hw);
// `solve --json`: {hardware, kernel, free, value, intensity, ridge, level, compute_bound_above}.
nlohmann::json solveResultToJson(
    const SolveResult& result, const std::string& hardwareId, const std::string& kernelName, const std::string& free);
nlohmann::json hardwareSummaryToJson(const Hardware& hw);

// Any JSON value as text (`indent` spaces, -1 for one line). Never throws: text that is not UTF-8
// (which the loaders refuse, but a command-line argument may carry) becomes U+FFFD.
std::string jsonText(const nlohmann::json& value, int indent = 2);

enum class TableFormat { Text, Csv, Markdown };

// The results table (kernel x device) as aligned text with SI units, CSV (exact numbers in SI base
// units) or Markdown. JSON is an array of evaluationToJson objects.
std::string formatEvaluationTable(const std::vector<Evaluation>& rows, TableFormat format);
// Any table in those three forms: aligned text without trailing spaces, CSV (RFC 4180 quoting) or
// Markdown (pipes escaped). Rows shorter than the header are padded with empty cells.
std::string formatGrid(
    const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows, TableFormat format);

// The columns of the results table, shared by the GUI and the exporters. Intensity, ridge and level
// are on one level: the one the regime compares against (Evaluation::regimeLevel()), so a row reads
// "intensity below the ridge: bound by that level".
enum TableColumnIndex : size_t {
    ColumnKernel,
    ColumnDevice,
    ColumnPrecision,
    ColumnIntensity,
    ColumnRidge,
    ColumnAttainable,
    ColumnFractionOfPeak,
    ColumnRegime,
    ColumnBinding,
    ColumnTMin,
    ColumnTMax,
    ColumnMeasured,
    ColumnFractionOfRoof,
    ColumnHeadroom,
    ColumnLevel, // last, so that the columns before keep their places (the window shows it after Ridge)
};
enum class ColumnKind { Text, Intensity, Rate, Percent, Seconds, Factor };
struct TableColumn {
    const char* title;
    const char* csvKey;
    ColumnKind kind;
};
const std::vector<TableColumn>& tableColumns();
// The number behind a numeric column, in SI base units (fractions as fractions); empty for text
// columns and for values the row does not have (no measured runtime; intensity, attainable FLOP/s
// and fraction of peak of a transfer without FLOPs, such as an all-to-all: no figure, not zero).
std::optional<double> tableNumber(const Evaluation& ev, size_t column);
// The cell as text: SI units for people, exact numbers for CSV (empty when there is no number). For
// people, a transfer without FLOPs reads kNoFlopsCell in its FLOP columns.
std::string tableCell(const Evaluation& ev, size_t column, bool forCsv);
inline constexpr const char* kNoFlopsCell = "no FLOPs";

std::string escapeCsv(const std::string& text);

} // namespace roofscope
