#include "io/SessionAnnotations.h"

#include "model/Text.h"
#include "model/Units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace roofscope {

namespace {
constexpr size_t kMaxAnnotations = 200;
constexpr size_t kMaxCommFractions = 8;

bool hasKernel(const Session& session, const std::string& name)
{
    return std::any_of(
        session.kernels.begin(), session.kernels.end(), [&](const Kernel& kernel) { return kernel.name == name; });
}

void readArrowEnd(YamlSchema& s, const YAML::Node& item, const char* key, const std::string& path,
    const Session& session, std::string& out)
{
    out = s.string(item, key, path + "." + key, true).value_or("");
    if (!out.empty() && !hasKernel(session, out)) {
        s.error(item[key], path + "." + key, "no kernel named '" + out + "' in the session");
    }
}
} // namespace

void readAnnotations(YamlSchema& s, const YAML::Node& root, Session& session)
{
    const YAML::Node list = root["annotations"];
    if (!list.IsDefined() || list.IsNull() || !s.isSequence(list, "annotations")) {
        return;
    }
    if (list.size() > kMaxAnnotations) {
        s.error(list, "annotations", "at most " + std::to_string(kMaxAnnotations) + " annotations");
        return;
    }
    for (size_t i = 0; i < list.size(); ++i) {
        const YAML::Node item = list[i];
        const std::string path = indexedPath("annotations", i);
        if (!s.checkMap(item, path, { "from", "to", "text", "at" })) {
            continue;
        }
        Annotation annotation;
        annotation.text = s.string(item, "text", path + ".text", false).value_or("");
        if (item["from"].IsDefined() || item["to"].IsDefined()) {
            readArrowEnd(s, item, "from", path, session, annotation.from);
            readArrowEnd(s, item, "to", path, session, annotation.to);
            if (item["at"].IsDefined()) {
                s.error(item["at"], path + ".at", "an arrow is placed by its kernels; 'at' is for free text");
            }
        } else {
            const YAML::Node at = item["at"];
            if (annotation.text.empty()) {
                s.error(item, path, "expected {from, to} (an arrow between kernels) or {text, at: [x, y]}");
                continue;
            }
            if (!at.IsDefined()) {
                s.error(item, path + ".at", "free text needs 'at: [intensity, FLOP/s]'");
                continue;
            }
            std::optional<double> x;
            std::optional<double> y;
            if (at.IsSequence() && at.size() == 2 && at[0].IsScalar() && at[1].IsScalar()) {
                x = parseNumber(at[0].Scalar());
                y = parseNumber(at[1].Scalar());
            }
            if (!x || !y || !(*x > 0.0) || !(*y > 0.0) || !std::isfinite(*x) || !std::isfinite(*y)) {
                s.error(at, path + ".at", "expected [intensity, FLOP/s]: two positive numbers");
                continue;
            }
            annotation.at = std::make_pair(*x, *y);
        }
        session.annotations.push_back(std::move(annotation));
    }
}

void readViewExtras(YamlSchema& s, const YAML::Node& view, ViewSettings& v)
{
    const YAML::Node fractions = view["comm_fractions"];
    if (fractions.IsDefined() && s.isSequence(fractions, "view.comm_fractions")) {
        if (fractions.size() > kMaxCommFractions) {
            s.error(fractions, "view.comm_fractions", "at most " + std::to_string(kMaxCommFractions) + " fractions");
        } else {
            for (size_t i = 0; i < fractions.size(); ++i) {
                const auto value = fractions[i].IsScalar() ? parseNumber(fractions[i].Scalar()) : std::nullopt;
                if (!value || !(*value > 0.0 && *value < 1.0)) {
                    s.error(
                        fractions[i], indexedPath("view.comm_fractions", i), "expected a fraction in (0, 1), e.g. 0.4");
                    continue;
                }
                v.commFractions.push_back(*value);
            }
        }
    }
    const YAML::Node shade = view["shade_between"];
    if (shade.IsDefined()) {
        if (!shade.IsSequence() || shade.size() != 2 || !shade[0].IsScalar() || !shade[1].IsScalar()) {
            s.error(shade, "view.shade_between", "expected two level names, e.g. [hbm, vmem]");
        } else if (toLower(shade[0].Scalar()) == toLower(shade[1].Scalar())) {
            s.error(shade, "view.shade_between", "expected two different levels");
        } else {
            v.shadeBetween = { toLower(shade[0].Scalar()), toLower(shade[1].Scalar()) };
        }
    }
    const YAML::Node xLevel = view["x_level"];
    if (xLevel.IsDefined()) {
        const std::string value = xLevel.IsScalar() ? toLower(xLevel.Scalar()) : std::string();
        if (!isXLevelName(value)) {
            s.error(xLevel, "view.x_level", "expected 'default', 'binding' or a level name such as hbm");
        } else {
            v.xLevel = value == "default" ? std::string() : value;
        }
    }
    v.labelIntensity = s.boolean(view, "label_intensity", "view.label_intensity").value_or(true);
    if (const auto x = s.string(view, "serving_x", "view.serving_x", false)) {
        if (*x != "ms_per_token" && *x != "tokens_per_s_per_user") {
            s.error(view["serving_x"], "view.serving_x", "expected ms_per_token or tokens_per_s_per_user");
        } else {
            v.servingX = *x;
        }
    }
    if (const auto y = s.string(view, "serving_y", "view.serving_y", false)) {
        if (*y != "tokens_per_s_per_chip" && *y != "tokens_per_s_per_usd_hour" && *y != "tokens_per_joule") {
            s.error(view["serving_y"], "view.serving_y",
                "expected tokens_per_s_per_chip, tokens_per_s_per_usd_hour or tokens_per_joule");
        } else {
            v.servingY = *y;
        }
    }
    v.servingTargetMs = s.number(view, "serving_target_ms", "view.serving_target_ms", false, 1e-6, 1e9);
    v.servingTtftTargetMs = s.number(view, "serving_ttft_target_ms", "view.serving_ttft_target_ms", false, 1e-6, 1e9);
    constexpr double kMostYears = 100.0;
    v.years = s.number(view, "years", "view.years", false, 1e-3, kMostYears).value_or(v.years);
    v.utilisation = s.number(view, "utilisation", "view.utilisation", false, 1e-6, 1.0).value_or(v.utilisation);
    constexpr double kMostUsdPerKwh = 100.0;
    v.usdPerKwh = s.number(view, "usd_per_kwh", "view.usd_per_kwh", false, 0.0, kMostUsdPerKwh);
    v.sizeByRuntime = s.boolean(view, "marker_size_by_runtime", "view.marker_size_by_runtime").value_or(false);
    constexpr double kMaxTopKernels = 1e6;
    if (const auto top = s.number(view, "top_kernels", "view.top_kernels", false, 0.0, kMaxTopKernels)) {
        if (*top != std::floor(*top)) {
            s.error(view["top_kernels"], "view.top_kernels", "expected a whole number of kernels (0: all)");
        } else {
            v.topKernels = static_cast<int>(*top);
        }
    }
}

bool isXLevelName(const std::string& value)
{
    constexpr size_t kMaxName = 64;
    return !value.empty() && value.size() <= kMaxName && std::all_of(value.begin(), value.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    });
}

void emitAnnotations(YAML::Emitter& out, const Session& session)
{
    // Only what loads again: arrows between kernels the session has (a renamed or deleted kernel takes
    // its arrows with it), free text with a place.
    std::vector<const Annotation*> kept;
    for (const Annotation& a : session.annotations) {
        if (a.isArrow() ? hasKernel(session, a.from) && hasKernel(session, a.to)
                        : !a.text.empty() && a.at.has_value()) {
            kept.push_back(&a);
        }
    }
    if (kept.empty()) {
        return;
    }
    out << YAML::Key << "annotations" << YAML::Value << YAML::BeginSeq;
    for (const Annotation* annotation : kept) {
        const Annotation& a = *annotation;
        out << YAML::Flow << YAML::BeginMap;
        if (a.isArrow()) {
            out << YAML::Key << "from" << YAML::Value << a.from << YAML::Key << "to" << YAML::Value << a.to;
        }
        if (!a.text.empty()) {
            out << YAML::Key << "text" << YAML::Value << a.text;
        }
        if (a.at) {
            out << YAML::Key << "at" << YAML::Value << YAML::Flow << YAML::BeginSeq << formatExact(a.at->first)
                << formatExact(a.at->second) << YAML::EndSeq;
        }
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
}

void emitViewExtras(YAML::Emitter& out, const ViewSettings& v)
{
    if (!v.commFractions.empty()) {
        out << YAML::Key << "comm_fractions" << YAML::Value << YAML::Flow << YAML::BeginSeq;
        for (double f : v.commFractions) {
            out << formatExact(f);
        }
        out << YAML::EndSeq;
    }
    if (v.shadeBetween.size() == 2) {
        out << YAML::Key << "shade_between" << YAML::Value << YAML::Flow << v.shadeBetween;
    }
    if (!v.xLevel.empty()) {
        out << YAML::Key << "x_level" << YAML::Value << v.xLevel;
    }
    out << YAML::Key << "label_intensity" << YAML::Value << v.labelIntensity;
    if (v.servingX != "ms_per_token") {
        out << YAML::Key << "serving_x" << YAML::Value << v.servingX;
    }
    if (v.servingY != "tokens_per_s_per_chip") {
        out << YAML::Key << "serving_y" << YAML::Value << v.servingY;
    }
    if (v.servingTargetMs) {
        out << YAML::Key << "serving_target_ms" << YAML::Value << formatExact(*v.servingTargetMs);
    }
    if (v.servingTtftTargetMs) {
        out << YAML::Key << "serving_ttft_target_ms" << YAML::Value << formatExact(*v.servingTtftTargetMs);
    }
    if (v.years != ViewSettings {}.years) {
        out << YAML::Key << "years" << YAML::Value << formatExact(v.years);
    }
    if (v.utilisation != ViewSettings {}.utilisation) {
        out << YAML::Key << "utilisation" << YAML::Value << formatExact(v.utilisation);
    }
    if (v.usdPerKwh) {
        out << YAML::Key << "usd_per_kwh" << YAML::Value << formatExact(*v.usdPerKwh);
    }
    if (v.topKernels > 0) {
        out << YAML::Key << "top_kernels" << YAML::Value << v.topKernels;
    }
    if (v.sizeByRuntime) {
        out << YAML::Key << "marker_size_by_runtime" << YAML::Value << true;
    }
}

std::string annotationRatioLabel(double fromSeconds, double toSeconds)
{
    if (!(fromSeconds > 0.0) || !(toSeconds > 0.0) || !std::isfinite(fromSeconds / toSeconds)) {
        return {};
    }
    const double ratio = fromSeconds / toSeconds;
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, ratio >= 10.0 ? "%.0fx" : "%.1fx", ratio);
    return buffer;
}

} // namespace roofscope
