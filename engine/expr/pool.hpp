#pragma once
// Hash-consed expression DAG over resolved variable ids. Identical subtrees are one
// node, so common subexpressions are shared and derivatives stay small. Builders fold
// constants and drop neutral elements; they never expand.
//
// A parameter may be kept as a leaf (Op::Param) instead of a number, so that a compiled
// model can take another value at a run's start (docs/architecture.md, "Parameters").
// Builders never fold it into a number: an expression of parameters and constants
// ("2*k") stays a node, which carries its value at translation in `value`. Whatever reads
// that value to decide something (isConst, a zero dropped from a sum or a product, an
// if's branch) makes the parameters in it structural: a run that changes one translates.
#include "engine/expr/table_interpolation.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace flange::expr {

using NodeId = int32_t;
constexpr NodeId kNone = -1;

enum class Op : uint8_t {
    Const,   // value
    Param,   // a parameter kept as a leaf: index = parameter id, value = its value at translation
    Time,
    Var,     // continuous variable, index = variable id
    Disc,    // discrete variable value, index = variable id
    Pre,     // pre(discrete variable), index = variable id
    Rel,     // frozen relation value (0/1), index = relation id
    Initial, // initial(): 1 during initialization
    Neg, Not,
    Add, Sub, Mul, Div, Pow,
    Lt, Le, Gt, Ge, Eq, Ne, // evaluated directly (inside noEvent, or on discrete operands)
    And, Or,
    If,      // a ? b : c
    Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Tanh, Exp, Log, Log10, Sqrt, Abs, Sign,
    Floor, Ceil, Integer,
    Atan2, Min, Max, Mod, Rem, IntDiv,
    Interp,      // interpolate(table[index], a, column b) ; b a Const node; c the event interval or kNone
    InterpSlope, // d interpolate / du at a
    WithDer,     // withDerivative(a, b): value a, time derivative b (MSL Move's position function)
};

struct Node {
    Op op = Op::Const;
    NodeId a = kNone, b = kNone, c = kNone;
    int32_t index = -1;
    double value = 0;
};

// A table for interpolate(): rows of equal length, and how to interpolate them. The
// interpolator is made by Pool::addTable and shared with the tapes; the rows are shared too.
struct Table {
    TableRows rows;
    TableOptions options;
    std::shared_ptr<const TableInterpolator> interpolator;
};

// What makes a table unusable ("row 3 has 2 entries, row 1 has 3"), or empty if nothing:
// the one check every table passes before interpolate() may read it.
std::string tableDefect(const std::vector<std::vector<double>>& rows);

template <class T>
class NodeMap;

class Pool {
public:
    Pool();

    const Node& node(NodeId id) const { return nodes_[static_cast<size_t>(id)]; }
    size_t size() const { return nodes_.size(); }

    NodeId constant(double v);
    // A parameter kept as a leaf, by its full name ("spring.c"); param(id) is its node.
    int32_t addParameter(std::string name, double value);
    NodeId param(int32_t id);
    size_t parameterCount() const { return parameterNames_.size(); }
    const std::string& parameterName(int32_t id) const { return parameterNames_[static_cast<size_t>(id)]; }
    double parameterValue(int32_t id) const { return parameterValues_[static_cast<size_t>(id)]; }
    // Whether translation read the parameter's value to decide something.
    bool isStructural(int32_t id) const { return structural_[static_cast<size_t>(id)] != 0; }
    // Makes the parameters in an expression structural (its value is read to decide).
    void markStructural(NodeId id) const;
    NodeId zero() const { return zero_; }
    NodeId one() const { return one_; }
    NodeId time();
    NodeId initial();
    NodeId var(int32_t id);
    NodeId disc(int32_t id);
    NodeId pre(int32_t id);
    NodeId rel(int32_t id);

    NodeId neg(NodeId a);
    NodeId logicalNot(NodeId a);
    NodeId add(NodeId a, NodeId b);
    NodeId sub(NodeId a, NodeId b);
    NodeId mul(NodeId a, NodeId b);
    NodeId div(NodeId a, NodeId b);
    NodeId pow(NodeId a, NodeId b);
    NodeId compare(Op op, NodeId a, NodeId b);
    NodeId logicalAnd(NodeId a, NodeId b);
    NodeId logicalOr(NodeId a, NodeId b);
    NodeId ifThenElse(NodeId c, NodeId a, NodeId b);
    NodeId unary(Op op, NodeId a);   // Sin ... Integer
    NodeId binary(Op op, NodeId a, NodeId b); // Atan2 ... IntDiv, and arithmetic/relations by op
    // interval: the number of the table's event points passed (frozen), or kNone.
    NodeId interp(int32_t table, NodeId u, int column, bool slope = false, NodeId interval = kNone);

    // Checks the rows' order for the options (tableOrderDefect) before: rows must be usable.
    int32_t addTable(Table t);
    // The same rows with other options (one copy per set of options).
    int32_t tableWithOptions(int32_t table, const TableOptions& o);
    const Table& table(int32_t id) const { return tables_[static_cast<size_t>(id)]; }
    size_t tableCount() const { return tables_.size(); }

    // A number, or an expression of parameters and numbers, whose value (constValue) the
    // caller reads to decide: its parameters become structural.
    bool isConst(NodeId id) const
    {
        if (node(id).op == Op::Const)
            return true;
        if (!ofParameters_[static_cast<size_t>(id)])
            return false;
        markStructural(id);
        return true;
    }
    bool isConst(NodeId id, double v) const { return isConst(id) && node(id).value == v; }
    double constValue(NodeId id) const { return node(id).value; }
    // A number, or an expression of parameters and numbers, without making anything structural.
    bool ofParameters(NodeId id) const { return ofParameters_[static_cast<size_t>(id)] != 0; }

    // Rebuilds an expression bottom-up, letting `leaf` replace Var/Disc/Pre/Rel/Time nodes
    // (return kNone to keep the node). Memoized within one call.
    NodeId rewrite(NodeId root, const std::function<NodeId(const Node&)>& leaf, NodeMap<NodeId>& memo);

    // Visits every node of an expression once, children before parents.
    void visit(NodeId root, const std::function<void(NodeId, const Node&)>& f) const;

private:
    struct Key {
        Op op;
        NodeId a, b, c;
        int32_t index;
        double value;
    };
    static size_t hashOf(const Key& k);
    bool sameKey(const Node& n, const Key& k) const;
    void growTable();

    NodeId intern(Op op, NodeId a = kNone, NodeId b = kNone, NodeId c = kNone, int32_t index = -1,
                  double value = 0);
    NodeId foldBinary(Op op, NodeId a, NodeId b);
    // The builders' own tests: a number (folded), a number or parameter expression (kept as
    // a node with its value), and a zero that is dropped (a parameter expression of value
    // 0 becomes structural).
    bool isNumber(NodeId id) const { return node(id).op == Op::Const; }
    bool isZero(NodeId id) const;
    NodeId ofParametersNode(Op op, NodeId a, NodeId b, double value);

    std::vector<Node> nodes_;
    // Open addressing with linear probing over node ids (kNone: empty), at most half
    // full: a model of 10^6 nodes interns without an allocation per node, and the table
    // compares against nodes_ itself instead of holding a copy of every key. Each slot
    // keeps its node's hash (the low 32 bits): a probe past another node compares that
    // instead of reading the node, a cache miss in a large model, and growing the table
    // hashes nothing again.
    struct Slot {
        NodeId id;
        uint32_t hash;
    };
    std::vector<Slot> table_;
    std::vector<Table> tables_;
    // Shortcuts past the table for the nodes looked up most: flattening and differentiating
    // a 10,000-inertia chain ask for the constant 0 a million times and for variables
    // 600,000 times, each a hash and a probe into tables of tens of megabytes.
    NodeId zero_ = kNone, one_ = kNone;
    std::vector<NodeId> varNodes_; // variable id -> its Var node, kNone until made

    // Per node: 1 for a parameter or an expression of parameters and numbers, 2 once its
    // parameters are structural (so a decision read again walks nothing); 0 otherwise.
    mutable std::vector<char> ofParameters_;
    std::vector<std::string> parameterNames_;
    std::vector<double> parameterValues_;
    mutable std::vector<char> structural_;
};

// Applies a unary or binary math op to numbers, with Modelica's semantics.
double applyUnary(Op op, double x);
double applyBinary(Op op, double x, double y);
double interpolateTable(const Table& t, double u, int column, bool slope, int interval = -1);

bool isRelationOp(Op op);
const char* opName(Op op);

} // namespace flange::expr
