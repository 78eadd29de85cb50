#pragma once
// Lowers a parse tree into the Pool, resolving names through a Scope. Relations outside
// noEvent/smooth that involve continuous variables or time become frozen Rel nodes
// registered in the FlatModel.
#include "engine/expr/ast.hpp"
#include "engine/expr/pool.hpp"
#include "engine/flatten/flat_model.hpp"
#include "engine/library/component_definition.hpp"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace flange::flatten {

struct Symbol {
    enum class Kind { Unknown, Value, Table, ContinuousVar, DiscreteVar, Disabled };
    Kind kind = Kind::Unknown;
    double value = 0;
    int32_t id = -1; // variable id, table id, or for a Value a parameter kept as a leaf (expr::Pool::param)
    expr::NodeId node = expr::kNone; // for a Value: an expression of such leaves, read instead
};

using Scope = std::function<Symbol(const std::string&)>;

// A range being expanded on this thread, from construction to destruction. Ranges nest
// (a sum inside a for-equation inside another) and their iterations multiply: the
// product is what translation expands, and loopBounds checks it.
class RangeNesting {
public:
    // alone: a range not inside the ranges entered before (a parameter's value, expanded
    // once wherever it is first asked for).
    explicit RangeNesting(long long iterations, bool alone = false);
    ~RangeNesting();
    RangeNesting(const RangeNesting&) = delete;
    RangeNesting& operator=(const RangeNesting&) = delete;
    // The iterations of the ranges entered and not left, multiplied (1 outside any).
    static long long enclosing();

private:
    long long outer_;
};

class Lowerer {
public:
    // model may be null: then only parameter expressions are allowed (no variables).
    Lowerer(expr::Pool& pool, Scope scope, FlatModel* model, library::Location where, std::string origin, int component)
        : pool_(pool), scope_(std::move(scope)), model_(model), where_(std::move(where)), origin_(std::move(origin)),
          component_(component)
    {
    }

    expr::NodeId lower(const expr::Ast& ast) { return lowerNode(ast, false); }

    [[noreturn]] void fail(const expr::Ast& at, const std::string& msg) const;

    // What an identifier names, its subscript resolved (`u[2]`, `moving[i]` in a loop);
    // a table element `k[i]` comes back as a Value.
    Symbol resolve(const expr::Ast& ident);
    // Lowers `body` once for each value of the loop variable `var` (a for-equation).
    template <class F> void forEach(const std::string& var, int from, int to, F&& body)
    {
        Scope outer = scope_;
        for (int k = from; k <= to; ++k) {
            scope_ = [&outer, &var, k](const std::string& n) {
                return n == var ? Symbol{Symbol::Kind::Value, static_cast<double>(k), -1} : outer(n);
            };
            body(k);
        }
        scope_ = outer;
    }
    // Evaluates a constant integer expression (a subscript, a loop bound).
    int integerValue(const expr::Ast& a, const std::string& what);
    // The bounds of a loop range `from:to`, refused past kMostElements iterations, or past
    // kMostNestedIterations with the ranges it is inside (input_limits.hpp).
    std::pair<int, int> loopBounds(const expr::Ast& from, const expr::Ast& to);

private:
    expr::NodeId lowerNode(const expr::Ast& a, bool noEvent);
    expr::NodeId call(const expr::Ast& a, bool noEvent);
    expr::NodeId relation(expr::Op op, expr::NodeId l, expr::NodeId r, bool noEvent);
    bool dependsOnContinuous(expr::NodeId id) const;
    expr::NodeId frozenInteger(expr::Op op, expr::NodeId x);
    expr::TableOptions tableOptions(const expr::Ast& a);
    expr::NodeId eventInterval(int32_t table, expr::NodeId u, bool noEvent);
    void forbidExtrapolation(int32_t table, expr::NodeId u, const std::string& name);
    expr::NodeId reduction(const expr::Ast& a, bool noEvent);
    std::vector<expr::NodeId> elements(const expr::Ast& vector, bool noEvent);
    int vectorSize(const std::string& name);

    expr::Pool& pool_;
    Scope scope_;
    FlatModel* model_;
    library::Location where_;
    std::string origin_;
    int component_;
};

// Built-in names: pi, eps, small, inf, g_n, and the literals of the known enumerations
// (StateSelect.prefer, Init.NoInit: library/enumeration.hpp); Unknown otherwise.
Symbol builtinSymbol(const std::string& name);

} // namespace flange::flatten
