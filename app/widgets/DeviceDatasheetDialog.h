#pragma once

#include "model/Hardware.h"

#include <QDialog>

class QLabel;
class QTableWidget;

namespace roofscope {

// A read-only datasheet of one device: every figure of its file in SI units with the source it cites,
// estimates marked, the sources as clickable links and the notes, so a figure can be checked on the spot.
class DeviceDatasheetDialog : public QDialog {
    Q_OBJECT
public:
    explicit DeviceDatasheetDialog(const Hardware& hardware, QWidget* parent = nullptr);

    const Hardware& hardware() const { return m_hardware; }

    // The pieces, for tests and for a host window that wants to embed them.
    QTableWidget* computeTable() const { return m_compute; }
    QTableWidget* levelTable() const { return m_levels; }
    QLabel* sourcesLabel() const { return m_sources; }
    QLabel* notesLabel() const { return m_notes; }

    // The sources as HTML: one line per source, "[id] title" linked to its URL, or the document name.
    static QString sourcesHtml(const Hardware& hardware);

private:
    void fillCompute();
    void fillLevels();

    Hardware m_hardware;
    QTableWidget* m_compute = nullptr;
    QTableWidget* m_levels = nullptr;
    QLabel* m_sources = nullptr;
    QLabel* m_notes = nullptr;
};

} // namespace roofscope
