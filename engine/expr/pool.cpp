#include "engine/expr/pool.hpp"
#include "engine/expr/node_map.hpp"
#include "engine/expr/operator_semantics.hpp"
#include "engine/expr/thread_scratch.hpp"

#include <algorithm>

#include <cmath>
#include <cstring>

namespace flange::expr {

size_t Pool::hashOf(const Key& k)
{
    uint64_t bits = 0;
    std::memcpy(&bits, &k.value, sizeof bits);
    uint64_t h = static_cast<uint64_t>(k.op) * 0x9E3779B97F4A7C15ULL;
    auto mix = [&h](uint64_t v) { h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2); };
    mix(static_cast<uint32_t>(k.a));
    mix(static_cast<uint32_t>(k.b));
    mix(static_cast<uint32_t>(k.c));
    mix(static_cast<uint32_t>(k.index));
    mix(bits);
    return static_cast<size_t>(h ^ (h >> 29));
}

bool Pool::sameKey(const Node& n, const Key& k) const
{
    return n.op == k.op && n.a == k.a && n.b == k.b && n.c == k.c && n.index == k.index &&
           (n.value == k.value || (n.value != n.value && k.value != k.value));
}

void Pool::growTable()
{
    // The slots move by the hash they keep: no node is read again.
    std::vector<Slot> old(std::max<size_t>(64, table_.size() * 2), Slot{kNone, 0});
    old.swap(table_);
    const size_t mask = table_.size() - 1;
    for (const Slot& s : old) {
        if (s.id == kNone)
            continue;
        size_t i = s.hash & mask;
        while (table_[i].id != kNone)
            i = (i + 1) & mask;
        table_[i] = s;
    }
}

Pool::Pool()
{
    zero_ = constant(0.0);
    one_ = constant(1.0);
}

NodeId Pool::intern(Op op, NodeId a, NodeId b, NodeId c, int32_t index, double value)
{
    if (value == 0.0)
        value = 0.0; // -0 and +0 are one constant
    Key key{op, a, b, c, index, value};
    if ((nodes_.size() + 1) * 2 > table_.size())
        growTable();
    const size_t mask = table_.size() - 1;
    const auto hash = static_cast<uint32_t>(hashOf(key));
    size_t i = hash & mask;
    for (; table_[i].id != kNone; i = (i + 1) & mask)
        if (table_[i].hash == hash && sameKey(nodes_[static_cast<size_t>(table_[i].id)], key))
            return table_[i].id;
    Node n;
    n.op = op;
    n.a = a;
    n.b = b;
    n.c = c;
    n.index = index;
    n.value = value;
    NodeId id = static_cast<NodeId>(nodes_.size());
    nodes_.push_back(n);
    ofParameters_.push_back(0);
    table_[i] = Slot{id, hash};
    return id;
}

int32_t Pool::addParameter(std::string name, double value)
{
    parameterNames_.push_back(std::move(name));
    parameterValues_.push_back(value);
    structural_.push_back(0);
    return static_cast<int32_t>(parameterNames_.size() - 1);
}

NodeId Pool::param(int32_t id)
{
    const NodeId n = intern(Op::Param, kNone, kNone, kNone, id, parameterValue(id));
    ofParameters_[static_cast<size_t>(n)] = std::max<char>(ofParameters_[static_cast<size_t>(n)], 1);
    return n;
}

void Pool::markStructural(NodeId id) const
{
    if (parameterNames_.empty() || ofParameters_[static_cast<size_t>(id)] == 2)
        return; // no parameters kept, or marked before
    visit(id, [this](NodeId k, const Node& n) {
        if (n.op == Op::Param)
            structural_[static_cast<size_t>(n.index)] = 1;
        if (ofParameters_[static_cast<size_t>(k)] == 1)
            ofParameters_[static_cast<size_t>(k)] = 2;
    });
}

// Only a value of 0 decides: a parameter of another value is kept, whatever it becomes.
bool Pool::isZero(NodeId id) const
{
    if (node(id).value != 0 || (!isNumber(id) && !ofParameters(id)))
        return false;
    markStructural(id);
    return true;
}

NodeId Pool::ofParametersNode(Op op, NodeId a, NodeId b, double value)
{
    // -0 would be +0 in intern's key: as a parameter's expression the value is only read.
    const NodeId n = intern(op, a, b, kNone, -1, value);
    ofParameters_[static_cast<size_t>(n)] = std::max<char>(ofParameters_[static_cast<size_t>(n)], 1);
    return n;
}

NodeId Pool::constant(double v)
{
    if (v == 0.0 && zero_ != kNone)
        return zero_; // -0 and +0 are one constant
    if (v == 1.0 && one_ != kNone)
        return one_;
    return intern(Op::Const, kNone, kNone, kNone, -1, v);
}
NodeId Pool::time() { return intern(Op::Time); }
NodeId Pool::initial() { return intern(Op::Initial); }
NodeId Pool::var(int32_t id)
{
    if (id < 0)
        return intern(Op::Var, kNone, kNone, kNone, id);
    const auto k = static_cast<size_t>(id);
    if (k >= varNodes_.size())
        varNodes_.resize(std::max(k + 1, 2 * varNodes_.size()), kNone);
    if (varNodes_[k] == kNone) {
        // Only ever found through varNodes_: no entry in the table, whose inserts are
        // cache misses (230,000 of them for the 10,000-inertia chain).
        Node n;
        n.op = Op::Var;
        n.index = id;
        varNodes_[k] = static_cast<NodeId>(nodes_.size());
        nodes_.push_back(n);
        ofParameters_.push_back(0);
    }
    return varNodes_[k];
}
NodeId Pool::disc(int32_t id) { return intern(Op::Disc, kNone, kNone, kNone, id); }
NodeId Pool::pre(int32_t id) { return intern(Op::Pre, kNone, kNone, kNone, id); }
NodeId Pool::rel(int32_t id) { return intern(Op::Rel, kNone, kNone, kNone, id); }

NodeId Pool::neg(NodeId a)
{
    const Node& n = node(a);
    if (n.op == Op::Const)
        return constant(-n.value);
    if (n.op == Op::Neg)
        return n.a;
    if (n.op == Op::Sub)
        return sub(n.b, n.a);
    if (ofParameters(a))
        return ofParametersNode(Op::Neg, a, kNone, -n.value);
    return intern(Op::Neg, a);
}

NodeId Pool::logicalNot(NodeId a)
{
    const Node& n = node(a);
    if (isConst(a))
        return constant(n.value != 0 ? 0.0 : 1.0);
    if (n.op == Op::Not)
        return n.a;
    return intern(Op::Not, a);
}

NodeId Pool::add(NodeId a, NodeId b)
{
    if (isNumber(a) && isNumber(b))
        return constant(constValue(a) + constValue(b));
    if (isZero(a))
        return b;
    if (isZero(b))
        return a;
    if (ofParameters(a) || ofParameters(b))
        if ((isNumber(a) || ofParameters(a)) && (isNumber(b) || ofParameters(b)))
            return ofParametersNode(Op::Add, a, b, constValue(a) + constValue(b));
    if (node(b).op == Op::Neg)
        return sub(a, node(b).a);
    if (node(a).op == Op::Neg)
        return sub(b, node(a).a);
    return intern(Op::Add, a, b);
}

NodeId Pool::sub(NodeId a, NodeId b)
{
    if (isNumber(a) && isNumber(b))
        return constant(constValue(a) - constValue(b));
    if (isZero(b))
        return a;
    if (isZero(a))
        return neg(b);
    if (a == b)
        return zero_;
    if (ofParameters(a) || ofParameters(b))
        if ((isNumber(a) || ofParameters(a)) && (isNumber(b) || ofParameters(b)))
            return ofParametersNode(Op::Sub, a, b, constValue(a) - constValue(b));
    if (node(b).op == Op::Neg)
        return add(a, node(b).a);
    return intern(Op::Sub, a, b);
}

NodeId Pool::mul(NodeId a, NodeId b)
{
    if (isNumber(a) && isNumber(b))
        return constant(constValue(a) * constValue(b));
    if (isZero(a) || isZero(b))
        return zero_;
    // 1*x is x and -1*x is -x to the bit: a parameter of value 1 stays, to take another value.
    if (isNumber(a) && constValue(a) == 1)
        return b;
    if (isNumber(b) && constValue(b) == 1)
        return a;
    if (isNumber(a) && constValue(a) == -1)
        return neg(b);
    if (isNumber(b) && constValue(b) == -1)
        return neg(a);
    if (node(a).op == Op::Neg && node(b).op == Op::Neg)
        return mul(node(a).a, node(b).a);
    if (node(a).op == Op::Neg)
        return neg(mul(node(a).a, b));
    if (node(b).op == Op::Neg)
        return neg(mul(a, node(b).a));
    const bool constantA = isNumber(a) || ofParameters(a), constantB = isNumber(b) || ofParameters(b);
    if (constantA && constantB)
        return ofParametersNode(Op::Mul, a, b, constValue(a) * constValue(b));
    // Constants first, so 2*x and x*2 are one node.
    if (constantB)
        std::swap(a, b);
    return intern(Op::Mul, a, b);
}

NodeId Pool::div(NodeId a, NodeId b)
{
    if (isNumber(a) && isNumber(b) && constValue(b) != 0)
        return constant(constValue(a) / constValue(b));
    if (isZero(a) && !isConst(b, 0))
        return zero_;
    if (isNumber(b) && constValue(b) == 1)
        return a;
    if (isNumber(b) && constValue(b) == -1)
        return neg(a);
    if ((isNumber(a) || ofParameters(a)) && ofParameters(b) && constValue(b) != 0)
        return ofParametersNode(Op::Div, a, b, constValue(a) / constValue(b));
    if (ofParameters(a) && isNumber(b) && constValue(b) != 0)
        return ofParametersNode(Op::Div, a, b, constValue(a) / constValue(b));
    if (node(a).op == Op::Neg)
        return neg(div(node(a).a, b));
    return intern(Op::Div, a, b);
}

NodeId Pool::pow(NodeId a, NodeId b)
{
    if (isNumber(a) && isNumber(b))
        return constant(std::pow(constValue(a), constValue(b)));
    if (isNumber(b) && constValue(b) == 1)
        return a;
    if (isZero(b))
        return one_;
    if ((isNumber(a) || ofParameters(a)) && (isNumber(b) || ofParameters(b)))
        return ofParametersNode(Op::Pow, a, b, std::pow(constValue(a), constValue(b)));
    return intern(Op::Pow, a, b);
}

bool isRelationOp(Op op) { return op >= Op::Lt && op <= Op::Ne; }

NodeId Pool::compare(Op op, NodeId a, NodeId b)
{
    if ((isNumber(a) || ofParameters(a)) && (isNumber(b) || ofParameters(b)) && isConst(a) && isConst(b))
        return constant(applyBinary(op, constValue(a), constValue(b)));
    return intern(op, a, b);
}

namespace {
// A value that is 0 or 1 already: "true and x" may then be x itself.
bool isTruthValue(const Node& n)
{
    return isRelationOp(n.op) || n.op == Op::And || n.op == Op::Or || n.op == Op::Not || n.op == Op::Rel ||
           (n.op == Op::Const && (n.value == 0 || n.value == 1));
}
} // namespace

NodeId Pool::logicalAnd(NodeId a, NodeId b)
{
    if (isConst(a) && isConst(b))
        return constant(applyBinary(Op::And, constValue(a), constValue(b)));
    if ((isConst(a) && constValue(a) == 0) || (isConst(b) && constValue(b) == 0))
        return zero_;
    if (isConst(a) && isTruthValue(node(b)))
        return b;
    if (isConst(b) && isTruthValue(node(a)))
        return a;
    return intern(Op::And, a, b);
}

NodeId Pool::logicalOr(NodeId a, NodeId b)
{
    if (isConst(a) && isConst(b))
        return constant(applyBinary(Op::Or, constValue(a), constValue(b)));
    if ((isConst(a) && constValue(a) != 0) || (isConst(b) && constValue(b) != 0))
        return one_;
    if (isConst(a) && isTruthValue(node(b)))
        return b;
    if (isConst(b) && isTruthValue(node(a)))
        return a;
    return intern(Op::Or, a, b);
}

NodeId Pool::ifThenElse(NodeId c, NodeId a, NodeId b)
{
    if (isConst(c))
        return constValue(c) != 0 ? a : b;
    if (a == b)
        return a;
    return intern(Op::If, c, a, b);
}

NodeId Pool::unary(Op op, NodeId a)
{
    if (isNumber(a))
        return constant(applyUnary(op, constValue(a)));
    if (ofParameters(a))
        return ofParametersNode(op, a, kNone, applyUnary(op, constValue(a)));
    return intern(op, a);
}

NodeId Pool::binary(Op op, NodeId a, NodeId b)
{
    switch (op) {
    case Op::Add: return add(a, b);
    case Op::Sub: return sub(a, b);
    case Op::Mul: return mul(a, b);
    case Op::Div: return div(a, b);
    case Op::Pow: return pow(a, b);
    case Op::And: return logicalAnd(a, b);
    case Op::Or: return logicalOr(a, b);
    default: break;
    }
    if (isRelationOp(op))
        return compare(op, a, b);
    if (isNumber(a) && isNumber(b))
        return constant(applyBinary(op, constValue(a), constValue(b)));
    if ((isNumber(a) || ofParameters(a)) && (isNumber(b) || ofParameters(b)))
        return ofParametersNode(op, a, b, applyBinary(op, constValue(a), constValue(b)));
    return intern(op, a, b);
}

NodeId Pool::interp(int32_t table, NodeId u, int column, bool slope, NodeId interval)
{
    // A table of one row is a constant whatever u (as MSL's tables): folding it lets a
    // lossy gear's constant efficiency make its equations affine in the torques.
    const Table& t = tables_[static_cast<size_t>(table)];
    if (t.rows.size() == 1)
        return constant(interpolateTable(t, 0.0, column, slope));
    if (isConst(u) && (interval == kNone || isConst(interval)))
        return constant(interpolateTable(t, constValue(u), column, slope,
                                         interval == kNone ? -1 : static_cast<int>(constValue(interval))));
    return intern(slope ? Op::InterpSlope : Op::Interp, u, constant(column), interval, table);
}

int32_t Pool::addTable(Table t)
{
    t.interpolator = std::make_shared<const TableInterpolator>(t.rows, t.options);
    tables_.push_back(std::move(t));
    return static_cast<int32_t>(tables_.size() - 1);
}

int32_t Pool::tableWithOptions(int32_t table, const TableOptions& o)
{
    if (tables_[static_cast<size_t>(table)].options == o)
        return table;
    for (size_t k = 0; k < tables_.size(); ++k)
        if (tables_[k].options == o && tables_[k].rows == tables_[static_cast<size_t>(table)].rows)
            return static_cast<int32_t>(k);
    Table copy;
    copy.rows = tables_[static_cast<size_t>(table)].rows;
    copy.options = o;
    return addTable(std::move(copy));
}

namespace {
using TraversalStack = std::vector<std::pair<NodeId, bool>>;
} // namespace

NodeId Pool::rewrite(NodeId root, const std::function<NodeId(const Node&)>& leaf, NodeMap<NodeId>& memo)
{
    // Iterative post-order: models can be deep (long sums in big connection sets).
    ThreadScratch<TraversalStack> scratch;
    TraversalStack& stack = scratch.get();
    stack.assign(1, {root, false});
    auto kept = [&memo](NodeId ch) { return ch == kNone || memo.at(ch) == ch; };
    while (!stack.empty()) {
        auto [id, expanded] = stack.back();
        stack.pop_back();
        if (memo.count(id))
            continue;
        Node n = node(id);
        if (!expanded) {
            stack.push_back({id, true});
            for (NodeId ch : {n.a, n.b, n.c})
                if (ch != kNone && !memo.count(ch))
                    stack.push_back({ch, false});
            continue;
        }
        NodeId out = kNone;
        switch (n.op) {
        case Op::Const:
        case Op::Initial:
            out = id;
            break;
        case Op::Param: // a stamp gives an instance its own leaves (flatten/instance_template.cpp)
        case Op::Time:
        case Op::Var:
        case Op::Disc:
        case Op::Pre:
        case Op::Rel:
            out = leaf(n);
            if (out == kNone)
                out = id;
            break;
        default:
            // Every node is a builder's result, and builders give their own results back
            // unchanged, so a node whose operands stay is itself: no hash, no probe.
            if (kept(n.a) && kept(n.b) && kept(n.c)) {
                out = id;
                break;
            }
            switch (n.op) {
            case Op::Neg: out = neg(memo.at(n.a)); break;
            case Op::Not: out = logicalNot(memo.at(n.a)); break;
            case Op::If: out = ifThenElse(memo.at(n.a), memo.at(n.b), memo.at(n.c)); break;
            case Op::Interp:
            case Op::InterpSlope:
                out = interp(n.index, memo.at(n.a), static_cast<int>(node(n.b).value), n.op == Op::InterpSlope,
                             n.c == kNone ? kNone : memo.at(n.c));
                break;
            default:
                if (n.b == kNone)
                    out = unary(n.op, memo.at(n.a));
                else
                    out = binary(n.op, memo.at(n.a), memo.at(n.b));
            }
        }
        memo.set(id, out);
    }
    return memo.at(root);
}

void Pool::visit(NodeId root, const std::function<void(NodeId, const Node&)>& f) const
{
    // The marks and the stack are the thread's (thread_scratch.hpp): a visit allocates
    // nothing, and translation visits every equation several times.
    ThreadScratch<NodeMap<char>> marks; // the nodes visited: a map cleared by its epoch
    NodeMap<char>& visited = marks.get();
    visited.clear();
    ThreadScratch<TraversalStack> scratch;
    TraversalStack& stack = scratch.get();
    stack.assign(1, {root, false});
    while (!stack.empty()) {
        auto [id, expanded] = stack.back();
        stack.pop_back();
        if (visited.contains(id))
            continue;
        const Node& n = node(id);
        if (!expanded) {
            stack.push_back({id, true});
            for (NodeId ch : {n.a, n.b, n.c})
                if (ch != kNone && !visited.contains(ch))
                    stack.push_back({ch, false});
            continue;
        }
        visited.set(id, 1);
        f(id, n);
    }
}

double applyUnary(Op op, double x)
{
    switch (op) {
    case Op::Neg: return -x;
    case Op::Not: return semantics::logicalNot(x);
    case Op::Sin: return std::sin(x);
    case Op::Cos: return std::cos(x);
    case Op::Tan: return std::tan(x);
    case Op::Asin: return std::asin(x);
    case Op::Acos: return std::acos(x);
    case Op::Atan: return std::atan(x);
    case Op::Sinh: return std::sinh(x);
    case Op::Cosh: return std::cosh(x);
    case Op::Tanh: return std::tanh(x);
    case Op::Exp: return std::exp(x);
    case Op::Log: return std::log(x);
    case Op::Log10: return std::log10(x);
    case Op::Sqrt: return std::sqrt(x);
    case Op::Abs: return std::fabs(x);
    case Op::Sign: return semantics::sign(x);
    case Op::Floor: return std::floor(x);
    case Op::Ceil: return std::ceil(x);
    case Op::Integer: return std::floor(x);
    default: return 0;
    }
}

double applyBinary(Op op, double x, double y)
{
    switch (op) {
    case Op::Add: return x + y;
    case Op::Sub: return x - y;
    case Op::Mul: return x * y;
    case Op::Div: return x / y;
    case Op::Pow: return std::pow(x, y);
    case Op::Lt: return x < y;
    case Op::Le: return x <= y;
    case Op::Gt: return x > y;
    case Op::Ge: return x >= y;
    case Op::Eq: return x == y;
    case Op::Ne: return x != y;
    case Op::And: return semantics::logicalAnd(x, y);
    case Op::Or: return semantics::logicalOr(x, y);
    case Op::Atan2: return std::atan2(x, y);
    case Op::Min: return semantics::minimum(x, y);
    case Op::Max: return semantics::maximum(x, y);
    case Op::Mod: return semantics::modulo(x, y);
    case Op::Rem: return semantics::remainder(x, y);
    case Op::IntDiv: return semantics::integerDivision(x, y);
    case Op::WithDer: return x;
    default: return 0;
    }
}

double interpolateTable(const Table& t, double u, int column, bool slope, int interval)
{
    if (!t.interpolator)
        return 0;
    return slope ? t.interpolator->slope(u, column, interval) : t.interpolator->value(u, column, interval);
}

const char* opName(Op op)
{
    switch (op) {
    case Op::Sin: return "sin";
    case Op::Cos: return "cos";
    case Op::Tan: return "tan";
    case Op::Asin: return "asin";
    case Op::Acos: return "acos";
    case Op::Atan: return "atan";
    case Op::Sinh: return "sinh";
    case Op::Cosh: return "cosh";
    case Op::Tanh: return "tanh";
    case Op::Exp: return "exp";
    case Op::Log: return "log";
    case Op::Log10: return "log10";
    case Op::Sqrt: return "sqrt";
    case Op::Abs: return "abs";
    case Op::Sign: return "sign";
    case Op::Floor: return "floor";
    case Op::Ceil: return "ceil";
    case Op::Integer: return "integer";
    case Op::Atan2: return "atan2";
    case Op::Min: return "min";
    case Op::Max: return "max";
    case Op::Mod: return "mod";
    case Op::Rem: return "rem";
    case Op::IntDiv: return "div";
    case Op::WithDer: return "withDerivative";
    case Op::Lt: return "<";
    case Op::Le: return "<=";
    case Op::Gt: return ">";
    case Op::Ge: return ">=";
    case Op::Eq: return "==";
    case Op::Ne: return "<>";
    case Op::Add: return "+";
    case Op::Sub: return "-";
    case Op::Mul: return "*";
    case Op::Div: return "/";
    case Op::Pow: return "^";
    case Op::And: return "and";
    case Op::Or: return "or";
    default: return "?";
    }
}

std::string tableDefect(const std::vector<std::vector<double>>& rows)
{
    for (size_t r = 0; r < rows.size(); ++r) {
        const auto& row = rows[r];
        if (row.empty())
            return "row " + std::to_string(r + 1) + " is empty";
        if (row.size() != rows[0].size())
            return "table rows differ in length: row " + std::to_string(r + 1) + " has " + std::to_string(row.size()) +
                   " entries, row 1 has " + std::to_string(rows[0].size());
        for (size_t c = 0; c < row.size(); ++c)
            if (!std::isfinite(row[c]))
                return "row " + std::to_string(r + 1) + ", column " + std::to_string(c + 1) + " is not a finite number";
    }
    return {};
}

} // namespace flange::expr
