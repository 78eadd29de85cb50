#pragma once
// What the worker hands to the GUI thread in one go: the rows written so far (in the
// run's RowStore, which the GUI reads in place) and the new events, and at the start and
// end of a run what the GUI needs to know about it. Built on the worker, read once on the
// GUI thread.
#include "engine/api/run.hpp"
#include "ui/results/row_store.hpp"
#include "ui/results/run_result.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace flange::ui {

struct RunBatch {
    // Set in the first batch after translation.
    std::optional<std::vector<ResultVariable>> variables;
    std::shared_ptr<const Model> model;
    double startTime = 0, stopTime = 1;
    std::vector<std::string> translationWarnings;

    // Translation progress (no rows yet).
    std::string phase;
    double phaseFraction = -1;

    // The run's rows so far: the first rowCount rows of `rows` (null before the first).
    std::shared_ptr<const RowStore> rows;
    size_t rowCount = 0;
    bool newRows = false; // rows arrived since the last batch
    std::vector<EventRecord> events;

    // Set in the last batch.
    bool ended = false;
    RunResult::Status status = RunResult::Status::Running;
    std::string message;
    std::vector<std::string> instances;
    std::optional<double> failureTime;
    bool badInput = false;
    SimulationStats stats;
    double translateSeconds = 0;
};

} // namespace flange::ui
