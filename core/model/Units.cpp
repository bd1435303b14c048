#include "model/Units.h"

#include <array>
#include <charconv>
#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <locale.h>
#include <string>
#include <utility>

namespace roofscope {

namespace {

struct Prefix {
    std::string_view symbol;
    double factor;
};

// Longest symbols first so "Ki" wins over "K".
constexpr std::array<Prefix, 16> kPrefixes { {
    { "Ki", 1024.0 },
    { "Mi", 1048576.0 },
    { "Gi", 1073741824.0 },
    { "Ti", 1099511627776.0 },
    { "Pi", 1125899906842624.0 },
    { "k", 1e3 },
    { "K", 1e3 },
    { "M", 1e6 },
    { "G", 1e9 },
    { "T", 1e12 },
    { "P", 1e15 },
    { "E", 1e18 },
    { "m", 1e-3 },
    { "u", 1e-6 },
    { "\xC2\xB5", 1e-6 }, // micro sign
    { "n", 1e-9 },
} };

struct UnitName {
    std::string_view symbol;
    Dimension dimension;
};

// Longest symbols first within a dimension so "FLOP/s" wins over "FLOP".
constexpr std::array<UnitName, 30> kUnits { {
    { "FLOP/s", Dimension::FlopsPerSecond },
    { "FLOPs/s", Dimension::FlopsPerSecond },
    { "FLOPS", Dimension::FlopsPerSecond },
    { "flop/s", Dimension::FlopsPerSecond },
    { "OP/s", Dimension::FlopsPerSecond },
    { "OPs/s", Dimension::FlopsPerSecond },
    { "OPS", Dimension::FlopsPerSecond },
    { "op/s", Dimension::FlopsPerSecond },
    { "FLOP/B", Dimension::FlopsPerByte },
    { "FLOP/byte", Dimension::FlopsPerByte },
    { "FLOPs", Dimension::Flops },
    { "FLOP", Dimension::Flops },
    { "flop", Dimension::Flops },
    { "OPs", Dimension::Flops },
    { "OP", Dimension::Flops },
    { "B/s", Dimension::BytesPerSecond },
    { "Bps", Dimension::BytesPerSecond },
    { "byte/s", Dimension::BytesPerSecond },
    { "bytes/s", Dimension::BytesPerSecond },
    { "bytes", Dimension::Bytes },
    { "byte", Dimension::Bytes },
    { "B", Dimension::Bytes },
    { "sec", Dimension::Seconds },
    { "s", Dimension::Seconds },
    { "W", Dimension::Watts },
    { "USD", Dimension::Dollars },
    { "$", Dimension::Dollars },
    { "x", Dimension::Dimensionless },
    { "%", Dimension::Dimensionless },
    { "flop/B", Dimension::FlopsPerByte },
} };

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
        text.remove_prefix(1);
    }
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
        text.remove_suffix(1);
    }
    return text;
}

// Splits "3.35 TB/s" into the number part and the rest.
std::pair<std::string_view, std::string_view> splitNumber(std::string_view text)
{
    size_t i = 0;
    auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
        ++i;
    }
    while (i < text.size() && (isDigit(text[i]) || text[i] == '.')) {
        ++i;
    }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        size_t j = i + 1;
        if (j < text.size() && (text[j] == '+' || text[j] == '-')) {
            ++j;
        }
        if (j < text.size() && isDigit(text[j])) {
            while (j < text.size() && isDigit(text[j])) {
                ++j;
            }
            i = j;
        }
    }
    return { text.substr(0, i), trim(text.substr(i)) };
}

std::optional<double> toDouble(std::string_view text)
{
    if (text.empty()) {
        return std::nullopt;
    }
    if (text.front() == '+') {
        text.remove_prefix(1);
    }
    double value = 0.0;
    const auto* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec == std::errc::result_out_of_range && ptr == end) {
        // Out of the normal range: a subnormal number ("5e-324") keeps its value, overflow becomes
        // infinity (refused later as not finite) and underflow ("1e-400") zero, which the callers
        // refuse for a literal that is not zero. strtod in the "C" locale tells them apart.
        static const locale_t cLocale = ::newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
        const std::string copy(text);
        if (cLocale) {
            return ::strtod_l(copy.c_str(), nullptr, cLocale);
        }
        const auto e = text.find_first_of("eE");
        const bool underflow = e != std::string_view::npos && e + 1 < text.size() && text[e + 1] == '-';
        return underflow ? 0.0 : std::numeric_limits<double>::infinity();
    }
    if (ec != std::errc() || ptr != end) {
        return std::nullopt;
    }
    return value;
}

// Whether a number's text has a digit other than 0 before its exponent ("1e-400" does, "0.0e5" not).
bool nonzeroLiteral(std::string_view number)
{
    for (char c : number) {
        if (c == 'e' || c == 'E') {
            break;
        }
        if (c >= '1' && c <= '9') {
            return true;
        }
    }
    return false;
}

std::optional<double> prefixFactor(std::string_view symbol, Dimension dimension)
{
    if (symbol.empty()) {
        return 1.0;
    }
    for (const auto& prefix : kPrefixes) {
        if (prefix.symbol == symbol) {
            const bool small = prefix.factor < 1.0;
            if (small && dimension != Dimension::Seconds) {
                return std::nullopt;
            }
            return prefix.factor;
        }
    }
    return std::nullopt;
}

std::string dimensionName(Dimension dimension)
{
    switch (dimension) {
    case Dimension::Dimensionless:
        return "a plain number";
    case Dimension::Flops:
        return "operations (FLOP)";
    case Dimension::FlopsPerSecond:
        return "a compute rate (FLOP/s)";
    case Dimension::Bytes:
        return "a size in bytes (B)";
    case Dimension::BytesPerSecond:
        return "a bandwidth (B/s)";
    case Dimension::Seconds:
        return "a time (s)";
    case Dimension::Watts:
        return "a power (W)";
    case Dimension::Dollars:
        return "a price (USD)";
    case Dimension::FlopsPerByte:
        return "an intensity (FLOP/B)";
    }
    return "a quantity";
}

} // namespace

std::optional<double> parseNumber(std::string_view text)
{
    text = trim(text);
    auto [number, rest] = splitNumber(text);
    auto value = toDouble(number);
    if (!value) {
        return std::nullopt;
    }
    auto factor = prefixFactor(rest, Dimension::Dimensionless);
    if (!factor) {
        return std::nullopt;
    }
    const double result = *value * *factor;
    if (result == 0.0 && nonzeroLiteral(number)) {
        return std::nullopt; // too small for a double: not silently zero
    }
    return result;
}

bool roundsToZero(std::string_view text)
{
    auto [number, rest] = splitNumber(trim(text));
    (void)rest;
    const auto value = toDouble(number);
    return value && *value == 0.0 && nonzeroLiteral(number);
}

ParsedQuantity parseQuantity(std::string_view text, Dimension dimension, bool requireUnit)
{
    const std::string original(text);
    text = trim(text);
    if (text.empty()) {
        return { std::nullopt, "empty value, expected " + dimensionName(dimension) };
    }
    auto [number, rest] = splitNumber(text);
    auto value = toDouble(number);
    if (!value) {
        return { std::nullopt, "'" + original + "' is not a number" };
    }
    double factor = 1.0;
    if (rest.empty()) {
        if (requireUnit && dimension != Dimension::Dimensionless) {
            return { std::nullopt,
                "'" + original + "' has no unit; write it with one, e.g. '" + original + " " + unitSymbol(dimension)
                    + "'" };
        }
    } else {
        bool matched = false;
        // A unit symbol that ends the text, with an optional prefix before it.
        for (const auto& unit : kUnits) {
            if (rest.size() < unit.symbol.size() || rest.substr(rest.size() - unit.symbol.size()) != unit.symbol) {
                continue;
            }
            auto prefix = trim(rest.substr(0, rest.size() - unit.symbol.size()));
            auto pf = prefixFactor(prefix, unit.dimension);
            if (!pf) {
                continue;
            }
            const bool rateWrittenAsCount = dimension == Dimension::FlopsPerSecond
                && (unit.symbol == "FLOPs" || unit.symbol == "OPs"); // "989 TFLOPs" as vendors write it
            if (unit.dimension != dimension && !rateWrittenAsCount) {
                return { std::nullopt,
                    "'" + original + "' is in " + std::string(unit.symbol) + ", expected " + dimensionName(dimension) };
            }
            factor = *pf * (unit.symbol == "%" ? 0.01 : 1.0);
            matched = true;
            break;
        }
        if (!matched) {
            // A bare SI prefix ("197T") is allowed where no unit is required.
            auto pf = prefixFactor(rest, dimension);
            if (pf && !requireUnit) {
                factor = *pf;
            } else {
                return { std::nullopt,
                    "'" + original + "' has an unknown unit '" + std::string(rest) + "', expected "
                        + dimensionName(dimension) };
            }
        }
    }
    const double result = *value * factor;
    if (!std::isfinite(result)) {
        return { std::nullopt, "'" + original + "' is not a finite number" };
    }
    if (result == 0.0 && nonzeroLiteral(number)) {
        return { std::nullopt, "'" + original + "' is too small: it is not zero but rounds to 0" };
    }
    return { result, {} };
}

std::string unitSymbol(Dimension dimension)
{
    switch (dimension) {
    case Dimension::Dimensionless:
        return "";
    case Dimension::Flops:
        return "FLOP";
    case Dimension::FlopsPerSecond:
        return "FLOP/s";
    case Dimension::Bytes:
        return "B";
    case Dimension::BytesPerSecond:
        return "B/s";
    case Dimension::Seconds:
        return "s";
    case Dimension::Watts:
        return "W";
    case Dimension::Dollars:
        return "USD";
    case Dimension::FlopsPerByte:
        return "FLOP/B";
    }
    return "";
}

std::string formatNumber(double value, int significantDigits)
{
    if (!std::isfinite(value)) {
        return std::isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf");
    }
    if (value == 0.0) {
        return "0";
    }
    const double magnitude = std::fabs(value);
    std::array<char, 64> buffer {};
    if (magnitude >= 1e-4 && magnitude < 1e15) {
        const int digitsBefore = static_cast<int>(std::floor(std::log10(magnitude))) + 1;
        const int decimals = std::max(0, significantDigits - digitsBefore);
        std::snprintf(buffer.data(), buffer.size(), "%.*f", decimals, value);
        std::string text(buffer.data());
        if (text.find('.') != std::string::npos) {
            while (text.back() == '0') {
                text.pop_back();
            }
            if (text.back() == '.') {
                text.pop_back();
            }
        }
        return text;
    }
    std::snprintf(buffer.data(), buffer.size(), "%.*g", significantDigits, value);
    return buffer.data();
}

std::string formatSi(double value, int significantDigits)
{
    if (!std::isfinite(value)) {
        return formatNumber(value);
    }
    // formatQuantity() gives "4.13 kFLOP" and "950 FLOP": keep the number and its prefix.
    std::string text = formatQuantity(value, Dimension::Flops, significantDigits);
    text.resize(text.size() - unitSymbol(Dimension::Flops).size());
    std::erase(text, ' ');
    return text;
}

std::string formatExact(double value)
{
    if (!std::isfinite(value)) {
        return formatNumber(value);
    }
    std::array<char, 64> buffer {};
    auto [ptr, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    if (ec != std::errc()) {
        return formatNumber(value, 17);
    }
    return { buffer.data(), ptr };
}

std::string formatQuantity(double value, Dimension dimension, int significantDigits)
{
    const std::string unit = unitSymbol(dimension);
    if (!std::isfinite(value)) {
        return formatNumber(value) + (unit.empty() ? "" : " " + unit);
    }
    if (dimension == Dimension::Seconds) {
        const double magnitude = std::fabs(value);
        struct Scale {
            double factor;
            const char* symbol;
        };
        constexpr std::array<Scale, 5> scales { { { 1.0, "s" }, { 1e-3, "ms" }, { 1e-6, "us" }, { 1e-9, "ns" },
            { 1e-12, "ps" } } };
        // A long total ("T_min 76176 s") in kiloseconds past four digits of seconds, as the other
        // quantities take their SI prefix (and as the fields read it back: "76.2 ks").
        if (magnitude >= 9999.5) {
            return formatNumber(value / 1e3, significantDigits) + " ks";
        }
        for (const auto& scale : scales) {
            if (magnitude >= scale.factor * 0.9995 || scale.factor == 1e-12) {
                if (value == 0.0) {
                    return "0 s";
                }
                return formatNumber(value / scale.factor, significantDigits) + " " + scale.symbol;
            }
        }
    }
    if (dimension == Dimension::Dimensionless || dimension == Dimension::FlopsPerByte
        || dimension == Dimension::Dollars) {
        return formatNumber(value, significantDigits) + (unit.empty() ? "" : " " + unit);
    }
    const double magnitude = std::fabs(value);
    struct Scale {
        double factor;
        const char* symbol;
    };
    constexpr std::array<Scale, 7> scales { { { 1e18, "E" }, { 1e15, "P" }, { 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" },
        { 1e3, "k" }, { 1.0, "" } } };
    for (const auto& scale : scales) {
        // 999.96 G rounds to "1000 G" at three digits; move up a prefix before that happens.
        if (magnitude >= scale.factor * 0.9995 || scale.factor == 1.0) {
            return formatNumber(value / scale.factor, significantDigits) + " " + scale.symbol + unit;
        }
    }
    return formatNumber(value, significantDigits) + " " + unit;
}

} // namespace roofscope
