#pragma once

#include "model/Units.h"

#include <QAbstractSpinBox>
#include <QString>

#include <optional>

namespace roofscope {

// A number field that reads SI suffixes and units ("65536", "64k", "2.5 GB", "1.2 ms") and steps by
// factors of two (arrow keys, wheel, the buttons): the natural step for sizes on a log axis.
// Text that does not parse, or a value outside the range, is refused: the field turns red,
// entryRefused() carries the message, and the last good value stays what value() returns.
class SiSpinBox : public QAbstractSpinBox {
    Q_OBJECT

public:
    explicit SiSpinBox(QWidget* parent = nullptr);

    void setDimension(Dimension dimension) { m_dimension = dimension; }
    // Allowed values; `exclusiveMinimum` refuses the minimum itself (bytes must be > 0).
    void setRange(double minimum, double maximum, bool exclusiveMinimum = false);
    void setInteger(bool integer) { m_integer = integer; }
    void setSubject(const QString& subject) { m_subject = subject; } // "FLOPs", "m", ... for messages

    double value() const { return m_value; }
    // Shows a value without emitting valueCommitted (a model update).
    void setValue(double value);
    // Shows a value that is not set but follows from elsewhere ("auto (8)": tp from each device's chips);
    // leaving the field unchanged keeps it unset, typing a number sets it.
    void setAutoValue(double value, const QString& text);
    QString autoText() const { return m_autoText; }
    // Parses text as typed (for tests and programmatic entry); the same path as editing.
    bool commitText(const QString& text);
    // The message of the last refused entry; empty while the field holds a good value.
    QString refusal() const { return m_refusal; }

    void stepBy(int steps) override;
    QValidator::State validate(QString& input, int& pos) const override;

Q_SIGNALS:
    void valueCommitted(double value);
    void entryRefused(const QString& message);

protected:
    StepEnabled stepEnabled() const override;

private:
    void onEditingFinished();
    std::optional<double> parse(const QString& text, QString& error) const;
    QString format(double value) const;
    void setRefusal(const QString& message);

    Dimension m_dimension = Dimension::Dimensionless;
    double m_minimum = 0.0;
    double m_maximum = 1e30;
    bool m_exclusiveMinimum = false;
    bool m_integer = false;
    double m_value = 0.0;
    QString m_subject;
    QString m_refusal;
    QString m_autoText;
};

// Sets a pair of range fields (from, to) for the template parameter `name`: plain numbers (whole
// ones with `integer`) within [minimum, maximum], showing two decades either side of `current`, or
// the whole range when there is no current value.
void setRangeAround(
    SiSpinBox* from, SiSpinBox* to, const QString& name, double minimum, double maximum, double current, bool integer);

} // namespace roofscope
