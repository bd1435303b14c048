#pragma once

#include <QLabel>

namespace roofscope {

// A one-line label that, when its text is wider than the room it has, draws the text cut at the end
// with an ellipsis instead of cutting it off mid-character at its edge. text() and the tooltip keep
// the whole line; with a size policy of Ignored it never widens its window.
class ElidingLabel : public QLabel {
    Q_OBJECT
public:
    using QLabel::QLabel;

    // What is drawn at the current width: the text, or its start and an ellipsis.
    QString shownText() const;

protected:
    void paintEvent(QPaintEvent* event) override;
};

} // namespace roofscope
