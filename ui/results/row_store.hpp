#pragma once
// The rows of a run, column by column (time first), in one block sized for a number of
// rows. The worker writes each row into it once; the window reads the same memory, so a
// row is never copied between them. Rows below the count handed to the window are never
// written again: the worker only appends beyond it, and a store that fills up is
// replaced by a larger copy (the window keeps reading the old one until it takes the new
// one with the next batch). The block is left uninitialized, and a large block given
// up is kept for the next store of a similar size (row_store.cpp says why).
//
// A column that always holds the same value as an earlier one (an alias, as the engine's
// columnsWithSameValues tells) is kept once: its column() is the earlier one's memory. A
// third to more than half of a model's columns are such repeats, and every value kept is
// written, and its page faulted in, on the worker's time.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace flange::ui {

class RowStore {
public:
    // sameAs: for each variable, the first variable always holding the same value (itself
    // when none does); empty: every variable is kept.
    RowStore(size_t variables, size_t capacityRows, std::vector<int32_t> sameAs = {});

    size_t variables() const { return variables_; }
    size_t capacity() const { return capacity_; }
    double* time() { return data_.get(); }
    const double* time() const { return data_.get(); }
    double* column(size_t c) { return data_.get() + (slot(c) + 1) * capacity_; }
    const double* column(size_t c) const { return data_.get() + (slot(c) + 1) * capacity_; }
    // Columns kept in memory (variables() less the repeated ones).
    size_t keptColumns() const { return kept_.empty() ? variables_ : kept_.size(); }
    // The same for a store that would be made with this map (sizing it beforehand).
    static size_t keptColumns(size_t variables, const std::vector<int32_t>& sameAs);

    // Writes `count` rows from row `first` on (first + count <= capacity): their times and,
    // row-major, one value per variable for each. Column by column, so that each column's
    // values land together: one row at a time would touch a page per variable per row,
    // which for a wide model (19,000 variables) is a TLB miss per value.
    void writeRows(size_t first, size_t count, const double* times, const double* rowMajor);
    // How many rows writers gather before writeRows: the block's rows stay in cache while
    // each column takes its values from them.
    static constexpr size_t kBlockRows = 32;

    // A store of `capacityRows` rows holding the first `rows` rows of this one.
    std::shared_ptr<RowStore> grown(size_t rows, size_t capacityRows) const;

private:
    size_t slot(size_t c) const { return slot_.empty() ? c : static_cast<size_t>(slot_[c]); }
    // slot and kept (below) for a map; both empty when nothing repeats or the map does not fit.
    static void mapColumns(size_t variables, const std::vector<int32_t>& sameAs, std::vector<int32_t>& slot,
                           std::vector<int32_t>& kept);

    struct Free {
        size_t values = 0; // the block's size, which may exceed what the store uses
        void operator()(double* p) const;
    };
    size_t variables_, capacity_;
    std::vector<int32_t> sameAs_; // as given (empty: none repeat)
    std::vector<int32_t> slot_;   // variable -> kept column (empty: the variable itself)
    std::vector<int32_t> kept_;   // kept column -> the variable whose values it holds
    std::unique_ptr<double[], Free> data_;
};

} // namespace flange::ui
