#include "ui/document/undo_commands.hpp"

#include "ui/document/diagram_document.hpp"

#include <QObject>

#include <algorithm>

namespace flange::ui {

namespace {
QString qs(const std::string& s) { return QString::fromStdString(s); }
} // namespace

LevelCommand::LevelCommand(DiagramDocument& doc, QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc), level_(doc.levelPath())
{
}

void LevelCommand::enter() { doc_.showLevel(level_); }

AddComponentCommand::AddComponentCommand(DiagramDocument& doc, diagram::Component c, QUndoCommand* parent)
    : LevelCommand(doc, parent), component_(std::move(c))
{
    setText(QObject::tr("Add %1").arg(qs(component_.name)));
}

void AddComponentCommand::redo()
{
    enter();
    doc_.insertComponent(-1, component_);
}

void AddComponentCommand::undo()
{
    enter();
    doc_.takeComponent(qs(component_.name), nullptr);
}

RemoveComponentCommand::RemoveComponentCommand(DiagramDocument& doc, const QString& name, QUndoCommand* parent)
    : LevelCommand(doc, parent), name_(name)
{
    setText(QObject::tr("Delete %1").arg(name));
}

void RemoveComponentCommand::redo()
{
    enter();
    component_ = doc_.takeComponent(name_, &index_);
}

void RemoveComponentCommand::undo()
{
    enter();
    doc_.insertComponent(index_, component_);
}

SetPlacementCommand::SetPlacementCommand(DiagramDocument& doc, Kind kind, std::vector<PlacementChange> changes,
                                         std::vector<PointsChange> points, QUndoCommand* parent)
    : LevelCommand(doc, parent), kind_(kind), changes_(std::move(changes)), points_(std::move(points))
{
    const QString what = changes_.size() == 1 ? changes_.front().name : QObject::tr("%n components", "", int(changes_.size()));
    switch (kind_) {
    case Move: setText(QObject::tr("Move %1").arg(what)); break;
    case Rotate: setText(QObject::tr("Rotate %1").arg(what)); break;
    case Flip: setText(QObject::tr("Flip %1").arg(what)); break;
    }
}

void SetPlacementCommand::redo()
{
    enter();
    for (const PlacementChange& c : changes_)
        doc_.setPlacement(c.name, c.after);
    for (const PointsChange& p : points_)
        doc_.setConnectionPoints(p.connection, p.after);
}

void SetPlacementCommand::undo()
{
    enter();
    for (const PlacementChange& c : changes_)
        doc_.setPlacement(c.name, c.before);
    for (const PointsChange& p : points_)
        doc_.setConnectionPoints(p.connection, p.before);
}

int SetPlacementCommand::id() const
{
    // Only moves merge: a drag followed by arrow-key nudges of the same selection is one step.
    return kind_ == Move ? 1 : -1;
}

bool SetPlacementCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const SetPlacementCommand*>(other);
    if (!sameLevel(*o) || o->changes_.size() != changes_.size())
        return false;
    for (size_t i = 0; i < changes_.size(); ++i)
        if (changes_[i].name != o->changes_[i].name)
            return false;
    for (size_t i = 0; i < changes_.size(); ++i)
        changes_[i].after = o->changes_[i].after;
    for (const PointsChange& p : o->points_) {
        auto mine = std::find_if(points_.begin(), points_.end(),
                                 [&](const PointsChange& q) { return q.connection == p.connection; });
        if (mine != points_.end())
            mine->after = p.after;
        else
            points_.push_back(p);
    }
    return true;
}

SetSettingsCommand::SetSettingsCommand(DiagramDocument& doc, const QString& name, Parameters parameters,
                                       Variables variables, QUndoCommand* parent)
    : LevelCommand(doc, parent), name_(name), newParameters_(std::move(parameters)),
      newVariables_(std::move(variables))
{
    if (const diagram::Component* c = doc_.component(name)) {
        oldParameters_ = c->parameters;
        oldVariables_ = c->variables;
    }
    setText(QObject::tr("Change parameters of %1").arg(name));
}

void SetSettingsCommand::redo()
{
    enter();
    doc_.setSettings(name_, newParameters_, newVariables_);
}

void SetSettingsCommand::undo()
{
    enter();
    doc_.setSettings(name_, oldParameters_, oldVariables_);
}

RenameComponentCommand::RenameComponentCommand(DiagramDocument& doc, const QString& oldName, const QString& newName,
                                               QUndoCommand* parent)
    : LevelCommand(doc, parent), oldName_(oldName), newName_(newName)
{
    setText(QObject::tr("Rename %1 to %2").arg(oldName, newName));
}

void RenameComponentCommand::redo()
{
    enter();
    doc_.renameComponent(oldName_, newName_);
}

void RenameComponentCommand::undo()
{
    enter();
    doc_.renameComponent(newName_, oldName_);
}

AddConnectionCommand::AddConnectionCommand(DiagramDocument& doc, diagram::Connection c, QUndoCommand* parent)
    : LevelCommand(doc, parent), connection_(std::move(c))
{
    setText(QObject::tr("Connect %1 to %2").arg(qs(connection_.from), qs(connection_.to)));
}

void AddConnectionCommand::redo()
{
    enter();
    index_ = static_cast<int>(doc_.diagram().connections.size());
    doc_.insertConnection(index_, connection_);
}

void AddConnectionCommand::undo()
{
    enter();
    doc_.takeConnection(index_);
}

RemoveConnectionCommand::RemoveConnectionCommand(DiagramDocument& doc, int index, QUndoCommand* parent)
    : LevelCommand(doc, parent), index_(index)
{
    const auto& list = doc_.diagram().connections;
    if (index >= 0 && index < static_cast<int>(list.size())) {
        const diagram::Connection& c = list[static_cast<size_t>(index)];
        setText(QObject::tr("Disconnect %1 from %2").arg(qs(c.from), qs(c.to)));
    }
}

void RemoveConnectionCommand::redo()
{
    enter();
    connection_ = doc_.takeConnection(index_);
}

void RemoveConnectionCommand::undo()
{
    enter();
    doc_.insertConnection(index_, connection_);
}

SetConnectionPointsCommand::SetConnectionPointsCommand(DiagramDocument& doc, int index, Points points,
                                                       QUndoCommand* parent)
    : LevelCommand(doc, parent), index_(index), new_(std::move(points))
{
    const auto& list = doc_.diagram().connections;
    if (index >= 0 && index < static_cast<int>(list.size())) {
        old_ = list[static_cast<size_t>(index)].points;
        setText(QObject::tr("Reshape the line from %1").arg(qs(list[static_cast<size_t>(index)].from)));
    }
}

void SetConnectionPointsCommand::redo()
{
    enter();
    doc_.setConnectionPoints(index_, new_);
}

void SetConnectionPointsCommand::undo()
{
    enter();
    doc_.setConnectionPoints(index_, old_);
}

SetModelParametersCommand::SetModelParametersCommand(DiagramDocument& doc, const diagram::Diagram& edited,
                                                     QUndoCommand* parent)
    : LevelCommand(doc, parent), oldParameters_(doc.diagram().parameters), newParameters_(edited.parameters),
      oldComponents_(doc.diagram().components), newComponents_(edited.components)
{
    setText(QObject::tr("Change model parameters"));
}

void SetModelParametersCommand::redo()
{
    enter();
    doc_.setModelParameters(newParameters_, newComponents_);
}

void SetModelParametersCommand::undo()
{
    enter();
    doc_.setModelParameters(oldParameters_, oldComponents_);
}

ReplaceLevelCommand::ReplaceLevelCommand(DiagramDocument& doc, diagram::Diagram after, const QString& text,
                                         QUndoCommand* parent)
    : LevelCommand(doc, parent), before_(doc.diagram()), after_(std::move(after))
{
    setText(text);
}

void ReplaceLevelCommand::redo()
{
    enter();
    doc_.replaceLevel(after_);
}

void ReplaceLevelCommand::undo()
{
    enter();
    doc_.replaceLevel(before_);
}

SetOuterConnectorsCommand::SetOuterConnectorsCommand(DiagramDocument& doc, diagram::Diagram root, const QString& text,
                                                     QUndoCommand* parent)
    : LevelCommand(doc, parent), before_(doc.rootDiagram()), after_(std::move(root))
{
    setText(text);
}

void SetOuterConnectorsCommand::redo()
{
    enter();
    doc_.replaceRoot(after_);
}

void SetOuterConnectorsCommand::undo()
{
    enter();
    doc_.replaceRoot(before_);
}

SetAnnotationsCommand::SetAnnotationsCommand(DiagramDocument& doc, diagram::Json annotations, const QString& text,
                                             QUndoCommand* parent)
    : LevelCommand(doc, parent), old_(doc.diagram().annotations), new_(std::move(annotations))
{
    setText(text);
}

void SetAnnotationsCommand::redo()
{
    enter();
    doc_.setAnnotations(new_);
}

void SetAnnotationsCommand::undo()
{
    enter();
    doc_.setAnnotations(old_);
}

SetExperimentCommand::SetExperimentCommand(DiagramDocument& doc, const diagram::Experiment& e, QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc), old_(doc.rootDiagram().experiment), new_(e)
{
    setText(QObject::tr("Change experiment settings"));
}

void SetExperimentCommand::redo() { doc_.setExperiment(new_); }

void SetExperimentCommand::undo() { doc_.setExperiment(old_); }

} // namespace flange::ui
