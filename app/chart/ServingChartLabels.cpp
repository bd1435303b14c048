// ServingChart: where the memory walls' labels ("max batch N") and the batch labels ("B=1") go, after
// every layout, so that none overlaps another, the legend, the picks' box or another wall's square, at
// any size and in
// review mode's larger type.

#include "chart/ServingChart.h"

#include "chart/ChartText.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {
constexpr double kGap = 2.0; // pixels between two labels
constexpr int kWallRows = 6; // rows above and below a wall its label may move to

// A text item's box as QCPItemText draws it: its text's bounding box and its padding.
QSizeF textSize(const QCPItemText* text)
{
    const QRectF bounds = QFontMetricsF(text->font())
                              .boundingRect(QRectF(0, 0, 0, 0), Qt::TextDontClip | text->textAlignment(), text->text());
    const QMargins pad = text->padding();
    return { bounds.width() + pad.left() + pad.right(), bounds.height() + pad.top() + pad.bottom() };
}

QRectF drawnRect(const QCPItemText* text)
{
    return QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()).normalized();
}
} // namespace

void ServingChart::placeLabels()
{
    const QRectF area = QRectF(m_plot->axisRect()->rect()).adjusted(1.0, 1.0, -1.0, -1.0);
    std::vector<QRectF> placed;
    if (m_plot->legend->visible()) {
        placed.push_back(QRectF(m_plot->legend->outerRect()));
    }
    for (const QCPItemText* fixed : m_fixedTexts) {
        placed.push_back(drawnRect(fixed));
    }
    // The walls' squares: no label covers another device's square (a wall's own label starts on its).
    std::vector<QRectF> squares;
    for (const LabelAnchor& wall : m_wallItems) {
        const QPointF at(m_plot->xAxis->coordToPixel(wall.x), m_plot->yAxis->coordToPixel(wall.y));
        squares.emplace_back(at - QPointF(7.0, 7.0), QSizeF(14.0, 14.0));
    }
    const QRectF* ownSquare = nullptr;
    auto isFree = [&](const QRectF& box) {
        const QRectF kept = box.adjusted(-kGap, -kGap, kGap, kGap);
        return area.contains(box)
            && std::none_of(placed.begin(), placed.end(), [&](const QRectF& other) { return kept.intersects(other); })
            && std::none_of(squares.begin(), squares.end(),
                [&](const QRectF& square) { return &square != ownSquare && kept.intersects(square); });
    };
    auto put = [&](QCPItemText* text, const QRectF& box) {
        text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        text->position->setCoords(m_plot->xAxis->pixelToCoord(box.left()), m_plot->yAxis->pixelToCoord(box.top()));
        text->setVisible(true);
        placed.push_back(box);
    };
    // The walls first (each says how far a device can batch): beside its square, right then left, on
    // its level then a row further up or down each time; the square's side of the label has room for it.
    for (size_t w = 0; w < m_wallItems.size(); ++w) {
        const LabelAnchor& wall = m_wallItems[w];
        const QPointF at(m_plot->xAxis->coordToPixel(wall.x), m_plot->yAxis->coordToPixel(wall.y));
        ownSquare = &squares[w];
        std::optional<QRectF> spot;
        for (int row = 0; row <= kWallRows && !spot; ++row) {
            for (const bool right : { true, false }) {
                wall.text->setPadding(right ? QMargins(8, 1, 3, 1) : QMargins(3, 1, 8, 1));
                const QSizeF size = textSize(wall.text);
                const double left = right ? at.x() : at.x() - size.width();
                for (const double top :
                    { at.y() - size.height() - row * (size.height() + kGap), at.y() + row * (size.height() + kGap) }) {
                    if (const QRectF box(QPointF(left, top), size); isFree(box)) {
                        spot = box;
                        break;
                    }
                }
                if (spot) {
                    break;
                }
            }
        }
        if (spot) {
            put(wall.text, *spot);
        } else {
            wall.text->setVisible(false); // hovering its square still gives the batch
        }
    }
    ownSquare = nullptr;
    // Then the batches written along the curves: above left of the point as before, else another corner.
    for (const LabelAnchor& batch : m_batchItems) {
        const QPointF at(m_plot->xAxis->coordToPixel(batch.x), m_plot->yAxis->coordToPixel(batch.y));
        const QSizeF size = textSize(batch.text);
        const QPointF corners[] = { at - QPointF(size.width(), size.height()), at - QPointF(0.0, size.height()),
            at - QPointF(size.width(), 0.0), at };
        const auto corner = std::find_if(
            std::begin(corners), std::end(corners), [&](const QPointF& c) { return isFree(QRectF(c, size)); });
        if (corner != std::end(corners)) {
            put(batch.text, QRectF(*corner, size));
        } else {
            batch.text->setVisible(false); // hovering the point gives its batch
        }
    }
}

} // namespace roofscope
