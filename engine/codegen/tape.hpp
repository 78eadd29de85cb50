#pragma once
// A flat instruction tape: expressions compiled once into register instructions over a
// work array, so evaluating a residual or Jacobian is one loop with no tree walking and
// no allocation (the shape of CasADi's SXFunction algorithm vector). If-expressions are
// jumps, so an untaken branch never runs. A Tape is immutable once built: every
// evaluator (one per simulation and tape) brings its own register file, so one compiled
// model can run on many threads at once. A tape that is not too long also runs as machine
// code (native_code.hpp), with the interpreter's results bit for bit.
#include "engine/codegen/native_code.hpp"
#include "engine/expr/table_interpolation.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace flange::codegen {

enum class TOp : uint8_t {
    LoadY, LoadYp, LoadDisc, LoadPre, LoadRel, LoadTime, LoadInitial,
    Neg, Not, Add, Sub, Mul, Div, Pow, PowInt,
    Lt, Le, Gt, Ge, Eq, Ne, And, Or,
    Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Tanh, Exp, Log, Log10, Sqrt, Abs, Sign, Floor, Ceil,
    Atan2, Min, Max, Mod, Rem, IntDiv,
    Interp, InterpSlope,
    JumpIfZero, Jump, Move, Store,
};

struct Instr {
    TOp op;
    uint8_t out = 0; // Store: which output array
    int32_t dst = 0; // register, or jump target
    int32_t a = 0, b = 0;
    int32_t c = -1; // Interp: register of the event interval, or -1; memoized ops: memoRegisters
};

// Transcendental functions remember their last argument(s) and result in registers of
// their own, from c on: a consistent solve evaluates a residual several times with time
// and states held, and IDA's Newton iterations repeat time too, so sin(w*time) and the
// functions of states would be recomputed with the same arguments (HeatLosses: a tenth
// of a run in sin). Arguments are compared bit for bit, so the result is always the
// function's own (sin(-0.0) is -0.0, NaN is recomputed).
bool isMemoized(TOp op);
// Registers an instruction with op keeps from c on: its argument(s), then the result.
inline int32_t memoRegisters(TOp op) { return op == TOp::Pow || op == TOp::Atan2 ? 3 : 2; }
// The result for arguments of zero, which the memo registers start from.
double memoStart(TOp op);

struct TapeInputs {
    const double* y = nullptr;
    const double* yp = nullptr;
    const double* disc = nullptr;
    const double* pre = nullptr;
    const double* rel = nullptr;
    double time = 0;
    double initial = 0;
    double* out[2] = {nullptr, nullptr};
};

class Tape {
public:
    // A fresh register file for run(): the constants in front, work registers after.
    // Made once per evaluator, outside the residual loop.
    std::vector<double> workspace() const { return initialRegisters_; }
    // The same with other values of the parameters kept as leaves (expr::Pool::param), by
    // parameter id: the tape as translated at those values, but for what translation read
    // of them to decide (docs/architecture.md, "Parameters"). The expressions of parameters
    // alone (a Jacobian entry c/J) are computed here, once, into registers the tape reads
    // as constants.
    std::vector<double> workspace(const std::vector<double>& parameters) const;
    // The register of each parameter the tape reads: (register, parameter id).
    const std::vector<std::pair<int32_t, int32_t>>& parameterRegisters() const { return parameterRegisters_; }
    // registers: a workspace() of this tape, owned by the caller (one per thread).
    void run(const TapeInputs& in, double* registers) const
    {
        if (native_)
            native_->run(in, registers, *this);
        else
            interpret(in, registers);
    }
    // The same, always by the interpreter (what the native code is tested against).
    void interpret(const TapeInputs& in, double* registers) const;
    size_t instructionCount() const { return code_.size(); }
    size_t registerCount() const { return initialRegisters_.size(); }
    bool isNative() const { return native_ != nullptr; }
    size_t nativeBytes() const { return native_ ? native_->bytes() : 0; }

    // Instruction `index`, any but a load, a store or a jump: the native code's call for the
    // operations it does not translate itself. noexcept: machine code has no unwind tables,
    // so nothing may be thrown through it (nothing here throws).
    static void runOne(double* registers, uint32_t index, const Tape* tape) noexcept;

private:
    friend class TapeCompiler;
    double value(const Instr& I, double* registers) const;
    std::vector<Instr> code_;
    std::shared_ptr<const NativeCode> native_; // null: interpreted
    std::vector<double> initialRegisters_; // constants first, then zeroed work registers
    std::vector<std::pair<int32_t, int32_t>> parameterRegisters_; // among the constants, one per parameter
    // The expressions of parameters alone, computed by workspace(parameters) over the same
    // registers (among the constants); null where there are none.
    std::shared_ptr<const Tape> parameterExpressions_;
    std::vector<std::shared_ptr<const expr::TableInterpolator>> tables_; // shared with the pool
};

} // namespace flange::codegen
