#include "widgets/KernelEditor.h"
#include "session/QtText.h"
#include "widgets/FieldGuard.h"
#include "widgets/WrappedLabel.h"

#include "figures/SessionAnalysis.h"
#include "model/Precision.h"
#include "model/Templates.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "session/DisplayName.h"
#include "session/SessionDocument.h"
#include "widgets/RunKernelNote.h"
#include "widgets/SiSpinBox.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace roofscope {

namespace {
const char* kRefusedStyle = "background: #fde2e2;";

bool isDtypeOption(const std::string& option)
{
    return option.rfind("dtype", 0) == 0;
}

std::vector<std::string> levelNames(const Kernel& kernel)
{
    std::vector<std::string> names;
    for (const LevelBytes& b : kernel.bytes) {
        names.push_back(b.level);
    }
    return names;
}
} // namespace

KernelEditor::KernelEditor(SessionDocument* document, SessionAnalysis* analysis, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_analysis(analysis)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (auto signal : { &SessionAnalysis::kernelChanged, &SessionAnalysis::sessionKernelMoved }) {
        connect(m_analysis, signal, this, [this](int index) {
            if (index == m_kernel) {
                refreshValues();
            }
        });
    }
    // Crossovers cost a solve per device: after a device or view change and at the end of a drag,
    // never at every step of one.
    connect(m_analysis, &SessionAnalysis::sceneChanged, this, &KernelEditor::refreshCrossovers);
    connect(m_analysis, &SessionAnalysis::interactionFinished, this, &KernelEditor::refreshCrossovers);
    rebuild();
}

void KernelEditor::setKernel(int index)
{
    m_kernel = index;
    rebuild();
}

bool KernelEditor::shapeMatches(const Kernel& kernel) const
{
    return kernel.templ.has_value() == m_builtTemplate
        && (kernel.templ ? kernel.templ->name == m_builtTemplateName : levelNames(kernel) == m_builtLevels);
}

void KernelEditor::scheduleRebuild()
{
    if (m_rebuildPending) {
        return;
    }
    m_rebuildPending = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            if (m_rebuildPending) {
                rebuild();
            }
        },
        Qt::QueuedConnection);
}

bool KernelEditor::applyEdit(const std::function<void(Kernel&)>& edit, QWidget* field, const QString& actionText)
{
    if (!m_document) {
        return false;
    }
    const auto& kernels = m_document->session().kernels;
    if (m_kernel < 0 || static_cast<size_t>(m_kernel) >= kernels.size()) {
        return false;
    }
    Kernel kernel = kernels[static_cast<size_t>(m_kernel)];
    edit(kernel);
    // The document's signals may ask for a rebuild: it waits for the event loop, so `field` lives on.
    const QString error = m_document->replaceKernel(m_kernel, kernel, actionText);
    showMessage(field, error);
    return error.isEmpty();
}

QLabel* KernelEditor::addField(const QString& label, QWidget* field)
{
    m_form->addRow(label, field);
    field->installEventFilter(this); // Escape in a red field puts back its last good value
    auto* message = new QLabel(m_fields);
    message->setWordWrap(true);
    message->setTextFormat(Qt::PlainText);
    message->setStyleSheet(QStringLiteral("color: #b00020;"));
    message->setVisible(false);
    m_form->addRow(message); // spans both columns: long messages wrap instead of being cut
    m_messages.emplace_back(field, message);
    return message;
}

void KernelEditor::showMessage(QWidget* field, const QString& message)
{
    for (auto& [widget, label] : m_messages) {
        if (widget == field) {
            label->setText(message);
            label->setVisible(!message.isEmpty());
        }
    }
    if (auto* spin = qobject_cast<SiSpinBox*>(field)) { // spin boxes clear their own colour
        if (!message.isEmpty()) {
            spin->setStyleSheet(QStringLiteral("QAbstractSpinBox { %1 }").arg(QLatin1String(kRefusedStyle)));
        }
    } else if (field) {
        field->setStyleSheet(message.isEmpty() ? QString() : QString::fromLatin1(kRefusedStyle));
    }
}

QString KernelEditor::fieldMessage(QWidget* field) const
{
    for (const auto& [widget, label] : m_messages) {
        if (widget == field && !label->isHidden()) {
            return label->text();
        }
    }
    return {};
}

void KernelEditor::rebuild()
{
    m_rebuildPending = false;
    m_messages.clear();
    m_bytes.clear();
    m_removeButtons.clear();
    m_params.clear();
    m_options.clear();
    m_name = nullptr;
    m_precision = nullptr;
    m_count = nullptr;
    m_measured = nullptr;
    m_flops = nullptr;
    m_free = nullptr;
    m_newLevel = nullptr;
    m_derived = nullptr;
    m_crossover = nullptr;
    m_convert = nullptr;
    if (m_fields) {
        // Later, not now: this may run while one of its fields is still handling an event. Its fields
        // stop talking first: the focus leaving them must not commit to the kernel edited next.
        for (QObject* child : m_fields->findChildren<QObject*>()) {
            disconnect(child, nullptr, this, nullptr);
        }
        m_fields->hide();
        m_fields->deleteLater();
    }
    m_fields = new QWidget(this);
    layout()->addWidget(m_fields);
    m_form = new QFormLayout(m_fields);
    m_form->setContentsMargins(0, 0, 0, 0);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_form->setVerticalSpacing(2);

    const auto& kernels = m_document->session().kernels;
    if (m_kernel < 0 || static_cast<size_t>(m_kernel) >= kernels.size()) {
        auto* hint = new QLabel(tr("Add a kernel, or select one to edit it."), m_fields);
        hint->setWordWrap(true);
        m_form->addRow(hint);
        return;
    }
    const Kernel kernel = kernels[static_cast<size_t>(m_kernel)];
    m_builtTemplate = kernel.templ.has_value();
    m_builtTemplateName = kernel.templ ? kernel.templ->name : std::string();
    m_builtLevels = levelNames(kernel);

    m_name = new QLineEdit(m_fields);
    addField(tr("Name"), m_name);
    connect(m_name, &QLineEdit::editingFinished, this, [this] {
        if (!m_document) {
            return;
        }
        const QString name = m_name->text().trimmed();
        if (name.isEmpty()) {
            showMessage(m_name, tr("A kernel needs a name"));
            return;
        }
        if (name.toStdString() == m_document->session().kernels[static_cast<size_t>(m_kernel)].name) {
            showMessage(m_name, {});
            return;
        }
        applyEdit([&](Kernel& k) { k.name = name.toStdString(); }, m_name, tr("Rename to %1").arg(name));
    });

    m_precision = new QComboBox(m_fields);
    m_precision->addItem(kernel.templ ? tr("from the template's dtype") : tr("the device's main precision"), QString());
    for (const std::string& p : knownPrecisions()) {
        m_precision->addItem(qs(p), qs(p));
    }
    m_precision->setToolTip(tr("The compute precision this kernel runs at"));
    addField(tr("Precision"), m_precision);
    connect(m_precision, &QComboBox::activated, this, [this](int item) {
        const std::string precision = m_precision->itemData(item).toString().toStdString();
        applyEdit([&](Kernel& k) { k.precision = precision; }, m_precision,
            tr("Precision of %1").arg(qs(m_document->session().kernels[static_cast<size_t>(m_kernel)].name)));
    });

    if (isKernelGroup(kernel)) {
        buildGroupFields(kernel); // KernelEditorGroup.cpp
    } else if (kernel.templ) {
        buildTemplateFields(kernel);
    } else {
        buildRawFields(kernel);
    }
    buildCommonFields();
    refreshValues();
    refreshCrossovers();
    if (!kernel.fromRun.empty()) { // measured: read-only, with a way to an editable copy
        for (QWidget* field : m_fields->findChildren<QWidget*>()) {
            field->setEnabled(false);
        }
        m_form->insertRow(0, new RunKernelNote(m_document, m_kernel, m_fields));
    }
    guardFields(m_fields); // the wheel scrolls the form past unfocused fields; Ctrl+Z undoes the session
}

void KernelEditor::buildTemplateFields(const Kernel& kernel)
{
    const TemplateDefinition* def = findTemplate(kernel.templ->name);
    auto* signature = new QLabel(def ? qs(def->signature) : qs(kernel.templ->name), m_fields);
    signature->setWordWrap(true);
    signature->setToolTip(def ? qs(def->description) : QString());
    m_form->addRow(tr("Template"), signature);
    if (def) {
        for (const TemplateParameter& parameter : def->parameters) {
            auto* box = new SiSpinBox(m_fields);
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
                applyEdit([&](Kernel& k) { k.templ->params[name.toStdString()] = value; }, box,
                    tr("%1 of %2").arg(name, qs(m_document->session().kernels[static_cast<size_t>(m_kernel)].name)));
            });
        }
        for (const std::string& option : def->options) {
            auto* combo = new QComboBox(m_fields);
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
            connect(combo, &QComboBox::activated, this, [this, combo, name](int item) {
                const QString value
                    = combo->itemData(item).toString().isEmpty() && item == 0 ? QString() : combo->itemText(item);
                applyOption(combo, name, value,
                    tr("%1 of %2").arg(name, qs(m_document->session().kernels[static_cast<size_t>(m_kernel)].name)));
            });
        }
        m_free = new QComboBox(m_fields);
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
            const std::string free = m_free->itemData(item).toString().toStdString();
            applyEdit([&](Kernel& k) { k.freeParameter = free; }, m_free,
                tr("Drag parameter of %1").arg(qs(m_document->session().kernels[static_cast<size_t>(m_kernel)].name)));
        });
    }
    m_derived = new WrappedLabel(m_fields);
    m_derived->setObjectName(QStringLiteral("derived"));
    m_derived->setWordWrap(true);
    m_form->addRow(tr("Derived"), m_derived);
    m_crossover = new WrappedLabel(m_fields);
    m_crossover->setObjectName(QStringLiteral("crossover"));
    m_crossover->setWordWrap(true);
    m_crossover->setTextFormat(Qt::PlainText);
    m_crossover->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_crossover->setToolTip(tr("Where the drag parameter crosses each shown device's ridge"));
    m_form->addRow(tr("Crossover"), m_crossover);
    m_convert = new QPushButton(tr("Convert to Raw Kernel"), m_fields);
    m_convert->setToolTip(tr("Keep its FLOPs and bytes and drop the template: a drag then moves its bytes freely"));
    m_form->addRow(QString(), m_convert);
    connect(m_convert, &QPushButton::clicked, this, [this] {
        applyEdit(
            [](Kernel& k) {
                if (k.precision.empty()) {
                    k.precision = k.templatePrecision; // keep the precision the template gave it
                }
                k.templ.reset();
                k.templatePrecision.clear();
                k.freeParameter.clear();
            },
            m_convert,
            tr("Convert %1 to a raw kernel")
                .arg(qs(m_document->session().kernels[static_cast<size_t>(m_kernel)].name)));
    });
}

void KernelEditor::buildRawFields(const Kernel& kernel)
{
    m_flops = new SiSpinBox(m_fields);
    m_flops->setRange(0.0, 1e30);
    m_flops->setSubject(tr("FLOPs"));
    addField(tr("FLOPs"), m_flops);
    connect(m_flops, &SiSpinBox::entryRefused, this, [this](const QString& message) { showMessage(m_flops, message); });
    connect(m_flops, &SiSpinBox::valueCommitted, this, [this](double value) {
        applyEdit([&](Kernel& k) { k.flops = value; }, m_flops,
            tr("FLOPs of %1").arg(qs(m_document->session().kernels[static_cast<size_t>(m_kernel)].name)));
    });
    for (const LevelBytes& entry : kernel.bytes) {
        const QString level = qs(entry.level);
        auto* row = new QWidget(m_fields);
        auto* rowLayout = new QHBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        auto* box = new SiSpinBox(row);
        box->setDimension(Dimension::Bytes);
        box->setRange(0.0, 1e30, true);
        box->setSubject(tr("Bytes on %1").arg(level));
        rowLayout->addWidget(box, 1);
        if (kernel.bytes.size() > 1) {
            auto* remove = new QPushButton(QStringLiteral("✕"), row);
            remove->setObjectName(QStringLiteral("remove-%1").arg(level));
            remove->setFixedWidth(remove->fontMetrics().horizontalAdvance(QStringLiteral("✕")) + 16);
            remove->setToolTip(tr("Remove the %1 level from this kernel").arg(level));
            rowLayout->addWidget(remove);
            m_removeButtons.emplace_back(level, remove);
            connect(remove, &QPushButton::clicked, this, [this, level, box] {
                applyEdit(
                    [&](Kernel& k) {
                        k.bytes.erase(std::remove_if(k.bytes.begin(), k.bytes.end(),
                                          [&](const LevelBytes& b) { return qs(b.level) == level; }),
                            k.bytes.end());
                    },
                    box,
                    tr("Remove %1 bytes of %2")
                        .arg(level, qs(m_document->session().kernels[static_cast<size_t>(m_kernel)].name)));
            });
        }
        addField(
            level == QLatin1String("default") ? tr("Bytes (default level)") : tr("Bytes on %1").arg(level.toUpper()),
            row);
        m_messages.back().first = box; // messages belong to the spin box
        m_bytes.emplace_back(level, box);
        connect(
            box, &SiSpinBox::entryRefused, this, [this, box](const QString& message) { showMessage(box, message); });
        connect(box, &SiSpinBox::valueCommitted, this, [this, box, level](double value) {
            applyEdit(
                [&](Kernel& k) {
                    for (LevelBytes& b : k.bytes) {
                        if (qs(b.level) == level) {
                            b.bytes = value;
                        }
                    }
                },
                box, tr("Bytes of %1").arg(qs(m_document->session().kernels[static_cast<size_t>(m_kernel)].name)));
        });
    }
    m_newLevel = new QLineEdit(m_fields);
    m_newLevel->setPlaceholderText(tr("name=bytes, e.g. l2=40 GB"));
    m_newLevel->setToolTip(tr("Add the kernel's bytes on another memory or network level"));
    addField(tr("More levels"), m_newLevel);
    QLineEdit* field = m_newLevel;
    connect(field, &QLineEdit::editingFinished, this, [this, field] { addLevelFromText(field); });
}

void KernelEditor::buildCommonFields()
{
    m_count = new SiSpinBox(m_fields);
    m_count->setRange(0.0, 1e15, true);
    m_count->setSubject(tr("Count"));
    m_count->setToolTip(tr("How many times the kernel runs per step (for workload totals)"));
    addField(tr("Count"), m_count);
    connect(m_count, &SiSpinBox::entryRefused, this, [this](const QString& message) { showMessage(m_count, message); });
    connect(m_count, &SiSpinBox::valueCommitted, this, [this](double value) {
        applyEdit([&](Kernel& k) { k.count = value; }, m_count,
            tr("Count of %1").arg(qs(m_document->session().kernels[static_cast<size_t>(m_kernel)].name)));
    });

    m_measured = new QLineEdit(m_fields);
    m_measured->setPlaceholderText(tr("none (e.g. 1.2 ms)"));
    m_measured->setToolTip(tr("A measured runtime puts the achieved point on the chart"));
    addField(tr("Measured"), m_measured);
    connect(m_measured, &QLineEdit::editingFinished, this, [this] {
        const Kernel& current = m_document->session().kernels[static_cast<size_t>(m_kernel)];
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
        if (seconds == current.measuredSeconds) {
            showMessage(m_measured, {});
            return;
        }
        applyEdit([&](Kernel& k) { k.measuredSeconds = seconds; }, m_measured,
            tr("Measured runtime of %1").arg(qs(current.name)));
    });
}

void KernelEditor::refreshValues()
{
    const auto& kernels = m_document->session().kernels;
    if (m_kernel < 0 || static_cast<size_t>(m_kernel) >= kernels.size() || !m_name) {
        return;
    }
    const Kernel& kernel = kernels[static_cast<size_t>(m_kernel)];
    if (!shapeMatches(kernel)) {
        scheduleRebuild(); // fills the values once the new fields are there
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
        const TemplateDefinition* def = findTemplate(kernel.templ->name);
        for (auto& [name, box] : m_params) {
            const TemplateParameter* p = def ? def->parameter(name.toStdString()) : nullptr; // set, else default
            const bool set = kernel.templ->params.contains(name.toStdString());
            double automaticValue = transformerParameter(*kernel.templ, name.toStdString());
            if (const QString automatic = set ? QString() : autoParameterText(kernel, name, &automaticValue);
                !automatic.isEmpty()) {
                box->setAutoValue(automaticValue, automatic);
                continue;
            }
            box->setValue(p && !set ? p->defaultValue : transformerParameter(*kernel.templ, name.toStdString()));
        }
        if (auto* preset = m_fields->findChild<QComboBox*>(QStringLiteral("group-preset"))) {
            // The group's model when it names one, else the invitation to choose one.
            const auto model = kernel.templ->options.find("model");
            const int at = model == kernel.templ->options.end() ? -1 : preset->findData(qs(model->second));
            preset->setCurrentIndex(std::max(0, at));
        }
        for (auto& [name, combo] : m_options) {
            const auto it = kernel.templ->options.find(name.toStdString());
            if (it == kernel.templ->options.end()) {
                combo->setCurrentIndex(0);
            } else if (const int at = combo->findText(qs(it->second)); at >= 0) {
                combo->setCurrentIndex(at);
            } else {
                combo->setEditText(qs(it->second));
            }
        }
        if (m_free) {
            m_free->setCurrentIndex(std::max(0, m_free->findData(qs(kernel.freeParameter))));
        }
        if (m_derived) {
            const double bytes = kernel.bytesOn("default") > 0.0 ? kernel.bytesOn("default") : kernel.totalBytes();
            m_derived->setText(tr("%1 · %2 · %3 FLOP/B")
                                   .arg(qs(formatQuantity(kernel.flops, Dimension::Flops, 4)),
                                       qs(formatQuantity(bytes, Dimension::Bytes, 4)),
                                       bytes > 0.0 ? qs(formatNumber(kernel.flops / bytes, 4)) : QStringLiteral("∞")));
        }
    }
    for (auto& [field, label] : m_messages) {
        auto* spin = qobject_cast<SiSpinBox*>(field);
        if (!spin || spin->refusal().isEmpty()) {
            label->setVisible(false);
            if (!spin) {
                field->setStyleSheet(QString());
            }
        }
    }
}

void KernelEditor::refreshCrossovers()
{
    if (!m_crossover) {
        return;
    }
    const QStringList lines = m_analysis->crossoverLines(m_analysis->firstShownKernel(m_kernel));
    m_crossover->setText(lines.isEmpty() ? tr("no device shown") : lines.join(QLatin1Char('\n')));
}

QString KernelEditor::crossoverText() const
{
    return m_crossover ? m_crossover->text() : QString();
}

SiSpinBox* KernelEditor::bytesBox(const QString& level) const
{
    for (const auto& [name, box] : m_bytes) {
        if (name == level) {
            return box;
        }
    }
    return nullptr;
}

QPushButton* KernelEditor::removeLevelButton(const QString& level) const
{
    for (const auto& [name, button] : m_removeButtons) {
        if (name == level) {
            return button;
        }
    }
    return nullptr;
}

SiSpinBox* KernelEditor::parameterBox(const QString& name) const
{
    for (const auto& [parameter, box] : m_params) {
        if (parameter == name) {
            return box;
        }
    }
    return nullptr;
}

} // namespace roofscope

#include "moc_KernelEditor.cpp"
