#pragma once

#include <QLabel>

#include <memory>

class QTextDocument;

namespace roofscope {

// A word-wrapped plain-text label whose size hints cost one text layout per text and width. QLabel
// lays its text out again for every hint it is asked (its preferred width is found by trying widths,
// its minimum by laying the text out at widths 0 and unlimited), and a layout in a scroll area asks
// for every hint again after each change: with a few lines of text that changed on every edit
// (the serving picks, the group verdicts, a kernel's crossovers) this was most of an edit's time.
// Here the preferred width is the longest line's (at most 80 average characters), the minimum one
// line, and the height for a width is the label's own, remembered until the text, font or style
// change. Rich text keeps QLabel's own hints.
class WrappedLabel : public QLabel {
    Q_OBJECT
public:
    explicit WrappedLabel(QWidget* parent = nullptr);
    ~WrappedLabel() override;

    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    bool isPlain() const;
    int documentHeight(int width) const;
    void forgetIfChanged() const;

    struct Height {
        int width = -1;
        int height = 0;
    };
    mutable bool m_measured = false;
    mutable QString m_measuredText; // the text the remembered sizes are for
    mutable Qt::TextInteractionFlags m_measuredFlags; // selectable labels are measured as documents
    mutable Qt::Alignment m_measuredAlignment;
    mutable int m_measuredMargin = 0;
    mutable int m_measuredIndent = -1;
    mutable Height m_heights[4]; // the last widths asked, round robin
    mutable int m_nextHeight = 0;
    mutable int m_lineWidth = -1; // widest line of m_measuredText, -1: not measured
    mutable std::unique_ptr<QTextDocument> m_document; // measures a selectable label's text
    mutable bool m_documentCurrent = false; // m_document holds m_measuredText with today's alignment
};

} // namespace roofscope
