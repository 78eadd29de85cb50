#pragma once
// A tape translated to x86-64 machine code when it is built: each load, store, jump and
// plain arithmetic instruction becomes two or three SSE2 instructions on the register
// file, and every other operation a call to the interpreter's own code for it
// (Tape::runOne), so the two agree bit for bit. Without the interpreter's fetch, decode and
// indirect jump per instruction, a residual runs several times faster
// (docs/performance.md, "Native code for the tapes").
//
// The code is position-independent of the Tape it came from: it receives the tape, its
// inputs and its registers as arguments, so copies of a Tape share it. Where executable
// memory cannot be had (not x86-64, a system that refuses it) compile() returns null and
// the tape is interpreted.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace flange::codegen {

struct Instr;
struct TapeInputs;
struct TapeLoop;
class Tape;

class NativeCode {
public:
    // Longer tapes stay interpreted. Straight-line code is fetched afresh on every run, and
    // past some hundreds of kilobytes the processor fetches it more slowly than the
    // interpreter streams its 20-byte instructions: on the inertia chain the native
    // residual was 10 % faster at 13,000 instructions, even at 26,000 and slower beyond
    // (docs/performance.md).
    static constexpr size_t kMostInstructions = 16384;

    // loops: stretches of `code` to run as loops (tape_loops.hpp), bound to its registers;
    // their scratch registers start at `scratch` (2 × the longest period of them + 2), which
    // the tape's register file must hold. The limit above counts a loop's body once.
    // (No default for loops: TapeLoop is incomplete here, and clang rejects a default then.)
    static std::shared_ptr<const NativeCode> compile(const std::vector<Instr>& code, const std::vector<TapeLoop>& loops,
                                                     int32_t scratch);
    NativeCode(const NativeCode&) = delete;
    NativeCode& operator=(const NativeCode&) = delete;
    ~NativeCode();

    void run(const TapeInputs& in, double* registers, const Tape& tape) const { entry_(&in, registers, &tape); }
    size_t bytes() const { return size_; }

    // Off for the whole process (FLANGE_INTERPRET=1 in the environment, or a test or a
    // benchmark comparing the two): tapes built afterwards are interpreted.
    static void setEnabled(bool on);
    static bool enabled();

private:
    using Entry = void (*)(const TapeInputs*, double*, const Tape*);
    NativeCode(void* memory, size_t size);
    void* memory_ = nullptr;
    size_t size_ = 0;
    Entry entry_ = nullptr;
};

} // namespace flange::codegen
