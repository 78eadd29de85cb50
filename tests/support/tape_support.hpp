#pragma once
// Running a tape in a test: y in, the first output array out (pre-filled with -1, so an
// output the tape never writes shows).
#include "engine/codegen/tape.hpp"

#include <vector>

namespace flange::test {

inline std::vector<double> runTape(const codegen::Tape& tape, const std::vector<double>& y, size_t outputs)
{
    std::vector<double> registers = tape.workspace();
    std::vector<double> out(outputs, -1.0);
    codegen::TapeInputs in;
    in.y = y.data();
    in.out[0] = out.data();
    tape.run(in, registers.data());
    return out;
}

} // namespace flange::test
