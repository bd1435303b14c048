#include "widgets/RunKernelNote.h"

#include "session/SessionDocument.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace roofscope {

RunKernelNote::RunKernelNote(SessionDocument* document, int kernel, QWidget* parent)
    : QWidget(parent)
    , m_label(new QLabel(this))
    , m_duplicate(new QPushButton(tr("Duplicate as What-if"), this))
{
    const auto& kernels = document->session().kernels;
    const QString run = kernel >= 0 && static_cast<size_t>(kernel) < kernels.size()
        ? QString::fromStdString(kernels[static_cast<size_t>(kernel)].fromRun)
        : QString();
    m_label->setText(tr("from run '%1' (read-only)").arg(run));
    m_label->setToolTip(tr("Measured kernels are read again from the run's file; edit a what-if copy instead"));
    m_label->setStyleSheet(QStringLiteral("font-style: italic;"));
    m_duplicate->setToolTip(tr("Add an editable copy of this kernel that belongs to no run"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_duplicate);
    // The copy rebuilds the editor, which deletes this note later (deleteLater), not inside the click.
    connect(m_duplicate, &QPushButton::clicked, this, [document, kernel] { document->duplicateAsWhatIf(kernel); });
}

} // namespace roofscope

#include "moc_RunKernelNote.cpp"
