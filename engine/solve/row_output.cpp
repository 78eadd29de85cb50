// A run's rows (row_output.hpp).
#include "engine/solve/row_output.hpp"
#include "engine/solve/clean_vector_state.hpp"
#include "engine/solve/run_settings.hpp"

#include <cstdint>
#include <cstring>

namespace flange::solve {

namespace {

// Whether no value is NaN or infinite, in integer operations the compiler vectorizes: the
// values computed for a row are checked at every output point (Translational Vehicle: 60
// of them on each of 12,000 rows), and a test and branch per value was 6 % of its run.
bool allFinite(const std::vector<double>& values)
{
    uint64_t exponentAllOnes = 0;
    for (double v : values) {
        uint64_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        exponentAllOnes |= (((bits >> 52) & 0x7ff) + 1) >> 11; // 1 only for exponent 0x7ff
    }
    return exponentAllOnes == 0;
}

} // namespace

RowOutput::RowOutput(RunState& state, const std::vector<int>& outputs) : s_(state)
{
    const CompiledModel& m = state.m_;
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
    names.reserve(outputs_.size());
    for (int i : outputs_)
        names.push_back(s_.m_.outputs[static_cast<size_t>(i)].name);
    s_.sink_.begin(names);
    // Events come from relations only (time events, crossings, when-clauses' conditions).
    s_.sink_.expectRows(gridRows, !s_.m_.relations.empty() || !s_.m_.whens.empty());
}

void RowOutput::write(double t)
{
    if (s_.opt_.maxRows > 0 && s_.stats_.rows >= s_.opt_.maxRows)
        throw simulationFailed("output stopped at t = " + fmt(t) + " s: more than " + std::to_string(s_.opt_.maxRows) +
                               " rows (every event adds two)" + adviceAfter(s_.opt_.limitAdvice.rows))
            .at(t);
    if (!fromComputed_.empty()) {
        s_.computeValues(t, s_.y_.data(), s_.yp_.data());
        // The solver never sees these values: a NaN among them is caught here.
        const std::string origin = allFinite(s_.computed_) ? std::string() : s_.nonFiniteOrigin({});
        if (!origin.empty())
            throw badInput("equation " + s_.withSource(origin) +
                           " gives a value that is not a finite number (NaN or infinity: a division 0/0, the "
                           "root or logarithm of a negative number?) at t = " + fmt(t) + " s")
                .about(instancesOf(origin))
                .at(t);
    }
    auto gather = [this](const std::vector<RowSource>& sources, const std::vector<double>& from) {
        for (const RowSource& s : sources)
            values_[static_cast<size_t>(s.column)] = s.sign * from[static_cast<size_t>(s.index)] + s.offset;
    };
    gather(fromY_, s_.y_);
    gather(fromYp_, s_.yp_);
    gather(fromComputed_, s_.computed_);
    for (const RowSource& s : constant_)
        values_[static_cast<size_t>(s.column)] = s.sign * 0.0 + s.offset;
    for (const RowSource& s : fromDiscrete_) // Booleans, Integers: exact
        values_[static_cast<size_t>(s.column)] = s_.disc_[static_cast<size_t>(s.index)];
    s_.sink_.row(t, values_);
    cleanVectorState();
    ++s_.stats_.rows;
}

} // namespace flange::solve
