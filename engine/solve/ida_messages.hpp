#pragma once
// IDA's failure codes in plain words: the user reads "the step size fell to 1e-14 s
// while the error test kept failing", not SUNDIALS' internal text.
#include <string>

namespace flange::solve {

// flag: IDA's negative return code; t and h: time and last step size; raw: IDA's own
// text, kept only for codes without a plain explanation.
std::string plainIdaFailure(int flag, double t, double h, const std::string& raw);

} // namespace flange::solve
