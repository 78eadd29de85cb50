#pragma once
// Compiles Pool expressions into one Tape. Common subexpressions are computed once per
// tape; inside an if-branch they are only reused within that branch, because the
// other branch may not have run.
#include "engine/codegen/tape.hpp"
#include "engine/expr/node_map.hpp"
#include "engine/expr/pool.hpp"

#include <functional>
#include <unordered_map>
#include <vector>

namespace flange::codegen {

// Where the value of a continuous variable comes from in the solver's arrays.
struct VarSource {
    enum class Kind { Y, Yp, Constant } kind = Kind::Constant;
    int32_t index = 0;
    double value = 0;
};

class TapeCompiler {
public:
    TapeCompiler(const expr::Pool& pool, std::function<VarSource(int32_t)> varSource)
        : pool_(pool), varSource_(std::move(varSource))
    {
    }

    // Emits code that writes the value of e to out[which][index].
    void store(expr::NodeId e, int which, int32_t index);
    size_t instructionCount() const { return tape_.instructionCount(); }
    // Needs neither the pool nor the variable sources: a helper thread may run it while
    // the pool grows (tape_finisher.hpp).
    Tape finish();

private:
    // A node being compiled: which operand comes next, and what its earlier steps left.
    struct Frame {
        expr::NodeId id = expr::kNone;
        int stage = 0;
        bool memoize = true;
        bool parameterExpression = false; // compiled into parameterExpressions_, which ends with it
        int32_t a = 0, result = 0; // the first operand's register; an if's result register
        size_t jump = 0, mark = 0; // an if's jump to patch; memoLog_'s size before a branch
    };
    int32_t compile(expr::NodeId root);
    bool enter(expr::NodeId id, int32_t& value);
    expr::NodeId advance(Frame& f, int32_t& value);
    void forgetSince(size_t mark);
    int32_t constant(double v);
    int32_t parameter(int32_t id, double value);
    int32_t fresh();
    int32_t emit(TOp op, int32_t a = 0, int32_t b = 0);
    int32_t table(int32_t poolTable);
    // Where instructions go: the tape, or the expressions of parameters alone.
    std::vector<Instr>& code() { return inParameterExpression_ ? parameterExpressions_ : tape_.code_; }

    const expr::Pool& pool_;
    std::function<VarSource(int32_t)> varSource_;
    Tape tape_;
    std::vector<double> init_;
    expr::NodeMap<int32_t> memo_;
    std::vector<expr::NodeId> memoLog_; // entries made, so a branch can forget its own
    std::vector<Frame> frames_;         // the nodes being compiled, innermost last
    std::unordered_map<uint64_t, int32_t> constants_;
    std::unordered_map<int32_t, int32_t> parameters_; // parameter id -> its register
    std::unordered_map<int32_t, int32_t> tables_;
    // Expressions of parameters alone, computed once per run (Tape::workspace(parameters)):
    // a drive line's Jacobian entries c/J would otherwise be divided on every evaluation.
    std::vector<Instr> parameterExpressions_;
    bool inParameterExpression_ = false;
};

} // namespace flange::codegen
