#include "engine/codegen/tape_compiler.hpp"
#include "engine/codegen/tape_loops.hpp"
#include "engine/codegen/register_reuse.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

namespace flange::codegen {

using expr::Op;

int32_t TapeCompiler::fresh()
{
    init_.push_back(0.0);
    return static_cast<int32_t>(init_.size() - 1);
}

int32_t TapeCompiler::constant(double v)
{
    uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    auto it = constants_.find(bits);
    if (it != constants_.end())
        return it->second;
    int32_t r = fresh();
    init_[static_cast<size_t>(r)] = v;
    constants_[bits] = r;
    return r;
}

// A register of its own per parameter, never shared with a constant of the same value: a
// run writes the parameter's value there (Tape::workspace).
int32_t TapeCompiler::parameter(int32_t id, double value)
{
    auto it = parameters_.find(id);
    if (it != parameters_.end())
        return it->second;
    const int32_t r = fresh();
    init_[static_cast<size_t>(r)] = value;
    parameters_[id] = r;
    tape_.parameterRegisters_.emplace_back(r, id);
    return r;
}

int32_t TapeCompiler::emit(TOp op, int32_t a, int32_t b)
{
    int32_t d = fresh();
    int32_t memo = -1;
    if (isMemoized(op)) {
        memo = fresh();
        for (int32_t k = 1; k < memoRegisters(op); ++k)
            fresh(); // arguments of zero
        init_[static_cast<size_t>(memo + memoRegisters(op) - 1)] = memoStart(op);
    }
    code().push_back(Instr{op, 0, d, a, b, memo});
    return d;
}

int32_t TapeCompiler::table(int32_t poolTable)
{
    auto it = tables_.find(poolTable);
    if (it != tables_.end())
        return it->second;
    tape_.tables_.push_back(pool_.table(poolTable).interpolator);
    int32_t id = static_cast<int32_t>(tape_.tables_.size() - 1);
    tables_[poolTable] = id;
    return id;
}

// Compiles with a stack of frames instead of recursion: an expression can be as deep as
// the model is long (a chain of parameters, a long table's event count), deeper than the
// thread's stack would allow. The code comes out as a recursive descent would emit it:
// operands in order, each branch of an if after its condition.
int32_t TapeCompiler::compile(expr::NodeId root)
{
    int32_t value = 0; // the register of the node finished last
    if (!enter(root, value))
        return value;
    while (!frames_.empty()) {
        const expr::NodeId operand = advance(frames_.back(), value);
        if (operand != expr::kNone) {
            enter(operand, value);
            continue;
        }
        const Frame done = frames_.back();
        frames_.pop_back();
        if (done.parameterExpression)
            inParameterExpression_ = false;
        if (done.memoize) {
            memo_.set(done.id, value);
            memoLog_.push_back(done.id);
        }
    }
    return value;
}

// A node compiled at once (compiled before, a constant, a load) gives its register in
// value and false; any other gets a frame, to be advanced, and true.
bool TapeCompiler::enter(expr::NodeId id, int32_t& value)
{
    if (memo_.contains(id)) {
        value = memo_.at(id);
        return false;
    }
    const expr::Node& n = pool_.node(id);
    int32_t r = 0;
    switch (n.op) {
    case Op::Const: value = constant(n.value); return false;
    case Op::Param: value = parameter(n.index, n.value); return false;
    case Op::Time: r = emit(TOp::LoadTime); break;
    case Op::Initial: r = emit(TOp::LoadInitial); break;
    case Op::Var: {
        VarSource s = varSource_(n.index);
        if (s.kind == VarSource::Kind::Constant) {
            value = constant(s.value);
            return false;
        }
        r = emit(s.kind == VarSource::Kind::Y ? TOp::LoadY : TOp::LoadYp, s.index);
        break;
    }
    case Op::Disc: r = emit(TOp::LoadDisc, n.index); break;
    case Op::Pre: r = emit(TOp::LoadPre, n.index); break;
    case Op::Rel: r = emit(TOp::LoadRel, n.index); break;
    default:
        frames_.push_back(Frame{id});
        // An expression of parameters alone (and numbers), of plain operations: its operands
        // are such too, and it goes with them into the expressions computed once per run.
        if (!inParameterExpression_ && pool_.ofParameters(id) && n.op != Op::If && n.op != Op::WithDer &&
            n.op != Op::Interp && n.op != Op::InterpSlope) {
            frames_.back().parameterExpression = true;
            inParameterExpression_ = true;
        }
        return true;
    }
    memo_.set(id, r);
    memoLog_.push_back(id);
    value = r;
    return false;
}

void TapeCompiler::forgetSince(size_t mark)
{
    while (memoLog_.size() > mark) {
        memo_.erase(memoLog_.back());
        memoLog_.pop_back();
    }
}

// One step of a node's compilation: value is the register of the operand asked for last.
// Returns the next operand to compile, or kNone when the node is done (its register in value).
expr::NodeId TapeCompiler::advance(Frame& f, int32_t& value)
{
    const expr::Node n = pool_.node(f.id);
    const int stage = f.stage++;
    switch (n.op) {
    case Op::If:
        switch (stage) {
        case 0: return n.a;
        case 1: // the condition is in value; the then-branch's values stay within it
            f.result = fresh();
            f.jump = tape_.code_.size();
            tape_.code_.push_back(Instr{TOp::JumpIfZero, 0, 0, value, 0, -1});
            f.mark = memoLog_.size();
            return n.b;
        case 2: {
            tape_.code_.push_back(Instr{TOp::Move, 0, f.result, value, 0, -1});
            forgetSince(f.mark);
            const size_t jz = f.jump;
            f.jump = tape_.code_.size();
            tape_.code_.push_back(Instr{TOp::Jump, 0, 0, 0, 0, -1});
            tape_.code_[jz].dst = static_cast<int32_t>(tape_.code_.size());
            return n.c;
        }
        default:
            tape_.code_.push_back(Instr{TOp::Move, 0, f.result, value, 0, -1});
            forgetSince(f.mark);
            tape_.code_[f.jump].dst = static_cast<int32_t>(tape_.code_.size());
            value = f.result;
            return expr::kNone;
        }
    case Op::Interp:
    case Op::InterpSlope:
        if (stage == 0)
            return n.a;
        if (stage == 1) {
            f.a = value;
            if (n.c != expr::kNone)
                return n.c;
            value = -1; // no event interval
        }
        {
            const int32_t col = static_cast<int32_t>(pool_.node(n.b).value) - 2;
            const int32_t interval = value;
            value = emit(n.op == Op::Interp ? TOp::Interp : TOp::InterpSlope, f.a, table(n.index) | (col << 16));
            tape_.code_.back().c = interval;
            return expr::kNone;
        }
    case Op::WithDer:
        if (stage == 0)
            return n.a; // the derivative b matters only to index reduction
        f.memoize = false; // the node is its value's register
        return expr::kNone;
    case Op::Pow:
        if (stage == 0)
            return n.a;
        if (stage == 1) {
            f.a = value;
            if (pool_.isConst(n.b)) {
                const double e = pool_.constValue(n.b);
                if (e == std::floor(e) && e >= 2 && e <= 8) {
                    value = emit(TOp::PowInt, f.a, static_cast<int32_t>(e));
                    return expr::kNone;
                }
            }
            return n.b;
        }
        value = emit(TOp::Pow, f.a, value);
        return expr::kNone;
    default: {
        if (stage == 0)
            return n.a;
        if (stage == 1) {
            f.a = value;
            if (n.b != expr::kNone)
                return n.b;
            value = 0;
        }
        static const std::pair<Op, TOp> map[] = {
            {Op::Neg, TOp::Neg}, {Op::Not, TOp::Not}, {Op::Add, TOp::Add}, {Op::Sub, TOp::Sub}, {Op::Mul, TOp::Mul},
            {Op::Div, TOp::Div}, {Op::Lt, TOp::Lt}, {Op::Le, TOp::Le}, {Op::Gt, TOp::Gt}, {Op::Ge, TOp::Ge},
            {Op::Eq, TOp::Eq}, {Op::Ne, TOp::Ne}, {Op::And, TOp::And}, {Op::Or, TOp::Or}, {Op::Sin, TOp::Sin},
            {Op::Cos, TOp::Cos}, {Op::Tan, TOp::Tan}, {Op::Asin, TOp::Asin}, {Op::Acos, TOp::Acos},
            {Op::Atan, TOp::Atan}, {Op::Sinh, TOp::Sinh}, {Op::Cosh, TOp::Cosh}, {Op::Tanh, TOp::Tanh},
            {Op::Exp, TOp::Exp}, {Op::Log, TOp::Log}, {Op::Log10, TOp::Log10}, {Op::Sqrt, TOp::Sqrt},
            {Op::Abs, TOp::Abs}, {Op::Sign, TOp::Sign}, {Op::Floor, TOp::Floor}, {Op::Ceil, TOp::Ceil},
            {Op::Integer, TOp::Floor}, {Op::Atan2, TOp::Atan2}, {Op::Min, TOp::Min}, {Op::Max, TOp::Max},
            {Op::Mod, TOp::Mod}, {Op::Rem, TOp::Rem}, {Op::IntDiv, TOp::IntDiv},
        };
        TOp top = TOp::Add;
        for (const auto& [o, t] : map)
            if (o == n.op)
                top = t;
        value = emit(top, f.a, value);
        return expr::kNone;
    }
    }
}

void TapeCompiler::store(expr::NodeId e, int which, int32_t index)
{
    int32_t r = compile(e);
    tape_.code_.push_back(Instr{TOp::Store, static_cast<uint8_t>(which), index, r, 0, -1});
}

Tape TapeCompiler::finish()
{
    tape_.initialRegisters_ = init_;
    // A tape too long for straight-line native code may still run natively with its
    // repeated stretches as loops; they are found while every instruction has its own
    // register (tape_loops.hpp).
    std::vector<TapeLoop> loops;
    if (NativeCode::enabled() && tape_.code_.size() > NativeCode::kMostInstructions)
        loops = findTapeLoops(tape_.code_, NativeCode::kMostInstructions);
    std::vector<int32_t> constantPlaces;
    reuseRegisters(tape_.code_, tape_.initialRegisters_, &constantPlaces);
    for (auto& [reg, id] : tape_.parameterRegisters_)
        reg = constantPlaces[static_cast<size_t>(reg)];
    // The tape writes none of the registers of the expressions of parameters: they are
    // among the constants, where they are computed at translation's values now.
    if (!parameterExpressions_.empty()) {
        for (Instr& I : parameterExpressions_) {
            const RegisterReads reads = registerReads(I);
            for (int f = 0; f < reads.count; ++f) {
                int32_t& reg = registerField(I, reads.field[static_cast<size_t>(f)]);
                reg = constantPlaces[static_cast<size_t>(reg)];
            }
            if (isMemoized(I.op))
                I.c = constantPlaces[static_cast<size_t>(I.c)];
            I.dst = constantPlaces[static_cast<size_t>(I.dst)];
        }
        auto expressions = std::make_shared<Tape>();
        expressions->code_ = std::move(parameterExpressions_);
        expressions->interpret(TapeInputs{}, tape_.initialRegisters_.data());
        tape_.parameterExpressions_ = std::move(expressions);
        parameterExpressions_.clear();
    }
    if (NativeCode::enabled()) {
        if (!bindTapeLoops(loops, tape_.code_))
            loops.clear();
        const auto scratch = static_cast<int32_t>(tape_.initialRegisters_.size());
        size_t longestPeriod = 0;
        for (const TapeLoop& l : loops)
            longestPeriod = std::max(longestPeriod, l.period);
        tape_.native_ = NativeCode::compile(tape_.code_, loops, scratch);
        if (tape_.native_ && longestPeriod > 0)
            tape_.initialRegisters_.resize(tape_.initialRegisters_.size() + 2 * longestPeriod + 2, 0.0);
    }
    Tape out = std::move(tape_);
    tape_ = Tape();
    return out;
}

} // namespace flange::codegen
