#include "widgets/KernelDock.h"

#include "document/SessionAnalysis.h"
#include "document/SessionDocument.h"
#include "model/Templates.h"
#include "model/TransformerWorkload.h"
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
    addMenu->addSeparator();
    addMenu->addAction(tr("Transformer step (a kernel group)"), this, &KernelDock::addTransformerGroup)
        ->setToolTip(tr("One decode step of a Llama-3-8B-shaped model, expanded into its kernels"));
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

    connect(m_list, &QListWidget::currentRowChanged, this, &KernelDock::onRowChanged);
    connect(m_list, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem* item) {
        const int row = m_list->row(item);
        if (row >= 0 && static_cast<size_t>(row) < m_rows.size() && m_rows[static_cast<size_t>(row)].shown < 0) {
            const int kernel = m_rows[static_cast<size_t>(row)].kernel;
            // Not inside the list's own event: the rows are rebuilt.
            QMetaObject::invokeMethod(
                this, [this, kernel] { setGroupExpanded(kernel, !isGroupExpanded(kernel)); }, Qt::QueuedConnection);
        }
    });
    auto* expand = new QShortcut(QKeySequence(Qt::Key_Plus), m_list, nullptr, nullptr, Qt::WidgetShortcut);
    connect(expand, &QShortcut::activated, this, [this] { setGroupExpanded(currentKernel(), true); });
    auto* collapse = new QShortcut(QKeySequence(Qt::Key_Minus), m_list, nullptr, nullptr, Qt::WidgetShortcut);
    connect(collapse, &QShortcut::activated, this, [this] { setGroupExpanded(currentKernel(), false); });
    connect(m_analysis, &SessionAnalysis::selectionChanged, this, &KernelDock::setCurrentKernel);
    connect(m_document, &SessionDocument::sessionReset, this, [this] { rebuildList(); });
    for (auto signal : { &SessionDocument::kernelsInserted, &SessionDocument::kernelRemoved }) {
        connect(m_document, signal, this, [this] { rebuildList(); }); // the analysis selects the kernel next
    }
    for (auto signal : { &SessionDocument::kernelChanged, &SessionDocument::kernelMoved }) {
        connect(m_document, signal, this, &KernelDock::refreshKernelRow);
    }
    rebuildList();
}

void KernelDock::onRowChanged(int row)
{
    if (m_syncing || row < 0 || static_cast<size_t>(row) >= m_rows.size()) {
        if (!m_syncing && row < 0) {
            m_editor->setKernel(-1);
            m_analysis->setSelectedKernel(-1);
            Q_EMIT currentKernelChanged(-1);
        }
        return;
    }
    const Row& r = m_rows[static_cast<size_t>(row)];
    // A group's kernels are edited through the group: its editor shows for any of its rows.
    if (m_editor->kernel() != r.kernel) {
        m_editor->setKernel(r.kernel);
    }
    const int shown = r.shown >= 0 ? r.shown : m_analysis->firstShownKernel(r.kernel);
    m_syncing = true; // the analysis answers with selectionChanged: the row stays where it is
    m_analysis->setSelectedKernel(shown);
    m_syncing = false;
    Q_EMIT currentKernelChanged(r.kernel);
}

int KernelDock::currentKernel() const
{
    const int row = m_list->currentRow();
    return row >= 0 && static_cast<size_t>(row) < m_rows.size() ? m_rows[static_cast<size_t>(row)].kernel : -1;
}

int KernelDock::rowOfSessionKernel(int kernel) const
{
    for (size_t r = 0; r < m_rows.size(); ++r) {
        if (m_rows[r].kernel == kernel) {
            return static_cast<int>(r);
        }
    }
    return -1;
}

int KernelDock::rowOfShownKernel(int shown) const
{
    if (!m_analysis->hasGroups()) {
        return shown >= 0 && static_cast<size_t>(shown) < m_rows.size() ? shown : -1;
    }
    const int kernel = m_analysis->sessionKernelOf(shown);
    int groupRow = -1;
    for (size_t r = 0; r < m_rows.size(); ++r) {
        if (m_rows[r].shown == shown) {
            return static_cast<int>(r);
        }
        if (m_rows[r].kernel == kernel && groupRow < 0) {
            groupRow = static_cast<int>(r);
        }
    }
    return groupRow;
}

void KernelDock::setCurrentKernel(int shown)
{
    if (m_syncing) {
        return;
    }
    if (m_builtKernels != m_document->session().kernels.size()
        || m_builtShown != m_analysis->shownSession().kernels.size()) {
        return; // the list is rebuilt next, and takes the selection then
    }
    const int current = m_list->currentRow();
    if (current >= 0 && static_cast<size_t>(current) < m_rows.size()) {
        const Row& r = m_rows[static_cast<size_t>(current)];
        // The group's own row stays selected while its first kernel is the selection.
        if ((r.shown == shown || (r.shown < 0 && shown == m_analysis->firstShownKernel(r.kernel)))
            && r.kernel == m_editor->kernel()) {
            return;
        }
    }
    const int row = rowOfShownKernel(shown);
    if (row == current) {
        m_editor->setKernel(currentKernel());
        return;
    }
    m_list->setCurrentRow(row); // emits currentRowChanged: the editor and the analysis follow
}

bool KernelDock::isGroupExpanded(int kernel) const
{
    const auto& kernels = m_document->session().kernels;
    return kernel >= 0 && static_cast<size_t>(kernel) < kernels.size()
        && isKernelGroup(kernels[static_cast<size_t>(kernel)])
        && !m_collapsed.contains(kernels[static_cast<size_t>(kernel)].name);
}

void KernelDock::setGroupExpanded(int kernel, bool expanded)
{
    const auto& kernels = m_document->session().kernels;
    if (kernel < 0 || static_cast<size_t>(kernel) >= kernels.size()
        || !isKernelGroup(kernels[static_cast<size_t>(kernel)]) || isGroupExpanded(kernel) == expanded) {
        return;
    }
    const std::string& name = kernels[static_cast<size_t>(kernel)].name;
    if (expanded) {
        m_collapsed.erase(name);
    } else {
        m_collapsed.insert(name);
    }
    rebuildList(true);
    m_list->setCurrentRow(rowOfSessionKernel(kernel));
}

QString KernelDock::groupRowText(int kernel) const
{
    const Kernel& k = m_document->session().kernels[static_cast<size_t>(kernel)];
    const int parts = m_analysis->shownKernelCount(kernel);
    return QStringLiteral("%1 %2  (%3)")
        .arg(isGroupExpanded(kernel) ? QStringLiteral("▾") : QStringLiteral("▸"), qs(k.name),
            parts > 0 ? tr("transformer step, %1 kernels").arg(parts) : tr("transformer step, not valid"));
}

void KernelDock::refreshKernelRow(int kernel)
{
    const auto& kernels = m_document->session().kernels;
    if (kernel < 0 || static_cast<size_t>(kernel) >= kernels.size()) {
        return;
    }
    const Kernel& k = kernels[static_cast<size_t>(kernel)];
    if (isKernelGroup(k) || m_analysis->hasGroups()) {
        // The group's kernels may have changed in number or name: its rows again, the editor kept.
        int expected = 0;
        for (size_t i = 0; i < kernels.size(); ++i) {
            expected
                += 1 + (isGroupExpanded(static_cast<int>(i)) ? m_analysis->shownKernelCount(static_cast<int>(i)) : 0);
        }
        if (expected != m_list->count()) {
            rebuildList(true);
            return;
        }
        for (size_t r = 0; r < m_rows.size(); ++r) {
            if (m_rows[r].kernel != kernel) {
                continue;
            }
            const QString text = m_rows[r].shown < 0 ? groupRowText(kernel)
                : isKernelGroup(k)                   ? QStringLiteral("      ")
                    + qs(m_analysis->shownSession().kernels[static_cast<size_t>(m_rows[r].shown)].name)
                                   : qs(k.name);
            if (QListWidgetItem* item = m_list->item(static_cast<int>(r)); item && item->text() != text) {
                item->setText(text);
            }
        }
        return;
    }
    if (QListWidgetItem* item = m_list->item(kernel)) {
        const QString name = qs(k.name);
        if (item->text() != name) {
            item->setText(name);
            item->setToolTip(name);
        }
    }
}

void KernelDock::rebuildList(bool keepEditor)
{
    m_syncing = true;
    m_list->clear();
    m_rows.clear();
    const auto& kernels = m_document->session().kernels;
    m_builtKernels = kernels.size();
    m_builtShown = m_analysis->shownSession().kernels.size();
    for (size_t index = 0; index < kernels.size(); ++index) {
        const Kernel& kernel = kernels[index];
        const int k = static_cast<int>(index);
        if (isKernelGroup(kernel)) {
            auto* item = new QListWidgetItem(groupRowText(k), m_list);
            item->setToolTip(tr("%1: a transformer step; double-click (or + and -) to show or hide its kernels. "
                                "Edit its parameters below.")
                                 .arg(qs(kernel.name)));
            QFont font = item->font();
            font.setBold(true);
            item->setFont(font);
            m_rows.push_back({ k, -1 });
            if (!isGroupExpanded(k)) {
                continue;
            }
            const int first = m_analysis->firstShownKernel(k);
            const int count = m_analysis->shownKernelCount(k);
            for (int part = 0; part < count; ++part) {
                const QString name = qs(m_analysis->shownSession().kernels[static_cast<size_t>(first + part)].name);
                auto* child = new QListWidgetItem(QStringLiteral("      ") + name, m_list);
                child->setToolTip(tr("%1: one kernel of the group %2 (it follows the group's parameters)")
                                      .arg(name, qs(kernel.name)));
                m_rows.push_back({ k, first + part });
            }
            continue;
        }
        m_rows.push_back({ k, m_analysis->firstShownKernel(k) });
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
    const int editing = m_editor->kernel();
    m_list->setCurrentRow(selected >= 0 ? rowOfShownKernel(selected) : -1);
    m_syncing = false;
    if (!keepEditor || currentKernel() != editing) {
        m_editor->setKernel(currentKernel());
    }
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

void KernelDock::addTransformerGroup()
{
    // Llama 3 8B's shape (its config.json on Hugging Face): 32 layers, hidden 4096, 32 heads, 8 KV
    // heads, FFN 14336, vocabulary 128256; decode at batch 32 with 4096 tokens in the cache.
    Kernel kernel;
    kernel.name = uniqueName(tr("transformer")).toStdString();
    TemplateInstance instance;
    instance.name = kTransformerTemplate;
    instance.params = { { "layers", 32 }, { "hidden", 4096 }, { "heads", 32 }, { "kv_heads", 8 }, { "ffn", 14336 },
        { "vocab", 128256 }, { "batch", 32 }, { "seq", 4096 } };
    instance.options = { { "phase", "decode" } };
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
