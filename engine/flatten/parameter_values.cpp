#include "engine/flatten/parameter_values.hpp"

#include "engine/error.hpp"
#include "engine/expr/parser.hpp"
#include "engine/input_limits.hpp"
#include "engine/io/table_file.hpp"
#include "engine/library/enumeration.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>
#include <unordered_map>
#include <unordered_set>

namespace flange::flatten {

using diagram::Json;
using expr::NodeId;

namespace {

// The value of an expression whose leaves are all constants, or nullopt when it depends on
// anything else. The pool folds only what stays finite (it keeps 0/0 and 1/0 as nodes), so
// a parameter that divides by zero reaches here unfolded; evaluating it says why.
std::optional<double> valueOfConstants(const expr::Pool& pool, NodeId root)
{
    using expr::Op;
    std::unordered_map<NodeId, double> value;
    bool constant = true;
    pool.visit(root, [&](NodeId id, const expr::Node& n) {
        if (!constant)
            return;
        auto v = [&value](NodeId child) { return value.at(child); };
        switch (n.op) {
        case Op::Const:
        case Op::Param: value[id] = n.value; break;
        case Op::Time: case Op::Var: case Op::Disc: case Op::Pre: case Op::Rel: case Op::Initial:
            constant = false;
            break;
        case Op::If: value[id] = v(n.a) != 0 ? v(n.b) : v(n.c); break;
        case Op::Interp: case Op::InterpSlope:
            value[id] = expr::interpolateTable(pool.table(n.index), v(n.a), static_cast<int>(v(n.b)),
                                               n.op == Op::InterpSlope,
                                               n.c == expr::kNone ? -1 : static_cast<int>(v(n.c)));
            break;
        default:
            value[id] = n.b == expr::kNone ? expr::applyUnary(n.op, v(n.a)) : expr::applyBinary(n.op, v(n.a), v(n.b));
        }
    });
    if (!constant)
        return std::nullopt;
    return value.at(root);
}

// "NaN (not a number)", "infinity", "-infinity": what a non-finite value is called in messages.
std::string nonFiniteName(double v)
{
    if (std::isnan(v))
        return "NaN (not a number)";
    return v > 0 ? "infinity" : "-infinity";
}

// Why `n` is not a usable parameter value, or empty: not constant, or not finite.
std::string parameterValueDefect(const expr::Pool& pool, NodeId n, const std::string& text)
{
    std::optional<double> v = pool.isConst(n) ? std::optional<double>(pool.constValue(n)) : valueOfConstants(pool, n);
    if (v && !std::isfinite(*v))
        return "\"" + text + "\" evaluates to " + nonFiniteName(*v);
    if (!pool.isConst(n))
        return "\"" + text + "\" is not a constant expression";
    return {};
}

// The parameters an expression names (both branches of an if), each once, those
// `declared` says are parameters.
template <class Declared>
std::vector<std::string> parametersNamedIn(const expr::Ast& root, Declared declared)
{
    std::vector<std::string> names;
    std::unordered_set<std::string> seen;
    std::vector<const expr::Ast*> open{&root};
    while (!open.empty()) {
        const expr::Ast* a = open.back();
        open.pop_back();
        if (a->kind == expr::Ast::Kind::Ident && declared(a->name) && seen.insert(a->name).second)
            names.push_back(a->name);
        for (const expr::AstPtr& arg : a->args)
            if (arg)
                open.push_back(arg.get());
    }
    return names;
}

// Evaluates parameter `name` after the parameters its value names, the far end of a chain
// first, with a stack of our own: parameters that name the next one 50,000 deep would
// otherwise recurse through the lowering once per link. uses(n) lists the declared
// parameters n's value names (both branches of an if, so some may not be needed: what
// goes wrong with one is kept in `failed` and raised only where a value really uses it,
// as the recursion would have); settled(n) says n has its value; evaluate(n) evaluates n,
// whose uses are settled or failed. A cycle is met where it closes, by the evaluation
// that asks for a parameter still in progress.
template <class Uses, class Settled, class Evaluate>
void evaluateUsesFirst(const std::string& name, std::set<std::string>& inProgress,
                       std::unordered_map<std::string, std::exception_ptr>& failed, Uses uses, Settled settled,
                       Evaluate evaluate)
{
    struct Pending {
        std::string name;
        std::vector<std::string> uses;
        size_t next = 0;
    };
    std::vector<Pending> path;
    path.push_back({name, uses(name)});
    inProgress.insert(name);
    while (!path.empty()) {
        Pending& p = path.back();
        if (p.next < p.uses.size()) {
            const std::string use = p.uses[p.next++];
            if (!settled(use) && !failed.count(use) && !inProgress.count(use)) {
                inProgress.insert(use);
                path.push_back({use, uses(use)}); // p is stale from here
            }
            continue;
        }
        const std::string n = std::move(p.name);
        path.pop_back();
        try {
            // Evaluated once, wherever first asked for: not inside the ranges being expanded.
            const RangeNesting alone(1, true);
            evaluate(n);
        } catch (const Error&) {
            inProgress.erase(n);
            if (path.empty())
                throw;
            failed[n] = std::current_exception();
            continue;
        }
        inProgress.erase(n);
    }
}

// A value of the wrong kind is refused rather than taken for its number: an Integer given
// true, an enumeration given a number, a Boolean or another enumeration's literal
// ("Extrapolation.Periodic" for a Smoothness ran as ConstantSegments, the literal with the
// same ordinal). Expressions and names of other parameters are left to evaluation.
void checkValueKind(const library::ParameterDef& pd, const Json& given, const std::string& who)
{
    const Json& v = given.is_object() && given.contains("value") ? given["value"] : given;
    std::string text = v.is_string() ? v.get<std::string>() : std::string();
    text.erase(0, text.find_first_not_of(" \t"));
    text.erase(text.find_last_not_of(" \t") + 1);
    if (pd.type == library::ValueType::Integer && (v.is_boolean() || text == "true" || text == "false"))
        throw badInput("parameter '" + who + "': " + (v.is_boolean() ? v.dump() : text) + " is not an Integer");
    if (pd.type != library::ValueType::Enumeration)
        return;
    const library::EnumerationDef* e = library::findEnumeration(pd.enumeration);
    if (!e)
        return; // the library reports the unknown type
    const bool otherLiteral = library::enumerationLiteral(text) && !library::literalName(*e, text);
    if (v.is_number() || v.is_boolean() || otherLiteral)
        throw badInput("parameter '" + who + "': " + (otherLiteral ? "'" + text + "'" : v.dump()) +
                       " is not a literal of " + e->name + " (" + e->literalList() + ")");
}

} // namespace

Symbol toSymbol(const ParamValue& v)
{
    if (v.table >= 0)
        return Symbol{Symbol::Kind::Table, 0, v.table};
    return Symbol{Symbol::Kind::Value, v.value, v.param, v.node};
}

ParamValue evalJson(const Json& j, expr::Pool& pool, const Scope& scope, const std::string& what,
                    bool keepParameters)
{
    ParamValue v;
    if (j.is_object()) {
        // {"value": 0.3, "displayUnit": "g"}: the value is in the parameter's unit already.
        if (!j.contains("value"))
            throw badInput(what + ": an object value needs a \"value\"");
        return evalJson(j["value"], pool, scope, what, keepParameters);
    }
    if (j.is_number()) {
        v.value = j.get<double>();
        return v;
    }
    if (j.is_boolean()) {
        v.value = j.get<bool>() ? 1 : 0;
        return v;
    }
    if (j.is_array()) {
        std::vector<std::vector<double>> values;
        // A flat list of numbers is a vector parameter written as one row: [0, 1.5] = [[0, 1.5]].
        const bool vector = !j.empty() && std::all_of(j.begin(), j.end(), [](const Json& x) { return x.is_number(); });
        const Json rows = vector ? Json::array({j}) : j;
        for (const Json& row : rows) {
            if (!row.is_array())
                throw badInput(what + ": a table is a list of rows of numbers");
            std::vector<double> r;
            for (const Json& x : row) {
                if (!x.is_number())
                    throw badInput(what + ": a table is a list of rows of numbers");
                r.push_back(x.get<double>());
            }
            values.push_back(std::move(r));
        }
        if (std::string defect = expr::tableDefect(values); !defect.empty())
            throw badInput(what + ": " + defect);
        expr::Table t;
        t.rows = values;
        v.table = pool.addTable(std::move(t));
        return v;
    }
    if (j.is_string()) {
        std::string text = j.get<std::string>();
        expr::AstPtr ast;
        try {
            ast = expr::parseExpression(text);
        } catch (const expr::ParseError& e) {
            throw badInput(what + ": " + e.what() + " at column " + std::to_string(e.column() + 1) + " of \"" + expr::excerpt(text) + "\"");
        }
        // A table handed on by name (a subsystem's "lossTable": "lossTable" to its LossyGear).
        if (ast->kind == expr::Ast::Kind::Ident) {
            Symbol s = scope(ast->name);
            if (s.kind == Symbol::Kind::Table) {
                v.table = s.id;
                return v;
            }
        }
        Lowerer low(pool, scope, nullptr, {}, what, -1);
        NodeId n = low.lower(*ast);
        if (keepParameters && pool.node(n).op != expr::Op::Const && pool.ofParameters(n)) {
            v.value = pool.constValue(n); // what it is at translation: reading it decides nothing
            if (!std::isfinite(v.value))
                throw badInput(what + ": \"" + text + "\" evaluates to " + nonFiniteName(v.value));
            v.node = n;
            return v;
        }
        if (std::string defect = parameterValueDefect(pool, n, text); !defect.empty())
            throw badInput(what + ": " + defect);
        v.value = pool.constValue(n);
        return v;
    }
    throw badInput(what + ": expected a number, boolean, table or expression");
}

// -------- model-level parameters

ModelParameters::ModelParameters(const diagram::Diagram& d, expr::Pool& pool) : pool_(pool)
{
    for (const auto& [k, v] : d.parameters)
        declared_.emplace(k, &v); // the first of two alike names, as a search would find
}

// The model parameters a value names, as far as its text tells.
std::vector<std::string> ModelParameters::namedIn(const Json& value) const
{
    const Json* v = &value;
    while (v->is_object() && v->contains("value"))
        v = &(*v)["value"];
    if (!v->is_string())
        return {};
    expr::AstPtr ast;
    try {
        ast = expr::parseExpression(v->get<std::string>());
    } catch (const expr::ParseError&) {
        return {}; // the evaluation says what is wrong
    }
    return parametersNamedIn(*ast, [this](const std::string& n) { return declared_.count(n) > 0; });
}

Symbol ModelParameters::get(const std::string& name)
{
    if (auto done = done_.find(name); done != done_.end())
        return toSymbol(done->second);
    if (auto failed = failed_.find(name); failed != failed_.end())
        std::rethrow_exception(failed->second);
    if (!declared_.count(name))
        return {};
    if (inProgress_.count(name))
        throw badInput("model parameter '" + name + "' depends on itself");
    evaluateUsesFirst(
        name, inProgress_, failed_, [this](const std::string& n) { return namedIn(*declared_.at(n)); },
        [this](const std::string& n) { return done_.count(n) > 0; },
        [this](const std::string& n) {
            const Json& j = *declared_.at(n);
            ParamValue pv = evalJson(j, pool_, scope(), "model parameter '" + n + "'", leaves_);
            // A Real number other than 0, without a range to check it against, is a leaf.
            const bool object = j.is_object();
            const Json& number = object && j.contains("value") ? j["value"] : j;
            const bool real = !object || !j.contains("type") || j["type"] == "Real";
            const bool ranged = object && (j.contains("min") || j.contains("max"));
            if (leaves_ && real && !ranged && number.is_number() && pv.value != 0 && pv.table < 0)
                pv.param = pool_.addParameter(n, pv.value);
            done_[n] = pv;
        });
    return toSymbol(done_.at(name));
}

Scope ModelParameters::scope()
{
    return [this](const std::string& n) { return get(n); };
}

// -------- one instance

Symbol InstanceParameters::get(const std::string& name)
{
    if (auto done = done_.find(name); done != done_.end())
        return toSymbol(done->second);
    if (auto failed = failed_.find(name); failed != failed_.end())
        std::rethrow_exception(failed->second);
    const library::ParameterDef* pd = declared(name);
    if (!pd)
        return {};
    if (pd->type == library::ValueType::String) {
        // Text (a file name): no value in expressions; text() gives it.
        const Json* given = comp_.parameter(name);
        if (given && !given->is_string())
            throw badInput("parameter '" + path_ + "." + name + "' (" + def_.name + ") must be text");
        return {};
    }
    if (inProgress_.count(name))
        throw badInput("parameter '" + path_ + "." + name + "' depends on itself");
    evaluateUsesFirst(
        name, inProgress_, failed_, [this](const std::string& n) { return defaultUses(n); },
        [this](const std::string& n) { return done_.count(n) > 0; },
        [this](const std::string& n) { done_[n] = evaluate(*declared(n)); });
    return toSymbol(done_.at(name));
}

// The instance's own parameters a parameter's default names; none when the diagram gives
// the value (it is written in the scope outside) or for text.
std::vector<std::string> InstanceParameters::defaultUses(const std::string& name)
{
    const library::ParameterDef* pd = declared(name);
    if (pd->type == library::ValueType::String || comp_.parameter(name) || pd->required || !pd->defaultValue ||
        !pd->defaultValue->ast)
        return {};
    return parametersNamedIn(*pd->defaultValue->ast, [this](const std::string& n) {
        const library::ParameterDef* named = declared(n);
        return named && named->type != library::ValueType::String;
    });
}

// Looked up by name in an index once the definition has many parameters (a subsystem may
// declare thousands), else by a search of the few.
const library::ParameterDef* InstanceParameters::declared(const std::string& name)
{
    if (def_.parameters.size() < 32)
        return def_.parameter(name);
    if (index_.empty())
        for (const library::ParameterDef& p : def_.parameters)
            index_.emplace(p.name, &p); // the first of two alike names, as the search finds
    auto it = index_.find(name);
    return it == index_.end() ? nullptr : it->second;
}

// One parameter's value, the parameters it names evaluated already.
ParamValue InstanceParameters::evaluate(const library::ParameterDef& pd)
{
    const std::string& name = pd.name;
    const std::string who = path_ + "." + name;
    ParamValue pv;
    if (const Json* given = comp_.parameter(name)) {
        checkValueKind(pd, *given, who);
        // Bound to tunable parameters ("T2"): an expression of them, where no range is to be
        // checked (a run checks the values it sets against their own ranges only).
        const bool keep = leaves_ && pd.type == library::ValueType::Real && !pd.min && !pd.max;
        pv = evalJson(*given, pool_, outer_, "parameter '" + who + "'", keep);
    } else if (pd.required) {
        // A start value is a guess, not a value: the user has to give one.
        throw badInput("parameter '" + who + "' (" + def_.name + ") needs a value" +
                       (pd.defaultValue ? " (its start value " + pd.defaultValue->text + " is only a guess)" : ""));
    } else if (pd.defaultValue) {
        pv = evalDefinition(*pd.defaultValue, "parameter '" + who + "'", pd.type == library::ValueType::Table);
    } else {
        throw badInput("parameter '" + who + "' (" + def_.name + ") has no value");
    }
    if (pv.table < 0) {
        if (!std::isfinite(pv.value))
            throw badInput("parameter '" + who + "' = " + readableNumber(pv.value) + " is not a finite number");
        if (pd.min && (pd.minExclusive ? pv.value <= *pd.min : pv.value < *pd.min))
            throw badInput("parameter '" + who + "' = " + readableNumber(pv.value) + " is below its minimum " +
                           readableNumber(*pd.min) + (pd.minExclusive ? " (which it must exceed)" : ""));
        if (pd.max && pv.value > *pd.max)
            throw badInput("parameter '" + who + "' = " + readableNumber(pv.value) + " is above its maximum " +
                           readableNumber(*pd.max));
        // A number, given or a default written as one, not 0 (which the builders would drop,
        // deciding structure by it); an expression of other parameters is evaluated again
        // only by translation.
        const Json* given = comp_.parameter(name);
        const Json* number = given && given->is_object() && given->contains("value") ? &(*given)["value"] : given;
        const bool literal = given ? number->is_number()
                                   : pd.defaultValue && pd.defaultValue->ast && pd.defaultValue->ast->kind == expr::Ast::Kind::Number;
        if (leaves_ && pd.type == library::ValueType::Real && literal && pv.value != 0)
            pv.param = pool_.addParameter(who, pv.value);
    }
    return pv;
}

Scope InstanceParameters::scope()
{
    return [this](const std::string& n) { return get(n); };
}

std::string InstanceParameters::text(const std::string& name) const
{
    const library::ParameterDef* pd = def_.parameter(name);
    if (!pd || pd->type != library::ValueType::String)
        throw badInput("component '" + path_ + "' (" + def_.name + "): '" + name + "' is not a text parameter");
    if (const Json* given = comp_.parameter(name); given && given->is_string())
        return given->get<std::string>();
    return pd->defaultValue ? pd->defaultValue->text : std::string();
}

// A table-valued definition expression: a matrix, another table parameter, "if c then A
// else B" with a constant condition, or tableFromFile(fileName, tableName) naming two text
// parameters. A relative file name is relative to the folder of the file that wrote the
// instance; io/data_files.hpp decides which files may be read.
std::optional<ParamValue> InstanceParameters::tableExpression(const expr::Ast& a, const library::ExprText& e,
                                                              const std::string& what)
{
    using expr::Ast;
    if (a.kind == Ast::Kind::Ident) {
        Symbol s = get(a.name);
        if (s.kind != Symbol::Kind::Table)
            return std::nullopt;
        ParamValue pv;
        pv.table = s.id;
        return pv;
    }
    if (a.kind == Ast::Kind::If && a.args.size() == 3) {
        Lowerer low(pool_, scope(), nullptr, e.loc, what, -1);
        NodeId c = low.lower(*a.args[0]);
        if (!pool_.isConst(c))
            low.fail(*a.args[0], "the condition choosing a table must be a parameter expression");
        return tableExpression(*a.args[pool_.constValue(c) != 0 ? 1 : 2], e, what);
    }
    if (a.kind == Ast::Kind::Call && a.name == "tableFromFile") {
        Lowerer low(pool_, scope(), nullptr, e.loc, what, -1);
        if (a.args.size() != 2 || a.args[0]->kind != Ast::Kind::Ident || a.args[1]->kind != Ast::Kind::Ident)
            low.fail(a, "tableFromFile(fileName, tableName) takes two text parameters");
        std::string file = text(a.args[0]->name);
        std::string tableName = text(a.args[1]->name);
        if (file.empty() || file == "NoName")
            throw badInput("component '" + path_ + "' (" + def_.name + "): " + a.args[0]->name +
                           " must name the table file").about({topInstance()});
        ParamValue pv;
        expr::Table t;
        try {
            t.rows = io::readTableFile(dataAccess_.checked(file), tableName);
        } catch (const Error& err) {
            throw badInput("component '" + path_ + "' (" + def_.name + "): " + err.what()).about({topInstance()});
        }
        pv.table = pool_.addTable(std::move(t));
        return pv;
    }
    return std::nullopt;
}

std::string InstanceParameters::topInstance() const { return path_.substr(0, path_.find('.')); }

ParamValue InstanceParameters::evalDefinition(const library::ExprText& e, const std::string& what, bool table)
{
    ParamValue pv;
    if (e.ast->kind == expr::Ast::Kind::Matrix) {
        std::vector<std::vector<double>> values;
        for (const auto& row : e.ast->args) {
            std::vector<double> r;
            for (const auto& x : row->args) {
                Lowerer low(pool_, scope(), nullptr, e.loc, what, -1);
                NodeId n = low.lower(*x);
                if (!pool_.isConst(n)) {
                    std::optional<double> value = valueOfConstants(pool_, n);
                    low.fail(*x, value && !std::isfinite(*value) ? "a table entry evaluates to " + nonFiniteName(*value)
                                                                 : "table entries must be constants");
                }
                r.push_back(pool_.constValue(n));
            }
            values.push_back(std::move(r));
        }
        if (std::string defect = expr::tableDefect(values); !defect.empty())
            throw badInput((e.loc.file.empty() ? "" : e.loc.str() + ": ") + what + ": " + defect);
        expr::Table t;
        t.rows = values;
        pv.table = pool_.addTable(std::move(t));
        return pv;
    }
    if (table)
        if (std::optional<ParamValue> t = tableExpression(*e.ast, e, what))
            return *t;
    Lowerer low(pool_, scope(), nullptr, e.loc, what, -1);
    NodeId n = low.lower(*e.ast);
    if (!pool_.isConst(n)) {
        std::optional<double> value = valueOfConstants(pool_, n);
        low.fail(*e.ast, "\"" + e.text + "\" " +
                             (value && !std::isfinite(*value) ? "evaluates to " + nonFiniteName(*value)
                                                              : "is not a parameter expression"));
    }
    if (!std::isfinite(pool_.constValue(n)))
        low.fail(*e.ast, "\"" + e.text + "\" evaluates to " + nonFiniteName(pool_.constValue(n)));
    pv.value = pool_.constValue(n);
    return pv;
}

// -------- checks for the editor

std::optional<std::string> checkParameterExpression(const std::string& text, const std::vector<std::string>& names,
                                                    const std::string& what)
{
    expr::Pool pool;
    // Any value will do: the check is about names and form, not about the value.
    Scope scope = [&names](const std::string& n) {
        if (std::find(names.begin(), names.end(), n) != names.end())
            return Symbol{Symbol::Kind::Value, 1, -1};
        return Symbol{};
    };
    try {
        evalJson(Json(text), pool, scope, what);
    } catch (const Error& e) {
        return std::string(e.what());
    }
    return std::nullopt;
}

namespace {

// An instance's parameter expression evaluated as the editor needs it: with the diagram's
// model parameters and folder (a size may count a table read from a file); nullopt when it
// cannot be evaluated yet.
std::optional<double> evaluateForEditor(const diagram::Diagram& d, const library::ComponentDefinition& def,
                                        const diagram::Component& comp, const library::ExprText& text,
                                        const char* what)
{
    if (!text.ast)
        return std::nullopt;
    expr::Pool pool;
    ModelParameters model(d, pool);
    InstanceParameters instance(model, pool, def, comp);
    instance.setDataAccess({d.folder, d.allowedDataFolders});
    try {
        return instance.evalNumber(text, what);
    } catch (const Error&) {
        return std::nullopt;
    }
}

} // namespace

std::optional<int> evaluateSize(const diagram::Diagram& d, const library::ComponentDefinition& def,
                                const diagram::Component& comp, const library::ExprText& size)
{
    const std::optional<double> n = evaluateForEditor(d, def, comp, size, "size");
    if (!n || *n != std::floor(*n) || *n < 0 || *n > kMostElements)
        return std::nullopt;
    return static_cast<int>(*n);
}

std::optional<bool> evaluateCondition(const diagram::Diagram& d, const library::ComponentDefinition& def,
                                      const diagram::Component& comp, const library::ExprText& condition)
{
    const std::optional<double> v = evaluateForEditor(d, def, comp, condition, "condition");
    if (!v)
        return std::nullopt;
    return *v != 0;
}

std::vector<std::string> missingRequiredParameters(const library::ComponentDefinition& def,
                                                   const diagram::Component& comp)
{
    std::vector<std::string> out;
    for (const library::ParameterDef& p : def.parameters)
        if (!p.isFinal && !comp.parameter(p.name) && (p.required || !p.defaultValue))
            out.push_back(p.name);
    return out;
}

} // namespace flange::flatten
