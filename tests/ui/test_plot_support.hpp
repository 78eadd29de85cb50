#pragma once
// Runs made up for the plot tests: equally spaced rows of known functions of time.
#include "ui/plot/plot_area.hpp"
#include "ui/results/run_result.hpp"

#include <QTest>
#include <catch2/catch.hpp>

#include <functional>
#include <memory>
#include <vector>

namespace flange::ui::test {

// `rows` rows from t0 to t1; f(variable index, t) gives the values.
inline void appendSamples(RunResult& run, int first, int rows, double t0, double t1, int total,
                          const std::function<double(size_t, double)>& f)
{
    std::vector<double> times, values;
    for (int r = first; r < first + rows; ++r) {
        const double t = t0 + (t1 - t0) * r / (total - 1);
        times.push_back(t);
        for (size_t v = 0; v < run.variableCount(); ++v)
            values.push_back(f(v, t));
    }
    run.appendRows(times, values);
}

inline std::shared_ptr<RunResult> makeRun(std::vector<ResultVariable> vars, int rows, double t0, double t1,
                                          const std::function<double(size_t, double)>& f)
{
    auto run = std::make_shared<RunResult>();
    run->begin(std::move(vars));
    run->startTime = t0;
    run->stopTime = t1;
    appendSamples(*run, 0, rows, t0, t1, rows, f);
    run->status = RunResult::Status::Finished;
    return run;
}

// A plot area shown at a fixed size, so its charts have pixels to draw into.
struct ShownArea {
    plot::PlotArea area;
    ShownArea()
    {
        area.resize(900, 600);
        area.show();
        REQUIRE(QTest::qWaitForWindowExposed(&area));
    }
};

} // namespace flange::ui::test
