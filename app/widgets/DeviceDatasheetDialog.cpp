#include "widgets/DeviceDatasheetDialog.h"

#include "model/Units.h"
#include "session/QtText.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QTableWidget>
#include <QVBoxLayout>

namespace roofscope {

namespace {

QTableWidget* makeTable(const QStringList& headers, QWidget* parent)
{
    auto* table = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    table->setHorizontalHeaderLabels(headers);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->setVisible(false);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

void setRow(QTableWidget* table, int row, const QStringList& cells, bool estimate)
{
    for (int c = 0; c < cells.size(); ++c) {
        auto* item = new QTableWidgetItem(cells[c]);
        if (estimate) {
            QFont font = item->font();
            font.setItalic(true);
            item->setFont(font);
            item->setToolTip(QObject::tr("Estimate: derived, measured by a third party or illustrative; "
                                         "not a vendor specification"));
        }
        table->setItem(row, c, item);
    }
}

QString sourceTitle(const Hardware& hw, const std::string& id)
{
    for (const auto& s : hw.sources) {
        if (s.id == id) {
            return qs(s.title.empty() ? s.id : s.title);
        }
    }
    return qs(id);
}

} // namespace

DeviceDatasheetDialog::DeviceDatasheetDialog(const Hardware& hardware, QWidget* parent)
    : QDialog(parent)
    , m_hardware(hardware)
{
    setWindowTitle(tr("Datasheet: %1").arg(qs(hardware.name)));
    auto* layout = new QVBoxLayout(this);

    QStringList facts;
    facts << tr("<b>%1</b> (<code>%2</code>)").arg(qs(hardware.name).toHtmlEscaped(), qs(hardware.id));
    facts << tr("%1, %2, %3, %4")
                 .arg(qs(hardware.vendor).toHtmlEscaped(), qs(hardware.family).toHtmlEscaped(),
                     qs(hardware.generation).toHtmlEscaped())
                 .arg(hardware.year);
    if (hardware.tdpWatts) {
        facts << tr("TDP %1").arg(qs(formatQuantity(*hardware.tdpWatts, Dimension::Watts)));
    }
    if (hardware.priceDollars) {
        facts << tr("price %1").arg(qs(formatQuantity(*hardware.priceDollars, Dimension::Dollars)));
    }
    if (hardware.sustained) {
        facts << tr("sustained: compute %1 %, bandwidth %2 %")
                     .arg(qs(formatNumber(hardware.sustained->compute * 100)),
                         qs(formatNumber(hardware.sustained->bandwidth * 100)));
    }
    facts << tr("file: %1").arg(qs(hardware.origin).toHtmlEscaped());
    auto* header = new QLabel(facts.join("<br>"), this);
    header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(header);

    layout->addWidget(new QLabel(tr("Compute peaks (dense; sparse figures are never used as the peak)"), this));
    m_compute = makeTable({ tr("Unit"), tr("Precision"), tr("Dense peak"), tr("Sparse"), tr("Source") }, this);
    m_compute->setObjectName("computeTable");
    layout->addWidget(m_compute);
    fillCompute();

    layout->addWidget(new QLabel(tr("Bandwidth levels (fastest first; italics: estimate)"), this));
    m_levels
        = makeTable({ tr("Level"), tr("Kind"), tr("Bandwidth"), tr("Capacity"), tr("Default"), tr("Source") }, this);
    m_levels->setObjectName("levelTable");
    layout->addWidget(m_levels);
    fillLevels();

    layout->addWidget(new QLabel(tr("Sources"), this));
    m_sources = new QLabel(sourcesHtml(hardware), this);
    m_sources->setObjectName("sourcesLabel");
    m_sources->setTextFormat(Qt::RichText);
    m_sources->setOpenExternalLinks(true);
    m_sources->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_sources->setWordWrap(true);
    layout->addWidget(m_sources);

    layout->addWidget(new QLabel(tr("Notes"), this));
    m_notes = new QLabel(qs(hardware.notes), this);
    m_notes->setObjectName("notesLabel");
    m_notes->setTextFormat(Qt::PlainText);
    m_notes->setWordWrap(true);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_notes);
    scroll->setWidgetResizable(true);
    layout->addWidget(scroll, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(820, 760);
}

void DeviceDatasheetDialog::fillCompute()
{
    m_compute->setRowCount(static_cast<int>(m_hardware.compute.size()));
    int row = 0;
    for (const auto& c : m_hardware.compute) {
        const Dimension d = Dimension::FlopsPerSecond;
        QString peak = qs(formatQuantity(c.flopsPerSecond, d, 4));
        if (c.precision.rfind("int", 0) == 0) {
            peak.replace("FLOP/s", "OP/s");
        }
        QString sparse = c.sparseFlopsPerSecond ? qs(formatQuantity(*c.sparseFlopsPerSecond, d, 4)) : QString();
        if (c.precision.rfind("int", 0) == 0) {
            sparse.replace("FLOP/s", "OP/s");
        }
        if (c.estimate) {
            peak += tr(" (estimate)");
        }
        setRow(m_compute, row++, { qs(c.unit), qs(c.precision), peak, sparse, sourceTitle(m_hardware, c.source) },
            c.estimate);
    }
}

void DeviceDatasheetDialog::fillLevels()
{
    m_levels->setRowCount(static_cast<int>(m_hardware.levels.size()));
    int row = 0;
    for (const auto& l : m_hardware.levels) {
        QString bandwidth = qs(formatQuantity(l.bytesPerSecond, Dimension::BytesPerSecond, 4));
        if (l.estimate) {
            bandwidth += tr(" (estimate)");
        }
        const QString capacity
            = l.capacityBytes ? qs(formatQuantity(*l.capacityBytes, Dimension::Bytes, 4)) : QString();
        setRow(m_levels, row++,
            { qs(l.name), l.kind == LevelKind::Memory ? tr("memory") : tr("interconnect"), bandwidth, capacity,
                l.name == m_hardware.defaultLevel ? tr("yes") : QString(), sourceTitle(m_hardware, l.source) },
            l.estimate);
    }
}

QString DeviceDatasheetDialog::sourcesHtml(const Hardware& hardware)
{
    QStringList lines;
    for (const auto& s : hardware.sources) {
        const QString title = qs(s.title.empty() ? s.id : s.title).toHtmlEscaped();
        QString line = QStringLiteral("[%1] ").arg(qs(s.id).toHtmlEscaped());
        if (!s.url.empty()) {
            line += QStringLiteral("<a href=\"%1\">%2</a>").arg(qs(s.url).toHtmlEscaped(), title);
        } else {
            line += title;
        }
        if (!s.document.empty()) {
            line += QStringLiteral(" &mdash; %1").arg(qs(s.document).toHtmlEscaped());
        }
        lines << line;
    }
    return lines.join("<br>");
}

} // namespace roofscope

#include "moc_DeviceDatasheetDialog.cpp"
