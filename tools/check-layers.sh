#!/usr/bin/env bash
# Keeps the house as ARCHITECTURE.md draws it. Checks, by the #include lines of every source file:
#   - core/ includes nothing of the application and no Qt header (it is plain C++), core/model/
#     nothing of core/io/, and neither of them anything of core/analysis/ (the one analysis of a
#     session, built on both);
#   - no include runs back up the layers: session/, scene/, figures/ and models/ (the document
#     layer) never include chart/, widgets/ or cli/, and inside that layer session/ (the session
#     and its undo commands) includes none of the other three, scene/ (the chart's data) neither
#     figures/ nor models/, figures/ (the window's analysis and its figures) not models/; chart/ never includes widgets/ or cli/; cli/ never includes widgets/; widgets/ never
#     includes cli/;
#   - no view listens to SessionDocument's signals: SessionAnalysis does, then re-emits them;
#   - qcustomplot.h is included only under app/chart/ (and by the tests), so the rest of the program
#     never compiles it;
#   - a source file whose header declares a QObject includes its moc file (app/CMakeLists.txt);
#   - a helper that has a shared home is not defined again: qs() lives in session/QtText.h,
#     positiveFinite() and validIndex() in model/Numbers.h, jsonOrNull() in io/JsonValues.h.
# Prints every breach as FILE:LINE: what is wrong, and exits 1 if there is one.
# Usage: tools/check-layers.sh [ROOT] (default: the repository this script is in).
set -uo pipefail
root=${1:-"$(dirname "$0")/.."}
cd "$root" || exit 2

breaches=0
# breach PATTERN WHY DIR...: every line of the C++ files under DIR... that matches PATTERN is a breach.
breach() {
    local pattern=$1 why=$2
    shift 2
    local hits
    hits=$(grep -rnE --include='*.cpp' --include='*.h' -- "$pattern" "$@" 2>/dev/null)
    if [[ -n $hits ]]; then
        while IFS= read -r hit; do
            printf '%s: %s\n' "$hit" "$why"
            breaches=$((breaches + 1))
        done < <(printf '%s\n' "$hits" | cut -d: -f1,2)
    fi
}

breach '^[[:space:]]*#[[:space:]]*include[[:space:]]*"(session|scene|figures|models|chart|widgets|cli)/' \
    "core includes the application (core is below every app layer)" core
breach '^[[:space:]]*#[[:space:]]*include[[:space:]]*"io/' \
    "core/model includes core/io (the arithmetic reads no files and writes no formats)" core/model
breach '^[[:space:]]*#[[:space:]]*include[[:space:]]*"analysis/' \
    "core/model or core/io includes core/analysis (the analysis is built on them, not below them)" core/model core/io
breach '^[[:space:]]*#[[:space:]]*include[[:space:]]*<(Q[A-Za-z]*|qcustomplot\.h)>' \
    "core includes a Qt header (core is plain C++)" core
breach '^[[:space:]]*#[[:space:]]*include[[:space:]]*"(chart|widgets|cli)/' \
    "the document layer includes a layer above it (chart, widgets, cli)" app/session app/scene app/figures app/models
breach '^[[:space:]]*#[[:space:]]*include[[:space:]]*"(scene|figures|models)/' \
    "session/ includes what is derived from the session (scene, figures, models)" app/session
breach '^[[:space:]]*#[[:space:]]*include[[:space:]]*"(figures|models)/' \
    "scene/ includes the window's analysis or its item models (figures, models)" app/scene
breach '^[[:space:]]*#[[:space:]]*include[[:space:]]*"models/' "figures/ includes the item models above it" app/figures
breach '^[[:space:]]*#[[:space:]]*include[[:space:]]*"(widgets|cli)/' \
    "chart includes a layer above it (widgets, cli)" app/chart
breach '^[[:space:]]*#[[:space:]]*include[[:space:]]*"widgets/' "cli includes widgets (the CLI has no window)" app/cli
breach '^[[:space:]]*#[[:space:]]*include[[:space:]]*"cli/' "widgets include cli (they meet only in main.cpp)" app/widgets
breach '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]qcustomplot\.h[>"]' \
    "qcustomplot.h outside app/chart/ (the chart layer wraps QCustomPlot)" core app/session app/scene app/figures app/models app/widgets \
    app/cli app/main.cpp
# The analysis is the views' only signal feed: it follows each document signal, then re-emits it.
document_signal='&SessionDocument::(sessionReset|kernelChanged|kernelMoved|kernelsInserted|kernelRemoved|devicesChanged|viewChanged|runsChanged|interactionEnded)\b'
breach "$document_signal" "a view listens to the document (listen to SessionAnalysis, which re-emits it)" \
    app/scene app/models app/chart app/widgets app/cli
for file in app/figures/*.cpp; do
    [[ $file == app/figures/SessionAnalysis.cpp ]] || breach "$document_signal" \
        "a view listens to the document (listen to SessionAnalysis, which re-emits it)" "$file"
done
breach '^QString qs\(const std::string&' "qs() defined again (use session/QtText.h)" app tests
breach '^(inline )?bool (positiveFinite|validIndex)\(' "a numeric helper defined again (use model/Numbers.h)" \
    app tests core/io
breach '^nlohmann::json (optional|jsonOrNull)\(const std::optional<double>&' \
    "jsonOrNull() defined again (use io/JsonValues.h)" app core
# A source whose header declares a QObject (or a Q_GADGET, a Q_NAMESPACE) compiles its meta-object code in
# its own unity batch.
while IFS= read -r header; do
    source=${header%.h}.cpp
    name=$(basename "$header" .h)
    if [[ -f $source ]] && ! grep -qE "^[[:space:]]*#[[:space:]]*include[[:space:]]*\"moc_$name\.cpp\"" "$source"; then
        printf '%s:1: %s\n' "$source" "its header declares a QObject: end it with #include \"moc_$name.cpp\""
        breaches=$((breaches + 1))
    fi
done < <(grep -rlE --include='*.h' '^[[:space:]]*(Q_OBJECT|Q_GADGET|Q_NAMESPACE)\b' app)

if ((breaches > 0)); then
    echo "check-layers: $breaches breach(es) of the layers (ARCHITECTURE.md)" >&2
    exit 1
fi
echo "check-layers: the includes follow the layers"
