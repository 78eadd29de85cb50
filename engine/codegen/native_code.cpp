#include "engine/codegen/native_code.hpp"
#include "engine/codegen/tape.hpp"
#include "engine/codegen/tape_loops.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>

#if defined(__x86_64__) && defined(__linux__)
#include <sys/mman.h>
#define FLANGE_NATIVE_X86_64 1
#endif

namespace flange::codegen {

namespace {

std::atomic<bool>& enabledFlag()
{
    static std::atomic<bool> on{[] {
        const char* v = std::getenv("FLANGE_INTERPRET");
        return !(v && *v && std::strcmp(v, "0") != 0);
    }()};
    return on;
}

#ifdef FLANGE_NATIVE_X86_64

// General-purpose register numbers as the instruction encoding has them.
enum Gpr : int { RAX = 0, RBX = 3, R8 = 8, R9 = 9, R10 = 10, R12 = 12, R13 = 13, R14 = 14, R15 = 15 };

// The machine code of one tape. While it runs, rbx holds the register file, r12 the
// TapeInputs, r13 the Tape, r14 and r15 the inputs' y and yp (all callee-saved, so they
// survive the calls to Tape::runOne). xmm1 is scratch; xmm0 holds the value being
// computed and, until a call or a jump target, the last register written or read
// (`inXmm0` in assemble), which the next instruction then need not load.
class Assembler {
public:
    std::vector<uint8_t> bytes;

    void u8(uint8_t v) { bytes.push_back(v); }
    void u32(uint32_t v)
    {
        for (int k = 0; k < 4; ++k)
            u8(static_cast<uint8_t>(v >> (8 * k)));
    }
    void u64(uint64_t v)
    {
        for (int k = 0; k < 8; ++k)
            u8(static_cast<uint8_t>(v >> (8 * k)));
    }

    // prefix 0F op xmm, [base + disp] (an SSE2 scalar double operation, movsd included)
    void sse(uint8_t prefix, uint8_t op, int xmm, int base, int32_t disp)
    {
        u8(prefix);
        rex(false, xmm, base);
        u8(0x0F);
        u8(op);
        memoryOperand(xmm, base, disp);
    }
    void load(int xmm, int base, int32_t disp) { sse(0xF2, 0x10, xmm, base, disp); }
    void store(int xmm, int base, int32_t disp) { sse(0xF2, 0x11, xmm, base, disp); }
    // cmpsd xmm, [base + disp32], predicate: all ones where it holds, else zero
    void compare(int xmm, int base, int32_t disp, uint8_t predicate)
    {
        sse(0xF2, 0xC2, xmm, base, disp);
        u8(predicate);
    }
    // mov r64, [base + disp32]
    void loadPointer(int reg, int base, int32_t disp)
    {
        rex(true, reg, base);
        u8(0x8B);
        memoryOperand(reg, base, disp);
    }
    // xmm1 = the 64 bits of v (through rax)
    void constantToXmm1(uint64_t v)
    {
        u8(0x48), u8(0xB8), u64(v);                               // mov rax, imm64
        u8(0x66), u8(0x48), u8(0x0F), u8(0x6E), u8(0xC8);         // movq xmm1, rax
    }
    void andXmm0Xmm1() { u8(0x66), u8(0x0F), u8(0x54), u8(0xC1); }
    // mov r64 (r8-r15), rbx
    void copyRbx(int reg) { u8(0x49), u8(0x89), u8(static_cast<uint8_t>(0xD8 | (reg & 7))); }
    // add r64 (r8-r15), imm32
    void addHigh(int reg, int32_t v)
    {
        u8(0x49), u8(0x81), u8(static_cast<uint8_t>(0xC0 | (reg & 7)));
        u32(static_cast<uint32_t>(v));
    }
    void xorXmm0Xmm1() { u8(0x66), u8(0x0F), u8(0x57), u8(0xC1); }

private:
    void rex(bool wide, int reg, int base)
    {
        const uint8_t r = static_cast<uint8_t>(0x40 | (wide ? 8 : 0) | ((reg & 8) ? 4 : 0) | ((base & 8) ? 1 : 0));
        if (r != 0x40)
            u8(r);
    }
    // [base + disp8] where the displacement fits a byte (the first 16 registers), else
    // [base + disp32]: the code is then about a third shorter, and a long residual's code
    // is read from memory on every evaluation. rsp and r12 as a base need a SIB byte.
    void memoryOperand(int reg, int base, int32_t disp)
    {
        const bool short8 = disp >= -128 && disp <= 127;
        u8(static_cast<uint8_t>((short8 ? 0x40 : 0x80) | ((reg & 7) << 3) | (base & 7)));
        if ((base & 7) == 4)
            u8(0x24);
        if (short8)
            u8(static_cast<uint8_t>(static_cast<int8_t>(disp)));
        else
            u32(static_cast<uint32_t>(disp));
    }
};

constexpr uint64_t kSignBit = 0x8000000000000000ull;
constexpr uint64_t kOneBits = 0x3FF0000000000000ull; // 1.0

int32_t slot(int32_t index) { return index * 8; }

// The predicates of cmpsd (Intel SDM): ordered for <, <=, ==; unordered-or-unequal for !=,
// which is what C++'s relations give for NaN.
constexpr uint8_t kEq = 0, kLt = 1, kLe = 2, kNe = 4;

std::vector<uint8_t> assemble(const std::vector<Instr>& code, const std::vector<TapeLoop>& loops, int32_t scratch,
                              bool& ok)
{
    Assembler a;
    // prologue: save the callee-saved registers used (five pushes keep the stack 16-byte
    // aligned for the calls), then load the fixed pointers
    a.u8(0x53);                                   // push rbx
    a.u8(0x41), a.u8(0x54);                       // push r12
    a.u8(0x41), a.u8(0x55);                       // push r13
    a.u8(0x41), a.u8(0x56);                       // push r14
    a.u8(0x41), a.u8(0x57);                       // push r15
    a.u8(0x48), a.u8(0x89), a.u8(0xF3);           // mov rbx, rsi  (registers)
    a.u8(0x49), a.u8(0x89), a.u8(0xFC);           // mov r12, rdi  (inputs)
    a.u8(0x49), a.u8(0x89), a.u8(0xD5);           // mov r13, rdx  (tape)
    a.loadPointer(R14, R12, offsetof(TapeInputs, y));
    a.loadPointer(R15, R12, offsetof(TapeInputs, yp));

    // xmm0 still holds register `inXmm0` after the instruction that wrote or read it,
    // unless a call or a jump came between: its next read then loads nothing.
    std::vector<char> jumpTarget(code.size() + 1, 0);
    for (const Instr& I : code)
        if ((I.op == TOp::Jump || I.op == TOp::JumpIfZero) && I.dst >= 0 && static_cast<size_t>(I.dst) <= code.size())
            jumpTarget[static_cast<size_t>(I.dst)] = 1;
    int32_t inXmm0 = -1;
    const auto read = [&](int32_t reg) {
        if (reg != inXmm0)
            a.load(0, RBX, slot(reg));
        inXmm0 = reg;
    };
    std::vector<size_t> start(code.size() + 1);
    std::vector<std::pair<size_t, size_t>> jumps; // (where the rel32 is, target instruction)
    const auto jumpTo = [&](size_t target) {
        jumps.emplace_back(a.bytes.size(), target);
        a.u32(0);
    };
    // Output pointers held in r8 (out[0]) and r9 (out[1]) inside a loop; -1 elsewhere,
    // where a store loads its array's pointer first.
    int outBase[2] = {-1, -1};
    const auto copyRegister = [&](int32_t from, int32_t to) {
        read(from);
        a.store(0, RBX, slot(to));
        inXmm0 = to;
    };
    // One instruction, at position pc of the tape (for Tape::runOne).
    const auto emit = [&](const Instr& I, size_t pc) {
        const int32_t dst = slot(I.dst), x = slot(I.a), y = slot(I.b);
        const int32_t written = I.dst; // xmm0's register after the instructions that store it
        switch (I.op) {
        case TOp::LoadY: a.load(0, R14, x); a.store(0, RBX, dst); break;
        case TOp::LoadYp: a.load(0, R15, x); a.store(0, RBX, dst); break;
        case TOp::LoadDisc: case TOp::LoadPre: case TOp::LoadRel: {
            const size_t field = I.op == TOp::LoadDisc ? offsetof(TapeInputs, disc)
                                 : I.op == TOp::LoadPre ? offsetof(TapeInputs, pre)
                                                        : offsetof(TapeInputs, rel);
            a.loadPointer(RAX, R12, static_cast<int32_t>(field));
            a.load(0, RAX, x);
            a.store(0, RBX, dst);
            break;
        }
        case TOp::LoadTime: a.load(0, R12, offsetof(TapeInputs, time)); a.store(0, RBX, dst); break;
        case TOp::LoadInitial: a.load(0, R12, offsetof(TapeInputs, initial)); a.store(0, RBX, dst); break;
        case TOp::Move: read(I.a); a.store(0, RBX, dst); break;
        case TOp::Neg: case TOp::Abs:
            read(I.a);
            a.constantToXmm1(I.op == TOp::Neg ? kSignBit : ~kSignBit);
            if (I.op == TOp::Neg)
                a.xorXmm0Xmm1();
            else
                a.andXmm0Xmm1();
            a.store(0, RBX, dst);
            break;
        case TOp::Add: case TOp::Sub: case TOp::Mul: case TOp::Div: {
            const uint8_t op = I.op == TOp::Add ? 0x58 : I.op == TOp::Sub ? 0x5C : I.op == TOp::Mul ? 0x59 : 0x5E;
            read(I.a);
            a.sse(0xF2, op, 0, RBX, y);
            a.store(0, RBX, dst);
            break;
        }
        case TOp::Sqrt: a.sse(0xF2, 0x51, 0, RBX, x); a.store(0, RBX, dst); break;
        case TOp::Lt: case TOp::Le: case TOp::Gt: case TOp::Ge: case TOp::Eq: case TOp::Ne: {
            // a > b is b < a, a >= b is b <= a; the mask is then cut to 1.0 or 0.0
            const bool swapped = I.op == TOp::Gt || I.op == TOp::Ge;
            const uint8_t predicate = I.op == TOp::Lt || I.op == TOp::Gt   ? kLt
                                      : I.op == TOp::Le || I.op == TOp::Ge ? kLe
                                      : I.op == TOp::Eq                    ? kEq
                                                                           : kNe;
            read(swapped ? I.b : I.a);
            a.compare(0, RBX, swapped ? x : y, predicate);
            a.constantToXmm1(kOneBits);
            a.andXmm0Xmm1();
            a.store(0, RBX, dst);
            break;
        }
        case TOp::Store: {
            int base = outBase[I.out ? 1 : 0];
            if (base < 0) {
                a.loadPointer(RAX, R12, static_cast<int32_t>(offsetof(TapeInputs, out) + sizeof(double*) * I.out));
                base = RAX;
            }
            read(I.a);
            a.store(0, base, dst);
            return; // xmm0 holds register a
        }
        case TOp::Jump:
            a.u8(0xE9); // jmp rel32
            jumpTo(static_cast<size_t>(I.dst));
            inXmm0 = -1;
            return;
        case TOp::JumpIfZero:
            // x == 0 jumps; NaN compares unordered (ZF = PF = 1) and does not, as in C++
            read(I.a);
            a.u8(0x66), a.u8(0x0F), a.u8(0x57), a.u8(0xC9); // xorpd xmm1, xmm1
            a.u8(0x66), a.u8(0x0F), a.u8(0x2E), a.u8(0xC1); // ucomisd xmm0, xmm1
            a.u8(0x7A), a.u8(0x06);                         // jp over the je
            a.u8(0x0F), a.u8(0x84);                         // je rel32
            jumpTo(static_cast<size_t>(I.dst));
            return; // falling through, xmm0 holds register a
        default: // Tape::runOne(registers, pc, tape)
            a.u8(0x48), a.u8(0x89), a.u8(0xDF); // mov rdi, rbx
            a.u8(0xBE), a.u32(static_cast<uint32_t>(pc)); // mov esi, imm32
            a.u8(0x4C), a.u8(0x89), a.u8(0xEA); // mov rdx, r13
            a.u8(0x48), a.u8(0xB8), a.u64(reinterpret_cast<uint64_t>(&Tape::runOne)); // mov rax, imm64
            a.u8(0xFF), a.u8(0xD0); // call rax
            inXmm0 = -1; // the call may change xmm0
            return;
        }
        inXmm0 = written;
    };
    // A stretch run as a loop (tape_loops.hpp): body instruction j writes scratch + j, a
    // carried value waits in scratch + period + j for the next iteration, y and yp (r14,
    // r15) and the outputs (r8, r9) step by their strides, and so does r10 over the
    // register file for the strided operands (each section's parameters); rcx counts down.
    // (r10 is the caller's to save, but a loop body calls nothing.)
    const auto emitLoop = [&](const TapeLoop& l) {
        const auto P = static_cast<int32_t>(l.period);
        const auto body = [&](int32_t j) { return scratch + j; };
        const auto carried = [&](int32_t j) { return scratch + P + j; };
        for (const TapeLoop::CarryIn& c : l.carries)
            copyRegister(c.reg, carried(c.body));
        for (int k = 0; k < 2; ++k) {
            outBase[k] = k == 0 ? R8 : R9;
            a.loadPointer(outBase[k], R12, static_cast<int32_t>(offsetof(TapeInputs, out) + sizeof(double*) * k));
        }
        int32_t step[5] = {0, 0, 0, 0, 0}; // y, yp, out[0], out[1], registers: elements per iteration
        a.copyRbx(R10);
        a.u8(0xB9), a.u32(static_cast<uint32_t>(l.count)); // mov ecx, count
        const size_t head = a.bytes.size();
        inXmm0 = -1; // the jump back lands here
        for (int32_t j = 0; j < P; ++j) {
            Instr B = code[l.start + static_cast<size_t>(j)];
            // A Load operand is loaded again, into a scratch register of its own (operand a
            // or b), each iteration one stride on with the other loads of its array.
            const auto operand = [&](const TapeLoop::Operand& o, int32_t which) {
                switch (o.kind) {
                case TapeLoop::Operand::Kind::Local: return body(o.index);
                case TapeLoop::Operand::Kind::Carried: return carried(o.index);
                case TapeLoop::Operand::Kind::Load: {
                    const int32_t to = scratch + 2 * P + which;
                    a.load(0, o.load == TOp::LoadY ? R14 : R15, slot(o.index));
                    a.store(0, RBX, slot(to));
                    inXmm0 = to;
                    step[o.load == TOp::LoadY ? 0 : 1] = o.stride;
                    return to;
                }
                case TapeLoop::Operand::Kind::Strided: { // into a scratch register, as a Load
                    const int32_t to = scratch + 2 * P + which;
                    a.load(0, R10, slot(o.index));
                    a.store(0, RBX, slot(to));
                    inXmm0 = to;
                    step[4] = o.stride;
                    return to;
                }
                default: return o.index;
                }
            };
            if (l.a[static_cast<size_t>(j)].kind != TapeLoop::Operand::Kind::None)
                B.a = operand(l.a[static_cast<size_t>(j)], 0);
            if (l.b[static_cast<size_t>(j)].kind != TapeLoop::Operand::Kind::None)
                B.b = operand(l.b[static_cast<size_t>(j)], 1);
            if (B.op == TOp::Store)
                step[2 + (B.out ? 1 : 0)] = l.stride[static_cast<size_t>(j)];
            else {
                if (B.op == TOp::LoadY)
                    step[0] = l.stride[static_cast<size_t>(j)];
                if (B.op == TOp::LoadYp)
                    step[1] = l.stride[static_cast<size_t>(j)];
                B.dst = body(j);
            }
            emit(B, l.start + static_cast<size_t>(j));
        }
        for (const TapeLoop::CarryIn& c : l.carries)
            copyRegister(body(c.body), carried(c.body));
        const int pointer[5] = {R14, R15, R8, R9, R10};
        for (int k = 0; k < 5; ++k)
            if (step[k] != 0)
                a.addHigh(pointer[k], step[k] * 8);
        a.u8(0xFF), a.u8(0xC9);             // dec ecx
        a.u8(0x0F), a.u8(0x85);             // jnz rel32 back to the head
        a.u32(static_cast<uint32_t>(static_cast<int64_t>(head) - static_cast<int64_t>(a.bytes.size() + 4)));
        a.loadPointer(R14, R12, offsetof(TapeInputs, y));
        a.loadPointer(R15, R12, offsetof(TapeInputs, yp));
        outBase[0] = outBase[1] = -1;
        inXmm0 = -1;
        for (const TapeLoop::LiveOut& o : l.liveOut) {
            if (o.body >= 0) {
                copyRegister(body(o.body), o.reg);
                continue;
            }
            a.load(0, o.load == TOp::LoadY ? R14 : R15, slot(o.index));
            a.store(0, RBX, slot(o.reg));
            inXmm0 = o.reg;
        }
    };
    size_t nextLoop = 0;
    for (size_t pc = 0; pc < code.size(); ++pc) {
        start[pc] = a.bytes.size();
        if (jumpTarget[pc])
            inXmm0 = -1;
        if (nextLoop < loops.size() && loops[nextLoop].start == pc) {
            const TapeLoop& l = loops[nextLoop++];
            emitLoop(l);
            const size_t end = l.start + l.period * l.count;
            for (size_t q = pc + 1; q < end; ++q)
                start[q] = a.bytes.size(); // nothing jumps there (tape_loops.cpp)
            pc = end - 1;
            continue;
        }
        emit(code[pc], pc);
    }
    start[code.size()] = a.bytes.size();
    a.u8(0x41), a.u8(0x5F); // pop r15
    a.u8(0x41), a.u8(0x5E); // pop r14
    a.u8(0x41), a.u8(0x5D); // pop r13
    a.u8(0x41), a.u8(0x5C); // pop r12
    a.u8(0x5B);             // pop rbx
    a.u8(0xC3);             // ret
    for (const auto& [at, target] : jumps) {
        if (target > code.size()) {
            ok = false;
            return {};
        }
        const int64_t rel = static_cast<int64_t>(start[target]) - static_cast<int64_t>(at + 4);
        std::memcpy(&a.bytes[at], &rel, 4); // little-endian: the low four bytes
    }
    ok = true;
    return std::move(a.bytes);
}

// Every displacement (8 × a register, y or yp index) must fit a signed 32-bit field.
bool fitsDisplacements(const std::vector<Instr>& code)
{
    constexpr int32_t limit = std::numeric_limits<int32_t>::max() / 8;
    for (const Instr& I : code)
        if (I.dst < 0 || I.dst > limit || I.a < 0 || I.a > limit || I.b > limit || I.b < -limit)
            return false;
    return true;
}

#endif

} // namespace

void NativeCode::setEnabled(bool on) { enabledFlag().store(on); }
bool NativeCode::enabled() { return enabledFlag().load(); }

NativeCode::NativeCode(void* memory, size_t size)
    : memory_(memory), size_(size), entry_(reinterpret_cast<Entry>(memory))
{
}

NativeCode::~NativeCode()
{
#ifdef FLANGE_NATIVE_X86_64
    munmap(memory_, size_);
#endif
}

std::shared_ptr<const NativeCode> NativeCode::compile(const std::vector<Instr>& code, const std::vector<TapeLoop>& loops,
                                                     int32_t scratch)
{
#ifdef FLANGE_NATIVE_X86_64
    size_t rolled = code.size();
    size_t longestPeriod = 0;
    for (const TapeLoop& l : loops) {
        rolled -= (l.count - 1) * l.period;
        longestPeriod = std::max(longestPeriod, l.period);
    }
    if (code.empty() || rolled > kMostInstructions || !fitsDisplacements(code) ||
        static_cast<int64_t>(scratch) + 2 * static_cast<int64_t>(longestPeriod) + 2 > std::numeric_limits<int32_t>::max() / 8)
        return nullptr;
    bool ok = false;
    const std::vector<uint8_t> bytes = assemble(code, loops, scratch, ok);
    if (!ok)
        return nullptr;
    // Written while writable, then made executable and read-only (never both at once).
    void* memory = mmap(nullptr, bytes.size(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED)
        return nullptr;
    std::memcpy(memory, bytes.data(), bytes.size());
    if (mprotect(memory, bytes.size(), PROT_READ | PROT_EXEC) != 0) {
        munmap(memory, bytes.size());
        return nullptr;
    }
    return std::shared_ptr<const NativeCode>(new NativeCode(memory, bytes.size()));
#else
    (void)code;
    (void)loops;
    (void)scratch;
    return nullptr;
#endif
}

} // namespace flange::codegen
