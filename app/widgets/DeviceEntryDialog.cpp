#include "widgets/DeviceEntryDialog.h"

#include "model/Text.h"
#include "model/Units.h"
#include "session/QtText.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace roofscope {

namespace {
QString figureText(const std::optional<double>& value, const char* unit)
{
    return value ? qs(formatExact(*value)) + QLatin1Char(' ') + QLatin1String(unit) : QString();
}
} // namespace

EntryFigure parseEntryFigure(const QString& text, const char* what)
{
    std::string entry = text.trimmed().toStdString();
    if (entry.empty()) {
        return {};
    }
    const std::string kind = what;
    Dimension dimension = Dimension::Dollars;
    if (kind == "price per hour") {
        for (const char* suffix : { "/h", "/hour" }) {
            const std::string s = suffix;
            if (entry.size() > s.size() && entry.compare(entry.size() - s.size(), s.size(), s) == 0) {
                entry = trimmed(entry.substr(0, entry.size() - s.size()));
                break;
            }
        }
    } else if (kind == "TDP") {
        dimension = Dimension::Watts;
    }
    const ParsedQuantity parsed = parseQuantity(entry, dimension);
    if (!parsed.value || !std::isfinite(*parsed.value) || !(*parsed.value > 0.0)) {
        const QString example = kind == "TDP" ? QStringLiteral("700 W")
            : kind == "price per hour"        ? QStringLiteral("2.5 USD/h")
                                              : QStringLiteral("15000 USD");
        return { std::nullopt,
            QObject::tr("%1: '%2' is not a number > 0 (e.g. %3)")
                .arg(QString::fromLatin1(what), text.trimmed(), example) };
    }
    return { parsed.value, {} };
}

DeviceEntryDialog::DeviceEntryDialog(const Hardware& hardware, const DeviceSelection& selection, QWidget* parent)
    : QDialog(parent)
    , m_selection(selection)
{
    setObjectName(QStringLiteral("deviceEntryDialog"));
    setWindowTitle(tr("%1 in this session").arg(qs(hardware.shortLabel())));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Purchasing figures of this device in this session only. An empty field keeps the "
                                "device file's figure. Prices and TDP are per chip."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    m_chips = new QSpinBox(this);
    m_chips->setObjectName(QStringLiteral("chips"));
    m_chips->setRange(1, 1000000);
    m_chips->setValue(selection.chips);
    m_chips->setToolTip(tr("The device used this many chips wide: peaks, bandwidths, TDP and prices scale by it"));
    m_price = new QLineEdit(figureText(selection.priceDollars, "USD"), this);
    m_price->setObjectName(QStringLiteral("price"));
    m_price->setPlaceholderText(hardware.priceDollars
            ? tr("device file: %1").arg(figureText(hardware.priceDollars, "USD"))
            : tr("none: no per-dollar figure"));
    m_price->setToolTip(tr("Purchase price of one chip: gives throughput per dollar"));
    m_hourly = new QLineEdit(figureText(selection.pricePerHourDollars, "USD/h"), this);
    m_hourly->setObjectName(QStringLiteral("price_per_hour"));
    m_hourly->setPlaceholderText(tr("none: no workload cost"));
    m_hourly->setToolTip(tr("Rental price of one chip per hour: gives the workload's cost (T_min x price / 3600)"));
    m_tdp = new QLineEdit(figureText(selection.tdpWatts, "W"), this);
    m_tdp->setObjectName(QStringLiteral("tdp"));
    m_tdp->setPlaceholderText(hardware.tdpWatts ? tr("device file: %1").arg(figureText(hardware.tdpWatts, "W"))
                                                : tr("none: no per-watt figure"));
    m_tdp->setToolTip(tr("Power of one chip: gives throughput per watt"));
    form->addRow(tr("&Chips:"), m_chips);
    form->addRow(tr("&Purchase price:"), m_price);
    form->addRow(tr("&Hourly price:"), m_hourly);
    form->addRow(tr("&TDP:"), m_tdp);
    layout->addLayout(form);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_status->setStyleSheet(QStringLiteral("color: #c00;"));
    layout->addWidget(m_status);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit* edit : { m_price, m_hourly, m_tdp }) {
        connect(edit, &QLineEdit::textChanged, this, &DeviceEntryDialog::validate);
    }
    validate();
}

QString DeviceEntryDialog::statusText() const
{
    return m_status->text();
}

void DeviceEntryDialog::validate()
{
    QStringList errors;
    const std::pair<QLineEdit*, const char*> fields[3]
        = { { m_price, "purchase price" }, { m_hourly, "price per hour" }, { m_tdp, "TDP" } };
    for (const auto& [edit, what] : fields) {
        const EntryFigure figure = parseEntryFigure(edit->text(), what);
        edit->setStyleSheet(figure.error.isEmpty() ? QString() : QStringLiteral("border: 1px solid #c00;"));
        if (!edit->property("baseToolTip").isValid()) {
            edit->setProperty("baseToolTip", edit->toolTip());
        }
        edit->setToolTip(figure.error.isEmpty() ? edit->property("baseToolTip").toString() : figure.error);
        if (!figure.error.isEmpty()) {
            errors << figure.error;
        }
    }
    m_status->setText(errors.join(QLatin1Char('\n')));
    m_status->setVisible(!errors.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(errors.isEmpty());
}

DeviceSelection DeviceEntryDialog::result() const
{
    DeviceSelection out = m_selection;
    out.chips = m_chips->value();
    out.priceDollars = parseEntryFigure(m_price->text(), "purchase price").value;
    out.pricePerHourDollars = parseEntryFigure(m_hourly->text(), "price per hour").value;
    out.tdpWatts = parseEntryFigure(m_tdp->text(), "TDP").value;
    return out;
}

} // namespace roofscope

#include "moc_DeviceEntryDialog.cpp"
