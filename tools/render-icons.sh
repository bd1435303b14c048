#!/usr/bin/env bash
# Renders resources/icons/roofscope.svg to the PNG sizes the package installs
# (resources/icons/roofscope-N.png), with rsvg-convert when installed, else headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/../resources/icons"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp roofscope.svg "$work/icon.svg"
for size in 16 32 48 64 128 256; do
    if command -v rsvg-convert >/dev/null; then
        rsvg-convert -w "$size" -h "$size" roofscope.svg -o "roofscope-$size.png"
    else
        printf '<html><body style="margin:0"><img src="icon.svg" width=%d height=%d style="display:block"></body></html>' \
            "$size" "$size" >"$work/$size.html"
        chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --default-background-color=00000000 \
            --window-size="$size,$size" --screenshot="$PWD/roofscope-$size.png" "file://$work/$size.html" >/dev/null 2>&1
    fi
    echo "roofscope-$size.png"
done
