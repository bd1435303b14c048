#pragma once

#include "model/Evaluation.h"

#include <QString>

#include <utility>
#include <vector>

namespace roofscope {

struct Hardware;

// The hover tooltip of a kernel's marker: the whole evaluation on one device, as a small HTML table
// (intensity and ridge as the results table shows them, on the level the regime compares against;
// attainable and share of peak, regime and binding level, T_math, T_min, T_max, each level's bytes,
// time and intensity, the measured point and its gap to the roof, capacity fits), then the advice
// (core's guidance(); `kernel`, when given, lets it see how the kernel's bytes scale).
QString evaluationToolTip(const Evaluation& evaluation, const QString& deviceLabel, const Kernel* kernel = nullptr);

// Rich text to add to a kernel group's part's tooltip on a device (the window's and the HTML
// page's): what a routed expert kernel reads (E_eff, the busiest chip's experts) and what a
// collective moves (its algorithm, bytes per chip on the scale-up link, hops). Empty for any other kernel.
QString groupPartToolTip(const Kernel& kernel, const Hardware& device);

// The status line of one kernel across devices: "attention: memory-bound on H100 · compute-bound on
// MI300X · T_min 1.2 ms on MI300X" (the shortest T_min). `rows` pairs a device label with its
// evaluation.
QString kernelStatusLine(const QString& kernelName, const std::vector<std::pair<QString, const Evaluation*>>& rows);

// One line of advice per device (core's guidance()), plain text.
QString kernelGuidanceText(
    const std::vector<std::pair<QString, const Evaluation*>>& rows, const Kernel* kernel = nullptr);

// Plain text: the kernel's name and intensity as the table gives it ("Attention · 108 FLOP/B on HBM"),
// then one line per device: "H100: memory-bound · 361 TFLOP/s (36.5 %) · T_min 1.49 ms". Shown while a
// kernel is dragged.
QString kernelBriefText(const std::vector<std::pair<QString, const Evaluation*>>& rows);

} // namespace roofscope
