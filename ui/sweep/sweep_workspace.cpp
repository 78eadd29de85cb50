#include "ui/sweep/sweep_workspace.hpp"

#include "ui/document/atomic_write.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/diagram_editor.hpp"
#include "ui/messages_panel.hpp"
#include "ui/sweep/local_sweep_backend.hpp"
#include "ui/sweep/slurm_sweep_backend.hpp"
#include "ui/sweep/sweep_dialog.hpp"
#include "ui/sweep/sweep_panel.hpp"
#include "ui/sweep/sweep_preparation.hpp"
#include "ui/sweep/sweep_session.hpp"

#include "engine/api/errors.hpp"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QUndoStack>

namespace flange::ui {

SweepWorkspace::SweepWorkspace(QMainWindow* window, DiagramDocument* document, DiagramEditor& editor,
                               MessagesPanel* messages, QStringList libraryFolders)
    : QObject(window), window_(window), document_(document), editor_(editor), messages_(messages),
      libraryFolders_(std::move(libraryFolders))
{
    session_ = new SweepSession(this);
    panel_ = new SweepPanel(*session_);
    dock_ = new QDockWidget(tr("Sweep"), window);
    dock_->setObjectName(QStringLiteral("sweepDock"));
    dock_->setWidget(panel_);
    window->addDockWidget(Qt::BottomDockWidgetArea, dock_);
    // A tab beside Messages and Events, so that the table and charts have the window's width.
    if (auto* messagesDock = window->findChild<QDockWidget*>(QStringLiteral("messagesDock")))
        window->tabifyDockWidget(messagesDock, dock_);
    dock_->hide(); // until a sweep runs

    sweep_ = new QAction(tr("S&weep…"), this);
    sweep_->setObjectName(QStringLiteral("sweep"));
    sweep_->setStatusTip(tr("Run the diagram many times over parameter values, on every core"));
    rerun_ = new QAction(tr("Re-run S&weep"), this);
    rerun_->setObjectName(QStringLiteral("rerunSweep"));
    openSweep_ = new QAction(tr("Open S&weep…"), this);
    openSweep_->setObjectName(QStringLiteral("openSweep"));
    openSweepFolder_ = new QAction(tr("Open Sweep &Folder…"), this);
    openSweepFolder_->setObjectName(QStringLiteral("openSweepFolder"));
    openSweepFolder_->setStatusTip(tr("Show a sweep on a Slurm cluster from its folder, following its job if it runs"));
    saveSweep_ = new QAction(tr("Save Sweep &As…"), this);
    saveSweep_->setObjectName(QStringLiteral("saveSweep"));

    connect(sweep_, &QAction::triggered, this, &SweepWorkspace::openDialog);
    connect(rerun_, &QAction::triggered, this, [this] { run(storedDefinition()); });
    connect(openSweep_, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(window_, tr("Open Sweep"), QFileInfo(document_->filePath()).path(),
                                                          tr("Sweeps (*.json)"));
        QString error;
        if (path.isEmpty())
            return;
        // slurm.json names a sweep on a cluster: its folder is opened, not only its definition.
        if (QFileInfo(path).fileName() == QLatin1String("slurm.json")) {
            if (!openSweepFolder(QFileInfo(path).path(), &error))
                QMessageBox::warning(window_, tr("Open Sweep"), error);
            return;
        }
        if (!readSweepFile(path, &error)) {
            QMessageBox::warning(window_, tr("Open Sweep"), error);
            return;
        }
        openDialog();
    });
    connect(openSweepFolder_, &QAction::triggered, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(window_, tr("Open Sweep Folder"),
                                                                 QFileInfo(document_->filePath()).path());
        QString error;
        if (!folder.isEmpty() && !openSweepFolder(folder, &error))
            QMessageBox::warning(window_, tr("Open Sweep Folder"), error);
    });
    connect(saveSweep_, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getSaveFileName(window_, tr("Save Sweep As"),
                                                          QFileInfo(document_->filePath()).path(), tr("Sweeps (*.json)"));
        QString error;
        if (!path.isEmpty() && !writeSweepFile(path, &error))
            QMessageBox::warning(window_, tr("Save Sweep"), error);
    });
    connect(panel_, &SweepPanel::cancelRequested, this, &SweepWorkspace::cancel);
    connect(panel_, &SweepPanel::rerunRequested, rerun_, &QAction::trigger);
    connect(panel_, &SweepPanel::resumeRequested, this, [this] {
        QString error;
        if (!resume(&error))
            messages_->error(tr("Sweep: Resume: %1").arg(error));
    });
    connect(panel_, &SweepPanel::applyRequested, this, &SweepWorkspace::applyValues);
    // Another diagram: the sweep in progress ran the one before. One on a cluster runs the
    // folder's own copy of its diagram and goes on (it was submitted for that).
    connect(document_, &DiagramDocument::diagramReset, this, [this] {
        if (!qobject_cast<SlurmSweepBackend*>(backend_.get()))
            cancel();
        reopenStoredFolder();
    });
    auto updateActions = [this] {
        const bool stored = document_->rootDiagram().extra.contains("sweep");
        rerun_->setEnabled(stored);
        saveSweep_->setEnabled(stored);
    };
    connect(document_, &DiagramDocument::diagramReset, this, updateActions);
    connect(document_, &DiagramDocument::modifiedChanged, this, updateActions);
    updateActions();
    setBackend(std::make_unique<LocalSweepBackend>());
}

SweepWorkspace::~SweepWorkspace()
{
    backend_.reset(); // cancels and waits for the runs in flight
    // The panel reads the session, a child of this: it goes first.
    delete dock_.data();
}

void SweepWorkspace::addSimulationActions(QMenu* menu) { menu->addActions({sweep_, rerun_}); }

void SweepWorkspace::addFileActions(QMenu* menu) { menu->addActions({openSweep_, openSweepFolder_, saveSweep_}); }

void SweepWorkspace::setBackend(std::unique_ptr<SweepBackend> backend)
{
    if (backend_)
        backend_->cancel();
    backend_ = std::move(backend);
    connectBackend();
}

void SweepWorkspace::connectBackend()
{
    connect(backend_.get(), &SweepBackend::runFinished, session_, &SweepSession::add);
    connect(backend_.get(), &SweepBackend::sweepEnded, this, [this](bool cancelled, const QString& error) {
        session_->end(cancelled, error);
        const auto* slurm = qobject_cast<const SlurmSweepBackend*>(backend_.get());
        panel_->offerResume(slurm && !cancelled && !slurm->missingRuns().empty());
        if (!error.isEmpty())
            messages_->error(tr("Sweep: %1").arg(error));
        else
            messages_->info(tr("Sweep: %1 of %2 runs finished%3")
                                .arg(session_->records().size())
                                .arg(session_->plannedRuns())
                                .arg(cancelled ? tr(" (cancelled)") : QString()));
    });
}

sweep::SweepDefinition SweepWorkspace::storedDefinition() const
{
    const auto& extra = document_->rootDiagram().extra;
    const auto it = extra.find("sweep");
    if (it == extra.end())
        return {};
    try {
        return sweep::sweepFromJson(*it, document_->displayName().toStdString());
    } catch (const Error& e) {
        messages_->error(QString::fromStdString(e.what()));
        return {};
    }
}

bool SweepWorkspace::run(const sweep::SweepDefinition& definition)
{
    try {
        run(prepareSweepJob(definition, document_->rootDiagram(), document_->sharedLibrary()));
        return true;
    } catch (const Error& e) {
        messages_->error(tr("Sweep: %1").arg(inDialogTerms(e.what())));
        return false;
    }
}

void SweepWorkspace::run(std::shared_ptr<SweepJob> job)
{
    document_->setSweep(sweep::sweepToJson(job->definition));
    // Where a sweep on a cluster keeps its runs: the diagram opened again shows them.
    const auto* slurm = qobject_cast<const SlurmSweepBackend*>(backend_.get());
    document_->setSweepFolder(slurm ? diagram::Json(QFileInfo(slurm->choice().folder).absoluteFilePath().toStdString())
                                    : diagram::Json());
    if (backend_->isRunning()) {
        backend_->cancel();
        session_->end(true, QString());
    }
    session_->begin(job);
    showDock();
    backend_->start(std::move(job));
}

void SweepWorkspace::showDock()
{
    if (dock_->isHidden()) {
        dock_->show();
        // Room for the table and a chart: half the window's height the first time.
        window_->resizeDocks({dock_.data()}, {window_->height() / 2}, Qt::Vertical);
    }
    dock_->raise();
}

bool SweepWorkspace::openSweepFolder(const QString& folder, QString* error)
{
    auto job = std::make_shared<SweepJob>();
    SlurmChoice choice;
    choice.folder = folder;
    try {
        // The engine's checks and reading, as each array task's: another version or a
        // changed model is refused with the message a task would give.
        sweep::OpenedSlurmSweep opened = sweep::openSlurmSweep(folder.toStdString());
        job->definition = std::move(opened.definition);
        job->model = std::move(opened.prepared.model);
        job->library = std::move(opened.library);
        job->targets = std::move(opened.prepared.targets);
        job->plan = std::move(opened.prepared.plan);
        job->options = opened.options;
        choice.partition = QString::fromStdString(opened.setup.slurm.partition);
        choice.timeLimit = QString::fromStdString(opened.setup.slurm.timeLimit);
        choice.tasks = static_cast<int>(opened.setup.slurm.chunks);
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    // A sweep on a cluster followed so far goes on without the window; one on this
    // computer's cores stops.
    if (auto* following = qobject_cast<SlurmSweepBackend*>(backend_.get()))
        following->detach();
    else if (backend_->isRunning())
        backend_->cancel();
    auto backend = std::make_unique<SlurmSweepBackend>(choice);
    SlurmSweepBackend* slurm = backend.get();
    setBackend(std::move(backend));
    session_->begin(job);
    showDock();
    messages_->info(tr("Sweep: opened %1 (%2 runs)").arg(folder).arg(job->plan.runs()));
    slurm->reattach(std::move(job));
    return true;
}

void SweepWorkspace::reopenStoredFolder()
{
    const auto& extra = document_->rootDiagram().extra;
    const auto it = extra.find("sweepFolder");
    if (it == extra.end() || !it->is_string())
        return;
    const QString folder = QString::fromStdString(it->get<std::string>());
    if (!QFileInfo::exists(folder + QStringLiteral("/slurm.json"))) {
        messages_->info(tr("Sweep: the folder of the diagram's last sweep on a cluster, %1, is gone").arg(folder));
        return;
    }
    QString error;
    if (!openSweepFolder(folder, &error))
        messages_->error(tr("Sweep: %1").arg(error));
}

bool SweepWorkspace::resume(QString* error)
{
    auto* slurm = qobject_cast<SlurmSweepBackend*>(backend_.get());
    if (!slurm || !session_->sharedJob()) {
        *error = tr("no sweep on a cluster to resume");
        return false;
    }
    if (!slurm->resume(error))
        return false;
    // The session starts again and the backend reports every run from the folder.
    std::shared_ptr<const SweepJob> job = session_->sharedJob();
    session_->begin(job);
    slurm->reattach(std::move(job));
    return true;
}

void SweepWorkspace::cancel()
{
    if (backend_->isRunning())
        backend_->cancel();
}

bool SweepWorkspace::applyValues(int record)
{
    const SweepJob* job = session_->job();
    if (!job || record < 0 || static_cast<size_t>(record) >= session_->records().size())
        return false;
    const size_t run = session_->records()[static_cast<size_t>(record)].result.run;
    // The run's values (those set in every run among them) on a copy of the diagram; the
    // copy's parameters and settings then replace the diagram's in one command.
    diagram::Diagram edited = document_->rootDiagram();
    try {
        sweep::applyAssignments(edited, document_->library(), job->definition.set);
        for (size_t i = 0; i < job->targets.size(); ++i)
            sweep::applyOverride(edited, job->targets[i], session_->parameterValue(run, static_cast<int>(i)));
    } catch (const Error& e) {
        messages_->error(tr("Apply sweep values: %1").arg(QString::fromStdString(e.what())));
        return false;
    }
    if (!document_->levelPath().isEmpty())
        document_->showLevel({}); // the values are the top level's
    document_->undoStack()->beginMacro(tr("Apply the values of sweep run %1").arg(run));
    const bool changed = editor_.setModelParameters(edited);
    document_->undoStack()->endMacro();
    return changed;
}

void SweepWorkspace::openDialog()
{
    SweepDialog dialog(document_->rootDiagram(), document_->sharedLibrary(), storedDefinition(), window_);
    if (dialog.exec() != QDialog::Accepted || !dialog.job())
        return;
    // The runs go where the dialog says: this computer's cores or a Slurm cluster.
    if (backend_->isRunning())
        backend_->cancel();
    if (std::optional<SlurmChoice> slurm = dialog.slurmChoice()) {
        slurm->libraryFolders = libraryFolders_;
        setBackend(std::make_unique<SlurmSweepBackend>(*slurm));
    }
    else if (!qobject_cast<LocalSweepBackend*>(backend_.get()))
        setBackend(std::make_unique<LocalSweepBackend>());
    run(dialog.job());
}

bool SweepWorkspace::readSweepFile(const QString& path, QString* error)
{
    try {
        const sweep::SweepDefinition d = sweep::readSweepFile(path.toStdString());
        document_->setSweep(sweep::sweepToJson(d));
        return true;
    } catch (const Error& e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
}

bool SweepWorkspace::writeSweepFile(const QString& path, QString* error) const
{
    return writeFileAtomically(path, sweep::sweepToJson(storedDefinition()).dump(2) + "\n", error);
}

} // namespace flange::ui
