// MainWindow: exports. The chart (PNG, SVG, PDF, HTML) and the results table, from the dialogs.

#include "chart/ChartExport.h"
#include "chart/RooflineChart.h"
#include "chart/ServingChart.h"
#include "figures/SessionAnalysis.h"
#include "io/EvaluationFormat.h"
#include "io/HardwareLoader.h"
#include "io/HardwareWriter.h"
#include "io/ImportDetect.h"
#include "io/SessionFile.h"
#include "io/SessionRuns.h"
#include "model/Text.h"
#include "models/ResultsTableModel.h"
#include "session/AppPaths.h"
#include "session/QtText.h"
#include "session/SessionDocument.h"
#include "widgets/HardwareDock.h"
#include "widgets/MainWindow.h"
#include "widgets/ServingTab.h"
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLockFile>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QTimer>
#include <QUndoStack>
#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

namespace roofscope {

QSize MainWindow::shownChartSize() const
{
    const QWidget* chart = isServingShown() ? static_cast<const QWidget*>(m_servingTab->chart()) : m_chart;
    return chart->size().expandedTo(QSize(640, 400));
}

QString MainWindow::exportChartTo(const QString& path)
{
    return exportChartTo(path, shownChartSize(), devicePixelRatioF());
}

QString MainWindow::exportChartTo(const QString& path, QSize size, double scale)
{
    Session shown = session();
    const ChartRange range = m_chart->visibleRange();
    shown.view.xRange = std::make_pair(range.xLower, range.xUpper);
    shown.view.yRange = std::make_pair(range.yLower, range.yUpper);
    ChartExportOptions options;
    options.width = size.width();
    options.height = size.height();
    options.scale = scale;
    options.review = isReviewMode();
    if (isServingShown()) {
        // The serving chart as the tab shows it: its group, axes and target (the session's view).
        options.view = QStringLiteral("serving");
        options.servingGroup = m_servingTab->group();
    }
    return exportChart(shown, m_hardware, path, options);
}

QString MainWindow::exportTableTo(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    std::vector<Evaluation> rows;
    std::vector<size_t> kernels;
    for (int r = 0; r < m_resultsProxy->rowCount(); ++r) {
        const QModelIndex source = m_resultsProxy->mapToSource(m_resultsProxy->index(r, 0));
        const auto& row = m_results->rows()[static_cast<size_t>(source.row())];
        rows.push_back(*row.evaluation);
        kernels.push_back(row.kernelIndex);
    }
    std::string text;
    if (suffix == QLatin1String("csv")) {
        text = formatEvaluationTable(rows, TableFormat::Csv);
    } else if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown")) {
        text = formatEvaluationTable(rows, TableFormat::Markdown);
    } else if (suffix == QLatin1String("json")) {
        nlohmann::json array = nlohmann::json::array();
        for (size_t r = 0; r < rows.size(); ++r) {
            array.push_back(evaluationToJson(rows[r], m_analysis->shownSession().kernels[kernels[r]]));
        }
        text = jsonText(array) + "\n";
    } else {
        return tr("%1: the file name must end in .csv, .md or .json").arg(path);
    }
    const std::string error = writeFileAtomically(path.toStdString(), text);
    return error.empty() ? QString() : tr("%1: %2").arg(path, QString::fromStdString(error));
}

void MainWindow::exportChartDialog()
{
    const QString base = m_sessionPath.isEmpty()
        ? QDir::home().filePath(QStringLiteral("roofline"))
        : QFileInfo(m_sessionPath).absoluteDir().filePath(QFileInfo(m_sessionPath).completeBaseName());
    // The interactive page is the command line's `export -o OUT.html` (docs/cli.md#export), written by the same code.
    const QStringList filters { tr("PNG image (*.png)"), tr("SVG drawing (*.svg)"), tr("PDF document (*.pdf)"),
        tr("Interactive HTML page (*.html)") };
    QString filter;
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export chart"), base + QStringLiteral(".png"), filters.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty()) {
        return;
    }
    if (QFileInfo(path).suffix().isEmpty()) { // a name typed without its extension: the chosen type's
        static const QRegularExpression pattern(QStringLiteral("\\*(\\.[a-z]+)\\)"));
        const QRegularExpressionMatch match = pattern.match(filter);
        path += match.hasMatch() ? match.captured(1) : QStringLiteral(".png");
    }
    QSize size;
    double scale = 1.0;
    if (!askExportSize(path, &size, &scale)) {
        return;
    }
    const QString error = exportChartTo(path, size, scale);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Roofscope"), error);
    } else {
        showStatusMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 4000);
    }
}

bool MainWindow::askExportSize(const QString& path, QSize* size, double* scale)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("html")) { // the page sizes itself to the browser
        *size = shownChartSize();
        *scale = 1.0;
        return true;
    }
    QSettings settings;
    const QSize shown = shownChartSize();
    QDialog dialog(this);
    dialog.setObjectName(QStringLiteral("exportSizeDialog"));
    dialog.setWindowTitle(tr("Export chart"));
    auto* form = new QFormLayout(&dialog);
    auto* width = new QSpinBox(&dialog);
    width->setObjectName(QStringLiteral("exportWidth"));
    width->setRange(200, 8000);
    width->setValue(settings.value(QStringLiteral("export/width"), shown.width()).toInt());
    width->setSuffix(suffix == QLatin1String("pdf") ? tr(" pt") : tr(" px"));
    auto* height = new QSpinBox(&dialog);
    height->setObjectName(QStringLiteral("exportHeight"));
    height->setRange(150, 8000);
    height->setValue(settings.value(QStringLiteral("export/height"), shown.height()).toInt());
    height->setSuffix(width->suffix());
    auto* factor = new QDoubleSpinBox(&dialog);
    factor->setObjectName(QStringLiteral("exportScale"));
    factor->setRange(0.5, 8.0);
    factor->setSingleStep(0.5);
    factor->setDecimals(1);
    factor->setValue(settings.value(QStringLiteral("export/scale"), 2.0).toDouble());
    factor->setSuffix(QStringLiteral(" ×"));
    factor->setToolTip(tr("Image pixels per chart pixel: 2 keeps lines and text sharp on a slide or a "
                          "high-density screen"));
    form->addRow(tr("&Width:"), width);
    form->addRow(tr("&Height:"), height);
    const bool png = suffix == QLatin1String("png");
    if (png) {
        form->addRow(tr("&Scale:"), factor);
    } else {
        factor->hide();
    }
    auto* pixels = new QLabel(&dialog);
    pixels->setObjectName(QStringLiteral("exportPixels"));
    auto updatePixels = [=] {
        pixels->setText(png ? tr("The image: %1 x %2 pixels")
                                  .arg(qRound(width->value() * factor->value()))
                                  .arg(qRound(height->value() * factor->value()))
                            : tr("Lines and text stay sharp at any zoom"));
    };
    connect(width, &QSpinBox::valueChanged, &dialog, updatePixels);
    connect(height, &QSpinBox::valueChanged, &dialog, updatePixels);
    connect(factor, &QDoubleSpinBox::valueChanged, &dialog, updatePixels);
    updatePixels();
    form->addRow(pixels);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted) {
        return false;
    }
    *size = QSize(width->value(), height->value());
    *scale = png ? factor->value() : 1.0;
    settings.setValue(QStringLiteral("export/width"), size->width());
    settings.setValue(QStringLiteral("export/height"), size->height());
    if (png) {
        settings.setValue(QStringLiteral("export/scale"), *scale);
    }
    return true;
}

void MainWindow::exportTableDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export table"),
        QDir::home().filePath(QStringLiteral("results.csv")), tr("CSV (*.csv);;Markdown (*.md);;JSON (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    const QString error = exportTableTo(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Roofscope"), error);
    } else {
        showStatusMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 4000);
    }
}

} // namespace roofscope
