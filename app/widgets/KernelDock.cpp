#include "widgets/KernelDock.h"

#include "figures/SessionAnalysis.h"
#include "model/Templates.h"
#include "model/TransformerWorkload.h"
#include "models/KernelListModel.h"
#include "session/QtText.h"
#include "session/SessionDocument.h"
#include "widgets/KernelEditor.h"

#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QToolButton>
#include <QVBoxLayout>

#include <string_view>
#include <unordered_set>

namespace roofscope {

KernelDock::KernelDock(SessionDocument* document, SessionAnalysis* analysis, QWidget* parent)
    : QDockWidget(tr("Kernels"), parent)
    , m_document(document)
    , m_analysis(analysis)
{
    setObjectName(QStringLiteral("kernelDock"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);

    // A view over the document's kernels: no item object per kernel and one row height for all, so
    // 100,000 measured kernels list at once; the filter box narrows it by name.
    m_model = new KernelListModel(m_document, m_analysis, this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_filter = new QLineEdit(content);
    m_filter->setObjectName(QStringLiteral("kernelFilter"));
    m_filter->setPlaceholderText(tr("Filter kernels by name"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, &KernelDock::setFilterText);
    layout->addWidget(m_filter);
    m_list = new QListView(content);
    m_list->setObjectName(QStringLiteral("kernelList"));
    m_list->setModel(m_proxy);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setMinimumHeight(90);
    m_list->setTextElideMode(Qt::ElideMiddle); // a templated name keeps its start and end
    m_list->setUniformItemSizes(true);
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

    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
        [this](const QModelIndex& current) { onCurrentRowChanged(m_proxy->mapToSource(current).row()); });
    connect(m_list, &QListView::doubleClicked, this, [this](const QModelIndex& index) {
        const int row = m_proxy->mapToSource(index).row();
        if (m_model->shownOfRow(row) < 0) {
            const int kernel = m_model->kernelOfRow(row);
            // Not inside the view's own event: the rows are rebuilt.
            QMetaObject::invokeMethod(
                this, [this, kernel] { setGroupExpanded(kernel, !isGroupExpanded(kernel)); }, Qt::QueuedConnection);
        }
    });
    auto* expand = new QShortcut(QKeySequence(Qt::Key_Plus), m_list, nullptr, nullptr, Qt::WidgetShortcut);
    connect(expand, &QShortcut::activated, this, [this] { setGroupExpanded(currentKernel(), true); });
    auto* collapse = new QShortcut(QKeySequence(Qt::Key_Minus), m_list, nullptr, nullptr, Qt::WidgetShortcut);
    connect(collapse, &QShortcut::activated, this, [this] { setGroupExpanded(currentKernel(), false); });
    connect(m_analysis, &SessionAnalysis::selectionChanged, this, &KernelDock::setCurrentKernel);
    // The model follows these signals first (it was connected before): the list then takes the
    // selection, which the analysis chose before it re-emitted them.
    connect(m_analysis, &SessionAnalysis::sessionReset, this, &KernelDock::syncList);
    for (auto signal : { &SessionAnalysis::kernelsInserted, &SessionAnalysis::kernelRemoved }) {
        connect(m_analysis, signal, this, &KernelDock::syncList);
    }
    // An edit of a group may change its rows (the model resets them): the list takes the selection again.
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        if (m_model->isCurrent()) {
            selectInList(m_model->rowOfShownKernel(m_analysis->selectedKernel()));
        }
    });
    syncList();
}

int KernelDock::currentKernel() const
{
    // The session kernel of the analysis' selection (a group's kernel: its group); the list shows it
    // unless the filter hides it.
    const int selected = m_analysis->selectedKernel();
    const int kernel = selected >= 0 ? m_analysis->sessionKernelOf(selected) : -1;
    return kernel < static_cast<int>(m_document->session().kernels.size()) ? kernel : -1;
}

int KernelDock::shownCount() const
{
    return m_proxy->rowCount();
}

void KernelDock::setFilterText(const QString& text)
{
    if (m_filter->text() != text) {
        m_filter->setText(text); // comes back here through textChanged
        return;
    }
    m_syncing = true;
    m_proxy->setFilterFixedString(text);
    m_syncing = false;
    // The editor keeps its kernel: nothing to rebuild while typing.
    selectInList(m_model->rowOfShownKernel(m_analysis->selectedKernel()));
}

void KernelDock::onCurrentRowChanged(int row)
{
    if (m_syncing) {
        return;
    }
    const int kernel = m_model->kernelOfRow(row);
    if (kernel < 0 && m_analysis->selectedKernel() >= 0 && !m_filter->text().isEmpty()) {
        return; // the filter hid the selected kernel: it stays selected (chart, table, editor)
    }
    // A group's kernels are edited through the group: its editor shows for any of its rows.
    if (m_editor->kernel() != kernel) {
        m_editor->setKernel(kernel);
    }
    const int shown = m_model->shownOfRow(row);
    m_syncing = true; // the analysis answers with selectionChanged: the row stays where it is
    m_analysis->setSelectedKernel(kernel < 0 ? -1 : shown >= 0 ? shown : m_analysis->firstShownKernel(kernel));
    m_syncing = false;
    Q_EMIT currentKernelChanged(kernel);
}

int KernelDock::rowOfShownKernel(int shown) const
{
    return m_model->rowOfShownKernel(shown);
}

int KernelDock::rowOfSessionKernel(int kernel) const
{
    return m_model->rowOfSessionKernel(kernel);
}

bool KernelDock::isGroupExpanded(int kernel) const
{
    return m_model->isGroupExpanded(kernel);
}

void KernelDock::setGroupExpanded(int kernel, bool expanded)
{
    m_model->setGroupExpanded(kernel, expanded); // resets the rows; the selection follows
}

void KernelDock::setCurrentKernel(int shown)
{
    if (m_syncing || !m_model->isCurrent()) {
        return; // the list is synced next, and takes the selection then
    }
    const int kernel = shown >= 0 ? m_analysis->sessionKernelOf(shown) : -1;
    const int sourceRow = m_model->rowOfShownKernel(shown);
    const QModelIndex row = sourceRow >= 0 ? m_proxy->mapFromSource(m_model->index(sourceRow)) : QModelIndex();
    if (kernel >= 0 && !row.isValid()) { // filtered out: the editor shows it, the list selects nothing
        selectInList(-1);
        if (kernel != m_editor->kernel()) {
            m_editor->setKernel(kernel);
        }
        return;
    }
    if (row == m_list->currentIndex()) {
        if (kernel != m_editor->kernel()) {
            m_editor->setKernel(kernel);
        }
        return;
    }
    m_list->setCurrentIndex(row); // emits currentChanged: the editor and the analysis follow
    if (row.isValid()) {
        m_list->scrollTo(row);
    }
}

void KernelDock::selectInList(int sourceRow)
{
    m_syncing = true;
    const QModelIndex row = sourceRow >= 0 ? m_proxy->mapFromSource(m_model->index(sourceRow)) : QModelIndex();
    m_list->setCurrentIndex(row);
    if (row.isValid()) {
        m_list->scrollTo(row);
    }
    m_syncing = false;
}

void KernelDock::syncList()
{
    const int count = static_cast<int>(m_document->session().kernels.size());
    const int kernel = currentKernel();
    selectInList(m_model->rowOfShownKernel(m_analysis->selectedKernel()));
    m_editor->setKernel(kernel >= 0 && kernel < count ? kernel : -1);
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
    // One pass over the names, then lookups: a run of 100,000 kernels is not scanned per candidate.
    std::unordered_set<std::string_view> taken;
    taken.reserve(m_document->session().kernels.size());
    for (const Kernel& kernel : m_document->session().kernels) {
        taken.insert(kernel.name);
    }
    for (int n = 1;; ++n) {
        const QString name = n == 1 ? base : QStringLiteral("%1 %2").arg(base).arg(n);
        if (!taken.contains(name.toStdString())) {
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

#include "moc_KernelDock.cpp"
