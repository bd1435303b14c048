#include "scene/ChartStyle.h"

namespace roofscope {

ChartStyle ChartStyle::make(bool dark, bool review)
{
    ChartStyle style;
    style.dark = dark;
    style.review = review;
    if (review) {
        // Readable from the back of a meeting room at 1920x1080.
        style.fontScale = 1.75;
        style.lineScale = 2.0;
        style.markerScale = 1.6;
    }
    if (dark) {
        style.background = QColor(30, 32, 36);
        style.plotBackground = QColor(24, 26, 30);
        style.text = QColor(226, 228, 232);
        style.mutedText = QColor(150, 154, 162);
        style.axis = QColor(170, 174, 182);
        style.grid = QColor(70, 74, 82);
        style.subGrid = QColor(44, 47, 53);
        style.panel = QColor(36, 39, 44, 225);
        style.panelBorder = QColor(96, 100, 108);
        style.guide = QColor(170, 174, 182, 170);
        style.arrow = QColor(205, 208, 214, 210);
        style.markerOutline = QColor(235, 236, 240);
        style.hollowFill = QColor(24, 26, 30);
        style.warning = QColor(255, 90, 90);
        style.regionAlpha = 40;
    } else {
        style.background = Qt::white;
        style.plotBackground = Qt::white;
        style.text = QColor(40, 40, 40);
        style.mutedText = QColor(120, 120, 120);
        style.axis = QColor(40, 40, 40);
        style.grid = QColor(200, 200, 200);
        style.subGrid = QColor(232, 232, 232);
        style.panel = QColor(255, 255, 255, 220);
        style.panelBorder = QColor(180, 180, 180);
        style.guide = QColor(90, 90, 90, 170);
        style.arrow = QColor(60, 60, 60, 200);
        style.markerOutline = QColor(35, 35, 35);
        style.hollowFill = Qt::white;
        style.warning = QColor(200, 30, 30);
        style.regionAlpha = 22;
    }
    return style;
}

QFont ChartStyle::font(const QString& family, double points, QFont::Weight weight) const
{
    QFont font(family);
    font.setPointSizeF(points * fontScale);
    font.setWeight(weight);
    return font;
}

QColor ChartStyle::labelColor(const QColor& deviceColor) const
{
    return dark ? deviceColor.lighter(125) : deviceColor.darker(135);
}

bool ChartStyle::operator==(const ChartStyle& other) const
{
    return dark == other.dark && review == other.review && fontScale == other.fontScale && lineScale == other.lineScale
        && markerScale == other.markerScale;
}

} // namespace roofscope
