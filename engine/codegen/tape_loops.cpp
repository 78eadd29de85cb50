#include "engine/codegen/tape_loops.hpp"

#include "engine/codegen/register_reuse.hpp"

#include <algorithm>
#include <cstring>
#include <tuple>

namespace flange::codegen {
namespace {

constexpr size_t kLongestPeriod = 64;

// What a loop body may hold: what native code runs inline, without a call or a jump.
bool loopable(TOp op)
{
    switch (op) {
    case TOp::LoadY: case TOp::LoadYp: case TOp::Neg: case TOp::Add: case TOp::Sub: case TOp::Mul: case TOp::Div:
    case TOp::Move: case TOp::Store:
        return true;
    default:
        return false;
    }
}

bool hasIndex(TOp op) { return op == TOp::LoadY || op == TOp::LoadYp || op == TOp::Store; }
int32_t indexOf(const Instr& I) { return I.op == TOp::Store ? I.dst : I.a; }

// An operand as the instruction at position i of a stretch from `start` with `period`
// sees it: made in the same period, in the one before, or before the stretch.
struct Source {
    TapeLoop::Operand::Kind kind = TapeLoop::Operand::Kind::None;
    int32_t index = -1; // body instruction, the register (before reuse) made outside, or a load's index
    TOp load = TOp::LoadY;
    friend bool operator==(const Source&, const Source&) = default;
};

class Finder {
public:
    Finder(const std::vector<Instr>& code, size_t straightLimit) : code_(code), straightLimit_(straightLimit)
    {
        // Before reuse every register is written by one instruction, an if-expression's
        // result by two (one per branch): those are never inside a stretch, which has no jumps.
        size_t registers = 0;
        for (const Instr& I : code)
            if (writesRegister(I.op))
                registers = std::max(registers, static_cast<size_t>(I.dst) + 1);
        writer_.assign(registers, -1);
        for (size_t pc = 0; pc < code.size(); ++pc)
            if (writesRegister(code[pc].op)) {
                const auto d = static_cast<size_t>(code[pc].dst);
                writer_[d] = writer_[d] == -1 ? static_cast<int64_t>(pc) : kWrittenTwice;
            }
        lastRead_.assign(registers, -1);
        for (size_t pc = 0; pc < code.size(); ++pc) {
            const RegisterReads reads = registerReads(code[pc]);
            for (int f = 0; f < reads.count; ++f) {
                const int32_t reg = registerField(code[pc], reads.field[static_cast<size_t>(f)]);
                if (reg >= 0 && static_cast<size_t>(reg) < registers)
                    lastRead_[static_cast<size_t>(reg)] = static_cast<int64_t>(pc);
            }
        }
        // The operations as bytes, those a loop cannot hold marked: the cheap check's
        // comparisons run over a compact array.
        ops_.resize(code.size());
        for (size_t pc = 0; pc < code.size(); ++pc)
            ops_[pc] = loopable(code[pc].op) ? static_cast<uint8_t>(code[pc].op) : kNotLoopable;
        jumpTarget_.assign(code.size() + 1, 0);
        for (const Instr& I : code)
            if ((I.op == TOp::Jump || I.op == TOp::JumpIfZero) && I.dst >= 0 && static_cast<size_t>(I.dst) <= code.size())
                jumpTarget_[static_cast<size_t>(I.dst)] = 1;
    }

    std::vector<TapeLoop> find()
    {
        // Where a loop may start: per period, the first period's worth of positions of every
        // stretch whose operations repeat one period on for as many periods as a loop needs,
        // found in one pass per period over the operations as bytes.
        struct Candidate {
            size_t start, period;
        };
        std::vector<Candidate> candidates;
        const size_t n = code_.size();
        // Instructions no loop can hold stay straight-line code: beyond the limit native code
        // has, loops cannot help, and the search is not worth its time (a drive line whose
        // backlash elements' if-expressions are a fifth of its tape).
        if (static_cast<size_t>(std::count(ops_.begin(), ops_.end(), kNotLoopable)) > straightLimit_)
            return {};
        for (size_t p = 1; p <= kLongestPeriod && p * kMinLoopCount <= n; ++p) {
            if (!worthAPass(p))
                continue;
            // One forward pass: each maximal run of positions whose operation repeats a
            // period on gives its first period's positions, where long enough.
            const size_t need = (kMinLoopCount - 1) * p;
            const uint8_t* ops = ops_.data();
            const size_t last = n - p; // the last position with an operation a period on
            for (size_t runStart = 0; runStart <= last;) {
                size_t end = runStart; // the run's first position that does not repeat
                // Eight operations at a time while they repeat and none is unloopable: the
                // passes read long tapes whole, dozens of times (a period's multiples pass too).
                for (uint64_t here = 0, on = 0; end + 8 <= last; end += 8) {
                    std::memcpy(&here, ops + end, 8);
                    std::memcpy(&on, ops + end + p, 8);
                    const uint64_t flipped = ~here; // an unloopable byte (0xff) is a zero byte here
                    if (here != on || ((flipped - 0x0101010101010101ULL) & ~flipped & 0x8080808080808080ULL) != 0)
                        break;
                }
                while (end < last && ops[end] != kNotLoopable && ops[end] == ops[end + p])
                    ++end;
                for (size_t c = runStart; c < runStart + p && c + need <= end; ++c)
                    candidates.push_back({c, p});
                runStart = end + 1;
            }
        }
        std::sort(candidates.begin(), candidates.end(), [](const Candidate& x, const Candidate& y) {
            return x.start != y.start ? x.start < y.start : x.period < y.period;
        });
        std::vector<TapeLoop> loops;
        size_t free = 0; // the first instruction after the last loop taken
        for (size_t c = 0; c < candidates.size() && work_ <= kWorkPerInstruction * n;) {
            const size_t s = candidates[c].start;
            TapeLoop best;
            std::vector<size_t> found; // periods that loop from s: their multiples repeat them
            for (; c < candidates.size() && candidates[c].start == s; ++c) {
                const size_t p = candidates[c].period;
                if (s < free || std::any_of(found.begin(), found.end(), [p](size_t q) { return p % q == 0; }))
                    continue;
                TapeLoop l = longestFrom(s, p);
                if (l.count >= kMinLoopCount)
                    found.push_back(p);
                if (l.count * l.period > best.count * best.period)
                    best = std::move(l);
            }
            if (best.count > 0 && endWhereLiveOutAllows(best)) {
                free = best.start + best.period * best.count;
                loops.push_back(std::move(best));
            }
        }
        for (size_t i = 0; i < loops.size(); ++i)
            collectLiveOut(loops, i);
        return loops;
    }

private:
    static constexpr int64_t kWrittenTwice = -2;
    // The search stops after comparing this many instructions' operands per instruction of
    // the tape: a drive line's needs about one, and a tape whose operations repeat without
    // a loop in them (components in alternating order) must not cost more than compiling it.
    static constexpr size_t kWorkPerInstruction = 4;
    size_t work_ = 0;
    static constexpr uint8_t kNotLoopable = 0xFF;
    std::vector<uint8_t> ops_;

    int64_t writerOf(int32_t reg) const
    {
        return reg >= 0 && static_cast<size_t>(reg) < writer_.size() ? writer_[static_cast<size_t>(reg)] : -1;
    }

    // The source of field f of the instruction at pc, in a stretch from s with period p;
    // kind None where no loop can give it (made two periods back, or twice).
    Source sourceOf(size_t pc, int field, size_t s, size_t p) const
    {
        const int32_t reg = registerField(code_[pc], field);
        const int64_t w = writerOf(reg);
        if (w == kWrittenTwice)
            return {};
        if (w < static_cast<int64_t>(s)) {
            const Instr* W = w >= 0 ? &code_[static_cast<size_t>(w)] : nullptr;
            if (W && (W->op == TOp::LoadY || W->op == TOp::LoadYp))
                return {TapeLoop::Operand::Kind::Load, W->a, W->op};
            return {TapeLoop::Operand::Kind::Outside, reg};
        }
        // where the reader's period starts, and the one before (no division per operand)
        const size_t period = s + (pc - s) / p * p;
        const auto wp = static_cast<size_t>(w);
        if (wp >= period)
            return {TapeLoop::Operand::Kind::Local, static_cast<int32_t>(wp - period)};
        if (period >= p && wp >= period - p)
            return {TapeLoop::Operand::Kind::Carried, static_cast<int32_t>(wp - (period - p))};
        return {};
    }

    // Whether period k (>= 1) of the stretch from s repeats period k - 1: the same
    // operations and outputs, sources and index steps as `pattern` records (filled in
    // from period 1), and for period 1 also against period 0, where a carried value may
    // still come from before the stretch.
    bool periodMatches(size_t s, size_t p, size_t k, TapeLoop& pattern)
    {
        if (s + (k + 1) * p > code_.size())
            return false;
        work_ += p;
        for (size_t j = 0; j < p; ++j) {
            const size_t pc = s + k * p + j, first = s + j;
            const Instr &I = code_[pc], &F = code_[first];
            // (a jump landing inside the stretch is refused in endWhereLiveOutAllows)
            if (!loopable(I.op) || I.op != F.op || I.out != F.out)
                return false;
            const RegisterReads reads = registerReads(I);
            for (int f = 0; f < reads.count; ++f) {
                const Source src = sourceOf(pc, reads.field[static_cast<size_t>(f)], s, p);
                if (src.kind == TapeLoop::Operand::Kind::None)
                    return false;
                auto& op = f == 0 ? pattern.a[j] : pattern.b[j];
                if (src.kind == TapeLoop::Operand::Kind::Load) {
                    // the same array, at an index one step on from the period before
                    const Source before = sourceOf(pc - p, reads.field[static_cast<size_t>(f)], s, p);
                    if (before.kind != src.kind || before.load != src.load)
                        return false;
                    const int64_t step = static_cast<int64_t>(src.index) - before.index;
                    if (k == 1) {
                        op.kind = src.kind;
                        op.load = src.load;
                        op.index = before.index;
                        op.stride = static_cast<int32_t>(step);
                    } else if (op.kind != src.kind || op.load != src.load || step != op.stride) {
                        return false;
                    }
                    continue;
                }
                if (src.kind == TapeLoop::Operand::Kind::Outside && writerOf(src.index) == -1) {
                    // a constant: the same register each period, or one a fixed step on
                    // (each period's own parameter)
                    const Source before = sourceOf(pc - p, reads.field[static_cast<size_t>(f)], s, p);
                    if (before.kind != src.kind || writerOf(before.index) != -1)
                        return false;
                    const int64_t step = static_cast<int64_t>(src.index) - before.index;
                    if (k == 1) {
                        op.kind = step == 0 ? src.kind : TapeLoop::Operand::Kind::Strided;
                        op.index = before.index;
                        op.stride = static_cast<int32_t>(step);
                    } else if (step != (op.kind == TapeLoop::Operand::Kind::Strided ? op.stride : 0)) {
                        return false;
                    }
                    continue;
                }
                if (k == 1) {
                    op.kind = src.kind;
                    op.index = src.index;
                    const int field = reads.field[static_cast<size_t>(f)];
                    const Source zero = sourceOf(first, field, s, p);
                    const bool carriedIn = src.kind == TapeLoop::Operand::Kind::Carried &&
                                           (zero.kind == TapeLoop::Operand::Kind::Outside ||
                                            zero.kind == TapeLoop::Operand::Kind::Load);
                    if (!(zero == src) && !carriedIn)
                        return false;
                    if (carriedIn && !carryFrom(pattern, src.index, first, field, registerField(code_[first], field)))
                        return false;
                } else if (op.kind != src.kind || op.index != src.index) {
                    return false;
                }
            }
            if (hasIndex(I.op)) {
                const int64_t step = static_cast<int64_t>(indexOf(I)) - indexOf(code_[pc - p]);
                if (k == 1)
                    pattern.stride[j] = static_cast<int32_t>(step);
                else if (step != pattern.stride[j])
                    return false;
                // the index at iteration k is first + k * stride, and must stay in range
                if (static_cast<int64_t>(indexOf(F)) + static_cast<int64_t>(k) * step < 0)
                    return false;
            }
        }
        return true;
    }

    // A value carried into body instruction `body`'s result slot comes, in the first
    // iteration, from one register before the stretch: two operands carrying it must
    // agree on which.
    static bool carryFrom(TapeLoop& l, int32_t body, size_t position, int field, int32_t reg)
    {
        for (const TapeLoop::CarryIn& c : l.carries)
            if (c.body == body)
                return c.reg == reg;
        l.carries.push_back({body, position, field, reg});
        return true;
    }

    // Native code steps one pointer per input or output array, and one over the register
    // file for the strided operands: every load from y (yp, an output, a strided register)
    // in the body must step as far.
    static bool uniformSteps(const TapeLoop& l, const std::vector<Instr>& code)
    {
        int32_t step[5] = {0, 0, 0, 0, 0};
        bool seen[5] = {false, false, false, false, false};
        for (size_t j = 0; j < l.period; ++j) {
            const Instr& I = code[l.start + j];
            if (!hasIndex(I.op))
                continue;
            const int cls = I.op == TOp::LoadY ? 0 : I.op == TOp::LoadYp ? 1 : 2 + (I.out ? 1 : 0);
            if (seen[cls] && step[cls] != l.stride[j])
                return false;
            seen[cls] = true;
            step[cls] = l.stride[j];
        }
        for (size_t j = 0; j < l.period; ++j)
            for (const TapeLoop::Operand* o : {&l.a[j], &l.b[j]})
                if (o->kind == TapeLoop::Operand::Kind::Strided) {
                    if (seen[4] && step[4] != o->stride)
                        return false;
                    seen[4] = true;
                    step[4] = o->stride;
                } else if (o->kind == TapeLoop::Operand::Kind::Load) {
                    const int cls = o->load == TOp::LoadY ? 0 : 1;
                    if (seen[cls] && step[cls] != o->stride)
                        return false;
                    seen[cls] = true;
                    step[cls] = o->stride;
                }
        return true;
    }

    // Whether four operations in a row repeat one period on at a twentieth of a sample of
    // the tape's positions: a period that can make a long tape native covers much of it,
    // while a period that fits nothing matches four in a row at random less than once in a
    // hundred. A pass per period over the whole tape is then made for a few periods only.
    bool worthAPass(size_t p) const
    {
        constexpr size_t kStep = 32, kRow = 4;
        size_t samples = 0, matches = 0;
        for (size_t i = 0; i + p + kRow <= ops_.size(); i += kStep) {
            ++samples;
            bool same = true;
            for (size_t k = 0; k < kRow && same; ++k)
                same = ops_[i + k] != kNotLoopable && ops_[i + k] == ops_[i + k + p];
            matches += same ? 1 : 0;
        }
        return matches * 20 >= samples && matches > 0;
    }

    // The longest stretch from s with period p that qualifies (count 0 where none does).
    TapeLoop longestFrom(size_t s, size_t p)
    {
        TapeLoop l;
        l.start = s;
        l.period = p;
        l.a.assign(p, {});
        l.b.assign(p, {});
        l.stride.assign(p, 0);
        if (!periodMatches(s, p, 1, l) || !uniformSteps(l, code_)) // the strides are known after period 1
            return {};
        size_t k = 2;
        while (periodMatches(s, p, k, l))
            ++k;
        l.count = k; // periods 0 .. k - 1
        return l;
    }

    // The loop leaves the last iteration's results only: every read after the stretch of
    // a value made in it must be of the last period's, or of a load, which can be done
    // again. Where an earlier period's other value is read later, the stretch ends after
    // that period (its later periods stay straight-line code). False when too little is left.
    bool endWhereLiveOutAllows(TapeLoop& l) const
    {
        for (;;) {
            if (l.count < kMinLoopCount)
                return false;
            const size_t end = l.start + l.period * l.count, lastStart = end - l.period;
            size_t keep = l.count;
            for (size_t w = l.start; w < lastStart; ++w) {
                const Instr& I = code_[w];
                if (writesRegister(I.op) && I.op != TOp::LoadY && I.op != TOp::LoadYp &&
                    lastRead(I.dst) >= static_cast<int64_t>(end))
                    keep = std::min(keep, (w - l.start) / l.period + 1);
            }
            if (keep == l.count)
                break;
            l.count = keep;
        }
        for (size_t pc = l.start + 1; pc < l.start + l.period * l.count; ++pc)
            if (jumpTarget_[pc])
                return false; // no jump from outside lands inside (the stretch itself has none)
        return true;
    }

    // The reads after loop i's stretch of the values made in it, but those a later loop
    // loads again itself (its Load operands).
    void collectLiveOut(std::vector<TapeLoop>& loops, size_t i) const
    {
        TapeLoop& l = loops[i];
        const size_t end = l.start + l.period * l.count;
        l.liveOut.clear();
        size_t later = i + 1;
        for (size_t pc = end; pc < code_.size(); ++pc) {
            while (later < loops.size() && pc >= loops[later].start + loops[later].period * loops[later].count)
                ++later;
            const TapeLoop* in = later < loops.size() && pc >= loops[later].start ? &loops[later] : nullptr;
            const RegisterReads reads = registerReads(code_[pc]);
            for (int f = 0; f < reads.count; ++f) {
                const int field = reads.field[static_cast<size_t>(f)];
                if (in) {
                    const size_t j = (pc - in->start) % in->period;
                    const TapeLoop::Operand& o = f == 0 ? in->a[j] : in->b[j];
                    if (o.kind == TapeLoop::Operand::Kind::Load)
                        continue;
                }
                const int64_t w = writerOf(registerField(code_[pc], field));
                if (w < static_cast<int64_t>(l.start) || w >= static_cast<int64_t>(end))
                    continue;
                const auto offset = static_cast<size_t>(w) - l.start;
                TapeLoop::LiveOut o;
                o.position = pc;
                o.field = field;
                if (offset / l.period + 1 == l.count) {
                    o.body = static_cast<int32_t>(offset % l.period);
                } else { // a load (endWhereLiveOutAllows): done again
                    o.load = code_[static_cast<size_t>(w)].op;
                    o.index = code_[static_cast<size_t>(w)].a;
                }
                l.liveOut.push_back(o);
            }
        }
    }

    int64_t lastRead(int32_t reg) const
    {
        return reg >= 0 && static_cast<size_t>(reg) < lastRead_.size() ? lastRead_[static_cast<size_t>(reg)] : -1;
    }

    const std::vector<Instr>& code_;
    size_t straightLimit_;
    std::vector<int64_t> writer_, lastRead_;
    std::vector<char> jumpTarget_;
};

} // namespace

std::vector<TapeLoop> findTapeLoops(const std::vector<Instr>& code, size_t straightLimit)
{
    return Finder(code, straightLimit).find();
}

bool bindTapeLoops(std::vector<TapeLoop>& loops, const std::vector<Instr>& code)
{
    for (TapeLoop& l : loops) {
        // An outside value is read, in every period, from the register it has from where it
        // is made to its last read: the first period's operand names it. A strided one
        // steps from the first period's register as the second's says, in every period.
        for (size_t j = 0; j < l.period; ++j) {
            const Instr& first = code[l.start + j];
            const RegisterReads reads = registerReads(first);
            for (int f = 0; f < reads.count; ++f) {
                TapeLoop::Operand& op = f == 0 ? l.a[j] : l.b[j];
                const int field = reads.field[static_cast<size_t>(f)];
                if (op.kind == TapeLoop::Operand::Kind::Outside)
                    op.index = registerField(first, field);
                if (op.kind != TapeLoop::Operand::Kind::Strided)
                    continue;
                op.index = registerField(first, field);
                op.stride = registerField(code[l.start + l.period + j], field) - op.index;
                for (size_t k = 2; k < l.count; ++k)
                    if (registerField(code[l.start + k * l.period + j], field) !=
                        op.index + static_cast<int64_t>(k) * op.stride)
                        return false;
            }
        }
        // (the strides after reuse agree within a loop as before it: every period places as
        // many constants)
        int32_t stride = 0;
        for (size_t j = 0; j < l.period; ++j)
            for (const TapeLoop::Operand* o : {&l.a[j], &l.b[j]})
                if (o->kind == TapeLoop::Operand::Kind::Strided) {
                    if (stride != 0 && o->stride != stride)
                        return false;
                    stride = o->stride;
                }
        for (TapeLoop::CarryIn& c : l.carries)
            c.reg = registerField(code[c.position], c.field);
        for (TapeLoop::LiveOut& o : l.liveOut)
            o.reg = registerField(code[o.position], o.field);
        // A value read many times after the stretch (a last torque every row reads) is
        // put in its register once.
        const auto key = [](const TapeLoop::LiveOut& o) { return std::tuple(o.reg, o.body, o.load, o.index); };
        std::sort(l.liveOut.begin(), l.liveOut.end(),
                  [&key](const TapeLoop::LiveOut& x, const TapeLoop::LiveOut& y) { return key(x) < key(y); });
        l.liveOut.erase(std::unique(l.liveOut.begin(), l.liveOut.end(),
                                    [&key](const TapeLoop::LiveOut& x, const TapeLoop::LiveOut& y) { return key(x) == key(y); }),
                        l.liveOut.end());
    }
    return true;
}

} // namespace flange::codegen
