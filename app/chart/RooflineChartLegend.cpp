// RooflineChart's legend fitted to the plot (the rest of the chart in RooflineChart.cpp).
#include "chart/RooflineChart.h"

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <algorithm>

namespace roofscope {

void RooflineChart::fitLegendToPlot()
{
    QCPLegend* legend = m_plot->legend;
    if (!m_scene || !legend->visible() || legend->itemCount() == 0) {
        return;
    }
    const QFont base = m_scene->style.font(font().family(), 9);
    QString names; // the entries measured last time are not measured again
    int fixed = 0; // the icon, the gap and the margins: they do not shrink with the type
    for (int i = 0; i < legend->itemCount(); ++i) {
        auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i));
        if (item && item->plottable()) {
            names += item->plottable()->name() + QLatin1Char('\n');
            fixed = std::max(fixed, item->margins().left() + item->margins().right());
        }
    }
    if (names != m_legendNames || base != m_legendBaseFont) {
        const QFontMetricsF metrics(base);
        m_legendWidest = 0.0;
        for (const QString& name : names.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            m_legendWidest = std::max(m_legendWidest, metrics.horizontalAdvance(name));
        }
        m_legendNames = names;
        m_legendBaseFont = base;
    }
    QCPLayoutInset* inset = m_plot->axisRect()->insetLayout();
    const int available = m_plot->axisRect()->rect().width() - inset->margins().left() - inset->margins().right();
    fixed += legend->iconSize().width() + legend->iconTextPadding() + legend->margins().left()
        + legend->margins().right();
    const double room = available - fixed;
    QFont fitted = base;
    if (m_legendWidest > room) {
        fitted.setPointSizeF(base.pointSizeF() * std::clamp(room / m_legendWidest, 0.7, 1.0));
    }
    if (legend->font() != fitted) {
        legend->setFont(fitted); // every entry's too
        inset->update(QCPLayoutElement::upLayout);
    }
    // Text does not shrink quite in proportion to its size (glyphs snap to pixels): one step more when
    // the entries as laid out are still wider than the room.
    const int width = legend->minimumOuterSizeHint().width();
    if (width > available && fitted.pointSizeF() > 0.7 * base.pointSizeF()) {
        fitted.setPointSizeF(std::max(0.7 * base.pointSizeF(), fitted.pointSizeF() * available / width));
        legend->setFont(fitted);
        inset->update(QCPLayoutElement::upLayout);
    }
}

} // namespace roofscope
