#pragma once

#include "model/Hardware.h"
#include "model/Session.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QSpinBox;
class QDialogButtonBox;

namespace roofscope {

// The purchasing inputs of one device entry of the session (docs/file-formats.md#sessions): chips,
// purchase price per chip, hourly price per chip and TDP per chip. An empty field keeps the device
// file's figure (its placeholder shows it). A refused entry is named beside the fields and OK stays
// disabled; OK gives the entry with the new figures (result()), which the caller applies as one undo step.
class DeviceEntryDialog : public QDialog {
    Q_OBJECT

public:
    DeviceEntryDialog(const Hardware& hardware, const DeviceSelection& selection, QWidget* parent = nullptr);

    QSpinBox* chipsBox() const { return m_chips; }
    QLineEdit* priceEdit() const { return m_price; }
    QLineEdit* hourlyEdit() const { return m_hourly; }
    QLineEdit* tdpEdit() const { return m_tdp; }
    QString statusText() const;
    // The entry as the fields say (valid while statusText() is empty).
    DeviceSelection result() const;

private:
    void validate();

    DeviceSelection m_selection;
    QSpinBox* m_chips = nullptr;
    QLineEdit* m_price = nullptr;
    QLineEdit* m_hourly = nullptr;
    QLineEdit* m_tdp = nullptr;
    QLabel* m_status = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

// A price ("15000", "15k USD", "$15000") or a price per hour ("2.5", "2.5 USD/h"), or a TDP ("700",
// "700 W"): the value, or an error naming what is expected. Empty text gives neither.
struct EntryFigure {
    std::optional<double> value;
    QString error;
};
EntryFigure parseEntryFigure(const QString& text, const char* what);

} // namespace roofscope
