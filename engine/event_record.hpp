#pragma once
// An event as data: what set it off and the net change of each discrete value over its
// event iteration (docs/events.md, "Reports"). Public vocabulary of the run API
// (engine/api/run.hpp). Readers take the fields; where text is the output (flange-sim's
// --events, messages) it comes from the describe functions below and nowhere else.
#include <string>
#include <vector>

namespace flange {

// What set an event off: a relation that changed its value, where a crossing was found (a
// state event) or at the time it names (a time event, which that relation scheduled: a
// Step's "time < startTime").
struct EventCause {
    bool timeEvent = false;
    std::string instance; // the relation's: "clutch1", "drive.clutch2", "step1"; empty if none
    std::string relation; // as written, without the instance: "fn <= 0", "time < startTime"
    std::string equation; // the equation that holds it, without the instance: "free = fn <= 0"
    bool becameTrue = false;
};

// A discrete value the event changed, from its value before the event iteration to the one
// after it (a value that went 0 -> 1 -> 0 within the iteration is not listed), or a
// continuous state that reinit() set.
struct EventChange {
    std::string instance;       // "clutch1", "drive.clutch2"; empty for a variable of no instance
    std::string variable;       // the instance's member: "mode", "locked", "u[2]"
    double before = 0, after = 0; // a Boolean's as 0 and 1
    bool isBoolean = false;
    bool reinit = false; // a state set by reinit(): listed even if its value did not change

    std::string name() const { return instance.empty() ? variable : instance + "." + variable; }
};

struct EventRecord {
    double time = 0;
    EventCause cause;
    std::vector<EventChange> changes; // each variable once, in the order of its first change
};

// "clutch1: fn <= 0 became true"
std::string describeCause(const EventCause& cause);
// "clutch1.mode -1 -> 0", "reinit(stop.v) 0.25 -> 0"
std::string describeChange(const EventChange& change);
// One line: "state: clutch1: fn <= 0 became true | clutch1.free 0 -> 1; clutch1.mode -1 -> 2"
std::string describeEvent(const EventRecord& event);

} // namespace flange
