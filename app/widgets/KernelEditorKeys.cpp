// KernelEditor: Escape in a refused field, and "More levels" (only level names some device has).

#include "widgets/KernelEditor.h"

#include "figures/SessionAnalysis.h"
#include "io/HardwareLoader.h"
#include "model/Units.h"
#include "session/DisplayName.h"
#include "session/QtText.h"
#include "session/SessionDocument.h"

#include <QEvent>
#include <QKeyEvent>
#include <QLineEdit>

#include <algorithm>
#include <set>

namespace roofscope {

bool KernelEditor::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::KeyPress && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
        auto* field = qobject_cast<QWidget*>(watched);
        if (field && !fieldMessage(field).isEmpty()) {
            revertField(field);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void KernelEditor::revertField(QWidget* field)
{
    showMessage(field, {});
    field->setStyleSheet(QString());
    const auto& kernels = m_document->session().kernels;
    if (m_kernel < 0 || static_cast<size_t>(m_kernel) >= kernels.size()) {
        return;
    }
    if (field == m_name) {
        m_name->setText(qs(kernels[static_cast<size_t>(m_kernel)].name));
    } else if (field == m_newLevel) {
        m_newLevel->clear();
    } else {
        refreshValues(); // every number field shows the session's value again (and turns white)
    }
}

QStringList KernelEditor::knownLevels() const
{
    // "default" and the main-memory names (docs/model.md#where-bytes-are-counted) land on every device's main memory.
    std::set<QString> names { QStringLiteral("default"), QStringLiteral("hbm"), QStringLiteral("dram"),
        QStringLiteral("gddr"), QStringLiteral("lpddr"), QStringLiteral("main") };
    for (const Hardware& hw : m_analysis->hardware().devices()) {
        for (const BandwidthLevel& level : hw.levels) {
            names.insert(qs(level.name).toLower());
            for (const std::string& alias : level.aliases) {
                names.insert(qs(alias).toLower());
            }
        }
    }
    return QStringList(names.begin(), names.end());
}

void KernelEditor::addLevelFromText(QLineEdit* field)
{
    const QString text = field->text().trimmed();
    if (text.isEmpty()) {
        showMessage(field, {});
        return;
    }
    const qsizetype eq = text.indexOf(QLatin1Char('='));
    if (eq <= 0) {
        showMessage(field, tr("Write the level and its bytes as name=bytes, e.g. l2=40 GB"));
        return;
    }
    const QString level = text.left(eq).trimmed().toLower();
    // A level no device has would be drawn nowhere: refuse it, naming the levels there are.
    const QStringList known = knownLevels();
    if (!known.contains(level)) {
        showMessage(field,
            tr("No device has a level named '%1'; the levels are %2")
                .arg(elidedName(level, 40), known.join(QStringLiteral(", "))));
        return;
    }
    const ParsedQuantity bytes = parseQuantity(text.mid(eq + 1).trimmed().toStdString(), Dimension::Bytes);
    if (!bytes.value) {
        showMessage(field, tr("Bytes on %1: %2").arg(level, qs(bytes.error)));
        return;
    }
    const Kernel& current = m_document->session().kernels[static_cast<size_t>(m_kernel)];
    if (std::any_of(
            current.bytes.begin(), current.bytes.end(), [&](const LevelBytes& b) { return qs(b.level) == level; })) {
        showMessage(field, tr("%1 already has bytes on %2").arg(elidedName(current.name), level));
        return;
    }
    const QString name = qs(current.name);
    if (applyEdit(
            [&](Kernel& k) {
                k.bytes.push_back({ level.toStdString(), *bytes.value });
            },
            field, tr("Add %1 bytes to %2").arg(level, name))) {
        field->clear(); // the rebuild that shows the new level comes from the event loop
    }
}

} // namespace roofscope
