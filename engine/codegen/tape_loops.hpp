#pragma once
// Stretches of a tape that repeat one period of instructions, found so that native code
// can run them as a loop. A drive line of N identical sections compiles to a residual of
// N near-identical periods (the 10,000-inertia chain: 130,000 instructions, ten per
// period); as straight-line machine code that is megabytes fetched afresh on every
// evaluation, slower than the interpreter, while one period run N times fits the
// processor's instruction cache.
//
// A period qualifies when every period after the first does what the one before did:
// the same operations, loads and stores at indices that advance by a fixed stride, and
// operands that are the results of the same instructions of the same period, of the
// period before (a value carried from one iteration to the next, as a spring's torque
// acts on the inertias at both of its ends), or one value computed before the stretch,
// or a constant register one fixed step on from the period before's (each section's own
// parameter, kept as a leaf: the sections' leaves have registers at a fixed step).
// Found on the tape before register reuse, where every instruction has a register of its
// own, so that where an operand comes from is read off its register.
#include "engine/codegen/tape.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace flange::codegen {

struct TapeLoop {
    size_t start = 0, period = 0, count = 0; // instructions [start, start + period * count)

    // Where body instruction j's register operand (a, then b) comes from.
    struct Operand {
        enum class Kind : uint8_t { None, Outside, Local, Carried, Load, Strided } kind = Kind::None;
        // Local, Carried: the body instruction whose result it is; Outside: the register
        // holding the value (before reuse as found, after it once bound); Load: a value
        // loaded before the stretch, y[index + k * stride] (yp[...] where `load` is
        // LoadYp) in iteration k, which the loop loads again; Strided: the constant
        // register index + k * stride in iteration k (before reuse as found, after it once
        // bound; every Strided operand of a loop has the same stride).
        int32_t index = -1;
        TOp load = TOp::LoadY;
        int32_t stride = 0;
    };
    std::vector<Operand> a, b; // per body instruction
    std::vector<int32_t> stride; // per body instruction: the load or store index's step per period
    // Values carried from one iteration to the next: in the first iteration they come
    // from before the stretch, from `reg` (read by the first period at position, field).
    struct CarryIn {
        int32_t body = 0;
        size_t position = 0;
        int field = 0;
        int32_t reg = -1;
    };
    std::vector<CarryIn> carries;
    // After the loop, the values of the stretch the rest of the tape reads, each into the
    // register it reads them from (bind() fills in `reg`): the last iteration's result of
    // body instruction `body`, or, for a value loaded in an earlier iteration, the load
    // again (`load`: LoadY or LoadYp, `index`), which the loop no longer holds.
    struct LiveOut {
        size_t position = 0; // a reading instruction (found before reuse)
        int field = 0;       // 0: a, 1: b, 2: c
        int32_t body = -1;
        TOp load = TOp::LoadY;
        int32_t index = -1;
        int32_t reg = -1;
    };
    std::vector<LiveOut> liveOut;
};

// The stretches worth a loop (at least kMinLoopCount periods), in tape order, on `code` as
// the compiler made it (before reuseRegisters); none where more than `straightLimit`
// instructions could not be in a loop (native code's limit, NativeCode::kMostInstructions).
// Native code needs 2 × period + 2 scratch registers for the longest.
std::vector<TapeLoop> findTapeLoops(const std::vector<Instr>& code, size_t straightLimit);

// Fills in the registers of the loops' outside and strided operands, first-iteration
// carries and live-outs from `code` after reuseRegisters, which renames registers and
// never moves an instruction: a value keeps its register from where it is made to its
// last read, and the constants keep their order. False (the loops then unusable) where a
// strided operand's registers no longer step evenly, which reuse as it places constants
// never gives.
bool bindTapeLoops(std::vector<TapeLoop>& loops, const std::vector<Instr>& code);

constexpr size_t kMinLoopCount = 16;

} // namespace flange::codegen
