#pragma once
// Text notes on the diagram: the entries of a level's `annotations` array of the form
// {"type": "note", "text": "...", "x": 0, "y": 40} (diagram units, the note's top-left
// corner). Other entries are kept as they are, and a note is named by its position in
// the array, as connections are by theirs.
#include "engine/api/diagram.hpp"

#include <QList>
#include <QPointF>
#include <QString>

namespace flange::ui {

struct Note {
    int index = -1; // in the annotations array
    QString text;
    QPointF at;
};

// The notes among the annotations, in array order.
QList<Note> notesIn(const diagram::Json& annotations);
diagram::Json noteJson(const QString& text, QPointF at);

} // namespace flange::ui
