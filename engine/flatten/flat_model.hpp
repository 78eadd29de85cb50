#pragma once
// The flattened model: every scalar variable of every instance with its attributes, and
// every equation as an expression over variable ids, each with the origin that later
// diagnostics quote. Parameters are already numbers here.
#include "engine/diagram/diagram.hpp"
#include "engine/expr/pool.hpp"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace flange::flatten {

// The ordinals of Modelica's StateSelect literals (library/enumeration.cpp lists them).
enum StateSelect : int { Never = 1, Avoid = 2, Default = 3, Prefer = 4, Always = 5 };

struct FlatVar {
    std::string name;
    bool discrete = false;
    bool isBoolean = false, isInteger = false;
    double start = 0;
    bool fixed = false;
    int stateSelect = Default;
    double nominal = 1;
    std::string unit;
    bool isProtected = false;
    int component = -1;        // instance index, -1 for generated variables
    int32_t derivativeOf = -1; // this variable is der(derivativeOf)
    int32_t derivative = -1;   // der(this), if it exists
    bool generated = false;    // created by the engine (der(x) of a variable without a name)
    // Set by alias elimination: this = aliasSign * vars[aliasOf] + aliasOffset, or a constant.
    int32_t aliasOf = -1;
    double aliasSign = 1, aliasOffset = 0;
    bool isConstant = false;
    bool eliminated() const { return aliasOf >= 0 || isConstant; }
};

struct FlatEquation {
    expr::NodeId residual = expr::kNone; // lhs - rhs
    std::string origin;                   // "inertia1: J*a = flange_a.tau + flange_b.tau"
    int component = -1;
};

struct DiscreteAssignment {
    int32_t var = -1;
    expr::NodeId value = expr::kNone;
    std::string origin;
};

struct Reinit {
    int32_t var = -1;
    expr::NodeId value = expr::kNone;
};

struct WhenClause {
    expr::NodeId condition = expr::kNone;
    std::vector<DiscreteAssignment> assignments;
    std::vector<Reinit> reinits;
    std::string origin;
};

// A relation outside noEvent: frozen between events and watched by a crossing function.
struct Relation {
    expr::Op op = expr::Op::Lt;
    expr::NodeId lhs = expr::kNone, rhs = expr::kNone;
    std::string origin;
    int component = -1;
    std::string error; // not empty: when it becomes true, the simulation stops with this message
};

struct FlatModel {
    expr::Pool pool;
    std::vector<FlatVar> vars;
    std::vector<FlatEquation> equations;        // continuous
    std::vector<FlatEquation> initialEquations; // continuous, initialization only
    std::vector<DiscreteAssignment> discreteEquations;
    std::vector<DiscreteAssignment> initialDiscrete; // initial algorithm of discrete variables
    std::vector<WhenClause> whens;
    std::vector<Relation> relations;
    std::vector<std::string> componentNames;
    std::vector<std::string> componentTypes;
    std::map<std::string, double> realParameters; // "spring1.c" -> 1e23: every instance's Real parameters, for messages
    std::vector<std::string> warnings;
    diagram::Experiment experiment;
    // integer()/floor()/ceil() of continuous arguments: argument node -> discrete variable
    std::map<std::pair<int, expr::NodeId>, int32_t> frozenIntegers;

    // How far each of the model's lists reaches (tables: the pool's); what one instance
    // added is the difference of two. A list added to the model belongs here too.
    struct Extent {
        size_t vars = 0, equations = 0, initialEquations = 0, discreteEquations = 0, initialDiscrete = 0, whens = 0,
               relations = 0, warnings = 0, frozenIntegers = 0, tables = 0;
        bool operator==(const Extent&) const = default;
    };
    Extent extent() const
    {
        return {vars.size(),  equations.size(), initialEquations.size(), discreteEquations.size(),
                initialDiscrete.size(), whens.size(), relations.size(), warnings.size(),
                frozenIntegers.size(), pool.tableCount()};
    }

    int32_t addVar(FlatVar v);
    // der(v): the variable that is v's derivative, created on first use.
    int32_t derivativeOf(int32_t v);
    int32_t addRelation(expr::Op op, expr::NodeId lhs, expr::NodeId rhs, const std::string& origin, int component);
    int32_t findVar(const std::string& name) const;

private:
    std::map<std::tuple<int, expr::NodeId, expr::NodeId>, int32_t> relationIndex_;
    mutable std::map<std::string, int32_t> varIndex_; // vars[0, indexed_) by name, see findVar
    mutable size_t indexed_ = 0;
};

} // namespace flange::flatten
