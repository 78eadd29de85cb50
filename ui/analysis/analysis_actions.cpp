#include "ui/analysis/analysis_actions.hpp"

#include "engine/api/errors.hpp"
#include "ui/analysis/analysis_panel.hpp"
#include "ui/analysis/linearize_dialog.hpp"
#include "ui/analysis/participation_tint.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/messages_panel.hpp"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QStatusBar>

namespace flange::ui {

AnalysisActions::AnalysisActions(QMainWindow* window, DiagramDocument* document, DiagramScene* scene,
                                 MessagesPanel* messages)
    : QObject(window), window_(window), document_(document), scene_(scene), messages_(messages)
{
    panel_ = new AnalysisPanel(window);
    connect(panel_, &AnalysisPanel::modeSelected, this,
            [this](const std::vector<std::pair<std::string, double>>& shape) { tintByParticipation(*scene_, shape); });
    dock_ = new QDockWidget(tr("Analysis"), window);
    dock_->setObjectName(QStringLiteral("analysisDock"));
    dock_->setWidget(panel_);
    dock_->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);
    window->addDockWidget(Qt::RightDockWidgetArea, dock_);
    dock_->hide(); // until the first analysis

    linearize_ = new QAction(tr("&Linearize…"), this);
    linearize_->setObjectName(QStringLiteral("linearize"));
    linearize_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    linearize_->setStatusTip(tr("Linearize the diagram: modes, frequency response, critical speeds"));
    modes_ = new QAction(tr("&Modes"), this);
    modes_->setObjectName(QStringLiteral("analysisModes"));
    frequencyResponse_ = new QAction(tr("&Frequency Response"), this);
    frequencyResponse_->setObjectName(QStringLiteral("analysisFrequencyResponse"));
    criticalSpeeds_ = new QAction(tr("&Critical Speeds"), this);
    criticalSpeeds_->setObjectName(QStringLiteral("analysisCriticalSpeeds"));
    connect(linearize_, &QAction::triggered, this, [this] { ask(AnalysisPanel::Modes); });
    connect(modes_, &QAction::triggered, this, [this] { ask(AnalysisPanel::Modes); });
    connect(frequencyResponse_, &QAction::triggered, this, [this] { ask(AnalysisPanel::FrequencyResponse); });
    connect(criticalSpeeds_, &QAction::triggered, this, [this] { ask(AnalysisPanel::CriticalSpeeds); });
}

void AnalysisActions::fillMenu(QMenu* menu) const
{
    menu->addAction(linearize_);
    menu->addSeparator();
    menu->addActions({modes_, frequencyResponse_, criticalSpeeds_});
}

void AnalysisActions::ask(int tab)
{
    const bool linearize = sender() == linearize_;
    const bool missing = !panel_->hasResult() || (tab == AnalysisPanel::FrequencyResponse && !panel_->result().bode) ||
                         (tab == AnalysisPanel::CriticalSpeeds && !panel_->result().campbell);
    if (linearize || missing) {
        AnalysisRequest start = last_;
        if (tab == AnalysisPanel::CriticalSpeeds && start.orders.empty())
            start.orders = {1, 2};
        LinearizeDialog dialog(document_->rootDiagram(), start, window_);
        if (dialog.exec() != QDialog::Accepted)
            return;
        if (!analyse(dialog.request()))
            return;
    }
    dock_->show();
    dock_->raise();
    panel_->setCurrentIndex(tab);
}

bool AnalysisActions::analyse(const AnalysisRequest& request)
{
    last_ = request;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    try {
        const AnalysisResult result = ui::analyse(document_->rootDiagram(), document_->sharedLibrary(), request);
        QApplication::restoreOverrideCursor();
        panel_->show(result);
        if (!placed_) {
            // A tab beside the variables (seen under Xvfb: stacked below them, the tables
            // and charts had a third of the height); only now, as a hidden tab from the
            // start narrowed the plots of a window that never analyses.
            placed_ = true;
            auto* variables = window_->findChild<QDockWidget*>(QStringLiteral("variablesDock"));
            if (variables && !variables->isFloating() && window_->dockWidgetArea(variables) == Qt::RightDockWidgetArea)
                window_->tabifyDockWidget(variables, dock_);
            dock_->show();
            window_->resizeDocks({dock_}, {520}, Qt::Horizontal); // room for the table's columns and the charts
        }
        dock_->show();
        dock_->raise();
        messages_->info(tr("Linearized: %n modes", "", static_cast<int>(result.modes.size())) +
                        (result.bode ? tr(", a frequency response") : QString()) +
                        (result.campbell ? tr(", %n critical speeds", "", static_cast<int>(result.campbell->crossings.size()))
                                         : QString()));
        return true;
    } catch (const std::exception& e) {
        QApplication::restoreOverrideCursor();
        const QString text = tr("Linearize: %1").arg(QString::fromUtf8(e.what()));
        messages_->error(text);
        window_->statusBar()->showMessage(text.section(QLatin1Char('\n'), 0, 0), 10000);
        return false;
    }
}

} // namespace flange::ui
