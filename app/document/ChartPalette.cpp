#include "document/ChartPalette.h"

#include <QPainter>
#include <QPixmap>

#include <array>

namespace roofscope {

namespace {
constexpr std::array<QRgb, 8> kPalette { 0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2,
    0x7f7f7f };
} // namespace

QColor deviceColor(int index)
{
    const int count = deviceColorCount();
    const int wrapped = ((index % count) + count) % count;
    return QColor(kPalette[static_cast<size_t>(wrapped)]);
}

int deviceColorCount()
{
    return static_cast<int>(kPalette.size());
}

QColor lighterTint(const QColor& color, double amount)
{
    auto mix = [amount](int channel) { return static_cast<int>(channel + (255 - channel) * amount + 0.5); };
    return QColor(mix(color.red()), mix(color.green()), mix(color.blue()));
}

QIcon deviceSwatch(const QColor& color)
{
    QPixmap pixmap(12, 12);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(color.darker(130));
    painter.setBrush(color);
    painter.drawRoundedRect(QRectF(0.5, 0.5, 11, 11), 2, 2);
    return QIcon(pixmap);
}

} // namespace roofscope
