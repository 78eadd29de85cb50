#include "engine/flatten/instantiate.hpp"

#include "engine/error.hpp"
#include "engine/io/csv_format.hpp"
#include "engine/expr/parser.hpp"
#include "engine/flatten/connections.hpp"
#include "engine/flatten/instance_equations.hpp"
#include "engine/flatten/instance_template.hpp"
#include "engine/flatten/lower.hpp"
#include "engine/flatten/parameter_values.hpp"
#include "engine/input_limits.hpp"
#include "engine/library/connection_rules.hpp"
#include "engine/library/scoped_library.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <memory>
#include <unordered_map>
#include <unordered_set>

namespace flange::flatten {

using diagram::Json;
using library::ComponentDefinition;

namespace {

// A start/fixed/nominal override set on a subsystem instance ("mass.v" on "vehicle"),
// carried down to the component it is about, with the scope its values are written in.
struct Override {
    std::string path; // relative to the level it is carried to: "mass.v"
    const diagram::VariableSettings* settings = nullptr;
    Scope scope;
    std::string owner, ownerType, written; // "vehicle", its type, "mass.v": for messages
    std::shared_ptr<bool> used;
};

// One diagram being expanded: the top level, or the inside of one subsystem instance.
struct Level {
    const diagram::Diagram* diagram = nullptr;
    std::string prefix; // "" at the top, "vehicle." inside the instance vehicle
    Scope scope;        // the parameters its values may use
    library::ScopedLibrary lib;
    std::vector<const diagram::Diagram*> chain; // the subsystems being expanded, outermost first
    std::vector<std::string> chainNames;
    std::vector<Override> overrides;
    int id = 0; // each level its own: instance templates hold within one
    // The folder of the file that wrote this level (the diagram's, a library subsystem's
    // definition's): its relative data file names are relative to it (io/data_files.hpp).
    std::string folder;
};

std::string joined(const std::vector<std::string>& names, const std::string& last)
{
    std::string out;
    for (const std::string& n : names)
        out += n + " -> ";
    return out + last;
}

class Instantiator {
public:
    Instantiator(const diagram::Diagram& d, const library::Library& lib, size_t mostVariables)
        : d_(d), lib_(lib), mostVariables_(mostVariables)
    {
    }

    FlatModel run(const CancelFlag& cancelled)
    {
        m_.experiment = d_.experiment;
        index_.reserve(2 * d_.components.size()); // two connectors a component, typically: no rehash on the way
        modelParams_.keepNumbersAsLeaves();
        Level top{&d_, "", modelParams_.scope(), library::ScopedLibrary(lib_, {&d_}), {}, {}, {}, 0, d_.folder};
        reserveForTopLevel(top);
        level(top, cancelled);
        for (const Override& o : overrides_)
            if (!*o.used)
                throw badInput("component '" + o.owner + "' (" + o.ownerType + ") has no variable '" + o.written + "'")
                    .about({o.owner});
        throwIfCancelled(cancelled, "translation");
        ConnectionBuilder(m_, connectors_, connections_).build();
        return std::move(m_);
    }

private:
    struct Inst {
        Inst(Scope outer, expr::Pool& pool, const ComponentDefinition& d, const diagram::Component& c, std::string path)
            : params(std::move(outer), pool, d, c, std::move(path))
        {
        }
        InstanceParameters params;
        std::unordered_map<std::string, Symbol> names; // variables and connector members
    };

    // Room for the top level's parts from the start, as their definitions count them (and
    // a derivative or two each): a drive line of 10,000 parts would otherwise move its
    // variables and equations to larger lists about twenty times each.
    void reserveForTopLevel(const Level& top)
    {
        size_t vars = 0, equations = 0;
        for (const diagram::Component& c : d_.components)
            if (const ComponentDefinition* def = top.lib.find(c.type); def && !def->subsystem) {
                vars += def->variables.size() + 2 * def->connectors.size() + 2;
                equations += def->equations.size() + 2 * def->connectors.size();
            }
        m_.vars.reserve(vars);
        m_.equations.reserve(equations);
    }

    void level(const Level& at, const CancelFlag& cancelled)
    {
        const diagram::Diagram& d = *at.diagram;
        // Outer connectors have no variables: they join the connection sets inside and outside.
        for (const diagram::OuterConnector& c : d.connectors) {
            ConnectorInstance node;
            node.instance = at.prefix.empty() ? "" : at.prefix.substr(0, at.prefix.size() - 1);
            node.connector = c.name;
            node.outer = true;
            auto type = library::connectorTypeFromString(c.type);
            if (!type)
                throw badInput("connector '" + at.prefix + c.name + "': unknown connector type '" + c.type + "'");
            node.type = *type;
            if (!c.condition.empty() && !condition(at, c.condition, "connector '" + node.name() + "'")) {
                node.enabled = false;
                node.disabledBecause = c.condition;
            }
            addConnector(std::move(node));
        }
        for (const diagram::Component& comp : d.components) {
            throwIfCancelled(cancelled, "translation");
            const std::string path = at.prefix + comp.name;
            warnUnknownKeys(comp, path);
            try {
                if (!comp.condition.empty() && !condition(at, comp.condition, "component '" + path + "'"))
                    absent(at, comp, path);
                else
                    component(at, comp, path, cancelled);
            } catch (Error& e) {
                // Whatever goes wrong while instantiating a component is about that component,
                // the innermost one that knows.
                if (e.instances.empty())
                    e.about({path});
                throw;
            }
        }
        for (const diagram::DiagramVariable& v : d.variables)
            ownVariable(at, v);
        for (const diagram::Connection& con : d.connections)
            connection(at, con);
    }

    // A conditional component's or connector's condition, in the level's parameters.
    bool condition(const Level& at, const std::string& text, const std::string& what)
    {
        return evalJson(Json(text), m_.pool, at.scope, "condition of " + what).value != 0;
    }

    // A conditional component that is left out: its connectors are there, disabled, so that
    // the connections to them are removed as Modelica removes them.
    void absent(const Level& at, const diagram::Component& comp, const std::string& path)
    {
        const ComponentDefinition* def = at.lib.find(comp.type);
        if (!def)
            throw badInput("component '" + path + "': unknown component type '" + comp.type + "'");
        for (const library::ConnectorDef& c : def->connectors) {
            ConnectorInstance node;
            node.instance = path;
            node.connector = c.name;
            node.type = c.type;
            node.enabled = false;
            if (c.size)
                absentVectors_.insert(path + "." + c.name); // its members are absent too
            node.disabledBecause = comp.condition;
            addConnector(std::move(node));
        }
    }

    // A subsystem's own variable: one more variable, equal to an expression of its parts'.
    void ownVariable(const Level& at, const diagram::DiagramVariable& v)
    {
        const std::string owner = at.prefix.empty() ? "" : at.prefix.substr(0, at.prefix.size() - 1);
        FlatVar fv;
        fv.name = at.prefix + v.name;
        fv.unit = v.unit;
        diagram::VariableSettings own;
        own.start = v.start;
        own.fixed = v.fixed;
        applySettings(fv, own, at.scope);
        for (const Override& o : at.overrides)
            if (o.path == v.name) {
                applySettings(fv, *o.settings, o.scope);
                *o.used = true;
            }
        const int32_t id = m_.addVar(fv);
        Scope scope = [this, &at](const std::string& n) {
            if (int32_t var = m_.findVar(at.prefix + n); var >= 0)
                return Symbol{m_.vars[static_cast<size_t>(var)].discrete ? Symbol::Kind::DiscreteVar
                                                                          : Symbol::Kind::ContinuousVar,
                              0, var};
            return at.scope(n);
        };
        const std::string origin = (owner.empty() ? "" : owner + ": ") + v.name + " = " + v.value;
        expr::AstPtr ast;
        try {
            ast = expr::parseExpression(v.value);
        } catch (const expr::ParseError& e) {
            throw badInput(origin + ": " + e.what()).about({owner});
        }
        Lowerer low(m_.pool, scope, &m_, {}, origin, -1);
        FlatEquation eq;
        eq.residual = m_.pool.sub(m_.pool.var(id), low.lower(*ast));
        eq.origin = origin;
        m_.equations.push_back(eq);
    }

    void component(const Level& at, const diagram::Component& comp, const std::string& path, const CancelFlag& cancelled)
    {
        const ComponentDefinition* def = at.lib.find(comp.type);
        if (!def) {
            std::string why = at.lib.problem(comp.type);
            throw badInput("component '" + path + "': " +
                           (why.empty() ? "unknown component type '" + comp.type + "'" : why));
        }
        if (def->partial)
            throw badInput("component '" + path + "': '" + comp.type + "' is a partial model and cannot be used");
        for (const auto& [k, v] : comp.parameters) {
            const library::ParameterDef* pd = def->parameter(k);
            if (!pd)
                throw badInput("component '" + path + "' (" + comp.type + ") has no parameter '" + k + "'");
            if (pd->isFinal)
                throw badInput("component '" + path + "': parameter '" + k + "' is final and cannot be set");
        }
        if (def->subsystem)
            subsystem(at, comp, *def, path, cancelled);
        else
            leaf(at, comp, *def, path);
    }

    void subsystem(const Level& at, const diagram::Component& comp, const ComponentDefinition& def,
                   const std::string& path, const CancelFlag& cancelled)
    {
        const diagram::Diagram* sub = def.subsystem.get();
        if (std::find(at.chain.begin(), at.chain.end(), sub) != at.chain.end())
            throw badInput("component '" + path + "': subsystem '" + comp.type +
                           "' is used inside itself: " + joined(at.chainNames, comp.type));
        // Each level is a recursion here, and a copy of the chain above it.
        if (at.chain.size() >= static_cast<size_t>(kMostSubsystemNesting))
            throw badInput("component '" + path + "': subsystems are nested more than " +
                           std::to_string(kMostSubsystemNesting) + " levels deep: " + joined(at.chainNames, comp.type));
        if (static_cast<double>(m_.vars.size()) + variablesOf(at.lib, def, 0) > static_cast<double>(mostVariables_))
            throw tooManyVariables(at, comp, path, false);
        params_.emplace_back(at.scope, m_.pool, def, comp, path);
        InstanceParameters& params = params_.back();
        params.setDataAccess({at.folder, d_.allowedDataFolders});
        // Every declared parameter is evaluated, used or not, so a bad value is never silent.
        for (const library::ParameterDef& p : def.parameters)
            params.get(p.name);
        // An embedded subsystem is written in this level's file, a library one in its own.
        Level in{sub,     path + ".", params.scope(), at.lib.inside(def), at.chain, at.chainNames, {}, ++levels_,
                 sub->folder.empty() ? at.folder : sub->folder};
        in.chain.push_back(sub);
        in.chainNames.push_back(comp.type);
        // The instance's own overrides first, then those from further out: applied in this
        // order, the outermost wins, as a Modelica modifier from outside does.
        for (const auto& [k, vs] : comp.variables) {
            Override o{k, &vs, at.scope, path, comp.type, k, std::make_shared<bool>(false)};
            in.overrides.push_back(o);
            overrides_.push_back(o);
        }
        const std::string mine = comp.name + ".";
        for (const Override& o : at.overrides)
            if (o.path.rfind(mine, 0) == 0) {
                Override inner = o;
                inner.path = o.path.substr(mine.size());
                in.overrides.push_back(inner);
            }
        level(in, cancelled);
    }

    void applySettings(FlatVar& fv, const diagram::VariableSettings& s, const Scope& scope)
    {
        const std::string& who = fv.name;
        if (s.start)
            fv.start = evalJson(*s.start, m_.pool, scope, "start of " + who).value;
        if (s.fixed)
            fv.fixed = evalJson(*s.fixed, m_.pool, scope, "fixed of " + who).value != 0;
        if (s.nominal)
            fv.nominal = evalJson(*s.nominal, m_.pool, scope, "nominal of " + who).value;
        if (s.stateSelect) {
            Symbol sym = builtinSymbol("StateSelect." + *s.stateSelect);
            if (sym.kind != Symbol::Kind::Value)
                throw badInput("stateSelect of " + who + ": unknown value '" + *s.stateSelect + "'");
            fv.stateSelect = static_cast<int>(sym.value);
        }
    }

    void addConnector(ConnectorInstance c)
    {
        index_.insert_or_assign(c.name(), static_cast<int>(connectors_.size()));
        connectors_.push_back(std::move(c));
    }

    // Subsystems used twice inside each other double at every level: 40 levels in a file of
    // a few kilobytes describe 2^39 parts. A subsystem instance is refused before it is
    // made when its definition alone counts too many variables (its parts' declared
    // variables and scalar connectors, conditional ones included); the count of the
    // variables made is kept too, and the first part past the limit stops translation.
    // Either names the subsystems the part is in.
    Error tooManyVariables(const Level& at, const diagram::Component& comp, const std::string& path, bool made) const
    {
        return std::move(badInput("component '" + path + "' (" + joined(at.chainNames, comp.type) + "): the model " +
                                  (made ? "has" : "would have") + " more than " + std::to_string(mostVariables_) +
                                  " variables")
                             .about({path}));
    }

    // The variables an instance of def makes at least, as its definition counts them
    // (vector connectors, whose sizes are parameters, count none); memoized per
    // subsystem. depth stops at the nesting limit, which the instance is refused for.
    double variablesOf(const library::ScopedLibrary& lib, const ComponentDefinition& def, int depth)
    {
        if (!def.subsystem) {
            double n = static_cast<double>(def.variables.size());
            for (const library::ConnectorDef& c : def.connectors)
                n += c.size ? 0 : library::isFlange(c.type) ? 2 : 1;
            return n;
        }
        const diagram::Diagram* sub = def.subsystem.get();
        if (auto known = subsystemVariables_.find(sub); known != subsystemVariables_.end())
            return known->second;
        if (depth >= kMostSubsystemNesting)
            return 0;
        subsystemVariables_[sub] = 0; // used inside itself: refused where it is made
        const library::ScopedLibrary in = lib.inside(def);
        double n = static_cast<double>(sub->variables.size());
        for (const diagram::Component& c : sub->components)
            if (const ComponentDefinition* d = in.find(c.type))
                n += variablesOf(in, *d, depth + 1);
        subsystemVariables_[sub] = n;
        return n;
    }

    void checkVariableCount(const Level& at, const diagram::Component& comp, const std::string& path) const
    {
        if (m_.vars.size() > mostVariables_)
            throw tooManyVariables(at, comp, path, true);
    }

    void leaf(const Level& at, const diagram::Component& comp, const ComponentDefinition& def, const std::string& path)
    {
        leafParts(at, comp, def, path);
        checkVariableCount(at, comp, path);
    }

    void leafParts(const Level& at, const diagram::Component& comp, const ComponentDefinition& def, const std::string& path)
    {
        const int ci = static_cast<int>(m_.componentNames.size());
        m_.componentNames.push_back(path);
        m_.componentTypes.push_back(comp.type);
        // Overrides from outside reach single instances: no two are alike there.
        const bool alike = at.overrides.empty();
        if (alike) {
            if (const InstanceTemplate* t = templates_.find(&def, comp, at.id)) {
                for (ConnectorInstance& c : t->stamp(m_, path, ci, templates_.memo()))
                    addConnector(std::move(c));
                return;
            }
        }
        // A top-level instance keeps its parameters as leaves; a stamp of it gets leaves of its
        // own (docs/architecture.md, "Parameters").
        const bool tunable = at.prefix.empty();
        const bool capture = alike && templates_.wanted(&def, comp, at.id) &&
                             std::none_of(def.connectors.begin(), def.connectors.end(),
                                          [](const library::ConnectorDef& c) { return c.size.has_value(); });
        const FlatModel::Extent before = m_.extent();
        const size_t firstParameter = m_.pool.parameterCount();
        const size_t firstConnector = connectors_.size();
        std::vector<std::pair<std::string, double>> realParameters;
        // Nothing keeps a leaf's scope once its equations are lowered: the instance lives only
        // while this runs, and its memory serves the next one.
        Inst in(at.scope, m_.pool, def, comp, path);
        in.names.reserve(def.variables.size() + 2 * def.connectors.size());
        in.params.setDataAccess({at.folder, d_.allowedDataFolders});
        if (tunable)
            in.params.keepNumbersAsLeaves();
        for (const auto& p : def.parameters) {
            const Symbol value = in.params.get(p.name);
            if (p.type == library::ValueType::Real && value.kind == Symbol::Kind::Value) {
                m_.realParameters.emplace(path + "." + p.name, value.value);
                if (capture)
                    realParameters.emplace_back(p.name, value.value);
            }
        }
        for (const auto& [k, v] : comp.variables)
            if (!def.variable(k))
                throw badInput("component '" + path + "' (" + comp.type + ") has no variable '" + k + "'");

        // connectors
        for (const auto& c0 : def.connectors) {
            if (c0.size) {
                vectorConnector(in, c0, path, ci);
                continue;
            }
            const library::ConnectorDef& c = c0;
            bool enabled = true;
            if (c.condition)
                enabled = in.params.evalNumber(*c.condition, path + "." + c.name + " condition") != 0;
            ConnectorInstance ci_;
            ci_.instance = path;
            ci_.connector = c.name;
            ci_.type = c.type;
            ci_.enabled = enabled;
            if (!enabled) {
                ci_.disabledBecause = c.condition->text;
                addConnector(std::move(ci_));
                in.names[c.name] = Symbol{Symbol::Kind::Disabled, 0, -1};
                for (const char* member : {"phi", "tau", "s", "f", "T", "Q_flow"})
                    in.names[c.name + "." + member] = Symbol{Symbol::Kind::Disabled, 0, -1};
                continue;
            }
            if (library::isFlange(c.type)) {
                std::string pot = library::potentialName(c.type), flow = library::flowName(c.type);
                FlatVar p;
                p.name = path + "." + c.name + "." + pot;
                p.unit = library::potentialUnit(c.type);
                p.component = ci;
                FlatVar f;
                f.name = path + "." + c.name + "." + flow;
                f.unit = library::flowUnit(c.type);
                f.component = ci;
                ci_.potential = m_.addVar(std::move(p));
                ci_.flow = m_.addVar(std::move(f));
                in.names[c.name + "." + pot] = Symbol{Symbol::Kind::ContinuousVar, 0, ci_.potential};
                in.names[c.name + "." + flow] = Symbol{Symbol::Kind::ContinuousVar, 0, ci_.flow};
            } else {
                FlatVar s;
                s.name = path + "." + c.name;
                s.component = ci;
                bool boolean = c.type == library::ConnectorType::BooleanInput ||
                               c.type == library::ConnectorType::BooleanOutput;
                s.discrete = boolean;
                s.isBoolean = boolean;
                int32_t id = m_.addVar(std::move(s));
                ci_.signal = id;
                in.names[c.name] = Symbol{boolean ? Symbol::Kind::DiscreteVar : Symbol::Kind::ContinuousVar, 0, id};
            }
            addConnector(std::move(ci_));
        }
        // variables
        for (const auto& v : def.variables) {
            FlatVar fv;
            fv.name = path + "." + v.name;
            fv.component = ci;
            fv.discrete = v.discrete;
            fv.isBoolean = v.type == library::ValueType::Boolean;
            fv.isInteger = v.type == library::ValueType::Integer;
            fv.unit = v.unit;
            fv.isProtected = v.isProtected;
            const std::string& who = fv.name;
            if (v.start)
                fv.start = in.params.evalNumber(*v.start, "start of " + who);
            if (v.fixed)
                fv.fixed = in.params.evalNumber(*v.fixed, "fixed of " + who) != 0;
            if (v.stateSelect)
                fv.stateSelect = static_cast<int>(in.params.evalNumber(*v.stateSelect, "stateSelect of " + who));
            if (v.nominal)
                fv.nominal = in.params.evalNumber(*v.nominal, "nominal of " + who);
            if (const diagram::VariableSettings* s = comp.variable(v.name))
                applySettings(fv, *s, at.scope);
            const std::string relative = comp.name + "." + v.name;
            for (const Override& o : at.overrides)
                if (o.path == relative) {
                    applySettings(fv, *o.settings, o.scope);
                    *o.used = true;
                }
            if (fv.nominal <= 0 || fv.nominal != fv.nominal)
                fv.nominal = 1;
            bool discrete = fv.discrete;
            int32_t id = m_.addVar(std::move(fv));
            in.names[v.name] = Symbol{discrete ? Symbol::Kind::DiscreteVar : Symbol::Kind::ContinuousVar, 0, id};
        }
        Scope scope = [&in](const std::string& n) {
            auto it = in.names.find(n);
            if (it != in.names.end())
                return it->second;
            return in.params.get(n);
        };
        InstanceEquations eqs(m_, ci, scope);
        // bindings: variable declarations and enabled conditional connectors
        for (const auto& v : def.variables)
            if (v.binding)
                eqs.addEquation(v.binding->loc, eqs.originOf(v.name + " = " + v.binding->text), in.names[v.name],
                                *v.binding->ast, false);
        for (const auto& c : def.connectors) {
            if (in.names[c.name].kind == Symbol::Kind::Disabled)
                continue;
            for (const auto& [member, e] : c.bindings) {
                std::string full = c.name + "." + member;
                auto it = in.names.find(library::isFlange(c.type) ? full : c.name);
                if (it == in.names.end())
                    throw badInput(def.file + ": connector '" + c.name + "' has no member '" + member + "'");
                eqs.addEquation(e.loc, eqs.originOf(full + " = " + e.text), it->second, *e.ast, false);
            }
        }
        eqs.equations(def.equations, false);
        eqs.equations(def.initialEquations, true);
        if (capture)
            templates_.add(&def, comp, at.id,
                           InstanceTemplate::capture(m_, before, firstParameter, path, ci,
                                                     {connectors_.begin() + static_cast<std::ptrdiff_t>(firstConnector),
                                                      connectors_.end()},
                                                     std::move(realParameters)));
    }

    // A vector connector u[n]: n scalar connectors u[1]..u[n], each with its variable; the
    // vector itself is only a name that connections may use whole.
    void vectorConnector(Inst& in, const library::ConnectorDef& c, const std::string& path, int ci)
    {
        const std::string who = path + "." + c.name;
        const double size = in.params.evalNumber(*c.size, "size of " + who);
        if (size != std::floor(size) || size < 0 || size > kMostElements)
            throw badInput("size of " + who + " = " + io::shortestNumber(size) + " is not a whole number from 0 to 100000");
        const int n = static_cast<int>(size);
        bool enabled = !c.condition || in.params.evalNumber(*c.condition, who + " condition") != 0;
        vectors_[who] = n;
        const bool boolean = c.type == library::ConnectorType::BooleanInput || c.type == library::ConnectorType::BooleanOutput;
        for (int k = 1; k <= n; ++k) {
            const std::string member = c.name + "[" + std::to_string(k) + "]";
            ConnectorInstance node;
            node.instance = path;
            node.connector = member;
            node.type = c.type;
            node.enabled = enabled;
            if (!enabled) {
                node.disabledBecause = c.condition->text;
                in.names[member] = Symbol{Symbol::Kind::Disabled, 0, -1};
            } else {
                FlatVar s;
                s.name = path + "." + member;
                s.component = ci;
                s.discrete = boolean;
                s.isBoolean = boolean;
                node.signal = m_.addVar(std::move(s));
                in.names[member] = Symbol{boolean ? Symbol::Kind::DiscreteVar : Symbol::Kind::ContinuousVar, 0, node.signal};
            }
            addConnector(std::move(node));
        }
    }

    // A misspelt or misplaced block ("paramters", a "start" block where "variables"
    // belongs) is kept for the editor but would change nothing: said once per component
    // (not per use of its subsystem), and once that a newer Flange may have written them.
    void warnUnknownKeys(const diagram::Component& comp, const std::string& path)
    {
        if (comp.extra.empty() || !warnedComponents_.insert(&comp).second)
            return;
        for (auto it = comp.extra.begin(); it != comp.extra.end(); ++it)
            m_.warnings.push_back("component '" + path + "' (" + comp.type + "): unknown key '" + it.key() +
                                  "' is ignored (kept in the file)");
        if (!toldNewerVersion_)
            m_.warnings.push_back("keys this version of Flange does not know are kept and ignored; a diagram written "
                                  "by a newer version may use them");
        toldNewerVersion_ = true;
    }

    // -------- connections of one level, resolved to connector instances

    struct End {
        std::vector<int> indices; // one, or a whole vector's members
        int size = 0;             // 0: a scalar end; n: a whole vector of n
        bool inside = false;  // an outer connector seen from inside its subsystem
        std::string instance; // for Error::instances
    };

    End endpoint(const Level& at, const std::string& e, const std::string& label) const
    {
        const std::string owner = at.prefix.empty() ? "" : at.prefix.substr(0, at.prefix.size() - 1);
        std::string inst, conn;
        if (!diagram::splitEndpoint(e, inst, conn)) {
            // A bare name is one of this diagram's own (outer) connectors.
            auto it = index_.find(at.prefix + e);
            if (it == index_.end() || !connectors_[static_cast<size_t>(it->second)].outer)
                throw badInput("connection " + label + ": '" + e +
                               "' is neither instance.connector nor a connector of this diagram")
                    .about({owner});
            return {{it->second}, 0, true, owner};
        }
        auto it = index_.find(at.prefix + e);
        if (it != index_.end())
            return {{it->second}, 0, false, at.prefix + inst};
        const std::string full = at.prefix + e;
        if (auto v = vectors_.find(full); v != vectors_.end()) {
            End whole{{}, v->second, false, at.prefix + inst};
            for (int k = 1; k <= v->second; ++k)
                whole.indices.push_back(index_.at(full + "[" + std::to_string(k) + "]"));
            return whole;
        }
        std::string base;
        int k = 0;
        const bool member = library::splitMember(conn, base, k);
        const std::string fullBase = at.prefix + inst + "." + base;
        if (member && absentVectors_.count(fullBase))
            return {{index_.at(fullBase)}, 0, false, at.prefix + inst};
        // A member that is in range was found above: only refusals are left here.
        if (auto v = vectors_.find(fullBase); member && v != vectors_.end())
            if (auto why = library::memberRefusal(fullBase, k, v->second))
                throw badInput("connection " + label + ": " + *why).about({at.prefix + inst});
        if (member && index_.count(fullBase))
            throw badInput("connection " + label + ": " + *library::memberRefusal(fullBase, k, 0)).about({at.prefix + inst});
        if (absentVectors_.count(full))
            return {{index_.at(full)}, 0, false, at.prefix + inst};
        const diagram::Component* c = at.diagram->component(inst);
        if (!c)
            throw badInput("connection " + label + ": there is no component '" + at.prefix + inst + "'").about({owner});
        throw badInput("connection " + label + ": component '" + at.prefix + inst + "' (" + c->type +
                       ") has no connector '" + conn + "'")
            .about({at.prefix + inst});
    }

    void connection(const Level& at, const diagram::Connection& con)
    {
        ResolvedConnection r;
        r.label = at.prefix + con.from + " - " + at.prefix + con.to;
        auto instanceOfEnd = [&at](const std::string& e) {
            std::string inst, conn;
            if (diagram::splitEndpoint(e, inst, conn))
                return at.prefix + inst;
            return at.prefix.empty() ? std::string() : at.prefix.substr(0, at.prefix.size() - 1);
        };
        End a, b;
        try {
            a = endpoint(at, con.from, r.label);
            b = endpoint(at, con.to, r.label);
        } catch (Error& e) {
            e.about({instanceOfEnd(con.from), instanceOfEnd(con.to)}); // both ends: either may be the mistake
            throw;
        }
        if (auto why = library::sizeRefusal(at.prefix + con.from, a.size, at.prefix + con.to, b.size))
            throw badInput("connection " + r.label + ": " + *why).about({a.instance, b.instance});
        r.aInside = a.inside;
        r.bInside = b.inside;
        r.ends = {a.instance, b.instance};
        r.quiet = !at.prefix.empty();
        // A whole vector joins element by element.
        for (size_t k = 0; k < a.indices.size(); ++k) {
            r.a = a.indices[k];
            r.b = b.indices[k];
            connections_.push_back(r);
        }
    }

    const diagram::Diagram& d_;
    const library::Library& lib_;
    size_t mostVariables_;
    FlatModel m_;
    ModelParameters modelParams_{d_, m_.pool};
    std::deque<InstanceParameters> params_; // subsystem instances' declared parameters (deque: scopes refer to them)
    std::vector<ConnectorInstance> connectors_;
    std::unordered_map<std::string, int> index_; // full connector name -> connectors_
    std::unordered_map<std::string, int> vectors_; // full vector connector name ("move.u") -> size
    std::unordered_set<std::string> absentVectors_; // vector connectors of components left out
    std::unordered_set<const diagram::Component*> warnedComponents_; // unknown keys told
    bool toldNewerVersion_ = false;
    std::vector<ResolvedConnection> connections_;
    std::vector<Override> overrides_; // set on subsystem instances, each must reach a variable
    int levels_ = 0;                  // levels made so far (Level::id)
    std::unordered_map<const diagram::Diagram*, double> subsystemVariables_; // variablesOf's memo
    InstanceTemplates templates_;
};

} // namespace

FlatModel instantiate(const diagram::Diagram& d, const library::Library& lib, const CancelFlag& cancelled,
                      size_t mostVariables)
{
    return Instantiator(d, lib, mostVariables).run(cancelled);
}

} // namespace flange::flatten
