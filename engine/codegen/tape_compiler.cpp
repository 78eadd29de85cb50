#include "engine/codegen/tape_compiler.hpp"
#include "engine/codegen/tape_loops.hpp"
#include "engine/codegen/register_reuse.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

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
    tape_.code_.push_back(Instr{op, 0, d, a, b, memo});
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

int32_t TapeCompiler::compile(expr::NodeId id)
{
    if (memo_.contains(id))
        return memo_.at(id);
    const expr::Node n = pool_.node(id);
    int32_t r = 0;
    switch (n.op) {
    case Op::Const: return constant(n.value);
    case Op::Time: r = emit(TOp::LoadTime); break;
    case Op::Initial: r = emit(TOp::LoadInitial); break;
    case Op::Var: {
        VarSource s = varSource_(n.index);
        if (s.kind == VarSource::Kind::Constant)
            return constant(s.value);
        r = emit(s.kind == VarSource::Kind::Y ? TOp::LoadY : TOp::LoadYp, s.index);
        break;
    }
    case Op::Disc: r = emit(TOp::LoadDisc, n.index); break;
    case Op::Pre: r = emit(TOp::LoadPre, n.index); break;
    case Op::Rel: r = emit(TOp::LoadRel, n.index); break;
    case Op::If: {
        int32_t c = compile(n.a);
        r = fresh();
        size_t jz = tape_.code_.size();
        tape_.code_.push_back(Instr{TOp::JumpIfZero, 0, 0, c, 0, -1});
        size_t mark = memoLog_.size();
        int32_t t = compile(n.b);
        tape_.code_.push_back(Instr{TOp::Move, 0, r, t, 0, -1});
        while (memoLog_.size() > mark) {
            memo_.erase(memoLog_.back());
            memoLog_.pop_back();
        }
        size_t jmp = tape_.code_.size();
        tape_.code_.push_back(Instr{TOp::Jump, 0, 0, 0, 0, -1});
        tape_.code_[jz].dst = static_cast<int32_t>(tape_.code_.size());
        int32_t e = compile(n.c);
        tape_.code_.push_back(Instr{TOp::Move, 0, r, e, 0, -1});
        while (memoLog_.size() > mark) {
            memo_.erase(memoLog_.back());
            memoLog_.pop_back();
        }
        tape_.code_[jmp].dst = static_cast<int32_t>(tape_.code_.size());
        break;
    }
    case Op::Interp:
    case Op::InterpSlope: {
        int32_t u = compile(n.a);
        int32_t interval = n.c == expr::kNone ? -1 : compile(n.c);
        int32_t col = static_cast<int32_t>(pool_.node(n.b).value) - 2;
        r = emit(n.op == Op::Interp ? TOp::Interp : TOp::InterpSlope, u, table(n.index) | (col << 16));
        tape_.code_.back().c = interval;
        break;
    }
    case Op::WithDer:
        return compile(n.a); // the derivative b matters only to index reduction
    case Op::Pow: {
        int32_t a = compile(n.a);
        if (pool_.isConst(n.b)) {
            double e = pool_.constValue(n.b);
            if (e == std::floor(e) && e >= 2 && e <= 8) {
                r = emit(TOp::PowInt, a, static_cast<int32_t>(e));
                break;
            }
        }
        r = emit(TOp::Pow, a, compile(n.b));
        break;
    }
    default: {
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
        int32_t a = compile(n.a);
        int32_t b = n.b != expr::kNone ? compile(n.b) : 0;
        r = emit(top, a, b);
    }
    }
    memo_.set(id, r);
    memoLog_.push_back(id);
    return r;
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
    reuseRegisters(tape_.code_, tape_.initialRegisters_);
    if (NativeCode::enabled()) {
        bindTapeLoops(loops, tape_.code_);
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
