#include "widgets/DeviceEditorDialog.h"

#include "io/HardwareLoader.h"
#include "io/HardwareWriter.h"
#include "model/Units.h"
#include "session/QtText.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

// "989 TFLOP/s" for a peak (OP/s for integer precisions), "3.35 TB/s" for a bandwidth: exact digits,
// so an untouched field reads back as the same value.
QString peakText(const ComputePeak& c)
{
    QString t = qs(formatExact(c.flopsPerSecond / 1e12)) + " TFLOP/s";
    if (c.precision.rfind("int", 0) == 0) {
        t.replace("FLOP/s", "OP/s");
    }
    return t;
}

QString bandwidthText(double bytesPerSecond)
{
    if (bytesPerSecond >= 1e12) {
        return qs(formatExact(bytesPerSecond / 1e12)) + " TB/s";
    }
    return qs(formatExact(bytesPerSecond / 1e9)) + " GB/s";
}

// The source an edited figure cites: the original's sources give other values.
const char* const kEditedSource = "user-edit";

// A field's value differs from the file's beyond the rounding of its text.
bool changed(double edited, double original)
{
    return std::fabs(edited - original) > 1e-9 * std::fabs(original);
}

} // namespace

DeviceEditorDialog::DeviceEditorDialog(const Hardware& base, QString folder, QWidget* parent)
    : QDialog(parent)
    , m_base(base)
    , m_folder(std::move(folder))
{
    setWindowTitle(tr("New device from %1").arg(qs(base.name)));
    auto* layout = new QVBoxLayout(this);
    auto* formHost = new QWidget(this);
    auto* form = new QFormLayout(formHost);

    m_id = new QLineEdit(qs(base.id + "-copy"), this);
    m_id->setObjectName("idEdit");
    form->addRow(tr("&Id"), m_id);
    m_name = new QLineEdit(qs(base.name + " (copy)"), this);
    m_name->setObjectName("nameEdit");
    form->addRow(tr("&Name"), m_name);
    m_generation = new QLineEdit(qs(base.shortLabel() + " copy"), this);
    m_generation->setObjectName("generationEdit");
    m_generation->setToolTip(tr("The short label of the chart's legend and the hardware dock"));
    form->addRow(tr("Short &label"), m_generation);

    for (const auto& c : base.compute) {
        auto* edit = new QLineEdit(peakText(c), this);
        edit->setObjectName(qs("peak-" + c.unit + "-" + c.precision));
        edit->setToolTip(tr("Dense peak with its unit, e.g. 989 TFLOP/s or 1.98 PFLOP/s"));
        form->addRow(tr("%1 %2 peak").arg(qs(c.unit), qs(c.precision)), edit);
        m_peaks.push_back(edit);
    }
    for (const auto& l : base.levels) {
        auto* edit = new QLineEdit(bandwidthText(l.bytesPerSecond), this);
        edit->setObjectName(qs("bandwidth-" + l.name));
        edit->setToolTip(tr("Bandwidth with its unit, e.g. 3.35 TB/s or 820 GB/s"));
        form->addRow(tr("%1 bandwidth").arg(qs(l.name)), edit);
        m_bandwidths.push_back(edit);
    }
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(formHost);
    scroll->setWidgetResizable(true);
    layout->addWidget(scroll, 1);

    m_status = new QLabel(this);
    m_status->setObjectName("statusLabel");
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    layout->addWidget(buttons);
    m_save = buttons->button(QDialogButtonBox::Save);
    m_save->setText(tr("&Save")); // Alt+S, as every dialog's buttons have their mnemonic
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_save, &QPushButton::clicked, this, [this] {
        QString error;
        if (!save(&error).isEmpty()) {
            accept();
        } else {
            m_status->setText(error);
        }
    });
    for (QLineEdit* edit : findChildren<QLineEdit*>()) {
        connect(edit, &QLineEdit::textChanged, this, &DeviceEditorDialog::revalidate);
    }
    revalidate();
    resize(560, 640);
}

void DeviceEditorDialog::setTakenIds(std::set<std::string> ids)
{
    m_taken = std::move(ids);
    revalidate();
}

std::optional<Hardware> DeviceEditorDialog::edited(QString* error) const
{
    return check(error, nullptr);
}

std::optional<Hardware> DeviceEditorDialog::check(QString* error, QLineEdit** field) const
{
    QLineEdit* at = nullptr; // the field a refusal names
    auto fail = [&](const QString& message) -> std::optional<Hardware> {
        if (error) {
            *error = message;
        }
        if (field) {
            *field = at;
        }
        return std::nullopt;
    };
    Hardware hw = m_base;
    hw.id = m_id->text().trimmed().toStdString();
    hw.name = m_name->text().trimmed().toStdString();
    hw.generation = m_generation->text().trimmed().toStdString();
    hw.label = hw.generation; // the short label typed, not the original's
    at = m_id;
    if (hw.id.empty()) {
        return fail(tr("Id: an id is required"));
    }
    if (m_taken.count(hw.id)) {
        return fail(tr("Id: '%1' is already a loaded device").arg(qs(hw.id)));
    }
    at = m_name;
    if (hw.name.empty()) {
        return fail(tr("Name: a name is required"));
    }
    for (size_t i = 0; i < m_peaks.size(); ++i) {
        at = m_peaks[i];
        const auto parsed = parseQuantity(m_peaks[i]->text().trimmed().toStdString(), Dimension::FlopsPerSecond, true);
        ComputePeak& c = hw.compute[i];
        if (!parsed.value) {
            return fail(tr("%1 %2 peak: %3").arg(qs(c.unit), qs(c.precision), qs(parsed.error)));
        }
        if (!(*parsed.value > 0.0)) {
            return fail(tr("%1 %2 peak: must be greater than zero").arg(qs(c.unit), qs(c.precision)));
        }
        if (changed(*parsed.value, c.flopsPerSecond)) {
            c.flopsPerSecond = *parsed.value;
            c.sparseFlopsPerSecond.reset(); // the vendor's sparse figure no longer belongs to the edited peak
            c.estimate = false;
            c.source = kEditedSource; // the original's source does not give this figure
        }
    }
    for (size_t i = 0; i < m_bandwidths.size(); ++i) {
        at = m_bandwidths[i];
        const auto parsed
            = parseQuantity(m_bandwidths[i]->text().trimmed().toStdString(), Dimension::BytesPerSecond, true);
        BandwidthLevel& l = hw.levels[i];
        if (!parsed.value) {
            return fail(tr("%1 bandwidth: %2").arg(qs(l.name), qs(parsed.error)));
        }
        if (!(*parsed.value > 0.0)) {
            return fail(tr("%1 bandwidth: must be greater than zero").arg(qs(l.name)));
        }
        if (changed(*parsed.value, l.bytesPerSecond)) {
            l.bytesPerSecond = *parsed.value;
            l.estimate = false;
            l.source = kEditedSource;
        }
    }
    const auto cites = [&](const auto& figures) {
        return std::any_of(figures.begin(), figures.end(), [](const auto& f) { return f.source == kEditedSource; });
    };
    const bool listed = std::any_of(hw.sources.begin(), hw.sources.end(),
        [](const SourceRef& ref) { return ref.id == kEditedSource; }); // a copy of a copy
    if (!listed && (cites(hw.compute) || cites(hw.levels))) {
        SourceRef edited;
        edited.id = kEditedSource;
        edited.title = "Entered in the device editor";
        edited.document = "figures entered by hand in a copy of " + m_base.id;
        hw.sources.push_back(edited);
    }
    // The loader is the validator: the copy must load back from its own YAML, strictly.
    const std::string yaml = hardwareToYaml(hw);
    auto loaded = loadHardwareText(yaml, hw.id.empty() ? std::string("new device") : hw.id + ".yaml");
    if (!loaded.hardware) {
        const std::string where = loaded.diagnostics.empty() ? std::string() : loaded.diagnostics.front().path;
        at = where == "id" ? m_id : where == "name" ? m_name : where == "generation" ? m_generation : nullptr;
        const std::string message = loaded.diagnostics.empty() ? "invalid device" : loaded.diagnostics.front().message;
        return fail(qs(message));
    }
    loaded.hardware->origin = m_base.origin;
    return loaded.hardware;
}

QString DeviceEditorDialog::save(QString* error)
{
    auto hw = edited(error);
    if (!hw) {
        return {};
    }
    if (!QDir().mkpath(m_folder)) {
        if (error) {
            *error = tr("Cannot create the folder %1").arg(m_folder);
        }
        return {};
    }
    const QString path = QDir(m_folder).filePath(qs(hw->id) + ".yaml");
    if (QFileInfo::exists(path)) {
        if (error) {
            *error = tr("%1 already exists; choose another id").arg(path);
        }
        return {};
    }
    const std::string failure = saveHardwareFile(*hw, path.toStdString());
    if (!failure.empty()) {
        if (error) {
            *error = qs(failure);
        }
        return {};
    }
    m_savedPath = path;
    return path;
}

QString DeviceEditorDialog::statusText() const
{
    return m_status->text();
}

void DeviceEditorDialog::revalidate()
{
    QString error;
    QLineEdit* refused = nullptr;
    const bool ok = check(&error, &refused).has_value();
    if (m_refused && m_refused != refused) {
        m_refused->setStyleSheet(QString());
        m_refused->setToolTip(m_refused->property("plainToolTip").toString());
    }
    if (refused) {
        if (!refused->property("plainToolTip").isValid()) {
            refused->setProperty("plainToolTip", refused->toolTip());
        }
        refused->setStyleSheet(QStringLiteral("background: #fde2e2;"));
        refused->setToolTip(error);
    }
    m_refused = refused;
    m_status->setText(
        ok ? tr("Valid: saves to %1").arg(QDir(m_folder).filePath(m_id->text().trimmed() + ".yaml")) : error);
    m_save->setEnabled(ok);
}

} // namespace roofscope

#include "moc_DeviceEditorDialog.cpp"
