#pragma once
// Evaluation of parameter values, one set of rules for the flattener and for the editor:
// model-level parameters (the diagram's own), an instance's parameters (its value from the
// diagram, else the definition's default), and the checks the editor runs as the user types.
#include "engine/diagram/diagram.hpp"
#include "engine/expr/pool.hpp"
#include "engine/flatten/lower.hpp"
#include "engine/io/data_files.hpp"
#include "engine/library/component_definition.hpp"

#include <exception>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace flange::flatten {

// A parameter's evaluated value: a number (Real/Integer/Boolean/enumeration ordinal) or a table.
struct ParamValue {
    double value = 0;
    int32_t table = -1;
    int32_t param = -1; // a leaf of the pool (expr::Pool::param) that lowering reads instead of the number
    expr::NodeId node = expr::kNone; // or an expression of such leaves ("T2"), likewise
};

Symbol toSymbol(const ParamValue& v);

// Evaluates a value as the diagram stores it: a number, boolean, table, expression text, or
// an object whose "value" is one of these (docs/diagram-format.md). Names resolve in `scope`.
// keepParameters: an expression of parameters kept as leaves stays one (ParamValue::node)
// instead of being read as its value (which makes them structural).
ParamValue evalJson(const diagram::Json& j, expr::Pool& pool, const Scope& scope, const std::string& what,
                    bool keepParameters = false);

// The diagram's own parameters, each evaluated once on first use.
class ModelParameters {
public:
    ModelParameters(const diagram::Diagram& d, expr::Pool& pool);
    Symbol get(const std::string& name);
    Scope scope();
    // Real parameters given as a number other than 0 become leaves of the pool, and those
    // written as expressions of them stay expressions (docs/architecture.md, "Parameters").
    void keepNumbersAsLeaves() { leaves_ = true; }

private:
    std::vector<std::string> namedIn(const diagram::Json& value) const;

    expr::Pool& pool_;
    std::unordered_map<std::string, const diagram::Json*> declared_; // the diagram's, by name
    bool leaves_ = false;
    std::unordered_map<std::string, ParamValue> done_;
    std::unordered_map<std::string, std::exception_ptr> failed_; // evaluated early, and refused
    std::set<std::string> inProgress_;
};

// One instance's parameters, each evaluated once on first use. Values given in the diagram
// see the parameters of the diagram the instance is in (as a Modelica modifier does):
// `outer`; defaults see the instance's own. A subsystem instance's declared parameters
// work the same way, and are the scope its inner components see. `path` is the instance's
// full name in messages ("vehicle.mass").
class InstanceParameters {
public:
    InstanceParameters(ModelParameters& model, expr::Pool& pool, const library::ComponentDefinition& def,
                       const diagram::Component& comp)
        : InstanceParameters(model.scope(), pool, def, comp, comp.name)
    {
    }
    InstanceParameters(Scope outer, expr::Pool& pool, const library::ComponentDefinition& def,
                       const diagram::Component& comp, std::string path)
        : outer_(std::move(outer)), pool_(pool), def_(def), comp_(comp), path_(std::move(path))
    {
    }
    Symbol get(const std::string& name);
    Scope scope();
    // Real parameters given as a number other than 0 (in the diagram, or a default written
    // as one) become leaves of the pool
    // (expr::Pool::param), so that a run can set another value without translating
    // (docs/architecture.md, "Parameters"). Call before the first get().
    void keepNumbersAsLeaves() { leaves_ = true; }
    // A definition expression (default, condition, start) evaluated in this instance.
    ParamValue evalDefinition(const library::ExprText& e, const std::string& what, bool table);
    double evalNumber(const library::ExprText& e, const std::string& what) { return evalDefinition(e, what, false).value; }
    // A String parameter's text: the diagram's, else the default as written.
    std::string text(const std::string& name) const;
    // Where relative table file names are found and which files may be read: the folder
    // of the file that wrote the instance, and those the user allowed.
    void setDataAccess(io::DataFileAccess access) { dataAccess_ = std::move(access); }

private:
    std::optional<ParamValue> tableExpression(const expr::Ast& a, const library::ExprText& e, const std::string& what);
    std::string topInstance() const;
    const library::ParameterDef* declared(const std::string& name);
    std::vector<std::string> defaultUses(const std::string& name);
    ParamValue evaluate(const library::ParameterDef& p);

    Scope outer_;
    expr::Pool& pool_;
    const library::ComponentDefinition& def_;
    const diagram::Component& comp_;
    std::string path_;
    io::DataFileAccess dataAccess_;
    std::unordered_map<std::string, ParamValue> done_;
    std::unordered_map<std::string, std::exception_ptr> failed_; // evaluated early, and refused
    std::set<std::string> inProgress_;
    std::unordered_map<std::string, const library::ParameterDef*> index_; // def_'s parameters, when many
    bool leaves_ = false;
};

// The engine's message for an expression typed as a parameter value, or nullopt when it is
// acceptable: it parses, and every name is one of `names` or built in (pi, StateSelect.*).
// `what` starts the message ("J: unknown name 'abc'").
std::optional<std::string> checkParameterExpression(const std::string& text, const std::vector<std::string>& names,
                                                    const std::string& what);

// A vector connector's size (`"size": "nu"`) for one instance, evaluated as the flattener
// does; nullopt when it cannot be evaluated or is not a whole number from 0 to 100000.
std::optional<int> evaluateSize(const diagram::Diagram& d, const library::ComponentDefinition& def,
                                const diagram::Component& comp, const library::ExprText& size);

// A Boolean definition expression (a conditional connector's condition, a fixed) of one
// instance, evaluated as the flattener does; nullopt when it cannot be evaluated.
std::optional<bool> evaluateCondition(const diagram::Diagram& d, const library::ComponentDefinition& def,
                                      const diagram::Component& comp, const library::ExprText& condition);

// Required parameters (a definition that gives only a start value) the instance leaves
// without a value; the flattener refuses such an instance.
std::vector<std::string> missingRequiredParameters(const library::ComponentDefinition& def,
                                                   const diagram::Component& comp);

} // namespace flange::flatten
