#pragma once
// Joins many operands with one associative operator (a sum, a product, max, min): in the
// written order while the chain is short, so that its rounding stays exactly as written,
// and pairwise from kBalanceFrom operands on, so that a sum of 100,000 terms is 17
// levels deep instead of 100,000 and no walker over it needs a deep stack. The parser
// builds written chains the same way.
#include "engine/expr/pool.hpp"

#include <cstddef>
#include <vector>

namespace flange::expr {

constexpr size_t kBalanceFrom = 32;

// join(a, b) builds one link; `empty` is the result for no operands.
template <class Join>
NodeId balancedFold(std::vector<NodeId> items, NodeId empty, Join join)
{
    if (items.empty())
        return empty;
    if (items.size() < kBalanceFrom) {
        NodeId r = items[0];
        for (size_t i = 1; i < items.size(); ++i)
            r = join(r, items[i]);
        return r;
    }
    while (items.size() > 1) {
        size_t kept = 0;
        for (size_t i = 0; i + 1 < items.size(); i += 2)
            items[kept++] = join(items[i], items[i + 1]);
        if (items.size() % 2)
            items[kept++] = items.back();
        items.resize(kept);
    }
    return items[0];
}

} // namespace flange::expr
