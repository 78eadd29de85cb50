#pragma once
// One QUndoCommand per kind of edit. Commands name components by instance name and
// connections by index: both are valid whenever the stack replays a command, because
// the stack replays in order. Each command keeps what it needs to undo itself.
#include "engine/api/diagram.hpp"

#include <QString>
#include <QStringList>
#include <QUndoCommand>

#include <vector>

namespace flange::ui {

class DiagramDocument;

// A command remembers the level (the subsystem opened in the editor) it was made at and
// returns the editor there before it edits: undoing a change made inside a subsystem
// shows that subsystem again, and the document's mutators act on the right diagram.
class LevelCommand : public QUndoCommand {
protected:
    LevelCommand(DiagramDocument& doc, QUndoCommand* parent);
    void enter();
    bool sameLevel(const LevelCommand& other) const { return level_ == other.level_; }

    DiagramDocument& doc_;

private:
    QStringList level_;
};

class AddComponentCommand : public LevelCommand {
public:
    AddComponentCommand(DiagramDocument& doc, diagram::Component c, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    diagram::Component component_;
};

// Removes one component; its connections must have been removed before (DiagramEditor does).
class RemoveComponentCommand : public LevelCommand {
public:
    RemoveComponentCommand(DiagramDocument& doc, const QString& name, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    QString name_;
    diagram::Component component_;
    int index_ = -1;
};

struct PlacementChange {
    QString name;
    diagram::Placement before, after;
};

struct PointsChange {
    int connection = -1;
    std::vector<std::pair<double, double>> before, after;
};

// Move, rotate and flip: new placements for a set of components, plus the route points
// of connections that travel with them. Consecutive moves of the same set merge.
class SetPlacementCommand : public LevelCommand {
public:
    enum Kind { Move, Rotate, Flip };
    SetPlacementCommand(DiagramDocument& doc, Kind kind, std::vector<PlacementChange> changes,
                        std::vector<PointsChange> points, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    Kind kind_;
    std::vector<PlacementChange> changes_;
    std::vector<PointsChange> points_;
};

// Parameters and variable settings of one component, replaced as a whole.
class SetSettingsCommand : public LevelCommand {
public:
    using Parameters = std::vector<std::pair<std::string, diagram::Json>>;
    using Variables = std::vector<std::pair<std::string, diagram::VariableSettings>>;
    SetSettingsCommand(DiagramDocument& doc, const QString& name, Parameters parameters, Variables variables,
                       QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    QString name_;
    Parameters oldParameters_, newParameters_;
    Variables oldVariables_, newVariables_;
};

class RenameComponentCommand : public LevelCommand {
public:
    RenameComponentCommand(DiagramDocument& doc, const QString& oldName, const QString& newName,
                           QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    QString oldName_, newName_;
};

class AddConnectionCommand : public LevelCommand {
public:
    AddConnectionCommand(DiagramDocument& doc, diagram::Connection c, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    diagram::Connection connection_;
    int index_ = -1;
};

class RemoveConnectionCommand : public LevelCommand {
public:
    RemoveConnectionCommand(DiagramDocument& doc, int index, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    int index_;
    diagram::Connection connection_;
};

// The route points of one connection, reshaped by hand. Never merges: each drag of a
// segment or corner is a step of its own.
class SetConnectionPointsCommand : public LevelCommand {
public:
    using Points = std::vector<std::pair<double, double>>;
    SetConnectionPointsCommand(DiagramDocument& doc, int index, Points points, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    int index_;
    Points old_, new_;
};

// The model's parameter table as the Model Parameters dialog left it, with the component
// values a rename rewrote: one step.
class SetModelParametersCommand : public LevelCommand {
public:
    SetModelParametersCommand(DiagramDocument& doc, const diagram::Diagram& edited, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    std::vector<std::pair<std::string, diagram::Json>> oldParameters_, newParameters_;
    std::vector<diagram::Component> oldComponents_, newComponents_;
};

// Grouping and ungrouping: the whole content of a level, before and after, as one step.
class ReplaceLevelCommand : public LevelCommand {
public:
    ReplaceLevelCommand(DiagramDocument& doc, diagram::Diagram after, const QString& text, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    diagram::Diagram before_, after_;
};

// The level's outer connectors added, removed, renamed or placed on the icon. A rename or
// a removal also changes wires: inside, and at every instance of the subsystem in the
// file. The whole diagram, before and after, as one step (its experiment and plot set-up
// are left as they are then).
class SetOuterConnectorsCommand : public LevelCommand {
public:
    SetOuterConnectorsCommand(DiagramDocument& doc, diagram::Diagram root, const QString& text,
                              QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    diagram::Diagram before_, after_;
};

// The experiment belongs to the top diagram, whatever level is shown.
// A level's annotations as a whole: a note added, edited, moved or deleted.
class SetAnnotationsCommand : public LevelCommand {
public:
    SetAnnotationsCommand(DiagramDocument& doc, diagram::Json annotations, const QString& text,
                          QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    diagram::Json old_, new_;
};

class SetExperimentCommand : public QUndoCommand {
public:
    SetExperimentCommand(DiagramDocument& doc, const diagram::Experiment& e, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    DiagramDocument& doc_;
    diagram::Experiment old_, new_;
};

} // namespace flange::ui
