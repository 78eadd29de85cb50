#pragma once
// flange-bench's .mat figure (issue 38): writing 10^6 rows of 100 values through the MAT
// writer against a plain fwrite of the same bytes to the same folder.
namespace flange::bench {

void matWriting(long rows = 1'000'000, int width = 100);

} // namespace flange::bench
