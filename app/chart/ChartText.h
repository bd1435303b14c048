#pragma once

// Internal to app/chart: includes QCustomPlot. Only chart sources include this header.

#include <qcustomplot.h>

#include <QStaticText>

#include <algorithm>

namespace roofscope {

// A text laid out once for a font and a paint device's resolution: its bounding box as
// QFontMetrics::boundingRect gives it, its natural width and, for one line, its glyphs (QStaticText).
// Chart texts rarely change between replots, nor when a scene is built again (a device switched on
// or off makes new items with the same texts): layouts are shared through a cache of recent ones.
class LaidOutLine {
public:
    // Lays the text out, or takes the layout kept for it; nothing to do when it is the one held.
    void update(const QString& text, const QFont& font, int flags, const QPaintDevice* device);
    QRect bounds() const { return m_bounds; }
    // Draws it where QPainter::drawText(rect, flags, text) would put it: one line unrotated from the
    // kept glyphs, anything else through drawText.
    void draw(QPainter* painter, const QRect& rect) const;

private:
    void layOut(const QPaintDevice* device);

    QString m_text;
    QFont m_font;
    int m_flags = 0;
    int m_dpi = 0;
    QRect m_bounds;
    qreal m_width = 0.0;
    qreal m_height = 0.0; // of a line in that font
    QStaticText m_glyphs; // one line only
    bool m_oneLine = false;
};

// QCPItemText that keeps its layout between replots (its box always; its glyphs for one unrotated
// line). Onto vector devices (PDF, SVG) it draws exactly as QCPItemText does.
class ChartTextItem : public QCPItemText {
public:
    using QCPItemText::QCPItemText;

    // A title centred on its position: a line wider than the plot's column (the axis rect with its
    // margins, not review mode's comparison panel beside it) allows on both sides of that position is
    // drawn cut at its end with an ellipsis (text() keeps the whole line).
    void setElideToPlotColumn(bool elide) { m_elide = elide; }
    // With the above: a line too wide is first broken between words (after ", " or ": " where one is
    // near) into at most `lines` lines, the last of which is cut if still too wide. Its anchors (a
    // caption below hangs from its bottom) follow the lines drawn.
    void setWrapLines(int lines) { m_wrapLines = std::max(1, lines); }
    // How many lines the text takes as drawn now (1 unless it wraps).
    int shownLineCount() const;
    // The text as drawn at the room the plot's column gives now: whole, wrapped or cut.
    const QString& shownText() const;
    // The same for a position whose x is known (saves asking the chain of anchors above it again).
    const QString& shownTextAt(double x) const;

protected:
    void draw(QCPPainter* painter) override;
    QPointF anchorPixelPosition(int anchorId) const override;

private:
    void drawLine(QCPPainter* painter);

    LaidOutLine m_line;
    bool m_elide = false;
    int m_wrapLines = 1;
    // The text as drawn at the last room: measured again only when the text, font or room changes.
    mutable QString m_elideSource;
    mutable QFont m_elideFont;
    mutable int m_elideRoom = -1;
    mutable int m_elideLines = 0;
    mutable QString m_elided;
    // The text's box as the anchors last measured it (a caption's anchors are asked for on every
    // replot, by each caption below it too).
    mutable QString m_boxText;
    mutable QFont m_boxFont;
    mutable int m_boxFlags = -1;
    mutable QRect m_boxRect;
};

// A device's legend entry (QCPPlottableLegendItem) that keeps its text's layout between replots. For a
// roof (RoofGraph) on a raster device; anything else it draws as QCPPlottableLegendItem does.
class ChartLegendItem : public QCPPlottableLegendItem {
public:
    using QCPPlottableLegendItem::QCPPlottableLegendItem;

protected:
    void draw(QCPPainter* painter) override;
    QSize minimumOuterSizeHint() const override;

private:
    QRect textBounds() const;
    mutable LaidOutLine m_line;
};

} // namespace roofscope
