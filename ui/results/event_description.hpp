#pragma once
// An event in the words of the drive train rather than of the equations: "locked (stuck)",
// "breaks away, slipping backward", "contact lifts off". Reads only the EventRecord (its
// cause and the discrete values it changed), so the event log and tooltips share it.
#include "engine/api/run.hpp"

#include <QString>

namespace flange::ui {

// The instance whose relation or time event caused the event ("clutch1"); empty if unknown.
QString eventComponent(const EventRecord& event);

// Plain words for the Event column. For a friction element the net change of its mode
// decides; for a time event the source and what it set off; failing all, the relation.
QString describeEvent(const EventRecord& event);

// The changed discrete values as they happened: "clutch1.mode -1 → 0; clutch1.locked 0 → 1".
QString describeChanges(const EventRecord& event);

} // namespace flange::ui
