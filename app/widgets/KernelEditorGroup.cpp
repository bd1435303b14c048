// KernelEditor: the fields of a kernel group (`template: transformer`), one transformer step that the
// window shows as its kernels. Its sizes are whole numbers; every entry is checked by the core's
// expansion (hidden a multiple of heads, heads of kv_heads, ...) and a refusal is shown at the field.

#include "widgets/KernelEditor.h"
#include "widgets/WrappedLabel.h"

#include "model/Precision.h"
#include "model/TransformerWorkload.h"
#include "session/QtText.h"
#include "session/SessionDocument.h"
#include "widgets/SiSpinBox.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>

#include <optional>

namespace roofscope {

namespace {
QString parameterHelp(const std::string& name)
{
    if (name == "layers") {
        return QObject::tr("Transformer layers (blocks)");
    }
    if (name == "hidden") {
        return QObject::tr("Model width d_model");
    }
    if (name == "heads") {
        return QObject::tr("Attention (query) heads; hidden must be a multiple");
    }
    if (name == "kv_heads") {
        return QObject::tr("Key/value heads (grouped-query attention); heads must be a multiple");
    }
    if (name == "ffn") {
        return QObject::tr("Width of the feed-forward layer");
    }
    if (name == "vocab") {
        return QObject::tr("Vocabulary size (the logits matmul)");
    }
    if (name == "batch") {
        return QObject::tr("Sequences processed together in one step (per data-parallel replica)");
    }
    if (name == "seq") {
        return QObject::tr("prefill: tokens per sequence; decode: tokens in the KV cache");
    }
    // The serving parameters (docs/serving.md, docs/model.md#shape-and-parallelism).
    if (name == "head_dim") {
        return QObject::tr("Width of one attention head (default hidden / heads)");
    }
    if (name == "tp" || name == "pp" || name == "dp") {
        return QObject::tr("Tensor, pipeline and data parallelism: tp x pp x dp must be the device's chips");
    }
    if (name == "ep") {
        return QObject::tr("Expert-parallel degree: the chips (or groups of chips) that hold whole experts; 1 with "
                           "expert_layout tp (the default), tp with ep");
    }
    if (name == "q_lora_rank" || name == "kv_lora_rank" || name == "qk_nope_head_dim" || name == "qk_rope_head_dim"
        || name == "v_head_dim") {
        return QObject::tr("Multi-head latent attention (DeepSeek-V2/V3): kv_lora_rank > 0 caches a latent of that "
                           "width and a qk_rope_head_dim rotary key per token; 0: ordinary attention");
    }
    if (name == "memory_utilization") {
        return QObject::tr("Share of each chip's memory the serving engine may fill (vLLM's gpu_memory_utilization, "
                           "often 0.9); 1, the default, is the whole capacity the driver reports");
    }
    // A request mix (docs/serving.md#requests).
    if (name == "isl" || name == "osl") {
        return QObject::tr("A request mix: input (isl) and output (osl) tokens per request, given together instead "
                           "of seq and phase; 0: a single step");
    }
    if (name == "concurrency") {
        return QObject::tr("A request mix: requests in flight over the whole device, instead of batch");
    }
    return QObject::tr("Mixture of experts: experts (0 = dense), top_k, shared_experts, expert_ffn, dense_layers");
}

QStringList optionChoices(const std::string& option)
{
    if (option == "phase") {
        return { QStringLiteral("decode"), QStringLiteral("prefill") };
    }
    if (option == "attention") {
        return { QStringLiteral("fused"), QStringLiteral("unfused") };
    }
    if (option == "ffn_gated" || option == "causal") {
        return { QStringLiteral("true"), QStringLiteral("false") };
    }
    if (option == "tied_embeddings") {
        return { QStringLiteral("false"), QStringLiteral("true") };
    }
    if (option == "logits") {
        return { QStringLiteral("last"), QStringLiteral("all") };
    }
    if (option == "kv_shard") {
        return { QStringLiteral("replicate"), QStringLiteral("batch") };
    }
    if (option == "fused") {
        return { QStringLiteral("true"), QStringLiteral("false") };
    }
    if (option == "allreduce") {
        return { QStringLiteral("auto"), QStringLiteral("ring"), QStringLiteral("two_shot"), QStringLiteral("one_shot"),
            QStringLiteral("in_switch") };
    }
    if (option == "expert_layout") {
        return { QStringLiteral("tp"), QStringLiteral("ep"), QStringLiteral("both") };
    }
    QStringList precisions;
    for (const std::string& p : knownPrecisions()) {
        precisions << qs(p);
    }
    return precisions;
}
} // namespace

void KernelEditor::buildGroupFields(const Kernel& kernel)
{
    auto* signature = new QLabel(tr("transformer step: a kernel group, shown as its kernels"), m_fields);
    signature->setWordWrap(true);
    signature->setToolTip(tr("Its kernels follow these parameters; they are not edited or dragged one by one"));
    m_form->addRow(tr("Template"), signature);
    const QString group = qs(kernel.name);
    addPresetField(group);
    for (const std::string& parameter : transformerParameters()) {
        auto* box = new SiSpinBox(m_fields);
        if (parameter == "memory_utilization") {
            box->setRange(0.0, 1.0, true); // a share of the chip's memory, above 0
        } else {
            box->setInteger(true);
            const bool mayBeZero = parameter == "experts" || parameter == "shared_experts"
                || parameter == "dense_layers" || parameter.find("lora_rank") != std::string::npos
                || parameter.find("head_dim") != std::string::npos;
            box->setRange(mayBeZero ? 0.0 : 1.0, 1e12);
        }
        const QString name = qs(parameter);
        box->setSubject(name);
        box->setToolTip(parameterHelp(parameter));
        box->setObjectName(QStringLiteral("group-%1").arg(name));
        addField(name, box);
        m_params.emplace_back(name, box);
        connect(
            box, &SiSpinBox::entryRefused, this, [this, box](const QString& message) { showMessage(box, message); });
        connect(box, &SiSpinBox::valueCommitted, this, [this, box, name, group](double value) {
            applyEdit(
                [&](Kernel& k) { k.templ->params[name.toStdString()] = value; }, box, tr("%1 of %2").arg(name, group));
        });
    }
    for (const std::string& option : transformerOptions()) {
        if (option == "model") {
            continue; // the preset field above names it and puts its shape on the group
        }
        auto* combo = new QComboBox(m_fields);
        const bool derivedDtype = option == "kv_dtype" || option == "weight_dtype" || option == "lm_head_dtype";
        const QStringList choices = optionChoices(option);
        // The first entry is the default: leaves the option out of the session.
        combo->addItem(derivedDtype        ? tr("as dtype")
                : option == "dtype"        ? tr("default (bf16)")
                : option == "expert_dtype" ? tr("as weight_dtype")
                                           : tr("default (%1)").arg(choices.front()),
            QString());
        for (const QString& choice : choices) {
            combo->addItem(choice, choice);
        }
        const QString name = qs(option);
        combo->setObjectName(QStringLiteral("group-%1").arg(name));
        addField(name, combo);
        m_options.emplace_back(name, combo);
        connect(combo, &QComboBox::activated, this, [this, combo, name, group](int item) {
            const QString value = combo->itemData(item).toString();
            applyOption(combo, name, value, tr("%1 of %2").arg(name, group));
        });
    }
    m_derived = new WrappedLabel(m_fields);
    m_derived->setObjectName(QStringLiteral("derived"));
    m_derived->setWordWrap(true);
    m_derived->setToolTip(tr("The whole step: every kernel's FLOPs and bytes times its count"));
    m_form->addRow(tr("Step"), m_derived);
}

void KernelEditor::applyOption(QComboBox* combo, const QString& name, const QString& value, const QString& actionText)
{
    applyEdit(
        [&](Kernel& k) {
            if (value.isEmpty()) {
                k.templ->options.erase(name.toStdString());
            } else {
                k.templ->options[name.toStdString()] = value.toStdString();
            }
        },
        combo, actionText);
}

QString KernelEditor::autoParameterText(const Kernel& kernel, const QString& name, double* value) const
{
    // A transformer group's tp follows each shown device's chips (tp x pp x dp = chips), and ep follows
    // the expert layout; latent attention has no head_dim: the field says what the step runs with.
    if (!isKernelGroup(kernel) || !m_document) {
        return {};
    }
    const TemplateInstance& t = *kernel.templ;
    if (name == QLatin1String("head_dim") && transformerParameter(t, "kv_lora_rank") > 0.0) {
        // Latent attention's heads are qk_nope_head_dim + qk_rope_head_dim wide (v_head_dim for values).
        if (value) {
            *value = transformerParameter(t, "qk_nope_head_dim") + transformerParameter(t, "qk_rope_head_dim");
        }
        return tr("not used (MLA)");
    }
    if (name == QLatin1String("ep")) {
        if (transformerParameter(t, "experts") <= 0.0) {
            return tr("none (dense)");
        }
        // The layout decides (docs/model.md#expert-layouts): tp splits every expert (ep 1), ep holds
        // whole experts on tp chips unless ep is given.
        const auto layout = t.options.find("expert_layout");
        if (layout != t.options.end() && layout->second == "ep") {
            return tr("auto (= tp)");
        }
        return tr("1 (experts split over tp)");
    }
    if (name != QLatin1String("tp")) {
        return {};
    }
    const double stage = transformerParameter(t, "pp") * transformerParameter(t, "dp");
    std::optional<double> tp;
    for (const DeviceSelection& device : m_document->session().devices) {
        if (!device.visible) {
            continue;
        }
        const double value = device.chips / stage;
        if (tp && *tp != value) {
            return tr("auto (each device's chips)");
        }
        tp = value;
    }
    if (tp && value) {
        *value = *tp; // the arrows step from what the step runs with
    }
    return tp ? tr("auto (%1)").arg(*tp) : tr("auto (the chips)");
}

} // namespace roofscope
