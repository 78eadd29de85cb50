#include "ui/simulation/simulation_workspace.hpp"

#include "engine/api/diagram.hpp"
#include "ui/canvas/component_item.hpp"
#include "ui/canvas/diagram_scene.hpp"
#include "ui/canvas/diagram_view.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/messages_panel.hpp"
#include "ui/plot/compared_runs.hpp"
#include "ui/plot/plot_area.hpp"
#include "ui/results/csv_export.hpp"
#include "ui/results/mat_export.hpp"
#include "ui/results/event_log.hpp"
#include "ui/results/variable_browser.hpp"
#include "ui/simulation/model_check.hpp"
#include "ui/simulation/run_controller.hpp"
#include "ui/window_actions.hpp"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QMessageBox>
#include <QProgressBar>
#include <QRegularExpression>
#include <QPushButton>
#include <QStatusBar>
#include <QTimer>

namespace flange::ui {

namespace {

// Names in a message's text that look like components ("inertia1.phi", "clutch1: ...").
QStringList componentsMentioned(const QString& text)
{
    // Variable and equation names in a message read "component.member" or "component: ...".
    static const QRegularExpression reference(QStringLiteral("\\b([A-Za-z_][A-Za-z0-9_]*)[.:]"));
    QStringList names;
    for (auto it = reference.globalMatch(text); it.hasNext();)
        names << it.next().captured(1);
    return names;
}

QDockWidget* makeDock(QMainWindow* window, const QString& title, const QString& objectName, QWidget* widget)
{
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(objectName);
    dock->setWidget(widget);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    return dock;
}

} // namespace

SimulationWorkspace::SimulationWorkspace(QMainWindow* window, DiagramDocument* document, DiagramScene* scene,
                                         DiagramView* view, MessagesPanel* messages, const WindowActions& actions)
    : QObject(window), window_(window), document_(document), scene_(scene), view_(view), messages_(messages),
      actions_(actions)
{
    controller_ = new RunController(this);
    plots_ = new plot::PlotArea(window);
    compared_ = new plot::ComparedRuns(this);
    connect(compared_, &plot::ComparedRuns::changed, this, &SimulationWorkspace::showRuns);
    variables_ = new VariableBrowser(window);
    eventLog_ = new EventLog(window);

    variablesDock_ = makeDock(window, tr("Variables"), QStringLiteral("variablesDock"), variables_);
    eventsDock_ = makeDock(window, tr("Events"), QStringLiteral("eventsDock"), eventLog_);
    window->addDockWidget(Qt::RightDockWidgetArea, variablesDock_);
    window->addDockWidget(Qt::BottomDockWidgetArea, eventsDock_);
    if (auto* messagesDock = window->findChild<QDockWidget*>(QStringLiteral("messagesDock")))
        window->tabifyDockWidget(messagesDock, eventsDock_);
    window->resizeDocks({variablesDock_}, {250}, Qt::Horizontal);

    progress_ = new QProgressBar(window);
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(220);
    progress_->setTextVisible(false);
    progressLabel_ = new QLabel(window);
    window->statusBar()->addPermanentWidget(progressLabel_);
    window->statusBar()->addPermanentWidget(progress_);
    progress_->hide();
    progressLabel_->hide();
    // A run done within the delay never shows them: no flicker, and no synchronous
    // repaint of the bar (QProgressBar::setValue paints at once) or status bar layout.
    progressDelay_ = new QTimer(this);
    progressDelay_->setSingleShot(true);
    progressDelay_->setInterval(200);
    connect(progressDelay_, &QTimer::timeout, this, [this] {
        if (controller_->isRunning()) {
            progress_->show();
            progressLabel_->show();
        }
    });

    liveRefresh_ = new QTimer(this);
    liveRefresh_->setSingleShot(true);
    connect(liveRefresh_, &QTimer::timeout, this, &SimulationWorkspace::refreshResults);

    autoRun_ = new QTimer(this);
    autoRun_->setSingleShot(true);
    autoRun_->setInterval(150); // one run for a burst of edits (a wheel spun over a field)
    connect(autoRun_, &QTimer::timeout, this, [this] {
        // An edit's run: the ghost is the run before it again, not one a Tune drag held.
        if (!lastRun_ || !diagram::simulatesAlike(document_->rootDiagram(), *lastRun_))
            compared_->releaseGhost();
        simulateIfChanged();
    });

    connectController();
    connectViews();
    loadPlotSetup();
}

SimulationWorkspace::~SimulationWorkspace() = default;

void SimulationWorkspace::connectController()
{
    connect(controller_, &RunController::runStarted, this, [this] {
        actions_.stopRun->setEnabled(true);
        progress_->setValue(0);
        progressLabel_->setText(tr("Translating…"));
        progressDelay_->start();
        // The plots keep the last run until this one's variables arrive (a few ms), so the
        // charts are rebuilt once per run, not twice.
        browserVariables_ = 0;
        eventLog_->setResult(controller_->current());
    });
    connect(controller_, &RunController::translationProgress, this, [this](const QString& phase, double) {
        progressLabel_->setText(tr("Translating: %1").arg(phase));
    });
    connect(controller_, &RunController::simulationProgress, this, [this](double t, double fraction) {
        progress_->setValue(static_cast<int>(1000 * std::clamp(fraction, 0.0, 1.0)));
        progressLabel_->setText(tr("t = %1 s of %2 s").arg(t, 0, 'g', 4).arg(controller_->current()->stopTime, 0, 'g', 4));
    });
    connect(controller_, &RunController::resultGrown, this, [this] {
        // The variables arrive once, after translation: the tree is built then, not per batch.
        if (browserVariables_ != controller_->current()->variableCount()) {
            browserVariables_ = controller_->current()->variableCount();
            variables_->setResult(controller_->current());
            // The curves can find their columns now.
            showRuns();
        }
        // A refresh reads every row of the plotted curves. On a long run it outgrows the
        // batch interval and the window would do nothing else (Stop unanswered): the
        // refreshes are spaced to take at most half of the GUI thread's time.
        if (sinceRefresh_.isValid() && sinceRefresh_.elapsed() < refreshCostMs_) {
            if (!liveRefresh_->isActive())
                liveRefresh_->start(static_cast<int>(refreshCostMs_ - sinceRefresh_.elapsed()));
        } else {
            refreshResults();
        }
    });
    connect(controller_, &RunController::runEnded, this, [this](RunResult::Status status) {
        actions_.stopRun->setEnabled(false);
        progressDelay_->stop();
        progress_->hide();
        progressLabel_->hide();
        const auto result = controller_->current();
        if (browserVariables_ != result->variableCount() || result->variableCount() == 0) {
            browserVariables_ = result->variableCount(); // ended before its variables arrived
            variables_->setResult(result);
            showRuns();
        }
        liveRefresh_->stop();
        refreshResults();
        std::vector<double> times;
        for (const EventRecord& e : result->events())
            times.push_back(e.time);
        plots_->setEventTimes(times);
        actions_.exportCsv->setEnabled(result->rowCount() > 0);
        actions_.exportMat->setEnabled(result->rowCount() > 0);
        if (status == RunResult::Status::Finished)
            window_->statusBar()->showMessage(tr("Simulation finished"), 5000);
        else if (status == RunResult::Status::Cancelled)
            window_->statusBar()->showMessage(tr("Simulation stopped; the results so far are kept"), 8000);
    });
    connect(controller_, &RunController::diagnostic, this, &SimulationWorkspace::showDiagnostic);
}

void SimulationWorkspace::connectViews()
{
    connect(actions_.simulate, &QAction::triggered, this, [this] {
        compared_->releaseGhost();
        simulate();
    });
    connect(actions_.check, &QAction::triggered, this, &SimulationWorkspace::check);
    connect(actions_.stopRun, &QAction::triggered, this, &SimulationWorkspace::stop);
    connect(actions_.autoResimulate, &QAction::toggled, this, [this](bool on) {
        if (on)
            scheduleAutoRun();
    });
    connect(actions_.exportCsv, &QAction::triggered, this, &SimulationWorkspace::exportCsvDialog);
    connect(actions_.exportMat, &QAction::triggered, this, &SimulationWorkspace::exportMatDialog);
    connect(actions_.exportPlot, &QAction::triggered, this, &SimulationWorkspace::exportPlotDialog);
    connect(actions_.addPlotTab, &QAction::triggered, this, [this] { plots_->addTab(QString()); });
    connect(actions_.addSubplot, &QAction::triggered, plots_, &plot::PlotArea::addSubplot);

    connect(variables_, &VariableBrowser::plotRequested, this, [this](const QString& name, bool on) {
        if (on)
            plots_->addSignal(name);
        else
            plots_->removeSignal(name);
    });
    connect(plots_, &plot::PlotArea::plottedSignalsChanged, this, [this] {
        variables_->setPlotted(plots_->plottedSignals());
        storePlotSetup();
    });
    connect(plots_, &plot::PlotArea::crosshairMoved, variables_, &VariableBrowser::setCursorTime);
    connect(variables_, &VariableBrowser::componentSelected, this,
            [this](const QString& instance) { selectOnCanvas({instance}); });
    connect(scene_, &DiagramScene::selectionSettled, this, [this] {
        const QStringList names = scene_->selectedComponentNames();
        // Inside a subsystem the browser knows the component by its full path.
        QStringList path = document_->levelPath();
        if (!syncingSelection_ && names.size() == 1)
            variables_->selectComponent((path << names.front()).join(QLatin1Char('.')));
    });
    connect(eventLog_, &EventLog::eventActivated, this, [this](double time, const QString& component) {
        plots_->setCrosshairTime(time);
        if (!component.isEmpty())
            selectOnCanvas({component});
    });
    connect(messages_, &MessagesPanel::instancesActivated, this, &SimulationWorkspace::selectOnCanvas);
    connect(scene_, &DiagramScene::portActivated, this, &SimulationWorkspace::plotEndpoint);

    connect(document_, &DiagramDocument::diagramReset, this, [this] {
        controller_->clear();
        compared_->clear();
        actions_.stopRun->setEnabled(false);
        actions_.exportCsv->setEnabled(false);
        actions_.exportMat->setEnabled(false);
        progressDelay_->stop();
        liveRefresh_->stop();
        progress_->hide();
        progressLabel_->hide();
        lastRun_.reset();
        showResults();
        loadPlotSetup();
        // Another diagram's time means nothing here: no crosshair, no values, until one is
        // placed; and the last run's error in the status bar was about the diagram before.
        plots_->clearCrosshair();
        variables_->clearCursorTime();
        window_->statusBar()->clearMessage();
    });
    for (auto signal : {&DiagramDocument::componentAdded, &DiagramDocument::componentRemoved,
                        &DiagramDocument::componentChanged})
        connect(document_, signal, this, &SimulationWorkspace::scheduleAutoRun);
    connect(document_, &DiagramDocument::componentRenamed, this, &SimulationWorkspace::scheduleAutoRun);
    connect(document_, &DiagramDocument::connectionAdded, this, &SimulationWorkspace::scheduleAutoRun);
    connect(document_, &DiagramDocument::connectionRemoved, this, &SimulationWorkspace::scheduleAutoRun);
    connect(document_, &DiagramDocument::experimentChanged, this, &SimulationWorkspace::scheduleAutoRun);
    // Grouping into a subsystem (and ungrouping) replaces the level as a whole, and the
    // model's own parameters are no component's: both change what runs too.
    connect(document_, &DiagramDocument::levelReplaced, this, &SimulationWorkspace::scheduleAutoRun);
    connect(document_, &DiagramDocument::modelParametersChanged, this, &SimulationWorkspace::scheduleAutoRun);
}

void SimulationWorkspace::refreshResults()
{
    QElapsedTimer cost;
    cost.start();
    plots_->refresh();
    eventLog_->refresh();
    refreshCostMs_ = cost.elapsed();
    sinceRefresh_.start();
}

void SimulationWorkspace::simulate()
{
    diagram::Diagram run = document_->rootDiagram();
    dataFiles_.grant(run, *document_->sharedLibrary(), document_->filePath(), window_);
    lastRun_ = std::make_shared<const diagram::Diagram>(std::move(run));
    if (!variablesDock_->isVisible())
        variablesDock_->show();
    controller_->start(lastRun_, document_->sharedLibrary());
}

void SimulationWorkspace::simulateIfChanged()
{
    if (!lastRun_ || !diagram::simulatesAlike(document_->rootDiagram(), *lastRun_))
        simulate();
}

void SimulationWorkspace::showRuns()
{
    plot::RunsToShow shown = compared_->shown(controller_->current(), controller_->previous());
    plots_->setRuns(std::move(shown.runs), std::move(shown.looks));
}

void SimulationWorkspace::check()
{
    diagram::Diagram d = document_->rootDiagram();
    dataFiles_.grant(d, *document_->sharedLibrary(), document_->filePath(), window_);
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const RunDiagnostic result = checkDiagram(d, document_->sharedLibrary());
    QApplication::restoreOverrideCursor();
    showDiagnostic(result);
    if (result.severity != RunDiagnostic::Severity::Error)
        window_->statusBar()->showMessage(tr("Check: no errors (the report is in Messages)"), 8000);
    // Messages shares its place with Events: the report must come to the front.
    if (auto* messagesDock = window_->findChild<QDockWidget*>(QStringLiteral("messagesDock"))) {
        messagesDock->show();
        messagesDock->raise();
    }
}

void SimulationWorkspace::stop()
{
    controller_->cancel();
}

void SimulationWorkspace::scheduleAutoRun()
{
    if (actions_.autoResimulate->isChecked())
        autoRun_->start();
}

void SimulationWorkspace::showResults()
{
    showRuns();
    plots_->setEventTimes({});
    variables_->setResult(controller_->current());
    eventLog_->setResult(controller_->current());
    browserVariables_ = controller_->current() ? controller_->current()->variableCount() : 0;
}

void SimulationWorkspace::loadPlotSetup()
{
    const QSignalBlocker block(plots_); // restoring is not a change of the diagram
    plots_->setupFromJson(document_->rootDiagram().plot);
    variables_->setPlotted(plots_->plottedSignals());
}

void SimulationWorkspace::storePlotSetup()
{
    // The plot set-up replaces its own keys; the others ("tune": the Tune dock's sliders) stay.
    diagram::Json plot = plots_->setupToJson();
    if (const diagram::Json& before = document_->rootDiagram().plot; before.is_object())
        for (auto it = before.begin(); it != before.end(); ++it)
            if (!plot.contains(it.key()) && it.key() != "signals")
                plot[it.key()] = it.value();
    document_->setPlot(plot);
}

void SimulationWorkspace::showDiagnostic(const RunDiagnostic& d)
{
    QString text = d.text;
    if (d.time && !text.contains(QStringLiteral("t = ")))
        text += tr(" (at t = %1 s)").arg(*d.time, 0, 'g', 6);
    const auto severity = d.severity == RunDiagnostic::Severity::Error     ? MessagesPanel::Severity::Error
                          : d.severity == RunDiagnostic::Severity::Warning ? MessagesPanel::Severity::Warning
                                                                            : MessagesPanel::Severity::Info;
    // Only names of this diagram's components become links (an origin may start with a
    // word such as "initialization").
    QStringList named = d.instances;
    if (d.severity == RunDiagnostic::Severity::Warning)
        named += componentsMentioned(text); // warnings list variables in their text
    const QStringList present = componentsOnCanvas(named);
    messages_->add(severity, text, present);
    if (d.severity == RunDiagnostic::Severity::Error) {
        // The status bar holds one line: the first, the whole text is in Messages.
        const QString first = text.section(QLatin1Char('\n'), 0, 0);
        window_->statusBar()->showMessage(first == text ? text : tr("%1 (details in Messages)").arg(first), 10000);
        selectOnCanvas(present);
    }
}

QStringList SimulationWorkspace::componentsOnCanvas(const QStringList& instances) const
{
    // Full instance paths: a component inside a subsystem ("clutchPack.clutch1") stays a
    // link of its own, which opens the subsystem when clicked.
    QStringList present;
    for (const QString& full : instances) {
        QStringList level;
        QString name;
        if (!document_->locate(full, &level, &name))
            continue;
        level << name;
        const QString path = level.join(QLatin1Char('.'));
        if (!present.contains(path))
            present << path;
    }
    return present;
}

void SimulationWorkspace::selectOnCanvas(const QStringList& instances)
{
    const QStringList present = componentsOnCanvas(instances);
    if (present.isEmpty())
        return;
    // The level of the first one is shown; the others there are selected with it.
    QStringList level;
    QString first;
    document_->locate(present.front(), &level, &first);
    document_->showLevel(level);
    QStringList here;
    for (const QString& full : present) {
        QStringList l;
        QString name;
        if (document_->locate(full, &l, &name) && l == level)
            here << name;
    }
    syncingSelection_ = true;
    scene_->selectComponents(here);
    syncingSelection_ = false;
    if (ComponentItem* item = scene_->componentItem(first))
        view_->ensureVisible(item, 80, 80);
}

void SimulationWorkspace::plotEndpoint(const QString& endpoint)
{
    const auto result = controller_->current();
    if (!result || result->variableCount() == 0) {
        window_->statusBar()->showMessage(tr("Simulate first (F5): then a double-click on a flange plots it"), 6000);
        return;
    }
    const std::string prefix = endpoint.toStdString() + ".";
    int added = 0;
    for (const ResultVariable& v : result->variables())
        if (!v.isProtected && (v.name == endpoint.toStdString() || v.name.rfind(prefix, 0) == 0)) {
            plots_->addSignal(QString::fromStdString(v.name));
            ++added;
        }
    if (added == 0)
        window_->statusBar()->showMessage(tr("%1 has no variables to plot").arg(endpoint), 6000);
}

bool SimulationWorkspace::exportCsv(const QString& path, bool plottedOnly, QString* error, bool withUnits) const
{
    const auto result = controller_->current();
    if (!result || result->rowCount() == 0) {
        if (error)
            *error = tr("There are no results to export: simulate first.");
        return false;
    }
    QStringList names;
    if (plottedOnly)
        for (const QString& n : plots_->plottedSignals())
            if (result->column(n.toStdString()) >= 0)
                names << n;
    if (plottedOnly && names.isEmpty()) {
        if (error)
            *error = tr("No plotted variable is in the results.");
        return false;
    }
    return flange::ui::exportCsv(*result, names, path, error, withUnits);
}

bool SimulationWorkspace::exportPlot(const QString& path, QString* error) const
{
    plot::ImageOptions options;
    options.title = QFileInfo(document_->displayName()).completeBaseName();
    return plots_->exportImage(path, options, error);
}

void SimulationWorkspace::exportCsvDialog()
{
    QMessageBox ask(QMessageBox::Question, tr("Export Results"), tr("Which variables should the CSV file hold?"),
                    QMessageBox::Cancel, window_);
    QPushButton* all = ask.addButton(tr("&All Variables"), QMessageBox::AcceptRole);
    QPushButton* plotted = ask.addButton(tr("&Plotted Only"), QMessageBox::AcceptRole);
    ask.setDefaultButton(all);
    auto* units = new QCheckBox(tr("&Units in the column headers (\"time [s]\")"));
    ask.setCheckBox(units); // the box owns it
    ask.exec();
    if (ask.clickedButton() != all && ask.clickedButton() != plotted)
        return;
    const QString base = document_->filePath().isEmpty() ? tr("results")
                                                          : QFileInfo(document_->filePath()).completeBaseName();
    QString path = QFileDialog::getSaveFileName(window_, tr("Export Results as CSV"), base + QStringLiteral(".csv"),
                                                tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".csv");
    QString error;
    if (exportCsv(path, ask.clickedButton() == plotted, &error, units->isChecked()))
        window_->statusBar()->showMessage(tr("Results written to %1").arg(QFileInfo(path).fileName()), 6000);
    else
        QMessageBox::critical(window_, tr("Export Results"), error);
}

bool SimulationWorkspace::exportMat(const QString& path, QString* error) const
{
    const auto result = controller_->current();
    if (!result || result->rowCount() == 0) {
        if (error)
            *error = tr("There are no results to export: simulate first.");
        return false;
    }
    return flange::ui::exportMat(*result, path, error);
}

void SimulationWorkspace::exportMatDialog()
{
    const QString base = document_->filePath().isEmpty() ? tr("results")
                                                          : QFileInfo(document_->filePath()).completeBaseName();
    QString path = QFileDialog::getSaveFileName(window_, tr("Export Results as MAT"), base + QStringLiteral(".mat"),
                                                tr("MAT files (*.mat)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".mat");
    QString error;
    if (exportMat(path, &error))
        window_->statusBar()->showMessage(tr("Results written to %1").arg(QFileInfo(path).fileName()), 6000);
    else
        QMessageBox::critical(window_, tr("Export Results"), error);
}

void SimulationWorkspace::exportPlotDialog()
{
    const QString title = QFileInfo(document_->displayName()).completeBaseName();
    const QString path = plots_->exportWithDialog(title);
    if (!path.isEmpty())
        window_->statusBar()->showMessage(tr("Plot written to %1").arg(QFileInfo(path).fileName()), 6000);
}

} // namespace flange::ui
