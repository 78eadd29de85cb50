#pragma once
// The relations, discrete equations and when-clauses of a run, and the event iteration
// that settles them at an event (engine.md 5.3), with the record of its net changes
// (event_handling.cpp). A layer on the run's shared state, as its derived classes are
// (Initialization, then Run): one object, so the code reads the shared values directly,
// while each layer keeps its own state and gives the next only its interface.
#include "engine/solve/run_state.hpp"

#include <string>
#include <utility>
#include <vector>

namespace flange::solve {

class EventIteration : protected RunState {
protected:
    EventIteration(const CompiledModel& m, const SimulationOptions& o, ResultSink& sink) : RunState(m, o, sink) {}

    // Relation values at time t: exact at initialization, with hysteresis at events;
    // holdSolved: those reading solved unknowns keep theirs. True where one changed.
    bool updateRelations(double t, bool exact, bool holdSolved = false);
    double eval(expr::NodeId id, double t, bool initial, char* reached = nullptr) const;
    void refreshVarValues();
    std::vector<EventChange> updateDiscrete(double t, bool initial, bool holdSolved = false);
    // A discrete value's change as the event's record lists it, with its instance.
    EventChange eventChange(int32_t var, double before, double after) const;
    // What caused an event at relation `relation` (an index into the model's relations).
    EventCause causeOf(size_t relation, bool timeEvent) const;
    std::vector<std::string> unsettled(const std::vector<double>& relBefore, const std::vector<double>& discBefore) const;
    double nextTimeEvent(double t) const;
    EventCause timeEventCause(double t, double eps) const;
    // The event iteration, and the record of its net changes.
    void iterateEvent(double t, EventRecord& rec, const std::string& cause);
    // A crossing of relations no evaluation reads: they take their new values, no event.
    bool silentCrossing(double t);
    // Index (into stateRelations_) of a relation whose value at y_ differs from the frozen one.
    int changedRelation(double t);

    std::vector<double> timeA_, timeB_; // time relations: distance = a*time + b, for the current discrete values
    std::vector<char> whenPrev_;        // each when-clause's condition at the last event

private:
    std::vector<char> reachedRelations(double t);
    static std::vector<std::string> eventCulprits(const std::string& cause, const EventRecord& rec);
    void refreshTimeCoefficients();
    void iterateToFixedPoint(double t, EventRecord& rec, const std::string& cause);
    bool fireWhens(double t, EventRecord& rec);

    std::vector<double> scratchRel_, scratchDisc_;
    std::vector<char> reached_;
    // The discrete values an event iteration changed, each with its value before the event,
    // in the order they first changed: the event's record shows the net change of each.
    std::vector<std::pair<int32_t, double>> changedSinceEvent_;
    void noteChange(int32_t var, double before);
};

} // namespace flange::solve
