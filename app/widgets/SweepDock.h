#pragma once

#include "model/Kernel.h"

#include <QDockWidget>
#include <QElapsedTimer>
#include <QString>

class QCheckBox;
class QComboBox;
class QLabel;
class QSlider;
class QTimer;

namespace roofscope {

class KernelSweep;
class SessionAnalysis;
class SessionDocument;
class SiSpinBox;

// The sweep of the selected template kernel: which parameter runs over which range (the chart draws
// the kernel's trajectory across every shown device, KernelSweep), and a slider over that range that
// sets the parameter live, one undo step per slider drag.
class SweepDock : public QDockWidget {
    Q_OBJECT

public:
    SweepDock(SessionAnalysis* analysis, KernelSweep* sweep, QWidget* parent = nullptr);

    QCheckBox* enabledBox() const { return m_enabled; }
    QComboBox* parameterBox() const { return m_parameter; }
    SiSpinBox* fromBox() const { return m_from; }
    SiSpinBox* toBox() const { return m_to; }
    QSlider* slider() const { return m_slider; }
    // The crossings listed (one still waiting for its interval is written first).
    QString crossingText();

    // The parameter value at a slider position, and back.
    double valueAt(int position) const;
    int positionOf(double value) const;

    static constexpr int kSliderSteps = 1000;
    static constexpr qint64 kCrossingsIntervalMs = 100;

private:
    void setKernel(int shown);
    void setGroup(int kernel, const Kernel& k);
    // A parameter's value in the kernel (a group's default when unset; NaN when it has none).
    double currentValue(const Kernel& k, const std::string& name) const;
    void chooseParameter(const QString& name);
    void applySweep();
    void syncSlider();
    void onSliderMoved(int position);
    void updateCrossings();

    SessionAnalysis* m_analysis;
    SessionDocument* m_document;
    KernelSweep* m_sweep;
    int m_kernel = -1;
    bool m_integer = true;
    bool m_syncing = false;
    QLabel* m_title = nullptr;
    QCheckBox* m_enabled = nullptr;
    QComboBox* m_parameter = nullptr;
    SiSpinBox* m_from = nullptr;
    SiSpinBox* m_to = nullptr;
    QSlider* m_slider = nullptr;
    QLabel* m_valueLabel = nullptr;
    QLabel* m_crossings = nullptr;
    QWidget* m_controls = nullptr;
    QTimer* m_crossingsTimer = nullptr;
    QElapsedTimer m_crossingsShown; // when the crossings were last written
};

} // namespace roofscope
