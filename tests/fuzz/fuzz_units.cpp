#include "FuzzTargets.h"
#include "model/Text.h"
#include "model/Units.h"

#include <cmath>
#include <cstdlib>
#include <string_view>

namespace roofscope::fuzz {

namespace {

constexpr Dimension kDimensions[] = { Dimension::Dimensionless, Dimension::Flops, Dimension::FlopsPerSecond,
    Dimension::Bytes, Dimension::BytesPerSecond, Dimension::Seconds, Dimension::Watts, Dimension::Dollars,
    Dimension::FlopsPerByte };

void line(std::string_view text, unsigned char selector)
{
    const Dimension dimension = kDimensions[selector % std::size(kDimensions)];
    const auto quantity = parseQuantity(text, dimension, (selector & 0x10) != 0);
    if (quantity.value) {
        const double v = *quantity.value;
        if (!std::isfinite(v) || (v == 0.0 && roundsToZero(text))) {
            std::abort(); // the parser promises finite values and no silent underflow
        }
        // Exact text reads back as the same double; people's text never crashes.
        const auto back = parseNumber(formatExact(v));
        if (!back || *back != v) {
            std::abort();
        }
        (void)formatQuantity(v, dimension);
        (void)formatNumber(v, 1 + selector % 17);
    } else if (quantity.error.empty()) {
        std::abort(); // a refusal always says why
    }
    if (const auto number = parseNumber(text); number && !std::isfinite(*number)) {
        (void)formatNumber(*number);
    }
    // Escaped text is UTF-8 without control characters (line feeds and tabs kept on request).
    const bool keep = (selector & 0x20) != 0;
    const std::string shown = printable(text, keep);
    if (findInvalidUtf8(shown) != std::string_view::npos) {
        std::abort();
    }
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const auto c = static_cast<unsigned char>(shown[i]);
        const bool layout = keep && (c == '\n' || c == '\t');
        if ((c < 0x20 && !layout) || c == 0x7F
            || (c == 0xC2 && i + 1 < shown.size() && static_cast<unsigned char>(shown[i + 1]) < 0xA0)) {
            std::abort();
        }
    }
}

} // namespace

int units(const std::uint8_t* data, std::size_t size)
{
    std::string_view input(reinterpret_cast<const char*>(data), size);
    while (!input.empty()) {
        const std::size_t end = std::min(input.find('\n'), input.size());
        std::string_view text = input.substr(0, end);
        input.remove_prefix(std::min(end + 1, input.size()));
        if (text.empty()) {
            continue;
        }
        const auto selector = static_cast<unsigned char>(text.front());
        text.remove_prefix(1);
        line(text, selector);
    }
    return 0;
}

} // namespace roofscope::fuzz

ROOFSCOPE_FUZZ_TARGET(units)
