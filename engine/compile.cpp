#include "engine/compile.hpp"

#include "engine/cancel.hpp"
#include "engine/codegen/tape_compiler.hpp"
#include "engine/codegen/tape_finisher.hpp"
#include "engine/diagnostic_context.hpp"
#include "engine/error.hpp"
#include "engine/expr/differentiate.hpp"
#include "engine/expr/parser.hpp"
#include "engine/expr/printer.hpp"
#include "engine/flatten/instantiate.hpp"
#include "engine/instance_name.hpp"
#include "engine/structure/alias_elimination.hpp"
#include "engine/structure/dae_structure.hpp"
#include "engine/structure/discrete_order.hpp"
#include "engine/structure/explicit_equations.hpp"
#include "engine/structure/matching.hpp"
#include "engine/structure/time_events.hpp"

#include <algorithm>
#include <chrono>
#include <map>

namespace flange {

using codegen::VarSource;
using expr::NodeId;

namespace {

class ModelBuilder {
public:
    ModelBuilder(flatten::FlatModel& f, structure::DaeStructure& s, CompiledModel& cm, const CancelFlag& cancelled,
                 std::string modelName)
        : f_(f), s_(s), cm_(cm), cancelled_(cancelled), modelName_(std::move(modelName))
    {
    }

    // Three steps, each a phase of its own in the statistics.
    void sortAndSolveExplicitly()
    {
        nVars_ = static_cast<int32_t>(f_.vars.size());
        assignSlots();
        solveExplicitly();
    }

    void buildTapes()
    {
        buildResidual();
        throwIfCancelled(cancelled_, "translation");
        buildInit();
    }

    void buildEventsAndOutputs()
    {
        buildEvents();
        buildOutputs();
    }

    // The long tapes finished on the helper are in place after this.
    void waitForTapes() { tapes_.wait(); }

private:
    // Synthetic variable ids >= nVars_ stand for yp[slot] of a state whose derivative
    // has its own slot (the link equation der(phi) = w when both phi and w are states).
    VarSource source(int32_t v) const
    {
        if (v >= nVars_)
            return {VarSource::Kind::Yp, v - nVars_, 0};
        if (computedIndex_.size() > static_cast<size_t>(v) && computedIndex_[static_cast<size_t>(v)] >= 0)
            throw internalError(modelName_, "computed variable " + f_.vars[static_cast<size_t>(v)].name +
                                                " is read after its substitution");
        int32_t slot = slotOf_[static_cast<size_t>(v)];
        if (slot >= 0)
            return {VarSource::Kind::Y, slot, 0};
        int32_t x = ypOf_[static_cast<size_t>(v)];
        if (x >= 0)
            return {VarSource::Kind::Yp, slotOf_[static_cast<size_t>(x)], 0};
        const auto& var = f_.vars[static_cast<size_t>(v)];
        if (var.isConstant)
            return {VarSource::Kind::Constant, 0, var.aliasOffset};
        throw internalError(modelName_, "variable " + var.name + " has no place in the solver");
    }

    void assignSlots()
    {
        cm_.n = 0;
        cm_.slotVar.clear();
        cm_.yStart.clear();
        cm_.nominal.clear();
        cm_.stateSlots.clear();
        cm_.stats.stateNames.clear();
        slotOf_.assign(f_.vars.size(), -1);
        ypOf_.assign(f_.vars.size(), -1);
        for (int32_t v : s_.unknowns) {
            int32_t p = f_.vars[static_cast<size_t>(v)].derivativeOf;
            if (p >= 0 && s_.isState[static_cast<size_t>(p)] && !s_.isState[static_cast<size_t>(v)])
                ypOf_[static_cast<size_t>(v)] = p;
            else {
                slotOf_[static_cast<size_t>(v)] = cm_.n++;
                cm_.slotVar.push_back(v);
            }
        }
        cm_.slotIsState.assign(static_cast<size_t>(cm_.n), 0);
        cm_.stateIndexOfSlot.assign(static_cast<size_t>(cm_.n), -1);
        for (int32_t i = 0; i < cm_.n; ++i) {
            int32_t v = cm_.slotVar[static_cast<size_t>(i)];
            const auto& var = f_.vars[static_cast<size_t>(v)];
            cm_.yStart.push_back(var.start);
            cm_.nominal.push_back(var.nominal > 0 ? var.nominal : 1.0);
            if (s_.isState[static_cast<size_t>(v)]) {
                cm_.slotIsState[static_cast<size_t>(i)] = 1;
                cm_.stateIndexOfSlot[static_cast<size_t>(i)] = static_cast<int32_t>(cm_.stateSlots.size());
                cm_.stateSlots.push_back(i);
                cm_.stats.stateNames.push_back(var.name);
            }
        }
    }

    // Jacobian entries of a list of residuals: per row, per (slot, y|yp) the partial.
    struct Entry {
        int32_t row, slot;
        bool yp;
        NodeId value;
    };

    std::vector<Entry> partials(const std::vector<NodeId>& rows)
    {
        std::vector<Entry> out;
        for (size_t r = 0; r < rows.size(); ++r) {
            throwIfCancelled(cancelled_, "translation"); // symbolic differentiation dominates this phase
            std::map<std::pair<int32_t, bool>, NodeId> acc;
            for (int32_t v : structure::incidentVars(f_.pool, rows[r])) {
                VarSource src = source(v);
                if (src.kind == VarSource::Kind::Constant)
                    continue;
                NodeId d = expr::partial(f_.pool, rows[r], v);
                auto key = std::make_pair(src.index, src.kind == VarSource::Kind::Yp);
                auto it = acc.find(key);
                acc[key] = it == acc.end() ? d : f_.pool.add(it->second, d);
            }
            for (const auto& [key, value] : acc)
                out.push_back({static_cast<int32_t>(r), key.first, key.second, value});
        }
        return out;
    }

    // The solver's rows: the equations after index reduction, then one link der(x) = w
    // per state whose derivative is a state too (linkSlots: the slot of x).
    // origins: where each row comes from, for messages; null when only the rows are needed.
    std::vector<NodeId> residualRows(std::vector<int32_t>& linkSlots, std::vector<std::string>* origins)
    {
        std::vector<NodeId> rows;
        rows.reserve(s_.eqs.size() + cm_.stateSlots.size());
        if (origins)
            origins->reserve(rows.capacity());
        for (const auto& eq : s_.eqs) {
            rows.push_back(eq.residual);
            if (origins)
                origins->push_back(eq.origin);
        }
        for (int32_t slot : cm_.stateSlots) {
            int32_t v = cm_.slotVar[static_cast<size_t>(slot)];
            int32_t d = f_.vars[static_cast<size_t>(v)].derivative;
            if (d >= 0 && s_.isState[static_cast<size_t>(d)]) {
                linkSlots.push_back(slot);
                rows.push_back(f_.pool.sub(f_.pool.var(nVars_ + slot), f_.pool.var(d)));
                if (origins)
                    origins->push_back("der(" + f_.vars[static_cast<size_t>(v)].name + ") = " +
                                       f_.vars[static_cast<size_t>(d)].name);
            }
        }
        return rows;
    }

    // Row i of the solver's system is the equation matched to slot i: a zero-free diagonal
    // lets KLU's block triangular form find its transversal at once.
    // Pantelides' matching places most rows directly (an equation matched to der(x) of a
    // state x goes to x's slot, a link equation der(x) = w to the slot of x); the
    // lower-level equations of differentiated families, which determine the dummy
    // derivatives, are placed by short augmenting paths from that seed.
    // Returns each row's slot, or nothing when no perfect matching exists.
    std::vector<int32_t> matchRows(const std::vector<std::vector<int32_t>>& adj, const std::vector<int32_t>& linkSlots)
    {
        structure::Matching match(adj);
        auto seed = [&](size_t r, int32_t slot) {
            if (slot >= 0 && match.colMatch(slot) < 0 &&
                std::find(adj[r].begin(), adj[r].end(), slot) != adj[r].end())
                match.assign(static_cast<int32_t>(r), slot);
        };
        for (size_t r = 0; r < s_.eqs.size(); ++r) {
            int32_t v = s_.eqMatch[r];
            if (v < 0)
                continue;
            int32_t slot = slotOf_[static_cast<size_t>(v)];
            if (slot < 0 && ypOf_[static_cast<size_t>(v)] >= 0)
                slot = slotOf_[static_cast<size_t>(ypOf_[static_cast<size_t>(v)])];
            seed(r, slot);
        }
        for (size_t r = s_.eqs.size(), k = 0; r < adj.size(); ++r, ++k)
            seed(r, linkSlots[k]);
        bool perfect = true;
        for (size_t r = 0; r < adj.size(); ++r)
            if (match.rowMatch(static_cast<int32_t>(r)) < 0)
                perfect = match.augment(static_cast<int32_t>(r), [](int32_t) { return true; }) && perfect;
        if (!perfect)
            return {};
        std::vector<int32_t> position(adj.size());
        for (size_t r = 0; r < adj.size(); ++r)
            position[r] = match.rowMatch(static_cast<int32_t>(r));
        return position;
    }

    // Algebraic unknowns that their matched equation gives explicitly leave the solver
    // (structure/explicit_equations.hpp); the slots are then assigned again. A model whose
    // rows cannot be matched keeps all its unknowns, for buildResidual's message.
    void solveExplicitly()
    {
        std::vector<int32_t> linkSlots;
        std::vector<NodeId> rows = residualRows(linkSlots, nullptr);
        if (static_cast<int>(rows.size()) != cm_.n)
            return;
        std::vector<std::vector<int32_t>> adj(rows.size());
        for (size_t r = 0; r < rows.size(); ++r)
            for (int32_t v : structure::incidentVars(f_.pool, rows[r])) {
                VarSource src = source(v);
                if (src.kind != VarSource::Kind::Constant)
                    adj[r].push_back(src.index);
            }
        std::vector<int32_t> position = matchRows(adj, linkSlots);
        if (position.empty())
            return;
        std::vector<int32_t> matchedVar(s_.eqs.size(), -1);
        for (size_t r = 0; r < s_.eqs.size(); ++r)
            if (!cm_.slotIsState[static_cast<size_t>(position[r])])
                matchedVar[r] = cm_.slotVar[static_cast<size_t>(position[r])];
        explicit_ = structure::solveExplicitEquations(f_, s_, matchedVar, cancelled_);
        if (explicit_.computed.empty())
            return;
        computedIndex_.assign(f_.vars.size(), -1);
        for (size_t k = 0; k < explicit_.computed.size(); ++k)
            computedIndex_[static_cast<size_t>(explicit_.computed[k].var)] = static_cast<int32_t>(k);
        assignSlots();
        buildComputed();
    }

    void buildComputed()
    {
        auto src = [this](int32_t v) { return source(v); };
        codegen::TapeCompiler tape(f_.pool, src);
        for (size_t k = 0; k < explicit_.computed.size(); ++k) {
            const auto& c = explicit_.computed[k];
            tape.store(c.value, 0, static_cast<int32_t>(k));
            cm_.computedOrigins.push_back(c.origin);
            cm_.computedReads.push_back(c.reads);
        }
        tapes_.finish(std::move(tape), cm_.computed);
        cm_.stats.computed = static_cast<int>(explicit_.computed.size());
    }

    void buildResidual()
    {
        std::vector<int32_t> linkSlots;
        std::vector<NodeId> rows = residualRows(linkSlots, &cm_.eqOrigins);
        auto src = [this](int32_t v) { return source(v); };
        std::vector<Entry> entries = partials(rows);
        std::vector<std::vector<int32_t>> adj(rows.size());
        for (const Entry& e : entries)
            adj[static_cast<size_t>(e.row)].push_back(e.slot);
        if (static_cast<int>(rows.size()) > cm_.n)
            structure::throwOverDetermined(adj, cm_.eqOrigins);
        if (static_cast<int>(rows.size()) != cm_.n)
            throw internalError(modelName_, std::to_string(rows.size()) + " equations for " + std::to_string(cm_.n) +
                                                " unknowns after index reduction");
        std::vector<int32_t> matched = matchRows(adj, linkSlots);
        std::vector<int32_t> position(rows.size());
        for (size_t r = 0; r < rows.size(); ++r)
            position[r] = matched.empty() ? static_cast<int32_t>(r) : matched[r];
        std::vector<std::string> origins(rows.size());
        cm_.rowReadsComputed.assign(rows.size(), {});
        for (size_t r = 0; r < rows.size(); ++r) {
            origins[static_cast<size_t>(position[r])] = std::move(cm_.eqOrigins[r]);
            if (r < explicit_.equationReads.size())
                cm_.rowReadsComputed[static_cast<size_t>(position[r])] = explicit_.equationReads[r];
        }
        cm_.eqOrigins = std::move(origins);
        codegen::TapeCompiler res(f_.pool, src);
        for (size_t r = 0; r < rows.size(); ++r)
            res.store(rows[r], 0, position[r]);
        tapes_.finish(std::move(res), cm_.residual);
        cm_.consistentAffinity = codegen::consistentAffinity(f_.pool, rows, src, cm_.slotIsState);

        // CSC: by column (slot), then row; y and yp partials of one (row, slot) share an entry.
        struct Cell {
            int32_t col, row;
            NodeId dy, dyp;
        };
        std::vector<Cell> cells;
        cells.reserve(entries.size());
        for (const Entry& e : entries)
            cells.push_back({e.slot, position[static_cast<size_t>(e.row)], e.yp ? f_.pool.zero() : e.value,
                             e.yp ? e.value : f_.pool.zero()});
        std::sort(cells.begin(), cells.end(),
                  [](const Cell& a, const Cell& b) { return a.col != b.col ? a.col < b.col : a.row < b.row; });
        size_t kept = 0; // one cell per (col, row), holding both partials
        for (size_t i = 0; i < cells.size(); ++i) {
            if (kept > 0 && cells[kept - 1].col == cells[i].col && cells[kept - 1].row == cells[i].row) {
                Cell& c = cells[kept - 1];
                if (cells[i].dy != f_.pool.zero())
                    c.dy = cells[i].dy;
                if (cells[i].dyp != f_.pool.zero())
                    c.dyp = cells[i].dyp;
                continue;
            }
            cells[kept++] = cells[i];
        }
        cells.resize(kept);
        std::vector<structure::SparseEntry> pattern;
        pattern.reserve(cells.size());
        for (const Cell& c : cells)
            pattern.push_back({c.row, c.col});
        cm_.jacPattern = structure::patternFromEntries(cm_.n, cm_.n, pattern); // already in its order
        codegen::TapeCompiler jac(f_.pool, src);
        int32_t k = 0;
        for (const Cell& c : cells) {
            jac.store(c.dy, 0, k);
            jac.store(c.dyp, 1, k);
            cm_.jacHasY.push_back(c.dy != f_.pool.zero());
            cm_.jacHasYp.push_back(c.dyp != f_.pool.zero());
            ++k;
        }
        tapes_.finish(std::move(jac), cm_.jacobian);
    }

    void buildInit()
    {
        std::vector<NodeId> rows;
        auto fixedStart = [&](int32_t v, NodeId value) {
            const auto& var = f_.vars[static_cast<size_t>(v)];
            if (!var.fixed)
                return;
            rows.push_back(f_.pool.sub(value, f_.pool.constant(var.start)));
            cm_.initOrigins.push_back("fixed start " + var.name + " = " + readableNumber(var.start));
            cm_.initFixedVar.push_back(v);
        };
        // In the diagram's order (variable ids), computed unknowns among the others: when
        // fixed starts contradict each other, the later one is named.
        std::vector<std::pair<int32_t, NodeId>> unknowns;
        for (int32_t v : s_.unknowns)
            unknowns.emplace_back(v, f_.pool.var(v));
        for (const auto& c : explicit_.computed) // its fixed start holds for the expression it is computed by
            unknowns.emplace_back(c.var, c.value);
        std::sort(unknowns.begin(), unknowns.end());
        for (const auto& [v, value] : unknowns)
            fixedStart(v, value);
        for (const auto& eq : f_.initialEquations) {
            rows.push_back(eq.residual);
            cm_.initOrigins.push_back("initial equation " + eq.origin);
            cm_.initFixedVar.push_back(-1);
        }
        cm_.m = static_cast<int>(rows.size());
        auto src = [this](int32_t v) { return source(v); };
        codegen::TapeCompiler res(f_.pool, src);
        for (size_t r = 0; r < rows.size(); ++r)
            res.store(rows[r], 0, static_cast<int32_t>(r));
        tapes_.finish(std::move(res), cm_.initResidual);
        codegen::TapeCompiler jac(f_.pool, src);
        int32_t k = 0;
        for (const Entry& e : partials(rows)) {
            cm_.initJacRow.push_back(e.row);
            cm_.initJacSlot.push_back(e.slot);
            cm_.initJacIsYp.push_back(e.yp ? 1 : 0);
            jac.store(e.value, 0, k++);
        }
        tapes_.finish(std::move(jac), cm_.initJacobian);
    }

    // Does d read a value that the event iteration solves for (not a state, time or discrete)?
    bool readsSolved(NodeId d) const
    {
        bool reads = false;
        f_.pool.visit(d, [&](NodeId, const expr::Node& n) {
            if (n.op == expr::Op::Rel && static_cast<size_t>(n.index) < cm_.relations.size() &&
                cm_.relations[static_cast<size_t>(n.index)].readsSolved)
                reads = true;
            if (n.op != expr::Op::Var)
                return;
            VarSource vs = source(n.index);
            if (vs.kind == VarSource::Kind::Yp ||
                (vs.kind == VarSource::Kind::Y && !cm_.slotIsState[static_cast<size_t>(vs.index)]))
                reads = true;
        });
        return reads;
    }

    // "elastoGap2: f_linear < 0": the component and the relation as its equation writes it,
    // for the event log (the origin is the whole equation around it). From the equation's
    // text where it holds this relation alone; else the relation as translated, names
    // relative to the component, where that is short (parameters and aliases substituted
    // can make it long); else the equation, cut short.
    std::string instanceOfRelation(const flatten::Relation& r) const
    {
        return r.component >= 0 ? f_.componentNames[static_cast<size_t>(r.component)] : "";
    }

    // The relation as its instance's equation writes it ("f_linear < 0"), without the instance.
    std::string describeRelation(const flatten::Relation& r, size_t relationsOfOrigin) const
    {
        const std::string component = instanceOfRelation(r);
        const std::string lead = component.empty() ? "" : component + ": ";
        const std::string equation =
            !lead.empty() && r.origin.rfind(lead, 0) == 0 ? r.origin.substr(lead.size()) : r.origin;
        if (relationsOfOrigin == 1) {
            std::vector<expr::AstPtr> written;
            try {
                const expr::AstEquation eq = expr::parseEquation(equation);
                for (const expr::AstPtr& side : {eq.lhs, eq.rhs})
                    collectRelations(side, written);
            } catch (const expr::ParseError&) {
            }
            if (written.size() == 1)
                return astText(*written.front());
        }
        const std::string prefix = component.empty() ? "" : component + ".";
        auto name = [&](int32_t v) {
            const std::string& full = f_.vars[static_cast<size_t>(v)].name;
            return !prefix.empty() && full.rfind(prefix, 0) == 0 ? full.substr(prefix.size()) : full;
        };
        static constexpr const char* kOps[] = {"<", "<=", ">", ">="};
        const int op = r.op == expr::Op::Lt ? 0 : r.op == expr::Op::Le ? 1 : r.op == expr::Op::Gt ? 2 : 3;
        const std::string translated =
            expr::toString(f_.pool, r.lhs, name) + " " + kOps[op] + " " + expr::toString(f_.pool, r.rhs, name);
        if (translated.size() <= 40 && translated.find("rel[") == std::string::npos)
            return translated;
        return "a condition in " + expr::excerpt(equation, 60);
    }

    static bool isRelation(const expr::Ast& a)
    {
        return a.kind == expr::Ast::Kind::Binary &&
               (a.name == "<" || a.name == "<=" || a.name == ">" || a.name == ">=");
    }

    static void collectRelations(const expr::AstPtr& a, std::vector<expr::AstPtr>& out)
    {
        if (!a)
            return;
        if (isRelation(*a))
            out.push_back(a);
        for (const auto& arg : a->args)
            collectRelations(arg, out);
    }

    // An expression as written, parenthesised where it is not a single operand.
    static std::string astText(const expr::Ast& a)
    {
        using K = expr::Ast::Kind;
        auto operand = [](const expr::Ast& x) {
            const std::string t = astText(x);
            return x.kind == K::Binary || x.kind == K::If ? "(" + t + ")" : t;
        };
        switch (a.kind) {
        case K::Number: return readableNumber(a.number);
        case K::Boolean: return a.number != 0 ? "true" : "false";
        case K::Ident: return a.name;
        case K::Unary: return a.name == "not" ? "not " + operand(*a.args[0]) : a.name + operand(*a.args[0]);
        case K::Binary: return operand(*a.args[0]) + " " + a.name + " " + operand(*a.args[1]);
        case K::Call: {
            std::string t = a.name + "(";
            for (size_t i = 0; i < a.args.size(); ++i)
                t += (i ? ", " : "") + astText(*a.args[i]);
            return t + ")";
        }
        default: return "...";
        }
    }

    void buildEvents()
    {
        auto src = [this](int32_t v) { return source(v); };
        codegen::TapeCompiler zc(f_.pool, src);
        std::map<std::string, size_t> relationsOfOrigin;
        for (const auto& r : f_.relations)
            ++relationsOfOrigin[r.origin];
        for (size_t k = 0; k < f_.relations.size(); ++k) {
            const auto& r = f_.relations[k];
            RelationInfo info;
            info.op = r.op;
            info.origin = r.origin;
            info.instance = instanceOfRelation(r);
            info.description = describeRelation(r, relationsOfOrigin[r.origin]);
            info.error = r.error;
            bool greater = r.op == expr::Op::Gt || r.op == expr::Op::Ge;
            NodeId d = greater ? f_.pool.sub(r.lhs, r.rhs) : f_.pool.sub(r.rhs, r.lhs);
            info.timeEvent = structure::affineInTime(f_, d, info.a, info.b, info.discreteCoefficients);
            info.distance = d;
            double nominal = 0;
            for (int32_t v : structure::incidentVars(f_.pool, d))
                nominal = std::max(nominal, f_.vars[static_cast<size_t>(v)].nominal);
            info.nominal = nominal > 0 ? nominal : 1.0;
            zc.store(d, 0, static_cast<int32_t>(k));
            cm_.relations.push_back(info);
        }
        // A relation may read another one of any number (through a computed unknown's
        // expression): the flags spread until nothing changes.
        for (bool changed = true; changed;) {
            changed = false;
            for (auto& info : cm_.relations)
                if (!info.readsSolved && readsSolved(info.distance))
                    changed = info.readsSolved = true;
        }
        tapes_.finish(std::move(zc), cm_.crossing);
        // Relations the continuous equations read after initialization: the branch an
        // "if initial()" takes at t0 only is dead afterwards (ElastoBacklash's start-up law).
        std::vector<char> seen(f_.pool.size(), 0);
        std::vector<NodeId> todo;
        for (const auto& eq : s_.eqs)
            todo.push_back(eq.residual);
        while (!todo.empty()) {
            NodeId id = todo.back();
            todo.pop_back();
            if (id == expr::kNone || seen[static_cast<size_t>(id)])
                continue;
            seen[static_cast<size_t>(id)] = 1;
            const expr::Node& n = f_.pool.node(id);
            if (n.op == expr::Op::Rel)
                cm_.relations[static_cast<size_t>(n.index)].inResidual = true;
            if (n.op == expr::Op::If && f_.pool.node(n.a).op == expr::Op::Initial) {
                todo.push_back(n.c);
                continue;
            }
            for (NodeId child : {n.a, n.b, n.c})
                todo.push_back(child);
        }

        // Discrete equations in dependency order (pre() values are not dependencies).
        const auto& eqs = f_.discreteEquations;
        const std::vector<size_t> order = structure::discreteEquationOrder(f_);
        for (size_t i : order) {
            cm_.discrete.push_back(eqs[i]);
            cm_.discreteReadsSolved.push_back(readsSolved(eqs[i].value) ? 1 : 0);
        }
        cm_.initialDiscrete = f_.initialDiscrete;
        cm_.whens = f_.whens;
        for (const auto& w : cm_.whens)
            for (const auto& r : w.reinits) {
                int32_t slot = slotOf_[static_cast<size_t>(r.var)];
                if (slot < 0 || !cm_.slotIsState[static_cast<size_t>(slot)])
                    throw badInput(w.origin + ": reinit(" + f_.vars[static_cast<size_t>(r.var)].name +
                                   ") needs a state, but this variable was not selected as one")
                        .about(instancesOf(w.origin));
                cm_.reinitSlots.push_back(slot);
            }
        cm_.discreteStart.assign(f_.vars.size(), 0.0);
        cm_.varIsDiscrete.reserve(f_.vars.size());
        for (size_t v = 0; v < f_.vars.size(); ++v) {
            cm_.varIsDiscrete.push_back(f_.vars[v].discrete ? 1 : 0);
            cm_.discreteStart[v] = f_.vars[v].start;
        }
    }

    void buildOutputs()
    {
        cm_.outputs.reserve(f_.vars.size());
        for (size_t v = 0; v < f_.vars.size(); ++v) {
            const auto& var = f_.vars[v];
            if (var.generated)
                continue;
            OutputVar o;
            o.isProtected = var.isProtected;
            o.unit = var.unit;
            o.isBoolean = var.isBoolean;
            o.isInteger = var.isInteger;
            auto fromRoot = [&](int32_t r, double sign, double offset) {
                if (!computedIndex_.empty() && computedIndex_[static_cast<size_t>(r)] >= 0) {
                    o.kind = OutputVar::Kind::Computed;
                    o.index = computedIndex_[static_cast<size_t>(r)];
                    o.sign = sign;
                    o.offset = offset;
                    return;
                }
                VarSource s = source(r);
                o.kind = s.kind == VarSource::Kind::Y ? OutputVar::Kind::Y
                         : s.kind == VarSource::Kind::Yp ? OutputVar::Kind::Yp : OutputVar::Kind::Constant;
                o.index = s.index;
                o.sign = sign;
                o.offset = s.kind == VarSource::Kind::Constant ? sign * s.value + offset : offset;
            };
            if (var.discrete) {
                o.kind = OutputVar::Kind::Discrete;
                o.index = static_cast<int32_t>(v);
            } else if (var.isConstant) {
                o.kind = OutputVar::Kind::Constant;
                o.offset = var.aliasOffset;
            } else if (var.aliasOf >= 0) {
                fromRoot(var.aliasOf, var.aliasSign, var.aliasOffset);
            } else {
                fromRoot(static_cast<int32_t>(v), 1.0, 0.0);
            }
            cm_.outputs.push_back(o);
        }
        // Last, once no message can need them any more: the names move, 230,000 of them
        // for the 10,000-inertia chain, instead of being copied.
        cm_.outputOfVar.assign(f_.vars.size(), -1);
        cm_.generatedNames.resize(f_.vars.size());
        int32_t k = 0;
        for (size_t v = 0; v < f_.vars.size(); ++v) {
            std::string& name = f_.vars[v].name;
            if (f_.vars[v].generated) {
                cm_.generatedNames[v] = std::move(name);
                continue;
            }
            cm_.outputOfVar[v] = k;
            cm_.outputs[static_cast<size_t>(k++)].name = std::move(name);
        }
    }

    flatten::FlatModel& f_;
    structure::DaeStructure& s_;
    CompiledModel& cm_;
    const CancelFlag& cancelled_;
    std::string modelName_;
    int32_t nVars_ = 0;
    std::vector<int32_t> slotOf_, ypOf_;
    structure::ExplicitEquations explicit_;
    std::vector<int32_t> computedIndex_; // by variable id: its index in explicit_.computed, or -1
    codegen::TapeFinisher tapes_; // last: it waits for its helper before the rest goes
};

} // namespace

std::shared_ptr<const CompiledModel> compileModel(const diagram::Diagram& d, const library::Library& lib,
                                                  const CompileOptions& options)
{
    using clock = std::chrono::steady_clock;
    auto t0 = clock::now();
    auto mark = t0;
    auto cm = std::make_shared<CompiledModel>();
    const CancelFlag& cancelled = options.cancelled;
    // Fractions from the phases' typical share of translation time (the MSL examples):
    // rough, but the bar moves evenly enough.
    auto phase = [&](const char* name, double fraction) {
        auto now = clock::now();
        cm->stats.phases.emplace_back(name, std::chrono::duration<double, std::milli>(now - mark).count());
        mark = now;
        if (options.progress)
            options.progress(name, fraction);
        if (fraction < 1)
            throwIfCancelled(cancelled, "translation");
    };
    throwIfCancelled(cancelled, "translation");
    flatten::FlatModel flat = flatten::instantiate(d, lib, cancelled);
    phase("flatten", 0.3);
    cm->stats.flatVariables = static_cast<int>(flat.vars.size());
    cm->stats.flatEquations = static_cast<int>(flat.equations.size());
    structure::AliasStats alias = structure::eliminateAliases(flat, cancelled);
    phase("aliases", 0.45);
    cm->stats.aliases = alias.aliases;
    cm->stats.constants = alias.constants;
    structure::DaeStructure s = structure::analyze(flat, cancelled);
    phase("index reduction", 0.6);
    cm->stats.differentiatedEquations = static_cast<int>(s.eqs.size()) - s.originalEquations;
    ModelBuilder builder(flat, s, *cm, cancelled, d.name.empty() ? std::string("unnamed") : d.name);
    builder.sortAndSolveExplicitly();
    phase("explicit equations", 0.7);
    builder.buildTapes();
    phase("tapes and Jacobian", 0.85);
    builder.buildEventsAndOutputs();
    builder.waitForTapes();
    cm->initial = solve::buildInitialSystem(*cm); // names its unknowns: after the variable names
    cm->stats.states = static_cast<int>(cm->stateSlots.size());
    cm->stats.algebraics = cm->n - cm->stats.states;
    cm->stats.relations = static_cast<int>(cm->relations.size());
    for (const auto& v : flat.vars)
        cm->stats.discreteVariables += v.discrete ? 1 : 0;
    for (size_t v = 0; v < flat.vars.size(); ++v) {
        const auto& var = flat.vars[v];
        if (var.aliasOf >= 0 && !var.isConstant)
            cm->aliases.push_back({static_cast<int32_t>(v), var.aliasOf, var.aliasSign, var.aliasOffset});
        if (v < s.isDummy.size() && s.isDummy[v])
            cm->dummyDerivatives.push_back(static_cast<int32_t>(v));
    }
    cm->experiment = flat.experiment;
    cm->warnings = flat.warnings;
    for (size_t i = 0; i < flat.componentNames.size(); ++i)
        cm->instanceTypes.emplace(std::move(flat.componentNames[i]), flat.componentTypes[i]);
    cm->equationSourcesByType = equationSourcesByType(flat.componentTypes, lib);
    cm->parameterValues = std::move(flat.realParameters);
    cm->stats.expressionNodes = flat.pool.size();
    cm->pool = std::move(flat.pool);
    cm->stats.seconds = std::chrono::duration<double>(clock::now() - t0).count();
    phase("events, outputs and messages", 1.0);
    return cm;
}

std::shared_ptr<const CompiledModel> compileModel(const diagram::Diagram& d, const library::Library& lib)
{
    return compileModel(d, lib, CompileOptions{});
}

} // namespace flange
