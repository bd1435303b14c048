#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace roofscope {

// What a quantity measures. Every value in the model is stored in SI base units as a double:
// FLOP, byte, second, FLOP/s, byte/s, watt, US dollar.
enum class Dimension {
    Dimensionless,
    Flops,
    FlopsPerSecond,
    Bytes,
    BytesPerSecond,
    Seconds,
    Watts,
    Dollars,
    FlopsPerByte
};

struct ParsedQuantity {
    std::optional<double> value;
    std::string error; // set when value is empty
};

// Parses "197T", "1.97e14", "820 GB/s", "3.35 TB/s", "80 GiB", "4 us", "989 TFLOP/s".
// SI prefixes k M G T P E are powers of 1000, Ki Mi Gi Ti Pi powers of 1024; lower-case
// m u n p (milli, micro, nano, pico) are accepted for seconds only. When `requireUnit` is set
// a bare number is refused (hardware files), otherwise a bare number with an optional prefix is
// taken in the dimension's base unit (the command line: "--bytes 820G").
ParsedQuantity parseQuantity(std::string_view text, Dimension dimension, bool requireUnit = false);

// Parses a plain number with an optional SI prefix suffix ("197T", "2e9", "1.5k").
// A literal that is not zero but too small for a double ("1e-400") is refused, never read as 0.
std::optional<double> parseNumber(std::string_view text);

// Whether a number's text is such a literal: not zero, yet it rounds to 0 (for error messages).
bool roundsToZero(std::string_view text);

// The base-unit symbol of a dimension ("FLOP/s", "B/s", "B", "s", ...).
std::string unitSymbol(Dimension dimension);

// "989 TFLOP/s", "3.35 TB/s", "1.07 GB", "1.2 ms", "240 FLOP/B": three significant digits,
// trailing zeros dropped, SI prefixes for rates and sizes, s/ms/us/ns for times.
std::string formatQuantity(double value, Dimension dimension, int significantDigits = 3);

// A number with an SI suffix and `significantDigits` significant digits: "4.13k", "1.2M", "950", "0.194"
// (k M G T P E; no suffix below 1000). The one formatter for counts and rates without a unit.
std::string formatSi(double value, int significantDigits = 3);

// A number with `significantDigits` significant digits and trailing zeros removed ("0.5", "240", "1.2e-09").
std::string formatNumber(double value, int significantDigits = 3);

// Shortest decimal text that reads back as the same double (for files and JSON-like text).
std::string formatExact(double value);

} // namespace roofscope
