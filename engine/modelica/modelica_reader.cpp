#include "engine/modelica/modelica_reader.hpp"

#include "engine/diagram/model_parameters.hpp"
#include "engine/error.hpp"
#include "engine/input_limits.hpp"
#include "engine/library/subsystem_definition.hpp"
#include "engine/library/enumeration.hpp"
#include "engine/modelica/modelica_functions.hpp"
#include "engine/modelica/modelica_parser.hpp"
#include "engine/modelica/msl_builtins.hpp"

#include <cmath>
#include <filesystem>
#include <map>
#include <numbers>
#include <set>

namespace flange::modelica {

namespace {

using diagram::Json;

const Argument* findArgument(const std::vector<Argument>& args, const std::string& name)
{
    for (const Argument& a : args)
        if (a.name == name)
            return &a;
    return nullptr;
}

// What the readers of a model and of the models it uses as subsystems share.
struct Shared {
    std::string topPackage;                         // "P." of the model read, when it is in a package
    std::vector<diagram::Diagram> subsystems;       // read so far
    std::map<std::string, library::ComponentDefinition> faces; // type name -> the face users see
    std::vector<std::string> reading;               // the chain of models being read
};

class Reader {
public:
    Reader(ModelicaSource& source, const library::Library& library, Shared& shared, bool subsystem)
        : source_(source), library_(library),
          evaluator_(source, [this](const std::string& n) { return constantOrInstanceParameter(n); }), shared_(shared),
          subsystem_(subsystem)
    {
    }

    diagram::Diagram model(const std::string& fullName)
    {
        const ClassDef* c = source_.find(fullName);
        if (!c)
            throw badInput("no model " + fullName);
        class_ = c;
        tokens_ = &source_.fileOf(*c).tokens;
        if (c->restriction != "model" && c->restriction != "block" && c->restriction != "class")
            throw fail(c->line, fullName + " is a " + c->restriction + ", not a model");
        if (c->partial)
            throw fail(c->line, fullName + " is a partial model");
        diagram::Diagram d;
        d.name = c->name;
        d.description = c->description;
        for (const Extends& e : c->extends) {
            const std::string base = lookup(e.name);
            if (!base.starts_with("Modelica.Icons.") && !base.starts_with("Modelica.Blocks.Icons."))
                throw fail(e.line, "`extends " + e.name + "`: Flange reads models that extend only Modelica.Icons classes");
        }
        std::vector<diagram::ParameterDeclaration> parameters;
        for (const Declaration& decl : c->declarations)
            declaration(decl, d, parameters);
        diagram::setDeclarations(d, parameters);
        for (const Equation& e : c->equations)
            equation(e, d);
        driveInputsFromOutputs(d);
        for (const Equation& e : c->initialEquations)
            initialEquation(e, d);
        classAnnotation(c->annotation, d);
        if (!subsystem_)
            d.subsystems = shared_.subsystems;
        return d;
    }

private:
    Error fail(int line, const std::string& what) const
    {
        return badInput(class_->file + ":" + std::to_string(line) + ": " + what);
    }

    bool existsOutside(const std::string& full) const
    {
        const std::string lib = libraryName(full);
        return (!lib.empty() && library_.find(lib)) || library_.find(full) || mslTypeUnit(full).has_value() ||
               library::enumerationLiteral(full).has_value() || !mathFunction(full).empty() ||
               library::findEnumeration(full.starts_with("Modelica.") ? full.substr(9) : full);
    }
    std::string lookup(const std::string& name)
    {
        return source_.lookup(name, *class_, [this](const std::string& n) { return existsOutside(n); });
    }

    // The library definition a type name stands for: its MSL name mapped to the library's,
    // or a name of the library's own.
    const library::ComponentDefinition* typeDefinition(const std::string& type) const
    {
        auto it = shared_.faces.find(type);
        return it != shared_.faces.end() ? &it->second : library_.find(type);
    }

    // The library type a model written from a definition names: __Flange(type="...").
    static std::string flangeType(const ClassDef& c)
    {
        const Argument* a = findArgument(c.annotation, "__Flange");
        const Argument* t = a ? findArgument(a->modifiers, "type") : nullptr;
        return t && t->value && t->value->kind == Expr::Kind::String ? t->value->text : std::string();
    }

    // A subsystem's type name: its full name without the package the model read is in
    // ("P.Gearbox" -> "Gearbox"), as the writer writes it; else an MSL name as the library's.
    std::string subsystemTypeName(const std::string& full) const
    {
        if (!shared_.topPackage.empty() && full.starts_with(shared_.topPackage))
            return full.substr(shared_.topPackage.size());
        if (std::string lib = libraryName(full); !lib.empty())
            return lib;
        return full;
    }

    // A model of the file used as a component: read as a subsystem (once), its face given to its users.
    const library::ComponentDefinition* subsystemFace(const std::string& full, int line, std::string& typeName)
    {
        typeName = subsystemTypeName(full);
        if (auto it = shared_.faces.find(typeName); it != shared_.faces.end())
            return &it->second;
        auto chain = [&] {
            std::string s;
            for (const std::string& r : shared_.reading)
                s += r + " -> ";
            return s + full;
        };
        if (std::find(shared_.reading.begin(), shared_.reading.end(), full) != shared_.reading.end())
            throw fail(line, "model " + full + " is used inside itself: " + chain());
        if (shared_.reading.size() >= static_cast<size_t>(kMostSubsystemNesting))
            throw fail(line, "models are used inside each other more than " + std::to_string(kMostSubsystemNesting) +
                                 " levels deep: " + chain());
        shared_.reading.push_back(full);
        Reader inner(source_, library_, shared_, true);
        diagram::Diagram sub = inner.model(full);
        shared_.reading.pop_back();
        sub.name = typeName;
        auto face = library::subsystemDefinition(std::make_shared<const diagram::Diagram>(sub), class_->file);
        shared_.subsystems.push_back(std::move(sub));
        return &shared_.faces.emplace(typeName, std::move(face)).first->second;
    }

    const library::ComponentDefinition* definitionOf(const std::string& full, std::string& libName) const
    {
        libName = libraryName(full);
        if (!libName.empty())
            if (const auto* def = library_.find(libName))
                return def;
        libName = full;
        return library_.find(full);
    }

    // ---- values ----
    std::string enumerationText(const std::string& full) const
    {
        // "Modelica.Blocks.Types.Extrapolation.HoldLastPoint" -> "Extrapolation.HoldLastPoint".
        const size_t last = full.rfind('.');
        const size_t type = last == std::string::npos || last == 0 ? std::string::npos : full.rfind('.', last - 1);
        return type == std::string::npos ? full : full.substr(type + 1);
    }
    bool isEnumerationLiteral(const std::string& text, std::string& full)
    {
        if (text.starts_with("StateSelect.")) {
            full = text;
            return true;
        }
        full = lookup(text);
        return !full.empty() && library::enumerationLiteral(full).has_value();
    }

    // An expression's text for Flange's expressions: import aliases and constants
    // written as the engine knows them, Modelica.Math functions by their short names.
    std::string text(const Expr& e)
    {
        Replacement replace = [&](const Expr& x) -> std::optional<std::string> {
            if (x.kind == Expr::Kind::Call) {
                const std::string m = mathFunction(x.text);
                if (m.empty() || m == x.text) {
                    if (!m.empty() || x.text == "der")
                        return std::nullopt;
                    const std::string full = lookup(x.text);
                    const ClassDef* fn = full.empty() ? nullptr : source_.find(full);
                    if (fn && fn->restriction == "function") {
                        const Value v = evaluator_.evaluate(x, *class_);
                        if (!v.dims.empty())
                            throw fail(x.line, x.text + "(...) gives an array inside an expression");
                        return readableNumber17(v.data[0]);
                    }
                    return std::nullopt;
                }
                std::string out = m + "(";
                for (size_t i = 0; i < x.args.size(); ++i)
                    out += (i ? ", " : "") + (x.argNames[i].empty() ? "" : x.argNames[i] + "=") + text(x.args[i]);
                return out + ")";
            }
            if (!x.args.empty() || declared_.count(x.text))
                return std::nullopt;
            if (std::optional<std::string> v = instanceParameter(x))
                return v;
            std::string full;
            if (isEnumerationLiteral(x.text, full))
                return enumerationText(full);
            if (full.empty())
                return std::nullopt;
            if (std::optional<double> c = mslConstant(full)) {
                const std::string engine = engineConstantName(full);
                if (engine.empty())
                    return readableNumber17(*c);
                return x.text == engine || x.text == full ? std::nullopt : std::optional<std::string>(engine);
            }
            return std::nullopt;
        };
        return expressionText(*tokens_, e, replace);
    }
    // `torqueLoad.tau_constant` in a binding: Flange's expressions name model parameters
    // only, so another instance's parameter is replaced by its value, as that instance's
    // modifier or its definition's default gives it.
    std::optional<std::string> instanceParameter(const Expr& x)
    {
        std::string instance, parameter;
        if (!diagram::splitEndpoint(x.text, instance, parameter) || parameter.find('.') != std::string::npos)
            return std::nullopt;
        for (const Declaration& d : class_->declarations) {
            if (d.name != instance)
                continue;
            std::string libName;
            const std::string full = lookup(d.type);
            const library::ComponentDefinition* def = full.empty() ? nullptr : definitionOf(full, libName);
            const library::ParameterDef* pd = def ? def->parameter(parameter) : nullptr;
            if (!pd)
                return std::nullopt;
            if (++substitutions_ > kMostModelicaNesting)
                throw fail(x.line, x.text + ": parameters of instances refer to each other more than " +
                                       std::to_string(kMostModelicaNesting) + " deep (a cycle?)");
            std::string out;
            if (const Argument* a = findArgument(d.modifiers, parameter); a && a->value)
                out = "(" + text(*a->value) + ")";
            else if (pd->defaultValue && !pd->defaultValue->text.empty())
                out = "(" + pd->defaultValue->text + ")";
            --substitutions_;
            if (out.empty())
                throw fail(x.line, x.text + ": the parameter has no value to use here");
            return out;
        }
        return std::nullopt;
    }
    // For the evaluator: an MSL constant, or another instance's parameter whose value is a number.
    std::optional<double> constantOrInstanceParameter(const std::string& name)
    {
        if (std::optional<double> c = mslConstant(name))
            return c;
        Expr x;
        x.kind = Expr::Kind::Name;
        x.text = name;
        const std::optional<std::string> v = instanceParameter(x);
        if (!v)
            return std::nullopt;
        char* end = nullptr;
        const std::string inner = v->substr(1, v->size() - 2);
        const double d = std::strtod(inner.c_str(), &end);
        return end && *end == '\0' && !inner.empty() ? std::optional<double>(d) : std::nullopt;
    }
    bool refersToInstanceParameter(const Expr& e)
    {
        if (e.kind == Expr::Kind::Name && e.args.empty() && !declared_.count(e.text) && lookup(e.text).empty()) {
            std::string instance, parameter;
            return diagram::splitEndpoint(e.text, instance, parameter);
        }
        for (const Expr& a : e.args)
            if (refersToInstanceParameter(a))
                return true;
        return false;
    }
    static std::string readableNumber17(double v)
    {
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.17g", v);
        // The shortest text that reads back to the same double.
        for (int p = 1; p <= 17; ++p) {
            char b[40];
            std::snprintf(b, sizeof b, "%.*g", p, v);
            if (std::strtod(b, nullptr) == v)
                return b;
        }
        return buf;
    }
    static Json numberJson(double v, const std::string& typed)
    {
        if (typed.find_first_of(".eE") == std::string::npos && std::fabs(v) < 9e15)
            return Json(static_cast<long long>(v));
        return Json(v);
    }
    static Json valueJson(const Value& v)
    {
        if (v.dims.empty())
            return Json(v.data.empty() ? 0.0 : v.data[0]);
        Json rows = Json::array();
        if (v.dims.size() == 1) {
            // A vector as one row of a table, as the library's tables take it.
            Json row = Json::array();
            for (double x : v.data)
                row.push_back(x);
            rows.push_back(row);
            return rows;
        }
        for (size_t r = 0; r < v.dims[0]; ++r) {
            Json row = Json::array();
            for (size_t c = 0; c < v.dims[1]; ++c)
                row.push_back(v.data[r * v.dims[1] + c]);
            rows.push_back(row);
        }
        return rows;
    }
    static bool literalOnly(const Expr& e)
    {
        if (e.kind == Expr::Kind::Number)
            return true;
        if (e.kind == Expr::Kind::Unary && e.text == "-")
            return literalOnly(e.args[0]);
        if (e.kind == Expr::Kind::Matrix) {
            for (const auto& row : e.rows)
                for (const Expr& x : row)
                    if (!literalOnly(x))
                        return false;
            return true;
        }
        if (e.kind == Expr::Kind::Array) {
            for (const Expr& x : e.args)
                if (!literalOnly(x))
                    return false;
            return true;
        }
        return false;
    }

    // A value as the diagram stores it: a number, Boolean, string, table, enumeration
    // literal, or the expression's text.
    Json value(const Expr& e, bool isString = false)
    {
        switch (e.kind) {
        case Expr::Kind::Number:
            return numberJson(e.number, (*tokens_)[e.first].text);
        case Expr::Kind::Boolean:
            return Json(e.number != 0);
        case Expr::Kind::String:
            return Json(e.text);
        default:
            break;
        }
        if (isString)
            throw fail(e.line, "a string parameter takes a string, not `" + text(e) + "`");
        if (e.kind == Expr::Kind::Unary && e.text == "-" && e.args[0].kind == Expr::Kind::Number)
            return -numberJson(e.args[0].number, (*tokens_)[e.args[0].first].text).get<double>() == 0
                       ? Json(0)
                       : numberJson(-e.args[0].number, (*tokens_)[e.args[0].first].text);
        // `-torqueLoad.tau_constant`: a number where the parameter referred to is one.
        if (refersToInstanceParameter(e)) {
            try {
                return valueJson(evaluator_.evaluate(e, *class_));
            } catch (const Error&) {
            }
        }
        if (literalOnly(e))
            return valueJson(evaluator_.evaluate(e, *class_));
        if (e.kind == Expr::Kind::Matrix || e.kind == Expr::Kind::Array) {
            // A table of constants is its numbers; one naming model parameters stays text.
            try {
                return valueJson(evaluator_.evaluate(e, *class_));
            } catch (const Error&) {
                return Json(text(e));
            }
        }
        if (e.kind == Expr::Kind::Call && mathFunction(e.text).empty() && e.text != "der") {
            const std::string full = lookup(e.text);
            const ClassDef* fn = full.empty() ? nullptr : source_.find(full);
            if (!fn || fn->restriction != "function")
                throw fail(e.line, "`" + e.text + "(...)`: no function of that name in the Modelica read");
            return valueJson(evaluator_.evaluate(e, *class_));
        }
        if (e.kind == Expr::Kind::Name && e.args.empty() && !declared_.count(e.text)) {
            std::string full;
            if (isEnumerationLiteral(e.text, full))
                return Json(enumerationText(full));
            if (!full.empty())
                if (std::optional<double> c = mslConstant(full); c && engineConstantName(full).empty())
                    return Json(*c);
        }
        return Json(text(e));
    }
    double numberOf(const Expr& e) { return evaluator_.evaluate(e, *class_).data.at(0); }
    std::vector<double> numbersOf(const Expr& e)
    {
        Value v = evaluator_.evaluate(e, *class_);
        return v.data;
    }

    // ---- declarations ----
    void declaration(const Declaration& decl, diagram::Diagram& d, std::vector<diagram::ParameterDeclaration>& parameters)
    {
        if (!decl.dimensions.empty())
            throw fail(decl.line, decl.name + ": an array declaration is not in the subset Flange reads");
        const bool basic = decl.type == "Real" || decl.type == "Integer" || decl.type == "Boolean" ||
                           decl.type == "String";
        const std::string full = basic ? decl.type : lookup(decl.type);
        std::optional<std::string> unit = basic ? std::optional<std::string>("") : mslTypeUnit(full);
        if (unit) {
            scalarDeclaration(decl, unit->empty() ? decl.type : "Real", *unit, d, parameters);
            return;
        }
        if (const std::string connector = connectorTypeName(full); !connector.empty()) {
            outerConnector(decl, connector, d);
            return;
        }
        std::string libName;
        const library::ComponentDefinition* def = full.empty() ? nullptr : definitionOf(full, libName);
        if (!def) {
            const ClassDef* c = full.empty() ? nullptr : source_.find(full);
            if (const std::string own = c ? flangeType(*c) : std::string(); !own.empty() && library_.find(own)) {
                // A component of Flange's own, as the writer writes it: the library's type.
                libName = own;
                def = library_.find(own);
            } else if (c && (c->restriction == "model" || c->restriction == "block") && !c->partial)
                def = subsystemFace(full, decl.line, libName);
            else
                throw fail(decl.line, decl.name + ": " +
                                          (c ? "class " + full + " is a " + c->restriction +
                                                   " of the file; Flange reads instances of models and of its "
                                                   "library's classes only"
                                             : "class " + decl.type +
                                                   (full.empty() || full == decl.type ? "" : " (" + full + ")") +
                                                   " is not in Flange's library"));
        }
        if (decl.parameter || decl.constant || decl.input || decl.output)
            throw fail(decl.line, decl.name + ": a " + std::string(decl.input ? "input" : decl.output ? "output" : "parameter") +
                                      " component is not in the subset Flange reads");
        if (decl.value)
            throw fail(decl.line, decl.name + ": a component with a binding `= ...` is not in the subset Flange reads");
        diagram::Component c;
        c.name = decl.name;
        c.type = libName;
        declared_.insert(c.name);
        for (const Argument& a : decl.modifiers)
            modifier(a, *def, c);
        if (decl.condition)
            c.condition = text(*decl.condition);
        if (const Argument* p = findArgument(decl.annotation, "Placement"))
            c.placement = placement(*p);
        d.components.push_back(std::move(c));
    }

    // A connector of a model used as a subsystem: what its users connect to.
    void outerConnector(const Declaration& decl, const std::string& type, diagram::Diagram& d)
    {
        if (!subsystem_)
            throw fail(decl.line, decl.name + ": a connector of the model itself is read only in a model used as a "
                                              "component of another");
        diagram::OuterConnector oc;
        oc.name = decl.name;
        oc.type = type;
        oc.description = decl.description;
        if (decl.condition)
            oc.condition = text(*decl.condition);
        if (const Argument* p = findArgument(decl.annotation, "Placement")) {
            oc.placement = placement(*p);
            // Its place on the icon: the icon's transformation where there is one, y up.
            oc.x = oc.placement.x;
            oc.y = -oc.placement.y;
            if (const Argument* icon = findArgument(p->modifiers, "iconTransformation")) {
                Argument wrapped;
                wrapped.modifiers = {*icon};
                wrapped.modifiers[0].name = "transformation";
                const diagram::Placement at = placement(wrapped);
                oc.x = at.x;
                oc.y = -at.y;
            }
        }
        declared_.insert(oc.name);
        d.connectors.push_back(std::move(oc));
    }

    void scalarDeclaration(const Declaration& decl, const std::string& type, const std::string& unit,
                           diagram::Diagram& d, std::vector<diagram::ParameterDeclaration>& parameters)
    {
        if (decl.input)
            throw fail(decl.line, decl.name + ": a model's input is not in the subset Flange reads");
        if (!decl.value)
            throw fail(decl.line, decl.name + ": a " + std::string(decl.parameter ? "parameter" : "variable") +
                                      " without a value (`= ...`) is not in the subset Flange reads");
        declared_.insert(decl.name);
        std::string declaredUnit = unit, displayUnit;
        std::optional<double> min, max;
        for (const Argument& a : decl.modifiers) {
            if (a.name == "unit" && a.value && a.value->kind == Expr::Kind::String)
                declaredUnit = a.value->text;
            else if (a.name == "displayUnit" && a.value && a.value->kind == Expr::Kind::String)
                displayUnit = a.value->text;
            else if (a.name == "min" && a.value)
                min = numberOf(*a.value);
            else if (a.name == "max" && a.value)
                max = numberOf(*a.value);
            else if (a.name != "quantity")
                throw fail(a.line, decl.name + "(" + a.name + "=...): only unit, displayUnit, min and max are read here");
        }
        if (!decl.parameter && !decl.constant) {
            // A variable of the model equal to an expression of its parts' (LossyGearDemo1's PowerLoss).
            diagram::DiagramVariable v;
            v.name = decl.name;
            v.value = text(*decl.value);
            v.unit = declaredUnit;
            v.description = decl.description;
            d.variables.push_back(std::move(v));
            return;
        }
        diagram::ParameterDeclaration p;
        p.name = decl.name;
        p.value = value(*decl.value, type == "String");
        if (!displayUnit.empty())
            p.value = Json{{"value", p.value}, {"displayUnit", displayUnit}};
        p.unit = declaredUnit;
        p.description = decl.description;
        if (type == "Integer" || type == "Boolean")
            p.type = type;
        p.min = min;
        p.max = max;
        parameters.push_back(std::move(p));
    }

    void modifier(const Argument& a, const library::ComponentDefinition& def, diagram::Component& c)
    {
        if (const library::ParameterDef* pd = def.parameter(a.name)) {
            if (!a.value)
                throw fail(a.line, c.name + "." + a.name + ": a modifier without a value is not in the subset Flange reads");
            Json v = value(*a.value, pd->type == library::ValueType::String);
            if (const Argument* du = findArgument(a.modifiers, "displayUnit"); du && du->value &&
                                                                                du->value->kind == Expr::Kind::String)
                v = Json{{"value", v}, {"displayUnit", du->value->text}};
            c.setParameter(a.name, std::move(v));
            return;
        }
        // A variable of a part inside a subsystem: `inertia.phi(fixed=true)`, or nested,
        // `inertia(phi(fixed=true))`, as the diagram's "inertia.phi".
        const size_t dot = a.name.find('.');
        const bool partOfSubsystem = def.subsystem && def.subsystem->component(a.name.substr(0, dot)) != nullptr;
        if (partOfSubsystem && dot == std::string::npos && !a.value) {
            for (const Argument& inner : a.modifiers) {
                Argument path = inner;
                path.name = a.name + "." + inner.name;
                modifier(path, def, c);
            }
            return;
        }
        if (def.variable(a.name) || (partOfSubsystem && dot != std::string::npos)) {
            if (a.value)
                throw fail(a.line, c.name + "." + a.name + " = ...: a binding of a variable is not in the subset Flange reads");
            diagram::VariableSettings s;
            if (const diagram::VariableSettings* old = c.variable(a.name))
                s = *old;
            for (const Argument& m : a.modifiers) {
                if (!m.value)
                    throw fail(m.line, c.name + "." + a.name + "(" + m.name + "): a modifier without a value");
                if (m.name == "start")
                    s.start = value(*m.value);
                else if (m.name == "fixed")
                    s.fixed = value(*m.value);
                else if (m.name == "nominal")
                    s.nominal = value(*m.value);
                else if (m.name == "stateSelect") {
                    const std::string t = text(*m.value);
                    if (!t.starts_with("StateSelect."))
                        throw fail(m.line, c.name + "." + a.name + ": stateSelect takes StateSelect.never, avoid, "
                                                                   "default, prefer or always");
                    s.stateSelect = t.substr(12);
                } else if (m.name != "displayUnit")
                    throw fail(m.line, c.name + "." + a.name + "(" + m.name +
                                           "=...): Flange reads start, fixed, stateSelect and nominal of a variable");
            }
            bool found = false;
            for (auto& [n, old] : c.variables)
                if (n == a.name) {
                    old = s;
                    found = true;
                }
            if (!found)
                c.variables.emplace_back(a.name, s);
            return;
        }
        throw fail(a.line, c.name + ": " + def.name + " has no parameter or variable '" + a.name + "'");
    }

    // ---- annotations ----
    std::vector<double> numbers(const std::vector<Argument>& args, const std::string& name, size_t count)
    {
        const Argument* a = findArgument(args, name);
        if (!a || !a->value)
            return {};
        std::vector<double> v = numbersOf(*a->value);
        if (v.size() != count)
            throw fail(a->line, name + " has " + std::to_string(v.size()) + " numbers, not " + std::to_string(count));
        return v;
    }

    diagram::Placement placement(const Argument& p)
    {
        diagram::Placement out;
        const Argument* t = findArgument(p.modifiers, "transformation");
        if (!t)
            return out;
        const std::vector<double> extent = numbers(t->modifiers, "extent", 4);
        const std::vector<double> origin = numbers(t->modifiers, "origin", 2);
        const Argument* r = findArgument(t->modifiers, "rotation");
        const double rotation = r && r->value ? numberOf(*r->value) : 0;
        if (extent.empty())
            return out;
        const double ox = origin.empty() ? 0 : origin[0], oy = origin.empty() ? 0 : origin[1];
        const double cx = (extent[0] + extent[2]) / 2, cy = (extent[1] + extent[3]) / 2;
        const double a = rotation * std::numbers::pi / 180;
        const double cs = std::round(std::cos(a) * 1e12) / 1e12, sn = std::round(std::sin(a) * 1e12) / 1e12;
        out.x = ox + cs * cx - sn * cy + 0.0;
        out.y = -(oy + sn * cx + cs * cy) + 0.0;
        out.width = std::fabs(extent[2] - extent[0]);
        out.height = std::fabs(extent[3] - extent[1]);
        out.flipH = extent[2] < extent[0];
        out.flipV = extent[3] < extent[1];
        out.rotation = std::fmod(std::fmod(rotation, 360) + 360, 360);
        return out;
    }

    void classAnnotation(const std::vector<Argument>& annotation, diagram::Diagram& d)
    {
        Json kept = Json::array();
        for (const Argument& a : annotation) {
            if (a.name == "experiment") {
                for (const Argument& m : a.modifiers) {
                    if (!m.value)
                        continue;
                    const double v = numberOf(*m.value);
                    if (m.name == "StartTime")
                        d.experiment.startTime = v;
                    else if (m.name == "StopTime")
                        d.experiment.stopTime = v;
                    else if (m.name == "Interval")
                        d.experiment.interval = v;
                    else if (m.name == "Tolerance")
                        d.experiment.tolerance = v;
                }
            } else if (a.name == "Documentation") {
                for (const Argument& m : a.modifiers)
                    if (m.value && m.value->kind == Expr::Kind::String)
                        d.extra["documentation"][m.name] = m.value->text;
            } else if (a.name == "Diagram") {
                diagramGraphics(a, d);
            } else if (a.name == "__Flange") {
                // Flange's own settings that Modelica has no place for: the plot setup.
                for (const char* key : {"label", "icon"})
                    if (const Argument* k = findArgument(a.modifiers, key);
                        k && k->value && k->value->kind == Expr::Kind::String)
                        (std::string(key) == "label" ? d.label : d.icon) = k->value->text;
                if (const Argument* plot = findArgument(a.modifiers, "plot");
                    plot && plot->value && plot->value->kind == Expr::Kind::String) {
                    Json j = Json::parse(plot->value->text, nullptr, false);
                    if (j.is_discarded() || !j.is_object())
                        throw fail(plot->line, "__Flange(plot=...): not a plot setup (a JSON object)");
                    d.plot = std::move(j);
                }
            } else if (a.name != "uses" && a.name != "Icon") {
                kept.push_back(tokenText(*tokens_, a.first, a.last)); // vendor annotations, written back on export
            }
        }
        if (!kept.empty())
            d.extra["modelicaAnnotations"] = kept;
    }

    void diagramGraphics(const Argument& diagramAnnotation, diagram::Diagram& d)
    {
        const Argument* g = findArgument(diagramAnnotation.modifiers, "graphics");
        if (!g || !g->value || g->value->kind != Expr::Kind::Array)
            return;
        for (const Expr& item : g->value->args) {
            if (item.kind != Expr::Kind::Call || item.text != "Text")
                continue;
            std::string textString;
            std::vector<double> extent, origin = {0, 0};
            for (size_t i = 0; i < item.args.size(); ++i) {
                if (item.argNames[i] == "textString" && item.args[i].kind == Expr::Kind::String)
                    textString = item.args[i].text;
                else if (item.argNames[i] == "extent")
                    extent = numbersOf(item.args[i]);
                else if (item.argNames[i] == "origin")
                    origin = numbersOf(item.args[i]);
            }
            if (textString.empty() || extent.size() != 4 || origin.size() != 2)
                continue;
            // A note is placed by its top-left corner, y down.
            d.annotations.push_back(Json{{"type", "note"},
                                         {"text", textString},
                                         {"x", origin[0] + std::min(extent[0], extent[2])},
                                         {"y", -(origin[1] + std::max(extent[1], extent[3]))}});
        }
    }

    // ---- equations ----
    void equation(const Equation& e, diagram::Diagram& d)
    {
        if (!e.connect)
            throw fail(e.line, "an equation other than connect(...) (`" + text(*e.lhs) + " = " + text(*e.rhs) +
                                   "`) is not in the subset Flange reads");
        for (const std::string* end : {&e.from, &e.to}) {
            std::string instance, connector;
            if (subsystem_ && d.connector(*end))
                continue;
            if (!diagram::splitEndpoint(*end, instance, connector) || !d.component(instance))
                throw fail(e.line, "connect(" + e.from + ", " + e.to + "): " + *end + " is no connector of a component of the model");
        }
        diagram::Connection k;
        k.from = e.from;
        k.to = e.to;
        if (const Argument* line = findArgument(e.annotation, "Line")) {
            const Argument* p = findArgument(line->modifiers, "points");
            if (p && p->value) {
                const std::vector<double> v = numbersOf(*p->value);
                // The route between the two connectors: the line's inner points, y down.
                for (size_t i = 2; i + 3 < v.size(); i += 2)
                    k.points.emplace_back(v[i], -v[i + 1] + 0.0);
            }
            if (const Argument* color = findArgument(line->modifiers, "color"); color && color->value) {
                const std::vector<double> rgb = numbersOf(*color->value);
                if (rgb.size() == 3)
                    k.extra["color"] = Json::array({rgb[0], rgb[1], rgb[2]});
            }
        }
        d.connections.push_back(std::move(k));
    }

    // Modelica lets an input be connected to another input of the set an output drives
    // (Vehicle's table feeds vehicle.inclination, which feeds vehicle1.inclination);
    // Flange's connections go from the output: such a connection is made from the set's
    // output instead, its route kept.
    void driveInputsFromOutputs(diagram::Diagram& d) const
    {
        auto kind = [&](const std::string& end) -> int { // 1 input, 2 output, 0 neither
            std::string instance, connector;
            diagram::splitEndpoint(end, instance, connector);
            connector = connector.substr(0, connector.find('['));
            const diagram::Component* c = d.component(instance);
            const library::ComponentDefinition* def = c ? typeDefinition(c->type) : nullptr;
            const library::ConnectorDef* cd = def ? def->connector(connector) : nullptr;
            if (!cd)
                return 0;
            return library::isInput(cd->type) ? 1
                   : cd->type == library::ConnectorType::RealOutput || cd->type == library::ConnectorType::BooleanOutput
                       ? 2
                       : 0;
        };
        std::map<std::string, std::string> parent;
        auto find = [&](std::string x) {
            while (parent.count(x) && parent[x] != x)
                x = parent[x];
            return x;
        };
        for (const diagram::Connection& k : d.connections)
            parent[find(k.from)] = find(k.to), parent.emplace(k.to, k.to);
        std::map<std::string, std::string> driver; // set -> its output
        for (const diagram::Connection& k : d.connections)
            for (const std::string* end : {&k.from, &k.to})
                if (kind(*end) == 2)
                    driver[find(*end)] = *end;
        // Each input-to-input connection becomes the output's to the input it does not reach yet.
        std::set<std::string> driven;
        for (const diagram::Connection& k : d.connections)
            if (kind(k.from) == 2 || kind(k.to) == 2)
                driven.insert(kind(k.from) == 2 ? k.to : k.from);
        for (size_t pass = 0, changed = 1; changed && pass <= d.connections.size(); ++pass) {
            changed = 0;
            for (diagram::Connection& k : d.connections) {
                if (kind(k.from) != 1 || kind(k.to) != 1)
                    continue;
                auto it = driver.find(find(k.from));
                if (it == driver.end() || (driven.count(k.from) == 0 && driven.count(k.to) == 0))
                    continue;
                const std::string input = driven.count(k.from) ? k.to : k.from;
                if (driven.count(input))
                    continue;
                k.from = it->second;
                k.to = input;
                driven.insert(input);
                changed = 1;
            }
        }
    }

    // `J1.w = 10` sets w's start and fixes it; `der(J1.w) = 0` fixes at zero the variable
    // the definition gives as der(w) (Inertia's a), as a steady start.
    void initialEquation(const Equation& e, diagram::Diagram& d)
    {
        if (e.connect)
            throw fail(e.line, "connect(...) in an initial equation");
        const Expr& lhs = *e.lhs;
        const bool derivative = lhs.kind == Expr::Kind::Call && lhs.text == "der" && lhs.args.size() == 1 &&
                                lhs.args[0].kind == Expr::Kind::Name;
        const Expr& target = derivative ? lhs.args[0] : lhs;
        std::string instance, variable;
        diagram::Component* c = nullptr;
        if (target.kind == Expr::Kind::Name && target.args.empty() && diagram::splitEndpoint(target.text, instance, variable))
            c = d.component(instance);
        const library::ComponentDefinition* def = c ? typeDefinition(c->type) : nullptr;
        if (!def || !def->variable(variable))
            throw fail(e.line, "initial equation `" + text(lhs) + " = " + text(*e.rhs) +
                                   "`: Flange reads `instance.variable = value` and `der(instance.variable) = 0`");
        std::string settled = variable;
        Json start = value(*e.rhs);
        if (derivative) {
            settled.clear();
            if (!(start.is_number() && start.get<double>() == 0))
                throw fail(e.line, "initial equation `" + text(lhs) + " = " + text(*e.rhs) +
                                       "`: a derivative's start is read when it is 0 only");
            auto strip = [](std::string s) {
                std::erase(s, ' ');
                return s;
            };
            const std::string der = "der(" + variable + ")";
            for (const library::EquationDef& eq : def->equations) {
                const std::string t = strip(eq.text);
                const size_t eqPos = t.find('=');
                if (eqPos == std::string::npos)
                    continue;
                const std::string l = t.substr(0, eqPos), r = t.substr(eqPos + 1);
                const std::string other = l == der ? r : r == der ? l : "";
                if (!other.empty() && def->variable(other))
                    settled = other;
            }
            if (settled.empty())
                throw fail(e.line, "initial equation `" + text(lhs) + " = 0`: " + c->type + " has no variable equal to " +
                                       der + " to start at zero");
        }
        diagram::VariableSettings* s = c->variable(settled);
        if (!s) {
            c->variables.emplace_back(settled, diagram::VariableSettings{});
            s = &c->variables.back().second;
        }
        s->start = start;
        s->fixed = true;
    }

    ModelicaSource& source_;
    const library::Library& library_;
    Evaluator evaluator_;
    const ClassDef* class_ = nullptr;
    const std::vector<Token>* tokens_ = nullptr;
    std::set<std::string> declared_;
    int substitutions_ = 0;
    Shared& shared_;
    bool subsystem_ = false;
};

} // namespace

std::string chooseModel(ModelicaSource& source, const std::string& requested)
{
    const std::vector<std::string> models = source.models();
    auto list = [&] {
        std::string s;
        for (const std::string& m : models)
            s += (s.empty() ? "" : ", ") + m;
        return s;
    };
    if (requested.empty()) {
        if (models.size() == 1)
            return models[0];
        // A package as Flange writes a diagram with subsystems: the model of the package's name.
        for (const std::string& m : models) {
            const size_t dot = m.find('.');
            if (dot != std::string::npos && m.find('.', dot + 1) == std::string::npos &&
                m.substr(0, dot) == m.substr(dot + 1))
                return m;
        }
        if (models.empty())
            throw badInput("the Modelica read has no model");
        throw badInput("the Modelica read has " + std::to_string(models.size()) + " models; name one with --model: " + list());
    }
    std::vector<std::string> matches;
    for (const std::string& m : models)
        if (m == requested)
            return m;
        else if (m.ends_with("." + requested))
            matches.push_back(m);
    if (matches.size() == 1)
        return matches[0];
    if (source.find(requested))
        return requested;
    throw badInput("--model " + requested + ": " + (matches.empty() ? "no such model" : "more than one model has that name") +
                   "; the models: " + list());
}

diagram::Diagram readModelica(ModelicaSource& source, const std::string& fullName, const library::Library& library)
{
    // Subsystems are named from the outermost class of the model's file down
    // ("TwoGearboxes.Gallery.Gearbox" -> "Gallery.Gearbox"), as the writer names them.
    Shared shared;
    if (const ClassDef* c = source.find(fullName)) {
        const std::string& within = source.fileOf(*c).within;
        const std::string local = within.empty() ? fullName : fullName.substr(within.size() + 1);
        if (const size_t dot = local.find('.'); dot != std::string::npos)
            shared.topPackage = (within.empty() ? "" : within + ".") + local.substr(0, dot + 1);
        else if (!within.empty())
            shared.topPackage = within + ".";
    }
    return Reader(source, library, shared, false).model(fullName);
}

diagram::Diagram readModelicaFile(const std::string& path, const std::string& requested, const library::Library& library)
{
    ModelicaSource source = ModelicaSource::open(path);
    diagram::Diagram d = readModelica(source, chooseModel(source, requested), library);
    std::error_code ec;
    const std::filesystem::path p = std::filesystem::absolute(path, ec);
    d.folder = (std::filesystem::is_directory(p) ? p : p.parent_path()).string();
    return d;
}

} // namespace flange::modelica
