#pragma once

#include <QProxyStyle>

namespace roofscope {

// The application's style with check boxes and radio buttons that stay visible on a dark palette:
// Fusion outlines an indicator in a shade of the window colour, which on the dark theme is almost the
// colour of the box itself, so an unchecked box vanished. On a dark base this draws the outline again
// in the palette's mid colour; on a light one it changes nothing.
class IndicatorStyle : public QProxyStyle {
    Q_OBJECT

public:
    explicit IndicatorStyle(const QString& baseKey);

    void drawPrimitive(
        PrimitiveElement element, const QStyleOption* option, QPainter* painter, const QWidget* widget) const override;

    // Makes the application's style an IndicatorStyle over the current one (once; later calls do nothing).
    static void install();
};

} // namespace roofscope
