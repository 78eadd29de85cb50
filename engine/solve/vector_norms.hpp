#pragma once
// IDA's weighted norms over a serial N_Vector, with the additions in independent lanes.
// SUNDIALS' serial kernel keeps one running sum: every addition waits for the one before
// (about 4 cycles a value), and on a long drive line the norms of the error test and the
// Newton iteration were an eighth of integration time. Independent partial sums overlap
// and vectorise; the result differs from the one-sum order in the last bits only.
#include <nvector/nvector_serial.h>

#include <cstddef>

namespace flange::solve {

// Replaces the norm operations of v, and so of every vector IDA clones from it.
void useLaneNorms(N_Vector v);

// The largest |x[i]| into maxAbs, in lanes; false (maxAbs undefined) when some x[i] is NaN
// or infinite. For the passes of the Adams methods' right-hand side over every unknown,
// where a branch or a running maximum per value cost as much as the tape's arithmetic.
bool maxAbsIfFinite(const double* x, size_t n, double& maxAbs);
// Whether every a[i] - b[i] is finite.
bool differencesFinite(const double* a, const double* b, size_t n);

} // namespace flange::solve
