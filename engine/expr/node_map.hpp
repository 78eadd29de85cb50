#pragma once
// A map from node ids to values held in arrays indexed by id, cleared in O(1) by an epoch
// counter: the passes that rewrite or inspect every equation of a large model reuse one
// of these instead of allocating a hash map per equation.
#include "engine/expr/pool.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace flange::expr {

template <class T>
class NodeMap {
public:
    bool contains(NodeId id) const
    {
        return static_cast<size_t>(id) < stamps_.size() && stamps_[static_cast<size_t>(id)] == epoch_;
    }
    size_t count(NodeId id) const { return contains(id) ? 1 : 0; }
    const T& at(NodeId id) const { return values_[static_cast<size_t>(id)]; } // only where contains(id)
    void set(NodeId id, T value)
    {
        const auto i = static_cast<size_t>(id);
        if (i >= stamps_.size()) {
            const size_t size = std::max(i + 1, stamps_.size() * 2);
            stamps_.resize(size, 0);
            values_.resize(size);
        }
        stamps_[i] = epoch_;
        values_[i] = value;
    }
    void erase(NodeId id)
    {
        if (contains(id))
            stamps_[static_cast<size_t>(id)] = 0;
    }
    void clear()
    {
        if (++epoch_ == 0) { // wrapped: old stamps could match again
            std::fill(stamps_.begin(), stamps_.end(), 0);
            epoch_ = 1;
        }
    }

private:
    std::vector<uint32_t> stamps_;
    std::vector<T> values_;
    uint32_t epoch_ = 1;
};

} // namespace flange::expr
