#include "engine/model_check.hpp"

#include "engine/compiled_model.hpp"
#include "engine/error.hpp"
#include "engine/structure/strong_components.hpp"

#include <algorithm>

namespace flange {

namespace {

// The solver's unknown of a slot: der(x) for a state (what its row determines), else the variable.
std::string unknownOfSlot(const CompiledModel& m, int32_t slot)
{
    const std::string& name = m.varName(m.slotVar[static_cast<size_t>(slot)]);
    return m.slotIsState[static_cast<size_t>(slot)] ? "der(" + name + ")" : name;
}

// Row i of the solver's system is matched to slot i (compile.cpp), so the rows' strongly
// connected components are the blocks of its block-triangular form: a block of more
// than one unknown is an algebraic loop, solved by Newton's method.
std::vector<std::vector<std::string>> algebraicLoops(const CompiledModel& m)
{
    const auto& p = m.jacPattern;
    std::vector<std::vector<int32_t>> deps(static_cast<size_t>(m.n));
    for (int32_t c = 0; c < p.cols; ++c) {
        const bool state = m.slotIsState[static_cast<size_t>(c)] != 0;
        for (int32_t k = p.colPtr[static_cast<size_t>(c)]; k < p.colPtr[static_cast<size_t>(c) + 1]; ++k) {
            const int32_t r = p.rowIdx[static_cast<size_t>(k)];
            // a state's row determines der(x): its own value is known at each step
            const bool reads = state ? m.jacHasYp[static_cast<size_t>(k)] != 0 : m.jacHasY[static_cast<size_t>(k)] != 0;
            if (reads && r != c)
                deps[static_cast<size_t>(r)].push_back(c);
        }
    }
    std::vector<std::vector<std::string>> loops;
    for (const auto& block : structure::strongComponents(deps))
        if (block.size() > 1) {
            std::vector<std::string> names;
            for (int32_t slot : block)
                names.push_back(unknownOfSlot(m, slot));
            std::sort(names.begin(), names.end());
            loops.push_back(std::move(names));
        }
    std::stable_sort(loops.begin(), loops.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
    return loops;
}

std::string aliasText(const CompiledModel& m, const CompiledModel::Alias& a)
{
    std::string text = m.varName(a.var) + " = " + (a.sign < 0 ? "-" : "") + m.varName(a.of);
    if (a.sign != 1 && a.sign != -1)
        text = m.varName(a.var) + " = " + readableNumber(a.sign) + "*" + m.varName(a.of);
    if (a.offset > 0)
        text += " + " + readableNumber(a.offset);
    else if (a.offset < 0)
        text += " - " + readableNumber(-a.offset);
    return text;
}

// A heading ("3 states:") and the items below it, two spaces in, at most `most` of them.
void list(std::string& out, const std::string& heading, const std::vector<std::string>& items, size_t most)
{
    out += heading + "\n";
    for (size_t i = 0; i < items.size() && i < most; ++i)
        out += "  " + items[i] + "\n";
    if (items.size() > most)
        out += "  ... and " + std::to_string(items.size() - most) + " more\n";
}

std::string count(size_t n, const char* one, const char* many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

} // namespace

CheckReport checkModel(const CompiledModel& m)
{
    CheckReport r;
    r.states = m.stats.stateNames;
    for (int32_t v : m.dummyDerivatives)
        r.dummyDerivatives.push_back(m.varName(v));
    for (const CompiledModel::Alias& a : m.aliases)
        r.aliases.push_back(aliasText(m, a));
    r.constants = m.stats.constants;
    r.algebraicLoops = algebraicLoops(m);
    r.assumedStarts = m.initial.assumed;
    for (size_t d = 0; d < m.initial.droppedG.size(); ++d) {
        std::string text = m.initOrigins[static_cast<size_t>(m.initial.droppedG[d])];
        const auto& with = m.initial.droppedWith[d];
        for (size_t i = 0; i < with.size(); ++i)
            text += (i ? ", " : " (with ") + with[i];
        r.redundantStarts.push_back(with.empty() ? text : text + ")");
    }
    r.warnings = m.warnings;
    return r;
}

std::string CheckReport::text(size_t most) const
{
    std::string out;
    list(out, count(states.size(), "state", "states") + (states.empty() ? "" : ":"), states, most);
    list(out, count(dummyDerivatives.size(), "dummy derivative", "dummy derivatives") +
                  (dummyDerivatives.empty() ? "" : " (derivatives made algebraic by index reduction):"),
         dummyDerivatives, most);
    list(out, count(aliases.size(), "alias", "aliases") + " and " + count(static_cast<size_t>(constants), "constant", "constants") +
                  " eliminated" + (aliases.empty() ? "" : ":"),
         aliases, most);
    std::vector<std::string> loops;
    for (const auto& loop : algebraicLoops) {
        std::string names;
        for (size_t i = 0; i < loop.size() && i < most; ++i)
            names += (i ? ", " : "") + loop[i];
        if (loop.size() > most)
            names += ", ... and " + std::to_string(loop.size() - most) + " more";
        loops.push_back(std::to_string(loop.size()) + " unknowns: " + names);
    }
    list(out, algebraicLoops.empty() ? std::string("no algebraic loops")
                                     : count(algebraicLoops.size(), "algebraic loop", "algebraic loops") + ":",
         loops, most);
    if (assumedStarts.empty())
        out += "no start values assumed: the model fixes every initial value\n";
    else
        list(out, count(assumedStarts.size(), "start value", "start values") +
                      " assumed because nothing fixes them (fixed = true on a variable, or an initial equation, "
                      "would):",
             assumedStarts, most);
    if (!redundantStarts.empty())
        list(out, count(redundantStarts.size(), "fixed start value", "fixed start values") +
                      " already determined by the others (a run checks that they agree):",
             redundantStarts, most);
    if (!warnings.empty())
        list(out, count(warnings.size(), "warning", "warnings") + ":", warnings, most);
    return out;
}

} // namespace flange
