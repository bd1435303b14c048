#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;

namespace roofscope {

class SessionAnalysis;
class SessionDocument;

// View > Ownership Cost…: what the verdict's owned $/Mtok assumes (view.years, view.utilisation,
// view.usd_per_kwh): a purchased system's years of service, the share of that time it serves, and
// the power price (empty: capital only). Apply (or Enter) sets all three in one undo step; a bad entry
// changes nothing and says which field and why. The fields follow undo, redo and another session.
// The owned figure is shown beside the rented one, never instead of it.
class OwnershipDialog : public QDialog {
    Q_OBJECT

public:
    explicit OwnershipDialog(SessionAnalysis* analysis, QWidget* parent = nullptr);

    QLineEdit* yearsField() const { return m_years; }
    QLineEdit* utilisationField() const { return m_utilisation; }
    QLineEdit* powerField() const { return m_power; }
    // Applies the fields; returns the error (also shown in the dialog), empty when applied.
    QString apply();
    QString errorText() const;

private:
    void sync();

    SessionAnalysis* m_analysis;
    SessionDocument* m_document;
    QLineEdit* m_years = nullptr;
    QLineEdit* m_utilisation = nullptr;
    QLineEdit* m_power = nullptr;
    QLabel* m_error = nullptr;
};

} // namespace roofscope
