#include "widgets/SweepDock.h"
#include "widgets/WrappedLabel.h"

#include "figures/KernelSweep.h"
#include "figures/SessionAnalysis.h"
#include "model/Solver.h"
#include "model/Templates.h"
#include "model/TransformerWorkload.h"
#include "session/DisplayName.h"
#include "session/QtText.h"
#include "session/SessionDocument.h"
#include "widgets/SiSpinBox.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace roofscope {

SweepDock::SweepDock(SessionAnalysis* analysis, KernelSweep* sweep, QWidget* parent)
    : QDockWidget(tr("Sweep"), parent)
    , m_analysis(analysis)
    , m_document(analysis->document())
    , m_sweep(sweep)
{
    setObjectName(QStringLiteral("sweepDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    m_title = new QLabel(body);
    m_title->setObjectName(QStringLiteral("sweepTitle"));
    m_title->setWordWrap(true);
    // The kernel's name is elided and wraps: the dock never widens with it (the whole name is the tooltip).
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_title->setMinimumWidth(120);
    layout->addWidget(m_title);
    m_controls = new QWidget(body);
    auto* form = new QFormLayout(m_controls);
    form->setContentsMargins(0, 0, 0, 0);
    m_enabled = new QCheckBox(tr("Draw the trajectory on the chart"), m_controls);
    m_enabled->setObjectName(QStringLiteral("sweepEnabled"));
    m_enabled->setChecked(true);
    form->addRow(m_enabled);
    m_parameter = new QComboBox(m_controls);
    m_parameter->setObjectName(QStringLiteral("sweepParameter"));
    form->addRow(tr("Parameter"), m_parameter);
    auto* range = new QHBoxLayout;
    m_from = new SiSpinBox(m_controls);
    m_from->setObjectName(QStringLiteral("sweepFrom"));
    m_to = new SiSpinBox(m_controls);
    m_to->setObjectName(QStringLiteral("sweepTo"));
    range->addWidget(m_from);
    range->addWidget(new QLabel(QStringLiteral("…"), m_controls));
    range->addWidget(m_to);
    form->addRow(tr("Range"), range);
    auto* sliderRow = new QHBoxLayout;
    m_slider = new QSlider(Qt::Horizontal, m_controls);
    m_slider->setObjectName(QStringLiteral("sweepSlider"));
    m_slider->setRange(0, kSliderSteps);
    m_slider->setPageStep(kSliderSteps / 20);
    m_valueLabel = new QLabel(m_controls);
    m_valueLabel->setMinimumWidth(m_valueLabel->fontMetrics().horizontalAdvance(QStringLiteral("m = 16.4M")));
    m_valueLabel->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    sliderRow->addWidget(m_slider, 1);
    sliderRow->addWidget(m_valueLabel);
    form->addRow(tr("Value"), sliderRow);
    layout->addWidget(m_controls);
    m_crossings = new WrappedLabel(body);
    m_crossings->setObjectName(QStringLiteral("sweepCrossings"));
    m_crossings->setWordWrap(true);
    m_crossings->setTextFormat(Qt::PlainText);
    m_crossings->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_crossings->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // New crossings on every slider step must not resize the dock (and with it the chart).
    m_crossings->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    m_crossings->setMinimumHeight(m_crossings->fontMetrics().lineSpacing() * 3);
    layout->addWidget(m_crossings, 1);
    setWidget(body);

    connect(m_enabled, &QCheckBox::toggled, this, [this] { applySweep(); });
    connect(m_parameter, &QComboBox::currentTextChanged, this, [this](const QString& name) {
        if (!m_syncing) {
            chooseParameter(name);
        }
    });
    for (SiSpinBox* box : { m_from, m_to }) {
        connect(box, &SiSpinBox::valueCommitted, this, [this] { applySweep(); });
    }
    connect(m_slider, &QSlider::valueChanged, this, &SweepDock::onSliderMoved);
    connect(m_slider, &QSlider::sliderReleased, this, [this] { m_document->endInteraction(); });
    connect(m_analysis, &SessionAnalysis::selectionChanged, this, &SweepDock::setKernel);
    // Another session, or kernels inserted or removed (indices shift): start again from the selection.
    connect(m_analysis, &SessionAnalysis::kernelsRenumbered, this, [this] {
        m_kernel = -1;
        setKernel(m_analysis->selectedKernel());
    });
    connect(m_analysis, &SessionAnalysis::kernelMoved, this, [this](int shown) {
        if (m_analysis->sessionKernelOf(shown) == m_kernel) {
            syncSlider();
        }
    });
    connect(m_analysis, &SessionAnalysis::sceneChanged, this, [this] {
        // Any other edit: the kernel may have changed template or parameters.
        if (m_sweep->kernel() < 0 || m_kernel != m_analysis->sessionKernelOf(m_analysis->selectedKernel())) {
            setKernel(m_analysis->selectedKernel());
        } else {
            // A rename shows at once (the sweep itself stays).
            const auto& kernels = m_document->session().kernels;
            if (m_kernel >= 0 && static_cast<size_t>(m_kernel) < kernels.size()
                && m_title->toolTip() != qs(kernels[static_cast<size_t>(m_kernel)].name)) {
                setKernel(m_analysis->selectedKernel());
                return;
            }
            syncSlider();
        }
    });
    // The list of crossings is laid out as wrapped text: while the slider moves it follows at most
    // every kCrossingsIntervalMs (the chart's dots follow every step), and once more at the end.
    m_crossingsTimer = new QTimer(this);
    m_crossingsTimer->setSingleShot(true);
    connect(m_crossingsTimer, &QTimer::timeout, this, &SweepDock::updateCrossings);
    connect(m_sweep, &KernelSweep::changed, this, [this] {
        if (m_crossingsTimer->isActive()) {
            return;
        }
        if (!m_crossingsShown.isValid() || m_crossingsShown.elapsed() >= kCrossingsIntervalMs) {
            updateCrossings();
        } else {
            m_crossingsTimer->start(static_cast<int>(kCrossingsIntervalMs - m_crossingsShown.elapsed()));
        }
    });
    connect(m_analysis, &SessionAnalysis::interactionFinished, this, [this] {
        if (m_crossingsTimer->isActive()) {
            m_crossingsTimer->stop();
            updateCrossings();
        }
    });
    setKernel(m_analysis->selectedKernel());
}

void SweepDock::setKernel(int shown)
{
    // A kernel of a group sweeps its group.
    const int kernel = m_analysis->sessionKernelOf(shown);
    const auto& kernels = m_document->session().kernels;
    const Kernel* k
        = kernel >= 0 && static_cast<size_t>(kernel) < kernels.size() ? &kernels[static_cast<size_t>(kernel)] : nullptr;
    if (k && isKernelGroup(*k)) {
        setGroup(kernel, *k);
        return;
    }
    const TemplateDefinition* definition = k && k->templ ? findTemplate(k->templ->name) : nullptr;
    if (!definition) {
        m_kernel = -1;
        m_title->setToolTip(k ? qs(k->name) : QString());
        m_title->setText(k ? tr("%1 is a raw kernel: only template kernels can be swept.").arg(elidedName(k->name))
                           : tr("Select a template kernel to sweep one of its parameters."));
        m_controls->setEnabled(false);
        m_sweep->clear();
        return;
    }
    const bool same = kernel == m_kernel && m_parameter->count() > 0;
    m_kernel = kernel;
    m_title->setText(tr("<b>%1</b>: %2").arg(elidedName(k->name).toHtmlEscaped(), qs(definition->signature)));
    m_title->setToolTip(qs(k->name));
    m_controls->setEnabled(true);
    if (same && definition->parameter(m_parameter->currentText().toStdString())) {
        applySweep();
        return;
    }
    m_syncing = true;
    m_parameter->clear();
    for (const TemplateParameter& p : definition->parameters) {
        if (p.name != "chips") {
            m_parameter->addItem(qs(p.name));
        }
    }
    // The drag parameter first (the first of several tied together).
    const auto free
        = parseFreeParameters(!k->freeParameter.empty() ? k->freeParameter : definition->defaultFreeParameter());
    const QString name = free.empty() ? m_parameter->itemText(0) : qs(free.front());
    m_parameter->setCurrentText(name);
    m_syncing = false;
    chooseParameter(m_parameter->currentText());
}

void SweepDock::setGroup(int kernel, const Kernel& k)
{
    const bool same = kernel == m_kernel && m_parameter->count() > 0;
    m_kernel = kernel;
    m_title->setText(tr("<b>%1</b>: transformer step, drawn at the step's total FLOPs and bytes")
                         .arg(elidedName(k.name).toHtmlEscaped()));
    m_title->setToolTip(qs(k.name));
    m_controls->setEnabled(true);
    if (same) {
        applySweep();
        return;
    }
    m_syncing = true;
    m_parameter->clear();
    for (const std::string& name : transformerParameters()) {
        m_parameter->addItem(qs(name));
    }
    m_parameter->setCurrentText(QStringLiteral("batch"));
    m_syncing = false;
    chooseParameter(m_parameter->currentText());
}

double SweepDock::currentValue(const Kernel& k, const std::string& name) const
{
    if (isKernelGroup(k)) {
        return transformerParameter(*k.templ, name);
    }
    if (!k.templ) {
        return std::nan("");
    }
    if (const auto it = k.templ->params.find(name); it != k.templ->params.end()) {
        return it->second;
    }
    const TemplateDefinition* definition = findTemplate(k.templ->name);
    const TemplateParameter* p = definition ? definition->parameter(name) : nullptr;
    return p ? p->defaultValue : std::nan("");
}

void SweepDock::chooseParameter(const QString& name)
{
    const Kernel& k = m_document->session().kernels[static_cast<size_t>(m_kernel)];
    const TemplateDefinition* definition = k.templ ? findTemplate(k.templ->name) : nullptr;
    const TemplateParameter* p = definition ? definition->parameter(name.toStdString()) : nullptr;
    if (!p && !isKernelGroup(k)) {
        return;
    }
    // A group's sizes are whole numbers from 1.
    m_integer = p ? p->integer : true;
    const double minimum = p ? p->minimum : 1.0;
    const double maximum = p ? p->maximum : 1e12;
    const double current = currentValue(k, name.toStdString());
    setRangeAround(m_from, m_to, name, minimum, maximum, current, m_integer);
    applySweep();
}

void SweepDock::applySweep()
{
    if (m_kernel < 0) {
        return;
    }
    ParameterAxis axis;
    axis.name = m_parameter->currentText().toStdString();
    axis.from = std::min(m_from->value(), m_to->value());
    axis.to = std::max(m_from->value(), m_to->value());
    axis.steps = KernelSweep::kDefaultSteps;
    if (m_enabled->isChecked()) {
        m_sweep->setSweep(m_kernel, axis);
    } else {
        m_sweep->clear();
    }
    syncSlider();
}

double SweepDock::valueAt(int position) const
{
    const double from = std::max(m_from->value(), 1e-300);
    const double to = std::max(m_to->value(), 1e-300);
    const double t = std::clamp(position, 0, kSliderSteps) / static_cast<double>(kSliderSteps);
    const double value = from * std::pow(to / from, t);
    return m_integer ? std::round(value) : value;
}

int SweepDock::positionOf(double value) const
{
    const double from = m_from->value();
    const double to = m_to->value();
    if (!(from > 0.0 && to > 0.0 && value > 0.0) || from == to) {
        return 0;
    }
    const double t = std::log(value / from) / std::log(to / from);
    return std::clamp(static_cast<int>(std::lround(t * kSliderSteps)), 0, kSliderSteps);
}

void SweepDock::syncSlider()
{
    if (m_kernel < 0 || static_cast<size_t>(m_kernel) >= m_document->session().kernels.size()) {
        return;
    }
    const Kernel& k = m_document->session().kernels[static_cast<size_t>(m_kernel)];
    const std::string name = m_parameter->currentText().toStdString();
    if (!k.templ) {
        return;
    }
    const double value = currentValue(k, name);
    if (!std::isfinite(value)) {
        return;
    }
    m_valueLabel->setText(QStringLiteral("%1 = %2").arg(qs(name), KernelSweep::formatValue(value, m_integer)));
    if (m_slider->isSliderDown()) {
        return; // the slider sets the value: leave it where the mouse is
    }
    m_syncing = true;
    m_slider->setValue(positionOf(value));
    m_syncing = false;
}

void SweepDock::onSliderMoved(int position)
{
    if (m_syncing || m_kernel < 0) {
        return;
    }
    const std::string name = m_parameter->currentText().toStdString();
    const QString error = m_document->setKernelParameters(
        m_kernel, { { name, valueAt(position) } }, true, tr("Sweep %1").arg(qs(name)));
    if (!error.isEmpty()) {
        m_crossings->setText(error);
    }
    if (!m_slider->isSliderDown()) {
        m_document->endInteraction(); // a key press or a click on the groove: one step each
    }
}

QString SweepDock::crossingText()
{
    if (m_crossingsTimer->isActive()) {
        updateCrossings();
    }
    return m_crossings->text();
}

void SweepDock::updateCrossings()
{
    m_crossingsTimer->stop();
    m_crossingsShown.start();
    if (!m_sweep->error().isEmpty()) {
        m_crossings->setText(m_sweep->error());
        return;
    }
    const Trajectory& t = m_sweep->trajectory();
    QStringList lines;
    const ChartScene& scene = m_analysis->scene();
    for (const TrajectoryDevice& device : t.devices) {
        const QString label = static_cast<size_t>(device.sceneDevice) < scene.devices.size()
            ? scene.devices[static_cast<size_t>(device.sceneDevice)].label
            : QString();
        if (device.crossings.empty()) {
            lines << tr("%1: no change over the range").arg(label);
        }
        for (const TrajectoryCrossing& c : device.crossings) {
            lines << tr("%1: %2 (%3)").arg(label, c.label, c.detail);
        }
    }
    // Every slider step recomputes the crossings; most steps leave their text as it was.
    const QString text = lines.join(QLatin1Char('\n'));
    if (text != m_crossings->text()) {
        m_crossings->setText(text);
    }
}

} // namespace roofscope

#include "moc_SweepDock.cpp"
