#include "chart/PlotStyle.h"

#include "scene/ChartStyle.h"

#include <qcustomplot.h>

namespace roofscope {

void applyPlotStyle(QCustomPlot& plot, const ChartStyle& style, const QString& family)
{
    plot.setBackground(style.background);
    plot.axisRect()->setBackground(style.plotBackground);
    const QPen axisPen(style.axis, style.review ? 1.6 : 1.0);
    for (QCPAxis* axis : plot.axisRect()->axes()) {
        axis->setTickLabelFont(style.font(family, 9));
        axis->setLabelFont(style.font(family, 10));
        axis->setTickLabelColor(style.text);
        axis->setLabelColor(style.text);
        axis->setBasePen(axisPen);
        axis->setTickPen(axisPen);
        axis->setSubTickPen(axisPen);
        axis->grid()->setPen(QPen(style.grid, 1, Qt::SolidLine));
        axis->grid()->setSubGridPen(QPen(style.subGrid, 1, Qt::SolidLine));
    }
    plot.legend->setFont(style.font(family, 9));
    plot.legend->setTextColor(style.text);
    plot.legend->setBrush(style.panel);
    plot.legend->setBorderPen(QPen(style.panelBorder));
}

} // namespace roofscope
