#include "widgets/IndicatorStyle.h"

#include <QApplication>
#include <QPainter>
#include <QStyleOption>

namespace roofscope {

IndicatorStyle::IndicatorStyle(const QString& baseKey)
    : QProxyStyle(baseKey)
{
}

void IndicatorStyle::drawPrimitive(
    PrimitiveElement element, const QStyleOption* option, QPainter* painter, const QWidget* widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    const bool indicator = element == PE_IndicatorCheckBox || element == PE_IndicatorRadioButton;
    if (!indicator || !option || option->palette.base().color().lightness() >= 128) {
        return;
    }
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    QColor edge = option->palette.color(QPalette::Mid);
    if (!(option->state & State_Enabled)) {
        edge = edge.darker(130);
    }
    painter->setPen(QPen(edge, 1.0));
    painter->setBrush(Qt::NoBrush);
    const QRectF box = QRectF(option->rect).adjusted(0.5, 0.5, -1.5, -1.5);
    if (element == PE_IndicatorRadioButton) {
        painter->drawEllipse(box);
    } else {
        painter->drawRect(box);
    }
    painter->restore();
}

void IndicatorStyle::install()
{
    if (qobject_cast<IndicatorStyle*>(QApplication::style())) {
        return;
    }
    const QPalette palette = QApplication::palette(); // setStyle() resets it
    QApplication::setStyle(new IndicatorStyle(QApplication::style()->name()));
    QApplication::setPalette(palette);
}

} // namespace roofscope

#include "moc_IndicatorStyle.cpp"
