#include "ui/main_window.hpp"

#include "ui/analysis/analysis_actions.hpp"
#include "ui/canvas/diagram_scene.hpp"
#include "ui/canvas/diagram_view.hpp"
#include "ui/canvas/icon_cache.hpp"
#include "ui/canvas/note_item.hpp"
#include "ui/canvas/scene_units.hpp"
#include "ui/document/autosave.hpp"
#include "ui/document/diagram_clipboard.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/diagram_editor.hpp"
#include "ui/document/diagram_notes.hpp"
#include "ui/document/save_location.hpp"
#include "ui/help/help_menu.hpp"
#include "ui/messages_panel.hpp"
#include "ui/outer_connector_actions.hpp"
#include "ui/modelica_files.hpp"
#include "ui/palette/library_browser.hpp"
#include "ui/palette/library_model.hpp"
#include "ui/parameters/experiment_dialog.hpp"
#include "ui/parameters/live_parameter_session.hpp"
#include "ui/parameters/model_parameters_dialog.hpp"
#include "ui/parameters/parameter_dialog.hpp"
#include "ui/plot/plot_area.hpp"
#include "ui/recent_files.hpp"
#include "ui/recovery_dialog.hpp"
#include "ui/simulation/exploration_docks.hpp"
#include "ui/simulation/simulation_workspace.hpp"
#include "ui/sweep/sweep_workspace.hpp"
#include "ui/subsystem_navigation.hpp"
#include "ui/window_actions.hpp"
#include "ui/window_size.hpp"

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QShowEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QSplitter>
#include <QStatusBar>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace flange::ui {

namespace {

// "1 connection", "3 connections": no translation is loaded, so %n alone would not inflect.
QString countOf(size_t n, const QString& one, const QString& many)
{
    return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many);
}

} // namespace

MainWindow::MainWindow(ComponentLibrary library, QWidget* parent) : QMainWindow(parent)
{
    document_ = new DiagramDocument(library.library, this);
    editor_ = std::make_unique<DiagramEditor>(*document_);
    icons_ = std::make_unique<IconCache>(iconFolders(library.folders));
    scene_ = new DiagramScene(*editor_, *icons_, this);
    view_ = new DiagramView(scene_, this);
    recent_ = new RecentFiles(this);
    actions_ = std::make_unique<WindowActions>(this, document_->undoStack());
    autosave_ = std::make_unique<Autosave>(document_, defaultRecoveryFolder());

    createDocks(library);
    simulation_ = new SimulationWorkspace(this, document_, scene_, view_, messages_, *actions_);
    sweeps_ = new SweepWorkspace(this, document_, *editor_, messages_, library.extraFolders);
    exploration_ = new ExplorationDocks(this, *editor_, simulation_);
    analysis_ = new AnalysisActions(this, document_, scene_, messages_);
    subsystems_ = new SubsystemNavigation(this, *editor_, scene_, view_);
    connectors_ = new OuterConnectorActions(this, *editor_, scene_, view_);
    // The breadcrumb ("Top > clutchPack") above the canvas while a subsystem is open.
    auto* canvasColumn = new QWidget(this);
    auto* column = new QVBoxLayout(canvasColumn);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    column->addWidget(subsystems_->breadcrumb());
    column->addWidget(view_, 1);
    // Canvas and plots side by side: the drive train and how it moves, both in view. With
    // stretch factors set, QSplitter shares a change of width in proportion to the current
    // sizes: made even when the window is first shown (showEvent), they give the plots
    // half of the central width and half of any width the window gains (from their size
    // hints the canvas took nearly all of both).
    centralSplit_ = new QSplitter(Qt::Horizontal, this);
    centralSplit_->setObjectName(QStringLiteral("centralSplit"));
    centralSplit_->addWidget(canvasColumn);
    centralSplit_->addWidget(simulation_->plots());
    centralSplit_->setStretchFactor(0, 1);
    centralSplit_->setStretchFactor(1, 1);
    setCentralWidget(centralSplit_);
    createMenus();
    connectActions();
    statusBar()->showMessage(tr("Drag components from the library onto the canvas; drag from port to port to connect."));

    for (const QString& e : library.errors)
        messages_->error(e);
    messages_->info(tr("Component library: %n definitions", "", static_cast<int>(library.library->size())) +
                    QStringLiteral(" (") + library.folders.join(QStringLiteral(", ")) + QStringLiteral(")"));

    setWindowIcon(QIcon::fromTheme(QStringLiteral("applications-engineering")));
    resize(defaultWindowSize(screen()->availableGeometry().size()));
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    updateTitle();
    updateSelectionActions();
    view_->zoomToFit();
}

MainWindow::~MainWindow()
{
    // The document, a child, is deleted after this body: its last signals (the undo stack's
    // cleanChanged) must not reach this half-destroyed window (UBSan reports it).
    document_->undoStack()->disconnect(this);
    document_->disconnect(this);
    // Items refer to the icon cache: the scene must go first.
    delete view_;
    delete scene_;
}

void MainWindow::createDocks(const ComponentLibrary& library)
{
    libraryModel_ = new LibraryModel(*library.library, *icons_, this);
    browser_ = new LibraryBrowser(libraryModel_, this);
    auto* libraryDock = new QDockWidget(tr("Library"), this);
    libraryDock->setObjectName(QStringLiteral("libraryDock"));
    libraryDock->setWidget(browser_);
    // Closable: a dock that is not has its View menu entry disabled, so once hidden (a
    // floating dock closed by the window manager, a saved state) it could not come back.
    libraryDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                             QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, libraryDock);
    resizeDocks({libraryDock}, {270}, Qt::Horizontal);

    messages_ = new MessagesPanel(this);
    auto* messagesDock = new QDockWidget(tr("Messages"), this);
    messagesDock->setObjectName(QStringLiteral("messagesDock"));
    messagesDock->setWidget(messages_);
    messagesDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                              QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::BottomDockWidgetArea, messagesDock);
    resizeDocks({messagesDock}, {messages_->sizeHint().height()}, Qt::Vertical);
    connect(messages_, &MessagesPanel::errorAdded, messagesDock, &QDockWidget::raise);
}

void MainWindow::createMenus()
{
    const WindowActions& a = *actions_;
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addActions({a.newFile, a.open});
    QMenu* recentMenu = file->addMenu(QIcon::fromTheme(QStringLiteral("document-open-recent")), tr("Open &Recent"));
    recent_->attach(recentMenu);
    file->addSeparator();
    file->addActions({a.save, a.saveAs});
    file->addSeparator();
    file->addActions({a.exportCsv, a.exportMat, a.exportPlot});
    QAction* exportModelica = file->addAction(QIcon::fromTheme(QStringLiteral("document-export")),
                                              tr("Export Diagram as Mo&delica…"));
    exportModelica->setObjectName(QStringLiteral("exportModelica"));
    connect(exportModelica, &QAction::triggered, this, [this] {
        exportModelicaDialog(this, document_->rootDiagram(), document_->library(), document_->filePath());
    });
    file->addSeparator();
    sweeps_->addFileActions(file);
    file->addSeparator();
    file->addAction(a.quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addActions({a.undo, a.redo});
    edit->addSeparator();
    edit->addActions({a.cut, a.copy, a.paste, a.duplicate, a.remove});
    edit->addSeparator();
    edit->addActions({a.selectAll, a.rename, a.parameters});
    edit->addSeparator();
    edit->addActions({a.rotate, a.flipHorizontal, a.flipVertical});
    edit->addSeparator();
    edit->addAction(a.findComponent);

    QMenu* viewMenu = menuBar()->addMenu(tr("&View"));
    viewMenu->addActions({a.zoomIn, a.zoomOut, a.zoomFit});
    viewMenu->addSeparator();
    viewMenu->addAction(a.snapToGrid);

    QMenu* diagramMenu = menuBar()->addMenu(tr("&Diagram"));
    diagramMenu->addAction(a.check);
    diagramMenu->addAction(a.experiment);
    diagramMenu->addAction(tr("Model &Parameters…"), this, [this] {
        ModelParametersDialog dialog(document_->diagram(), this);
        if (dialog.exec() == QDialog::Accepted)
            editor_->setModelParameters(dialog.result());
    })->setObjectName(QStringLiteral("modelParameters"));
    diagramMenu->addAction(tr("Add &Note…"), this, [this] {
        const QString text = QInputDialog::getMultiLineText(this, tr("Add Note"), tr("Text of the note:"));
        const QPointF centre = snapped(toDiagram(view_->mapToScene(view_->viewport()->rect().center())), kGrid);
        const int index = editor_->addNote(text, centre);
        if (index >= 0)
            if (NoteItem* item = scene_->noteItem(index)) {
                scene_->clearSelection();
                item->setSelected(true);
            }
    })->setObjectName(QStringLiteral("addNote"));
    diagramMenu->addSeparator();
    diagramMenu->addActions({subsystems_->groupAction(), subsystems_->ungroupAction(), subsystems_->openAction(),
                             subsystems_->upAction()});
    diagramMenu->addAction(connectors_->placeOnIconAction());

    QMenu* simulation = menuBar()->addMenu(tr("&Simulation"));
    simulation->addActions({a.check, a.simulate, a.stopRun, a.autoResimulate});
    simulation->addSeparator();
    simulation->addAction(a.experiment);
    simulation->addSeparator();
    simulation->addActions({a.addPlotTab, a.addSubplot});
    simulation->addSeparator();
    sweeps_->addSimulationActions(simulation);
    analysis_->fillMenu(menuBar()->addMenu(tr("&Analysis")));
    viewMenu->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        viewMenu->addAction(dock->toggleViewAction());

    fillHelpMenu(menuBar()->addMenu(tr("&Help")), *this);

    QToolBar* tools = addToolBar(tr("Main"));
    tools->setObjectName(QStringLiteral("mainToolBar"));
    tools->setIconSize(QSize(20, 20));
    tools->addActions({a.newFile, a.open, a.save});
    tools->addSeparator();
    tools->addActions({a.undo, a.redo});
    tools->addSeparator();
    tools->addActions({a.cut, a.copy, a.paste, a.remove});
    tools->addSeparator();
    tools->addActions({a.rotate, a.flipHorizontal, a.flipVertical});
    tools->addSeparator();
    tools->addActions({a.zoomIn, a.zoomOut, a.zoomFit});
    tools->addSeparator();
    tools->addActions({a.simulate, a.stopRun, a.autoResimulate});
    // The one command a user looks for first, named, not only drawn; and Auto Re-simulate,
    // whose state (a checked button) must read as a setting, not as a pressed icon.
    if (auto* button = qobject_cast<QToolButton*>(tools->widgetForAction(a.simulate))) {
        button->setObjectName(QStringLiteral("simulateButton"));
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    }
    if (auto* button = qobject_cast<QToolButton*>(tools->widgetForAction(a.autoResimulate))) {
        button->setObjectName(QStringLiteral("autoResimulateButton"));
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    }
}

void MainWindow::connectActions()
{
    const WindowActions& a = *actions_;
    connect(a.newFile, &QAction::triggered, this, &MainWindow::newFile);
    connect(a.open, &QAction::triggered, this, &MainWindow::openDialog);
    connect(a.save, &QAction::triggered, this, &MainWindow::save);
    connect(a.saveAs, &QAction::triggered, this, &MainWindow::saveAsDialog);
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
    connect(a.cut, &QAction::triggered, this, &MainWindow::cutSelection);
    connect(a.copy, &QAction::triggered, this, &MainWindow::copySelection);
    connect(a.paste, &QAction::triggered, this, &MainWindow::pasteClipboard);
    // Paste is offered while the clipboard holds components (from this window or another).
    auto updatePaste = [this] { actions_->paste->setEnabled(holdsFragment(QApplication::clipboard()->mimeData())); };
    connect(QApplication::clipboard(), &QClipboard::dataChanged, this, updatePaste);
    updatePaste();
    connect(a.duplicate, &QAction::triggered, this, &MainWindow::duplicateSelection);
    connect(a.remove, &QAction::triggered, scene_, &DiagramScene::deleteSelection);
    connect(a.selectAll, &QAction::triggered, scene_, &DiagramScene::selectAll);
    connect(a.rename, &QAction::triggered, this, &MainWindow::renameSelection);
    connect(a.parameters, &QAction::triggered, this, [this] {
        const QStringList names = scene_->selectedComponentNames();
        if (names.size() == 1)
            editParameters(names.front());
    });
    connect(a.rotate, &QAction::triggered, scene_, &DiagramScene::rotateSelection);
    connect(a.flipHorizontal, &QAction::triggered, this, [this] { scene_->flipSelection(Qt::Horizontal); });
    connect(a.flipVertical, &QAction::triggered, this, [this] { scene_->flipSelection(Qt::Vertical); });
    connect(a.zoomIn, &QAction::triggered, view_, &DiagramView::zoomIn);
    connect(a.zoomOut, &QAction::triggered, view_, &DiagramView::zoomOut);
    connect(a.zoomFit, &QAction::triggered, view_, &DiagramView::zoomToFit);
    connect(a.experiment, &QAction::triggered, this, [this] {
        ExperimentDialog dialog(document_->rootDiagram().experiment, this);
        if (dialog.exec() == QDialog::Accepted)
            editor_->setExperiment(dialog.experiment());
    });
    connect(a.snapToGrid, &QAction::toggled, scene_, &DiagramScene::setSnapToGrid);
    connect(a.findComponent, &QAction::triggered, this, [this] {
        browser_->searchField()->setFocus();
        browser_->searchField()->selectAll();
    });

    connect(document_->undoStack(), &QUndoStack::cleanChanged, this, [this] { setWindowModified(document_->isModified()); });
    connect(document_, &DiagramDocument::modifiedChanged, this, [this] { setWindowModified(document_->isModified()); });
    connect(document_, &DiagramDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(document_, &DiagramDocument::diagramReset, this, [this] { confirmOverwrite_ = false; });
    connect(autosave_.get(), &Autosave::written, this, [this](const QString&, const QString& error) {
        // A full disk would fail every few seconds: say it once.
        if (!error.isEmpty() && error != lastAutosaveError_)
            messages_->warning(error);
        lastAutosaveError_ = error;
    });
    connect(scene_, &DiagramScene::selectionSettled, this, &MainWindow::updateSelectionActions);
    connect(scene_, &DiagramScene::statusMessage, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    // A double-click opens a subsystem instance, and the parameters of anything else.
    connect(scene_, &DiagramScene::noteActivated, this, [this](int index) {
        for (const Note& note : notesIn(document_->diagram().annotations))
            if (note.index == index) {
                bool ok = false;
                const QString text = QInputDialog::getMultiLineText(
                    this, tr("Edit Note"), tr("Text of the note (empty deletes it):"), note.text, &ok);
                if (!ok)
                    return;
                if (text.trimmed().isEmpty())
                    editor_->remove({}, {}, {index});
                else
                    editor_->setNoteText(index, text);
                return;
            }
    });
    connect(scene_, &DiagramScene::componentActivated, this, [this](const QString& name) {
        if (connectors_->edit(name))
            return; // an outer connector's block: its properties
        if (document_->subsystemOf(name))
            subsystems_->open(name);
        else
            editParameters(name);
    });
    connect(subsystems_, &SubsystemNavigation::statusMessage, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    view_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(view_, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        QMenu menu(this);
        menu.addActions({subsystems_->groupAction(), subsystems_->ungroupAction(), subsystems_->openAction(),
                         subsystems_->upAction()});
        menu.addSeparator();
        menu.addActions({actions_->parameters, actions_->rename, actions_->remove});
        menu.exec(view_->viewport()->mapToGlobal(at));
    });
    connect(browser_, &LibraryBrowser::componentRequested, this, &MainWindow::addComponentAtCentre);
    connect(browser_, &LibraryBrowser::connectorRequested, connectors_, &OuterConnectorActions::addAtCentre);
    connect(connectors_, &OuterConnectorActions::statusMessage, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(recent_, &RecentFiles::openRequested, this, [this](const QString& path) {
        if (maybeSave())
            openFile(path);
    });
}

void MainWindow::setQuiet(bool quiet)
{
    quiet_ = quiet;
    simulation_->setAskBeforeReadingFiles(!quiet);
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — Flange").arg(document_->displayName()));
    setWindowModified(document_->isModified());
}

void MainWindow::updateSelectionActions()
{
    const int components = static_cast<int>(scene_->selectedComponentNames().size());
    // Outer connectors' blocks can be renamed and deleted, not copied or turned.
    const int connectors = static_cast<int>(scene_->selectedConnectorNames().size());
    const bool any = components > 0 || connectors > 0 || !scene_->selectedConnections().isEmpty() ||
                     !scene_->selectedNotes().isEmpty();
    const WindowActions& a = *actions_;
    for (QAction* act : {a.cut, a.copy, a.duplicate, a.rotate, a.flipHorizontal, a.flipVertical})
        act->setEnabled(components > 0);
    a.remove->setEnabled(any);
    a.rename->setEnabled(components + connectors == 1);
    a.parameters->setEnabled(components == 1);
}

void MainWindow::reportError(const QString& title, const QString& text)
{
    messages_->error(text);
    if (!quiet_)
        QMessageBox::critical(this, title, text);
}

void MainWindow::checkTypesKnown()
{
    for (const diagram::Component& c : document_->diagram().components)
        if (!document_->definition(c))
            messages_->warning(tr("%1: the type %2 is not in the component library; it is drawn as a plain box")
                                   .arg(QString::fromStdString(c.name), QString::fromStdString(c.type)));
}

void MainWindow::reportBrokenConnections()
{
    const auto& cons = document_->diagram().connections;
    for (const auto& [index, fault] : scene_->brokenConnections()) {
        const diagram::Connection& c = cons[static_cast<size_t>(index)];
        QStringList present;
        for (const std::string& end : {c.from, c.to})
            if (const QString name = QString::fromStdString(end).section(QLatin1Char('.'), 0, 0); document_->component(name))
                present << name;
        messages_->add(MessagesPanel::Severity::Warning,
                       tr("Connection %1 — %2 is broken: %3. It is drawn in red: delete it, or drag its loose end to a port")
                           .arg(QString::fromStdString(c.from), QString::fromStdString(c.to), fault),
                       present);
    }
    // A warning the user must act on before Simulate: shown, not left behind another tab.
    if (!scene_->brokenConnections().isEmpty())
        for (QWidget* w = messages_->parentWidget(); w; w = w->parentWidget())
            if (auto* dock = qobject_cast<QDockWidget*>(w)) {
                dock->raise();
                break;
            }
}

bool MainWindow::openFile(const QString& path)
{
    QString error;
    if (isModelicaFile(path)) {
        // A model read from Modelica is a new diagram: saving it asks where (as JSON).
        auto choose = [this](const QStringList& models) {
            if (quiet_)
                return QString();
            bool ok = false;
            const QString m = QInputDialog::getItem(this, tr("Open Modelica"),
                                                    tr("The file holds several models. Open:"), models, 0, false, &ok);
            return ok ? m : QString();
        };
        std::optional<diagram::Diagram> d = readModelicaModel(path, document_->library(), choose, &error);
        if (!d) {
            if (!error.isEmpty())
                reportError(tr("Cannot open %1").arg(QFileInfo(path).fileName()), error);
            else if (quiet_)
                reportError(tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                            tr("the file holds several models; open it in the window to choose one"));
            return false;
        }
        document_->reset(std::move(*d));
        recent_->add(path);
        messages_->info(tr("Read %1 from %2: %3, %4; save it to keep it as a Flange diagram")
                            .arg(QString::fromStdString(document_->rootDiagram().name), QFileInfo(path).fileName(),
                                 countOf(document_->rootDiagram().components.size(), tr("component"), tr("components")),
                                 countOf(document_->rootDiagram().connections.size(), tr("connection"),
                                         tr("connections"))));
        checkTypesKnown();
        reportBrokenConnections();
        view_->zoomToFit();
        return true;
    }
    if (!document_->open(path, &error)) {
        reportError(tr("Cannot open %1").arg(QFileInfo(path).fileName()), error);
        return false;
    }
    recent_->add(path);
    const auto& d = document_->diagram();
    messages_->info(tr("Opened %1: %2, %3")
                        .arg(QFileInfo(path).fileName(), countOf(d.components.size(), tr("component"), tr("components")),
                             countOf(d.connections.size(), tr("connection"), tr("connections"))));
    checkTypesKnown();
    reportBrokenConnections();
    view_->zoomToFit();
    return true;
}

bool MainWindow::saveFile(const QString& path)
{
    if (confirmOverwrite_ && path == document_->filePath() && !quiet_) {
        const auto answer = QMessageBox::question(
            this, tr("Save Restored Diagram"),
            tr("This diagram was restored from an autosave. Replace %1 with it?\n(Cancel keeps the file; File ▸ Save As saves the diagram elsewhere.)").arg(path),
            QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Save);
        if (answer != QMessageBox::Save)
            return false;
    }
    QString error;
    if (!document_->saveAs(path, &error)) {
        reportError(tr("Cannot save %1").arg(QFileInfo(path).fileName()), error);
        return false;
    }
    confirmOverwrite_ = false;
    recent_->add(path);
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

bool MainWindow::maybeSave()
{
    if (!document_->isModified())
        return true;
    QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"),
                    tr("%1 has changes that are not saved. Save them?").arg(document_->displayName()),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    // Enter must not overwrite a file by accident: it keeps the window and the changes.
    box.setDefaultButton(QMessageBox::Cancel);
    if (!saveAsReason(document_->filePath(), bundledModels_).isEmpty())
        box.button(QMessageBox::Save)->setText(tr("Save As…"));
    const int answer = box.exec();
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    // The layout has given the central area its width by now; earlier layouts (a window
    // not yet at its size) squeezed the two sides to their minimum widths, whose ratio the
    // splitter would keep.
    if (!shownBefore_) {
        shownBefore_ = true;
        const int half = centralSplit_->width() / 2;
        centralSplit_->setSizes({half, half});
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    event->accept();
}

bool MainWindow::offerRecovery()
{
    std::vector<OrphanedRecovery> found = findOrphanedRecoveries(autosave_->folder());
    if (found.empty())
        return false;
    RecoveryDialog dialog(std::move(found), this);
    if (dialog.exec() != QDialog::Accepted || !dialog.chosen())
        return false;
    return restoreRecovery(*dialog.chosen());
}

bool MainWindow::restoreRecovery(const OrphanedRecovery& recovery)
{
    if (!recovery.contents) {
        reportError(tr("Cannot restore"), recovery.error);
        return false;
    }
    if (!maybeSave())
        return false;
    const RecoveryContents& c = *recovery.contents;
    document_->reset(c.diagram, c.originalPath);
    document_->markModified();
    autosave_->adopt(recovery.path, recovery.lock);
    confirmOverwrite_ = !c.originalPath.isEmpty();
    messages_->info(tr("Restored %1 as autosaved at %2; save it to keep it")
                        .arg(document_->displayName(), QLocale().toString(c.savedAt.toLocalTime(), QLocale::ShortFormat)));
    checkTypesKnown();
    reportBrokenConnections();
    view_->zoomToFit();
    return true;
}

void MainWindow::newFile()
{
    if (!maybeSave())
        return;
    document_->reset(diagram::Diagram{});
    view_->zoomToFit();
}

void MainWindow::openDialog()
{
    if (!maybeSave())
        return;
    const QString dir = document_->filePath().isEmpty() ? QString() : QFileInfo(document_->filePath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Diagram"), dir,
                                                      tr("Flange diagrams (*.json);;Modelica (*.mo)"));
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::save()
{
    const QString reason = saveAsReason(document_->filePath(), bundledModels_);
    if (reason.isEmpty())
        return saveFile(document_->filePath());
    if (!document_->filePath().isEmpty())
        statusBar()->showMessage(tr("%1: save it under a new name").arg(reason), 8000);
    return saveAsDialog();
}

bool MainWindow::saveAsDialog()
{
    // A bundled or read-only example is offered a copy in the user's documents folder.
    QString suggestion = document_->filePath().isEmpty() ? tr("Untitled.json") : document_->filePath();
    if (!document_->filePath().isEmpty() && !saveAsReason(document_->filePath(), bundledModels_).isEmpty()) {
        QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        if (!QFileInfo(folder).isDir())
            folder = QDir::homePath();
        suggestion = QDir(folder).filePath(QFileInfo(document_->filePath()).fileName());
    }
    QString path = QFileDialog::getSaveFileName(this, tr("Save Diagram As"), suggestion, tr("Flange diagrams (*.json)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    return saveFile(path);
}

void MainWindow::copySelection()
{
    const QStringList names = scene_->selectedComponentNames();
    if (!names.isEmpty())
        QApplication::clipboard()->setMimeData(fragmentToMimeData(editor_->fragment(names)));
}

void MainWindow::cutSelection()
{
    const QStringList names = scene_->selectedComponentNames();
    if (names.isEmpty())
        return;
    copySelection();
    document_->undoStack()->beginMacro(tr("Cut"));
    editor_->remove(names, scene_->selectedConnections());
    document_->undoStack()->endMacro();
}

void MainWindow::pasteClipboard()
{
    const std::optional<diagram::Diagram> fragment = fragmentFromMimeData(QApplication::clipboard()->mimeData());
    if (!fragment) {
        statusBar()->showMessage(tr("The clipboard holds no components"), 5000);
        return;
    }
    scene_->selectComponents(editor_->paste(*fragment, scene_->freeOffset(*fragment)));
}

void MainWindow::duplicateSelection()
{
    const QStringList names = scene_->selectedComponentNames();
    if (names.isEmpty())
        return;
    const diagram::Diagram fragment = editor_->fragment(names);
    scene_->selectComponents(editor_->paste(fragment, scene_->freeOffset(fragment), tr("Duplicate")));
}

void MainWindow::renameSelection()
{
    const QStringList names = scene_->selectedComponentNames() + scene_->selectedConnectorNames();
    if (names.size() != 1)
        return;
    bool ok = false;
    const QString newName = QInputDialog::getText(this, tr("Rename"), tr("New name of %1:").arg(names.front()),
                                                  QLineEdit::Normal, names.front(), &ok)
                                .trimmed();
    if (!ok || newName == names.front())
        return;
    QString reason;
    if (!editor_->rename(names.front(), newName, &reason))
        statusBar()->showMessage(reason, 8000);
}

void MainWindow::editParameters(const QString& name)
{
    const diagram::Component* c = document_->component(name);
    if (!c)
        return;
    const library::ComponentDefinition* def = document_->definition(*c);
    if (!def) {
        statusBar()->showMessage(tr("%1: the type %2 is not in the component library")
                                     .arg(name, QString::fromStdString(c->type)), 8000);
        return;
    }
    ParameterDialog dialog(*def, *c, this, &document_->diagram());
    // Auto Re-simulate on: each valid edit is previewed in the document so the plots follow
    // it; still one undo step on OK and nothing left on Cancel. Off: applied on OK only.
    std::optional<LiveParameterSession> live;
    if (actions_->autoResimulate->isChecked()) {
        live.emplace(*editor_, name);
        dialog.setLiveApply([&live](const auto& p, const auto& v) { live->preview(p, v); });
    }
    const bool accepted = dialog.exec() == QDialog::Accepted;
    if (live && accepted)
        live->accept(dialog.parameters(), dialog.variables());
    else if (live)
        live->cancel();
    else if (accepted)
        editor_->setSettings(name, dialog.parameters(), dialog.variables());
}

void MainWindow::addComponentAtCentre(const QString& type)
{
    const QPointF centre = snapped(toDiagram(view_->mapToScene(view_->viewport()->rect().center())), kGrid);
    QString error;
    // Beside whatever already sits in the middle of the view, not on top of it.
    const QPointF at = scene_->freeSpot(type, centre);
    const QString name = editor_->addComponent(type, at, &error);
    if (name.isEmpty())
        statusBar()->showMessage(error, 8000);
    else
        scene_->selectComponents({name});
}

} // namespace flange::ui
