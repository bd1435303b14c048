#pragma once

#include <QDockWidget>

class QLabel;
class QTableWidget;

namespace roofscope {

class KernelRoofTimes;
class SessionAnalysis;
struct DeviceRoofTimes;

// Time per roof: for the selected kernel, one row per shown device with the time it would need on
// each roof alone (compute, every memory level and link it moves bytes on), the binding roof's in
// bold (T_min), their sum (T_max), and the lever: how far the binding roof's time must fall before
// the next roof binds. A kernel of a transformer group is shown as itself (its own evaluation, as
// Results has it), the step named above the table. Follows the selection and every edit; read-only.
class RoofTimesDock : public QDockWidget {
    Q_OBJECT

public:
    explicit RoofTimesDock(SessionAnalysis* analysis, QWidget* parent = nullptr);

    KernelRoofTimes* roofTimes() const { return m_times; }
    QTableWidget* table() const { return m_table; }
    QLabel* titleLabel() const { return m_title; }
    QLabel* noteLabel() const { return m_note; }

    // Each device takes two rows of the table: its times (the device, one column per roof of
    // KernelRoofTimes::roofNames(), T_min, T_max), then its lever across the whole width (or why the
    // device cannot evaluate the kernel).
    static constexpr int kDeviceColumn = 0;
    static int timesRow(int device) { return 2 * device; }
    static int leverRow(int device) { return 2 * device + 1; }
    int tMinColumn() const;
    int tMaxColumn() const { return tMinColumn() + 1; }

private:
    void setKernel(int shown);
    void updateView();
    void showTitle();
    // Fills a device's times row; returns its lever (or why it has none).
    QString fillTimes(int device, const DeviceRoofTimes& times);

    SessionAnalysis* m_analysis;
    KernelRoofTimes* m_times;
    QLabel* m_title = nullptr;
    QTableWidget* m_table = nullptr;
    bool m_stale = false; // hidden behind another tab when the figures last changed
    bool m_inFront = true; // as visibilityChanged() last said
    QLabel* m_note = nullptr;
};

} // namespace roofscope
