#pragma once

namespace roofscope {

// Internal to app/chart: the JavaScript of the HTML page (HtmlExport): marker and serving-point
// tooltips from the page's tips, the legend's device switches, isolating a kernel, and the
// #hover=, #off=, #isolate= parameters links and tests use.
const char* htmlPageScript();

} // namespace roofscope
