#pragma once
// Register reuse for a compiled tape. The compiler gives every instruction a register of
// its own, which is simple and lets common subexpressions be shared, but makes the register
// file as long as the tape: for a drive line of 10,000 inertias the residual's registers
// were a megabyte written and read on every evaluation, out of the cache. Reusing a
// register once its value has been read for the last time keeps the file to the values
// live at one time (a few dozen for a chain), so an evaluation streams the code alone.
#include "engine/codegen/tape.hpp"

#include <array>
#include <vector>

namespace flange::codegen {

// The fields an instruction reads as registers (0: a, 1: b, 2: c), in order; the others
// are indices into the solver's arrays, an exponent, a table or a jump target.
struct RegisterReads {
    std::array<int, 2> field{};
    int count = 0;
};
RegisterReads registerReads(const Instr& I);
int32_t& registerField(Instr& I, int field);
inline int32_t registerField(const Instr& I, int field) { return field == 0 ? I.a : field == 1 ? I.b : I.c; }
bool writesRegister(TOp op);

// Renumbers the registers of `code` in place. `registers` holds the initial register file
// (constants and memo blocks at their indices, zeros for work registers) and is replaced by
// the compacted one: the registers no instruction writes (constants, memos) first, in their
// order, then the work registers. Jumps only go forward (if-branches),
// so a value whose last read in tape order has passed is dead on every path.
// constantPlaces, if given: each register's place in the new file where no instruction
// writes it (a constant, a parameter, a memo), else -1.
void reuseRegisters(std::vector<Instr>& code, std::vector<double>& registers,
                    std::vector<int32_t>* constantPlaces = nullptr);

} // namespace flange::codegen
