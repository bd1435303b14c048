#include "model/Templates.h"

#include "model/Precision.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"

#include <cmath>

namespace roofscope {

namespace {

using Getter = std::function<double(const std::string&)>;

// Size in bytes of operand `which` ("a", "b", "out", "acc"): its own dtype_<which>, else dtype.
double operandSize(const TemplateInstance& instance, const std::string& which)
{
    auto own = instance.options.find("dtype_" + which);
    if (own != instance.options.end()) {
        return bytesPerElement(own->second).value_or(2.0);
    }
    auto all = instance.options.find("dtype");
    return bytesPerElement(all != instance.options.end() ? all->second : "bf16").value_or(2.0);
}

std::string computeDtype(const TemplateInstance& instance)
{
    auto all = instance.options.find("dtype");
    return all != instance.options.end() ? all->second : "bf16";
}

TemplateParameter sizeParam(const std::string& name, const std::string& description, double guiDefault)
{
    TemplateParameter p;
    p.name = name;
    p.description = description;
    p.defaultValue = guiDefault;
    return p;
}

TemplateParameter optionalParam(
    const std::string& name, const std::string& description, double defaultValue, bool integer, double minimum)
{
    TemplateParameter p;
    p.name = name;
    p.description = description;
    p.defaultValue = defaultValue;
    p.required = false;
    p.integer = integer;
    p.size = false;
    p.minimum = minimum;
    return p;
}

const std::vector<std::string> kMatmulOptions { "dtype", "dtype_a", "dtype_b", "dtype_out", "dtype_acc" };
const std::vector<std::string> kDtypeOnly { "dtype" };

std::vector<TemplateDefinition> buildDefinitions()
{
    std::vector<TemplateDefinition> defs;

    defs.push_back({ "matmul", "matmul(m,k,n)", "C[m,n] = A[m,k] B[k,n]",
        { sizeParam("m", "rows of A and C (e.g. tokens in the batch)", 4096),
            sizeParam("k", "contraction dimension", 4096), sizeParam("n", "columns of B and C", 4096) },
        kMatmulOptions, [](const TemplateInstance& t, const Getter& p) {
            const double m = p("m");
            const double k = p("k");
            const double n = p("n");
            double bytes = m * k * operandSize(t, "a") + k * n * operandSize(t, "b") + m * n * operandSize(t, "out");
            if (t.options.contains("dtype_acc")) {
                bytes += m * n * operandSize(t, "acc"); // the accumulator written once
            }
            return TemplateWork { 2.0 * m * k * n, { { "default", bytes } }, bytes, computeDtype(t) };
        } });

    defs.push_back({ "dot", "dot(n)", "dot product of two vectors of n elements",
        { sizeParam("n", "vector length", 1e6) }, kDtypeOnly, [](const TemplateInstance& t, const Getter& p) {
            const double n = p("n");
            const double s = operandSize(t, "a");
            const double bytes = 2.0 * n * s + s;
            return TemplateWork { 2.0 * n - 1.0, { { "default", bytes } }, bytes, computeDtype(t) };
        } });

    defs.push_back({ "elementwise", "elementwise(n, flops_per_element=1, inputs=1)",
        "an elementwise op reading `inputs` tensors of n elements and writing one",
        { sizeParam("n", "elements", 268435456), optionalParam("flops_per_element", "FLOPs per element", 1, false, 0),
            optionalParam("inputs", "input tensors", 1, true, 0) },
        kDtypeOnly, [](const TemplateInstance& t, const Getter& p) {
            const double n = p("n");
            const double bytes = (p("inputs") + 1.0) * n * operandSize(t, "a");
            return TemplateWork { n * p("flops_per_element"), { { "default", bytes } }, bytes, computeDtype(t) };
        } });

    defs.push_back({ "layernorm", "layernorm(rows, hidden)", "layer normalisation over `hidden` for `rows` rows",
        { sizeParam("rows", "rows (batch x sequence)", 65536), sizeParam("hidden", "hidden size", 4096) }, kDtypeOnly,
        [](const TemplateInstance& t, const Getter& p) {
            const double rows = p("rows");
            const double hidden = p("hidden");
            const double bytes = (3.0 * rows * hidden + 2.0 * hidden) * operandSize(t, "a");
            return TemplateWork { 10.0 * rows * hidden, { { "default", bytes } }, bytes, computeDtype(t) };
        } });

    defs.push_back(
        { "tiled_matmul", "tiled_matmul(bm,bk,bn, tm,tk,tn)", "a matmul run as tm x tk x tn tiles of bm x bk x bn",
            { sizeParam("bm", "tile rows", 128), sizeParam("bk", "tile depth", 128),
                sizeParam("bn", "tile columns", 128), sizeParam("tm", "tiles along m", 32),
                sizeParam("tk", "tiles along k", 32), sizeParam("tn", "tiles along n", 32) },
            kDtypeOnly, [](const TemplateInstance& t, const Getter& p) {
                const double bm = p("bm");
                const double bk = p("bk");
                const double bn = p("bn");
                const double tm = p("tm");
                const double tk = p("tk");
                const double tn = p("tn");
                const double s = operandSize(t, "a");
                const double bytes = s * tm * tn * (tk * (bm * bk + bk * bn) + bm * bn);
                const double tileSet = s * (bm * bk + bk * bn + bm * bn); // one tile of each operand on chip
                return TemplateWork { 2.0 * tm * tn * tk * bm * bk * bn, { { "default", bytes } }, tileSet,
                    computeDtype(t) };
            } });

    defs.push_back({ "per_example_matmul", "per_example_matmul(b,d,f)", "X[b,d] Y[b,d,f]: a weight matrix per example",
        { sizeParam("b", "batch", 256), sizeParam("d", "input features", 4096),
            sizeParam("f", "output features", 4096) },
        kDtypeOnly, [](const TemplateInstance& t, const Getter& p) {
            const double b = p("b");
            const double d = p("d");
            const double f = p("f");
            const double bytes = operandSize(t, "a") * (b * d + b * d * f + b * f);
            return TemplateWork { 2.0 * b * d * f, { { "default", bytes } }, bytes, computeDtype(t) };
        } });

    auto sharded = TemplateDefinition { "sharded_matmul", "sharded_matmul(b,d,f, chips=2, link=ici)",
        "a matmul with the contraction dimension d sharded over `chips`; partial sums cross `link`",
        { sizeParam("b", "batch (tokens)", 1024), sizeParam("d", "contraction dimension (sharded)", 8192),
            sizeParam("f", "output features", 8192), optionalParam("chips", "chips sharing d", 2, true, 2) },
        { "dtype", "link" }, [](const TemplateInstance& t, const Getter& p) {
            const double b = p("b");
            const double d = p("d");
            const double f = p("f");
            const double chips = p("chips");
            const double s = operandSize(t, "a");
            const double memory = s * (b * d / chips + d * f / chips + b * f);
            const double partialSums = 2.0 * (chips - 1.0) / chips * s * b * f;
            auto link = t.options.find("link");
            const std::string linkName = link != t.options.end() ? link->second : "ici";
            return TemplateWork { 2.0 * b * d * f / chips, { { "default", memory }, { linkName, partialSums } }, memory,
                computeDtype(t) };
        } };
    defs.push_back(sharded);

    defs.push_back({ "fused_chain", "fused_chain(n, flops_per_element, kernels)",
        "an elementwise chain run as `kernels` kernels, each reading and writing n elements",
        { sizeParam("n", "elements", 268435456), optionalParam("flops_per_element", "FLOPs per element", 20, false, 0),
            optionalParam("kernels", "kernels the chain runs as", 1, true, 1) },
        kDtypeOnly, [](const TemplateInstance& t, const Getter& p) {
            const double n = p("n");
            const double s = operandSize(t, "a");
            const double bytes = p("kernels") * 2.0 * n * s;
            return TemplateWork { n * p("flops_per_element"), { { "default", bytes } }, 2.0 * n * s, computeDtype(t) };
        } });
    // The command line's template table (docs/cli.md#kernel-templates) gives flops_per_element and kernels of
    // fused_chain no defaults: require them.
    for (auto& param : defs.back().parameters) {
        param.required = true;
    }
    return defs;
}

} // namespace

const TemplateParameter* TemplateDefinition::parameter(const std::string& paramName) const
{
    for (const auto& p : parameters) {
        if (p.name == paramName) {
            return &p;
        }
    }
    return nullptr;
}

std::string TemplateDefinition::defaultFreeParameter() const
{
    for (const auto& p : parameters) {
        if (p.size) {
            return p.name;
        }
    }
    return parameters.empty() ? std::string {} : parameters.front().name;
}

const std::vector<TemplateDefinition>& templateDefinitions()
{
    static const std::vector<TemplateDefinition> defs = buildDefinitions();
    return defs;
}

const TemplateDefinition* findTemplate(const std::string& name)
{
    for (const auto& def : templateDefinitions()) {
        if (def.name == name) {
            return &def;
        }
    }
    return nullptr;
}

TemplateResult deriveTemplate(const TemplateInstance& instance, bool allowFractional)
{
    const TemplateDefinition* def = findTemplate(instance.name);
    if (!def) {
        std::string known;
        for (const auto& d : templateDefinitions()) {
            known += (known.empty() ? "" : ", ") + d.name;
        }
        return { std::nullopt, "unknown template '" + instance.name + "' (known: " + known + ")" };
    }
    for (const auto& [name, value] : instance.params) {
        const TemplateParameter* p = def->parameter(name);
        if (!p) {
            return { std::nullopt, def->signature + " has no parameter '" + name + "'" };
        }
        if (!std::isfinite(value) || value < p->minimum || value > p->maximum) {
            return { std::nullopt,
                "parameter " + name + "=" + formatNumber(value, 6) + " of " + def->name + " is out of range ["
                    + formatNumber(p->minimum, 6) + ", " + formatNumber(p->maximum, 6) + "]" };
        }
        if (p->integer && !allowFractional && std::floor(value) != value) {
            return { std::nullopt,
                "parameter " + name + " of " + def->name + " must be a whole number, got " + formatNumber(value, 8) };
        }
    }
    for (const auto& p : def->parameters) {
        if (p.required && !instance.params.contains(p.name)) {
            return { std::nullopt, def->signature + " needs the parameter '" + p.name + "'" };
        }
    }
    for (const auto& [name, value] : instance.options) {
        bool known = false;
        for (const auto& option : def->options) {
            known = known || option == name;
        }
        if (!known) {
            return { std::nullopt, def->signature + " has no option '" + name + "'" };
        }
        if (name.rfind("dtype", 0) == 0 && !bytesPerElement(value)) {
            return { std::nullopt,
                "unknown data type " + name + "=" + value
                    + " (known: fp64 fp32 tf32 bf16 fp16 fp8 int8 fp6 int4 fp4)" };
        }
    }
    auto get = [&](const std::string& name) {
        auto it = instance.params.find(name);
        if (it != instance.params.end()) {
            return it->second;
        }
        const TemplateParameter* p = def->parameter(name);
        return p ? p->defaultValue : 0.0;
    };
    return { def->derive(instance, get), {} };
}

std::string applyTemplate(Kernel& kernel, bool allowFractional)
{
    if (!kernel.templ) {
        return {};
    }
    if (isKernelGroup(kernel)) {
        return applyKernelGroup(kernel, allowFractional); // a transformer step: its totals (expanded at evaluation)
    }
    auto result = deriveTemplate(*kernel.templ, allowFractional);
    if (!result.work) {
        return result.error;
    }
    kernel.flops = result.work->flops;
    kernel.bytes = result.work->bytes;
    kernel.workingSetBytes = result.work->workingSetBytes;
    kernel.templatePrecision = result.work->precision;
    return {};
}

} // namespace roofscope
