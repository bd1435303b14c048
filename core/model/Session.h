#pragma once

#include "model/Kernel.h"
#include "model/serving/ServingRuns.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// A device chosen in a session, with its own precision and the levels switched off.
struct DeviceSelection {
    std::string id;
    std::string precision; // empty: each kernel's own precision
    std::vector<std::string> disabledLevels;
    bool visible = true;
    // Overrides for this session (docs/file-formats.md#sessions); chips > 1 uses the device N-wide
    // (docs/model.md#a-device-used-n-chips-wide).
    int chips = 1;
    std::optional<double> priceDollars = std::nullopt; // purchase price per chip (USD)
    std::optional<double> pricePerHourDollars = std::nullopt; // rental price per chip (USD/h)
    std::optional<double> tdpWatts = std::nullopt; // replaces the device file's TDP (per chip)

    // "nvidia-h100-sxm", "google-tpu-v7x (fp8)", "nvidia-h100-sxm x8".
    std::string label() const;
};

struct ViewSettings {
    double tolerance = 0.05;
    bool sustained = false;
    double commFraction = 0.0;
    std::string theme = "light";
    std::string baseline; // the device speedups are measured against (a selection label or id); empty: the first
    bool showFeasibleRegion = true;
    bool showRegionLabels = true;
    std::optional<std::pair<double, double>> xRange; // FLOP/B
    std::optional<std::pair<double, double>> yRange; // FLOP/s
    std::vector<double> commFractions; // effective roofs at (1 - f) drawn beside the ideal ones, each in (0, 1)
    std::vector<std::string> shadeBetween; // empty, or two level names: the band between their roofs is shaded
    // The chart's x-axis: the intensity on each device's default level (empty, `x_level: default`),
    // on the level that binds each kernel ("binding"), or on one named level ("ici"; a device or a
    // kernel without it keeps its default level).
    std::string xLevel;
    // Whether kernel labels carry the intensity they sit at ("AI=108") under the name.
    bool labelIntensity = true;
    // The serving chart (a transformer group's throughput against latency): its x-axis
    // ("ms_per_token" or "tokens_per_s_per_user"), its y-axis ("tokens_per_s_per_chip",
    // "tokens_per_s_per_usd_hour" or "tokens_per_joule") and the latency target in ms per output
    // token that picks each device's operating point (empty: none).
    std::string servingX = "ms_per_token";
    std::string servingY = "tokens_per_s_per_chip";
    std::optional<double> servingTargetMs;
    // The time to first token a request mix must meet, in ms (empty: none).
    std::optional<double> servingTtftTargetMs;
    // Ownership cost beside the rented one (docs/serving.md, "Cost"): years of service of a purchased
    // system, the share of that time it serves, and the power price (empty: capital only).
    double years = 4.0;
    double utilisation = 1.0;
    std::optional<double> usdPerKwh;
    // Show only the N kernels that take the most time (0: all), and marker size by runtime share.
    int topKernels = 0;
    bool sizeByRuntime = false;
};

// The view.x_level value that puts each kernel on the roof of the level binding it.
inline constexpr const char* kBindingLevel = "binding";

// A note on the chart: an arrow from one kernel to another, labelled with the ratio of their T_min
// ("4.0x"), or free text at a point (intensity in FLOP/B, throughput in FLOP/s).
struct Annotation {
    std::string from; // kernel names; both set for an arrow
    std::string to;
    std::string text; // free text, or the arrow's own label beside the ratio
    std::optional<std::pair<double, double>> at; // where free text sits

    bool isArrow() const { return !from.empty(); }
};

// A profiler run the session refers to (`runs:` in the file): its measured kernels are read from
// the run's file when the session opens, never copied into the session.
struct RunReference {
    std::string name; // unique in the session; the kernels' `fromRun`
    std::string file; // as the session writes it: relative to the session file's folder, or absolute
    // "ncu", "rocprof", "rocprof-db", "advisor", "csv", "jax" or "xprof"; empty: detected from the file's
    // name and content (detectImportFormat())
    std::string format;
    bool aggregate = false; // merge the launches of each kernel name (count = launches, means per launch)
    std::string device; // the device id the run was measured on (empty: not said); its kernels' measuredOn
    std::string path; // `file` resolved against the session file's folder (set when a session file is read)
    int line = 0; // where the entry's `file` is in the session file (1-based; 0 when not read from one)
    int column = 0;
};

struct Session {
    std::string title;
    std::vector<DeviceSelection> devices;
    std::vector<Kernel> kernels; // the session's own kernels, then those of its runs once loaded
    std::vector<RunReference> runs;
    // Measured serving runs (`serving_runs:`): whole runs of requests a serving benchmark measured, each
    // set against its bound (model/serving/ServingRuns.h).
    std::vector<ServingRun> servingRuns;
    ViewSettings view;
    std::vector<Annotation> annotations;
};

} // namespace roofscope
