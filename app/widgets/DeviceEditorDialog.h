#pragma once

#include "model/Hardware.h"

#include <QDialog>

#include <optional>
#include <set>
#include <string>
#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;

namespace roofscope {

// Creates a user device from an existing one: the copy gets a new id and name, and its peaks and
// bandwidths are edited as SI quantities ("989 TFLOP/s", "3.35 TB/s"). The result is validated the way
// the loader validates a file: it is written as YAML and loaded back strictly, so a device saved here
// always loads. Save writes <id>.yaml into the given folder (normally the user hardware folder).
class DeviceEditorDialog : public QDialog {
    Q_OBJECT
public:
    DeviceEditorDialog(const Hardware& base, QString folder, QWidget* parent = nullptr);

    // Ids already taken (the loaded database); a copy may not reuse one, as the loader refuses duplicates.
    void setTakenIds(std::set<std::string> ids);

    QLineEdit* idEdit() const { return m_id; }
    QLineEdit* nameEdit() const { return m_name; }
    // The short label of the chart's legend and the hardware dock ("H100 copy" by default, so that a
    // copy shown beside its original can be told apart).
    QLineEdit* generationEdit() const { return m_generation; }
    // One field per compute entry (dense peak) and per level (bandwidth), in the file's order.
    const std::vector<QLineEdit*>& peakEdits() const { return m_peaks; }
    const std::vector<QLineEdit*>& bandwidthEdits() const { return m_bandwidths; }

    // The edited device, validated; empty with `error` set (one line naming the field) when invalid.
    std::optional<Hardware> edited(QString* error = nullptr) const;
    // Validates, then writes <folder>/<id>.yaml atomically. Refuses to overwrite an existing file.
    // Returns the path written, or an empty string with `error` set.
    QString save(QString* error = nullptr);
    // The file the last successful save wrote (empty before one).
    QString savedPath() const { return m_savedPath; }

    // The field the current entry is refused at (shaded, with the reason as its tooltip), nullptr while
    // the entry is valid or the refusal concerns the whole device; and the line under the fields.
    QLineEdit* refusedField() const { return m_refused; }
    QString statusText() const;

private:
    std::optional<Hardware> check(QString* error, QLineEdit** field) const;
    void revalidate();

    Hardware m_base;
    QString m_folder;
    std::set<std::string> m_taken;
    QLineEdit* m_id = nullptr;
    QLineEdit* m_name = nullptr;
    QLineEdit* m_generation = nullptr;
    std::vector<QLineEdit*> m_peaks;
    std::vector<QLineEdit*> m_bandwidths;
    QLabel* m_status = nullptr;
    QPushButton* m_save = nullptr;
    QLineEdit* m_refused = nullptr;
    QString m_savedPath;
};

} // namespace roofscope
