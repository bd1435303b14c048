// KernelEditor: the Preset menu of a transformer group.

#include "model/serving/ModelPresets.h"
#include "widgets/KernelEditor.h"

#include <QComboBox>

namespace roofscope {

void KernelEditor::addPresetField(const QString& group)
{
    auto* combo = new QComboBox(m_fields);
    combo->setObjectName(QStringLiteral("group-preset"));
    combo->addItem(tr("choose a model shape…"));
    for (const TransformerPreset& preset : transformerPresets()) {
        const QString source = QString::fromStdString(preset.source);
        combo->addItem(QString::fromStdString(preset.name), QString::fromStdString(preset.id));
        combo->setItemData(combo->count() - 1,
            preset.note.empty() ? tr("Published dimensions: %1").arg(source)
                                : tr("Published dimensions: %1\n%2").arg(source, QString::fromStdString(preset.note)),
            Qt::ToolTipRole);
    }
    combo->setToolTip(tr("Sets the shape of a model of the catalogue (its published configuration: layers, hidden, "
                         "heads, the experts, latent attention) and names it as the group's model; batch, seq, "
                         "phase and the parallelism stay"));
    addField(tr("model"), combo);
    connect(combo, &QComboBox::activated, this, [this, combo, group](int item) {
        if (item <= 0 || item > static_cast<int>(transformerPresets().size())) {
            return;
        }
        const TransformerPreset& preset = transformerPresets()[static_cast<size_t>(item - 1)];
        applyEdit([&](Kernel& k) { applyTransformerPreset(preset, *k.templ); }, combo,
            tr("%1 shape of %2").arg(QString::fromStdString(preset.name), group));
    });
}

} // namespace roofscope
