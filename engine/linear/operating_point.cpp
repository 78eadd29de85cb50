#include "engine/linear/operating_point.hpp"

#include "engine/api/simulation.hpp"
#include "engine/compiled_model.hpp"
#include "engine/error.hpp"

#include <algorithm>

namespace flange::linear {

namespace {

// Keeps the last row only: a long run to `at` of a large model keeps no table.
struct LastRow : ResultSink {
    double time = 0;
    std::vector<double> values;
    void row(double t, const std::vector<double>& v) override
    {
        time = t;
        values = v;
    }
};

} // namespace

OperatingPoint operatingPoint(const std::shared_ptr<const Model>& model, std::optional<double> at)
{
    Run run(model);
    LastRow last;
    run.streamTo(last);
    if (at) {
        if (!(*at >= model->experiment().startTime))
            throw badInput("--at " + readableNumber(*at) + " is before the start time " +
                           readableNumber(model->experiment().startTime));
        SimulationOptions options;
        options.stopTime = std::max(*at, model->experiment().stopTime);
        run.setOptions(options);
        run.advanceTo(*at);
    } else {
        run.initialize();
    }
    OperatingPoint p;
    p.model = model; // no parameter is set: the run simulates the model as compiled
    const CompiledModel& m = model->compiled();
    p.time = last.time;
    const std::vector<double>& row = last.values;
    p.y = m.yStart;
    p.yp.assign(static_cast<size_t>(m.n), 0.0);
    p.disc = m.discreteStart;
    p.disc.resize(m.variableCount(), 0.0);
    // Every column is a model variable, in the order of m.outputs (all signals selected).
    for (size_t c = 0; c < m.outputs.size() && c < row.size(); ++c) {
        const OutputVar& o = m.outputs[c];
        const size_t i = static_cast<size_t>(o.index);
        if (o.sign == 0)
            continue;
        const double v = (row[c] - o.offset) / o.sign;
        if (o.kind == OutputVar::Kind::Y)
            p.y[i] = v;
        else if (o.kind == OutputVar::Kind::Yp)
            p.yp[i] = v;
        else if (o.kind == OutputVar::Kind::Discrete)
            p.disc[i] = row[c];
    }
    // The relations as the values give them (a distance > 0 is true), twice: a relation
    // may read another one's value.
    p.rel.assign(m.relations.size(), 0.0);
    if (!m.relations.empty()) {
        std::vector<double> regs = m.crossing.workspace(), dist(m.relations.size(), 0.0);
        for (int pass = 0; pass < 2; ++pass) {
            codegen::TapeInputs in = tapeInputs(p);
            in.out[0] = dist.data();
            m.crossing.run(in, regs.data());
            for (size_t k = 0; k < dist.size(); ++k)
                p.rel[k] = dist[k] > 0 ? 1.0 : 0.0;
        }
    }
    return p;
}

} // namespace flange::linear
