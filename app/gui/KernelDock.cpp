#include "gui/KernelDock.h"

#include "gui/SessionDocument.h"
#include "gui/SiSpinBox.h"
#include "model/Precision.h"
#include "model/Solver.h"
#include "model/Templates.h"
#include "model/Units.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {
QString qs(const std::string& text)
{
    return QString::fromStdString(text);
}

const char* kRefusedStyle = "background: #fde2e2;";

bool isDtypeOption(const std::string& option)
{
    return option.rfind("dtype", 0) == 0;
}
} // namespace

KernelDock::KernelDock(SessionDocument* document, QWidget* parent)
    : QDockWidget(tr("Kernels"), parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("kernelDock"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);

    m_list = new QListWidget(content);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setMinimumHeight(90);
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

    auto* scroll = new QScrollArea(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_editor = new QWidget(scroll);
    scroll->setWidget(m_editor);
    layout->addWidget(scroll, 2);
    setWidget(content);

    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (m_syncing) {
            return;
        }
        rebuildEditor();
        Q_EMIT currentKernelChanged(row);
    });
    connect(m_document, &SessionDocument::sessionReset, this, [this] {
        rebuildList();
        rebuildEditor();
    });
    for (auto signal : { &SessionDocument::kernelsInserted, &SessionDocument::kernelRemoved }) {
        connect(m_document, signal, this, [this](int index) {
            rebuildList();
            setCurrentKernel(std::min(index, static_cast<int>(m_document->session().kernels.size()) - 1));
        });
    }
    for (auto signal : { &SessionDocument::kernelChanged, &SessionDocument::kernelMoved }) {
        connect(m_document, signal, this, [this](int index) {
            if (QListWidgetItem* item = m_list->item(index)) {
                item->setText(qs(m_document->session().kernels[static_cast<size_t>(index)].name));
            }
            if (index == currentKernel()) {
                refreshEditorValues();
            }
        });
    }
    rebuildList();
    rebuildEditor();
}

int KernelDock::currentKernel() const
{
    return m_list->currentRow();
}

void KernelDock::setCurrentKernel(int index)
{
    if (index == m_list->currentRow()) {
        return;
    }
    m_list->setCurrentRow(index); // emits currentRowChanged -> editor
}

void KernelDock::rebuildList()
{
    m_syncing = true;
    const int current = m_list->currentRow();
    m_list->clear();
    for (const Kernel& kernel : m_document->session().kernels) {
        auto* item = new QListWidgetItem(qs(kernel.name), m_list);
        item->setToolTip(qs(kernel.name));
    }
    const int count = m_list->count();
    m_list->setCurrentRow(count == 0 ? -1 : std::clamp(current, 0, count - 1));
    m_syncing = false;
    m_duplicateButton->setEnabled(count > 0);
    m_deleteButton->setEnabled(count > 0);
}

void KernelDock::addField(const QString& label, QWidget* field)
{
    m_form->addRow(label, field);
    auto* message = new QLabel(m_editor);
    message->setWordWrap(true);
    message->setStyleSheet(QStringLiteral("color: #b00020;"));
    message->setVisible(false);
    m_form->addRow(QString(), message);
    m_messages.emplace_back(field, message);
}

void KernelDock::showMessage(QWidget* field, const QString& message)
{
    for (auto& [widget, label] : m_messages) {
        if (widget == field) {
            label->setText(message);
            label->setVisible(!message.isEmpty());
        }
    }
    if (field && !qobject_cast<SiSpinBox*>(field)) { // spin boxes colour themselves
        field->setStyleSheet(message.isEmpty() ? QString() : QString::fromLatin1(kRefusedStyle));
    } else if (auto* spin = qobject_cast<SiSpinBox*>(field); spin && !message.isEmpty()) {
        spin->setStyleSheet(QStringLiteral("QAbstractSpinBox { %1 }").arg(QLatin1String(kRefusedStyle)));
    }
}

QString KernelDock::fieldMessage(QWidget* field) const
{
    for (const auto& [widget, label] : m_messages) {
        if (widget == field && !label->isHidden()) {
            return label->text();
        }
    }
    return {};
}

bool KernelDock::commit(const Kernel& kernel, QWidget* field, const QString& actionText)
{
    const int index = currentKernel();
    if (index < 0) {
        return false;
    }
    const QString error = m_document->replaceKernel(index, kernel, actionText);
    if (!error.isEmpty()) {
        showMessage(field, error);
        return false;
    }
    showMessage(field, {});
    return true;
}

void KernelDock::rebuildEditor()
{
    m_messages.clear();
    m_bytes.clear();
    m_params.clear();
    m_options.clear();
    m_name = nullptr;
    m_precision = nullptr;
    m_count = nullptr;
    m_measured = nullptr;
    m_flops = nullptr;
    m_free = nullptr;
    m_newLevel = nullptr;
    auto* scroll
        = qobject_cast<QScrollArea*>(m_editor->parentWidget() ? m_editor->parentWidget()->parentWidget() : nullptr);
    m_editor = new QWidget;
    m_form = new QFormLayout(m_editor);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setVerticalSpacing(2);
    if (scroll) {
        scroll->setWidget(m_editor); // deletes the previous editor
    }

    const int index = currentKernel();
    m_editorKernel = index;
    const auto& kernels = m_document->session().kernels;
    if (index < 0 || static_cast<size_t>(index) >= kernels.size()) {
        m_form->addRow(new QLabel(tr("Add a kernel, or select one to edit it."), m_editor));
        return;
    }
    const Kernel kernel = kernels[static_cast<size_t>(index)];
    m_editorTemplate = kernel.templ.has_value();
    m_editorTemplateName = kernel.templ ? qs(kernel.templ->name) : QString();
    m_editorLevels.clear();

    m_name = new QLineEdit(m_editor);
    addField(tr("Name"), m_name);
    connect(m_name, &QLineEdit::editingFinished, this, [this] {
        const int i = currentKernel();
        if (i < 0) {
            return;
        }
        Kernel k = m_document->session().kernels[static_cast<size_t>(i)];
        const QString name = m_name->text().trimmed();
        if (name.isEmpty()) {
            showMessage(m_name, tr("A kernel needs a name"));
            return;
        }
        if (name.toStdString() == k.name) {
            showMessage(m_name, {});
            return;
        }
        k.name = name.toStdString();
        commit(k, m_name, tr("Rename to %1").arg(name));
    });

    m_precision = new QComboBox(m_editor);
    m_precision->addItem(kernel.templ ? tr("from the template's dtype") : tr("the device's main precision"), QString());
    for (const std::string& p : knownPrecisions()) {
        m_precision->addItem(qs(p), qs(p));
    }
    m_precision->setToolTip(tr("The compute precision this kernel runs at"));
    addField(tr("Precision"), m_precision);
    connect(m_precision, &QComboBox::activated, this, [this](int item) {
        const int i = currentKernel();
        if (i < 0) {
            return;
        }
        Kernel k = m_document->session().kernels[static_cast<size_t>(i)];
        k.precision = m_precision->itemData(item).toString().toStdString();
        commit(k, m_precision, tr("Precision of %1").arg(qs(k.name)));
    });

    if (kernel.templ) {
        const TemplateDefinition* def = findTemplate(kernel.templ->name);
        auto* signature = new QLabel(def ? qs(def->signature) : qs(kernel.templ->name), m_editor);
        signature->setToolTip(def ? qs(def->description) : QString());
        m_form->addRow(tr("Template"), signature);
        if (def) {
            for (const TemplateParameter& parameter : def->parameters) {
                auto* box = new SiSpinBox(m_editor);
                box->setInteger(parameter.integer);
                box->setRange(parameter.minimum, parameter.maximum);
                box->setSubject(qs(parameter.name));
                box->setToolTip(qs(parameter.description));
                const QString name = qs(parameter.name);
                addField(name, box);
                m_params.emplace_back(name, box);
                connect(box, &SiSpinBox::entryRefused, this,
                    [this, box](const QString& message) { showMessage(box, message); });
                connect(box, &SiSpinBox::valueCommitted, this, [this, box, name](double value) {
                    const int i = currentKernel();
                    if (i < 0) {
                        return;
                    }
                    Kernel k = m_document->session().kernels[static_cast<size_t>(i)];
                    k.templ->params[name.toStdString()] = value;
                    commit(k, box, tr("%1 of %2").arg(name, qs(k.name)));
                });
            }
            for (const std::string& option : def->options) {
                auto* combo = new QComboBox(m_editor);
                combo->setEditable(!isDtypeOption(option));
                combo->addItem(isDtypeOption(option) && option != "dtype" ? tr("as dtype") : tr("default"), QString());
                if (isDtypeOption(option)) {
                    for (const std::string& p : knownPrecisions()) {
                        combo->addItem(qs(p), qs(p));
                    }
                }
                const QString name = qs(option);
                addField(name, combo);
                m_options.emplace_back(name, combo);
                auto apply = [this, combo, name](const QString& value) {
                    const int i = currentKernel();
                    if (i < 0) {
                        return;
                    }
                    Kernel k = m_document->session().kernels[static_cast<size_t>(i)];
                    if (value.isEmpty()) {
                        k.templ->options.erase(name.toStdString());
                    } else {
                        k.templ->options[name.toStdString()] = value.toStdString();
                    }
                    commit(k, combo, tr("%1 of %2").arg(name, qs(k.name)));
                };
                connect(combo, &QComboBox::activated, this, [combo, apply](int item) {
                    apply(combo->itemData(item).toString().isEmpty() && item == 0 ? QString() : combo->itemText(item));
                });
            }
            m_free = new QComboBox(m_editor);
            m_free->addItem(tr("%1 (default)").arg(qs(def->defaultFreeParameter())), QString());
            QStringList sizes;
            for (const TemplateParameter& parameter : def->parameters) {
                if (parameter.size) {
                    m_free->addItem(qs(parameter.name), qs(parameter.name));
                    sizes << qs(parameter.name);
                }
            }
            if (sizes.size() > 1) {
                m_free->addItem(tr("%1 together").arg(sizes.join(QLatin1Char(','))), sizes.join(QLatin1Char(',')));
            }
            m_free->setToolTip(tr("The parameter a drag along the intensity axis changes"));
            addField(tr("Drag moves"), m_free);
            connect(m_free, &QComboBox::activated, this, [this](int item) {
                const int i = currentKernel();
                if (i < 0) {
                    return;
                }
                Kernel k = m_document->session().kernels[static_cast<size_t>(i)];
                k.freeParameter = m_free->itemData(item).toString().toStdString();
                commit(k, m_free, tr("Drag parameter of %1").arg(qs(k.name)));
            });
        }
        auto* derived = new QLabel(m_editor);
        derived->setObjectName(QStringLiteral("derived"));
        derived->setWordWrap(true);
        m_form->addRow(tr("Derived"), derived);
        auto* crossover = new QLabel(m_editor);
        crossover->setObjectName(QStringLiteral("crossover"));
        crossover->setWordWrap(true);
        crossover->setTextFormat(Qt::PlainText);
        crossover->setTextInteractionFlags(Qt::TextSelectableByMouse);
        crossover->setToolTip(tr("Where the drag parameter crosses each shown device's ridge"));
        m_form->addRow(tr("Crossover"), crossover);
    } else {
        m_flops = new SiSpinBox(m_editor);
        m_flops->setRange(0.0, 1e30);
        m_flops->setSubject(tr("FLOPs"));
        addField(tr("FLOPs"), m_flops);
        connect(
            m_flops, &SiSpinBox::entryRefused, this, [this](const QString& message) { showMessage(m_flops, message); });
        connect(m_flops, &SiSpinBox::valueCommitted, this, [this](double value) {
            const int i = currentKernel();
            if (i < 0) {
                return;
            }
            Kernel k = m_document->session().kernels[static_cast<size_t>(i)];
            k.flops = value;
            commit(k, m_flops, tr("FLOPs of %1").arg(qs(k.name)));
        });
        for (const LevelBytes& entry : kernel.bytes) {
            const QString level = qs(entry.level);
            m_editorLevels.push_back(entry.level);
            auto* row = new QWidget(m_editor);
            auto* rowLayout = new QHBoxLayout(row);
            rowLayout->setContentsMargins(0, 0, 0, 0);
            auto* box = new SiSpinBox(row);
            box->setDimension(Dimension::Bytes);
            box->setRange(0.0, 1e30, true);
            box->setSubject(tr("Bytes on %1").arg(level));
            rowLayout->addWidget(box, 1);
            if (kernel.bytes.size() > 1) {
                auto* remove = new QToolButton(row);
                remove->setText(QStringLiteral("✕"));
                remove->setToolTip(tr("Remove the %1 level from this kernel").arg(level));
                rowLayout->addWidget(remove);
                connect(remove, &QToolButton::clicked, this, [this, level] {
                    const int i = currentKernel();
                    if (i < 0) {
                        return;
                    }
                    Kernel k = m_document->session().kernels[static_cast<size_t>(i)];
                    k.bytes.erase(std::remove_if(k.bytes.begin(), k.bytes.end(),
                                      [&](const LevelBytes& b) { return qs(b.level) == level; }),
                        k.bytes.end());
                    if (commit(k, m_newLevel, tr("Remove %1 bytes of %2").arg(level, qs(k.name)))) {
                        rebuildEditor();
                    }
                });
            }
            addField(level == QLatin1String("default") ? tr("Bytes (default level)")
                                                       : tr("Bytes on %1").arg(level.toUpper()),
                row);
            m_messages.back().first = box; // messages belong to the spin box
            m_bytes.emplace_back(level, box);
            connect(box, &SiSpinBox::entryRefused, this,
                [this, box](const QString& message) { showMessage(box, message); });
            connect(box, &SiSpinBox::valueCommitted, this, [this, box, level](double value) {
                const int i = currentKernel();
                if (i < 0) {
                    return;
                }
                Kernel k = m_document->session().kernels[static_cast<size_t>(i)];
                for (LevelBytes& b : k.bytes) {
                    if (qs(b.level) == level) {
                        b.bytes = value;
                    }
                }
                commit(k, box, tr("Bytes of %1").arg(qs(k.name)));
            });
        }
        m_newLevel = new QLineEdit(m_editor);
        m_newLevel->setPlaceholderText(tr("add a level: name=bytes, e.g. l2=40 GB"));
        addField(tr("More levels"), m_newLevel);
        connect(m_newLevel, &QLineEdit::editingFinished, this, [this] {
            const QString text = m_newLevel->text().trimmed();
            const int i = currentKernel();
            if (text.isEmpty() || i < 0) {
                showMessage(m_newLevel, {});
                return;
            }
            const qsizetype eq = text.indexOf(QLatin1Char('='));
            if (eq <= 0) {
                showMessage(m_newLevel, tr("Write the level and its bytes as name=bytes, e.g. l2=40 GB"));
                return;
            }
            const QString level = text.left(eq).trimmed().toLower();
            const ParsedQuantity bytes = parseQuantity(text.mid(eq + 1).trimmed().toStdString(), Dimension::Bytes);
            if (!bytes.value) {
                showMessage(m_newLevel, tr("Bytes on %1: %2").arg(level, qs(bytes.error)));
                return;
            }
            Kernel k = m_document->session().kernels[static_cast<size_t>(i)];
            if (std::any_of(
                    k.bytes.begin(), k.bytes.end(), [&](const LevelBytes& b) { return qs(b.level) == level; })) {
                showMessage(m_newLevel, tr("%1 already has bytes on %2").arg(qs(k.name), level));
                return;
            }
            k.bytes.push_back({ level.toStdString(), *bytes.value });
            if (commit(k, m_newLevel, tr("Add %1 bytes to %2").arg(level, qs(k.name)))) {
                m_newLevel->clear();
                rebuildEditor();
            }
        });
    }

    m_count = new SiSpinBox(m_editor);
    m_count->setRange(0.0, 1e15, true);
    m_count->setSubject(tr("Count"));
    m_count->setToolTip(tr("How many times the kernel runs per step (for workload totals)"));
    addField(tr("Count"), m_count);
    connect(m_count, &SiSpinBox::entryRefused, this, [this](const QString& message) { showMessage(m_count, message); });
    connect(m_count, &SiSpinBox::valueCommitted, this, [this](double value) {
        const int i = currentKernel();
        if (i < 0) {
            return;
        }
        Kernel k = m_document->session().kernels[static_cast<size_t>(i)];
        k.count = value;
        commit(k, m_count, tr("Count of %1").arg(qs(k.name)));
    });

    m_measured = new QLineEdit(m_editor);
    m_measured->setPlaceholderText(tr("none (e.g. 1.2 ms)"));
    m_measured->setToolTip(tr("A measured runtime puts the achieved point on the chart"));
    addField(tr("Measured"), m_measured);
    connect(m_measured, &QLineEdit::editingFinished, this, [this] {
        const int i = currentKernel();
        if (i < 0) {
            return;
        }
        Kernel k = m_document->session().kernels[static_cast<size_t>(i)];
        const QString text = m_measured->text().trimmed();
        std::optional<double> seconds;
        if (!text.isEmpty()) {
            const ParsedQuantity parsed = parseQuantity(text.toStdString(), Dimension::Seconds);
            if (!parsed.value) {
                showMessage(m_measured, tr("Measured runtime: %1").arg(qs(parsed.error)));
                return;
            }
            if (!(*parsed.value > 0.0)) {
                showMessage(m_measured, tr("The measured runtime must be greater than zero"));
                return;
            }
            seconds = parsed.value;
        }
        if (seconds == k.measuredSeconds) {
            showMessage(m_measured, {});
            return;
        }
        k.measuredSeconds = seconds;
        commit(k, m_measured, tr("Measured runtime of %1").arg(qs(k.name)));
    });
    refreshEditorValues();
}

void KernelDock::refreshEditorValues()
{
    const int index = currentKernel();
    const auto& kernels = m_document->session().kernels;
    if (index < 0 || static_cast<size_t>(index) >= kernels.size()) {
        return;
    }
    const Kernel& kernel = kernels[static_cast<size_t>(index)];
    std::vector<std::string> levels;
    for (const LevelBytes& b : kernel.bytes) {
        levels.push_back(b.level);
    }
    const bool sameShape = index == m_editorKernel && kernel.templ.has_value() == m_editorTemplate
        && (kernel.templ ? qs(kernel.templ->name) == m_editorTemplateName : levels == m_editorLevels);
    if (!sameShape && m_name) {
        rebuildEditor(); // calls back here once the fields match the kernel
        return;
    }
    if (!m_name) {
        return;
    }
    if (!m_name->hasFocus()) {
        m_name->setText(qs(kernel.name));
    }
    m_precision->setCurrentIndex(std::max(0, m_precision->findData(qs(kernel.precision))));
    m_count->setValue(kernel.count);
    m_measured->setText(
        kernel.measuredSeconds ? qs(formatQuantity(*kernel.measuredSeconds, Dimension::Seconds, 6)) : QString());
    if (m_flops) {
        m_flops->setValue(kernel.flops);
    }
    for (auto& [level, box] : m_bytes) {
        for (const LevelBytes& b : kernel.bytes) {
            if (qs(b.level) == level) {
                box->setValue(b.bytes);
            }
        }
    }
    if (kernel.templ) {
        for (auto& [name, box] : m_params) {
            const auto it = kernel.templ->params.find(name.toStdString());
            const TemplateDefinition* def = findTemplate(kernel.templ->name);
            const TemplateParameter* parameter = def ? def->parameter(name.toStdString()) : nullptr;
            box->setValue(it != kernel.templ->params.end() ? it->second : parameter ? parameter->defaultValue : 0.0);
        }
        for (auto& [name, combo] : m_options) {
            const auto it = kernel.templ->options.find(name.toStdString());
            if (it == kernel.templ->options.end()) {
                combo->setCurrentIndex(0);
            } else {
                const int at = combo->findText(qs(it->second));
                if (at >= 0) {
                    combo->setCurrentIndex(at);
                } else {
                    combo->setEditText(qs(it->second));
                }
            }
        }
        if (m_free) {
            m_free->setCurrentIndex(std::max(0, m_free->findData(qs(kernel.freeParameter))));
        }
        if (auto* derived = m_editor->findChild<QLabel*>(QStringLiteral("derived"))) {
            const double bytes = kernel.bytesOn("default") > 0.0 ? kernel.bytesOn("default") : kernel.totalBytes();
            derived->setText(tr("%1 · %2 · %3 FLOP/B")
                                 .arg(qs(formatQuantity(kernel.flops, Dimension::Flops, 4)),
                                     qs(formatQuantity(bytes, Dimension::Bytes, 4)),
                                     bytes > 0.0 ? qs(formatNumber(kernel.flops / bytes, 4)) : QStringLiteral("∞")));
        }
        refreshCrossovers();
    }
    for (auto& [field, label] : m_messages) {
        if (!qobject_cast<SiSpinBox*>(field) || static_cast<SiSpinBox*>(field)->refusal().isEmpty()) {
            label->setVisible(false);
            if (!qobject_cast<SiSpinBox*>(field)) {
                field->setStyleSheet(QString());
            }
        }
    }
}

void KernelDock::setCrossoverProvider(std::function<QStringList(int kernel)> provider)
{
    m_crossoverProvider = std::move(provider);
    refreshCrossovers();
}

void KernelDock::refreshCrossovers()
{
    auto* label = m_editor ? m_editor->findChild<QLabel*>(QStringLiteral("crossover")) : nullptr;
    if (!label) {
        return;
    }
    const QStringList lines = m_crossoverProvider ? m_crossoverProvider(currentKernel()) : QStringList();
    label->setText(lines.isEmpty() ? tr("no device shown") : lines.join(QLatin1Char('\n')));
}

QString KernelDock::crossoverText() const
{
    const auto* label = m_editor ? m_editor->findChild<QLabel*>(QStringLiteral("crossover")) : nullptr;
    return label ? label->text() : QString();
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
    const std::string error = applyTemplate(kernel);
    if (!error.empty()) {
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
    copy.name = uniqueName(qs(copy.name) + tr(" copy")).toStdString();
    m_document->addKernel(copy);
}

void KernelDock::deleteCurrent()
{
    const int index = currentKernel();
    if (index >= 0) {
        m_document->removeKernel(index);
    }
}

SiSpinBox* KernelDock::bytesBox(const QString& level) const
{
    for (const auto& [name, box] : m_bytes) {
        if (name == level) {
            return box;
        }
    }
    return nullptr;
}

SiSpinBox* KernelDock::parameterBox(const QString& name) const
{
    for (const auto& [parameter, box] : m_params) {
        if (parameter == name) {
            return box;
        }
    }
    return nullptr;
}

} // namespace roofscope
