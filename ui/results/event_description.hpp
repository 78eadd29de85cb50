#pragma once
// An event in the words of the drive train rather than of the equations: "stuck →
// slipping backward", "in contact", "time event: step1 switches". Reads the EventRecord's
// data and what the library's definitions call each value (valueNames,
// docs/component-format.md), so the event log and tooltips share it; it knows no
// component's variables or values of its own.
#include "engine/api/model.hpp"
#include "engine/api/run.hpp"

#include <QString>

namespace flange::ui {

// The instance whose relation or time event caused the event ("clutch1"); empty if none.
QString eventComponent(const EventRecord& event);

// Plain words for the Event column: for each instance it changed, the new values of its
// named variables of the highest statePriority, an Integer's with the value it left
// ("free → slipping backward"); for a time event the source; failing all, the relation.
// `model` (may be null: no names) is the run's, whose definitions name the values.
QString eventInWords(const EventRecord& event, const Model* model);

// Every change with its values, and their names where the definition has them:
// "clutch2.mode -1 → 0 (slipping backward → stuck); clutch2.locked false → true".
QString changesInWords(const EventRecord& event, const Model* model);

// The cause and the equation that holds its relation, for tooltips.
QString causeInWords(const EventRecord& event);

} // namespace flange::ui
