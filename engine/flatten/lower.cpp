#include "engine/flatten/lower.hpp"

#include "engine/error.hpp"
#include "engine/expr/balanced_fold.hpp"
#include "engine/io/csv_format.hpp"
#include "engine/expr/differentiate.hpp"
#include "engine/input_limits.hpp"
#include "engine/library/enumeration.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace flange::flatten {

using expr::Ast;
using expr::NodeId;
using expr::Op;

Symbol builtinSymbol(const std::string& name)
{
    static const std::pair<const char*, double> table[] = {
        {"pi", M_PI}, {"Modelica.Constants.pi", M_PI}, {"eps", 1e-15}, {"Modelica.Constants.eps", 1e-15},
        {"small", 1e-60}, {"Modelica.Constants.small", 1e-60}, {"inf", 1e60}, {"Modelica.Constants.inf", 1e60},
        {"g_n", 9.80665}, {"Modelica.Constants.g_n", 9.80665},
    };
    for (const auto& [n, v] : table)
        if (name == n)
            return Symbol{Symbol::Kind::Value, v, -1};
    // Enumeration literals (Init.NoInit, StateSelect.prefer) stand for their ordinal.
    if (std::optional<int> ordinal = library::enumerationLiteral(name))
        return Symbol{Symbol::Kind::Value, static_cast<double>(*ordinal), -1};
    return {};
}

void Lowerer::fail(const Ast& at, const std::string& msg) const
{
    library::Location loc = where_;
    if (loc.line > 0)
        loc.column += at.column;
    std::string prefix = loc.str();
    throw badInput((prefix.empty() ? "" : prefix + ": ") + origin_ + ": " + msg);
}

bool Lowerer::dependsOnContinuous(NodeId id) const
{
    bool found = false;
    pool_.visit(id, [&found](NodeId, const expr::Node& n) {
        if (n.op == Op::Var || n.op == Op::Time)
            found = true;
    });
    return found;
}

NodeId Lowerer::relation(Op op, NodeId l, NodeId r, bool noEvent)
{
    if (noEvent || !model_ || !dependsOnContinuous(pool_.sub(l, r)))
        return pool_.compare(op, l, r);
    if (op == Op::Eq || op == Op::Ne)
        return pool_.compare(op, l, r); // equality of Reals generates no event
    int32_t k = model_->addRelation(op, l, r, origin_, component_);
    return pool_.rel(k);
}

NodeId Lowerer::lowerNode(const Ast& a, bool noEvent)
{
    switch (a.kind) {
    case Ast::Kind::Number:
    case Ast::Kind::Boolean:
        return pool_.constant(a.number);
    case Ast::Kind::Matrix:
        fail(a, "a table is only allowed as a parameter value");
    case Ast::Kind::Ident: {
        if (a.name == "time") {
            if (!model_)
                fail(a, "'time' is not allowed in a parameter expression");
            return pool_.time();
        }
        Symbol s = resolve(a);
        switch (s.kind) {
        case Symbol::Kind::Value:
            return s.node != expr::kNone ? s.node : s.id >= 0 ? pool_.param(s.id) : pool_.constant(s.value);
        case Symbol::Kind::ContinuousVar: return pool_.var(s.id);
        case Symbol::Kind::DiscreteVar: return pool_.disc(s.id);
        case Symbol::Kind::Table: fail(a, "table '" + a.name + "' can only be used in interpolate() or size()");
        case Symbol::Kind::Disabled: fail(a, "'" + a.name + "' belongs to a disabled conditional connector");
        case Symbol::Kind::Unknown: break;
        }
        if (std::optional<std::string> bad = library::badLiteralMessage(a.name))
            fail(a, *bad);
        fail(a, "unknown name '" + a.name + "'");
    }
    case Ast::Kind::Unary: {
        NodeId x = lowerNode(*a.args[0], noEvent);
        return a.name == "not" ? pool_.logicalNot(x) : pool_.neg(x);
    }
    case Ast::Kind::Binary: {
        NodeId l = lowerNode(*a.args[0], noEvent);
        NodeId r = lowerNode(*a.args[1], noEvent);
        const std::string& o = a.name;
        if (o == "+") return pool_.add(l, r);
        if (o == "-") return pool_.sub(l, r);
        if (o == "*") return pool_.mul(l, r);
        if (o == "/") return pool_.div(l, r);
        if (o == "^") return pool_.pow(l, r);
        if (o == "and") return pool_.logicalAnd(l, r);
        if (o == "or") return pool_.logicalOr(l, r);
        if (o == "<") return relation(Op::Lt, l, r, noEvent);
        if (o == "<=") return relation(Op::Le, l, r, noEvent);
        if (o == ">") return relation(Op::Gt, l, r, noEvent);
        if (o == ">=") return relation(Op::Ge, l, r, noEvent);
        if (o == "==") return relation(Op::Eq, l, r, noEvent);
        if (o == "<>") return relation(Op::Ne, l, r, noEvent);
        fail(a, "unknown operator '" + o + "'");
    }
    case Ast::Kind::If: {
        // A parameter condition picks its branch before the others are lowered, so that
        // `if size(k, 2) == 1 then k[1] else k[i]` never reads past a one-element k.
        NodeId first = lowerNode(*a.args[0], noEvent);
        if (pool_.isConst(first)) {
            if (pool_.constValue(first) != 0)
                return lowerNode(*a.args[1], noEvent);
            if (a.args.size() == 3)
                return lowerNode(*a.args[2], noEvent);
            Ast rest = a;
            rest.args.erase(rest.args.begin(), rest.args.begin() + 2);
            return lowerNode(rest, noEvent);
        }
        // Lower from the innermost else outwards: if c1 then e1 elseif c2 then e2 else e3.
        NodeId result = lowerNode(*a.args.back(), noEvent);
        for (size_t i = a.args.size() - 1; i >= 2; i -= 2) {
            NodeId c = i == 2 ? first : lowerNode(*a.args[i - 2], noEvent);
            NodeId t = lowerNode(*a.args[i - 1], noEvent);
            result = pool_.ifThenElse(c, t, result);
        }
        return result;
    }
    case Ast::Kind::Call:
        return call(a, noEvent);
    }
    fail(a, "unsupported expression");
}

// Modelica: integer(), floor() and ceil() of a continuous argument change only at events.
// The value is a discrete variable updated at events, and two relations raise the event
// when the argument leaves the interval the value stands for.
NodeId Lowerer::frozenInteger(Op op, NodeId x)
{
    auto key = std::make_pair(static_cast<int>(op), x);
    auto it = model_->frozenIntegers.find(key);
    if (it != model_->frozenIntegers.end())
        return pool_.disc(it->second);
    FlatVar v;
    v.name = std::string(expr::opName(op)) + "#" + std::to_string(model_->vars.size());
    v.discrete = true;
    v.isInteger = true;
    v.generated = true;
    v.component = component_;
    int32_t id = model_->addVar(v);
    model_->frozenIntegers[key] = id;
    model_->discreteEquations.push_back({id, pool_.unary(op == Op::Ceil ? Op::Ceil : Op::Floor, x), origin_});
    NodeId d = pool_.disc(id);
    if (op == Op::Ceil) {
        relation(Op::Gt, x, d, false);
        relation(Op::Le, x, pool_.sub(d, pool_.one()), false);
    } else {
        relation(Op::Ge, x, pool_.add(d, pool_.one()), false);
        relation(Op::Lt, x, d, false);
    }
    return d;
}

// interpolate()'s arguments 4 to 6: constants with MSL's ordinals.
expr::TableOptions Lowerer::tableOptions(const Ast& a)
{
    auto ordinal = [&](size_t i, const char* what, int count) {
        NodeId n = lowerNode(*a.args[i], true);
        double v = pool_.isConst(n) ? pool_.constValue(n) : 0;
        if (!pool_.isConst(n) || v != std::floor(v) || v < 1 || v > count)
            fail(*a.args[i], std::string("interpolate(): ") + what + " must be a constant from 1 to " +
                                 std::to_string(count));
        return static_cast<int>(v);
    };
    expr::TableOptions o;
    o.smoothness = static_cast<expr::Smoothness>(ordinal(3, "smoothness", 6));
    o.extrapolation = static_cast<expr::Extrapolation>(ordinal(4, "extrapolation", 4));
    o.timeEvents = static_cast<expr::TimeEvents>(ordinal(5, "timeEvents", 3));
    return o;
}

// The number of the table's event points that u has passed: a discrete variable that
// changes only at events, as MSL's CombiTimeTable keeps its event interval, so the segment
// of a jump or of constant segments changes exactly at its time. Two relations watch the
// points either side of the count, u >= point[count] and u >= point[count - 1]; with u
// affine in time they are time events whose time is the next point, read from the table
// (a binary search). A table of any length thus costs two relations and one variable:
// one relation per row made a chain as long as the table, which translation walked
// recursively and every step evaluated. The relations read pre(count), so in the event
// iteration the count moves past one point per round (a jump of u past many points at
// once: to the count of u at once); at initialization it is counted from u. kNone when the
// table has no event points, inside noEvent, or there is no model (a parameter expression).
NodeId Lowerer::eventInterval(int32_t table, NodeId u, bool noEvent)
{
    using expr::TableInterpolator;
    if (pool_.table(table).interpolator->eventCount() == 0 || !model_ || noEvent || !dependsOnContinuous(u))
        return expr::kNone;
    const NodeId count = pool_.interp(table, u, TableInterpolator::kEventCount);
    // The count is the frozen value of a piecewise constant function of u, as floor(x) is
    // of x: the same map finds the variable of a table and argument met again.
    const auto key = std::make_pair(static_cast<int>(Op::Interp), count);
    if (auto it = model_->frozenIntegers.find(key); it != model_->frozenIntegers.end())
        return pool_.disc(it->second);
    FlatVar v;
    v.name = "tableEvents#" + std::to_string(model_->vars.size());
    v.discrete = true;
    v.isInteger = true;
    v.generated = true;
    v.component = component_;
    const int32_t id = model_->addVar(v);
    model_->frozenIntegers[key] = id;
    const NodeId passed = pool_.pre(id);
    const NodeId next = pool_.interp(table, passed, TableInterpolator::kEventPoint);
    const NodeId last = pool_.interp(table, pool_.sub(passed, pool_.one()), TableInterpolator::kEventPoint);
    const NodeId up = relation(Op::Ge, u, next, false);
    const NodeId stays = relation(Op::Ge, u, last, false);
    const NodeId moved = pool_.ifThenElse(
        up, pool_.binary(Op::Max, pool_.add(passed, pool_.one()), count),
        pool_.ifThenElse(stays, passed, pool_.binary(Op::Min, pool_.sub(passed, pool_.one()), count)));
    model_->discreteEquations.push_back({id, pool_.ifThenElse(pool_.initial(), count, moved), origin_});
    return pool_.disc(id);
}

// NoExtrapolation: two relations, u < first time and u > last time, that stop the
// simulation with a message naming the component and the table when one becomes true.
// With u affine in time they are time events: the stop comes exactly where u leaves.
void Lowerer::forbidExtrapolation(int32_t table, NodeId u, const std::string& name)
{
    if (!model_ || !dependsOnContinuous(u))
        return;
    const expr::TableInterpolator& t = *pool_.table(table).interpolator;
    auto number = [](double v) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", v);
        return std::string(buf);
    };
    const std::string who = component_ >= 0 && static_cast<size_t>(component_) < model_->componentNames.size()
                                ? "component '" + model_->componentNames[static_cast<size_t>(component_)] + "'"
                                : origin_;
    const std::string msg = who + ": the time left the range [" + number(t.xMin()) + ", " + number(t.xMax()) +
                            "] of table '" + name + "', which has no extrapolation (NoExtrapolation)";
    for (NodeId r : {relation(Op::Lt, u, pool_.constant(t.xMin()), false),
                     relation(Op::Gt, u, pool_.constant(t.xMax()), false)})
        if (pool_.node(r).op == Op::Rel)
            model_->relations[static_cast<size_t>(pool_.node(r).index)].error = msg;
}

int Lowerer::integerValue(const Ast& a, const std::string& what)
{
    NodeId n = lowerNode(a, false);
    if (!pool_.isConst(n))
        fail(a, what + " must be a parameter expression");
    double v = pool_.constValue(n);
    if (v != std::floor(v) || std::abs(v) > 1e9)
        fail(a, what + " must be a whole number, not " + io::shortestNumber(v));
    return static_cast<int>(v);
}

namespace {
long long& rangeProduct()
{
    thread_local long long product = 1;
    return product;
}
} // namespace

RangeNesting::RangeNesting(long long iterations, bool alone) : outer_(rangeProduct())
{
    rangeProduct() = (alone ? 1 : outer_) * std::max(iterations, 1LL);
}

RangeNesting::~RangeNesting() { rangeProduct() = outer_; }

long long RangeNesting::enclosing() { return rangeProduct(); }

std::pair<int, int> Lowerer::loopBounds(const Ast& from, const Ast& to)
{
    const int first = integerValue(from, "the start of the range");
    const int last = integerValue(to, "the end of the range");
    const long long iterations = static_cast<long long>(last) - first + 1;
    const std::string range = "the range " + std::to_string(first) + ":" + std::to_string(last) + " has " +
                              std::to_string(iterations) + " iterations";
    if (iterations > kMostElements)
        fail(from, range + ", more than the " + std::to_string(kMostElements) + " a range may have");
    const long long outer = RangeNesting::enclosing();
    if (iterations * outer > kMostNestedIterations)
        fail(from, range + " inside ranges of " + std::to_string(outer) + ", " + std::to_string(iterations * outer) +
                       " in all, more than the " + std::to_string(kMostNestedIterations) + " nested ranges may have");
    return {first, last};
}

// Members of a vector are named u[1]..u[n] in the scope; the size is how many exist.
int Lowerer::vectorSize(const std::string& name)
{
    int n = 0;
    while (scope_(name + "[" + std::to_string(n + 1) + "]").kind != Symbol::Kind::Unknown)
        ++n;
    return n;
}

Symbol Lowerer::resolve(const Ast& a)
{
    if (a.args.empty()) {
        Symbol s = scope_(a.name);
        return s.kind == Symbol::Kind::Unknown ? builtinSymbol(a.name) : s;
    }
    const int k = integerValue(*a.args[0], "the subscript of '" + a.name + "'");
    const std::string member = a.name + "[" + std::to_string(k) + "]";
    Symbol s = scope_(member);
    if (s.kind != Symbol::Kind::Unknown)
        return s;
    Symbol whole = scope_(a.name);
    if (whole.kind == Symbol::Kind::Table) {
        // A vector parameter is a table of one row (or one column).
        const expr::Table& t = pool_.table(whole.id);
        const size_t cols = t.rows.empty() ? 0 : t.rows[0].size();
        const size_t n = t.rows.size() == 1 ? cols : (cols == 1 ? t.rows.size() : 0);
        if (n == 0)
            fail(a, "'" + a.name + "' is a table, not a vector (one row or one column)");
        if (k < 1 || static_cast<size_t>(k) > n)
            fail(a, "index " + std::to_string(k) + " is out of range: '" + a.name + "' has " + std::to_string(n) +
                        " element" + (n == 1 ? "" : "s"));
        const double v = t.rows.size() == 1 ? t.rows[0][static_cast<size_t>(k - 1)] : t.rows[static_cast<size_t>(k - 1)][0];
        return Symbol{Symbol::Kind::Value, v, -1};
    }
    if (int n = vectorSize(a.name); n > 0)
        fail(a, "index " + std::to_string(k) + " is out of range: '" + a.name + "' has " + std::to_string(n) + " element" +
                    (n == 1 ? "" : "s"));
    if (whole.kind != Symbol::Kind::Unknown)
        fail(a, "'" + a.name + "' is not a vector");
    return {};
}

// The elements of a vector argument: a vector connector (u -> u[1]..u[n]) or a vector
// parameter (a table of one row or column, or all its entries).
std::vector<NodeId> Lowerer::elements(const Ast& v, bool noEvent)
{
    std::vector<NodeId> out;
    if (v.kind == Ast::Kind::Ident && v.args.empty()) {
        Symbol whole = scope_(v.name);
        if (whole.kind == Symbol::Kind::Table) {
            for (const auto& row : pool_.table(whole.id).rows)
                for (double x : row)
                    out.push_back(pool_.constant(x));
            return out;
        }
        if (whole.kind == Symbol::Kind::Unknown) {
            const int n = vectorSize(v.name);
            if (n == 0)
                fail(v, "unknown vector '" + v.name + "'");
            for (int k = 1; k <= n; ++k) {
                Ast member = v;
                auto index = std::make_shared<Ast>();
                index->number = k;
                member.args = {index};
                out.push_back(lowerNode(member, noEvent));
            }
            return out;
        }
    }
    fail(v, "expected a vector (a vector connector or parameter)");
}

// sum/product/max/min over a vector or over `e for i in a:b`.
NodeId Lowerer::reduction(const Ast& a, bool noEvent)
{
    const bool loop = a.name.rfind("reduce:", 0) == 0;
    const std::string f = loop ? a.name.substr(7) : a.name;
    std::vector<NodeId> items;
    if (loop) {
        const auto [from, to] = loopBounds(*a.args[2], *a.args[3]);
        const RangeNesting nesting(static_cast<long long>(to) - from + 1);
        forEach(a.args[1]->name, from, to, [&](int) { items.push_back(lowerNode(*a.args[0], noEvent)); });
    } else {
        items = elements(*a.args[0], noEvent);
    }
    if (items.empty() && f != "sum" && f != "product")
        fail(a, f + "() of an empty vector");
    const Op op = f == "sum" ? Op::Add : f == "product" ? Op::Mul : f == "max" ? Op::Max : Op::Min;
    return expr::balancedFold(std::move(items), op == Op::Mul ? pool_.one() : pool_.zero(),
                              [this, op](NodeId l, NodeId r) { return pool_.binary(op, l, r); });
}

NodeId Lowerer::call(const Ast& a, bool noEvent)
{
    const std::string& f = a.name;
    auto argc = [&](size_t n) {
        if (a.args.size() != n)
            fail(a, f + "() takes " + std::to_string(n) + " argument" + (n == 1 ? "" : "s"));
    };
    auto arg = [&](size_t i, bool ne) { return lowerNode(*a.args[i], ne); };
    if (f.rfind("reduce:", 0) == 0) {
        if (f != "reduce:sum" && f != "reduce:product" && f != "reduce:max" && f != "reduce:min")
            fail(a, "'for' is only allowed in sum(), product(), max() and min()");
        return reduction(a, noEvent);
    }
    if ((f == "sum" || f == "product") || ((f == "max" || f == "min") && a.args.size() == 1)) {
        argc(1);
        return reduction(a, noEvent);
    }
    if (f == "withDerivative") {
        // MSL Move's position(u, time) with its derivative annotation: the value is the first
        // argument, its time derivative the second, so index reduction does not
        // differentiate the input signals.
        argc(2);
        return pool_.binary(Op::WithDer, arg(0, noEvent), arg(1, noEvent));
    }
    if (f == "noEvent") {
        argc(1);
        return arg(0, true);
    }
    if (f == "smooth") {
        argc(2);
        return arg(1, true);
    }
    if (f == "initial") {
        argc(0);
        if (!model_)
            fail(a, "initial() is not allowed in a parameter expression");
        return pool_.initial();
    }
    if (f == "terminal") {
        argc(0);
        return pool_.zero();
    }
    if (f == "der") {
        argc(1);
        if (!model_)
            fail(a, "der() is not allowed in a parameter expression");
        NodeId x = arg(0, noEvent);
        if (pool_.node(x).op == Op::Var)
            return pool_.var(model_->derivativeOf(pool_.node(x).index));
        if (pool_.node(x).op == Op::Disc)
            fail(a, "der() of a discrete variable");
        return expr::timeDerivative(pool_, x, [this](int32_t v) { return model_->derivativeOf(v); });
    }
    if (f == "pre") {
        argc(1);
        if (!model_)
            fail(a, "pre() is not allowed in a parameter expression");
        NodeId x = arg(0, noEvent);
        if (pool_.node(x).op == Op::Disc)
            return pool_.pre(pool_.node(x).index);
        if (pool_.isConst(x))
            return x;
        fail(a, "pre() needs a discrete (Boolean, Integer or when-assigned) variable");
    }
    if (f == "edge") {
        argc(1);
        NodeId x = arg(0, noEvent);
        if (pool_.node(x).op != Op::Disc)
            fail(a, "edge() needs a Boolean variable");
        return pool_.logicalAnd(x, pool_.logicalNot(pool_.pre(pool_.node(x).index)));
    }
    if (f == "change") {
        argc(1);
        NodeId x = arg(0, noEvent);
        if (pool_.node(x).op != Op::Disc)
            fail(a, "change() needs a discrete variable");
        return pool_.compare(Op::Ne, x, pool_.pre(pool_.node(x).index));
    }
    if (f == "interpolate" || f == "size") {
        if (f == "interpolate" && a.args.size() != 3 && a.args.size() != 6)
            fail(a, "interpolate(table, u, column) takes 3 arguments, or 6 with smoothness, extrapolation and "
                    "timeEvents");
        if (f == "size")
            argc(2);
        const Ast& t = *a.args[0];
        Symbol s = t.kind == Ast::Kind::Ident ? scope_(t.name) : Symbol{};
        if (s.kind != Symbol::Kind::Table)
            fail(t, "the first argument of " + f + "() must be a table parameter");
        const expr::Table& table = pool_.table(s.id);
        NodeId second = arg(1, noEvent);
        if (f == "size") {
            if (!pool_.isConst(second))
                fail(a, "size(table, dim) needs a constant dimension");
            int dim = static_cast<int>(pool_.constValue(second));
            double n = dim == 1 ? static_cast<double>(table.rows.size())
                                : (table.rows.empty() ? 0.0 : static_cast<double>(table.rows[0].size()));
            return pool_.constant(n);
        }
        NodeId col = arg(2, noEvent);
        if (!pool_.isConst(col))
            fail(a, "interpolate(): the column must be a constant");
        int c = static_cast<int>(pool_.constValue(col));
        if (table.rows.empty() || c < 2 || static_cast<size_t>(c) > table.rows[0].size())
            fail(a, "interpolate(): column " + std::to_string(c) + " is outside the table");
        expr::TableOptions o;
        if (a.args.size() == 6)
            o = tableOptions(a);
        if (std::string defect = expr::tableOrderDefect(table.rows, o); !defect.empty())
            fail(t, "table '" + t.name + "': " + defect);
        int32_t id = pool_.tableWithOptions(s.id, o);
        if (o.extrapolation == expr::Extrapolation::NoExtrapolation)
            forbidExtrapolation(id, second, t.name);
        return pool_.interp(id, second, c, false, eventInterval(id, second, noEvent));
    }
    static const std::pair<const char*, Op> unary[] = {
        {"sin", Op::Sin}, {"cos", Op::Cos}, {"tan", Op::Tan}, {"asin", Op::Asin}, {"acos", Op::Acos},
        {"atan", Op::Atan}, {"sinh", Op::Sinh}, {"cosh", Op::Cosh}, {"tanh", Op::Tanh}, {"exp", Op::Exp},
        {"log", Op::Log}, {"log10", Op::Log10}, {"sqrt", Op::Sqrt}, {"abs", Op::Abs}, {"sign", Op::Sign},
        {"floor", Op::Floor}, {"ceil", Op::Ceil}, {"integer", Op::Integer},
    };
    for (const auto& [name, op] : unary)
        if (f == name) {
            argc(1);
            NodeId x = arg(0, noEvent);
            if ((op == Op::Integer || op == Op::Floor || op == Op::Ceil) && !noEvent && model_ && dependsOnContinuous(x))
                return frozenInteger(op, x);
            return pool_.unary(op, x);
        }
    static const std::pair<const char*, Op> binary[] = {
        {"atan2", Op::Atan2}, {"min", Op::Min}, {"max", Op::Max}, {"mod", Op::Mod}, {"rem", Op::Rem}, {"div", Op::IntDiv},
    };
    for (const auto& [name, op] : binary)
        if (f == name) {
            argc(2);
            return pool_.binary(op, arg(0, noEvent), arg(1, noEvent));
        }
    if (f == "reinit")
        fail(a, "reinit() is only allowed inside a when-clause");
    fail(a, "unknown function '" + f + "'");
}

} // namespace flange::flatten
