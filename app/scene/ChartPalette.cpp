#include "scene/ChartPalette.h"

#include <QHash>
#include <QPainter>
#include <QPixmap>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

namespace roofscope {

namespace {
constexpr std::array<QRgb, 10> kPalette { 0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2,
    0x7f7f7f, 0xbcbd22, 0x17becf };

// Fixed slots for the shipped devices. Devices that sessions put side by side (one vendor's
// generations, the transformer layer's four, the TPU generations) get different slots, and never the
// two pairs of tab10 that are hard to tell apart: blue and cyan (0, 9), purple and pink (4, 6).
struct Slot {
    std::string_view id;
    int slot;
};
constexpr std::array<Slot, 38> kSlots { {
    { "nvidia-h100-sxm", 0 },
    { "amd-instinct-mi300x", 1 },
    { "google-tpu-v6e", 2 },
    { "google-tpu-v7x", 3 },
    { "google-tpu-v5e", 4 },
    { "google-tpu-v5p", 5 },
    { "google-tpu-v4", 8 }, // olive: the TPU generations are green, red, purple, brown and olive
    { "nvidia-h200-sxm", 3 }, // red beside the H100's blue (cyan was hard to tell from it)
    { "nvidia-b200", 8 },
    { "nvidia-gb200", 6 },
    { "nvidia-b300-hgx", 5 },
    { "nvidia-gb300", 4 },
    { "nvidia-h100-pcie", 7 },
    { "nvidia-h100-nvl", 1 }, // orange beside the H100 SXM's blue, the PCIe card's grey and the H200's red
    { "nvidia-h20", 2 },
    { "nvidia-gh200", 2 }, // green beside the H100's blue and the H200's red
    { "nvidia-a100-sxm-40gb", 1 },
    { "nvidia-a100-sxm-80gb", 3 },
    { "nvidia-l4", 5 },
    { "nvidia-l40s", 4 },
    { "nvidia-rtx-4090", 6 },
    { "nvidia-rtx-5090", 3 },
    { "nvidia-rtx-pro-6000-blackwell-server", 5 }, // brown beside the L40S's purple and the H100's blue
    { "nvidia-grace-cpu-superchip", 8 },
    { "amd-instinct-mi210", 9 },
    { "amd-instinct-mi250x", 4 },
    { "amd-instinct-mi325x", 3 },
    { "amd-instinct-mi350x", 2 },
    { "amd-instinct-mi355x", 5 },
    { "amd-epyc-9654", 7 },
    { "amd-epyc-9965", 6 },
    { "aws-trainium2", 8 },
    { "aws-trainium3", 9 },
    { "aws-inferentia2", 6 },
    { "intel-gaudi-2", 9 },
    { "intel-gaudi-3", 8 },
    { "intel-xeon-6980p", 7 },
    { "apple-m4-max", 7 },
} };

int slotOf(const std::string& id)
{
    const auto fixed = std::find_if(kSlots.begin(), kSlots.end(), [&](const Slot& s) { return s.id == id; });
    if (fixed != kSlots.end()) {
        return fixed->slot;
    }
    std::uint32_t hash = 2166136261u; // FNV-1a: the same slot on every platform and run
    for (const char c : id) {
        hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
    }
    return static_cast<int>(hash % kPalette.size());
}
} // namespace

QColor paletteColor(int index)
{
    const int count = paletteColorCount();
    const int wrapped = ((index % count) + count) % count;
    return QColor(kPalette[static_cast<size_t>(wrapped)]);
}

int paletteColorCount()
{
    return static_cast<int>(kPalette.size());
}

QColor deviceColor(const std::string& id)
{
    return paletteColor(slotOf(id));
}

std::vector<QColor> deviceColors(const std::vector<std::string>& ids)
{
    std::vector<QColor> colors;
    std::vector<int> taken;
    colors.reserve(ids.size());
    for (const std::string& id : ids) {
        int slot = slotOf(id);
        for (int tries = 0; tries < paletteColorCount() && std::count(taken.begin(), taken.end(), slot) > 0; ++tries) {
            slot = (slot + 1) % paletteColorCount();
        }
        taken.push_back(slot);
        colors.push_back(paletteColor(slot));
    }
    return colors;
}

QColor lighterTint(const QColor& color, double amount)
{
    auto mix = [amount](int channel) { return static_cast<int>(channel + (255 - channel) * amount + 0.5); };
    return QColor(mix(color.red()), mix(color.green()), mix(color.blue()));
}

BoundSegmentLook boundSegmentLook(const QColor& deviceColor, BoundPart part, const ChartStyle& style)
{
    if (part == BoundPart::Compute) {
        return { deviceColor, false, {} };
    }
    // Memory 50 % and network 80 % of the way to white on the light theme; 40 % and 65 % of the way to
    // the background on the dark one (a dark panel shows a darker shade where white showed a lighter).
    const double amount = part == BoundPart::Memory ? (style.dark ? 0.40 : 0.50) : (style.dark ? 0.65 : 0.80);
    const QColor towards = style.dark ? style.background : QColor(Qt::white);
    auto mix = [amount](int from, int to) { return static_cast<int>(from + (to - from) * amount + 0.5); };
    const QColor fill(mix(deviceColor.red(), towards.red()), mix(deviceColor.green(), towards.green()),
        mix(deviceColor.blue(), towards.blue()));
    return { fill, part == BoundPart::Network, deviceColor };
}

QColor boundLegendColor(const ChartStyle& style)
{
    return style.dark ? QColor(190, 192, 198) : QColor(90, 90, 90);
}

QIcon deviceSwatch(const QColor& color)
{
    // Tables ask for a swatch each time they paint a Device cell: draw each colour once. Kept for
    // the life of the process (never destroyed, so no pixmap outlives the application object).
    static auto* drawnSwatches = new QHash<QRgb, QIcon>;
    QHash<QRgb, QIcon>& drawn = *drawnSwatches;
    const QRgb key = color.rgba();
    if (const auto found = drawn.constFind(key); found != drawn.constEnd()) {
        return *found;
    }
    if (drawn.size() > 256) {
        drawn.clear();
    }
    QPixmap pixmap(12, 12);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(color.darker(130));
    painter.setBrush(color);
    painter.drawRoundedRect(QRectF(0.5, 0.5, 11, 11), 2, 2);
    painter.end();
    return *drawn.insert(key, QIcon(pixmap));
}

} // namespace roofscope
