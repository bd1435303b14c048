#pragma once

// Hooks a swept kernel's trajectory onto a roofline chart without QCustomPlot in the caller.

namespace roofscope {

class KernelSweep;
class RooflineChart;
class TrajectoryLayer;

// Draws `sweep`'s trajectory on `chart` from now on (TrajectoryLayer, under the kernels' markers),
// repainting whenever the sweep changes. `sweep` must outlive the chart; the layer is the chart's.
TrajectoryLayer* attachTrajectory(RooflineChart* chart, KernelSweep* sweep);

} // namespace roofscope
