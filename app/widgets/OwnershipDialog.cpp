#include "widgets/OwnershipDialog.h"

#include "figures/SessionAnalysis.h"
#include "session/SessionDocument.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>
#include <optional>

namespace roofscope {

namespace {

// A number in [lowest, highest] typed in `field` ("85 %" for a share), or an error naming the field.
std::optional<double> readNumber(
    const QLineEdit* field, const QString& name, double lowest, double highest, bool percent, QString* error)
{
    QString text = field->text().trimmed();
    double scale = 1.0;
    if (percent && text.endsWith(QLatin1Char('%'))) {
        text.chop(1);
        scale = 0.01;
    }
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok) * scale;
    if (!ok || !std::isfinite(value) || value < lowest || value > highest) {
        *error = QObject::tr("%1: '%2' is not a number from %3 to %4")
                     .arg(name, field->text(), QString::number(lowest), QString::number(highest));
        return std::nullopt;
    }
    return value;
}

} // namespace

OwnershipDialog::OwnershipDialog(SessionAnalysis* analysis, QWidget* parent)
    : QDialog(parent)
    , m_analysis(analysis)
    , m_document(analysis->document())
{
    setObjectName(QStringLiteral("ownershipDialog"));
    setWindowTitle(tr("Ownership Cost"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("The owned $/Mtok beside the rented one: each device's purchase price spread over "
                                "the tokens it serves in its years of service, plus energy at TDP."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    m_years = new QLineEdit(this);
    m_years->setObjectName(QStringLiteral("ownershipYears"));
    m_utilisation = new QLineEdit(this);
    m_utilisation->setObjectName(QStringLiteral("ownershipUtilisation"));
    m_utilisation->setToolTip(tr("The share of the time the system serves: 0.6 or 60 %"));
    m_power = new QLineEdit(this);
    m_power->setObjectName(QStringLiteral("ownershipPower"));
    m_power->setPlaceholderText(tr("empty: capital only"));
    form->addRow(tr("Years of service:"), m_years);
    form->addRow(tr("Utilisation:"), m_utilisation);
    form->addRow(tr("Power price (USD/kWh):"), m_power);
    layout->addLayout(form);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("ownershipError"));
    m_error->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_error->setWordWrap(true);
    layout->addWidget(m_error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Apply | QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Apply)->setDefault(true);
    layout->addWidget(buttons);
    connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, [this] { apply(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    for (QLineEdit* field : { m_years, m_utilisation, m_power }) {
        connect(field, &QLineEdit::returnPressed, this, [this] { apply(); });
    }
    connect(m_analysis, &SessionAnalysis::viewChanged, this, &OwnershipDialog::sync);
    connect(m_analysis, &SessionAnalysis::sessionReset, this, &OwnershipDialog::sync);
    sync();
}

QString OwnershipDialog::apply()
{
    QString error;
    const std::optional<double> years = readNumber(m_years, tr("Years of service"), 0.001, 100.0, false, &error);
    std::optional<double> utilisation;
    std::optional<double> power;
    if (error.isEmpty()) {
        utilisation = readNumber(m_utilisation, tr("Utilisation"), 1e-6, 1.0, true, &error);
    }
    if (error.isEmpty() && !m_power->text().trimmed().isEmpty()) {
        power = readNumber(m_power, tr("Power price"), 0.0, 100.0, false, &error);
    }
    if (!error.isEmpty() || !years || !utilisation) {
        m_error->setText(error);
        return error;
    }
    m_error->clear();
    ViewSettings view = m_document->session().view;
    const double y = years.value_or(view.years);
    const double u = utilisation.value_or(view.utilisation);
    if (view.years == y && view.utilisation == u && view.usdPerKwh == power) {
        return {};
    }
    view.years = y;
    view.utilisation = u;
    view.usdPerKwh = power;
    return m_document->setView(view, tr("Ownership cost: %1 years at %2 %").arg(y).arg(u * 100.0));
}

QString OwnershipDialog::errorText() const
{
    return m_error->text();
}

void OwnershipDialog::sync()
{
    const ViewSettings& view = m_document->session().view;
    m_years->setText(QString::number(view.years, 'g', 6));
    m_utilisation->setText(QString::number(view.utilisation, 'g', 6));
    m_power->setText(view.usdPerKwh ? QString::number(*view.usdPerKwh, 'g', 6) : QString());
    m_error->clear();
}

} // namespace roofscope

#include "moc_OwnershipDialog.cpp"
