#include "widgets/WrappedLabel.h"

#include <QEvent>
#include <QFontMetrics>
#include <QTextDocument>
#include <QTextOption>

#include <algorithm>
#include <cmath>

namespace roofscope {

WrappedLabel::WrappedLabel(QWidget* parent)
    : QLabel(parent)
{
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
}

WrappedLabel::~WrappedLabel() = default;

bool WrappedLabel::isPlain() const
{
    return textFormat() == Qt::PlainText || (textFormat() == Qt::AutoText && !Qt::mightBeRichText(text()));
}

void WrappedLabel::forgetIfChanged() const
{
    const QString current = text();
    if (m_measured && current == m_measuredText && textInteractionFlags() == m_measuredFlags
        && alignment() == m_measuredAlignment && margin() == m_measuredMargin && indent() == m_measuredIndent) {
        return;
    }
    m_measured = true;
    m_measuredText = current;
    m_measuredFlags = textInteractionFlags();
    m_measuredAlignment = alignment();
    m_measuredMargin = margin();
    m_measuredIndent = indent();
    m_documentCurrent = false; // the document takes the text and alignment again
    for (Height& h : m_heights) {
        h = Height {};
    }
    m_lineWidth = -1;
}

int WrappedLabel::heightForWidth(int width) const
{
    if (!wordWrap()) {
        return QLabel::heightForWidth(width);
    }
    forgetIfChanged();
    for (const Height& h : m_heights) {
        if (h.width == width) {
            return h.height;
        }
    }
    const int height = textInteractionFlags() != Qt::NoTextInteraction && isPlain() ? documentHeight(width)
                                                                                    : QLabel::heightForWidth(width);
    m_heights[m_nextHeight] = Height { width, height };
    m_nextHeight = (m_nextHeight + 1) % static_cast<int>(std::size(m_heights));
    return height;
}

// A selectable label draws its text as a document; QLabel measures that document at the asked width and
// lays it out again at its old width afterwards. This lays out a document of its own, once, the same way
// (no margin, the label's font and alignment, wrapped at words).
int WrappedLabel::documentHeight(int width) const
{
    if (!m_document) {
        m_document = std::make_unique<QTextDocument>();
        m_document->setDocumentMargin(0);
        m_document->setUndoRedoEnabled(false);
    }
    if (!m_documentCurrent || m_document->defaultFont() != font()) {
        m_document->setDefaultFont(font());
        QTextOption option(alignment());
        option.setWrapMode(QTextOption::WordWrap);
        m_document->setDefaultTextOption(option);
        m_document->setPlainText(m_measuredText);
        m_documentCurrent = true;
    }
    const QMargins margins = contentsMargins();
    const int extra = 2 * margin();
    m_document->setTextWidth(std::max(width - extra - margins.left() - margins.right(), 0));
    const int height
        = static_cast<int>(std::ceil(m_document->size().height())) + extra + margins.top() + margins.bottom();
    return std::max(height, minimumHeight());
}

QSize WrappedLabel::sizeHint() const
{
    if (!wordWrap() || !isPlain()) {
        return QLabel::sizeHint();
    }
    forgetIfChanged();
    const QFontMetrics metrics = fontMetrics();
    if (m_lineWidth < 0) {
        m_lineWidth = 0;
        for (const QString& line : m_measuredText.split(QLatin1Char('\n'))) {
            m_lineWidth = std::max(m_lineWidth, metrics.horizontalAdvance(line));
        }
    }
    const QMargins margins = contentsMargins();
    const int extra = margins.left() + margins.right() + 2 * margin();
    const int width = std::min(std::min(m_lineWidth + 1, metrics.averageCharWidth() * 80) + extra, maximumWidth());
    // The height at the width the label has once it is laid out (a layout asks for that height too, so it
    // is remembered), else at the preferred width: a label in a scroll area asks for its size hint after
    // every change, and another width would cost a layout of the text every time.
    return { width, heightForWidth(testAttribute(Qt::WA_WState_Visible) && this->width() > 0 ? this->width() : width) };
}

QSize WrappedLabel::minimumSizeHint() const
{
    if (!wordWrap() || !isPlain()) {
        return QLabel::minimumSizeHint();
    }
    const QFontMetrics metrics = fontMetrics();
    const QMargins margins = contentsMargins();
    return { metrics.averageCharWidth() * 12 + margins.left() + margins.right() + 2 * margin(),
        metrics.lineSpacing() + margins.top() + margins.bottom() + 2 * margin() };
}

bool WrappedLabel::event(QEvent* event)
{
    if (event->type() == QEvent::ContentsRectChange) {
        m_measured = false; // other margins: other heights
    }
    return QLabel::event(event);
}

void WrappedLabel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        m_measured = false; // the same text measures differently now
    }
    QLabel::changeEvent(event);
}

} // namespace roofscope

#include "moc_WrappedLabel.cpp"
