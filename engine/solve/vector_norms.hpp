#pragma once
// IDA's weighted norms over a serial N_Vector, with the additions in independent lanes.
// SUNDIALS' serial kernel keeps one running sum: every addition waits for the one before
// (about 4 cycles a value), and on a long drive line the norms of the error test and the
// Newton iteration were an eighth of integration time. Independent partial sums overlap
// and vectorise; the result differs from the one-sum order in the last bits only.
#include <nvector/nvector_serial.h>

namespace flange::solve {

// Replaces the norm operations of v, and so of every vector IDA clones from it.
void useLaneNorms(N_Vector v);

} // namespace flange::solve
