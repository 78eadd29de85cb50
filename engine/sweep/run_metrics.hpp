#pragma once
// A sweep's metrics: one number per run from its rows and events, computed as the rows
// stream (no run keeps its rows), so that memory does not grow with the run's length.
//   final(x)            the last row's value
//   at(x, t)            x at time t, linear between rows (the left limit at an event)
//   max(x), min(x), maxabs(x)
//   cross(x, level)     the first time x crosses level, linear between rows
//   integral(x)         trapezoid rule over the rows (an event's two rows add nothing)
//   event("c", "v")     the time of the first event after which c.v is true (has turned
//                       non-zero), as a clutch locks: event("clutch1", "locked")
//   event("c")          the time of the first event caused by c
// and + - * / and parentheses over them and numbers. A metric with no value (never
// crossed, no such event, a failed run, 0/0) is NaN, an empty cell in runs.csv.
#include "engine/run.hpp"

#include <memory>
#include <string>
#include <vector>

namespace flange::sweep {

struct MetricDefinition {
    std::string name, expression;
};

// "NAME=EXPR"; throws flange::Error (BadInput) naming the option.
MetricDefinition parseMetricAssignment(const std::string& text, const std::string& option = "--metric");

class MetricSet {
public:
    // Parses every expression; throws flange::Error (BadInput) naming the metric, the
    // expression and the column of what is wrong.
    explicit MetricSet(const std::vector<MetricDefinition>& metrics);
    ~MetricSet();
    MetricSet(MetricSet&&) noexcept;

    const std::vector<MetricDefinition>& definitions() const { return definitions_; }
    // The signals the metrics read, each once, in order of first use.
    const std::vector<std::string>& signalsRead() const { return signals_; }

    struct Probe; // one function call of an expression
    struct Node;  // expressions

    // One run's evaluation: fed with the run's rows (columns named in begin(), which must
    // hold every signal of signals()) and events.
    class Evaluation {
    public:
        explicit Evaluation(const MetricSet& set);
        void begin(const std::vector<std::string>& columns);
        void row(double time, const std::vector<double>& values);
        void event(const EventRecord& e);
        std::vector<double> values() const; // one per metric, in definition order

        struct State {
            double value = 0, lastTime = 0, lastX = 0;
            bool seen = false, done = false;
        };

    private:
        const MetricSet* set_;
        std::vector<int> columns_; // per signal of the set: its column in the rows
        std::vector<State> states_; // per probe
    };

private:
    std::vector<MetricDefinition> definitions_;
    std::vector<std::string> signals_;
    std::vector<std::unique_ptr<Probe>> probes_;
    std::vector<std::unique_ptr<Node>> roots_;
};

} // namespace flange::sweep
