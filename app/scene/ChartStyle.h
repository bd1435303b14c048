#pragma once

#include <QColor>
#include <QFont>
#include <QString>

namespace roofscope {

// How the chart looks: a light or dark theme, and review styling (large fonts, thick lines, big
// markers) for a projector. Everything the chart draws takes its colours, sizes and widths from here,
// so the window and every export look the same.
struct ChartStyle {
    bool dark = false;
    bool review = false;
    double fontScale = 1.0; // multiplies every font size
    double lineScale = 1.0; // multiplies every line width
    double markerScale = 1.0; // multiplies every marker size

    QColor background; // the whole chart
    QColor plotBackground; // inside the axes
    QColor text; // axis titles, tick labels, kernel labels
    QColor mutedText; // "No devices to show", secondary figures
    QColor axis; // frame and ticks
    QColor grid;
    QColor subGrid;
    QColor panel; // behind labels and the legend (alpha included)
    QColor panelBorder;
    QColor guide; // a kernel's dotted intensity guide
    QColor arrow; // gap arrows and level-point lines
    QColor markerOutline;
    QColor hollowFill; // measured points and ridge markers
    QColor warning; // the ring around a kernel measured above its roof
    int regionAlpha = 22; // of the shaded feasible region

    static ChartStyle make(bool dark, bool review);

    double line(double width) const { return width * lineScale; }
    QFont font(const QString& family, double points, QFont::Weight weight = QFont::Normal) const;
    // A roof label's text colour for a device colour: darker on light, lighter on dark.
    QColor labelColor(const QColor& deviceColor) const;
    bool operator==(const ChartStyle& other) const;
};

} // namespace roofscope
