#include "engine/codegen/register_reuse.hpp"

#include "engine/error.hpp"

#include <array>

namespace flange::codegen {
namespace {

// The operands an instruction reads as registers (the others are indices into the solver's
// arrays, an exponent, a table or a jump target).
struct Reads {
    std::array<int32_t*, 2> field{};
    int count = 0;
    void add(int32_t& f) { field[static_cast<size_t>(count++)] = &f; }
};

Reads readsOf(Instr& I)
{
    Reads r;
    switch (I.op) {
    case TOp::LoadY: case TOp::LoadYp: case TOp::LoadDisc: case TOp::LoadPre: case TOp::LoadRel:
    case TOp::LoadTime: case TOp::LoadInitial: case TOp::Jump:
        break;
    case TOp::Neg: case TOp::Not: case TOp::PowInt:
    case TOp::Sin: case TOp::Cos: case TOp::Tan: case TOp::Asin: case TOp::Acos: case TOp::Atan:
    case TOp::Sinh: case TOp::Cosh: case TOp::Tanh: case TOp::Exp: case TOp::Log: case TOp::Log10:
    case TOp::Sqrt: case TOp::Abs: case TOp::Sign: case TOp::Floor: case TOp::Ceil:
    case TOp::JumpIfZero: case TOp::Move: case TOp::Store:
        r.add(I.a);
        break;
    case TOp::Interp: case TOp::InterpSlope:
        r.add(I.a);
        if (I.c >= 0)
            r.add(I.c);
        break;
    case TOp::Add: case TOp::Sub: case TOp::Mul: case TOp::Div: case TOp::Pow:
    case TOp::Lt: case TOp::Le: case TOp::Gt: case TOp::Ge: case TOp::Eq: case TOp::Ne: case TOp::And: case TOp::Or:
    case TOp::Atan2: case TOp::Min: case TOp::Max: case TOp::Mod: case TOp::Rem: case TOp::IntDiv:
        r.add(I.a);
        r.add(I.b);
        break;
    }
    return r;
}

bool writesRegister(TOp op) { return op != TOp::JumpIfZero && op != TOp::Jump && op != TOp::Store; }

} // namespace

void reuseRegisters(std::vector<Instr>& code, std::vector<double>& registers)
{
    const size_t n = registers.size();
    std::vector<char> written(n, 0);
    std::vector<int64_t> lastRead(n, -1);
    for (size_t pc = 0; pc < code.size(); ++pc) {
        Reads r = readsOf(code[pc]);
        for (int k = 0; k < r.count; ++k)
            lastRead[static_cast<size_t>(*r.field[static_cast<size_t>(k)])] = static_cast<int64_t>(pc);
        if (writesRegister(code[pc].op))
            written[static_cast<size_t>(code[pc].dst)] = 1;
    }
    // Registers no instruction writes are the constants: they keep a place of their own.
    std::vector<int32_t> place(n, -1);
    std::vector<double> compact;
    for (size_t v = 0; v < n; ++v)
        if (!written[v]) {
            place[v] = static_cast<int32_t>(compact.size());
            compact.push_back(registers[v]);
        }
    std::vector<int32_t> freePlaces;
    int32_t next = static_cast<int32_t>(compact.size());
    for (size_t pc = 0; pc < code.size(); ++pc) {
        Instr& I = code[pc];
        Reads r = readsOf(I);
        std::array<int32_t, 2> virt{};
        for (int k = 0; k < r.count; ++k) {
            int32_t& f = *r.field[static_cast<size_t>(k)];
            virt[static_cast<size_t>(k)] = f;
            if (place[static_cast<size_t>(f)] < 0)
                throw internalError("tape", "register " + std::to_string(f) + " is read before it is written");
            f = place[static_cast<size_t>(f)];
        }
        // Operands read for the last time free their places before the result takes one:
        // an instruction reads its operands before it writes.
        for (int k = 0; k < r.count; ++k) {
            const size_t v = static_cast<size_t>(virt[static_cast<size_t>(k)]);
            const bool again = k == 1 && virt[0] == virt[1];
            if (written[v] && lastRead[v] == static_cast<int64_t>(pc) && !again) {
                freePlaces.push_back(place[v]);
                place[v] = -1;
            }
        }
        // A transcendental function's memo (its last arguments and result, tape.hpp) is
        // written by no instruction, so it is placed among the constants, in one block.
        if (isMemoized(I.op))
            I.c = place[static_cast<size_t>(I.c)];
        if (!writesRegister(I.op))
            continue;
        const size_t d = static_cast<size_t>(I.dst);
        // An if-expression's result is written in both branches: the second write finds its place.
        if (place[d] < 0) {
            if (freePlaces.empty()) {
                place[d] = next++;
            } else {
                place[d] = freePlaces.back();
                freePlaces.pop_back();
            }
        }
        I.dst = place[d];
        if (lastRead[d] <= static_cast<int64_t>(pc)) { // never read again
            freePlaces.push_back(place[d]);
            place[d] = -1;
        }
    }
    compact.resize(static_cast<size_t>(next), 0.0);
    registers = std::move(compact);
}

} // namespace flange::codegen
