#pragma once

#include <QDockWidget>
#include <QString>

class QComboBox;
class QLabel;
class QPushButton;

namespace roofscope {

class KernelRegimeMap;
class RegimeMapView;
class SessionAnalysis;
class SessionDocument;
class SiSpinBox;

// The regime map of the selected template kernel (or kernel group): two of its parameters and their
// ranges, every shown device side by side or one of them, the grid size and the shade; the map follows every edit, says
// what binds under the mouse, sets the kernel's two parameters on a click (one undo step) and exports to PNG, SVG or
// CSV.
class RegimeMapDock : public QDockWidget {
    Q_OBJECT

public:
    RegimeMapDock(SessionAnalysis* analysis, QWidget* parent = nullptr);

    KernelRegimeMap* regimeMap() const { return m_map; }
    RegimeMapView* view() const { return m_view; }
    QComboBox* xParameterBox() const { return m_xName; }
    QComboBox* yParameterBox() const { return m_yName; }
    QComboBox* deviceBox() const { return m_device; }
    QComboBox* stepsBox() const { return m_steps; }
    SiSpinBox* xFromBox() const { return m_xFrom; }
    SiSpinBox* xToBox() const { return m_xTo; }
    SiSpinBox* yFromBox() const { return m_yFrom; }
    SiSpinBox* yToBox() const { return m_yTo; }

    // Writes the map as PNG, SVG or CSV by the file's extension; an error message, empty on success.
    QString exportTo(const QString& path) const;
    // Sets the kernel to a cell's two values (what a click does).
    void applyCell(size_t ix, size_t iy);

private:
    void setKernel(int kernel);
    void fillDevices();
    void chooseParameter(bool x);
    void applyMap();
    void updateCurrent();
    void exportWithDialog();

    SessionAnalysis* m_analysis;
    SessionDocument* m_document;
    KernelRegimeMap* m_map;
    int m_kernel = -1;
    bool m_syncing = false;
    bool m_inFront = true; // in front of its tabs, as visibilityChanged() last said
    QLabel* m_title = nullptr;
    QWidget* m_controls = nullptr;
    QComboBox* m_xName = nullptr;
    QComboBox* m_yName = nullptr;
    SiSpinBox* m_xFrom = nullptr;
    SiSpinBox* m_xTo = nullptr;
    SiSpinBox* m_yFrom = nullptr;
    SiSpinBox* m_yTo = nullptr;
    QComboBox* m_device = nullptr;
    QComboBox* m_steps = nullptr;
    QComboBox* m_shade = nullptr;
    QPushButton* m_export = nullptr;
    RegimeMapView* m_view = nullptr;
};

} // namespace roofscope
