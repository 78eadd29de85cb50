#pragma once
// flange-bench's sweep figures (issue 36): runs per second of a 1,000-run CoupledClutches
// sweep with metrics only, on 1 and 2 jobs, beside a lone run's times.
#include "engine/library/library.hpp"

#include <filesystem>

namespace flange::bench {

void sweepThroughput(const std::filesystem::path& root, const library::Library& lib);

} // namespace flange::bench
