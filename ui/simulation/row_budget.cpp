#include "ui/simulation/row_budget.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace flange::ui {

namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

std::string readableBytes(std::size_t bytes)
{
    char buf[32];
    if (bytes >= 1024 * kMiB)
        std::snprintf(buf, sizeof buf, "%.1f GB", static_cast<double>(bytes) / static_cast<double>(1024 * kMiB));
    else
        std::snprintf(buf, sizeof buf, "%zu MB", bytes / kMiB);
    return buf;
}

} // namespace

std::size_t defaultRowMemory()
{
    const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    const std::size_t physical =
        pages > 0 && pageSize > 0 ? static_cast<std::size_t>(pages) * static_cast<std::size_t>(pageSize) : 0;
    return std::clamp(physical / 8, 256 * kMiB, 4096 * kMiB);
}

SimulationOptions withinRowMemory(SimulationOptions options, std::size_t bytes, std::size_t columns)
{
    const long rows = static_cast<long>(std::max<std::size_t>(2, bytes / (sizeof(double) * std::max<std::size_t>(1, columns))));
    if (options.maxRows <= 0 || rows < options.maxRows) {
        options.maxRows = rows;
        options.limitAdvice.rows = "the window keeps " + readableBytes(bytes) + " of results per run, " +
                                   std::to_string(rows) + " rows of this model's " + std::to_string(columns) +
                                   " columns";
    }
    return options;
}

} // namespace flange::ui
