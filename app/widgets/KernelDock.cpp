#include "widgets/KernelDock.h"

#include "document/SessionAnalysis.h"
#include "document/SessionDocument.h"
#include "model/Templates.h"
#include "widgets/KernelEditor.h"

#include <QFont>
#include <QHBoxLayout>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace roofscope {

namespace {
QString qs(const std::string& text)
{
    return QString::fromStdString(text);
}
} // namespace

KernelDock::KernelDock(SessionDocument* document, SessionAnalysis* analysis, QWidget* parent)
    : QDockWidget(tr("Kernels"), parent)
    , m_document(document)
    , m_analysis(analysis)
{
    setObjectName(QStringLiteral("kernelDock"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);

    m_list = new QListWidget(content);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setMinimumHeight(90);
    m_list->setUniformItemSizes(true); // one row height for all: 100,000 measured kernels list at once
    layout->addWidget(m_list, 1);

    auto* buttons = new QHBoxLayout;
    m_addButton = new QToolButton(content);
    m_addButton->setText(tr("Add"));
    m_addButton->setPopupMode(QToolButton::InstantPopup);
    m_addButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto* addMenu = new QMenu(m_addButton);
    addMenu->addAction(tr("Raw kernel (FLOPs and bytes)"), this, &KernelDock::addRawKernel);
    addMenu->addSeparator();
    for (const TemplateDefinition& def : templateDefinitions()) {
        const QString name = qs(def.name);
        QAction* action = addMenu->addAction(qs(def.signature), this, [this, name] { addTemplateKernel(name); });
        action->setToolTip(qs(def.description));
    }
    m_addButton->setMenu(addMenu);
    m_duplicateButton = new QPushButton(tr("Duplicate"), content);
    m_deleteButton = new QPushButton(tr("Delete"), content);
    buttons->addWidget(m_addButton);
    buttons->addWidget(m_duplicateButton);
    buttons->addWidget(m_deleteButton);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    connect(m_duplicateButton, &QPushButton::clicked, this, &KernelDock::duplicateCurrent);
    connect(m_deleteButton, &QPushButton::clicked, this, &KernelDock::deleteCurrent);
    auto* del = new QShortcut(QKeySequence::Delete, m_list, nullptr, nullptr, Qt::WidgetShortcut);
    connect(del, &QShortcut::activated, this, &KernelDock::deleteCurrent);

    // The editor scrolls vertically and never horizontally: its fields and messages wrap to the dock.
    auto* scroll = new QScrollArea(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_editor = new KernelEditor(m_document, m_analysis, scroll);
    scroll->setWidget(m_editor);
    layout->addWidget(scroll, 2);
    setWidget(content);

    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (m_syncing) {
            return;
        }
        m_editor->setKernel(row);
        m_analysis->setSelectedKernel(row);
        Q_EMIT currentKernelChanged(row);
    });
    connect(m_analysis, &SessionAnalysis::selectionChanged, this, &KernelDock::setCurrentKernel);
    connect(m_document, &SessionDocument::sessionReset, this, &KernelDock::rebuildList);
    for (auto signal : { &SessionDocument::kernelsInserted, &SessionDocument::kernelRemoved }) {
        connect(m_document, signal, this, &KernelDock::rebuildList); // the analysis selects the kernel next
    }
    for (auto signal : { &SessionDocument::kernelChanged, &SessionDocument::kernelMoved }) {
        connect(m_document, signal, this, [this](int index) {
            if (QListWidgetItem* item = m_list->item(index)) {
                const QString name = qs(m_document->session().kernels[static_cast<size_t>(index)].name);
                if (item->text() != name) {
                    item->setText(name);
                    item->setToolTip(name);
                }
            }
        });
    }
    rebuildList();
}

int KernelDock::currentKernel() const
{
    return m_list->currentRow();
}

void KernelDock::setCurrentKernel(int index)
{
    if (m_list->count() != static_cast<int>(m_document->session().kernels.size())) {
        return; // the list is rebuilt next, and takes the selection then
    }
    if (index == m_list->currentRow() && index == m_editor->kernel()) {
        return;
    }
    if (index == m_list->currentRow()) {
        m_editor->setKernel(index);
        return;
    }
    m_list->setCurrentRow(index); // emits currentRowChanged: the editor and the analysis follow
}

void KernelDock::rebuildList()
{
    m_syncing = true;
    m_list->clear();
    for (const Kernel& kernel : m_document->session().kernels) {
        auto* item = new QListWidgetItem(qs(kernel.name), m_list);
        if (kernel.fromRun.empty()) {
            item->setToolTip(qs(kernel.name));
        } else { // measured in a run: read-only, shown in italics
            item->setToolTip(tr("%1: measured in run '%2' (read-only)").arg(qs(kernel.name), qs(kernel.fromRun)));
            QFont font = item->font();
            font.setItalic(true);
            item->setFont(font);
            item->setData(Qt::UserRole, qs(kernel.fromRun));
        }
    }
    const int count = m_list->count();
    const int selected = m_analysis->selectedKernel();
    m_list->setCurrentRow(selected >= 0 && selected < count ? selected : -1);
    m_syncing = false;
    m_editor->setKernel(m_list->currentRow());
    m_duplicateButton->setEnabled(count > 0);
    m_deleteButton->setEnabled(count > 0);
}

QLineEdit* KernelDock::nameEdit() const
{
    return m_editor->nameEdit();
}

SiSpinBox* KernelDock::flopsBox() const
{
    return m_editor->flopsBox();
}

SiSpinBox* KernelDock::countBox() const
{
    return m_editor->countBox();
}

QLineEdit* KernelDock::measuredEdit() const
{
    return m_editor->measuredEdit();
}

SiSpinBox* KernelDock::bytesBox(const QString& level) const
{
    return m_editor->bytesBox(level);
}

SiSpinBox* KernelDock::parameterBox(const QString& name) const
{
    return m_editor->parameterBox(name);
}

QComboBox* KernelDock::freeParameterBox() const
{
    return m_editor->freeParameterBox();
}

QString KernelDock::fieldMessage(QWidget* field) const
{
    return m_editor->fieldMessage(field);
}

void KernelDock::refreshCrossovers()
{
    m_editor->refreshCrossovers();
}

QString KernelDock::crossoverText() const
{
    return m_editor->crossoverText();
}

QString KernelDock::uniqueName(const QString& base) const
{
    const auto& kernels = m_document->session().kernels;
    for (int n = 1;; ++n) {
        const QString name = n == 1 ? base : QStringLiteral("%1 %2").arg(base).arg(n);
        if (std::none_of(kernels.begin(), kernels.end(), [&](const Kernel& k) { return qs(k.name) == name; })) {
            return name;
        }
    }
}

void KernelDock::addRawKernel()
{
    Kernel kernel;
    kernel.name = uniqueName(tr("kernel")).toStdString();
    kernel.flops = 1e12;
    kernel.bytes = { { "default", 1e10 } };
    m_document->addKernel(kernel);
}

void KernelDock::addTemplateKernel(const QString& templateName)
{
    const TemplateDefinition* def = findTemplate(templateName.toStdString());
    if (!def) {
        return;
    }
    Kernel kernel;
    kernel.name = uniqueName(templateName).toStdString();
    TemplateInstance instance;
    instance.name = def->name;
    for (const TemplateParameter& parameter : def->parameters) {
        instance.params[parameter.name] = parameter.defaultValue;
    }
    kernel.templ = instance;
    if (!applyTemplate(kernel).empty()) {
        return;
    }
    m_document->addKernel(kernel);
}

void KernelDock::duplicateCurrent()
{
    const int index = currentKernel();
    if (index < 0) {
        return;
    }
    Kernel copy = m_document->session().kernels[static_cast<size_t>(index)];
    copy.fromRun.clear(); // a copy of a measured kernel is a what-if kernel
    copy.name = uniqueName(qs(copy.name) + tr(" copy")).toStdString();
    m_document->addKernel(copy);
}

void KernelDock::deleteCurrent()
{
    const int index = currentKernel();
    if (index >= 0) {
        if (const QString error = m_document->removeKernel(index); !error.isEmpty()) {
            Q_EMIT statusMessage(error);
        }
    }
}

} // namespace roofscope
