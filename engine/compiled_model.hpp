#pragma once
// The immutable result of translation: tapes, Jacobian patterns, event and output
// tables. A simulation reads it and keeps all mutable state of its own (as MuJoCo's
// mjModel/mjData), so one CompiledModel can be simulated many times.
#include "engine/codegen/affinity.hpp"
#include "engine/codegen/tape.hpp"
#include "engine/diagram/diagram.hpp"
#include "engine/expr/pool.hpp"
#include "engine/flatten/flat_model.hpp"
#include "engine/solve/initial_system.hpp"
#include "engine/structure/sparse_pattern.hpp"
#include "engine/translation_types.hpp"

#include <map>
#include <string>
#include <vector>

namespace flange {

struct OutputVar {
    std::string name;
    enum class Kind { Y, Yp, Discrete, Constant, Computed } kind = Kind::Constant;
    int32_t index = 0;     // slot, variable id for discrete values, or index of a computed variable
    double sign = 1, offset = 0;
    bool isProtected = false;
    std::string unit;         // as declared ("rad/s"); empty when dimensionless
    bool isBoolean = false, isInteger = false;
};

struct RelationInfo {
    expr::Op op = expr::Op::Lt;
    std::string origin;
    std::string instance;    // "elastoGap2"; empty for a relation of no instance
    std::string description; // "f_linear < 0", as the instance's equation writes it: an event's cause
    // A time event: lhs - rhs = a*time + b with a, b constant, or (discreteCoefficients)
    // read from discrete values, which change only at events (a pulse's end at
    // T_start + T_width), or from tunable parameters (a Step's startTime): the run
    // evaluates `distance` for them at its values, at its start and after every event.
    bool timeEvent = false;
    bool discreteCoefficients = false;
    expr::NodeId distance = expr::kNone;
    double a = 0, b = 0;
    double nominal = 1;
    bool readsSolved = false; // reads an algebraic unknown or a derivative (solved at events)
    bool inResidual = false;  // read by a continuous equation (not only by discrete ones)
    std::string error;        // not empty: true stops the simulation with this message (a table left)
};

struct CompiledModel {
    int n = 0;                          // size of y (and yp)
    std::vector<int32_t> slotVar;       // variable id in each slot
    std::vector<char> slotIsState;
    std::vector<int32_t> stateSlots;    // slots that are states
    std::vector<int32_t> stateIndexOfSlot; // -1 for algebraic slots
    std::vector<double> yStart, nominal;
    std::vector<std::string> eqOrigins; // per residual row
    // Where a component's equation is written: the instance's type ("d" ->
    // "Blocks.Math.Division"), and per type the text of each equation -> "lib/Div.json:7:5".
    // Messages about a failing equation ("d: y = 0/0") name the definition file.
    std::map<std::string, std::string> instanceTypes;
    std::map<std::string, std::map<std::string, std::string>> equationSourcesByType;
    // Every Real parameter's value by its full name ("spring1.c"), for messages.
    std::map<std::string, double> parameterValues;

    // Algebraic unknowns solved explicitly at translation (structure/explicit_equations.hpp):
    // out[0][k] = the k-th computed value, from y and yp, in dependency order. Only the
    // output rows and messages read them; the residual has their expressions inlined.
    codegen::Tape computed;
    std::vector<std::string> computedOrigins;          // the equation each is computed by
    std::vector<std::vector<int32_t>> computedReads;   // the computed values each one's equation read
    std::vector<std::vector<int32_t>> rowReadsComputed; // per residual row: computed values it read

    codegen::Tape residual;             // out[0][row] = F
    structure::SparsePattern jacPattern;    // n x n
    codegen::Tape jacobian;             // out[0][k] = dF/dy, out[1][k] = dF/dyp
    std::vector<char> jacHasY, jacHasYp; // structurally non-zero parts of each entry
    codegen::Affinity consistentAffinity; // of the residual in the solve with the states held

    // Initialization: extra rows G over the same y/yp arrays.
    int m = 0;
    std::vector<std::string> initOrigins;
    codegen::Tape initResidual;
    // entries of dG: (row, slot, isYp) with values from initJacobian out[0][k]
    std::vector<int32_t> initJacRow, initJacSlot;
    std::vector<char> initJacIsYp;
    codegen::Tape initJacobian;
    std::vector<int32_t> initFixedVar; // for G rows from fixed starts: the variable, else -1
    solve::InitialSystem initial;       // the structure of the initial system (initial_system.hpp)

    // Events
    std::vector<RelationInfo> relations;
    codegen::Tape crossing;             // out[0][k] = signed distance, > 0 <=> relation true
    std::vector<flatten::DiscreteAssignment> discrete;        // sorted
    // Per discrete equation: reads a solved unknown, directly or through a relation. After
    // pre() changes, these keep their values until the unknowns are solved again (the
    // tearing variables of the mixed system, as a Modelica tool treats them).
    std::vector<char> discreteReadsSolved;
    std::vector<flatten::DiscreteAssignment> initialDiscrete; // initial algorithm
    std::vector<flatten::WhenClause> whens;
    std::vector<int32_t> reinitSlots; // per when, per reinit: slot of the state
    std::vector<double> discreteStart; // by variable id
    // A variable's name by id: the outputs hold those of the model's variables (names are
    // stored once: a long drive line has 10^5 of them); generatedNames, by id, those the
    // engine made (der(x) with no name of its own) and is empty elsewhere.
    std::vector<int32_t> outputOfVar; // by variable id: index in outputs, or -1
    std::vector<std::string> generatedNames;
    const std::string& varName(int32_t v) const
    {
        const int32_t o = outputOfVar[static_cast<size_t>(v)];
        return o >= 0 ? outputs[static_cast<size_t>(o)].name : generatedNames[static_cast<size_t>(v)];
    }
    size_t variableCount() const { return outputOfVar.size(); }
    std::vector<char> varIsDiscrete;
    expr::Pool pool;                    // for the discrete equations evaluated at events

    std::vector<OutputVar> outputs;
    // For Check (engine/model_check.hpp): the eliminated aliases (var = sign * of + offset,
    // by variable id) and the dummy derivatives, which the tables above no longer tell apart.
    struct Alias {
        int32_t var = 0, of = 0;
        double sign = 1, offset = 0;
    };
    std::vector<Alias> aliases;
    std::vector<int32_t> dummyDerivatives;
    diagram::Experiment experiment;
    std::vector<std::string> warnings;
    TranslationStats stats;
};

} // namespace flange
