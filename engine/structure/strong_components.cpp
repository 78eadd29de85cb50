#include "engine/structure/strong_components.hpp"

#include <algorithm>
#include <utility>

namespace flange::structure {

std::vector<std::vector<int32_t>> strongComponents(const std::vector<std::vector<int32_t>>& deps)
{
    const size_t n = deps.size();
    std::vector<int32_t> index(n, -1), low(n, 0);
    std::vector<char> onStack(n, 0);
    std::vector<int32_t> stack;
    std::vector<std::pair<int32_t, size_t>> call; // node, next edge
    std::vector<std::vector<int32_t>> blocks;
    int32_t counter = 0;
    for (size_t root = 0; root < n; ++root) {
        if (index[root] >= 0)
            continue;
        call.push_back({static_cast<int32_t>(root), 0});
        index[root] = low[root] = counter++;
        stack.push_back(static_cast<int32_t>(root));
        onStack[root] = 1;
        while (!call.empty()) {
            auto& [v, e] = call.back();
            const auto& out = deps[static_cast<size_t>(v)];
            if (e < out.size()) {
                auto w = static_cast<size_t>(out[e++]);
                if (index[w] < 0) {
                    index[w] = low[w] = counter++;
                    stack.push_back(static_cast<int32_t>(w));
                    onStack[w] = 1;
                    call.push_back({static_cast<int32_t>(w), 0});
                } else if (onStack[w]) {
                    low[static_cast<size_t>(v)] = std::min(low[static_cast<size_t>(v)], index[w]);
                }
                continue;
            }
            const auto done = static_cast<size_t>(v);
            call.pop_back();
            if (!call.empty()) {
                auto parent = static_cast<size_t>(call.back().first);
                low[parent] = std::min(low[parent], low[done]);
            }
            if (low[done] == index[done]) {
                std::vector<int32_t> block;
                int32_t w;
                do {
                    w = stack.back();
                    stack.pop_back();
                    onStack[static_cast<size_t>(w)] = 0;
                    block.push_back(w);
                } while (w != static_cast<int32_t>(done));
                blocks.push_back(std::move(block));
            }
        }
    }
    return blocks; // a component is emitted after everything it depends on
}

} // namespace flange::structure
