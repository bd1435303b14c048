#include "widgets/SiSpinBox.h"

#include <QLineEdit>

#include <algorithm>
#include <cmath>

namespace roofscope {

SiSpinBox::SiSpinBox(QWidget* parent)
    : QAbstractSpinBox(parent)
{
    setAccelerated(true);
    setKeyboardTracking(false);
    setCorrectionMode(QAbstractSpinBox::CorrectToPreviousValue);
    connect(this, &QAbstractSpinBox::editingFinished, this, &SiSpinBox::onEditingFinished);
}

void SiSpinBox::setRange(double minimum, double maximum, bool exclusiveMinimum)
{
    m_minimum = minimum;
    m_maximum = maximum;
    m_exclusiveMinimum = exclusiveMinimum;
}

QString SiSpinBox::format(double value) const
{
    if (m_dimension == Dimension::Dimensionless) {
        if (m_integer && std::fabs(value) < 1e12) {
            return QString::number(value, 'f', 0);
        }
        return QString::fromStdString(formatNumber(value, 6));
    }
    return QString::fromStdString(formatQuantity(value, m_dimension, 6));
}

void SiSpinBox::setValue(double value)
{
    m_value = value;
    m_autoText.clear();
    setRefusal({});
    lineEdit()->setText(format(value));
}

void SiSpinBox::setAutoValue(double value, const QString& text)
{
    m_value = value;
    m_autoText = text;
    setRefusal({});
    lineEdit()->setText(text);
}

std::optional<double> SiSpinBox::parse(const QString& text, QString& error) const
{
    const std::string input = text.trimmed().toStdString();
    const QString subject = m_subject.isEmpty() ? tr("This field") : m_subject;
    std::optional<double> value;
    if (input.empty()) {
        error = tr("%1 needs a value").arg(subject);
        return std::nullopt;
    }
    if (m_dimension == Dimension::Dimensionless) {
        value = parseNumber(input);
        if (!value) {
            error = tr("%1: '%2' is not a number (examples: 4096, 64k, 1.5e9)").arg(subject, text.trimmed());
            return std::nullopt;
        }
    } else {
        const ParsedQuantity parsed = parseQuantity(input, m_dimension);
        if (!parsed.value) {
            error = tr("%1: %2").arg(subject, QString::fromStdString(parsed.error));
            return std::nullopt;
        }
        value = parsed.value;
    }
    if (!std::isfinite(*value)) {
        error = tr("%1 must be a finite number").arg(subject);
        return std::nullopt;
    }
    if (m_exclusiveMinimum ? !(*value > m_minimum) : !(*value >= m_minimum)) {
        error = m_exclusiveMinimum ? tr("%1 must be greater than %2").arg(subject, format(m_minimum))
                                   : tr("%1 must be at least %2").arg(subject, format(m_minimum));
        return std::nullopt;
    }
    if (*value > m_maximum) {
        error = tr("%1 must be at most %2").arg(subject, format(m_maximum));
        return std::nullopt;
    }
    if (m_integer && std::fabs(*value - std::round(*value)) > 1e-9 * std::max(1.0, std::fabs(*value))) {
        error = tr("%1 must be a whole number").arg(subject);
        return std::nullopt;
    }
    return m_integer ? std::round(*value) : *value;
}

bool SiSpinBox::commitText(const QString& text)
{
    QString error;
    const auto value = parse(text, error);
    if (!value) {
        setRefusal(error);
        Q_EMIT entryRefused(error);
        return false;
    }
    m_value = *value;
    setRefusal({});
    lineEdit()->setText(format(*value));
    Q_EMIT valueCommitted(*value);
    return true;
}

void SiSpinBox::onEditingFinished()
{
    const QString text = lineEdit()->text();
    if (m_refusal.isEmpty() && (text == format(m_value) || (!m_autoText.isEmpty() && text == m_autoText))) {
        return; // nothing changed
    }
    commitText(text);
}

void SiSpinBox::setRefusal(const QString& message)
{
    m_refusal = message;
    setStyleSheet(message.isEmpty() ? QString() : QStringLiteral("QAbstractSpinBox { background: #fde2e2; }"));
    setToolTip(message);
}

void SiSpinBox::stepBy(int steps)
{
    QString error;
    const double base = parse(lineEdit()->text(), error).value_or(m_value);
    double next = base * std::pow(2.0, steps);
    if (m_integer) {
        next = std::round(next);
        if (next == base) {
            next = base + steps;
        }
    }
    next = std::clamp(next, m_minimum, m_maximum);
    if (m_exclusiveMinimum && next <= m_minimum) {
        return;
    }
    commitText(format(next));
}

QAbstractSpinBox::StepEnabled SiSpinBox::stepEnabled() const
{
    StepEnabled enabled = StepNone;
    if (m_value < m_maximum) {
        enabled |= StepUpEnabled;
    }
    if (m_value > m_minimum) {
        enabled |= StepDownEnabled;
    }
    return enabled;
}

QValidator::State SiSpinBox::validate(QString& /*input*/, int& /*pos*/) const
{
    return QValidator::Acceptable; // anything may be typed; the entry is checked when it is finished
}

void setRangeAround(
    SiSpinBox* from, SiSpinBox* to, const QString& name, double minimum, double maximum, double current, bool integer)
{
    const double low = std::max(minimum, current > 0.0 ? current / 100.0 : minimum);
    const double high = std::min(maximum, current > 0.0 ? current * 100.0 : maximum);
    for (SiSpinBox* box : { from, to }) {
        box->setDimension(Dimension::Dimensionless);
        box->setInteger(integer);
        box->setRange(minimum, maximum);
        box->setSubject(name);
    }
    from->setValue(integer ? std::ceil(low) : low);
    to->setValue(integer ? std::floor(high) : high);
}

} // namespace roofscope

#include "moc_SiSpinBox.cpp"
