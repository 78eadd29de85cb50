// Which result columns always hold the same value. The rule follows how Run::emitRow
// gathers a row (simulation.cpp): a column is sign * source[index] + offset, a constant
// is sign * 0.0 + offset, and a discrete value is copied as it is. Two columns with the
// same source, index, sign and offset therefore hold the same bits on every row; nothing
// that only happens to be equal (two states that start at zero) is merged.
#include "engine/run.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <map>
#include <tuple>

namespace flange {

std::vector<int32_t> columnsWithSameValues(const CompiledModel& model, const std::vector<int>& outputs)
{
    const size_t n = outputs.empty() ? model.outputs.size() : outputs.size();
    std::vector<int32_t> first(n);
    // (kind, index, sign bits, offset bits) -> the first column gathered that way
    std::map<std::tuple<int, int32_t, uint64_t, uint64_t>, int32_t> seen;
    for (size_t c = 0; c < n; ++c) {
        const OutputVar& o = model.outputs[outputs.empty() ? c : static_cast<size_t>(outputs[c])];
        std::tuple<int, int32_t, uint64_t, uint64_t> key{static_cast<int>(o.kind), o.index,
                                                         std::bit_cast<uint64_t>(o.sign),
                                                         std::bit_cast<uint64_t>(o.offset)};
        if (o.kind == OutputVar::Kind::Constant) // the value alone decides
            key = {static_cast<int>(o.kind), 0, 0, std::bit_cast<uint64_t>(o.sign * 0.0 + o.offset)};
        else if (o.kind == OutputVar::Kind::Discrete) // copied without sign or offset
            key = {static_cast<int>(o.kind), o.index, 0, 0};
        first[c] = seen.try_emplace(key, static_cast<int32_t>(c)).first->second;
    }
    return first;
}

std::vector<SharedColumn> columnsSharedWithSign(const CompiledModel& model, const std::vector<int>& outputs)
{
    const size_t n = outputs.empty() ? model.outputs.size() : outputs.size();
    std::vector<SharedColumn> shared(n);
    // sign * x + 0 is exactly the negation of -sign * x + 0 (IEEE negation is exact), so
    // columns without an offset whose signs differ only in sign share; one with an offset
    // shares only with the same sign and offset (the columnsWithSameValues rule).
    std::map<std::tuple<int, int32_t, uint64_t, uint64_t, bool>, std::pair<int32_t, double>> seen;
    for (size_t c = 0; c < n; ++c) {
        const OutputVar& o = model.outputs[outputs.empty() ? c : static_cast<size_t>(outputs[c])];
        const bool withOffset = o.offset != 0;
        std::tuple<int, int32_t, uint64_t, uint64_t, bool> key{
            static_cast<int>(o.kind), o.index, std::bit_cast<uint64_t>(withOffset ? o.sign : std::abs(o.sign)),
            std::bit_cast<uint64_t>(o.offset), withOffset};
        if (o.kind == OutputVar::Kind::Constant)
            key = {static_cast<int>(o.kind), 0, 0, std::bit_cast<uint64_t>(o.sign * 0.0 + o.offset), true};
        else if (o.kind == OutputVar::Kind::Discrete)
            key = {static_cast<int>(o.kind), o.index, 0, 0, true};
        const auto [it, added] = seen.try_emplace(key, static_cast<int32_t>(c), o.sign);
        shared[c] = {it->second.first, !added && !withOffset && o.kind != OutputVar::Kind::Constant &&
                                           o.kind != OutputVar::Kind::Discrete && o.sign != it->second.second,
                     o.kind == OutputVar::Kind::Constant};
    }
    return shared;
}

} // namespace flange
