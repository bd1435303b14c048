#include "widgets/ServingTab.h"
#include "widgets/WrappedLabel.h"

#include "scene/GroupColumns.h"

#include "chart/ServingChart.h"
#include "figures/PublishedRuns.h"
#include "figures/ServingCurves.h"
#include "figures/SessionAnalysis.h"
#include "model/TransformerWorkload.h"
#include "model/serving/MeasuredVerdict.h"
#include "model/serving/Requests.h"
#include "session/SessionDocument.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QShowEvent>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <optional>

namespace roofscope {

ServingTab::ServingTab(SessionDocument* document, SessionAnalysis* analysis, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_analysis(analysis)
{
    setObjectName(QStringLiteral("servingTab"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("x:"), this));
    m_xBox = new QComboBox(this);
    m_xBox->setObjectName(QStringLiteral("servingXBox"));
    // The axis names may elide on a narrow window rather than widen it (their full width when there is room).
    m_xBox->setMinimumWidth(70);
    m_xBox->addItem(tr("ms per output token"), QString::fromStdString(servingXAxisName(ServingXAxis::MsPerToken)));
    m_xBox->addItem(
        tr("tokens/s per user"), QString::fromStdString(servingXAxisName(ServingXAxis::TokensPerSecondPerUser)));
    controls->addWidget(m_xBox);
    controls->addWidget(new QLabel(tr("y:"), this));
    m_yBox = new QComboBox(this);
    m_yBox->setObjectName(QStringLiteral("servingYBox"));
    m_yBox->setMinimumWidth(70);
    m_yBox->addItem(
        tr("tokens/s per chip"), QString::fromStdString(servingYAxisName(ServingYAxis::TokensPerSecondPerChip)));
    m_yBox->addItem(
        tr("tokens/s per $/hour"), QString::fromStdString(servingYAxisName(ServingYAxis::TokensPerSecondPerUsdHour)));
    m_yBox->addItem(tr("tokens per joule"), QString::fromStdString(servingYAxisName(ServingYAxis::TokensPerJoule)));
    controls->addWidget(m_yBox);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("TPOT ms:"), this));
    m_target = new QLineEdit(this);
    m_target->setObjectName(QStringLiteral("servingTargetEdit"));
    m_target->setPlaceholderText(tr("e.g. 50"));
    m_target->setToolTip(tr("A latency SLO in ms per output token: Enter applies it (empty: none); each device's "
                            "best operating point under it is ringed and listed"));
    m_target->setMaximumWidth(120);
    controls->addWidget(m_target);
    addRequestControls(controls);
    m_targetError = new QLabel(this);
    m_targetError->setObjectName(QStringLiteral("servingTargetError"));
    m_targetError->setStyleSheet(QStringLiteral("color: #c0392b"));
    // Neither a long message nor a long group or device name may widen the window (it fits 1280x720).
    m_targetError->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    controls->addWidget(m_targetError);
    controls->addStretch(1);
    layout->addLayout(controls);
    m_chart = new ServingChart(this);
    m_chart->setObjectName(QStringLiteral("servingChart"));
    layout->addWidget(m_chart, 1);
    // The verdict under the chart: its headline first, every device below it; at most four lines high
    // (the rest scrolls), so the chart keeps its height on a laptop screen.
    auto* picksScroll = new QScrollArea(this);
    picksScroll->setObjectName(QStringLiteral("servingPicksScroll"));
    picksScroll->setWidgetResizable(true);
    picksScroll->setFrameShape(QFrame::NoFrame);
    picksScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_picks = new WrappedLabel(picksScroll);
    m_picks->setObjectName(QStringLiteral("servingPicks"));
    m_picks->setTextFormat(Qt::PlainText);
    m_picks->setWordWrap(true);
    QSizePolicy wrapped(QSizePolicy::Ignored, QSizePolicy::Preferred);
    wrapped.setHeightForWidth(true);
    m_picks->setSizePolicy(wrapped);
    m_picks->setTextInteractionFlags(Qt::TextSelectableByMouse);
    picksScroll->setWidget(m_picks);
    constexpr double kPickLines = 4.5;
    picksScroll->setMaximumHeight(static_cast<int>(fontMetrics().lineSpacing() * kPickLines) + 6);
    layout->addWidget(picksScroll);

    const auto setAxis = [this](QComboBox* box, std::string ViewSettings::*member, const QString& text) {
        const std::string value = box->currentData().toString().toStdString();
        if (m_document->session().view.*member == value) {
            return;
        }
        ViewSettings view = m_document->session().view;
        view.*member = value;
        m_document->setView(view, text.arg(box->currentText()));
    };
    connect(m_xBox, &QComboBox::activated, this,
        [this, setAxis] { setAxis(m_xBox, &ViewSettings::servingX, tr("Serving x-axis: %1")); });
    connect(m_yBox, &QComboBox::activated, this,
        [this, setAxis] { setAxis(m_yBox, &ViewSettings::servingY, tr("Serving y-axis: %1")); });
    connect(m_target, &QLineEdit::returnPressed, this, [this] { applyTarget(); });
    connect(
        m_chart, &ServingChart::pointClicked, this, [this](int curve, int point) { setBatchFromPoint(curve, point); });

    connect(m_analysis, &SessionAnalysis::viewChanged, this, [this] {
        syncControls();
        invalidate();
    });
    connect(m_analysis, &SessionAnalysis::sessionReset, this, [this] {
        syncControls();
        invalidate();
    });
    connect(m_analysis, &SessionAnalysis::sceneChanged, this, [this] { invalidate(); });
    connect(m_analysis, &SessionAnalysis::kernelMoved, this, [this](int) { invalidate(); });
    connect(m_analysis, &SessionAnalysis::selectionChanged, this, [this](int kernel) {
        const int group
            = servingGroupIndex(m_document->session(), kernel >= 0 ? m_analysis->sessionKernelOf(kernel) : -1);
        if (group != m_group) {
            invalidate();
        }
    });
    syncControls();
}

void ServingTab::addRequestControls(QHBoxLayout* controls)
{
    controls->addWidget(new QLabel(tr("TTFT ms:"), this));
    m_ttftTarget = new QLineEdit(this);
    m_ttftTarget->setObjectName(QStringLiteral("servingTtftTargetEdit"));
    m_ttftTarget->setPlaceholderText(tr("e.g. 2000"));
    m_ttftTarget->setToolTip(tr("A time-to-first-token limit in ms for a request mix (MLPerf's server limit for "
                                "Llama-2-70B is 2000): Enter applies it (empty: none); a device whose prefill bound "
                                "is over it is not ranked"));
    m_ttftTarget->setMaximumWidth(80);
    controls->addWidget(m_ttftTarget);
    controls->addWidget(new QLabel(tr("Mix:"), this));
    m_scenario = new QComboBox(this);
    m_scenario->setObjectName(QStringLiteral("servingScenarioBox"));
    m_scenario->setMinimumWidth(60);
    m_scenario->setToolTip(tr("The group as one decode step (its batch and context), or a request mix: input/output "
                              "tokens per request with the requests in flight; the verdict then ranks the run's "
                              "tokens/s (prefill included) and gives TTFT and TPOT"));
    m_scenario->addItem(tr("decode step"), QString());
    for (const RequestScenario& scenario : requestScenarios()) {
        m_scenario->addItem(QString::fromStdString(scenario.name), QString::fromStdString(scenario.name));
    }
    controls->addWidget(m_scenario);
    connect(m_scenario, &QComboBox::activated, this, [this] { applyScenario(m_scenario->currentData().toString()); });
    m_published = new QCheckBox(tr("&Published"), this);
    m_published->setObjectName(QStringLiteral("servingPublishedBox"));
    m_published->setToolTip(tr("Shows, in grey, the shipped published serving runs of this model on the shown "
                               "devices and chip counts, each against its bound (never ranked); "
                               "`roofscope runs list` lists them with their sources"));
    controls->addWidget(m_published);
    connect(m_published, &QCheckBox::toggled, this, [this] { refresh(); });
    connect(m_ttftTarget, &QLineEdit::returnPressed, this, [this] { applyTtftTarget(); });
}

void ServingTab::syncControls()
{
    const ViewSettings& view = m_document->session().view;
    m_xBox->setCurrentIndex(std::max(0, m_xBox->findData(QString::fromStdString(view.servingX))));
    m_yBox->setCurrentIndex(std::max(0, m_yBox->findData(QString::fromStdString(view.servingY))));
    if (!m_target->hasFocus() || m_targetError->text().isEmpty()) {
        m_target->setText(view.servingTargetMs ? QString::number(*view.servingTargetMs, 'g', 6) : QString());
    }
    if (!m_ttftTarget->hasFocus() || m_targetError->text().isEmpty()) {
        m_ttftTarget->setText(
            view.servingTtftTargetMs ? QString::number(*view.servingTtftTargetMs, 'g', 6) : QString());
    }
    m_targetError->clear();
}

void ServingTab::syncScenario()
{
    const Session& session = m_document->session();
    const Kernel* group = m_group >= 0 && m_group < static_cast<int>(session.kernels.size())
        ? &session.kernels[static_cast<size_t>(m_group)]
        : nullptr;
    m_scenario->setEnabled(group && group->templ);
    if (!group || !group->templ || !group->templ->params.count("isl") || !group->templ->params.count("osl")) {
        m_scenario->setCurrentIndex(0);
        return;
    }
    const double isl = group->templ->params.at("isl");
    const double osl = group->templ->params.at("osl");
    int index = -1;
    for (const RequestScenario& scenario : requestScenarios()) {
        if (scenario.isl == isl && scenario.osl == osl) {
            index = m_scenario->findData(QString::fromStdString(scenario.name));
        }
    }
    // A mix of other lengths shows them (choosing a standard one replaces them).
    m_scenario->setPlaceholderText(tr("%1/%2").arg(servingNumber(isl), servingNumber(osl)));
    m_scenario->setCurrentIndex(index);
}

void ServingTab::invalidate()
{
    m_dirty = true;
    if (isVisible()) {
        refresh();
    }
}

void ServingTab::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_dirty) {
        refresh();
    }
}

void ServingTab::refresh()
{
    m_dirty = false;
    const Session& session = m_document->session();
    const int selected = m_analysis->selectedKernel();
    m_group = servingGroupIndex(session, selected >= 0 ? m_analysis->sessionKernelOf(selected) : -1);
    syncScenario();
    ServingChart::Settings settings;
    settings.x = servingXAxis(session.view.servingX);
    settings.y = servingYAxis(session.view.servingY);
    settings.targetMs = session.view.servingTargetMs;
    settings.style = m_analysis->scene().style;
    if (const GroupVerdict* verdict = verdictOfKernel(m_analysis->verdicts(), session, m_group)) {
        settings.verdict = *verdict;
        if (m_published->isChecked() && m_group >= 0) {
            const ShippedPublishedRuns& shipped = shippedPublishedRuns();
            attachPublishedRuns(*settings.verdict, session.kernels[static_cast<size_t>(m_group)],
                verdictInputs(m_analysis->analysis(), m_analysis->hardware()), shipped.runs);
            if (!shipped.error.empty()) {
                Q_EMIT statusMessage(tr("Published runs: %1").arg(QString::fromStdString(shipped.error)));
            }
        }
    }
    settings.headline = false; // the verdict's lines are under the chart
    m_chart->setCurves(computeServingCurves(session, m_analysis->devices(), m_analysis->scene(), m_group), settings);
    const QStringList picks = m_chart->pickLines();
    m_picks->setText(picks.isEmpty()
            ? tr("Click a point to set the group's batch there. Type a latency target (ms per output token) "
                 "and press Enter to pick each device's best operating point.")
            : picks.join(QLatin1Char('\n')));
}

namespace {

// A target typed in milliseconds ("50", "50 ms", empty for none); `error` set when it is not one.
std::optional<double> typedMilliseconds(const QLineEdit* edit, const QString& what, QString& error)
{
    QString text = edit->text().trimmed();
    if (text.endsWith(QLatin1String("ms"), Qt::CaseInsensitive)) {
        text.chop(2);
        text = text.trimmed();
    }
    if (text.isEmpty()) {
        return std::nullopt;
    }
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || !std::isfinite(value) || !(value > 0.0) || value > 1e9) {
        error = ServingTab::tr("'%1' is not a %2: type a positive number of ms, e.g. 50").arg(edit->text(), what);
    }
    return value;
}

} // namespace

QString ServingTab::applyTarget()
{
    QString error;
    const std::optional<double> target = typedMilliseconds(m_target, tr("latency per token"), error);
    if (!error.isEmpty()) {
        m_targetError->setText(error);
        return error;
    }
    m_targetError->clear();
    if (m_document->session().view.servingTargetMs == target) {
        return {};
    }
    ViewSettings view = m_document->session().view;
    view.servingTargetMs = target;
    return m_document->setView(
        view, target ? tr("Latency target %1 ms/token").arg(servingNumber(*target)) : tr("Clear latency target"));
}

QString ServingTab::applyTtftTarget()
{
    QString error;
    const std::optional<double> target = typedMilliseconds(m_ttftTarget, tr("time to first token"), error);
    if (!error.isEmpty()) {
        m_targetError->setText(error);
        return error;
    }
    m_targetError->clear();
    if (m_document->session().view.servingTtftTargetMs == target) {
        return {};
    }
    ViewSettings view = m_document->session().view;
    view.servingTtftTargetMs = target;
    return m_document->setView(
        view, target ? tr("TTFT target %1 ms").arg(servingNumber(*target)) : tr("Clear TTFT target"));
}

QString ServingTab::setBatchFromPoint(int curve, int point)
{
    const ServingCurves& curves = m_chart->curves();
    if (curves.sessionKernel < 0 || curve < 0 || curve >= static_cast<int>(curves.curves.size())) {
        return tr("no such point");
    }
    const ServingCurve& c = curves.curves[static_cast<size_t>(curve)];
    if (point < 0 || point >= static_cast<int>(c.points.size())) {
        return tr("no such point");
    }
    // Copies: the edit redraws the chart, which replaces the curves.
    const double batch = c.points[static_cast<size_t>(point)].batch;
    const QString group = curves.group;
    const QString label = c.label;
    // A request mix keeps its concurrency (batch x dp x pp requests in flight), never both.
    const Kernel& kernel = m_document->session().kernels[static_cast<size_t>(curves.sessionKernel)];
    const bool mix = kernel.templ && kernel.templ->params.count("concurrency") > 0;
    const double perReplica
        = mix ? transformerParameter(*kernel.templ, "dp") * transformerParameter(*kernel.templ, "pp") : 1.0;
    const QString error = mix
        ? m_document->setKernelParameters(curves.sessionKernel, { { "concurrency", batch * perReplica } }, false,
            tr("Set %1 concurrency to %2").arg(group, servingNumber(batch * perReplica)))
        : m_document->setKernelParameters(curves.sessionKernel, { { "batch", batch } }, false,
            tr("Set %1 batch to %2").arg(group, servingNumber(batch)));
    Q_EMIT statusMessage(error.isEmpty()
            ? tr("%1: batch %2 (%3's operating point); the roofline tab shows this step's kernels")
                  .arg(group, servingNumber(batch), label)
            : error);
    return error;
}

QString ServingTab::applyScenario(const QString& name)
{
    const Session& session = m_document->session();
    if (m_group < 0 || m_group >= static_cast<int>(session.kernels.size())
        || !session.kernels[static_cast<size_t>(m_group)].templ) {
        syncControls();
        return tr("no transformer group to serve");
    }
    Kernel changed = session.kernels[static_cast<size_t>(m_group)];
    TemplateInstance& t = *changed.templ;
    const bool mix = t.params.count("isl") > 0 && t.params.count("osl") > 0;
    QString text;
    if (name.isEmpty()) {
        if (!mix) {
            return {};
        }
        // Back to one decode step: the mix's requests per micro-batch at its mean context.
        const double batch = transformerParameter(t, "batch");
        const double seq = std::round(t.params["isl"] + t.params["osl"] / 2.0);
        for (const char* key : { "isl", "osl", "concurrency" }) {
            t.params.erase(key);
        }
        t.params["batch"] = batch;
        t.params["seq"] = seq;
        text = tr("Serve %1 as one decode step").arg(QString::fromStdString(changed.name));
    } else {
        const auto scenario = findRequestScenario(name.toStdString());
        if (!scenario) {
            return tr("unknown scenario %1").arg(name);
        }
        const double concurrency = transformerParameter(t, "concurrency");
        t.params.erase("batch");
        t.params.erase("seq");
        t.options.erase("phase");
        t.params["isl"] = scenario->isl;
        t.params["osl"] = scenario->osl;
        t.params["concurrency"] = concurrency;
        text = tr("Serve %1 as %2 requests").arg(QString::fromStdString(changed.name), name);
    }
    const QString error = m_document->replaceKernel(m_group, changed, text);
    Q_EMIT statusMessage(error.isEmpty() ? text : error);
    if (!error.isEmpty()) {
        syncControls();
    }
    return error;
}

} // namespace roofscope

#include "moc_ServingTab.cpp"
