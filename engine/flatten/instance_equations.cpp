#include "engine/flatten/instance_equations.hpp"

#include "engine/error.hpp"
#include "engine/io/csv_format.hpp"

namespace flange::flatten {

using expr::NodeId;
using library::EquationDef;
using library::ExprText;

// name = expression (declaration and connector bindings)
void InstanceEquations::addEquation(const library::Location& loc, const std::string& origin,
                 const Symbol& target, const expr::Ast& rhs, bool initial)
{
    Lowerer low(m_.pool, scope_, &m_, loc, origin, ci_);
    NodeId r = low.lower(rhs);
    if (target.kind == Symbol::Kind::DiscreteVar) {
        (initial ? m_.initialDiscrete : m_.discreteEquations).push_back({target.id, r, origin});
        return;
    }
    FlatEquation eq;
    eq.residual = m_.pool.sub(m_.pool.var(target.id), r);
    eq.origin = origin;
    eq.component = ci_;
    (initial ? m_.initialEquations : m_.equations).push_back(eq);
}

std::string InstanceEquations::originOf(const std::string& text) const
{
    return m_.componentNames[static_cast<size_t>(ci_)] + ": " + text;
}

// Evaluates if-equation conditions; returns the chosen branch index (branches.size() = else)
// or -1 when a condition is not a parameter expression.
int InstanceEquations::chooseBranch(const EquationDef& eq)
{
    for (size_t b = 0; b < eq.branches.size(); ++b) {
        const ExprText& c = eq.branches[b].first;
        Lowerer low(m_.pool, scope_, &m_, c.loc, originOf("if " + c.text), ci_);
        NodeId n = low.lower(*c.ast);
        if (!m_.pool.isConst(n))
            return -1;
        if (m_.pool.constValue(n) != 0)
            return static_cast<int>(b);
    }
    return static_cast<int>(eq.branches.size());
}

void InstanceEquations::equations(const std::vector<EquationDef>& list, bool initial)
{
    for (const EquationDef& eq : list) {
        switch (eq.kind) {
        case EquationDef::Kind::Equation: {
            std::string origin = originOf(eq.text);
            Lowerer low(m_.pool, scope_, &m_, eq.loc, origin, ci_);
            if (!eq.ast.rhs)
                low.fail(*eq.ast.lhs, "reinit() is only allowed inside a when-clause");
            if (eq.ast.lhs->kind == expr::Ast::Kind::Ident) {
                Symbol s = low.resolve(*eq.ast.lhs);
                if (s.kind == Symbol::Kind::DiscreteVar) {
                    addEquation(eq.loc, origin, s, *eq.ast.rhs, initial);
                    break;
                }
            }
            FlatEquation fe;
            fe.residual = m_.pool.sub(low.lower(*eq.ast.lhs), low.lower(*eq.ast.rhs));
            fe.origin = origin;
            fe.component = ci_;
            if (m_.pool.isConst(fe.residual)) {
                if (m_.pool.constValue(fe.residual) != 0)
                    throw badInput(eq.loc.str() + ": " + origin + ": the equation reduces to " +
                                   io::shortestNumber(m_.pool.constValue(fe.residual)) + " = 0");
                break;
            }
            (initial ? m_.initialEquations : m_.equations).push_back(fe);
            break;
        }
        case EquationDef::Kind::If: {
            int b = chooseBranch(eq);
            if (b >= 0) {
                equations(b < static_cast<int>(eq.branches.size()) ? eq.branches[static_cast<size_t>(b)].second
                                                                             : eq.elseBranch,
                          initial);
                break;
            }
            std::vector<FlatEquation> combined = conditionalResiduals(eq);
            for (auto& fe : combined)
                (initial ? m_.initialEquations : m_.equations).push_back(fe);
            break;
        }
        case EquationDef::Kind::When:
            when(eq, initial);
            break;
        case EquationDef::Kind::For:
            forEach(eq, [&](const EquationDef& body) { equations(body.elseBranch, initial); });
            break;
        }
    }
}

// Residuals of one branch, for if-equations whose condition changes during simulation.
std::vector<FlatEquation> InstanceEquations::branchResiduals(const std::vector<EquationDef>& list)
{
    std::vector<FlatEquation> out;
    for (const EquationDef& eq : list) {
        if (eq.kind == EquationDef::Kind::Equation) {
            std::string origin = originOf(eq.text);
            Lowerer low(m_.pool, scope_, &m_, eq.loc, origin, ci_);
            if (!eq.ast.rhs)
                low.fail(*eq.ast.lhs, "reinit() is only allowed inside a when-clause");
            FlatEquation fe;
            fe.residual = m_.pool.sub(low.lower(*eq.ast.lhs), low.lower(*eq.ast.rhs));
            fe.origin = origin;
            fe.component = ci_;
            out.push_back(fe);
        } else if (eq.kind == EquationDef::Kind::If) {
            int b = chooseBranch(eq);
            auto part = b >= 0 ? branchResiduals(
                                                 b < static_cast<int>(eq.branches.size())
                                                     ? eq.branches[static_cast<size_t>(b)].second
                                                     : eq.elseBranch)
                               : conditionalResiduals(eq);
            out.insert(out.end(), part.begin(), part.end());
        } else if (eq.kind == EquationDef::Kind::For) {
            forEach(eq, [&](const EquationDef& body) {
                auto part = branchResiduals(body.elseBranch);
                out.insert(out.end(), part.begin(), part.end());
            });
        } else {
            throw badInput(eq.loc.str() + ": " + originOf("when") + ": a when-clause inside an if-equation is not supported");
        }
    }
    return out;
}

std::vector<FlatEquation> InstanceEquations::conditionalResiduals(const EquationDef& eq)
{
    std::vector<std::vector<FlatEquation>> parts;
    std::vector<NodeId> conds;
    for (const auto& [cond, body] : eq.branches) {
        Lowerer low(m_.pool, scope_, &m_, cond.loc, originOf("if " + cond.text), ci_);
        conds.push_back(low.lower(*cond.ast));
        parts.push_back(branchResiduals(body));
    }
    std::vector<FlatEquation> elsePart = branchResiduals(eq.elseBranch);
    for (const auto& p : parts)
        if (p.size() != elsePart.size())
            throw badInput(eq.loc.str() + ": " + originOf("if " + eq.branches[0].first.text) +
                           ": the branches of this if-equation have different numbers of equations (" +
                           std::to_string(p.size()) + " and " + std::to_string(elsePart.size()) + ")");
    std::vector<FlatEquation> out;
    for (size_t i = 0; i < elsePart.size(); ++i) {
        NodeId r = elsePart[i].residual;
        for (size_t b = parts.size(); b-- > 0;)
            r = m_.pool.ifThenElse(conds[b], parts[b][i].residual, r);
        FlatEquation fe;
        fe.residual = r;
        fe.component = ci_;
        fe.origin = originOf("if " + eq.branches[0].first.text + " then " +
                                     (parts[0].empty() ? "" : parts[0][i].origin.substr(parts[0][i].origin.find(": ") + 2)) +
                                     " else " + elsePart[i].origin.substr(elsePart[i].origin.find(": ") + 2));
        out.push_back(fe);
    }
    return out;
}

// A for-equation: its body once per value of the loop variable, which the body's
// expressions see as a constant (`y[i] = k*u[i]`).
void InstanceEquations::forEach(const EquationDef& eq, const std::function<void(const EquationDef&)>& body)
{
    const expr::Ast& range = *eq.range.ast;
    Lowerer low(m_.pool, scope_, &m_, eq.range.loc, originOf("for " + eq.range.text), ci_);
    const auto [from, to] = low.loopBounds(*range.args[1], *range.args[2]);
    const RangeNesting nesting(static_cast<long long>(to) - from + 1);
    const std::string var = range.args[0]->name;
    Scope outer = scope_;
    for (int k = from; k <= to; ++k) {
        scope_ = [&outer, &var, k](const std::string& n) {
            return n == var ? Symbol{Symbol::Kind::Value, static_cast<double>(k), -1} : outer(n);
        };
        try {
            body(eq);
        } catch (...) {
            scope_ = outer;
            throw;
        }
    }
    scope_ = outer;
}

void InstanceEquations::when(const EquationDef& eq, bool initial)
{
    if (initial)
        throw badInput(eq.loc.str() + ": when-clauses are not allowed among initial equations");
    const auto& [cond, body] = eq.branches.front();
    WhenClause w;
    w.origin = originOf("when " + cond.text);
    Lowerer low(m_.pool, scope_, &m_, cond.loc, w.origin, ci_);
    w.condition = low.lower(*cond.ast);
    for (const EquationDef& e : body) {
        if (e.kind != EquationDef::Kind::Equation)
            throw badInput(e.loc.str() + ": " + w.origin + ": only equations and reinit() are allowed in a when-clause");
        Lowerer el(m_.pool, scope_, &m_, e.loc, originOf(e.text), ci_);
        if (!e.ast.rhs) {
            const expr::Ast& call = *e.ast.lhs;
            if (call.args.size() != 2)
                el.fail(call, "reinit(x, e) takes 2 arguments");
            NodeId x = el.lower(*call.args[0]);
            if (m_.pool.node(x).op != expr::Op::Var)
                el.fail(call, "reinit() needs a continuous variable");
            w.reinits.push_back({m_.pool.node(x).index, el.lower(*call.args[1])});
            continue;
        }
        Symbol s = e.ast.lhs->kind == expr::Ast::Kind::Ident ? el.resolve(*e.ast.lhs) : Symbol{};
        if (s.kind != Symbol::Kind::DiscreteVar)
            el.fail(*e.ast.lhs, "the left side of an equation in a when-clause must be a discrete variable "
                                "(declare it Integer, Boolean or discrete)");
        w.assignments.push_back({s.id, el.lower(*e.ast.rhs), originOf(e.text)});
    }
    m_.whens.push_back(std::move(w));
}


} // namespace flange::flatten
