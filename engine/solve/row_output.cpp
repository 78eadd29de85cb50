// The columns of a run's rows, sorted by the array each reads (row_output.hpp).
#include "engine/solve/row_output.hpp"
#include "engine/solve/clean_vector_state.hpp"

namespace flange::solve {

RowOutput::RowOutput(const CompiledModel& m, const std::vector<int>& outputs, ResultSink& sink) : m_(m), sink_(sink)
{
    if (outputs.empty())
        for (size_t i = 0; i < m.outputs.size(); ++i)
            outputs_.push_back(static_cast<int>(i));
    else
        outputs_ = outputs;
    values_.resize(outputs_.size());
    for (size_t c = 0; c < outputs_.size(); ++c) {
        const OutputVar& o = m.outputs[static_cast<size_t>(outputs_[c])];
        const RowSource s{o.sign, o.offset, o.index, static_cast<int32_t>(c)};
        switch (o.kind) {
        case OutputVar::Kind::Y: fromY_.push_back(s); break;
        case OutputVar::Kind::Yp: fromYp_.push_back(s); break;
        case OutputVar::Kind::Discrete: fromDiscrete_.push_back(s); break;
        case OutputVar::Kind::Constant: constant_.push_back(s); break;
        case OutputVar::Kind::Computed: fromComputed_.push_back(s); break;
        }
    }
}

void RowOutput::begin(long gridRows)
{
    std::vector<std::string> names;
    for (int i : outputs_)
        names.push_back(m_.outputs[static_cast<size_t>(i)].name);
    sink_.begin(names);
    // Events come from relations only (time events, crossings, when-clauses' conditions).
    sink_.expectRows(gridRows, !m_.relations.empty() || !m_.whens.empty());
}

void RowOutput::write(double t, const std::vector<double>& y, const std::vector<double>& yp,
                      const std::vector<double>& computed, const std::vector<double>& disc)
{
    auto gather = [this](const std::vector<RowSource>& sources, const std::vector<double>& from) {
        for (const RowSource& s : sources)
            values_[static_cast<size_t>(s.column)] = s.sign * from[static_cast<size_t>(s.index)] + s.offset;
    };
    gather(fromY_, y);
    gather(fromYp_, yp);
    gather(fromComputed_, computed);
    for (const RowSource& s : constant_)
        values_[static_cast<size_t>(s.column)] = s.sign * 0.0 + s.offset;
    for (const RowSource& s : fromDiscrete_) // Booleans, Integers: exact
        values_[static_cast<size_t>(s.column)] = disc[static_cast<size_t>(s.index)];
    sink_.row(t, values_);
    cleanVectorState();
}

} // namespace flange::solve
