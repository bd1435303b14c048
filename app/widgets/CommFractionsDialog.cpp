#include "widgets/CommFractionsDialog.h"

#include "figures/SessionAnalysis.h"
#include "model/Units.h"
#include "session/SessionDocument.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {
QString percentText(double fraction)
{
    return QStringLiteral("%1 %").arg(QString::fromStdString(formatNumber(fraction * 100.0, 4)));
}
} // namespace

CommFractionsDialog::CommFractionsDialog(SessionAnalysis* analysis, QWidget* parent)
    : QDialog(parent)
    , m_analysis(analysis)
    , m_document(analysis->document())
{
    setObjectName(QStringLiteral("commFractionsDialog"));
    setWindowTitle(tr("Communication Roofs"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Share of each step spent in communication. Each fraction f draws every "
                                "device's effective roof at (1 − f) of its ideal one, dashed."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("commFractionsList"));
    layout->addWidget(m_list);
    auto* row = new QHBoxLayout;
    m_field = new QLineEdit(this);
    m_field->setObjectName(QStringLiteral("commFractionEdit"));
    m_field->setPlaceholderText(tr("0.4 or 40 %"));
    auto* add = new QPushButton(tr("&Add"), this);
    add->setObjectName(QStringLiteral("commFractionAdd"));
    add->setAutoDefault(false);
    m_remove = new QPushButton(tr("&Remove"), this);
    m_remove->setObjectName(QStringLiteral("commFractionRemove"));
    m_remove->setAutoDefault(false);
    row->addWidget(m_field, 1);
    row->addWidget(add);
    row->addWidget(m_remove);
    layout->addLayout(row);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("commFractionError"));
    m_error->setStyleSheet(QStringLiteral("color: #c00000"));
    m_error->setWordWrap(true);
    m_error->hide();
    layout->addWidget(m_error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    // Enter in the field adds a fraction: no button may take it as the dialog's default.
    buttons->button(QDialogButtonBox::Close)->setAutoDefault(false);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_field, &QLineEdit::returnPressed, this, &CommFractionsDialog::addFromField);
    connect(add, &QPushButton::clicked, this, &CommFractionsDialog::addFromField);
    connect(m_remove, &QPushButton::clicked, this, &CommFractionsDialog::removeSelected);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) { m_remove->setEnabled(row >= 0); });
    connect(m_field, &QLineEdit::textEdited, this, [this] {
        m_error->hide();
        m_error->clear();
    });
    connect(m_analysis, &SessionAnalysis::viewChanged, this, &CommFractionsDialog::sync);
    connect(m_analysis, &SessionAnalysis::sessionReset, this, &CommFractionsDialog::sync);
    sync();
    m_field->setFocus(); // open, type a fraction, Enter
}

std::optional<double> CommFractionsDialog::parseFraction(const QString& text, QString* error)
{
    QString body = text.trimmed();
    bool percent = false;
    if (body.endsWith(QLatin1Char('%'))) {
        percent = true;
        body.chop(1);
        body = body.trimmed();
    }
    const auto value = parseNumber(body.toStdString());
    if (!value || !std::isfinite(*value)) {
        if (error) {
            *error = tr("'%1' is not a fraction: type 0.4 or 40 %").arg(text.trimmed());
        }
        return std::nullopt;
    }
    const double fraction = percent ? *value / 100.0 : *value;
    if (!(fraction > 0.0 && fraction < 1.0)) {
        if (error) {
            *error = tr("A communication fraction must be between 0 and 1 (0 < f < 1), got %1")
                         .arg(QString::fromStdString(formatNumber(fraction, 4)));
        }
        return std::nullopt;
    }
    // Shown as a percentage with 4 digits everywhere (this list, the roofs' labels): a fraction that
    // reads "100 %" would be drawn and named as no compute at all.
    if (percentText(fraction) == QStringLiteral("100 %")) {
        if (error) {
            *error = tr("%1 reads as 100 %: a communication fraction must be below 1; the largest shown is 99.99 %")
                         .arg(text.trimmed());
        }
        return std::nullopt;
    }
    return fraction;
}

QString CommFractionsDialog::errorText() const
{
    return m_error->text();
}

void CommFractionsDialog::addFromField()
{
    QString error;
    const auto fraction = parseFraction(m_field->text(), &error);
    ViewSettings view = m_document->session().view;
    if (fraction && std::any_of(view.commFractions.begin(), view.commFractions.end(), [&](double f) {
            return std::fabs(f - *fraction) <= 1e-12 || percentText(f) == percentText(*fraction);
        })) {
        error = tr("%1 is drawn already").arg(percentText(*fraction));
    }
    if (error.isEmpty()) {
        view.commFractions.push_back(*fraction);
        std::sort(view.commFractions.begin(), view.commFractions.end());
        error = m_document->setView(view, tr("Add %1 communication roof").arg(percentText(*fraction)));
    }
    if (!error.isEmpty()) {
        m_error->setText(error);
        m_error->show();
        return;
    }
    m_error->hide();
    m_error->clear();
    m_field->clear();
}

void CommFractionsDialog::removeSelected()
{
    const int row = m_list->currentRow();
    ViewSettings view = m_document->session().view;
    if (row < 0 || static_cast<size_t>(row) >= view.commFractions.size()) {
        return;
    }
    const double removed = view.commFractions[static_cast<size_t>(row)];
    view.commFractions.erase(view.commFractions.begin() + row);
    m_document->setView(view, tr("Remove %1 communication roof").arg(percentText(removed)));
}

void CommFractionsDialog::sync()
{
    const auto& fractions = m_document->session().view.commFractions;
    const int current = m_list->currentRow();
    m_list->clear();
    for (const double f : fractions) {
        m_list->addItem(percentText(f));
    }
    if (current >= 0 && current < m_list->count()) {
        m_list->setCurrentRow(current);
    }
    m_remove->setEnabled(m_list->currentRow() >= 0);
}

} // namespace roofscope

#include "moc_CommFractionsDialog.cpp"
