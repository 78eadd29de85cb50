#include "ui/results/row_store.hpp"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <new>
#include <utility>
#include <vector>

namespace flange::ui {

namespace {

// Large blocks given up, kept for the next store. A run's rows are written once into
// fresh memory, and first touching it (a page fault per page, and the kernel zeroing the
// page) cost as much as writing the rows: half the worker's time for Vehicle, more for a
// 1,000-inertia chain (100 MB). A re-run of the same model, the common case while
// parameters are tuned, writes the same amount: it takes the block of the run before the
// previous one (the window keeps two runs), already mapped. Bounded: one block of at
// most 256 MB (a re-run gives one back as it takes one); small blocks are left to the
// allocator, which reuses them anyway.
class BlockPool {
public:
    static constexpr size_t kSmallest = size_t{1} << 16; // values: 512 KB
    static constexpr size_t kLargest = size_t{32} << 20; // values: 256 MB
    static constexpr size_t kMostBlocks = 1;

    // A kept block of at least `values` and at most twice as many, or none.
    std::pair<double*, size_t> take(size_t values)
    {
        std::lock_guard lock(mutex_);
        for (size_t i = 0; i < blocks_.size(); ++i)
            if (blocks_[i].second >= values && blocks_[i].second / 2 <= values) {
                const auto block = blocks_[i];
                blocks_.erase(blocks_.begin() + static_cast<std::ptrdiff_t>(i));
                return block;
            }
        return {nullptr, 0};
    }

    // Keeps the block in place of the oldest kept one (the newest is the likeliest size of
    // the next run), or frees it when it is too small or too large to keep.
    void give(double* p, size_t values)
    {
        if (values >= kSmallest && values <= kLargest) {
            std::lock_guard lock(mutex_);
            if (blocks_.size() >= kMostBlocks) {
                std::free(blocks_.front().first);
                blocks_.erase(blocks_.begin());
            }
            blocks_.emplace_back(p, values);
            return;
        }
        std::free(p);
    }

private:
    std::mutex mutex_;
    std::vector<std::pair<double*, size_t>> blocks_;
};

// Never destroyed: a store may outlive any static object (the blocks stay reachable).
BlockPool& pool()
{
    static BlockPool* p = new BlockPool;
    return *p;
}

std::pair<double*, size_t> allocateRows(size_t values)
{
    values = std::max<size_t>(values, 1);
    if (values >= BlockPool::kSmallest)
        if (auto kept = pool().take(values); kept.first)
            return kept;
    void* p = std::malloc(values * sizeof(double)); // uninitialized: touched as rows are written
    if (!p)
        throw std::bad_alloc();
    return {static_cast<double*>(p), values};
}

} // namespace

void RowStore::mapColumns(size_t variables, const std::vector<int32_t>& sameAs, std::vector<int32_t>& slot,
                          std::vector<int32_t>& kept)
{
    slot.clear();
    kept.clear();
    if (sameAs.size() != variables)
        return;
    slot.resize(variables);
    for (size_t c = 0; c < variables; ++c) {
        // Only an earlier column that is kept itself can lend its memory; anything else
        // (a map that points forward, or at a repeat) keeps the column on its own.
        const auto first = static_cast<size_t>(sameAs[c]);
        if (first < c && kept[static_cast<size_t>(slot[first])] == static_cast<int32_t>(first)) {
            slot[c] = slot[first];
        } else {
            slot[c] = static_cast<int32_t>(kept.size());
            kept.push_back(static_cast<int32_t>(c));
        }
    }
    if (kept.size() == variables) { // nothing repeats: the plain layout
        slot.clear();
        kept.clear();
    }
}

size_t RowStore::keptColumns(size_t variables, const std::vector<int32_t>& sameAs)
{
    std::vector<int32_t> slot, kept;
    mapColumns(variables, sameAs, slot, kept);
    return kept.empty() ? variables : kept.size();
}

RowStore::RowStore(size_t variables, size_t capacityRows, std::vector<int32_t> sameAs)
    : variables_(variables), capacity_(capacityRows), data_(nullptr, Free{0})
{
    mapColumns(variables, sameAs, slot_, kept_);
    if (!kept_.empty())
        sameAs_ = std::move(sameAs);
    const auto [p, values] = allocateRows((keptColumns() + 1) * capacityRows);
    data_ = std::unique_ptr<double[], Free>(p, Free{values});
}

void RowStore::Free::operator()(double* p) const { pool().give(p, values); }

void RowStore::writeRows(size_t first, size_t count, const double* times, const double* rowMajor)
{
    std::copy_n(times, count, time() + first);
    for (size_t k = 0; k < keptColumns(); ++k) {
        const size_t c = kept_.empty() ? k : static_cast<size_t>(kept_[k]);
        double* to = column(c) + first;
        for (size_t r = 0; r < count; ++r)
            to[r] = rowMajor[r * variables_ + c];
    }
}

std::shared_ptr<RowStore> RowStore::grown(size_t rows, size_t capacityRows) const
{
    auto out = std::make_shared<RowStore>(variables_, capacityRows, sameAs_);
    std::copy_n(time(), rows, out->time());
    for (size_t k = 0; k < keptColumns(); ++k) {
        const size_t c = kept_.empty() ? k : static_cast<size_t>(kept_[k]);
        std::copy_n(column(c), rows, out->column(c));
    }
    return out;
}

} // namespace flange::ui
