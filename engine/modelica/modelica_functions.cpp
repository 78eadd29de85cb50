#include "engine/modelica/modelica_functions.hpp"

#include "engine/error.hpp"
#include "engine/input_limits.hpp"
#include "engine/modelica/msl_builtins.hpp"

#include <cmath>
#include <map>

namespace flange::modelica {

namespace {

constexpr int kMostFunctionCallDepth = 32;

double scalar(const Value& v) { return v.data.empty() ? 0 : v.data[0]; }
Value number(double d) { return Value{{d}, {}}; }

} // namespace

struct Evaluator::Frame {
    const ClassDef& scope;
    std::map<std::string, Value> variables;
};

Error Evaluator::fail(const Frame& f, int line, const std::string& what) const
{
    return badInput(f.scope.file + ":" + std::to_string(line) + ": " + what);
}

Value Evaluator::evaluate(const Expr& e, const ClassDef& scope)
{
    Frame f{scope, {}};
    return eval(e, f);
}

Value Evaluator::eval(const Expr& e, Frame& f)
{
    if (++steps_ > kMostNestedIterations)
        throw fail(f, e.line, "the function takes more than " + std::to_string(kMostNestedIterations) + " steps");
    switch (e.kind) {
    case Expr::Kind::Number:
    case Expr::Kind::Boolean:
        return number(e.number);
    case Expr::Kind::Name: {
        auto it = f.variables.find(e.text);
        if (it == f.variables.end()) {
            const std::string full = source_.lookup(e.text, f.scope, [&](const std::string& n) {
                return constant_(n).has_value();
            });
            std::optional<double> c = constant_(full.empty() ? e.text : full);
            if (!c)
                throw fail(f, e.line, "'" + e.text + "' has no value Flange can compute here");
            if (!e.args.empty())
                throw fail(f, e.line, "'" + e.text + "' is not an array");
            return number(*c);
        }
        if (e.args.empty())
            return it->second;
        const Value& v = it->second;
        if (e.args.size() != v.dims.size())
            throw fail(f, e.line, "'" + e.text + "' has " + std::to_string(v.dims.size()) + " dimensions, not " +
                                      std::to_string(e.args.size()));
        size_t index = 0;
        for (size_t k = 0; k < e.args.size(); ++k) {
            const double i = scalar(eval(e.args[k], f));
            if (!(i >= 1 && i <= static_cast<double>(v.dims[k])) || i != std::floor(i))
                throw fail(f, e.line, "index " + readableNumber(i) + " of '" + e.text + "' is out of 1:" +
                                          std::to_string(v.dims[k]));
            index = index * v.dims[k] + static_cast<size_t>(i) - 1;
        }
        return number(v.data[index]);
    }
    case Expr::Kind::Unary: {
        const double a = scalar(eval(e.args[0], f));
        return number(e.text == "-" ? -a : e.text == "not" ? (a == 0) : a);
    }
    case Expr::Kind::Binary: {
        const double a = scalar(eval(e.args[0], f)), b = scalar(eval(e.args[1], f));
        const std::string& op = e.text;
        if (op == "+" || op == ".+")
            return number(a + b);
        if (op == "-" || op == ".-")
            return number(a - b);
        if (op == "*" || op == ".*")
            return number(a * b);
        if (op == "/" || op == "./")
            return number(a / b);
        if (op == "^" || op == ".^")
            return number(std::pow(a, b));
        if (op == "<")
            return number(a < b);
        if (op == "<=")
            return number(a <= b);
        if (op == ">")
            return number(a > b);
        if (op == ">=")
            return number(a >= b);
        if (op == "==")
            return number(a == b);
        if (op == "<>")
            return number(a != b);
        if (op == "and")
            return number(a != 0 && b != 0);
        return number(a != 0 || b != 0);
    }
    case Expr::Kind::If:
        for (size_t i = 0; i + 1 < e.args.size(); i += 2)
            if (scalar(eval(e.args[i], f)) != 0)
                return eval(e.args[i + 1], f);
        return eval(e.args.back(), f);
    case Expr::Kind::Call: {
        std::vector<Value> positional;
        std::vector<std::pair<std::string, Value>> named;
        for (size_t i = 0; i < e.args.size(); ++i) {
            Value v = eval(e.args[i], f);
            if (e.argNames[i].empty())
                positional.push_back(std::move(v));
            else
                named.emplace_back(e.argNames[i], std::move(v));
        }
        if (const std::string m = mathFunction(e.text); !m.empty()) {
            if (!named.empty() || positional.empty())
                throw fail(f, e.line, e.text + "(...) takes its arguments by position");
            const double x = scalar(positional[0]);
            const double y = positional.size() > 1 ? scalar(positional[1]) : 0;
            static const std::map<std::string, double (*)(double)> unary = {
                {"sin", std::sin},   {"cos", std::cos},   {"tan", std::tan},     {"asin", std::asin},
                {"acos", std::acos}, {"atan", std::atan}, {"sinh", std::sinh},   {"cosh", std::cosh},
                {"tanh", std::tanh}, {"exp", std::exp},   {"log", std::log},     {"log10", std::log10},
                {"sqrt", std::sqrt}, {"abs", std::fabs},  {"floor", std::floor}, {"ceil", std::ceil},
                {"integer", std::floor}};
            if (auto u = unary.find(m); u != unary.end())
                return number(u->second(x));
            if (m == "sign")
                return number(x > 0 ? 1 : x < 0 ? -1 : 0);
            if (positional.size() != 2)
                throw fail(f, e.line, e.text + "(...) takes two arguments");
            if (m == "atan2")
                return number(std::atan2(x, y));
            if (m == "min")
                return number(std::min(x, y));
            if (m == "max")
                return number(std::max(x, y));
            if (m == "div")
                return number(std::trunc(x / y));
            if (m == "rem")
                return number(x - std::trunc(x / y) * y);
            return number(x - std::floor(x / y) * y); // mod
        }
        const std::string full = source_.lookup(e.text, f.scope, [](const std::string&) { return false; });
        const ClassDef* fn = full.empty() ? nullptr : source_.find(full);
        if (!fn || fn->restriction != "function")
            throw fail(f, e.line, "'" + e.text + "' is no function Flange can evaluate");
        return call(*fn, e, std::move(positional), std::move(named), f);
    }
    case Expr::Kind::Array: {
        // {a, b} is a vector, {{a, b}, {c, d}} a matrix of two rows.
        Value v;
        std::vector<size_t> inner;
        for (size_t i = 0; i < e.args.size(); ++i) {
            Value x = eval(e.args[i], f);
            if (x.dims.size() > 1)
                throw fail(f, e.args[i].line, "an array of more than two dimensions is not in the subset Flange reads");
            if (i > 0 && x.dims != inner)
                throw fail(f, e.args[i].line, "the elements of an array differ in size");
            inner = x.dims;
            v.data.insert(v.data.end(), x.data.begin(), x.data.end());
        }
        v.dims = {e.args.size()};
        v.dims.insert(v.dims.end(), inner.begin(), inner.end());
        return v;
    }
    case Expr::Kind::Matrix: {
        Value v;
        size_t width = 0;
        for (const auto& row : e.rows) {
            if (width != 0 && row.size() != width)
                throw fail(f, e.line, "the rows of a matrix differ in length");
            width = row.size();
            for (const Expr& x : row) {
                Value s = eval(x, f);
                if (!s.dims.empty())
                    throw fail(f, x.line, "a matrix of matrices is not in the subset Flange reads");
                v.data.push_back(scalar(s));
            }
        }
        v.dims = {e.rows.size(), width};
        return v;
    }
    default:
        throw fail(f, e.line, "this expression is not one Flange can evaluate");
    }
}

Value Evaluator::call(const ClassDef& fn, const Expr& at, std::vector<Value> positional,
                      std::vector<std::pair<std::string, Value>> named, Frame& caller)
{
    if (++calls_ > kMostFunctionCallDepth)
        throw fail(caller, at.line, "functions call each other more than " + std::to_string(kMostFunctionCallDepth) +
                                        " deep");
    if (!fn.extends.empty() && !(fn.extends.size() == 1 && fn.extends[0].name.starts_with("Modelica.Icons.")))
        throw fail(caller, at.line, "function " + fn.fullName + " extends another class, which Flange does not read");
    Frame f{fn, {}};
    size_t next = 0;
    const Declaration* output = nullptr;
    for (const Declaration& d : fn.declarations) {
        if (d.input) {
            std::optional<Value> v;
            for (auto& [n, x] : named)
                if (n == d.name)
                    v = std::move(x);
            if (!v && next < positional.size())
                v = std::move(positional[next++]);
            if (!v && d.value)
                v = eval(*d.value, f);
            if (!v)
                throw fail(caller, at.line, fn.name + "(...): input " + d.name + " is not given");
            f.variables[d.name] = std::move(*v);
        } else {
            if (d.output && !output)
                output = &d;
            Value v;
            size_t n = 1;
            for (const Expr& size : d.dimensions) {
                const double s = scalar(eval(size, f));
                if (!(s >= 0 && s <= kMostElements) || s != std::floor(s))
                    throw fail(f, d.line, "size " + readableNumber(s) + " of " + d.name +
                                              " is not a whole number from 0 to " + std::to_string(kMostElements));
                v.dims.push_back(static_cast<size_t>(s));
                n *= static_cast<size_t>(s);
                if (n > static_cast<size_t>(kMostElements))
                    throw fail(f, d.line, d.name + " has more than " + std::to_string(kMostElements) + " elements");
            }
            v.data.assign(n, 0.0);
            if (d.value)
                v = eval(*d.value, f);
            f.variables[d.name] = std::move(v);
        }
    }
    for (const auto& entry : named) {
        const std::string& n = entry.first; // a structured binding cannot be captured before C++20's P1091 (clang 14)
        if (!std::any_of(fn.declarations.begin(), fn.declarations.end(),
                         [&](const Declaration& d) { return d.input && d.name == n; }))
            throw fail(caller, at.line, fn.name + "(...) has no input " + n);
    }
    if (!output)
        throw fail(caller, at.line, "function " + fn.fullName + " has no output");
    run(fn.algorithm, f);
    --calls_;
    return f.variables[output->name];
}

void Evaluator::run(const std::vector<Statement>& body, Frame& f)
{
    for (const Statement& s : body) {
        if (s.kind == Statement::Kind::For) {
            const Expr& r = s.value;
            if (r.kind != Expr::Kind::Range)
                throw fail(f, s.line, "a for-loop over anything but a range a:b or a:step:b");
            const double from = scalar(eval(r.args[0], f));
            const double step = r.args.size() == 3 ? scalar(eval(r.args[1], f)) : 1;
            const double to = scalar(eval(r.args.back(), f));
            const double count = step == 0 ? 0 : std::floor((to - from) / step) + 1;
            if (count > kMostElements)
                throw fail(f, s.line, "the range has " + readableNumber(count) + " iterations, more than the " +
                                          std::to_string(kMostElements) + " a range may have");
            for (double k = 0; k < count; ++k) {
                f.variables[s.target.text] = number(from + k * step);
                run(s.body, f);
            }
            f.variables.erase(s.target.text);
            continue;
        }
        Value v = eval(s.value, f);
        auto it = f.variables.find(s.target.text);
        if (it == f.variables.end())
            throw fail(f, s.line, "'" + s.target.text + "' is not a variable of the function");
        if (s.target.args.empty()) {
            it->second = std::move(v);
            continue;
        }
        Value& t = it->second;
        if (s.target.args.size() != t.dims.size())
            throw fail(f, s.line, "'" + s.target.text + "' has " + std::to_string(t.dims.size()) + " dimensions");
        size_t index = 0;
        for (size_t k = 0; k < s.target.args.size(); ++k) {
            const double i = scalar(eval(s.target.args[k], f));
            if (!(i >= 1 && i <= static_cast<double>(t.dims[k])) || i != std::floor(i))
                throw fail(f, s.line, "index " + readableNumber(i) + " of '" + s.target.text + "' is out of 1:" +
                                          std::to_string(t.dims[k]));
            index = index * t.dims[k] + static_cast<size_t>(i) - 1;
        }
        t.data[index] = scalar(v);
    }
}

} // namespace flange::modelica
