#pragma once
// Finishing a long tape (its loop search, register reuse and machine code) needs nothing
// but the tape: not the expression pool, which translation keeps growing. So a long tape
// is finished on a helper thread while the calling thread goes on with the next tapes'
// symbolic work (the 10,000-inertia chain: 30-60 ms of its tapes' finishing off the
// translation's path, docs/performance.md). Short tapes, every MSL example's, are
// finished at once: a thread would cost more than it saves.
#include "engine/codegen/native_code.hpp"
#include "engine/codegen/tape_compiler.hpp"

#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

namespace flange::codegen {

class TapeFinisher {
public:
    TapeFinisher() = default;
    TapeFinisher(const TapeFinisher&) = delete;
    TapeFinisher& operator=(const TapeFinisher&) = delete;
    // Waits for the helper, so that no thread outlives the tapes it writes (a translation
    // that throws half-way leaves none behind). What the helper threw is then dropped.
    ~TapeFinisher();

    // Puts compiler's finished tape in into, now or later on the helper; until wait()
    // returns, into belongs to the helper and must be neither read nor written.
    void finish(TapeCompiler&& compiler, Tape& into);
    // Every tape in its place; rethrows the first failure of a finish on the helper.
    void wait();

    // Tapes longer than this are finished on the helper: those whose loop search runs.
    static constexpr size_t kLongTape = NativeCode::kMostInstructions;

private:
    struct Job {
        std::unique_ptr<TapeCompiler> compiler;
        Tape* into;
    };
    void work();
    void stop();

    std::mutex mutex_;
    std::condition_variable jobsWaiting_;
    std::deque<Job> jobs_;
    bool closing_ = false;
    std::exception_ptr failure_;
    std::thread helper_;
};

} // namespace flange::codegen
