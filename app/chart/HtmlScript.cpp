#include "chart/HtmlScript.h"

namespace roofscope {

namespace {
const char* const kScript = R"JS(
(function () {
  var tips = JSON.parse(document.getElementById('tips').textContent);
  var tip = document.getElementById('tooltip');
  var isolated = null;
  function show(marker) {
    var key = marker.getAttribute('data-tip') ||
        marker.getAttribute('data-kernel') + ':' + marker.getAttribute('data-device');
    tip.innerHTML = tips[key] || '';
    tip.setAttribute('data-for', key);
    var box = marker.getBoundingClientRect();
    tip.hidden = false;
    var left = box.right + 10;
    if (left + tip.offsetWidth > document.documentElement.clientWidth) { // never past the window's edge
      left = Math.max(0, box.left - 10 - tip.offsetWidth);
    }
    tip.style.left = (window.scrollX + left) + 'px';
    tip.style.top = (window.scrollY + box.top) + 'px';
    tip.hidden = false;
  }
  function hide() { tip.hidden = true; }
  function isolate(kernel) {
    isolated = isolated === kernel ? null : kernel;
    document.querySelectorAll('.kernel, .kernel-label, .dense, #results tr[data-kernel]').forEach(function (e) {
      e.classList.toggle('isolated-out', isolated !== null && e.getAttribute('data-kernel') !== isolated);
    });
    document.getElementById('show-all').hidden = isolated === null;
  }
  function setDevice(device, on) {
    document.querySelectorAll('svg [data-device="' + device + '"], table [data-device="' + device + '"], ' +
        '#comparison-notes [data-device="' + device + '"]').forEach(function (e) {
      e.classList.toggle('device-off', !on);
    });
    // The verdict is the page's answer as computed: a device switched off is greyed, never re-ranked.
    document.querySelectorAll('tr[data-verdict-device="' + device + '"]').forEach(function (e) {
      e.classList.toggle('verdict-greyed', !on);
    });
    document.querySelectorAll('p.verdict-off').forEach(function (p) {
      var off = [];
      document.querySelectorAll('table.verdict[data-group="' + p.getAttribute('data-group') + '"] tr.verdict-greyed')
          .forEach(function (r) { off.push(r.getAttribute('data-label')); });
      p.hidden = off.length === 0;
      p.textContent = off.length === 0 ? '' : 'Switched off here: ' + off.join(', ') +
          '. The headline and ranks were computed with every device shown; the page does not rank again.';
    });
  }
  document.querySelectorAll('.marker').forEach(function (m) {
    m.addEventListener('mouseenter', function () { show(m); });
    m.addEventListener('mouseleave', hide);
    m.addEventListener('click', function () { isolate(m.getAttribute('data-kernel')); });
  });
  document.querySelectorAll('.serving-point').forEach(function (m) {
    m.addEventListener('mouseenter', function () { show(m); });
    m.addEventListener('mouseleave', hide);
  });
  document.querySelectorAll('.kernel-label, #results tr[data-kernel]').forEach(function (e) {
    e.addEventListener('click', function () { isolate(e.getAttribute('data-kernel')); });
  });
  document.querySelectorAll('#legend input').forEach(function (box) {
    box.addEventListener('change', function () { setDevice(box.getAttribute('data-device'), box.checked); });
  });
  document.getElementById('show-all').addEventListener('click', function () { isolate(isolated); });
  // For tests and links: #hover=KERNEL:DEVICE (KERNEL:measured, serving:CURVE:POINT), #off=DEVICE,
  // #isolate=KERNEL (joined by &).
  var params = new URLSearchParams(location.hash.slice(1));
  if (params.has('off')) {
    params.get('off').split(',').forEach(function (d) {
      var box = document.querySelector('#legend input[data-device="' + d + '"]');
      if (box) { box.checked = false; box.dispatchEvent(new Event('change')); }
    });
  }
  if (params.has('isolate')) { isolate(params.get('isolate')); }
  if (params.has('hover')) {
    var parts = params.get('hover').split(':');
    var marker = document.querySelector('.marker[data-tip="' + params.get('hover') + '"], ' +
        '.serving-point[data-tip="' + params.get('hover') + '"]') ||
        document.querySelector('.marker[data-kernel="' + parts[0] + '"][data-device="' + parts[1] + '"]');
    if (marker) { marker.dispatchEvent(new MouseEvent('mouseenter')); }
  }
  // For tests: whether the page scrolls sideways at the window's width.
  document.body.setAttribute('data-scroll-width', document.documentElement.scrollWidth);
  document.body.setAttribute('data-client-width', document.documentElement.clientWidth);
  document.body.setAttribute('data-ready', 'true');
})();
)JS";
} // namespace

const char* htmlPageScript()
{
    return kScript;
}

} // namespace roofscope
