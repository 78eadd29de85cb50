#include "engine/codegen/tape_finisher.hpp"

#include <system_error>
#include <utility>

namespace flange::codegen {

TapeFinisher::~TapeFinisher() { stop(); }

void TapeFinisher::finish(TapeCompiler&& compiler, Tape& into)
{
    if (compiler.instructionCount() <= kLongTape || std::thread::hardware_concurrency() < 2) {
        into = compiler.finish();
        return;
    }
    if (!helper_.joinable()) {
        try {
            helper_ = std::thread([this] { work(); });
        } catch (const std::system_error&) { // no thread to be had: finish it here
            into = compiler.finish();
            return;
        }
    }
    {
        std::lock_guard lock(mutex_);
        jobs_.push_back({std::make_unique<TapeCompiler>(std::move(compiler)), &into});
    }
    jobsWaiting_.notify_one();
}

void TapeFinisher::work()
{
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            jobsWaiting_.wait(lock, [this] { return closing_ || !jobs_.empty(); });
            if (jobs_.empty())
                return; // closing, and nothing left
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        try {
            *job.into = job.compiler->finish();
        } catch (...) {
            std::lock_guard lock(mutex_);
            if (!failure_)
                failure_ = std::current_exception();
        }
    }
}

void TapeFinisher::stop()
{
    if (!helper_.joinable())
        return;
    {
        std::lock_guard lock(mutex_);
        closing_ = true;
    }
    jobsWaiting_.notify_one();
    helper_.join();
}

void TapeFinisher::wait()
{
    stop();
    closing_ = false;
    if (failure_)
        std::rethrow_exception(std::exchange(failure_, nullptr));
}

} // namespace flange::codegen
