#pragma once
// Every edit the user can make, as one undoable step on a DiagramDocument. The canvas,
// the menus, the tests and scripted construction all edit through this class, so the
// GUI has no editing path of its own.
#include "engine/api/diagram.hpp"
#include "ui/document/connection_rules.hpp"

#include <QHash>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

class QUndoCommand;

namespace flange::ui {

class DiagramDocument;

class DiagramEditor {
public:
    using Parameters = std::vector<std::pair<std::string, diagram::Json>>;
    using Variables = std::vector<std::pair<std::string, diagram::VariableSettings>>;
    using Points = std::vector<std::pair<double, double>>;

    explicit DiagramEditor(DiagramDocument& doc) : doc_(doc) {}
    DiagramDocument& document() const { return doc_; }

    // Adds an instance of `type` centred at `position` (diagram units) under a fresh
    // name made from the type. Returns the name, or an empty string (with `error`) when
    // the library does not know the type.
    QString addComponent(const QString& type, QPointF position, QString* error = nullptr);

    // Connects two "instance.connector" endpoints; the result says why when it refuses.
    ConnectionCheck connect(const QString& a, const QString& b, const Points& points = {});

    // Replaces connection `index` by one from `a` to `b` (a broken line's loose end dragged
    // to a port: docs/editor.md, Broken connections), in one step; the result says why
    // when it refuses.
    ConnectionCheck reconnect(int index, const QString& a, const QString& b);

    // New centres (diagram units) after a drag, of components and outer connectors' blocks; connections whose both ends move by the
    // same amount have their route points carried along.
    void moveTo(const QHash<QString, QPointF>& centres);
    void moveBy(const QStringList& names, QPointF delta);
    // Turns each component 90 degrees clockwise about its own centre.
    void rotate(const QStringList& names);
    // Mirrors each component about its own vertical (Qt::Horizontal) or horizontal axis.
    void flip(const QStringList& names, Qt::Orientation orientation);

    // Replaces the route points of connection `index` (a segment or corner dragged by
    // hand); false when they are unchanged or there is no such connection.
    bool setConnectionPoints(int index, const Points& points);

    // Deletes components and outer connectors (with their connections), connections and
    // notes (by their index in the annotations), in one step.
    void remove(const QStringList& names, const QList<int>& connections = {}, const QList<int>& notes = {});

    // Text notes on the diagram (diagram_notes.hpp), each edit one step. addNote returns
    // the new note's index, or -1 for empty text or a read-only level; the others are false
    // when nothing changed.
    int addNote(const QString& text, QPointF topLeft);
    bool setNoteText(int index, const QString& text);
    bool moveNotes(const QHash<int, QPointF>& topLefts);
    bool rename(const QString& oldName, const QString& newName, QString* reason = nullptr);
    // Replaces a component's parameters and variable settings; false when nothing changed.
    bool setSettings(const QString& name, const Parameters& parameters, const Variables& variables);

    // Start and stop time, output interval and tolerance of the simulation.
    bool setExperiment(const diagram::Experiment& e);
    // The diagram's parameters (and the uses a rename rewrote) from an edited copy of the
    // diagram, in one step; false when nothing changed.
    bool setModelParameters(const diagram::Diagram& edited);

    // The components and the connections among them, as a diagram of their own (clipboard).
    diagram::Diagram fragment(const QStringList& names) const;
    // Adds a fragment shifted by `offset`, renaming components that would clash. Returns
    // the new names.
    QStringList paste(const diagram::Diagram& fragment, QPointF offset, const QString& actionName = {});

    // Outer connectors of this level (docs/editor.md, Subsystems): a Flange_a, RealInput...
    // placed by hand at `position` on the canvas, under a fresh name (flange_a,
    // flange_a1...), on the icon where it lies on the canvas. Returns the name, or an
    // empty string with the reason. Moving, deleting and renaming go through moveTo,
    // remove and rename, as for components.
    QString addOuterConnector(const QString& type, QPointF position, QString* error = nullptr);
    // Name, description and icon position of one outer connector, as its dialog left
    // them; a new name is carried to the wires inside. False (with the reason) when refused
    // or unchanged.
    bool setOuterConnector(const QString& name, const diagram::OuterConnector& edited, QString* reason = nullptr);
    // Every outer connector's icon position from where it lies on the canvas; false when
    // nothing changes.
    bool placeConnectorsLikeCanvas();

    // Moves the components into a new embedded subsystem of type `typeName` and puts one
    // instance of it in their place (docs/editor.md, Subsystems). Returns the instance's
    // name, or an empty string with the reason.
    QString group(const QStringList& names, const QString& typeName, QString* error = nullptr);
    // A type name for a new subsystem, free at this level ("Subsystem1", ...).
    QString freeSubsystemType(const QString& base = QStringLiteral("Subsystem")) const;
    // Replaces a subsystem instance by its contents. Returns the names of the components
    // that replaced it, or an empty list with the reason.
    QStringList ungroup(const QString& name, QString* error = nullptr);

private:
    // Pushes onto the document's stack; refused (and deleted) in a read-only level.
    bool push(QUndoCommand* command);
    // The level shown, inside `root` (a copy of the document's whole diagram).
    diagram::Diagram& levelIn(diagram::Diagram& root) const;

    DiagramDocument& doc_;
};

} // namespace flange::ui
