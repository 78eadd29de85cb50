#pragma once
// The editor's model: one engine diagram::Diagram, its file, and the undo stack that
// records every change to it. Views never touch the diagram directly; they listen to the
// signals below and edit through DiagramEditor, whose undo commands call the
// low-level mutators in the "Mutators" section (each emits exactly one signal).
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"
#include "ui/document/subsystem_levels.hpp"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <memory>

namespace flange::ui {

class DiagramDocument : public QObject {
    Q_OBJECT
public:
    explicit DiagramDocument(std::shared_ptr<const library::Library> library, QObject* parent = nullptr);

    // The diagram at the level being edited: the top, or a subsystem opened from it.
    // Components, connections and edits all refer to this level.
    const diagram::Diagram& diagram() const { return *level_.diagram; }
    // The whole diagram, as saved and simulated.
    const diagram::Diagram& rootDiagram() const { return diagram_; }
    const library::Library& library() const { return *library_; }
    std::shared_ptr<const library::Library> sharedLibrary() const { return library_; }
    // The definition of a component's type at this level (its embedded subsystems first),
    // or null when nothing defines it.
    const library::ComponentDefinition* definition(const diagram::Component& c) const;
    const library::ComponentDefinition* findType(const std::string& type) const;
    const diagram::Component* component(const QString& name) const;
    // An outer connector of this level (drawn inside as a block), or null.
    const diagram::OuterConnector* outerConnector(const QString& name) const;

    // Levels. The path names the subsystem instances opened from the top; empty is the top.
    QStringList levelPath() const { return path_; }
    // The type of each instance on the path (the breadcrumb shows them).
    QStringList levelTypes() const { return level_.types; }
    // Inside a library subsystem: shown, never edited.
    bool isReadOnly() const { return level_.readOnly; }
    // The subsystem diagram a component at this level opens into, or null.
    const diagram::Diagram* subsystemOf(const QString& name) const;
    // Shows another level (the view rebuilds: diagramReset). False, changing nothing, when
    // the path leads nowhere. Not an edit: no undo step.
    bool showLevel(const QStringList& path);
    // The level and the component a full instance path ("clutchPack.clutch1") names: the
    // deepest subsystem level on the way, and the name there. False when the first name
    // is not a component of the top.
    bool locate(const QString& fullPath, QStringList* level, QString* name) const;

    QUndoStack* undoStack() { return &undoStack_; }
    // Edits on the undo stack, or a changed plot set-up (a view setting, not undoable, but
    // saved with the diagram and so not to be lost silently).
    bool isModified() const { return !undoStack_.isClean() || changedOffStack_; }

    QString filePath() const { return filePath_; }
    // The name shown in the window title: the file's name, or "Untitled".
    QString displayName() const;

    // Replaces the whole diagram (New, Open). Clears the undo history.
    void reset(diagram::Diagram d, const QString& filePath = {});
    // Reads a diagram file. On failure the current diagram stays as it was and `error`
    // says what is wrong with the file.
    bool open(const QString& path, QString* error);
    // Writes atomically (the old file survives a failed save) and marks the stack clean.
    bool saveAs(const QString& path, QString* error);

    // Mutators for the undo commands. Indices are positions in diagram().connections.
    void insertComponent(int index, diagram::Component c);
    diagram::Component takeComponent(const QString& name, int* index);
    // A component's or an outer connector's block's placement.
    void setPlacement(const QString& name, const diagram::Placement& p);
    void setSettings(const QString& name, const std::vector<std::pair<std::string, diagram::Json>>& parameters,
                     const std::vector<std::pair<std::string, diagram::VariableSettings>>& variables);
    // Renames the instance and every connection end that names it.
    void renameComponent(const QString& oldName, const QString& newName);
    void insertConnection(int index, diagram::Connection c);
    diagram::Connection takeConnection(int index);
    void setConnectionPoints(int index, const std::vector<std::pair<double, double>>& points);
    void setExperiment(const diagram::Experiment& e);
    // This level's annotations (its text notes among them: diagram_notes.hpp).
    void setAnnotations(diagram::Json annotations);
    // Replaces the whole content of this level (grouping, ungrouping): levelReplaced.
    void replaceLevel(diagram::Diagram content);
    // The whole diagram, but for its experiment and plot set-up, which stay (an outer
    // connector renamed or removed changes wires at every instance): levelReplaced.
    void replaceRoot(diagram::Diagram root);
    // The diagram's own parameters and, for a rename, the component values that use them.
    void setModelParameters(const std::vector<std::pair<std::string, diagram::Json>>& parameters,
                            const std::vector<diagram::Component>& components);
    // The plot set-up (the diagram's "plot" key) changed in the plot area.
    void setPlot(const diagram::Json& plot);
    // The sweep saved with the diagram (its "sweep" key: sweep::sweepToJson), as the Sweep
    // dialog last ran it; null removes it. Not undoable, as the plot set-up.
    void setSweep(const diagram::Json& sweep);
    // The folder of that sweep when it ran on a Slurm cluster (its "sweepFolder" key), which
    // the window reopens with the diagram; null removes it. Not undoable either.
    void setSweepFolder(const diagram::Json& folder);
    // Marks unsaved changes that are on no undo stack: a diagram restored from a recovery
    // file differs from its file on disk until saved.
    void markModified();

signals:
    void componentAdded(const QString& name);
    void componentRemoved(const QString& name);
    // Placement, parameters or variables changed.
    void componentChanged(const QString& name);
    void componentRenamed(const QString& oldName, const QString& newName);
    void connectionAdded(int index);
    void connectionRemoved(int index);
    // End points (after a rename) or route points changed.
    void connectionChanged(int index);
    // Everything may have changed: rebuild views from scratch.
    void diagramReset();
    // Another level is shown: views rebuild from diagram(). Not a change of the diagram.
    void levelChanged();
    // The content of the level shown was replaced as a whole (grouping): views rebuild.
    void levelReplaced();
    void experimentChanged();
    void annotationsChanged();
    void modelParametersChanged();
    void filePathChanged(const QString& path);
    // isModified() may have changed for a reason other than the undo stack.
    void modifiedChanged();

private:
    void setExtraOffStack(const char* key, const diagram::Json& value);
    diagram::Component* mutableComponent(const QString& name);
    // This level for the mutators. Undo commands return to their level before they edit,
    // and the editor refuses edits in a read-only level, so it is never a library one.
    diagram::Diagram& current() { return const_cast<diagram::Diagram&>(*level_.diagram); }
    // Resolves the path again after a change that may have moved the subsystems in memory.
    void refreshLevel();

    std::shared_ptr<const library::Library> library_;
    diagram::Diagram diagram_;
    QStringList path_;
    ResolvedLevel level_{&diagram_, false, {&diagram_}, {}};
    SubsystemDefinitions subsystemDefinitions_;
    QString filePath_;
    QUndoStack undoStack_;
    bool changedOffStack_ = false; // a plot set-up change or a restore: unsaved, not undoable
};

} // namespace flange::ui
