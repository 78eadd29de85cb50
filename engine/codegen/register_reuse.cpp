#include "engine/codegen/register_reuse.hpp"

#include "engine/error.hpp"

#include <array>

namespace flange::codegen {

RegisterReads registerReads(const Instr& I)
{
    RegisterReads r;
    const auto add = [&r](int field) { r.field[static_cast<size_t>(r.count++)] = field; };
    switch (I.op) {
    case TOp::LoadY: case TOp::LoadYp: case TOp::LoadDisc: case TOp::LoadPre: case TOp::LoadRel:
    case TOp::LoadTime: case TOp::LoadInitial: case TOp::Jump:
        break;
    case TOp::Neg: case TOp::Not: case TOp::PowInt:
    case TOp::Sin: case TOp::Cos: case TOp::Tan: case TOp::Asin: case TOp::Acos: case TOp::Atan:
    case TOp::Sinh: case TOp::Cosh: case TOp::Tanh: case TOp::Exp: case TOp::Log: case TOp::Log10:
    case TOp::Sqrt: case TOp::Abs: case TOp::Sign: case TOp::Floor: case TOp::Ceil:
    case TOp::JumpIfZero: case TOp::Move: case TOp::Store:
        add(0);
        break;
    case TOp::Interp: case TOp::InterpSlope:
        add(0);
        if (I.c >= 0)
            add(2);
        break;
    case TOp::Add: case TOp::Sub: case TOp::Mul: case TOp::Div: case TOp::Pow:
    case TOp::Lt: case TOp::Le: case TOp::Gt: case TOp::Ge: case TOp::Eq: case TOp::Ne: case TOp::And: case TOp::Or:
    case TOp::Atan2: case TOp::Min: case TOp::Max: case TOp::Mod: case TOp::Rem: case TOp::IntDiv:
        add(0);
        add(1);
        break;
    }
    return r;
}

int32_t& registerField(Instr& I, int field) { return field == 0 ? I.a : field == 1 ? I.b : I.c; }

bool writesRegister(TOp op) { return op != TOp::JumpIfZero && op != TOp::Jump && op != TOp::Store; }

namespace {

// The operands an instruction reads as registers (the others are indices into the solver's
// arrays, an exponent, a table or a jump target), as fields to rename.
struct Reads {
    std::array<int32_t*, 2> field{};
    int count = 0;
};

Reads readsOf(Instr& I)
{
    const RegisterReads fields = registerReads(I);
    Reads r;
    for (int k = 0; k < fields.count; ++k)
        r.field[static_cast<size_t>(r.count++)] = &registerField(I, fields.field[static_cast<size_t>(k)]);
    return r;
}

} // namespace

void reuseRegisters(std::vector<Instr>& code, std::vector<double>& registers, std::vector<int32_t>* constantPlaces)
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
    if (constantPlaces)
        *constantPlaces = place;
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
