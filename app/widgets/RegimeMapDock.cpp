#include "widgets/RegimeMapDock.h"

#include "figures/KernelRegimeMap.h"
#include "figures/SessionAnalysis.h"
#include "model/Solver.h"
#include "model/Templates.h"
#include "model/TransformerWorkload.h"
#include "session/DisplayName.h"
#include "session/QtText.h"
#include "session/SessionDocument.h"
#include "widgets/RegimeMapView.h"
#include "widgets/SiSpinBox.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {
const Kernel* kernelAt(const Session& session, int index)
{
    return index >= 0 && static_cast<size_t>(index) < session.kernels.size()
        ? &session.kernels[static_cast<size_t>(index)]
        : nullptr;
}
} // namespace

RegimeMapDock::RegimeMapDock(SessionAnalysis* analysis, QWidget* parent)
    : QDockWidget(tr("Regime map"), parent)
    , m_analysis(analysis)
    , m_document(analysis->document())
    , m_map(new KernelRegimeMap(analysis, this))
{
    setObjectName(QStringLiteral("regimeMapDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    m_title = new QLabel(body);
    m_title->setObjectName(QStringLiteral("mapTitle"));
    m_title->setWordWrap(true);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // a long name never widens the dock
    layout->addWidget(m_title);
    m_controls = new QWidget(body);
    auto* form = new QFormLayout(m_controls);
    form->setContentsMargins(0, 0, 0, 0);
    auto axisRow = [this](QComboBox*& name, SiSpinBox*& from, SiSpinBox*& to, const QString& id) {
        auto* row = new QHBoxLayout;
        name = new QComboBox(m_controls);
        name->setObjectName(QStringLiteral("map%1Parameter").arg(id));
        from = new SiSpinBox(m_controls);
        from->setObjectName(QStringLiteral("map%1From").arg(id));
        to = new SiSpinBox(m_controls);
        to->setObjectName(QStringLiteral("map%1To").arg(id));
        row->addWidget(name);
        row->addWidget(from, 1);
        row->addWidget(new QLabel(QStringLiteral("…"), m_controls));
        row->addWidget(to, 1);
        return row;
    };
    form->addRow(tr("Across"), axisRow(m_xName, m_xFrom, m_xTo, QStringLiteral("X")));
    form->addRow(tr("Up"), axisRow(m_yName, m_yFrom, m_yTo, QStringLiteral("Y")));
    auto* options = new QHBoxLayout;
    m_device = new QComboBox(m_controls);
    m_device->setObjectName(QStringLiteral("mapDevice"));
    m_device->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon); // never as wide as a name
    m_device->setMinimumContentsLength(10);
    m_steps = new QComboBox(m_controls);
    m_steps->setObjectName(QStringLiteral("mapSteps"));
    for (int steps : { 32, 64, 128 }) {
        m_steps->addItem(tr("%1 x %1").arg(steps), steps);
    }
    m_steps->setCurrentIndex(1);
    m_shade = new QComboBox(m_controls);
    m_shade->addItem(tr("Shade by T_min"));
    m_shade->addItem(tr("Shade by attainable"));
    m_export = new QPushButton(tr("Export…"), m_controls);
    options->addWidget(m_device, 1);
    options->addWidget(m_steps);
    options->addWidget(m_shade);
    options->addWidget(m_export);
    form->addRow(tr("Device"), options);
    layout->addWidget(m_controls);
    // The panels scroll (down; across only when narrower than one panel) rather than be clipped.
    auto* scroll = new QScrollArea(body);
    scroll->setObjectName(QStringLiteral("mapScroll"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_view = new RegimeMapView(m_map, scroll);
    scroll->setWidget(m_view);
    layout->addWidget(scroll, 1);
    setWidget(body);

    connect(m_xName, &QComboBox::currentTextChanged, this, [this] { chooseParameter(true); });
    connect(m_yName, &QComboBox::currentTextChanged, this, [this] { chooseParameter(false); });
    for (SiSpinBox* box : { m_xFrom, m_xTo, m_yFrom, m_yTo }) {
        connect(box, &SiSpinBox::valueCommitted, this, [this] { applyMap(); });
    }
    connect(m_device, &QComboBox::currentIndexChanged, this, [this] { applyMap(); });
    connect(m_steps, &QComboBox::currentIndexChanged, this, [this] { applyMap(); });
    connect(m_shade, &QComboBox::currentIndexChanged, this,
        [this](int index) { m_view->setShade(index == 1 ? RegimeMapShade::Attainable : RegimeMapShade::TMin); });
    connect(m_export, &QPushButton::clicked, this, &RegimeMapDock::exportWithDialog);
    connect(m_view, &RegimeMapView::cellClicked, this, &RegimeMapDock::applyCell);
    connect(m_analysis, &SessionAnalysis::selectionChanged, this, &RegimeMapDock::setKernel);
    // Another session, or kernels inserted or removed (indices shift): start again from the selection.
    connect(m_analysis, &SessionAnalysis::kernelsRenumbered, this, [this] {
        m_kernel = -1;
        setKernel(m_analysis->selectedKernel());
    });
    connect(m_analysis, &SessionAnalysis::sceneChanged, this, [this] {
        fillDevices(); // devices shown or hidden
        if (m_map->kernel() < 0 || m_kernel != m_analysis->sessionKernelOf(m_analysis->selectedKernel())) {
            setKernel(m_analysis->selectedKernel());
        } else {
            updateCurrent();
        }
    });
    connect(m_map, &KernelRegimeMap::changed, this, &RegimeMapDock::updateCurrent);
    // In a shown window, the maps wait while the dock is hidden or a tab behind another, and catch up
    // when it shows. A dock behind another tab stays isVisible(): its visibilityChanged() says.
    m_map->setWanted([this] { return !window()->isVisible() || (m_inFront && m_view->isVisible()); });
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        m_inFront = visible;
        if (visible) {
            m_map->catchUp();
        }
    });
    fillDevices();
    setKernel(m_analysis->selectedKernel());
}

void RegimeMapDock::fillDevices()
{
    const QString current = m_device->currentData().toString();
    m_syncing = true;
    m_device->clear();
    const ChartScene& scene = m_analysis->scene();
    m_device->addItem(tr("Every shown device"), QString()); // one panel each, side by side
    for (const ChartDevice& device : scene.devices) {
        m_device->addItem(device.label, device.id);
    }
    const int keep = m_device->findData(current);
    m_device->setCurrentIndex(keep >= 0 ? keep : 0);
    m_syncing = false;
}

void RegimeMapDock::setKernel(int shown)
{
    // A kernel of a group maps its group (at the step's totals).
    const int kernel = m_analysis->sessionKernelOf(shown);
    const Kernel* k = kernelAt(m_document->session(), kernel);
    const bool group = k && isKernelGroup(*k);
    const TemplateDefinition* definition = k && k->templ ? findTemplate(k->templ->name) : nullptr;
    std::vector<std::string> names;
    if (group) {
        names = transformerParameters();
    } else if (definition) {
        for (const TemplateParameter& p : definition->parameters) {
            if (p.name != "chips") {
                names.push_back(p.name);
            }
        }
    }
    if (names.size() < 2) {
        m_kernel = -1;
        m_title->setToolTip(k ? qs(k->name) : QString());
        m_title->setText(k ? tr("%1 has no two parameters to map.").arg(elidedName(k->name))
                           : tr("Select a template kernel to map it over two of its parameters."));
        m_controls->setEnabled(false);
        m_map->clear();
        return;
    }
    m_title->setToolTip(qs(k->name));
    m_title->setText(tr("<b>%1</b>: %2")
                         .arg(elidedName(k->name).toHtmlEscaped(),
                             group ? tr("transformer step, at its total FLOPs and bytes") : qs(definition->signature)));
    m_controls->setEnabled(true);
    if (kernel == m_kernel && m_xName->count() > 0) {
        applyMap();
        return;
    }
    m_kernel = kernel;
    m_syncing = true;
    m_xName->clear();
    m_yName->clear();
    for (const auto& name : names) {
        m_xName->addItem(qs(name));
        m_yName->addItem(qs(name));
    }
    if (group) { // across: the batch; up: the sequence
        m_xName->setCurrentText(QStringLiteral("batch"));
        m_yName->setCurrentText(QStringLiteral("seq"));
        m_syncing = false;
        chooseParameter(true);
        chooseParameter(false);
        return;
    }
    // Across: the drag parameter; up: the next size parameter.
    const auto free
        = parseFreeParameters(!k->freeParameter.empty() ? k->freeParameter : definition->defaultFreeParameter());
    const std::string x = free.empty() ? names.front() : free.front();
    std::string y = names.front() == x ? names[1] : names.front();
    for (const TemplateParameter& p : definition->parameters) {
        if (p.size && p.name != x && p.name != "chips") {
            y = p.name;
            break;
        }
    }
    m_xName->setCurrentText(qs(x));
    m_yName->setCurrentText(qs(y));
    m_syncing = false;
    chooseParameter(true);
    chooseParameter(false);
}

void RegimeMapDock::chooseParameter(bool x)
{
    const auto& kernels = m_document->session().kernels;
    if (m_syncing || m_kernel < 0 || static_cast<size_t>(m_kernel) >= kernels.size()
        || !kernels[static_cast<size_t>(m_kernel)].templ) {
        return; // the kernel went away (or lost its template) before the dock heard of it
    }
    const Kernel& k = kernels[static_cast<size_t>(m_kernel)];
    const QString name = (x ? m_xName : m_yName)->currentText();
    const bool group = isKernelGroup(k);
    const TemplateDefinition* definition = group ? nullptr : findTemplate(k.templ->name);
    const TemplateParameter* p = definition ? definition->parameter(name.toStdString()) : nullptr;
    if (!p && !group) {
        return;
    }
    const auto it = k.templ->params.find(name.toStdString());
    const double current = group      ? transformerParameter(*k.templ, name.toStdString())
        : it != k.templ->params.end() ? it->second
                                      : p->defaultValue;
    const bool integer = group || p->integer; // a group's sizes: whole numbers from 1
    const double minimum = group ? 1.0 : p->minimum;
    const double maximum = group ? 1e12 : p->maximum;
    setRangeAround(x ? m_xFrom : m_yFrom, x ? m_xTo : m_yTo, name, minimum, maximum, current, integer);
    applyMap();
}

void RegimeMapDock::applyMap()
{
    if (m_syncing || m_kernel < 0) {
        return;
    }
    const int steps = m_steps->currentData().toInt();
    ParameterAxis x { m_xName->currentText().toStdString(), std::min(m_xFrom->value(), m_xTo->value()),
        std::max(m_xFrom->value(), m_xTo->value()), steps };
    ParameterAxis y { m_yName->currentText().toStdString(), std::min(m_yFrom->value(), m_yTo->value()),
        std::max(m_yFrom->value(), m_yTo->value()), steps };
    m_map->setMap(m_kernel, x, y, m_device->currentIndex() - 1); // -1: every shown device
}

void RegimeMapDock::updateCurrent()
{
    const Kernel* k = kernelAt(m_document->session(), m_map->kernel());
    const ChartScene& scene = m_analysis->scene();
    std::vector<double> roofs;
    for (int d : m_map->sceneDevices()) {
        roofs.push_back(
            static_cast<size_t>(d) < scene.devices.size() ? scene.devices[static_cast<size_t>(d)].computeRoof : 0.0);
    }
    m_view->setComputeRoofs(std::move(roofs));
    if (!k || !k->templ) {
        m_view->setCurrent(std::nullopt);
        return;
    }
    const auto x = k->templ->params.find(m_map->xAxis().name);
    const auto y = k->templ->params.find(m_map->yAxis().name);
    if (x == k->templ->params.end() || y == k->templ->params.end()) {
        m_view->setCurrent(std::nullopt);
        return;
    }
    m_view->setCurrent(std::make_pair(x->second, y->second));
}

void RegimeMapDock::applyCell(size_t ix, size_t iy)
{
    m_map->ensureCurrent(); // the cell of the kernel and axes shown now, not of a map still under way
    const RegimeMap& map = m_map->map();
    if (m_map->kernel() < 0 || ix >= map.xValues.size() || iy >= map.yValues.size()) {
        return;
    }
    const QString error = m_document->setKernelParameters(m_map->kernel(),
        { { map.xName, map.xValues[ix] }, { map.yName, map.yValues[iy] } }, false,
        tr("Set %1 and %2 from the regime map").arg(qs(map.xName), qs(map.yName)));
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Regime map"), error);
    }
}

QString RegimeMapDock::exportTo(const QString& path) const
{
    m_map->ensureCurrent();
    const RegimeMap& map = m_map->map();
    if (map.devices.empty() || map.xValues.empty()) {
        return tr("There is no map to export: select a template kernel.");
    }
    const std::string file = path.toStdString();
    if (path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)) {
        return qs(writeRegimeMapCsv(map, file));
    }
    if (!path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)
        && !path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        return tr("%1: the file must end in .png, .svg or .csv").arg(path);
    }
    const auto shade = m_shade->currentIndex() == 1 ? RegimeMapShade::Attainable : RegimeMapShade::TMin;
    return qs(writeRegimeMapImage(map, file, shade));
}

void RegimeMapDock::exportWithDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the regime map"),
        QStringLiteral("regime-map.png"), tr("PNG (*.png);;SVG (*.svg);;CSV (*.csv)"));
    if (path.isEmpty()) {
        return;
    }
    const QString error = exportTo(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Regime map"), error);
    }
}

} // namespace roofscope

#include "moc_RegimeMapDock.cpp"
