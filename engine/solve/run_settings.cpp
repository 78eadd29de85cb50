#include "engine/solve/run_settings.hpp"

#include "engine/error.hpp"

#include <cmath>

namespace flange::solve {

namespace {

double finite(double v, const std::string& what)
{
    if (!std::isfinite(v))
        throw badInput(what + " must be a finite number (it is " + readableNumber(v) + ")");
    return v;
}

} // namespace

RunSettings checkRunSettings(const CompiledModel& m, const SimulationOptions& o)
{
    RunSettings s;
    s.t0 = finite(m.experiment.startTime, "start time");
    s.tEnd = finite(o.stopTime ? *o.stopTime : m.experiment.stopTime, "stop time");
    if (!(s.tEnd > s.t0))
        throw badInput("stop time " + readableNumber(s.tEnd) + " must be after start time " + readableNumber(s.t0));
    const double span = s.tEnd - s.t0;
    // Below this the solver cannot tell the times apart (and IDA refuses to start).
    const double shortest = 1e-9 * std::max(1.0, std::fabs(s.t0));
    if (!std::isfinite(span) || span < shortest)
        throw badInput("the simulated span from " + readableNumber(s.t0) + " to " + readableNumber(s.tEnd) + " s is " +
                       (std::isfinite(span) ? "shorter than " + readableNumber(shortest) + " s" : "too long to represent"));
    s.dt = finite(o.interval ? *o.interval : m.experiment.outputInterval(), "output interval");
    if (!(s.dt > 0))
        throw badInput("output interval must be positive (it is " + readableNumber(s.dt) + ")");
    s.rtol = finite(o.tolerance ? *o.tolerance : m.experiment.tolerance, "tolerance");
    if (!(s.rtol >= 1e-14 && s.rtol <= 0.5))
        throw badInput("tolerance " + readableNumber(s.rtol) + " is outside the range 1e-14 to 0.5");
    const double rows = std::ceil(span / s.dt) + 1;
    if (o.maxRows > 0 && rows > static_cast<double>(o.maxRows))
        throw badInput("output interval " + readableNumber(s.dt) + " s over " + readableNumber(span) + " s asks for " +
                       readableNumber(rows) + " rows, more than the limit of " + std::to_string(o.maxRows) + " (" +
                       "choose a longer interval" + adviceAfter(o.limitAdvice.rows) + ")");
    s.gridRows = static_cast<long>(rows);
    s.nonStiffStart = o.nonStiffStart.value_or(m.experiment.integrator == diagram::Experiment::Integrator::Auto);
    s.exactOutputs = o.exactAlgebraicOutputs.value_or(m.experiment.exactOutputs);
    return s;
}

} // namespace flange::solve
