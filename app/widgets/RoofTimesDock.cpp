#include "widgets/RoofTimesDock.h"

#include "figures/KernelRoofTimes.h"
#include "figures/SessionAnalysis.h"
#include "io/EvaluationFormat.h"
#include "session/DisplayName.h"
#include "session/QtText.h"
#include "session/SessionDocument.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace roofscope {

RoofTimesDock::RoofTimesDock(SessionAnalysis* analysis, QWidget* parent)
    : QDockWidget(tr("Time per roof"), parent)
    , m_analysis(analysis)
    , m_times(new KernelRoofTimes(analysis, this))
{
    setObjectName(QStringLiteral("roofTimesDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    m_title = new QLabel(body);
    m_title->setObjectName(QStringLiteral("roofTimesTitle"));
    m_title->setWordWrap(true);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // a long name never widens the dock
    layout->addWidget(m_title);
    m_table = new QTableWidget(body);
    m_table->setObjectName(QStringLiteral("roofTimesTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setTabKeyNavigation(false); // Tab moves on to the next pane
    m_table->setWordWrap(true); // a lever wraps in a narrow pane
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table, 1);
    m_note = new QLabel(body);
    m_note->setObjectName(QStringLiteral("roofTimesNote"));
    m_note->setWordWrap(true);
    m_note->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_note);
    setWidget(body);

    connect(m_analysis, &SessionAnalysis::selectionChanged, this, &RoofTimesDock::setKernel);
    // Another session, or kernels inserted or removed (indices shift): start again from the selection.
    connect(m_analysis, &SessionAnalysis::kernelsRenumbered, this, [this] { setKernel(m_analysis->selectedKernel()); });
    // The figures followed the edit already (KernelRoofTimes listens first); a selection the rebuild
    // changed (a kernel gone, a group's kernels expanded again) is taken up here.
    connect(m_analysis, &SessionAnalysis::sceneChanged, this, [this] {
        if (m_times->shownKernel() != m_analysis->selectedKernel()) {
            setKernel(m_analysis->selectedKernel());
        }
    });
    connect(m_times, &KernelRoofTimes::changed, this, &RoofTimesDock::updateView);
    // Behind another tab the table is not rebuilt on every drag step: once when the pane shows.
    // (A dock behind another tab stays isVisible(); its visibilityChanged() says whether it is in front.)
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        m_inFront = visible;
        if (visible && m_stale) {
            updateView();
        }
    });
    setKernel(m_analysis->selectedKernel());
}

int RoofTimesDock::tMinColumn() const
{
    return 1 + static_cast<int>(m_times->roofNames().size());
}

void RoofTimesDock::setKernel(int shown)
{
    m_times->setKernel(shown); // changed() repaints
}

void RoofTimesDock::showTitle()
{
    const Session& session = m_analysis->document()->session();
    const int kernel = m_times->kernel();
    if (kernel < 0) {
        m_title->setToolTip({});
        m_title->setText(tr("Select a kernel (on the chart, in Kernels or in Results) to see how long it takes on "
                            "each roof of every shown device, which roof binds, and how far that roof's time "
                            "must fall before the next one binds."));
        return;
    }
    const Kernel& owner = session.kernels[static_cast<size_t>(kernel)];
    const int shown = m_times->shownKernel();
    const std::string& name
        = shown >= 0 ? m_analysis->shownSession().kernels[static_cast<size_t>(shown)].name : owner.name;
    m_title->setToolTip(qs(name));
    QString text = QStringLiteral("<b>%1</b>").arg(elidedName(name).toHtmlEscaped());
    if (!m_times->part().empty()) {
        // A group is shown as its kernels: this one alone, as its row of Results has it.
        text += tr(": one kernel of the transformer step <b>%1</b>, as its row of Results has it (select "
                   "another of the step's kernels to see that one; Comparison has the whole step)")
                    .arg(elidedName(owner.name).toHtmlEscaped());
    }
    if (!m_times->error().isEmpty()) {
        text += QStringLiteral(" — ") + m_times->error().toHtmlEscaped();
    }
    m_title->setText(text);
}

void RoofTimesDock::updateView()
{
    m_stale = window()->isVisible() && (!isVisible() || !m_inFront);
    if (m_stale) {
        return;
    }
    showTitle();
    const auto& devices = m_times->devices();
    const auto& roofs = m_times->roofNames();
    m_table->setVisible(!devices.empty());
    m_note->setVisible(!devices.empty());
    m_table->clearSpans();
    m_table->clear();
    m_table->setRowCount(2 * static_cast<int>(devices.size()));
    m_table->setColumnCount(devices.empty() ? 0 : tMaxColumn() + 1);
    if (devices.empty()) {
        return;
    }
    QStringList headers { tr("Device") };
    for (const std::string& roof : roofs) {
        headers << KernelRoofTimes::roofTitle(roof);
    }
    headers << tr("T_min") << tr("T_max");
    m_table->setHorizontalHeaderLabels(headers);
    m_table->horizontalHeaderItem(tMinColumn())->setToolTip(tr("The longest of the times: the binding roof's"));
    m_table->horizontalHeaderItem(tMaxColumn())->setToolTip(tr("The sum of the times: nothing overlaps"));
    QStringList levers;
    for (size_t device = 0; device < devices.size(); ++device) {
        levers << fillTimes(static_cast<int>(device), devices[device]);
    }
    m_table->resizeColumnsToContents();
    // Each lever under its device's times, across the whole table (put in after the columns were
    // sized: a long one would widen the first).
    for (int device = 0; device < levers.size(); ++device) {
        m_table->setSpan(leverRow(device), 0, 1, m_table->columnCount());
        auto* lever = new QTableWidgetItem(levers[device]);
        QFont italic = lever->font();
        italic.setItalic(true);
        lever->setFont(italic);
        lever->setToolTip(levers[device]);
        m_table->setItem(leverRow(device), 0, lever);
    }
    m_table->resizeRowsToContents();
    const bool sustained
        = std::any_of(devices.begin(), devices.end(), [](const DeviceRoofTimes& d) { return d.sustained; });
    m_note->setText((sustained ? tr("Sustained roofs (Hardware: Sustained roofs).")
                               : tr("Peak roofs (Hardware: Sustained roofs is off)."))
        + QLatin1Char(' ')
        + tr("Each roof's time alone, per launch: FLOPs over the compute roof, a level's bytes over its "
             "bandwidth. The longest (bold) binds and is T_min; T_max is their sum. A collective's T_min and "
             "T_max are the serving model's time, not its roofs'."));
}

QString RoofTimesDock::fillTimes(int index, const DeviceRoofTimes& device)
{
    const int row = timesRow(index);
    auto* label = new QTableWidgetItem(device.label);
    label->setData(Qt::DecorationRole, device.color);
    m_table->setItem(row, kDeviceColumn, label);
    const auto& roofs = m_times->roofNames();
    if (!device.times) {
        return device.error;
    }
    const RoofTimes& times = *device.times;
    for (size_t r = 0; r < times.roofs.size(); ++r) {
        const RoofTime& roof = times.roofs[r];
        const auto column = 1 + static_cast<int>(std::find(roofs.begin(), roofs.end(), roof.name) - roofs.begin());
        const bool noFlops = roof.kind == RoofKind::Compute && !device.flops;
        auto* cell = new QTableWidgetItem(
            noFlops ? QString::fromLatin1(kNoFlopsCell) : KernelRoofTimes::secondsText(roof.seconds));
        cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        if (r == times.binding) {
            QFont bold = cell->font();
            bold.setBold(true);
            cell->setFont(bold);
            QColor tint = m_table->palette().color(QPalette::Highlight);
            tint.setAlpha(60);
            cell->setBackground(tint);
            cell->setToolTip(times.fromRoofs ? tr("Binds: this time is T_min")
                                             : tr("Binds among the roofs; a collective's T_min is the serving "
                                                  "model's time (the T_min column)"));
        }
        m_table->setItem(row, column, cell);
    }
    auto* tMin = new QTableWidgetItem(KernelRoofTimes::secondsText(times.tMin));
    QFont bold = tMin->font();
    bold.setBold(true);
    tMin->setFont(bold);
    tMin->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_table->setItem(row, tMinColumn(), tMin);
    auto* tMax = new QTableWidgetItem(KernelRoofTimes::secondsText(times.tMax));
    tMax->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_table->setItem(row, tMaxColumn(), tMax);
    const QString lever = KernelRoofTimes::leverText(times, device.flops);
    return device.count == 0.0 ? tr("not in this device's step; %1").arg(lever) : lever;
}

} // namespace roofscope

#include "moc_RoofTimesDock.cpp"
