#include "engine/flatten/instantiate.hpp"

#include "engine/error.hpp"
#include "engine/expr/parser.hpp"
#include "engine/flatten/connections.hpp"
#include "engine/flatten/lower.hpp"
#include "engine/flatten/parameter_values.hpp"

#include <cmath>
#include <deque>
#include <set>
#include <unordered_map>

namespace flange::flatten {

using diagram::Json;
using expr::NodeId;
using library::ComponentDefinition;
using library::EquationDef;
using library::ExprText;

namespace {

class Instantiator {
public:
    Instantiator(const diagram::Diagram& d, const library::Library& lib) : d_(d), lib_(lib) {}

    FlatModel run(const CancelFlag& cancelled)
    {
        m_.experiment = d_.experiment;
        for (size_t i = 0; i < d_.components.size(); ++i) {
            throwIfCancelled(cancelled, "translation");
            try {
                instance(static_cast<int>(i));
            } catch (Error& e) {
                // Whatever goes wrong while instantiating a component is about that component.
                if (e.instances.empty())
                    e.about({d_.components[i].name});
                throw;
            }
        }
        throwIfCancelled(cancelled, "translation");
        ConnectionBuilder(m_, d_, connectors_).build();
        return std::move(m_);
    }

private:
    // -------- one instance
    struct Inst {
        Inst(ModelParameters& model, expr::Pool& pool, const ComponentDefinition& d, const diagram::Component& c)
            : def(&d), comp(&c), params(model, pool, d, c)
        {
        }
        const ComponentDefinition* def = nullptr;
        const diagram::Component* comp = nullptr;
        InstanceParameters params;
        std::unordered_map<std::string, Symbol> names; // variables and connector members
    };

    void instance(int ci)
    {
        const diagram::Component& comp = d_.components[static_cast<size_t>(ci)];
        const ComponentDefinition* def = lib_.find(comp.type);
        if (!def)
            throw badInput("component '" + comp.name + "': unknown component type '" + comp.type + "'");
        if (def->partial)
            throw badInput("component '" + comp.name + "': '" + comp.type + "' is a partial model and cannot be used");
        m_.componentNames.push_back(comp.name);
        m_.componentTypes.push_back(comp.type);
        instances_.emplace_back(modelParams_, m_.pool, *def, comp);
        Inst& in = instances_.back();
        for (const auto& [k, v] : comp.parameters) {
            const library::ParameterDef* pd = def->parameter(k);
            if (!pd)
                throw badInput("component '" + comp.name + "' (" + comp.type + ") has no parameter '" + k + "'");
            if (pd->isFinal)
                throw badInput("component '" + comp.name + "': parameter '" + k + "' is final and cannot be set");
        }
        for (const auto& p : def->parameters)
            in.params.get(p.name);
        for (const auto& [k, v] : comp.variables)
            if (!def->variable(k))
                throw badInput("component '" + comp.name + "' (" + comp.type + ") has no variable '" + k + "'");

        // connectors
        for (const auto& c : def->connectors) {
            bool enabled = true;
            if (c.condition)
                enabled = in.params.evalNumber(*c.condition, comp.name + "." + c.name + " condition") != 0;
            ConnectorInstance ci_;
            ci_.instance = comp.name;
            ci_.connector = c.name;
            ci_.type = c.type;
            ci_.enabled = enabled;
            if (!enabled) {
                ci_.disabledBecause = c.condition->text;
                connectors_.push_back(ci_);
                in.names[c.name] = Symbol{Symbol::Kind::Disabled, 0, -1};
                for (const char* member : {"phi", "tau", "s", "f", "T", "Q_flow"})
                    in.names[c.name + "." + member] = Symbol{Symbol::Kind::Disabled, 0, -1};
                continue;
            }
            if (library::isFlange(c.type)) {
                std::string pot = library::potentialName(c.type), flow = library::flowName(c.type);
                FlatVar p;
                p.name = comp.name + "." + c.name + "." + pot;
                p.unit = library::potentialUnit(c.type);
                p.component = ci;
                FlatVar f;
                f.name = comp.name + "." + c.name + "." + flow;
                f.unit = library::flowUnit(c.type);
                f.component = ci;
                ci_.potential = m_.addVar(p);
                ci_.flow = m_.addVar(f);
                in.names[c.name + "." + pot] = Symbol{Symbol::Kind::ContinuousVar, 0, ci_.potential};
                in.names[c.name + "." + flow] = Symbol{Symbol::Kind::ContinuousVar, 0, ci_.flow};
            } else {
                FlatVar s;
                s.name = comp.name + "." + c.name;
                s.component = ci;
                bool boolean = c.type == library::ConnectorType::BooleanInput ||
                               c.type == library::ConnectorType::BooleanOutput;
                s.discrete = boolean;
                s.isBoolean = boolean;
                int32_t id = m_.addVar(s);
                ci_.signal = id;
                in.names[c.name] = Symbol{boolean ? Symbol::Kind::DiscreteVar : Symbol::Kind::ContinuousVar, 0, id};
            }
            connectors_.push_back(ci_);
        }
        // variables
        for (const auto& v : def->variables) {
            FlatVar fv;
            fv.name = comp.name + "." + v.name;
            fv.component = ci;
            fv.discrete = v.discrete;
            fv.isBoolean = v.type == library::ValueType::Boolean;
            fv.isInteger = v.type == library::ValueType::Integer;
            fv.unit = v.unit;
            fv.isProtected = v.isProtected;
            std::string who = fv.name;
            if (v.start)
                fv.start = in.params.evalNumber(*v.start, "start of " + who);
            if (v.fixed)
                fv.fixed = in.params.evalNumber(*v.fixed, "fixed of " + who) != 0;
            if (v.stateSelect)
                fv.stateSelect = static_cast<int>(in.params.evalNumber(*v.stateSelect, "stateSelect of " + who));
            if (v.nominal)
                fv.nominal = in.params.evalNumber(*v.nominal, "nominal of " + who);
            if (const diagram::VariableSettings* s = comp.variable(v.name)) {
                Scope ms = modelParams_.scope();
                if (s->start)
                    fv.start = evalJson(*s->start, m_.pool, ms, "start of " + who).value;
                if (s->fixed)
                    fv.fixed = evalJson(*s->fixed, m_.pool, ms, "fixed of " + who).value != 0;
                if (s->nominal)
                    fv.nominal = evalJson(*s->nominal, m_.pool, ms, "nominal of " + who).value;
                if (s->stateSelect) {
                    Symbol sym = builtinSymbol("StateSelect." + *s->stateSelect);
                    if (sym.kind != Symbol::Kind::Value)
                        throw badInput("stateSelect of " + who + ": unknown value '" + *s->stateSelect + "'");
                    fv.stateSelect = static_cast<int>(sym.value);
                }
            }
            if (fv.nominal <= 0 || fv.nominal != fv.nominal)
                fv.nominal = 1;
            bool discrete = fv.discrete;
            int32_t id = m_.addVar(fv);
            in.names[v.name] = Symbol{discrete ? Symbol::Kind::DiscreteVar : Symbol::Kind::ContinuousVar, 0, id};
        }
        Scope scope = [this, &in](const std::string& n) {
            auto it = in.names.find(n);
            if (it != in.names.end())
                return it->second;
            return in.params.get(n);
        };
        // bindings: variable declarations and enabled conditional connectors
        for (const auto& v : def->variables)
            if (v.binding)
                addEquation(ci, scope, v.binding->loc, comp.name + ": " + v.name + " = " + v.binding->text,
                            in.names[v.name], *v.binding->ast, false);
        for (const auto& c : def->connectors) {
            if (in.names[c.name].kind == Symbol::Kind::Disabled)
                continue;
            for (const auto& [member, e] : c.bindings) {
                std::string full = c.name + "." + member;
                auto it = in.names.find(library::isFlange(c.type) ? full : c.name);
                if (it == in.names.end())
                    throw badInput(def->file + ": connector '" + c.name + "' has no member '" + member + "'");
                addEquation(ci, scope, e.loc, comp.name + ": " + full + " = " + e.text, it->second, *e.ast, false);
            }
        }
        equations(ci, scope, def->equations, false);
        equations(ci, scope, def->initialEquations, true);
    }

    // name = expression (declaration and connector bindings)
    void addEquation(int ci, const Scope& scope, const library::Location& loc, const std::string& origin,
                     const Symbol& target, const expr::Ast& rhs, bool initial)
    {
        Lowerer low(m_.pool, scope, &m_, loc, origin, ci);
        NodeId r = low.lower(rhs);
        if (target.kind == Symbol::Kind::DiscreteVar) {
            (initial ? m_.initialDiscrete : m_.discreteEquations).push_back({target.id, r, origin});
            return;
        }
        FlatEquation eq;
        eq.residual = m_.pool.sub(m_.pool.var(target.id), r);
        eq.origin = origin;
        eq.component = ci;
        (initial ? m_.initialEquations : m_.equations).push_back(eq);
    }

    std::string originOf(int ci, const std::string& text) const
    {
        return d_.components[static_cast<size_t>(ci)].name + ": " + text;
    }

    // Evaluates if-equation conditions; returns the chosen branch index (branches.size() = else)
    // or -1 when a condition is not a parameter expression.
    int chooseBranch(int ci, const Scope& scope, const EquationDef& eq)
    {
        for (size_t b = 0; b < eq.branches.size(); ++b) {
            const ExprText& c = eq.branches[b].first;
            Lowerer low(m_.pool, scope, &m_, c.loc, originOf(ci, "if " + c.text), ci);
            NodeId n = low.lower(*c.ast);
            if (!m_.pool.isConst(n))
                return -1;
            if (m_.pool.constValue(n) != 0)
                return static_cast<int>(b);
        }
        return static_cast<int>(eq.branches.size());
    }

    void equations(int ci, const Scope& scope, const std::vector<EquationDef>& list, bool initial)
    {
        for (const EquationDef& eq : list) {
            switch (eq.kind) {
            case EquationDef::Kind::Equation: {
                std::string origin = originOf(ci, eq.text);
                Lowerer low(m_.pool, scope, &m_, eq.loc, origin, ci);
                if (!eq.ast.rhs)
                    low.fail(*eq.ast.lhs, "reinit() is only allowed inside a when-clause");
                if (eq.ast.lhs->kind == expr::Ast::Kind::Ident) {
                    Symbol s = scope(eq.ast.lhs->name);
                    if (s.kind == Symbol::Kind::DiscreteVar) {
                        addEquation(ci, scope, eq.loc, origin, s, *eq.ast.rhs, initial);
                        break;
                    }
                }
                FlatEquation fe;
                fe.residual = m_.pool.sub(low.lower(*eq.ast.lhs), low.lower(*eq.ast.rhs));
                fe.origin = origin;
                fe.component = ci;
                if (m_.pool.isConst(fe.residual)) {
                    if (m_.pool.constValue(fe.residual) != 0)
                        throw badInput(eq.loc.str() + ": " + origin + ": the equation reduces to " +
                                       std::to_string(m_.pool.constValue(fe.residual)) + " = 0");
                    break;
                }
                (initial ? m_.initialEquations : m_.equations).push_back(fe);
                break;
            }
            case EquationDef::Kind::If: {
                int b = chooseBranch(ci, scope, eq);
                if (b >= 0) {
                    equations(ci, scope, b < static_cast<int>(eq.branches.size()) ? eq.branches[static_cast<size_t>(b)].second
                                                                                 : eq.elseBranch,
                              initial);
                    break;
                }
                std::vector<FlatEquation> combined = conditionalResiduals(ci, scope, eq);
                for (auto& fe : combined)
                    (initial ? m_.initialEquations : m_.equations).push_back(fe);
                break;
            }
            case EquationDef::Kind::When:
                when(ci, scope, eq, initial);
                break;
            }
        }
    }

    // Residuals of one branch, for if-equations whose condition changes during simulation.
    std::vector<FlatEquation> branchResiduals(int ci, const Scope& scope, const std::vector<EquationDef>& list)
    {
        std::vector<FlatEquation> out;
        for (const EquationDef& eq : list) {
            if (eq.kind == EquationDef::Kind::Equation) {
                std::string origin = originOf(ci, eq.text);
                Lowerer low(m_.pool, scope, &m_, eq.loc, origin, ci);
                if (!eq.ast.rhs)
                    low.fail(*eq.ast.lhs, "reinit() is only allowed inside a when-clause");
                FlatEquation fe;
                fe.residual = m_.pool.sub(low.lower(*eq.ast.lhs), low.lower(*eq.ast.rhs));
                fe.origin = origin;
                fe.component = ci;
                out.push_back(fe);
            } else if (eq.kind == EquationDef::Kind::If) {
                int b = chooseBranch(ci, scope, eq);
                auto part = b >= 0 ? branchResiduals(ci, scope,
                                                     b < static_cast<int>(eq.branches.size())
                                                         ? eq.branches[static_cast<size_t>(b)].second
                                                         : eq.elseBranch)
                                   : conditionalResiduals(ci, scope, eq);
                out.insert(out.end(), part.begin(), part.end());
            } else {
                throw badInput(eq.loc.str() + ": " + originOf(ci, "when") + ": a when-clause inside an if-equation is not supported");
            }
        }
        return out;
    }

    std::vector<FlatEquation> conditionalResiduals(int ci, const Scope& scope, const EquationDef& eq)
    {
        std::vector<std::vector<FlatEquation>> parts;
        std::vector<NodeId> conds;
        for (const auto& [cond, body] : eq.branches) {
            Lowerer low(m_.pool, scope, &m_, cond.loc, originOf(ci, "if " + cond.text), ci);
            conds.push_back(low.lower(*cond.ast));
            parts.push_back(branchResiduals(ci, scope, body));
        }
        std::vector<FlatEquation> elsePart = branchResiduals(ci, scope, eq.elseBranch);
        for (const auto& p : parts)
            if (p.size() != elsePart.size())
                throw badInput(eq.loc.str() + ": " + originOf(ci, "if " + eq.branches[0].first.text) +
                               ": the branches of this if-equation have different numbers of equations (" +
                               std::to_string(p.size()) + " and " + std::to_string(elsePart.size()) + ")");
        std::vector<FlatEquation> out;
        for (size_t i = 0; i < elsePart.size(); ++i) {
            NodeId r = elsePart[i].residual;
            for (size_t b = parts.size(); b-- > 0;)
                r = m_.pool.ifThenElse(conds[b], parts[b][i].residual, r);
            FlatEquation fe;
            fe.residual = r;
            fe.component = ci;
            fe.origin = originOf(ci, "if " + eq.branches[0].first.text + " then " +
                                         (parts[0].empty() ? "" : parts[0][i].origin.substr(parts[0][i].origin.find(": ") + 2)) +
                                         " else " + elsePart[i].origin.substr(elsePart[i].origin.find(": ") + 2));
            out.push_back(fe);
        }
        return out;
    }

    void when(int ci, const Scope& scope, const EquationDef& eq, bool initial)
    {
        if (initial)
            throw badInput(eq.loc.str() + ": when-clauses are not allowed among initial equations");
        const auto& [cond, body] = eq.branches.front();
        WhenClause w;
        w.origin = originOf(ci, "when " + cond.text);
        Lowerer low(m_.pool, scope, &m_, cond.loc, w.origin, ci);
        w.condition = low.lower(*cond.ast);
        for (const EquationDef& e : body) {
            if (e.kind != EquationDef::Kind::Equation)
                throw badInput(e.loc.str() + ": " + w.origin + ": only equations and reinit() are allowed in a when-clause");
            Lowerer el(m_.pool, scope, &m_, e.loc, originOf(ci, e.text), ci);
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
            Symbol s = e.ast.lhs->kind == expr::Ast::Kind::Ident ? scope(e.ast.lhs->name) : Symbol{};
            if (s.kind != Symbol::Kind::DiscreteVar)
                el.fail(*e.ast.lhs, "the left side of an equation in a when-clause must be a discrete variable "
                                    "(declare it Integer, Boolean or discrete)");
            w.assignments.push_back({s.id, el.lower(*e.ast.rhs), originOf(ci, e.text)});
        }
        m_.whens.push_back(std::move(w));
    }

    const diagram::Diagram& d_;
    const library::Library& lib_;
    FlatModel m_;
    ModelParameters modelParams_{d_, m_.pool};
    std::deque<Inst> instances_; // deque: scopes keep references to their instance
    std::vector<ConnectorInstance> connectors_;
};

} // namespace

FlatModel instantiate(const diagram::Diagram& d, const library::Library& lib, const CancelFlag& cancelled)
{
    return Instantiator(d, lib).run(cancelled);
}

} // namespace flange::flatten
