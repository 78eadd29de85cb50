#include "engine/event_record.hpp"

#include "engine/error.hpp"

namespace flange {

std::string describeCause(const EventCause& cause)
{
    if (cause.relation.empty())
        return cause.timeEvent ? "time event" : "state event";
    return (cause.instance.empty() ? "" : cause.instance + ": ") + cause.relation +
           (cause.becameTrue ? " became true" : " became false");
}

std::string describeChange(const EventChange& change)
{
    const std::string values = readableNumber(change.before) + " -> " + readableNumber(change.after);
    return change.reinit ? "reinit(" + change.name() + ") " + values : change.name() + " " + values;
}

std::string describeEvent(const EventRecord& event)
{
    std::string changes;
    for (const EventChange& c : event.changes)
        changes += (changes.empty() ? "" : "; ") + describeChange(c);
    return std::string(event.cause.timeEvent ? "time" : "state") + ": " + describeCause(event.cause) +
           (changes.empty() ? "" : " | " + changes);
}

} // namespace flange
